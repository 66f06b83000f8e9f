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
    /// The item of the tip ``owner`` names that is being checked, if one is:
    /// its symbol is made only for a report, not for every item (a symbol
    /// holds the tip's name: saves 60,000 retains and as many releases on 10,000 tips).
    fileprivate(set) var item: TipItemPlace?
    /// Whether an error was reported since the innermost ``Checker/checking(as:_:)`` began.
    fileprivate(set) var reportedError = false
    /// Whether reports are dropped (an error still counts as reported):
    /// while a rule cut short by a syntax error is checked for the names it
    /// uses, since its types would judge part of what was meant.
    var isSilenced = false

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

    /// Whether an error reported now would not be read: the checker is
    /// silenced, or the sink is past its limit
    /// (``DiagnosticEngine/dropsErrorMessages``). Its reporter may then
    /// count it with ``reportDroppedError(at:)`` rather than look for a
    /// "did you mean" among every declared name to put in it.
    var dropsErrorMessages: Bool { isSilenced || sink.dropsErrorMessages }

    /// Counts an error whose message is not read (see ``dropsErrorMessages``)
    /// as reporting it would.
    mutating func reportDroppedError(at range: SourceRange) {
        reportedError = true
        guard !isSilenced else { return }
        sink.reportDroppedError(at: range)
    }

    /// Reports a warning.
    mutating func warning(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
        report(Diagnostic(.warning, message, at: range, notes: notes))
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if let item, case .tip(let tip) = owner {
            diagnostic.owner = item.symbol(tip: tip)
        } else {
            diagnostic.owner = owner
        }
        if diagnostic.severity == .error { reportedError = true }
        guard !isSilenced else { return }
        sink.report(diagnostic)
    }
}

extension Checker {
    /// Runs `check`, what it reports belonging to `owner` (when given), and
    /// returns its result and whether it reported an error. A check that
    /// reads on past a mistake (`opened.count()` read as `opened.count`)
    /// still returns what it read; this says it had to.
    mutating func checking<T>(as owner: Symbol? = nil, _ check: (inout Checker) -> T) -> (result: T, failed: Bool) {
        let (outer, outerOwner, outerItem) = (diagnostics.reportedError, diagnostics.owner, diagnostics.item)
        diagnostics.reportedError = false
        if let owner { (diagnostics.owner, diagnostics.item) = (owner, nil) }
        let result = check(&self)
        let failed = diagnostics.reportedError
        diagnostics.reportedError = outer || failed
        (diagnostics.owner, diagnostics.item) = (outerOwner, outerItem)
        return (result, failed)
    }

    /// Runs `check`, what it reports belonging to `owner`.
    @discardableResult
    mutating func reporting<T>(as owner: Symbol, _ check: (inout Checker) -> T) -> T {
        checking(as: owner, check).result
    }

    /// Begins checking the item at `place` of the tip being checked (the
    /// owner of what is reported): what is reported until ``endCheckingItem(_:)``
    /// belongs to the item. Returns what that is given back. Not a closure,
    /// as ``checking(as:_:)`` is: a closure copies what it captures (the item).
    mutating func beginCheckingItem(at place: TipItemPlace) -> (outerReportedError: Bool, outerItem: TipItemPlace?) {
        let outer = (diagnostics.reportedError, diagnostics.item)
        (diagnostics.reportedError, diagnostics.item) = (false, place)
        return outer
    }

    /// Ends what ``beginCheckingItem(at:)`` began; returns whether an error was reported within it.
    @discardableResult
    mutating func endCheckingItem(_ outer: (outerReportedError: Bool, outerItem: TipItemPlace?)) -> Bool {
        let failed = diagnostics.reportedError
        (diagnostics.reportedError, diagnostics.item) = (outer.outerReportedError || failed, outer.outerItem)
        return failed
    }
}
