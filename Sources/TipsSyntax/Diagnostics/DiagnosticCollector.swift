/// Where the diagnostics of a finished run go. Every stage reports into a
/// ``DiagnosticEngine`` (work done at the same time merges its own engine in
/// with ``DiagnosticEngine/report(contentsOf:)``); the run then hands the
/// engine's ``DiagnosticEngine/sorted`` list to one collector. The command
/// line (and so the build plugin, which runs it) prints them with
/// ``DiagnosticPrinter``, the language server publishes them per document,
/// and the tests keep them to compare.
public protocol DiagnosticCollector {
    /// Takes diagnostics, sorted by position, and the files they point into.
    /// A run may hand over several lists (one per file, in file order).
    mutating func collect(_ diagnostics: [Diagnostic], in sources: SourceManager)
}

/// Prints diagnostics as the command line does (`path:line:column: error:
/// message`, the source line and a caret, see ``DiagnosticRenderer``), and
/// counts the errors for the closing line.
public struct DiagnosticPrinter: DiagnosticCollector {
    /// What was printed so far, for standard error.
    public private(set) var text = ""
    /// How many errors were collected.
    public private(set) var errorCount = 0
    /// Whether to print the source line and caret under each diagnostic.
    public var showsSourceLines: Bool

    /// Creates a printer that has printed nothing.
    public init(showsSourceLines: Bool = true) {
        self.showsSourceLines = showsSourceLines
    }

    public mutating func collect(_ diagnostics: [Diagnostic], in sources: SourceManager) {
        text += DiagnosticRenderer(sources: sources, showsSourceLines: showsSourceLines).render(diagnostics)
        errorCount += diagnostics.lazy.filter { $0.severity == .error }.count
    }

    /// The closing line after errors: `tipc: 2 errors in the input`, then
    /// what the command therefore did not do (`consequence`, such as
    /// `; nothing was written`).
    public func errorSummary(consequence: String = "") -> String {
        "tipc: \(errorCount) error\(errorCount == 1 ? "" : "s") in the input\(consequence)\n"
    }
}
