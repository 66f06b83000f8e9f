#!/usr/bin/env python3
"""Checks that every symbol link in the DocC catalog's articles rendered as
the symbol it names, and that every top-level symbol is under a topic.

docc resolves a link such as ``Tips/showTipsForTesting(_:)-(wrong)`` to the
page `Tips` without a warning, so the page shows a second "enum Tips" where
the function was meant. This compares, article by article and in order, the
last component of each ``link`` written in the Markdown with the page it
rendered as.

    .ci/docs-links.py <catalog directory> <doccarchive directory>
"""
import json
import re
import sys
from pathlib import Path

LINK = re.compile(r"``([^`]+)``")
FENCE = re.compile(r"^```.*?^```", re.MULTILINE | re.DOTALL)


def written_links(markdown: str) -> list[str]:
    """The symbol links of an article, in order, outside code listings."""
    text = FENCE.sub("", markdown)
    # The first line names the page (``TipsRuntime``): not a link to check.
    lines = text.split("\n")
    if lines and lines[0].startswith("# ``"):
        lines = lines[1:]
    return LINK.findall("\n".join(lines))


def rendered_links(page: dict) -> list[str]:
    """The symbol pages an article links to, in reading order."""
    found: list[str] = []

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "reference":
                found.append(node["identifier"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(page.get("abstract", []))
    walk(page.get("primaryContentSections", []))
    for section in page.get("topicSections", []):
        if not section.get("generated"):
            found.extend(section.get("identifiers", []))
    references = page.get("references", {})
    return [ref for ref in found if references.get(ref, {}).get("kind") == "symbol"]


def last_name(path: str) -> str:
    """`Tips/showTipsForTesting(_:)-([String])` → `showtipsfortesting`."""
    name = path.rstrip("/").split("/")[-1]
    return re.split(r"[-(]", name, maxsplit=1)[0].lower()


def main() -> int:
    catalog, archive = Path(sys.argv[1]), Path(sys.argv[2])
    module = "tipsruntime"
    failures = []
    for article in sorted(catalog.glob("*.md")):
        name = article.stem.lower()
        json_path = archive / "data/documentation" / (
            f"{module}.json" if name == module else f"{module}/{name}.json")
        page = json.loads(json_path.read_text())
        for section in page.get("topicSections", []):
            if section.get("generated"):
                names = ", ".join(ref.split("/")[-1] for ref in section.get("identifiers", []))
                failures.append(f"{article.name}: under no topic: {names}")
        written = written_links(article.read_text())
        rendered = rendered_links(page)
        if len(written) != len(rendered):
            failures.append(f"{article.name}: {len(written)} symbol links written, {len(rendered)} rendered")
            continue
        for link, identifier in zip(written, rendered):
            if last_name(link) != last_name(identifier):
                failures.append(f"{article.name}: ``{link}`` rendered as {identifier}")
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
