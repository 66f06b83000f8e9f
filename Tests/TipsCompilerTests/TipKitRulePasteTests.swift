import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// TipKit's rules pasted into a `.tips` file: the one error names the rule
/// written here, and that rule compiles.
@Suite struct TipKitRulePasteTests {
    /// What the rules below read.
    static let declarations = """
        parameter isLoggedIn: Bool = false
        event viewedProfile(id: String)
        event enteredBackyard(backyardID: Int)

        """

    /// A file with `rule` in a tip after ``declarations``.
    static func file(ofRule rule: String) -> String {
        declarations + "tip A {\n    title \"A\"\n    rule \(rule)\n}\n"
    }

    /// Compiles `text` as `A.tips` without emitting code.
    static func compile(_ text: String) -> CompilationResult {
        Compilation(
            inputs: [CompilationInput(path: "A.tips", text: text)], options: CompilationOptions(emitsCode: false)
        ).run()
    }

    /// The messages of the diagnostics of `rule` in a tip after ``declarations``.
    static func diagnostics(ofRule rule: String) -> [String] {
        compile(file(ofRule: rule)).diagnostics.map(\.message)
    }

    @Test(arguments: [
        ("#Rule(Self.$isLoggedIn) { $0 == true }", "isLoggedIn == true"),
        ("#Rule(Self.viewedProfile) { $0.donations.count >= 3 }", "viewedProfile.count >= 3"),
        (
            #"#Rule(Self.viewedProfile) { $0.donations.filter { $0.id == "ada" }.count > 3 }"#,
            #"viewedProfile.donations.where(.id == "ada").count > 3"#
        ),
        (
            "#Rule(Self.viewedProfile) { $0.donations.donatedWithin(.week).count >= 3 }",
            "viewedProfile.donations.within(1w).count >= 3"
        ),
        (
            "#Rule(Self.enteredBackyard) { $0.donations.donatedWithin(.days(3)).filter { $0.backyardID == 2 }.count >= 1 }",
            "enteredBackyard.donations.within(3d).where(.backyardID == 2).count >= 1"
        ),
        // The WWDC23 talk's two rules, as written there.
        (
            "#Rule(Self.enteredBackyard) { $0.donations.filter { $0.date > Date.now.addingTimeInterval(-5 * 60 * 60 * 24) } .count >= 3 }",
            "enteredBackyard.donations.within(5d).count >= 3"
        ),
        (
            #"#Rule(Self.enteredBackyard) { $0.donations.filter { $0.date > Date.now.addingTimeInterval(-5 * 60 * 60 * 24) } .largestSubset(by: \.backyardID) .count >= 3 }"#,
            "enteredBackyard.donations.within(5d).largestSubset(by: .backyardID).count >= 3"
        ),
    ])
    func aPastedRuleIsToldAsTheRuleThatCompiles(_ pasted: String, _ rule: String) {
        let lexed = lexSnippet("tip A {\n    " + pasted + "\n}\n")
        #expect(
            lexed.messages == [
                "2:5: '#Rule' is TipKit's Swift; a .tips rule is written as the condition itself: rule \(rule)"
            ])
        #expect(Self.diagnostics(ofRule: rule) == [])
    }

    @Test(arguments: [
        "#Rule(Self.enteredBackyard) { $0.donations.filter { $0.date > lastWeek }.count >= 1 }",
        "#Rule(Self.enteredBackyard) { $0.donations.donatedWithin(.month).count >= 1 }",
        "#Rule(Self.enteredBackyard) { $0.donations.filter { isNear($0) }.count >= 1 }",
    ])
    func aRuleWithSwiftThatHasNoSpellingHereIsToldHowAQueryIsWritten(_ pasted: String) {
        let lexed = lexSnippet("tip A {\n    " + pasted + "\n}\n")
        #expect(lexed.messages.count == 1)
        let example = "as in rule opened.donations.where(.field == value).within(5d).count >= 3"
        #expect(lexed.messages.first?.hasSuffix(example) == true)
    }

    @Test(arguments: [
        (#"viewedProfile.donations.filter { $0.id == "ada" }.count > 3"#, #"where(.id == "ada")"#),
        (
            "enteredBackyard.donations.filter { $0.date > Date().addingTimeInterval(-7200) }.count > 3",
            "within(2h)"
        ),
    ])
    func aTrailingFilterIsOneErrorWhoseFixWritesTheQueryStep(_ written: String, _ step: String) throws {
        let diagnostics = Self.diagnostics(ofRule: written)
        #expect(diagnostics == ["TipKit's 'filter { ... }' is a query step here: \(step)"])
        let fixed = try #require(Self.applyingOnlyFix(toRule: written))
        #expect(Self.diagnostics(ofRule: fixed) == [])
    }

    @Test(arguments: [
        (
            "viewedProfile.donatedWithin(7d).count >= 3",
            "query the donations: write 'viewedProfile.donations.within(...)'; "
                + "TipKit's 'donatedWithin' is 'within' here, as in 'within(7d)'"
        ),
        ("viewedProfile.within(7d).count >= 3", "query the donations: write 'viewedProfile.donations.within(...)'"),
        ("viewedProfile.withn(7d).count >= 3", "query the donations: write 'viewedProfile.donations.within(...)'"),
    ])
    func aStepOnTheEventsNameIsOneErrorWhoseFixWritesTheQuery(_ written: String, _ message: String) throws {
        #expect(Self.diagnostics(ofRule: written) == [message])
        let fixed = try #require(Self.applyingOnlyFix(toRule: written))
        #expect(fixed == "viewedProfile.donations.within(7d).count >= 3")
        #expect(Self.diagnostics(ofRule: fixed) == [])
    }

    @Test func aStepOnTheEventsNameThatIsNoStepSaysTheSteps() {
        #expect(
            Self.diagnostics(ofRule: "viewedProfile.recent(3).count >= 3") == [
                "'recent' is not a query step; query the donations with within, where, largestSubset or "
                    + "smallestSubset, as in 'viewedProfile.donations.within(7d)'"
            ])
    }

    /// `rule` with the fix of its one diagnostic applied; nil when there is no such fix.
    static func applyingOnlyFix(toRule rule: String) -> String? {
        let text = Self.file(ofRule: rule)
        let result = Self.compile(text)
        guard result.diagnostics.count == 1, let fix = result.diagnostics[0].fixIts.first else { return nil }
        return fix.applied(to: text).split(separator: "\n").first { $0.hasPrefix("    rule ") }.map {
            String($0.dropFirst(9))
        }
    }

    @Test func aTipNamedFilterIsATip() {
        #expect(parseSnippet("tip filter {\n    title \"F\"\n}\ngroup G { filter }\n").messages == [])
    }

    @Test(arguments: [
        "    options { maxDisplayCount 3 }\n",
        "    options {\n        maxDisplayCount 3\n        ignoresDisplayFrequency\n    }\n",
        "    var options: [any TipOption] { [MaxDisplayCount(3)] }\n",
    ])
    func anOptionsBlockIsOneErrorAndTheTipStillCloses(_ options: String) {
        let parsed = parseSnippet("tip A {\n    title \"A\"\n" + options + "}\ntip B {\n    title \"B\"\n}\n")
        #expect(parsed.messages.count == 1, "\(parsed.messages)")
        #expect(parsed.syntax.declarations.count == 2)
    }
}
