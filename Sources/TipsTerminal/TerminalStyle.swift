import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What the terminal a tip card is printed to can show: how wide it is,
/// whether it draws box characters, and whether colour is wanted.
///
/// ```swift
/// let style = TerminalStyle.detect()          // from the environment and standard output
/// print(TipCard(FavoriteTrail()).render(style))
/// ```
public struct TerminalStyle: Sendable, Hashable {
    /// Columns available for a card (cards never draw wider).
    public var width: Int
    /// Whether box-drawing characters show (`╭─╮`); else plain ASCII (`+-+`).
    public var unicode: Bool
    /// Whether ANSI colour and bold are written.
    public var color: Bool

    /// A style as given.
    public init(width: Int, unicode: Bool, color: Bool) {
        self.width = width
        self.unicode = unicode
        self.color = color
    }

    /// Plain ASCII without colour, 80 columns wide: what any output can show.
    public static let plain = TerminalStyle(width: 80, unicode: false, color: false)

    /// The style for a file descriptor (standard output by default), read
    /// from the environment:
    ///
    /// - width: the terminal's columns when `descriptor` is a terminal, else
    ///   `COLUMNS`, else 80;
    /// - box characters only when the locale's character set is UTF-8 (the
    ///   first of `LC_ALL`, `LC_CTYPE`, `LANG` that is set) and `TERM` is not `dumb`;
    /// - colour only when `descriptor` is a terminal, `TERM` is not `dumb`
    ///   and `NO_COLOR` is unset or empty (no-color.org).
    public static func detect(
        environment: [String: String] = ProcessInfo.processInfo.environment, descriptor: Int32 = STDOUT_FILENO
    ) -> TerminalStyle {
        let isTerminal = isatty(descriptor) == 1
        let dumb = environment["TERM"] == "dumb"
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let normalized = locale.lowercased().replacingOccurrences(of: "-", with: "")
        let unicode = !dumb && normalized.contains("utf8")
        let color = isTerminal && !dumb && (environment["NO_COLOR"] ?? "").isEmpty
        return TerminalStyle(
            width: (isTerminal ? terminalColumns(descriptor) : nil) ?? Int(environment["COLUMNS"] ?? "") ?? 80,
            unicode: unicode, color: color)
    }

    /// The terminal's width in columns, if the descriptor is one and says.
    private static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        #if canImport(Darwin)
            let request = TIOCGWINSZ
        #else
            let request = UInt(TIOCGWINSZ)
        #endif
        guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
