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
        var sources = SourceManager()
        _ = sources.add(path: "App.tips", text: Self.tips)
        _ = sources.add(
            path: "App.test.tips",
            text: """
                scenario "S" {
                    set tier = .member
                    donate visited(region: "Alps")
                    expect Hello(name: "a") available
                    expect Greetings shows Other
                }

                """)
        let index = SymbolIndex(sources: sources)
        let file = sources.files[1]
        let names = { (key: SymbolKey) in index.ranges(of: key).filter { $0.file == file.id }.map(file.text(in:)) }
        #expect(names(.global("tier")) == ["tier"])
        #expect(names(.enumCase("Tier", "member")) == ["member"])
        #expect(names(.global("visited")) == ["visited"])
        #expect(names(.field("visited", "region")) == ["region"])
        #expect(names(.global("Hello")) == ["Hello"])
        #expect(names(.argument("Hello", "name")) == ["name"])
        #expect(names(.global("Greetings")) == ["Greetings"])
        #expect(names(.global("Other")) == ["Other"])
    }
}
