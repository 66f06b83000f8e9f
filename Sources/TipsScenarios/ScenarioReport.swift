import TipsCompiler
import TipsSyntax

/// What `tipc test` prints, and its JUnit XML report.
package struct ScenarioReport {
    let sources: SourceManager
    let outcomes: [ScenarioOutcome]

    package init(sources: SourceManager, outcomes: [ScenarioOutcome]) {
        self.sources = sources
        self.outcomes = outcomes
    }

    package var passed: Int { outcomes.filter(\.passed).count }
    package var failed: Int { outcomes.count - passed }

    /// One line per scenario, each failed step under its scenario, then `N
    /// passed, M failed`. Text from the input (names, values) has its
    /// control characters escaped: this goes to a terminal.
    package var text: String {
        var out = ""
        for outcome in outcomes {
            out += "\(outcome.passed ? "PASS" : "FAIL")  \(outcome.name.escapingControlCharacters)\n"
            for failure in outcome.failures { out += lines(failure, escaped: true) }
            for warning in outcome.warnings {
                out += "    TipsRuntime: warning: \(warning.escapingControlCharacters)\n"
            }
        }
        out += "\(passed) passed, \(failed) failed\n"
        return out
    }

    /// A failed step: the diagnostic at the step, then the runtime's
    /// explanation indented under it; each line with its control characters
    /// escaped when `escaped`.
    func lines(_ failure: ScenarioFailure, escaped: Bool = false) -> String {
        let escape = { (line: String) in escaped ? line.escapingControlCharacters : line }
        var out = escape(diagnostic(failure)) + "\n"
        if let note = failure.repeatNote { out += "    \(note)\n" }
        for line in failure.explanation { out += "    \(escape(line))\n" }
        return out
    }

    func diagnostic(_ failure: ScenarioFailure) -> String {
        let file = sources[failure.range.file]
        return "\(file.path):\(file.lineColumn(of: failure.range.start)): error: \(failure.message)"
    }

    /// A `testsuite` per file that declares a scenario that ran, a `testcase` per scenario,
    /// a `failure` whose message is the first failed step and whose text is every failed step.
    package var junitXML: String {
        var suites: [(file: FileID, outcomes: [ScenarioOutcome])] = []
        for outcome in outcomes {
            if let index = suites.firstIndex(where: { $0.file == outcome.file }) {
                suites[index].outcomes.append(outcome)
            } else {
                suites.append((outcome.file, [outcome]))
            }
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"tipc test\" tests=\"\(outcomes.count)\" failures=\"\(failed)\">\n"
        for suite in suites {
            let path = Self.escaped(sources[suite.file].path)
            let failures = suite.outcomes.filter { !$0.passed }.count
            out += "  <testsuite name=\"\(path)\" tests=\"\(suite.outcomes.count)\" failures=\"\(failures)\">\n"
            for outcome in suite.outcomes {
                let name = Self.escaped(outcome.name)
                guard let first = outcome.failures.first else {
                    out += "    <testcase classname=\"\(path)\" name=\"\(name)\"/>\n"
                    continue
                }
                out += "    <testcase classname=\"\(path)\" name=\"\(name)\">\n"
                let text = outcome.failures.map { lines($0) }.joined()
                out += "      <failure message=\"\(Self.escaped(diagnostic(first)))\">"
                out += Self.escaped(text, inAttribute: false)
                out += "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    /// Text safe in an XML attribute (line breaks and tabs as references) or element.
    static func escaped(_ text: String, inAttribute: Bool = true) -> String {
        text.escapingMarkup(inAttribute ? .xmlAttribute : .xmlElement)
    }
}
