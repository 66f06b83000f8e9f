import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// A TipKit tip struct pasted into a `.tips` file: one error that says the
/// `.tips` it means, and a fix that writes it, which compiles.
@Suite struct TipKitStructPasteTests {
    /// WWDC23's tip, as the talk builds it up, with the formatting Xcode gives it.
    static let talksTip = """
        struct FavoriteBackyardTip: Tip {
            @Parameter
            static var isLoggedIn: Bool = false

            static let enteredBackyardDetailView: Event = Event(
                id: "entered-backyard-detail-view"
            )

            var title: Text {
                Text("Save as a Favorite")
                    .foregroundColor(.indigo)
            }

            var message: Text {
                Text("Your favorite backyards always appear at the top of the list.")
            }

            var asset: Image {
                Image(systemName: "star")
            }

            var actions: [Action] {
                [
                    Tip.Action(
                        id: "learn-more",
                        title: "Learn More"
                    )
                ]
            }

            var rules: Predicate {
                // User is logged in
                #Rule(Self.$isLoggedIn) { $0 == true }
                // At least 3 times in the past 5 days
                #Rule(Self.enteredBackyardDetailView) {
                    $0.donations.filter {
                        $0.date > Date.now.addingTimeInterval(-5 * 60 * 60 * 24)
                    }
                    .count >= 3
                }
            }

            var options: [Option] {
                MaxDisplayCount(5)
            }
        }

        """

    @Test(arguments: ["\n", "\r\n"])
    func theTalksTipIsOneErrorWhoseFixIsTheTipInTipsThatCompiles(_ newline: String) throws {
        let text = Self.talksTip.replacingOccurrences(of: "\n", with: newline)
        let result = TipKitRulePasteTests.compile(text)
        #expect(result.diagnostics.count == 1)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(
            diagnostic.message
                == "'struct FavoriteBackyardTip: Tip' is TipKit's Swift; in .tips it is: "
                + "parameter isLoggedIn: Bool = false; event enteredBackyardDetailView; tip FavoriteBackyardTip { "
                + #"title "Save as a Favorite"; message "Your favorite backyards always appear at the top of the list."; "#
                + #"image "star"; action learnMore "Learn More"; rule isLoggedIn == true; "#
                + "rule enteredBackyardDetailView.donations.within(5d).count >= 3; maxDisplayCount 5 }")
        let fix = try #require(diagnostic.fixIts.first)
        let fixed = fix.applied(to: text)
        let expected = """
            parameter isLoggedIn: Bool = false
            event enteredBackyardDetailView

            tip FavoriteBackyardTip {
                title "Save as a Favorite"
                message "Your favorite backyards always appear at the top of the list."
                image "star"
                action learnMore "Learn More"
                rule isLoggedIn == true
                rule enteredBackyardDetailView.donations.within(5d).count >= 3
                maxDisplayCount 5
            }

            """
        #expect(fixed == expected.replacingOccurrences(of: "\n", with: newline))
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }

    @Test func theFixIndentsEachLineAsTheStruct() throws {
        let text =
            "  struct Hint: Tip {\n    @Parameter static var seen: Bool = false\n"
            + "    var title: Text { Text(\"Hint\") }\n  }\n"
        let fix = try #require(TipKitRulePasteTests.compile(text).diagnostics.first?.fixIts.first)
        #expect(
            fix.applied(to: text)
                == "  parameter seen: Bool = false\n\n  tip Hint {\n      title \"Hint\"\n  }\n")
    }

    @Test func aStructWithStoredPropertiesIsAReusableTipThatCompiles() throws {
        let text = #"""
            struct NewTrailTip: Tip {
                var id: String { "new-trail-\(trailID)" }
                let trailID: String
                private let name: String
                var title: Text { Text("\(name) is now open") }
            }

            """#
        let result = TipKitRulePasteTests.compile(text)
        #expect(
            result.diagnostics.map(\.message) == [
                "'struct NewTrailTip: Tip' is TipKit's Swift; in .tips it is: tip NewTrailTip(trailID: String, "
                    + #"name: String) { id "new-trail-\(trailID)"; title "\(name) is now open" }"#
            ])
        let fix = try #require(result.diagnostics.first?.fixIts.first)
        let fixed = fix.applied(to: text)
        #expect(
            fixed
                == #"tip NewTrailTip(trailID: String, name: String) {"# + "\n"
                + #"    id "new-trail-\(trailID)""# + "\n" + #"    title "\(name) is now open""# + "\n}\n")
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.filter { $0.severity == .error }.map(\.message) == [])
    }

    @Test(arguments: [
        // A property of a type no tip argument has.
        "let trail: Trail\n    var title: Text { Text(\"\\(trail.name)\") }",
        // An interpolation of something other than a stored property.
        "let name: String\n    var title: Text { Text(\"\\(name.uppercased())\") }",
    ])
    func aStoredPropertyOrInterpolationWithNoTipsSpellingLeavesTheStructUntranslated(_ members: String) {
        let text = "struct Hint: Tip {\n    " + members + "\n}\n"
        let messages = TipKitRulePasteTests.compile(text).diagnostics.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("title, message, image, action, rule, maxDisplayCount") == true)
    }

    @Test func aMemberWithNoTipsSpellingLeavesTheStructUntranslated() {
        let text = """
            struct Profile: Tip, Sendable {
                var title: Text { Text("See who viewed you") }
                var body: some View { Text("x") }
            }
            tip After {
                title "After"
            }

            """
        let result = TipKitRulePasteTests.compile(text)
        #expect(
            result.diagnostics.map(\.message) == [
                "'struct Profile: Tip' is TipKit's Swift; in .tips a tip is declared as 'tip Profile {' with its "
                    + "items one a line: title, message, image, action, rule, maxDisplayCount",
                #"tip 'After' has no rules, no options and is in no group; it shows to everyone at once"#,
            ])
        #expect(result.diagnostics.first?.fixIts == [])
    }

    static let donationType = """
        struct ArticleDonation: Codable, Sendable {
            let category: String
            let wordCount: Int
        }

        """
    static let typedEventTip = """
        struct ArticleTip: Tip {
            static let readArticle = Tips.Event<ArticleDonation>(id: "readArticle")
            var title: Text { Text("Read more Swift") }
            var rules: [Rule] {
                #Rule(Self.readArticle) { $0.donations.filter { $0.category == "swift" }.count >= 3 }
            }
        }

        """

    /// A TipKit event with a donation type, `Tips.Event<ArticleDonation>`,
    /// its struct pasted beside the tip (before it or after it) or inside
    /// it: the tip's translation declares the event with the struct's
    /// fields, the struct's own error writes that event (or, once the event
    /// is declared, removes the struct), and the fixes in either order leave
    /// a file that checks clean.
    @Test(arguments: [(true, true), (true, false), (false, true), (false, false)])
    func aTypedEventsDonationTypeBecomesTheEventsFields(_ typeFirst: Bool, _ tipFixedFirst: Bool) throws {
        var text = typeFirst ? Self.donationType + Self.typedEventTip : Self.typedEventTip + Self.donationType
        let event = "event readArticle(category: String, wordCount: Int)"
        let first = TipKitRulePasteTests.compile(text).diagnostics
        #expect(
            first.map(\.message).sorted() == [
                "'struct ArticleDonation' is the donation type of TipKit's event 'readArticle'; in .tips it is: "
                    + event,
                "'struct ArticleTip: Tip' is TipKit's Swift; in .tips it is: \(event); tip ArticleTip { title "
                    + #""Read more Swift"; rule readArticle.donations.where(.category == "swift").count >= 3 }"#,
            ])
        for _ in 0..<2 {
            let diagnostics = TipKitRulePasteTests.compile(text).diagnostics
            let tip = diagnostics.first { $0.message.hasPrefix("'struct ArticleTip") }
            let chosen = tipFixedFirst ? tip ?? diagnostics.first : diagnostics.first { $0 != tip } ?? tip
            let fix = try #require(chosen?.fixIts.first)
            text = fix.applied(to: text)
        }
        #expect(TipKitRulePasteTests.compile(text).diagnostics.map(\.message) == [])
        #expect(text.components(separatedBy: "event readArticle").count == 2)
    }

    /// `text` with the first fix of its first diagnostic that has one
    /// applied, until none has: what an editor's quick fixes leave.
    static func applyingEveryFix(to text: String) -> String {
        var text = text
        for _ in 0..<10 {
            let diagnostics = TipKitRulePasteTests.compile(text).diagnostics
            guard let fix = diagnostics.lazy.compactMap(\.fixIts.first).first else { break }
            text = fix.applied(to: text)
        }
        return text
    }

    /// A Swift enum pasted as the app declares it: its raw type and
    /// conformances are one error and one edit, its `case`s (one a line, or
    /// several after one) one error and one edit, and the two leave the
    /// enum `.tips` writes, comments kept.
    @Test(arguments: [
        (
            "enum Plan: String, Codable, CaseIterable {\n    case free // the default\n    case pro\n}\n",
            "enum Plan {\n    free // the default\n    pro\n}\n"
        ),
        ("enum Plan: String, Codable { case free, pro }\n", "enum Plan { free, pro }\n"),
    ])
    func aSwiftEnumIsFixedInTwoEdits(_ pasted: String, _ expected: String) {
        let text = pasted + "parameter plan: Plan = .free\n"
        #expect(
            TipKitRulePasteTests.compile(text).diagnostics.map(\.message).sorted() == [
                "remove ': String, Codable\(pasted.contains("CaseIterable") ? ", CaseIterable" : "")': a case of enum "
                    + "'Plan' is its own value, and tipc writes the Swift enum's conformances",
                "write the cases without 'case', as in enum Plan { first, second }",
            ])
        let fixed = Self.applyingEveryFix(to: text)
        #expect(fixed == expected + "parameter plan: Plan = .free\n")
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.map(\.message) == [])
    }

    /// A donation field or a stored property whose type is an enum the file
    /// declares (pasted as Swift, or inside the tip) is translated with that
    /// type, the enum inside the tip declared at file scope; the fixes leave
    /// a file that checks clean.
    @Test func aFieldOrArgumentOfAnEnumTheFileDeclaresIsTranslated() {
        let text = """
            enum Plan: String, Codable {
                case free, pro
            }

            struct UpgradeTip: Tip {
                static let upgraded = Tips.Event<Upgrade>(id: "upgraded")
                struct Upgrade: Codable, Sendable {
                    let plan: Plan
                }
                var title: Text { Text("Upgrade") }
                var rules: [Rule] {
                    #Rule(Self.upgraded) { $0.donations.filter { $0.plan == .pro }.count >= 3 }
                }
            }

            struct TierTip: Tip {
                enum Tier: String, Codable {
                    case gold
                    case silver
                }
                let tier: Tier
                var id: String { "tier-\\(tier)" }
                var title: Text { Text("Your tier") }
            }

            """
        let messages = TipKitRulePasteTests.compile(text).diagnostics.map(\.message)
        #expect(
            messages.contains(
                "'struct UpgradeTip: Tip' is TipKit's Swift; in .tips it is: event upgraded(plan: Plan); tip "
                    + #"UpgradeTip { title "Upgrade"; rule upgraded.donations.where(.plan == .pro).count >= 3 }"#))
        #expect(
            messages.contains(
                "'struct TierTip: Tip' is TipKit's Swift; in .tips it is: enum Tier { gold, silver }; tip "
                    + #"TierTip(tier: Tier) { id "tier-\(tier)"; title "Your tier" }"#))
        let fixed = Self.applyingEveryFix(to: text)
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        #expect(fixed.contains("event upgraded(plan: Plan)") && fixed.contains("enum Tier { gold, silver }"))
    }

    /// An enum inside the tip that `.tips` cannot spell (a raw value) leaves the tip untranslated.
    @Test func anEnumWithRawValuesLeavesTheStructUntranslated() {
        let text = """
            struct PlanTip: Tip {
                enum Plan: String { case free = "f" }
                var title: Text { Text("Plan") }
            }

            """
        let messages = TipKitRulePasteTests.compile(text).diagnostics.map(\.message)
        #expect(messages.first?.hasSuffix("title, message, image, action, rule, maxDisplayCount") == true)
    }

    /// TipKit's members pasted one by one into a `.tips` tip, as someone
    /// moving a tip over writes them: each is one error with its items, and
    /// the fixes leave the tip `.tips` writes.
    @Test func aMemberPastedIntoATipIsItsItems() {
        let text = """
            parameter isLoggedIn: Bool = false
            tip Welcome {
                var title: Text {
                    Text("Welcome back")
                }
                var image: Image? { Image(systemName: "star") }
                var rules: [Rule] {
                    #Rule(Self.$isLoggedIn) { $0 == true }
                }
                var options: [Option] { MaxDisplayCount(3) }
                var body: some View { Text("x") }
            }

            """
        #expect(
            TipKitRulePasteTests.compile(text).diagnostics.map(\.message) == [
                #"'var title' is TipKit's Swift; in .tips it is: title "Welcome back""#,
                #"'var image' is TipKit's Swift; in .tips it is: image "star""#,
                "'var rules' is TipKit's Swift; in .tips it is: rule isLoggedIn == true",
                "'var options' is TipKit's Swift; in .tips it is: maxDisplayCount 3",
                "unknown tip item 'var'; a tip takes title, message, image, id, action, rule, maxDisplayCount, "
                    + "maxDisplayDuration, ignoresDisplayFrequency, invalidatedBy, renamedFrom, snooze or holdout",
            ])
        let fixed = Self.applyingEveryFix(
            to: text.replacingOccurrences(of: "    var body: some View { Text(\"x\") }\n", with: ""))
        #expect(
            fixed == """
                parameter isLoggedIn: Bool = false
                tip Welcome {
                    title "Welcome back"
                    image "star"
                    rule isLoggedIn == true
                    maxDisplayCount 3
                }

                """)
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.map(\.message) == [])
    }

    /// The talk's tip moved over member by member into a `.tips` tip, with
    /// Xcode's formatting (`@Parameter` on a line of its own): each member
    /// is one error, and the fixes leave a file that checks clean.
    @Test func theTalksTipMovedOverMemberByMemberChecksOnceFixed() {
        let text = Self.talksTip.replacingOccurrences(
            of: "struct FavoriteBackyardTip: Tip {", with: "tip FavoriteBackyard {")
        // The parameter, the event, and six members: title, message, asset, actions, rules, options.
        #expect(TipKitRulePasteTests.compile(text).diagnostics.count == 8)
        let fixed = Self.applyingEveryFix(to: text)
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.map(\.message) == [])
        #expect(fixed.hasPrefix("parameter isLoggedIn: Bool = false\n\nevent enteredBackyardDetailView\n\ntip "))
    }

    /// A member being typed, its `}` not yet written, is not closed by the
    /// tip's `}`: no fix that would remove the items after it and the tip's end.
    @Test func aMemberWithoutItsClosingBraceIsNotTranslated() {
        let text = "parameter y: Bool = false\ntip A {\n    var title: Text { Text(\"x\")\n    rule y\n}\n"
        let diagnostics = TipKitRulePasteTests.compile(text).diagnostics
        #expect(diagnostics.first?.message.hasPrefix("unknown tip item 'var'") == true)
        #expect(diagnostics.allSatisfy { $0.fixIts.isEmpty })
    }

    /// An event being typed, its `(` not yet closed, ends at the next item
    /// line, and has no fix to move it: the item after it stays the tip's.
    @Test func anEventBeingTypedKeepsTheItemsAfterIt() {
        let text =
            "parameter y: Bool = false\ntip A {\n    title \"A\"\n    static let opened = Tips.Event(\n    rule y\n}\n"
        let diagnostics = TipKitRulePasteTests.compile(text).diagnostics
        #expect(diagnostics.map(\.message).allSatisfy { !$0.contains("has no rules") })
        #expect(diagnostics.allSatisfy { $0.fixIts.isEmpty })
    }

    /// TipKit's events pasted inside a `.tips` tip, as TipKit declares a
    /// tip's events (over lines, with a type, with a comment after): each
    /// is one error, read as the event so the rules find it, and its fix
    /// moves it above the tip.
    @Test func anEventPastedIntoATipMovesAboveIt() {
        let text = """
            /// The tip.
            tip Backyard {
                title "Save as a Favorite"
                static let enteredView: Event = Event(
                    id: "entered-view"
                )
                static let opened = Tips.Event(id: "opened") // counted
                rule opened.count > 2 && enteredView.count > 1
            }

            """
        let message =
            "this is TipKit's Swift; in .tips an event is declared at file scope, outside the tip's braces, as: "
        #expect(
            TipKitRulePasteTests.compile(text).diagnostics.map(\.message) == [
                message + "event enteredView", message + "event opened",
            ])
        let fixed = Self.applyingEveryFix(to: text)
        #expect(
            fixed == """
                event enteredView

                event opened // counted

                /// The tip.
                tip Backyard {
                    title "Save as a Favorite"
                    rule opened.count > 2 && enteredView.count > 1
                }

                """)
        #expect(TipKitRulePasteTests.compile(fixed).diagnostics.map(\.message) == [])
    }

    @Test(arguments: ["var placedOrder = Tips.Event(id: \"placedOrder\")", "let placedOrder = Event(id: \"x\")"])
    func anEventPastedWithoutStaticIsReadAsOne(_ pasted: String) {
        let text = "tip A {\n    title \"A\"\n    \(pasted)\n    rule placedOrder.count > 0\n}\n"
        #expect(
            TipKitRulePasteTests.compile(text).diagnostics.map(\.message) == [
                "this is TipKit's Swift; in .tips an event is declared at file scope, outside the tip's braces, as: "
                    + "event placedOrder"
            ])
        #expect(TipKitRulePasteTests.compile(Self.applyingEveryFix(to: text)).diagnostics.map(\.message) == [])
    }

    @Test func aDonationTypeInsideTheTipIsTheEventsFields() {
        let text = """
            struct ArticleTip: Tip {
                struct Donation: Codable, Sendable {
                    let category: String
                }
                static let readArticle = Tips.Event<Donation>(id: "readArticle")
                var title: Text { Text("Read more") }
            }

            """
        #expect(
            TipKitRulePasteTests.compile(text).diagnostics.map(\.message) == [
                "'struct ArticleTip: Tip' is TipKit's Swift; in .tips it is: event readArticle(category: String); "
                    + #"tip ArticleTip { title "Read more" }"#
            ])
    }

    @Test(arguments: [
        "struct Point {\n    var x: Int\n}\n",
        "struct Point: Codable {\n}\n",
    ])
    func aStructThatIsNoTipIsNotReadAsOne(_ text: String) {
        let messages = TipKitRulePasteTests.compile(text).diagnostics.map(\.message)
        let expected = "expected a declaration (config, enum, parameter, event, tip or group), found 'struct'"
        #expect(messages.first == expected)
    }

    @Test func aTipNamedStructIsATip() {
        #expect(parseSnippet("tip struct {\n    title \"S\"\n}\n").messages == [])
    }

    @Test(arguments: [
        ("\"learn-more\"", "learnMore"), ("\"share_photo\"", "sharePhoto"), ("\"open\"", "open"),
        ("\"2fa\"", nil),
    ])
    func anActionsIDBecomesItsName(_ id: String, _ name: String?) {
        #expect(TipKitTipTranslation.actionName(id) == name)
    }
}
