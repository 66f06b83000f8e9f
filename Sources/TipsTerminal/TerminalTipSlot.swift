import TipsRuntime

/// A ``TipPresenter`` drawn as cards in a terminal: prints a ``TipCard``
/// when a tip appears, and turns what the person types into the close
/// button, the snooze button ("Later") or an action's button.
///
/// ```swift
/// let slot = TerminalTipSlot(TipPresenter(FavoriteTrail()))
/// await slot.update()                          // prints the card if the tip should show
/// if let line = readLine() { await slot.handle(line) }   // "x" closes, "z" snoozes, "1" chooses the first action
/// ```
///
/// A terminal cannot take back what it printed, so a tip that stops showing
/// is not erased; ``update()`` returns the change for the program to say so.
public final class TerminalTipSlot: Sendable {
    /// What the person's input did.
    public enum Input: Sendable, Hashable {
        /// The close key: the tip is invalidated with `.tipClosed`.
        case closed(tipID: String)
        /// The snooze key: the tip is snoozed (hidden for its snooze
        /// duration; the snooze after its count closes it).
        case snoozed(tipID: String)
        /// An action's key: its handlers ran.
        case chose(Tips.ActionSelection)
        /// Not a key of the card on screen (or no card is on screen).
        case ignored
    }

    /// The presenter that decides and reports what shows.
    public let presenter: TipPresenter
    /// How cards are drawn.
    public let style: TerminalStyle
    private let indent: Int
    private let closeKey: String
    private let snoozeKey: String?
    private let labels: TipCard.Labels
    private let write: @Sendable (String) -> Void

    /// A slot over `presenter`, drawing with `style` (detected from the
    /// environment and standard output by default) and `labels` through
    /// `write`; nil `snoozeKey` offers no snooze.
    public init(
        _ presenter: TipPresenter, style: TerminalStyle = .detect(), indent: Int = 2, closeKey: String = "x",
        snoozeKey: String? = "z", labels: TipCard.Labels = TipCard.Labels(),
        write: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.presenter = presenter
        self.style = style
        self.indent = indent
        self.closeKey = closeKey
        self.snoozeKey = snoozeKey
        self.labels = labels
        self.write = write
    }

    /// The card of the tip on screen, if any.
    public var card: TipCard? { presenter.tip.map(card(for:)) }

    /// Brings the slot up to date and prints the card of a tip that appears;
    /// returns what changed.
    @discardableResult
    public func update() async -> [TipPresenter.Change] {
        let changes = await presenter.update()
        draw(changes)
        return changes
    }

    /// What the person typed (surrounding spaces ignored, case-insensitive):
    /// the close key closes the tip on screen, the snooze key snoozes it, an
    /// action's number chooses that action.
    @discardableResult
    public func handle(_ input: String) async -> Input {
        let key = input.trimmingCharacters(in: .whitespaces).lowercased()
        guard let card, !key.isEmpty else { return .ignored }
        if key == closeKey.lowercased() {
            draw(await presenter.close())
            return .closed(tipID: card.tip.id)
        }
        if let snoozeKey, key == snoozeKey.lowercased() {
            draw(await presenter.snooze())
            return .snoozed(tipID: card.tip.id)
        }
        guard let chosen = card.actionKeys.first(where: { $0.key == key }), presenter.chooseAction(chosen.action.id)
        else { return .ignored }
        return .chose(Tips.ActionSelection(tipID: card.tip.id, action: chosen.action))
    }

    /// The view went away: ends the display in progress.
    @discardableResult
    public func stop() async -> [TipPresenter.Change] { await presenter.stop() }

    private func draw(_ changes: [TipPresenter.Change]) {
        for case .shown(let tip) in changes {
            write(card(for: tip).render(style, indent: indent))
        }
    }

    /// The card of `tip`, with this slot's keys.
    private func card(for tip: any Tip) -> TipCard {
        TipCard(tip, closeKey: closeKey, snoozeKey: snoozeKey, labels: labels)
    }
}
