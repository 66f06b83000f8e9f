// trails-demo: a hiker's first week with the Trails app, in a minute. The
// tips come from Samples/Trails/Tips/*.tips (compiled by TipsPlugin during
// the build); a manual clock makes the week pass at once. Each day the app
// opens three places that show tips (TipPresenter slots drawn as terminal
// cards by TipsTerminal), the hiker does a few things, and the app closes.
//
//     swift run trails-demo              # at a terminal: x closes a tip, 1 chooses its action
//     swift run trails-demo --no-input   # never waits for a key

import Foundation
import TipsRuntime
import TipsTerminal
import TrailsTips

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

let clock = TipsRuntime.ManualClock(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01
// A store of its own for each run, named so that no other run can have left
// it behind: a run stopped by a signal does not reach the `defer`, and a
// process id comes round again, so a directory named after it once opened
// on another run's week (its compass tip snoozed, the hiker signed in).
let store = FileManager.default.temporaryDirectory
    .appendingPathComponent("trails-demo-\(UUID().uuidString)", isDirectory: true)
defer { try? FileManager.default.removeItem(at: store) }
let signalSources = removeOnSignals(store)

/// Removes `directory` and exits when the demo is interrupted, hung up on or
/// told to stop (Control-C, a closed terminal), as the `defer` does at the
/// end; returns the signal sources, which watch for as long as they are held.
func removeOnSignals(_ directory: URL) -> [any DispatchSourceSignal] {
    [SIGINT, SIGHUP, SIGTERM].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
        source.setEventHandler {
            try? FileManager.default.removeItem(at: directory)
            exit(128 + number)
        }
        source.resume()
        return source
    }
}

let center = TipsRuntime.TipCenter()
do {
    // Every run tells the same week: no install is held out of OfflineMaps's `holdout 10%`.
    try await center.configure([.datastoreLocation(.url(store)), .clock(clock), .holdouts(.none)])
} catch {
    print("could not configure the tips: \(error)")
    exit(1)
}

let style = TerminalStyle.detect()
// Keys are read only when a person is there to press them.
let interactive =
    !CommandLine.arguments.contains("--no-input") && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1

/// Prints `text` wrapped to the terminal, indented by `indent` spaces.
func say(_ text: String, indent: Int = 0) {
    let margin = String(repeating: " ", count: indent)
    for line in TextWrapping.wrap(text, width: min(style.width, 72) - indent) { print(margin + line) }
}

// What the app does when a tip's action is chosen.
center.onAction { selection in
    switch selection.action.id {
    case "learnMore": say("→ The app opens the help page about favorites.", indent: 2)
    case "goThere": say("→ The map moves to the new trail.", indent: 2)
    default: say("→ \(selection.action.title)", indent: 2)
    }
}

let butlerFork = NewTrail(trailID: "butler-fork", name: "Butler Fork", region: "Big Cottonwood")

/// The cards' own words, in the language the tips show in (their catalog
/// has German and Japanese), as the app gives its own copy.
let labels: TipCard.Labels =
    switch Tips.Translations.language(for: center.languages, sourceLanguage: "en", languages: ["de", "ja"]) {
    case "de": TipCard.Labels(tip: "Tipp", later: "Später", close: "Schließen")
    case "ja": TipCard.Labels(tip: "ヒント", later: "後で", close: "閉じる")
    default: TipCard.Labels()
    }

/// One day: the app opens its tip slots, `body` is what the hiker does, and
/// the app closes (the slots stop, ending their displays).
func day(_ title: String, _ body: (_ look: () async -> Void) async -> Void) async {
    print("")
    say(style.color ? "\u{1B}[1m\(title)\u{1B}[0m" : title)
    let slots = [
        TerminalTipSlot(TipPresenter(MapTips.makeGroup(in: center)), style: style, labels: labels),
        TerminalTipSlot(TipPresenter(CompassTips.makeGroup(in: center)), style: style, labels: labels),
        TerminalTipSlot(TipPresenter(butlerFork, center: center), style: style, labels: labels),
    ]
    await body {
        for slot in slots {
            let changes = await slot.update()
            for case .hidden(let hidden) in changes where hidden.reason != .stopped {
                if case .statusChanged(.invalidated(let reason)) = hidden.reason {
                    say("(“\(hidden.tip.title)” is gone: \(reason).)", indent: 2)
                }
            }
            let appeared = changes.contains { if case .shown = $0 { true } else { false } }
            if interactive, appeared { await ask(slot) }
        }
    }
    for slot in slots { await slot.stop() }
}

/// Waits for the person's key for the card on screen: x closes it, z snoozes
/// it, a number chooses an action, Enter goes on.
func ask(_ slot: TerminalTipSlot) async {
    guard let card = slot.card else { return }
    let keys = card.actionKeys.map { "\($0.key) \($0.action.title)" } + ["z later", "x close", "Enter go on"]
    while true {
        print("  " + keys.joined(separator: " · ") + " > ", terminator: "")
        fflush(nil)  // Every stream: the prompt has no newline.
        guard let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        switch await slot.handle(line) {
        case .closed: return say("Closed: “\(card.tip.title)” will not show again.", indent: 2)
        case .snoozed: return say("Later: “\(card.tip.title)” is snoozed.", indent: 2)
        case .chose: continue
        case .ignored: say("(not a key of this tip)", indent: 2)
        }
    }
}

/// One line saying why a tip is not on screen: the first rule that does not
/// hold (what the hiker has not done yet), else what holds it back.
func why(_ tip: any TipsRuntime.Tip) {
    let explanation = center.explanation(for: tip)
    let rule = explanation.rules.first { !$0.holds }.map { rule in
        "\(rule.file):\(rule.line) `\(rule.source)` does not hold (\(rule.observed.joined(separator: ", ")))"
    }
    let reason = rule ?? explanation.gates.first.map(\.description) ?? "it is \(explanation.status)"
    say("Why no “\(tip.title)”? \(reason)", indent: 2)
}

say("Trails: a hiker's first week. Tips from Samples/Trails/Tips; the display frequency is daily.")

await day("Day 1 · first launch; the hiker signs in and opens two trails") { look in
    await look()
    await TipsRuntime.TipParameters.isSignedIn.set(true, in: center)
    for _ in 0..<2 { await TipsRuntime.TipEvents.openedTrailDetail.donate(in: center) }
    await look()
    why(FavoriteTrail())
}

clock.advance(by: 86_400)
await day("Day 2 · a third trail opened; the hiker taps the compass") { look in
    await TipsRuntime.TipEvents.openedTrailDetail.donate(in: center)
    await ShowLocation().invalidateDurably(reason: .actionPerformed, in: center)
    await look()
    why(RotateMap())
}

await day("Day 2 · explored Big Cottonwood four times, saved a trail") { look in
    for _ in 0..<4 { await TipsRuntime.TipEvents.visitedRegion.donate(region: "Big Cottonwood", in: center) }
    await TipsRuntime.TipEvents.favoritedTrail.donate(trailID: "lake-blanche", in: center)
    await look()
}

clock.advance(by: 6 * 86_400)
await day("Day 8 · a week later") { look in
    await look()
}
print("")
