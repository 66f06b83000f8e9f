/// How serious a diagnostic is.
public enum Severity: Int, Comparable, Sendable, CustomStringConvertible {
    case note
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .note: "note"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// A note attached to a diagnostic, optionally pointing somewhere else.
public struct DiagnosticNote: Hashable, Sendable {
    /// What the note says.
    public var message: String
    /// Where it points, if anywhere.
    public var range: SourceRange?

    /// Creates a note; long quotes are cut as in a ``Diagnostic``.
    public init(_ message: String, at range: SourceRange? = nil) {
        self.message = Diagnostic.clippingLongQuotes(message)
        self.range = range
    }
}

/// One message from any stage of the compiler.
public struct Diagnostic: Hashable, Sendable {
    /// Error, warning or note.
    public var severity: Severity
    /// The message, in the user's words.
    public var message: String
    /// The primary range the message is about.
    public var range: SourceRange
    /// Further notes, printed after the diagnostic.
    public var notes: [DiagnosticNote]
    /// Edits that fix the mistake, set by the site that reports it whenever
    /// its message suggests one (editors offer them as code actions).
    public var fixIts: [FixIt]
    /// The declaration, or the part of one, the diagnostic is about: the
    /// checker says which as it reports; the driver gives the others the
    /// declaration whose text holds them (see ``Symbol``). Nil for a
    /// diagnostic about no declaration (two inputs that would write one file).
    public var owner: Symbol?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [],
        fixIts: [FixIt] = [], owner: Symbol? = nil
    ) {
        self.severity = severity
        self.message = Diagnostic.clippingLongQuotes(message)
        self.range = range
        self.notes = notes
        self.fixIts = fixIts
        self.owner = owner
    }
}

/// An edit that fixes a diagnostic: replace the text of `range` with `replacement`.
public struct FixIt: Hashable, Sendable {
    /// What to replace.
    public var range: SourceRange
    /// The text to put there.
    public var replacement: String
    /// What the fix does, in an editor's words, for an edit whose
    /// replaced and new text would not say it (a line moved out of a
    /// block rewrites the lines between); nil names it by those texts.
    public var title: String?

    /// Creates a fix-it; an empty `range` inserts `replacement` there.
    public init(range: SourceRange, replacement: String, title: String? = nil) {
        self.range = range
        self.replacement = replacement
        self.title = title
    }
}

extension Diagnostic {
    /// Quoted text (a name, a rule) longer than this many characters is cut,
    /// so that a megabyte-long name does not make a megabyte-long message.
    public static let longestQuote = 200

    /// `message` with every `'…'` quote longer than ``longestQuote``
    /// characters cut to that many, then `…`. Short messages are returned as is.
    static func clippingLongQuotes(_ message: String) -> String {
        guard message.utf8.count > longestQuote + 2 else { return message }
        var pieces = message.split(separator: "'", omittingEmptySubsequences: false).map(String.init)
        // Every other piece is quoted, but for a last one that no quote closes.
        for index in stride(from: 1, to: pieces.count - 1, by: 2) where pieces[index].count > longestQuote {
            pieces[index] = String(pieces[index].prefix(longestQuote)) + "…"
        }
        return pieces.joined(separator: "'")
    }
}

/// The sink every stage reports into: collects diagnostics, and sorts and
/// de-duplicates them when asked.
public struct DiagnosticEngine: Sendable {
    /// Every diagnostic reported so far, in the order reported.
    public private(set) var reported: [Diagnostic] = []

    /// How many errors were reported, including those dropped past ``errorLimit``.
    public private(set) var errorCount = 0

    /// At most this many errors are kept; the next one becomes
    /// ``tooManyMessage`` and later errors are dropped, so that hostile input
    /// (a megabyte of binary) cannot produce unbounded output. Warnings are
    /// never dropped.
    public static let errorLimit = 1_000
    /// Whether the next error's message will never be read: it is past
    /// ``errorLimit``, dropped, or the one that ``tooManyMessage`` stands in
    /// for. Its reporter may then count it with ``reportDroppedError(at:)``
    /// rather than build it.
    public var dropsErrorMessages: Bool { errorCount >= Self.errorLimit }
    /// Whether the next error is dropped with its range unread too: the
    /// error for the rest (``tooManyMessage``) already stands at the first
    /// one dropped. A reporter whose range takes a search to find may then
    /// count the error with ``reportDroppedError(at:)`` at any range.
    public var dropsErrorRanges: Bool { errorCount > Self.errorLimit }
    /// The error that stands for the errors past ``errorLimit``.
    public static let tooManyMessage = "too many errors; stopping here (later errors are not shown)"

    /// Creates an empty engine.
    public init() {}

    /// This engine, leaving an empty one behind: how a stage is handed the
    /// sink to report into, and hands it back, without copying what it holds.
    public mutating func take() -> DiagnosticEngine {
        var taken = DiagnosticEngine()
        swap(&taken, &self)
        return taken
    }

    /// Adds `fixIt` to the latest error reported at `range`; nothing when none was.
    package mutating func attach(_ fixIt: FixIt, toErrorAt range: SourceRange) {
        guard let index = reported.lastIndex(where: { $0.severity == .error && $0.range == range }) else { return }
        reported[index].fixIts.append(fixIt)
    }

    /// Reports a diagnostic; past ``errorLimit`` errors, reports ``tooManyMessage`` once instead.
    public mutating func report(_ diagnostic: Diagnostic) {
        guard diagnostic.severity == .error else {
            reported.append(diagnostic)
            return
        }
        guard errorCount < Self.errorLimit else { return reportDroppedError(at: diagnostic.range) }
        reported.append(diagnostic)
        errorCount += 1
    }

    /// Reports an error at `range` whose message is not read (see
    /// ``dropsErrorMessages``): the first stands for all, as
    /// ``tooManyMessage``; each is counted.
    public mutating func reportDroppedError(at range: SourceRange) {
        if errorCount == Self.errorLimit { reported.append(Diagnostic(.error, Self.tooManyMessage, at: range)) }
        errorCount += 1
    }

    /// Reports what `other` reported, in order, and counts what it dropped:
    /// the same as if its diagnostics had been reported here one by one. Work
    /// done at the same time reports into engines of its own, merged in order.
    public mutating func report(contentsOf other: DiagnosticEngine) {
        for diagnostic in other.reported { report(diagnostic) }
        errorCount += other.errorCount - other.reported.lazy.filter { $0.severity == .error }.count
    }

    /// Reports an error.
    public mutating func error(
        _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        report(Diagnostic(.error, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Reports an error whose message names `replacement` (when there is one)
    /// as the text to write in place of `range`: that is its fix-it.
    package mutating func error(_ message: String, at range: SourceRange, replacing replacement: String?) {
        error(message, at: range, suggesting: Suggestion(phrase: "", replacement: replacement))
    }

    /// Reports an error whose message ends with `suggestion`, carrying its fix-it for `range`.
    package mutating func error(_ message: String, at range: SourceRange, suggesting suggestion: Suggestion) {
        error(message + suggestion.phrase, at: range, fixIts: suggestion.fixIts(at: range))
    }

    /// Reports a warning.
    public mutating func warning(
        _ message: String, at range: SourceRange, notes: [DiagnosticNote] = [], fixIts: [FixIt] = []
    ) {
        report(Diagnostic(.warning, message, at: range, notes: notes, fixIts: fixIts))
    }

    /// Whether any error has been reported.
    public var hasErrors: Bool { errorCount > 0 }

    /// The diagnostics sorted by position (then severity, then message),
    /// without exact duplicates.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        let unique = reported.filter { seen.insert($0).inserted }
        return unique.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            if a.range != b.range { return a.range < b.range }
            if a.severity != b.severity { return a.severity > b.severity }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// Turns every warning into an error (`--warnings-as-errors`).
    public mutating func promoteWarningsToErrors() {
        for index in reported.indices where reported[index].severity == .warning {
            reported[index].severity = .error
            errorCount += 1
        }
    }
}
