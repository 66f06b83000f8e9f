import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsPreview
@testable import TipsSyntax

/// `tipc preview`'s page: `.tips` in, exact HTML out (`Fixtures/Preview`), and
/// what the page must say wherever its layout goes. The browser check
/// (`.ci/preview-check.py`) proves the same pages in Chromium.
@Suite struct PreviewTests {
    /// Checks `files` as `tipc preview` does and renders the page.
    static func page(_ files: [CompilationInput], jobs: Int = 1) throws -> String {
        let result = Compilation(inputs: files, options: CompilationOptions(emitsCode: false, jobs: jobs)).run()
        let program = try #require(result.program, "\(result.renderedDiagnostics())")
        return PreviewBackend().render(program, diagnostics: result.diagnostics, sources: result.sources)
    }

    static func page(_ text: String, path: String = "Test.tips") throws -> String {
        try page([CompilationInput(path: path, text: text)])
    }

    /// The markup of the element with `id` (an `article`), up to its closing tag.
    static func article(_ id: String, in page: String) throws -> Substring {
        let start = try #require(
            page.range(of: "<article class=\"tip\" id=\"\(id)\"")
                ?? page.range(of: "<article class=\"tip tip-has-warnings\" id=\"\(id)\""))
        let end = try #require(page.range(of: "</article>", range: start.upperBound..<page.endIndex))
        return page[start.lowerBound..<end.upperBound]
    }

    static var goldenInputs: [String] { Fixtures.names(in: "Preview") }

    @Test(arguments: goldenInputs)
    func pageMatchesGolden(_ name: String) throws {
        let url = Fixtures.url("Preview", name)
        let html = try Self.page([CompilationInput(path: name, bytes: Array(try Data(contentsOf: url)))])
        let expected = url.deletingPathExtension().appendingPathExtension("html")
        if Fixtures.updatesGoldens {
            try Data(html.utf8).write(to: expected, options: .atomic)
            return
        }
        let golden = try String(contentsOf: expected, encoding: .utf8)
        #expect(html == golden, "\(name) differs from its golden page; rerun with TIPC_UPDATE_GOLDENS=1")
    }

    /// Each tip lists the scenarios that name it, each once, with the line
    /// of its name: what pins when the tip shows. A tip none names says so.
    @Test func eachTipListsTheScenariosThatPinIt() throws {
        let html = try Self.page(
            """
            tip A {
                title "A"
                maxDisplayCount 1
            }
            tip B {
                title "B"
                maxDisplayCount 1
            }
            scenario "First" {
                expect A available
                show A
                expect A invalidated(displayCountExceeded)
            }
            scenario "Second" {
                expect A invalidated(displayCountExceeded)
            }
            """)
        let a = try Self.article("tip-A", in: html)
        #expect(a.contains("<li>“First” (Test.tips, line 9)</li><li>“Second” (Test.tips, line 14)</li></ul>"))
        let b = try Self.article("tip-B", in: html)
        #expect(b.contains("None names it yet, so <code>tipc test</code> pins nothing about when it shows"))
    }

    /// A group lists the scenarios that expect what it shows.
    @Test func eachGroupListsTheScenariosThatPinIt() throws {
        let html = try Self.page(
            """
            parameter on: Bool = false
            tip A {
                title "A"
                rule on
            }
            tip B {
                title "B"
            }
            group G firstAvailable { A B }
            group H ordered { B }
            scenario "First" {
                repeat 2 { expect G shows B }
            }
            """)
        #expect(
            html.contains(
                "<p class=\"note group-scenarios\">Scenarios that name it: “First” (Test.tips, line 11).</p>"))
        #expect(
            html.contains(
                "<p class=\"note group-scenarios\">No scenario names it yet, so <code>tipc test</code> pins nothing "
                    + "about what it shows.</p>"))
    }

    @Test func thereIsAGoldenPage() {
        #expect(!Self.goldenInputs.isEmpty)
    }

    @Test func theSamePageWhateverTheJobs() throws {
        let inputs = try Fixtures.names(in: "Preview").map { name in
            CompilationInput(path: name, bytes: Array(try Data(contentsOf: Fixtures.url("Preview", name))))
        }
        #expect(try Self.page(inputs, jobs: 1) == Self.page(inputs, jobs: 4))
    }

    @Test func everyTipIsACardInBothPresentationsAndAppearances() throws {
        let html = try Self.page(
            """
            tip A {
                title "First"
                message "Its message."
                image "star.fill"
                action go "Go"
                action stay "Stay"
                maxDisplayCount 1
            }
            tip B {
                title "Second"
                maxDisplayCount 2
            }

            """)
        for (id, title) in [("tip-A", "First"), ("tip-B", "Second")] {
            let article = try Self.article(id, in: html)
            #expect(article.components(separatedBy: "class=\"tip-card").count - 1 == 4)
            for picture in [
                "preview-inline appearance-light", "preview-inline appearance-dark",
                "preview-popover appearance-light", "preview-popover appearance-dark",
            ] {
                #expect(article.contains(picture), "\(id) lacks \(picture)")
            }
            #expect(article.components(separatedBy: "<p class=\"tip-title\">\(title)</p>").count - 1 == 4)
            #expect(article.components(separatedBy: "<span class=\"tip-close\">").count - 1 == 4)
            #expect(article.components(separatedBy: "<span class=\"anchor\">").count - 1 == 2)
        }
        let first = try Self.article("tip-A", in: html)
        #expect(first.contains("<span class=\"tip-action\" data-action=\"go\">Go</span>"))
        #expect(first.contains("<span class=\"tip-action\" data-action=\"stay\">Stay</span>"))
        #expect(first.contains("star.<wbr>fill"))
        // Only one of the four pictures is read out; the other three repeat it.
        #expect(first.components(separatedBy: "<figure ").count - 1 == 4)
        #expect(first.components(separatedBy: "appearance-light\">").count - 1 == 1)
        #expect(first.components(separatedBy: "\" aria-hidden=\"true\">").count - 1 == 3)
    }

    @Test func copyIsEscaped() throws {
        let html = try Self.page(
            """
            tip A {
                title "Use <b> & \\"quotes\\""
                message "<script>alert(1)</script>"
                maxDisplayCount 1
            }

            """)
        #expect(html.contains("Use &lt;b&gt; &amp; &quot;quotes&quot;"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("<script>alert"))
        #expect(html.components(separatedBy: "<script>").count - 1 == 1)
    }

    @Test func warningsSitOnTheCardTheyConcern() throws {
        let html = try Self.page(
            """
            tip Quiet {
                title "Fine"
                maxDisplayCount 1
            }
            tip Loud {
                title "Buy this now"
                message "One. Two. Three."
                action go "Go"
                maxDisplayCount 1
            }
            tip Alone {
                title "Nothing decides when"
            }

            """)
        let quiet = try Self.article("tip-Quiet", in: html)
        let loud = try Self.article("tip-Loud", in: html)
        let alone = try Self.article("tip-Alone", in: html)
        #expect(!quiet.contains("class=\"warning\""))
        #expect(loud.contains("&#39;buy&#39; reads as promotion"))
        #expect(loud.contains("this message has 3 sentences"))
        #expect(loud.contains("<span class=\"warning-where\">Title, line 6:</span>"))
        #expect(loud.contains("<p class=\"tip-title has-warning\">"))
        #expect(loud.contains("<p class=\"tip-message has-warning\">"))
        #expect(alone.contains("tip &#39;Alone&#39; has no rules"))
        #expect(html.contains("<dt>Warnings</dt>\n") && html.contains("<dd>3</dd>"))
    }

    @Test func reusableTipsShowTheirArgumentsAsSlots() throws {
        let html = try Self.page(
            """
            tip NewTrail(trailID: String, name: String) {
                id "trail-\\(trailID)"
                title "\\(name) is open"
                maxDisplayCount 1
            }

            """)
        let article = try Self.article("tip-NewTrail", in: html)
        #expect(article.contains("<span class=\"slot\" data-slot=\"name\">name</span> is open"))
        #expect(article.contains("<code>trail-<span class=\"slot\" data-slot=\"trailID\">trailID</span></code>"))
        #expect(article.contains("<span class=\"badge\">reusable</span>"))
        #expect(article.contains("No scenario or sample gives values for them yet."))
    }

    @Test func scenarioValuesFillTheSlotsAndSayWhereTheyCameFrom() throws {
        let html = try Self.page([
            CompilationInput(
                path: "Trails.tips",
                text: """
                    tip NewTrail(trailID: String, name: String, length: Int) {
                        id "trail-\\(trailID)"
                        title "\\(name) is open"
                        message "\\(length) km of trail."
                        maxDisplayCount 1
                    }

                    """),
            CompilationInput(
                path: "Trails.test.tips",
                text: """
                    scenario "Nothing named" {
                        wait 1s
                    }
                    scenario "First" {
                        repeat 2 {
                            expect NewTrail(trailID: "r", name: "Ridge <&>", length: 12) available
                        }
                        expect NewTrail(trailID: "r", name: "Ridge <&>", length: 12) available
                    }
                    scenario "Second" {
                        expect NewTrail(trailID: "v", name: "Valley", length: 3) available
                        expect NewTrail(trailID: "r", name: "Ridge <&>",  length: 12) available
                    }

                    """),
        ])
        let article = try Self.article("tip-NewTrail", in: html)
        // The four pictures show the first values, escaped, marked as filled in.
        let title =
            "<p class=\"tip-title\"><span class=\"filled\" data-slot=\"name\">Ridge &lt;&amp;&gt;</span> is open</p>"
        #expect(article.components(separatedBy: title).count - 1 == 4)
        #expect(article.contains("<span class=\"filled\" data-slot=\"length\">12</span> km of trail."))
        #expect(!article.contains("Valley</span> is open"))
        // Where they came from: the scenario that names the tip first, at its line.
        #expect(article.contains("The cards show the values of scenario “First” (Trails.test.tips, line 6):"))
        // The other values once each, however they are spaced; the placeholders stay visible.
        #expect(article.components(separatedBy: "name: &quot;Valley&quot;").count - 1 == 1)
        #expect(!article.contains("scenario “Second” (Trails.test.tips, line 12)"))
        #expect(article.contains("scenario “Second” (Trails.test.tips, line 11)"))
        #expect(article.contains("<li>Title: <span class=\"slot\" data-slot=\"name\">name</span> is open</li>"))
        #expect(article.contains("<code>trail-<span class=\"slot\" data-slot=\"trailID\">trailID</span></code>"))
        #expect(!article.contains("No scenario or sample gives values"))
        #expect(article.contains("data-filter=\"newtrail trail-\\(trailid) \\(name) is open"))
        #expect(article.contains("ridge &lt;&amp;&gt; is open 12 km of trail."))
    }

    @Test func aTestingSwitchGivesValuesAtItsScenario() throws {
        let html = try Self.page(
            """
            tip Daily(day: String) {
                id "daily-\\(day)"
                title "Today: \\(day)"
                maxDisplayCount 1
            }

            scenario "Forced on" {
                override show Daily(day: "Monday")
                expect Daily(day: "Tuesday") available
            }

            """)
        let article = try Self.article("tip-Daily", in: html)
        #expect(article.contains("Today: <span class=\"filled\" data-slot=\"day\">Monday</span>"))
        #expect(article.contains("scenario “Forced on” (Test.tips, line 7):"))
        #expect(article.contains("scenario “Forced on” (Test.tips, line 9)"))
    }

    @Test func rulesOptionsAndGroupsAreInPlainWords() throws {
        let html = try Self.page(
            """
            config { displayFrequency weekly }
            parameter on: Bool = false
            event opened
            event done
            tip A {
                title "A"
                rule on
                rule opened.count >= 2
                maxDisplayCount 5
                maxDisplayDuration 90s
                ignoresDisplayFrequency
                invalidatedBy done
            }
            tip B { title "B" }
            tip C { title "C" }
            group Steps ordered { B A }
            group Either { C A }

            """)
        let article = try Self.article("tip-A", in: html)
        #expect(article.contains("<code class=\"rule\">on</code> <span class=\"where\">line 7</span>"))
        #expect(
            article.contains("<code class=\"rule\">opened.count &gt;= 2</code> <span class=\"where\">line 8</span>"))
        #expect(article.contains("Shown at most 5 times"))
        #expect(article.contains("On screen for at most 1 minute 30 seconds in all"))
        #expect(article.contains("Ignores the display frequency (at most one tip a week)"))
        #expect(article.contains("Stops showing once the app records <code>done</code>"))
        #expect(article.contains("<a href=\"#group-Steps\">Steps</a> (ordered, step 2 of 2)"))
        #expect(article.contains("<a href=\"#group-Either\">Either</a> (first available, one of 2)"))
        #expect(html.contains("<ol class=\"steps\">\n"))
        #expect(html.contains("<ul class=\"set\">\n"))
        let steps = try #require(html.range(of: "<ol class=\"steps\">"))
        let order = html[steps.upperBound...].prefix(300)
        let b = try #require(order.range(of: "#tip-B"))
        let a = try #require(order.range(of: "#tip-A"))
        #expect(b.lowerBound < a.lowerBound)
    }

    @Test func attentionItemsAreInPlainWords() throws {
        let html = try Self.page(
            """
            config {
                sessionLimit 3
                oneAtATime
            }
            event opened
            tip A {
                title "A"
                rule opened.count >= 2
                snooze 1d, 3
                holdout 10%
            }
            tip B {
                title "B"
                rule opened.count >= 1
                snooze 2h
            }

            """)
        #expect(html.contains("At most 3 different tips a session; one tip on screen at a time."))
        let a = try Self.article("tip-A", in: html)
        #expect(a.contains("Snoozes for 1 day, up to 3 times"))
        #expect(a.contains("Held out for 10 % of installs"))
        let b = try Self.article("tip-B", in: html)
        #expect(b.contains("Snoozes for 2 hours, as often as asked"))
        #expect(!b.contains("Held out"))
    }

    @Test func thePageLoadsNothingAndTheFilterStartsHidden() throws {
        let html = try Self.page("tip A {\n    title \"A\"\n    maxDisplayCount 1\n}\n")
        #expect(html.contains("default-src 'none'"))
        for reference in ["src=", "href=\"http", "url(", "@import"] {
            #expect(!html.contains(reference), "the page refers to '\(reference)'")
        }
        #expect(html.contains("<form id=\"filter-box\" class=\"filter\" role=\"search\" hidden>"))
        for landmark in ["<header class=\"page-header\">", "<nav ", "<main id=\"main\">", "<footer "] {
            #expect(html.contains(landmark))
        }
    }

    @Test func aWarningGoesToTheTipOfItsOwnFile() throws {
        let html = try Self.page([
            CompilationInput(path: "A.tips", text: "tip First {\n    title \"Fine\"\n    maxDisplayCount 1\n}\n"),
            CompilationInput(
                path: "B.tips",
                text: "event opened\ntip Second {\n    title \"On sale\"\n    maxDisplayCount 1\n}\n"),
            CompilationInput(path: "C.tips", text: "// nothing here\n"),
        ])
        #expect(!(try Self.article("tip-First", in: html)).contains("class=\"warning\""))
        #expect(try Self.article("tip-Second", in: html).contains("Title, line 3:"))
        #expect(html.contains("<p class=\"empty\">This file declares no tips.</p>"))
        #expect(html.contains("<p class=\"empty\">No groups: every tip shows on its own.</p>"))
    }

    @Test func aFileOfScenariosGetsNoEmptyTipsSection() throws {
        let tips = "event opened\ntip First {\n    title \"Fine\"\n    rule opened.count > 1\n}\n"
        let scenarios = "scenario \"Opens\" {\n    donate opened\n    expect First pending\n}\n"
        let html = try Self.page([
            CompilationInput(path: "A.tips", text: tips), CompilationInput(path: "A.test.tips", text: scenarios),
        ])
        #expect(!html.contains("This file declares no tips."))
        #expect(!html.contains("Tips in <span class=\"file-name\">A.test.tips"))
        #expect(html.contains("Tips in <span class=\"file-name\">A.tips"))
    }

    @Test func aGroupsDocCommentIsNotRepeatedByTheGeneratedSentence() throws {
        let tips = ["A", "B"].map { "tip \($0) {\n    title \"\($0)\"\n    maxDisplayCount 1\n}\n" }.joined()
        let documented = try Self.page(tips + "/// One at a time: B once A is done with.\ngroup G ordered { A B }\n")
        #expect(documented.contains("<p class=\"group-kind\">Ordered.</p>"))
        #expect(!documented.contains("one at a time, in this order"))
        let bare = try Self.page(tips + "group G ordered { A B }\n")
        #expect(bare.contains("Ordered: one at a time, in this order"))
    }

    @Test func tipsAreListedByFileInInputOrder() throws {
        let html = try Self.page([
            CompilationInput(path: "dir/Zeta.tips", text: "tip Z {\n    title \"Z\"\n    maxDisplayCount 1\n}\n"),
            CompilationInput(path: "Alpha.tips", text: "tip A {\n    title \"A\"\n    maxDisplayCount 1\n}\n"),
        ])
        let zeta = try #require(html.range(of: "<h2 id=\"file-Zeta.tips\">"))
        let alpha = try #require(html.range(of: "<h2 id=\"file-Alpha.tips\">"))
        #expect(zeta.lowerBound < alpha.lowerBound)
        #expect(html.contains("<title>Tips preview: Zeta.tips and Alpha.tips</title>"))
        #expect(!html.contains("dir/"))
    }

    @Test func aRenamedTipSaysWhereItsStateWasKept() throws {
        let page = try Self.page(
            """
            parameter on: Bool = true
            tip FavoriteTrail {
                renamedFrom FavoriteTrailTip, "favorite-<v1>"
                title "Save"
                rule on
            }
            tip Plain {
                title "Plain"
                rule on
            }
            """)
        let renamed = try Self.article(PreviewPage.tipAnchor("FavoriteTrail"), in: page)
        #expect(renamed.contains("<dt>Renamed from</dt>"))
        #expect(renamed.contains("Its users' state moves here from:"))
        #expect(renamed.contains("<code>FavoriteTrailTip</code>"))
        #expect(renamed.contains("<code>&quot;favorite-&lt;v1&gt;&quot;</code>"))
        // The filter box finds the tip by an old name too.
        #expect(renamed.contains("data-filter=\"favoritetrail favoritetrailtip favorite-&lt;v1&gt; save"))
        #expect(!(try Self.article(PreviewPage.tipAnchor("Plain"), in: page)).contains("Renamed from"))
    }
}
