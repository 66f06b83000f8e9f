import Testing

@testable import TipsCompiler
@testable import TipsFormat
@testable import TipsLanguageServer
@testable import TipsSyntax

/// The formatter and the language server's index know scenarios.
@Suite struct ScenarioToolingTests {
    static let tips = """
        enum Tier { basic, member }
        parameter tier: Tier = .basic
        event visited(region: String)
        tip Hello(name: String) {
            id "hello-\\(name)"
            title "Hello"
            rule tier == .member
        }
        group Greetings {
            Other
        }
        tip Other {
            title "Other"
            maxDisplayCount 1
        }

        """

    @Test func theFormatterPutsOneStepALineAndKeepsShortRepeatsOnOne() throws {
        let input = """
            scenario "Layout"   {
              set tier = .member;  donate visited(region:"Alps")
                repeat 2 { wait 1d }
              repeat 3 {
            show Hello(name:"a") for 10s; restart
              }
                expect Greetings shows nothing
            }

            """
        let formatted = try #require(TipsFormatter.format(text: input).text)
        #expect(
            formatted == """
                scenario "Layout" {
                    set tier = .member
                    donate visited(region: "Alps")
                    repeat 2 { wait 1d }
                    repeat 3 {
                        show Hello(name: "a") for 10s
                        restart
                    }
                    expect Greetings shows nothing
                }

                """)
        #expect(TipsFormatter.format(text: formatted).text == formatted)
    }

    @Test func scenarioNamesAreReferencesOfWhatTheyName() {
        let scenario = """
            scenario "S" {
                set tier = .member
                donate visited(region: "Alps")
                expect Hello(name: "a") available
                expect Greetings shows Other
            }

            """
        let result = Compilation(
            inputs: [
                CompilationInput(path: "App.tips", text: Self.tips),
                CompilationInput(path: "App.test.tips", text: scenario),
            ],
            options: CompilationOptions(emitsCode: false)
        ).run()
        let file = result.sources.files[1]
        let names = { (symbol: Symbol) in
            result.symbols.references(to: symbol).filter { $0.file == file.id }.map(file.text(in:))
        }
        #expect(names(.parameter("tier")) == ["tier"])
        #expect(names(.enumCase("member", enumeration: "Tier")) == ["member"])
        #expect(names(.event("visited")) == ["visited"])
        #expect(names(.field("region", event: "visited")) == ["region"])
        #expect(names(.tip("Hello")) == ["Hello"])
        #expect(names(.argument("name", tip: "Hello")) == ["name"])
        #expect(names(.group("Greetings")) == ["Greetings"])
        #expect(names(.tip("Other")) == ["Other"])
    }

    /// An `expect` step written as a sentence says it: one error, whose fix
    /// writes the step `.tips` reads, after which the file checks clean.
    @Test(arguments: [
        ("expect available Checkout", "expect Checkout available"),
        ("expect pending Checkout", "expect Checkout pending"),
        ("expect Checkout is available", "expect Checkout available"),
        ("expect Checkout == pending", "expect Checkout pending"),
        ("expect Checkout.available", "expect Checkout available"),
        ("expect Checkout: invalidated(tipClosed)", "expect Checkout invalidated(tipClosed)"),
        ("expect Checkout displayed", "expect Checkout available"),
        ("expect Checkout is shown", "expect Checkout available"),
        ("expect Checkout dismissed", "expect Checkout invalidated(tipClosed)"),
    ])
    func anExpectationWrittenAsASentenceIsOneErrorWhoseFixWritesTheStep(_ written: String, _ fixed: String) throws {
        let text = { (step: String) in
            "parameter isLoggedIn: Bool = false\ntip Checkout {\n    title \"Pay faster\"\n    rule isLoggedIn\n}\n"
                + "scenario \"Checkout\" {\n    \(step)\n}\n"
        }
        let result = TipKitRulePasteTests.compile(text(written))
        #expect(result.diagnostics.count == 1)
        let fix = try #require(result.diagnostics.first?.fixIts.first)
        #expect(fix.applied(to: text(written)) == text(fixed))
        #expect(TipKitRulePasteTests.compile(text(fixed)).diagnostics.map(\.message) == [])
    }

    @Test func eachNameAStepLacksIsDeclaredAboveTheScenarioByItsFix() throws {
        var text = """
            parameter isLoggedIn: Bool = false

            tip Checkout {
                title "Pay faster"
                rule isLoggedIn
            }

            scenario "Checkout" {
                set cartCount = 3
                donate searched(query: "hat")
                expect Checkout available
            }

            """
        for _ in 0..<2 {
            let result = TipKitRulePasteTests.compile(text)
            let fix = try #require(result.diagnostics.first?.fixIts.first)
            text = fix.applied(to: text)
        }
        #expect(TipKitRulePasteTests.compile(text).diagnostics.map(\.message) == [])
        #expect(
            text.hasPrefix(
                """
                parameter isLoggedIn: Bool = false
                parameter cartCount: Int = 0

                tip Checkout {
                    title "Pay faster"
                    rule isLoggedIn
                }

                event searched(query: String)

                scenario "Checkout" {
                """))
    }
}
