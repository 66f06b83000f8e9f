import TipsRuntime

/// A tip drawn as a card for a command-line program: the title, the message
/// wrapped to the terminal's width, the actions with the keys that choose
/// them, and the key that closes the tip. Its edges line up whatever the
/// language: Japanese and Chinese characters count two columns.
///
/// ```text
/// ╭─ Tip ───────────────────────────────────╮
/// │ Save as a Favorite                      │
/// │ Your favorite trails always appear at   │
/// │ the top of the list.                    │
/// │                                         │
/// │ [1] Learn More             [x] Close    │
/// ╰─────────────────────────────────────────╯
/// ```
///
/// With a snooze key (``TerminalTipSlot`` gives `z`), `[z] Later` comes
/// before the close key: the tip is snoozed ("remind me later").
///
/// The card's own words (`Tip`, `Later`, `Close`) are ``Labels``: an app in
/// another language gives its own, as it gives its tips' copy.
///
/// With `TerminalStyle.unicode` false the same card is drawn with `+`, `-`
/// and `|`; with `color` false no escape sequence is written.
public struct TipCard: Sendable {
    /// The words a card draws of its own, beside the tip's copy.
    public struct Labels: Sendable, Hashable {
        /// The card's label, in its top edge.
        public var tip: String
        /// The snooze button's ("remind me later").
        public var later: String
        /// The close button's.
        public var close: String

        /// Labels; English where not given.
        public init(tip: String = "Tip", later: String = "Later", close: String = "Close") {
            self.tip = tip
            self.later = later
            self.close = close
        }
    }

    /// The tip to draw.
    public let tip: any Tip
    /// The key that closes the tip, shown on the card; nil to show none.
    public var closeKey: String?
    /// The key that snoozes the tip ("Later"), shown on the card; nil to show none.
    public var snoozeKey: String?
    /// The widest a card draws, whatever the terminal's width.
    public var maximumWidth: Int
    /// The card's own words.
    public var labels: Labels

    /// A card for `tip`. Action `n` (from 1) is chosen with the key `n`.
    public init(
        _ tip: any Tip, closeKey: String? = "x", snoozeKey: String? = nil, maximumWidth: Int = 60,
        labels: Labels = Labels()
    ) {
        self.tip = tip
        self.closeKey = closeKey
        self.snoozeKey = snoozeKey
        self.maximumWidth = maximumWidth
        self.labels = labels
    }

    /// The key that chooses each of the tip's actions, in order: `1`, `2`, ...
    public var actionKeys: [(key: String, action: Tips.Action)] {
        tip.actions.enumerated().map { (String($0.offset + 1), $0.element) }
    }

    /// The card's lines, each at most `min(style.width, maximumWidth)`
    /// columns (escape sequences aside), without a trailing newline.
    public func render(_ style: TerminalStyle, indent: Int = 0) -> String {
        let outer = max(12, min(style.width - indent, maximumWidth))
        let inner = outer - 4
        let box =
            style.unicode
            ? (topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
            : (topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
        let paint = Paint(enabled: style.color)

        var body: [(text: String, painted: String)] = []
        for line in TextWrapping.wrap(tip.title, width: inner) { body.append((line, paint.bold(line))) }
        if let message = tip.message, !message.isEmpty {
            for line in TextWrapping.wrap(message, width: inner) { body.append((line, line)) }
        }
        let buttons =
            actionKeys.map { ("[\($0.key)] \($0.action.title)", $0.key) }
            + (snoozeKey.map { [("[\($0)] \(labels.later)", $0)] } ?? [])
            + (closeKey.map { [("[\($0)] \(labels.close)", $0)] } ?? [])
        if !buttons.isEmpty {
            body.append(("", ""))
            var line = ""
            var painted = ""
            for (text, key) in buttons {
                let separator = line.isEmpty ? "" : "   "
                if !line.isEmpty
                    && TerminalColumns.of(line) + separator.count + TerminalColumns.of(text) > inner
                {
                    body.append((line, painted))
                    line = ""
                    painted = ""
                }
                let shown = line.isEmpty ? "" : separator
                line += shown + text
                painted += shown + paint.key("[\(key)]") + text.dropFirst(key.count + 2)
            }
            body.append((line, painted))
        }

        let margin = String(repeating: " ", count: indent)
        let label = " \(labels.tip) "
        let topRule = String(repeating: box.horizontal, count: max(0, outer - 3 - TerminalColumns.of(label)))
        var lines = [margin + paint.frame(box.topLeft + box.horizontal + label + topRule + box.topRight)]
        for (text, painted) in body {
            let padding = String(repeating: " ", count: max(0, inner - TerminalColumns.of(text)))
            lines.append(
                margin + paint.frame(box.vertical) + " " + painted + padding + " " + paint.frame(box.vertical))
        }
        lines.append(
            margin + paint.frame(box.bottomLeft + String(repeating: box.horizontal, count: outer - 2) + box.bottomRight)
        )
        return lines.joined(separator: "\n")
    }
}

/// ANSI styling, or nothing.
struct Paint {
    let enabled: Bool

    func bold(_ text: String) -> String { wrap(text, "1") }
    func frame(_ text: String) -> String { wrap(text, "36") }
    func key(_ text: String) -> String { wrap(text, "1;33") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
