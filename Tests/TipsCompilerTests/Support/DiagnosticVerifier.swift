import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Checks a fixture's diagnostics against expectations written in the
/// fixture itself, in the style of clang's `-verify` and rustc's UI tests.
///
/// An expectation is a line comment after the offending code, or on a line
/// of its own with a relative line:
///
///     title 42   // expected-error {{expected a string after 'title'}}
///     // expected-error@+1 {{unknown tip item 'titel'; did you mean 'title'?}}
///     titel "Hi"
///     rule a & b   // expected-error:12 {{unexpected character '&'; did you mean '&&'?}}
///     // expected-error@-4:5 {{first}} expected-warning@-4 {{second}}
///
/// - `expected-error`, `expected-warning` or `expected-note`;
/// - optionally `@+N` / `@-N` (relative to the comment's line) or `@N` (an
///   absolute line);
/// - optionally `:C`, the 1-based column in Unicode scalars (otherwise any
///   column on that line matches);
/// - the whole message, exactly, between `{{` and `}}`.
///
/// Several expectations may share one comment. Every diagnostic the pipeline
/// reports must be expected and every expectation must be met. Notes that have
/// a range are checked only when the fixture contains at least one
/// `expected-note`, so fixtures that do not care about notes stay short.
///
/// Reuse: pass any pipeline, e.g. parse then check for semantic fixtures:
///
///     DiagnosticVerifier.check(fixture: url) { sources, file in
///         var engine = DiagnosticEngine()
///         let syntax = Parser.parse(sources[file], diagnostics: &engine)
///         ... // run more stages into `engine`
///         return engine.reported
///     }
struct DiagnosticVerifier {
    /// A pipeline: given the sources and the fixture's id, returns every diagnostic.
    typealias Pipeline = (SourceManager, FileID) -> [Diagnostic]

    /// One expectation read from a fixture.
    struct Expectation: Hashable {
        var severity: Severity
        var line: Int
        var column: Int?
        var message: String
    }

    /// One diagnostic (or note) as reported, resolved to a line and column.
    struct Actual: Hashable {
        var severity: Severity
        var path: String
        var line: Int
        var column: Int
        var message: String
    }

    /// The result of verifying one fixture.
    struct Result {
        /// Expectations that no diagnostic met.
        var missing: [Expectation] = []
        /// Diagnostics that no expectation covered.
        var unexpected: [Actual] = []
        /// Expectation comments that could not be read.
        var malformed: [String] = []

        /// Whether everything matched.
        var isClean: Bool { missing.isEmpty && unexpected.isEmpty && malformed.isEmpty }

        /// One human-readable line per problem, in line order.
        func problems(path: String) -> [String] {
            var lines: [(Int, String)] = []
            for item in missing {
                let column = item.column.map { ":\($0)" } ?? ""
                lines.append((item.line, "\(path):\(item.line)\(column): missing \(item.severity): \(item.message)"))
            }
            for item in unexpected {
                lines.append(
                    (
                        item.line,
                        "\(item.path):\(item.line):\(item.column): unexpected \(item.severity): \(item.message)"
                    ))
            }
            return malformed + lines.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    // MARK: - Reading expectations

    /// Reads every expectation in `file`; unreadable comments go to `malformed`.
    static func expectations(in file: SourceFile) -> (expectations: [Expectation], malformed: [String]) {
        var expectations: [Expectation] = []
        var malformed: [String] = []
        for line in 1...file.lineStarts.count {
            let text = file.lineText(line)
            guard let comment = text.range(of: "//") else { continue }
            var rest = Substring(text[comment.upperBound...])
            while let marker = rest.range(of: "expected-") {
                rest = rest[marker.upperBound...]
                switch parseExpectation(&rest, commentLine: line) {
                case .success(let expectation): expectations.append(expectation)
                case .failure(let problem): malformed.append("\(file.path):\(line): \(problem.description)")
                }
            }
        }
        return (expectations, malformed)
    }

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `error@+1:12 {{message}}` (the text after `expected-`) and advances `rest` past it.
    static func parseExpectation(_ rest: inout Substring, commentLine: Int) -> Swift.Result<Expectation, Problem> {
        let severities: [(String, Severity)] = [("error", .error), ("warning", .warning), ("note", .note)]
        guard let (word, severity) = severities.first(where: { rest.hasPrefix($0.0) }) else {
            return .failure(Problem(description: "malformed expectation: use expected-error, -warning or -note"))
        }
        rest = rest.dropFirst(word.count)
        var line = commentLine
        if rest.first == "@" {
            rest = rest.dropFirst()
            var sign = 0
            if rest.first == "+" { sign = 1 } else if rest.first == "-" { sign = -1 }
            if sign != 0 { rest = rest.dropFirst() }
            guard let number = takeNumber(&rest) else {
                return .failure(Problem(description: "malformed expectation: expected a line after '@'"))
            }
            line = sign == 0 ? number : commentLine + sign * number
        }
        var column: Int?
        if rest.first == ":" {
            rest = rest.dropFirst()
            guard let number = takeNumber(&rest) else {
                return .failure(Problem(description: "malformed expectation: expected a column after ':'"))
            }
            column = number
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.hasPrefix("{{"), var close = rest.range(of: "}}") else {
            return .failure(Problem(description: "malformed expectation: expected {{message}}"))
        }
        // A message may end in `}`: the expectation ends at the last of a run of braces.
        while close.upperBound < rest.endIndex, rest[close.upperBound] == "}" {
            close = rest.index(after: close.lowerBound)..<rest.index(after: close.upperBound)
        }
        let message = String(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
        rest = rest[close.upperBound...]
        return .success(Expectation(severity: severity, line: line, column: column, message: message))
    }

    static func takeNumber(_ rest: inout Substring) -> Int? {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        return number
    }

    // MARK: - Verifying

    /// Runs `pipeline` over the fixture `bytes` (added to a fresh source
    /// manager as `path`) and compares its diagnostics with the expectations.
    static func verify(path: String, bytes: [UInt8], pipeline: Pipeline) -> Result {
        var sources = SourceManager()
        let file = sources.add(path: path, bytes: bytes)
        let (expected, malformed) = expectations(in: file)
        var collected = Collected(checksNotes: expected.contains { $0.severity == .note })
        collected.collect(pipeline(sources, file.id), in: sources)
        var result = Result(malformed: malformed)
        var remaining = expected
        for item in collected.actual {
            let index = remaining.firstIndex { expectation in
                item.path == path && expectation.severity == item.severity && expectation.line == item.line
                    && expectation.message == item.message && (expectation.column ?? item.column) == item.column
            }
            if let index {
                remaining.remove(at: index)
            } else {
                result.unexpected.append(item)
            }
        }
        result.missing = remaining
        return result
    }

    /// The tests' diagnostic collector: every diagnostic (and, when the
    /// fixture expects notes, every placed note) resolved to a line and column.
    struct Collected: DiagnosticCollector {
        var checksNotes: Bool
        var actual: [Actual] = []

        mutating func collect(_ diagnostics: [Diagnostic], in sources: SourceManager) {
            for diagnostic in diagnostics {
                actual.append(resolve(diagnostic.severity, diagnostic.message, diagnostic.range, sources))
                guard checksNotes else { continue }
                for note in diagnostic.notes {
                    if let range = note.range { actual.append(resolve(.note, note.message, range, sources)) }
                }
            }
        }

        private func resolve(_ severity: Severity, _ message: String, _ range: SourceRange, _ sources: SourceManager)
            -> Actual
        {
            let file = sources[range.file]
            let position = file.lineColumn(of: range.start)
            return Actual(
                severity: severity, path: file.path, line: position.line, column: position.column, message: message)
        }
    }

    /// Verifies the fixture at `url` and records one test issue per missing,
    /// unexpected or malformed expectation.
    static func check(
        fixture url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation, pipeline: Pipeline
    ) {
        guard let data = try? Data(contentsOf: url) else {
            Issue.record("cannot read fixture \(url.path)", sourceLocation: sourceLocation)
            return
        }
        let path = url.lastPathComponent
        let result = verify(path: path, bytes: Array(data), pipeline: pipeline)
        for problem in result.problems(path: path) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }

    /// The syntax-only pipeline: lexing and parsing.
    static func parsing(_ sources: SourceManager, _ file: FileID) -> [Diagnostic] {
        var engine = DiagnosticEngine()
        _ = Parser.parse(sources[file], diagnostics: &engine)
        return engine.reported
    }
}
