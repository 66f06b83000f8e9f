// How the checker reports: into the sink it was given, through one type that
// also tells each check whether it reported an error, so that no check reads
// the sink to learn whether it failed.

import TipsSyntax

/// The checker's side of the diagnostics sink: the engine the checker was
/// given, and whether an error was reported since the innermost
/// ``Checker/checking(_:)`` began.
struct CheckerReporter: Sendable {
    /// The sink the checker was given (or, for work done at the same time, one of its own, merged in order).
    var sink: DiagnosticEngine
    /// Whether an error was reported since the innermost ``Checker/checking(_:)`` began.
    fileprivate(set) var reportedError = false

    init(sink: DiagnosticEngine) {
        self.sink = sink
    }

    /// Reports an error.
    mutating func error(
        _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        report(Diagnostic(.error, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Reports an error whose message names `replacement` (when there is one)
    /// as the text to write in place of `range`: that is its fix-it.
    mutating func error(_ message: String, at range: SourceRange, replacing replacement: String?) {
        error(message, at: range, suggesting: Suggestion(phrase: "", replacement: replacement))
    }

    /// Reports an error whose message ends with `suggestion`, carrying its fix-it for `range`.
    mutating func error(_ message: String, at range: SourceRange, suggesting suggestion: Suggestion) {
        error(message + suggestion.phrase, at: range, fixIts: suggestion.fixIts(at: range))
    }

    /// Reports a warning.
    mutating func warning(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
        report(Diagnostic(.warning, message, at: range, notes: notes))
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { reportedError = true }
        sink.report(diagnostic)
    }
}

extension Checker {
    /// Runs `check`, and returns its result and whether it reported an
    /// error. A check that reads on past a mistake (`opened.count()` read as
    /// `opened.count`) still returns what it read; this says it had to.
    mutating func checking<T>(_ check: (inout Checker) -> T) -> (result: T, failed: Bool) {
        let outer = diagnostics.reportedError
        diagnostics.reportedError = false
        let result = check(&self)
        let failed = diagnostics.reportedError
        diagnostics.reportedError = outer || failed
        return (result, failed)
    }
}
