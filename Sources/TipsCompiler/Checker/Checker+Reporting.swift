// How the checker reports: into the sink it was given, through one type that
// stamps each diagnostic with the declaration it belongs to, and tells each
// check whether it reported an error, so that no check reads the sink to
// learn whether it failed.

import TipsSyntax

/// The checker's side of the diagnostics sink: the engine the checker was
/// given, the declaration being checked (every diagnostic's ``Diagnostic/owner``),
/// and whether an error was reported since the innermost
/// ``Checker/checking(as:_:)`` began.
struct CheckerReporter: Sendable {
    /// The sink the checker was given (or, for work done at the same time, one of its own, merged in order).
    var sink: DiagnosticEngine
    /// The declaration, or the part of one, being checked.
    fileprivate(set) var owner: Symbol?
    /// Whether an error was reported since the innermost ``Checker/checking(as:_:)`` began.
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
        var diagnostic = diagnostic
        diagnostic.owner = owner
        if diagnostic.severity == .error { reportedError = true }
        sink.report(diagnostic)
    }
}

extension Checker {
    /// What ``beginChecking(as:)`` replaced in the reporter, for ``endChecking(_:)`` to put back.
    struct CheckingScope {
        fileprivate let outerReportedError: Bool
        fileprivate let outerOwner: Symbol?
    }

    /// Runs `check`, what it reports belonging to `owner` (when given), and
    /// returns its result and whether it reported an error. A check that
    /// reads on past a mistake (`opened.count()` read as `opened.count`)
    /// still returns what it read; this says it had to.
    mutating func checking<T>(as owner: Symbol? = nil, _ check: (inout Checker) -> T) -> (result: T, failed: Bool) {
        let scope = beginChecking(as: owner)
        let result = check(&self)
        return (result, endChecking(scope))
    }

    /// Runs `check`, what it reports belonging to `owner`.
    @discardableResult
    mutating func reporting<T>(as owner: Symbol, _ check: (inout Checker) -> T) -> T {
        checking(as: owner, check).result
    }

    /// Begins what ``checking(as:_:)`` runs in, for a check that cannot be
    /// a closure: one that reads values the closure would copy to capture
    /// them. Each begin is matched by an ``endChecking(_:)`` given its scope.
    mutating func beginChecking(as owner: Symbol?) -> CheckingScope {
        let scope = CheckingScope(outerReportedError: diagnostics.reportedError, outerOwner: diagnostics.owner)
        diagnostics.reportedError = false
        if let owner { diagnostics.owner = owner }
        return scope
    }

    /// Ends what `scope` began; returns whether an error was reported within it.
    mutating func endChecking(_ scope: CheckingScope) -> Bool {
        let failed = diagnostics.reportedError
        diagnostics.reportedError = scope.outerReportedError || failed
        diagnostics.owner = scope.outerOwner
        return failed
    }
}
