import Foundation
import Testing

@testable import TipsRuntime

@Suite struct ExplanationTests {
    @Test func ruleExplanationNamesSourceLocationVerdictAndWhatItSaw() async throws {
        let center = try await makeCenter()
        let rule = TipRule(
            Fixture.openedAtLeast(3, steps: [.within(seconds: 5 * 86_400)]),
            source: "opened.donations.within(5d).count >= 3", file: "Trails.tips", line: 42)
        let login = TipRule(Fixture.loggedInRule, source: "isLoggedIn", file: "Trails.tips", line: 41)
        struct Explained: Tip {
            let id = "Explained"
            let title = "Explained"
            let rules: [TipRule]
        }
        let tip = Explained(rules: [login, rule])
        await Fixture.opened.donate(in: center)
        await Fixture.opened.donate(in: center)
        let explanation = tip.explanation(in: center)
        #expect(explanation.status == .pending)
        #expect(explanation.rules.count == 2, "every rule is explained, not only the first failing one")
        let text = explanation.description
        #expect(text.contains("Explained: pending"))
        #expect(text.contains("rule Trails.tips:41 `isLoggedIn`: does not hold (isLoggedIn = false)"))
        #expect(
            text.contains(
                "rule Trails.tips:42 `opened.donations.within(5d).count >= 3`: does not hold"
                    + " (opened.donations.within(5d).count = 2, needs >= 3)"))
    }

    @Test func aWindowIsQuotedAsTheRuleWritesIt() async throws {
        let center = try await makeCenter()
        let rule = TipRule(
            Fixture.openedAtLeast(3, steps: [.within(seconds: 7 * 86_400)]),
            source: "opened.donations.within(7d).count >= 3", file: "Trails.tips", line: 42)
        struct Weekly: Tip {
            let id = "Weekly"
            let title = "Weekly"
            let rules: [TipRule]
        }
        await Fixture.opened.donate(in: center)
        let text = Weekly(rules: [rule]).explanation(in: center).description
        #expect(text.contains("(opened.donations.within(7d).count = 1, needs >= 3)"), "\(text)")
        #expect(!text.contains("within(1w)"))
    }

    @Test func explanationNamesGates() async throws {
        let clock = ManualClock()
        let center = try await makeCenter(clock: clock, [.displayFrequency(.hourly)])
        let shown = TestTip("Shown")
        let waiting = TestTip("Waiting")
        await shown.didAppear(in: center)
        let waitingText = waiting.explanation(in: center).description
        #expect(waitingText.contains("Waiting: pending"))
        #expect(waitingText.contains("display frequency"))
        #expect(waitingText.contains("2024-01-01T01:00:00Z"))

        await shown.invalidateDurably(reason: .tipClosed, in: center)
        let shownText = shown.explanation(in: center).description
        #expect(shownText.contains("invalidated: tipClosed at 2024-01-01T00:00:00Z"))

        center.hideTipsForTesting(["Shown"])
        #expect(shown.explanation(in: center).description.contains("hidden by hideTipsForTesting"))
    }

    @Test func explanationSaysWhenUnconfigured() {
        let center = TipCenter(backend: InMemoryDatastore())
        let text = TestTip("Early").explanation(in: center).description
        #expect(text.contains("not configured"))
    }

    @Test func explanationReportsEvaluationFailures() async throws {
        let center = try await makeCenter()
        let tip = TestTip(
            "Broken",
            rules: [.binary(.greater, .binary(.divide, .literal(.int(1)), .literal(.int(0))), .literal(.int(0)))])
        let explanation = tip.explanation(in: center)
        #expect(explanation.rules.first?.failure == "division by zero")
        #expect(explanation.description.contains("could not evaluate: division by zero"))
    }
}
