import Foundation
import Testing
import TipsRuntime
import TipsTerminal

private struct Favorite: Tip {
    var id: String { "Favorite" }
    var title: String { "Save as a Favorite" }
    var message: String? { "Your favorite trails always appear at the top of the list." }
    var actions: [Tips.Action] { [Tips.Action(id: "learnMore", title: "Learn More")] }
}

/// The visible columns of a line: escape sequences take none.
private func columns(_ line: Substring) -> Int {
    line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).count
}

@Suite struct TipCardTests {
    @Test func aCardFitsTheWidthAndWrapsTheMessageAtSpaces() {
        let card = TipCard(Favorite()).render(TerminalStyle(width: 32, unicode: true, color: false))
        let lines = card.split(separator: "\n")
        #expect(lines.allSatisfy { columns($0) == 32 }, "\(card)")
        #expect(lines.first?.hasPrefix("╭─ Tip ─") == true)
        #expect(lines.last?.hasPrefix("╰──") == true)
        #expect(card.contains("│ Save as a Favorite           │"))
        #expect(card.contains("│ Your favorite trails always  │"))
        #expect(card.contains("│ appear at the top of the     │"))
        #expect(card.contains("│ [1] Learn More   [x] Close   │"))
    }

    @Test func aSnoozeKeyComesBeforeTheCloseKey() {
        let card = TipCard(Favorite(), snoozeKey: "z").render(TerminalStyle(width: 60, unicode: true, color: false))
        #expect(card.contains("[1] Learn More   [z] Later   [x] Close"), "\(card)")
        #expect(!TipCard(Favorite()).render(.plain).contains("Later"), "no snooze key unless given")
    }

    @Test func aWideTerminalGetsACardNoWiderThanItsMaximum() {
        let card = TipCard(Favorite(), maximumWidth: 50).render(TerminalStyle(width: 200, unicode: true, color: false))
        #expect(card.split(separator: "\n").allSatisfy { columns($0) == 50 })
        let narrow = TipCard(Favorite()).render(TerminalStyle(width: 20, unicode: true, color: false), indent: 2)
        #expect(narrow.split(separator: "\n").allSatisfy { columns($0) == 20 && $0.hasPrefix("  ") }, "\(narrow)")
    }

    @Test func withoutUnicodeTheCardIsPlainASCII() {
        let card = TipCard(Favorite()).render(TerminalStyle(width: 40, unicode: false, color: false))
        #expect(card.unicodeScalars.allSatisfy { $0.isASCII }, "\(card)")
        #expect(card.hasPrefix("+- Tip ---"))
        #expect(card.contains("| Save as a Favorite"))
    }

    @Test func colourIsWrittenOnlyWhenTheStyleAsksAndTakesNoColumns() {
        let plain = TipCard(Favorite()).render(TerminalStyle(width: 40, unicode: true, color: false))
        #expect(!plain.contains("\u{1B}["))
        let colored = TipCard(Favorite()).render(TerminalStyle(width: 40, unicode: true, color: true))
        #expect(colored.contains("\u{1B}[1mSave as a Favorite\u{1B}[0m"))
        #expect(colored.split(separator: "\n").allSatisfy { columns($0) == 40 })
    }

    @Test func detectionReadsTheLocaleTermNoColorAndWhetherOutputIsATerminal() {
        // A pipe is not a terminal: no colour, whatever the environment says.
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        let utf8 = TerminalStyle.detect(environment: ["LANG": "en_US.UTF-8", "COLUMNS": "44"], descriptor: pipeEnds[1])
        #expect(utf8 == TerminalStyle(width: 44, unicode: true, color: false))
        #expect(
            TerminalStyle.detect(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"], descriptor: pipeEnds[1]).unicode
                == false)
        #expect(TerminalStyle.detect(environment: ["LANG": "C.utf8"], descriptor: pipeEnds[1]).unicode)
        #expect(
            TerminalStyle.detect(environment: ["LANG": "en_US.UTF-8", "TERM": "dumb"], descriptor: pipeEnds[1]).unicode
                == false)
        #expect(
            TerminalStyle.detect(environment: [:], descriptor: pipeEnds[1])
                == TerminalStyle(width: 80, unicode: false, color: false))
    }

    @Test func wrappingCutsAWordLongerThanALine() {
        #expect(TextWrapping.wrap("a verylongword b", width: 5) == ["a", "veryl", "ongwo", "rd b"])
        #expect(TextWrapping.wrap("one\ntwo three", width: 20) == ["one", "two three"])
    }
}

@Suite struct TerminalTipSlotTests {
    private static func center() async throws -> TipCenter {
        let center = TipCenter()
        try await center.configure([.datastoreLocation(.inMemory), .arguments([]), .environment([:])])
        return center
    }

    /// A slot for `Favorite` on 40 plain columns that appends what it prints to `printed`.
    private static func favoriteSlot(in center: TipCenter, printingInto printed: Locked<String>) -> TerminalTipSlot {
        TerminalTipSlot(
            TipPresenter(Favorite(), center: center), style: TerminalStyle(width: 40, unicode: false, color: false),
            write: { text in printed.append(text) })
    }

    @Test func theSlotPrintsACardWhenTheTipAppearsAndTheCloseKeyClosesIt() async throws {
        let center = try await Self.center()
        let printed = Locked<String>()
        let slot = Self.favoriteSlot(in: center, printingInto: printed)
        await slot.update()
        #expect(printed.values.count == 1)
        #expect(printed.values.first?.contains("Save as a Favorite") == true)
        await slot.update()
        #expect(printed.values.count == 1, "a card on screen is not printed again")

        #expect(await slot.handle("q") == .ignored)
        #expect(await slot.handle(" X ") == .closed(tipID: "Favorite"))
        #expect(Favorite().status(in: center) == .invalidated(.tipClosed))
        #expect(slot.card == nil)
        #expect(await slot.handle("x") == .ignored, "nothing left to close")
    }

    @Test func theSnoozeKeyIsOnTheCardAndSnoozesTheTip() async throws {
        let center = try await Self.center()
        let printed = Locked<String>()
        let slot = Self.favoriteSlot(in: center, printingInto: printed)
        await slot.update()
        #expect(printed.values.first?.contains("[z] Later") == true, "\(printed.values)")
        #expect(await slot.handle(" Z ") == .snoozed(tipID: "Favorite"))
        #expect(Favorite().status(in: center) == .pending, "snoozed for a day")
        #expect(slot.card == nil)
        #expect(await slot.handle("z") == .ignored, "nothing left to snooze")
    }

    @Test func aSlotWithoutASnoozeKeyOffersNone() async throws {
        let center = try await Self.center()
        let slot = TerminalTipSlot(
            TipPresenter(Favorite(), center: center), style: .plain, snoozeKey: nil, write: { _ in })
        await slot.update()
        #expect(slot.card?.snoozeKey == nil)
        #expect(await slot.handle("z") == .ignored)
        #expect(Favorite().status(in: center) == .available)
    }

    @Test func anActionKeyRunsTheActionsHandlers() async throws {
        let center = try await Self.center()
        let chosen = Locked<String>()
        Favorite().onAction(in: center) { action in chosen.append(action.id) }
        let slot = TerminalTipSlot(
            TipPresenter(Favorite(), center: center), style: .plain, write: { _ in })
        await slot.update()
        let selection = Tips.ActionSelection(tipID: "Favorite", action: Favorite().actions[0])
        #expect(await slot.handle("1") == .chose(selection))
        #expect(await slot.handle("2") == .ignored)
        #expect(chosen.values == ["learnMore"])
        #expect(Favorite().status(in: center) == .available)
    }
}

/// A thread-safe list for handlers.
private final class Locked<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `items` is only touched while `lock` is held.
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
