import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Rules written as prose or speech would say them: one error each, whose
/// fix writes the rule that compiles (the declarations and helpers are
/// those of ``TipKitRulePasteTests``).
@Suite struct RuleSlipTests {
    @Test(arguments: [
        ("viewedProfile.count >= 3 within 7d", "viewedProfile.donations.within(7d).count >= 3"),
        ("viewedProfile.donations.count >= 3 within 5 days", "viewedProfile.donations.within(5d).count >= 3"),
        ("viewedProfile.count >= 3 in the last 7 days", "viewedProfile.donations.within(7d).count >= 3"),
        ("viewedProfile.count >= 3 over the past 2w", "viewedProfile.donations.within(2w).count >= 3"),
        (
            #"viewedProfile.donations.where(.id == "a").count > 1 within(2w)"#,
            #"viewedProfile.donations.within(2w).where(.id == "a").count > 1"#
        ),
        (
            "(isLoggedIn && viewedProfile.count > 1) within 1h",
            "(isLoggedIn && viewedProfile.donations.within(1h).count > 1)"
        ),
    ])
    func aWindowAfterTheRuleIsOneErrorWhoseFixPutsItInTheQuery(_ written: String, _ fixed: String) {
        #expect(
            TipKitRulePasteTests.diagnostics(ofRule: written) == [
                "a time window is a step of the query: write rule \(fixed)"
            ])
        #expect(TipKitRulePasteTests.applyingOnlyFix(toRule: written) == fixed)
        #expect(TipKitRulePasteTests.diagnostics(ofRule: fixed) == [])
    }

    @Test(arguments: [
        "viewedProfile.count > 1 && enteredBackyard.count > 1 within 7d",
        "viewedProfile.donations.within(1d).count > 1 within 7d",
        "isLoggedIn within 7d",
    ])
    func aWindowAfterARuleThatCountsNoOneQueryIsToldHowAWindowIsWritten(_ written: String) {
        let result = TipKitRulePasteTests.compile(TipKitRulePasteTests.file(ofRule: written))
        #expect(
            result.diagnostics.map(\.message) == [
                "a time window is a step of the query the rule counts, as in opened.donations.within(7d).count >= 1"
            ])
        #expect(result.diagnostics.first?.fixIts == [])
    }

    @Test(arguments: [
        ("viewedProfile.count > 3 && < 10", "viewedProfile.count > 3 && viewedProfile.count < 10"),
        ("enteredBackyard.count == 1 || 2", "enteredBackyard.count == 1 || enteredBackyard.count == 2"),
    ])
    func aConditionLeavingOutWhatItComparesIsOneErrorWhoseFixWritesIt(_ written: String, _ fixed: String) {
        #expect(TipKitRulePasteTests.diagnostics(ofRule: written).count == 1)
        #expect(TipKitRulePasteTests.applyingOnlyFix(toRule: written) == fixed)
        #expect(TipKitRulePasteTests.diagnostics(ofRule: fixed) == [])
    }

    @Test(arguments: [
        ("viewedProfile.count in [1, 2]", "viewedProfile.count == 1 || viewedProfile.count == 2"),
        (
            "isLoggedIn && enteredBackyard.count in [1, 2]",
            "isLoggedIn && (enteredBackyard.count == 1 || enteredBackyard.count == 2)"
        ),
    ])
    func aMembershipTestIsOneErrorWhoseFixWritesTheComparisons(_ written: String, _ fixed: String) {
        let comparisons = fixed.hasPrefix("isLoggedIn && ") ? String(fixed.dropFirst(14)) : fixed
        #expect(
            TipKitRulePasteTests.diagnostics(ofRule: written) == [
                "there is no 'in' here; compare with each value: \(comparisons)"
            ])
        #expect(TipKitRulePasteTests.applyingOnlyFix(toRule: written) == fixed)
        #expect(TipKitRulePasteTests.diagnostics(ofRule: fixed) == [])
    }

    @Test func swiftsContainsIsOneErrorWhoseFixWritesTheComparisons() {
        let written = "[1, 2].contains(viewedProfile.count)"
        let fixed = "viewedProfile.count == 1 || viewedProfile.count == 2"
        #expect(
            TipKitRulePasteTests.diagnostics(ofRule: written) == [
                "there is no list here; compare with each value: \(fixed)"
            ])
        #expect(TipKitRulePasteTests.applyingOnlyFix(toRule: written) == fixed)
    }

    /// A name too long to quote whole is not declared by a fix, but still told.
    @Test func aLongUndeclaredNameComparedWithACaseIsStillAnError() {
        let name = String(repeating: "a", count: 300)
        let messages = TipKitRulePasteTests.diagnostics(ofRule: "\(name) == .gold")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("unknown name") == true)
        #expect(messages.first?.contains("declare it") == false)
    }
}
