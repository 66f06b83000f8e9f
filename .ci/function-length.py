#!/usr/bin/env python3
"""Fails when a function, operator, initializer, deinitializer, subscript or
computed property in Sources/ runs over 60 lines, from its first line to its
closing brace (the house rule in docs/Architecture.md). Braces in comments
and string literals (multi-line ones included) are not counted."""
import os
import re
import sys

LIMIT = int(os.environ.get("FUNCTION_LINES", "60"))
DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|private|fileprivate|internal|package|open|static|class|final|override|mutating|"
    r"nonmutating|nonisolated|convenience|required|dynamic|indirect|consuming|borrowing|prefix|postfix|infix|lazy|weak)"
    r"(?:\([^)]*\))?\s+)*"
    r"(?:func\s|init\s*[(<?!]|deinit\b|subscript\s*[(<]"
    # A computed property: `var name: Type {` with its body on the lines below.
    r"|var\s+`?\w+`?\s*:[^=]*\{\s*$)"
)
NOT_SIGNATURE = re.compile(r"^\s*(?:///|}|(?:(?:public|private|package|static)\s+)*(?:var|let|case|associatedtype)\s)")
STRING = re.compile(r'#*"(?:[^"\\]|\\.)*"#*')


def code_lines(text):
    """Each line with comments and string literals blanked, so that only code braces remain."""
    in_block_string = False
    in_comment = 0
    for line in text.split("\n"):
        if in_block_string:
            if '"""' in line:
                in_block_string = False
                line = line[line.index('"""') + 3 :]
            else:
                yield ""
                continue
        if '"""' in line:
            before = line[: line.index('"""')]
            after = line[line.index('"""') + 3 :]
            if '"""' not in after:
                in_block_string = True
            line = before
        line = STRING.sub('""', line)
        out = []
        index = 0
        while index < len(line):
            pair = line[index : index + 2]
            if in_comment:
                if pair == "*/":
                    in_comment -= 1
                    index += 2
                    continue
                if pair == "/*":
                    in_comment += 1
                    index += 2
                    continue
                index += 1
                continue
            if pair == "//":
                break
            if pair == "/*":
                in_comment += 1
                index += 2
                continue
            out.append(line[index])
            index += 1
        yield "".join(out)


def long_functions(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    raw = text.split("\n")
    code = list(code_lines(text))
    for start, line in enumerate(code):
        if not DECLARATION.match(raw[start]):
            continue
        depth, opened = 0, False
        for end in range(start, min(len(code), start + 2_000)):
            for character in code[end]:
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                length = end - start + 1
                if length > LIMIT:
                    yield start + 1, length, raw[start].strip()
                break
            # A protocol requirement has no body: the next declaration comes first.
            if not opened and end > start and (DECLARATION.match(raw[end]) or NOT_SIGNATURE.match(raw[end])):
                break


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "Sources"
    found = []
    for directory, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                found += [(path, *entry) for entry in long_functions(path)]
    for path, line, length, text in sorted(found):
        print(f"{path}:{line}: {length} lines (at most {LIMIT}): {text}")
    if found:
        sys.exit(1)
    print(f"no function in {root} runs over {LIMIT} lines")


if __name__ == "__main__":
    main()
