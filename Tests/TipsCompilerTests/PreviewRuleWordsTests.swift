import Testing

@testable import TipsCompiler
@testable import TipsPreview

/// The preview says each rule in words beside the rule as written, for
/// the people who own the copy: what each kind of rule reads as.
@Suite struct PreviewRuleWordsTests {
    /// The words of each rule of tip `T` whose rules are `rules`, one a line.
    static func words(_ rules: String) throws -> [String] {
        let page = try PreviewTests.page(
            """
            enum Tier { basic, member }
            parameter isSignedIn: Bool = false
            parameter savedTrails: Int = 0
            parameter tier: Tier = .basic
            parameter nickname: String = ""
            event opened
            event visited(region: String, level: Int)
            tip T(region: String) {
                id "t-\\(region)"
                title "T"
            \(rules.split(separator: "\n").map { "    rule " + $0 }.joined(separator: "\n"))
            }
            """)
        return page.components(separatedBy: "<span class=\"in-words\">").dropFirst().map {
            String($0.prefix { $0 != "<" }).replacingOccurrences(of: "&#39;", with: "'")
        }
    }

    @Test(arguments: [
        ("isSignedIn", "isSignedIn is true"),
        ("!isSignedIn", "isSignedIn is false"),
        ("isSignedIn == false", "isSignedIn is false"),
        ("3 < savedTrails", "savedTrails is more than 3"),
        ("savedTrails == 0 || tier == .basic", "savedTrails is 0, or tier is basic"),
        (
            "isSignedIn && (savedTrails > 1 || tier != .basic)",
            "isSignedIn is true and (savedTrails is more than 1, or tier is not basic)"
        ),
        ("nickname < \"m\"", "nickname sorts before “m”"),
        ("nickname != \"\"", "nickname is not empty"),
        (".member == tier", "tier is member"),
        ("opened.count + 1 > 2", "(the number of times the app recorded opened) + 1 is more than 2"),
        ("savedTrails * 2 - 1 >= 5", "(savedTrails * 2) - 1 is at least 5"),
        ("opened.count > 0", "the app recorded opened at least once"),
        ("opened.count == 0", "the app has not recorded opened"),
        ("opened.donations.within(5d).count >= 3", "the app recorded opened at least 3 times in the last 5 days"),
        ("opened.donations.within(1d).count == 1", "the app recorded opened exactly once in the last day"),
        ("!(opened.count > 3)", "the app recorded opened at most 3 times"),
        ("2 <= opened.count", "the app recorded opened at least 2 times"),
        ("opened.count < savedTrails", "the app recorded opened fewer than savedTrails times"),
        (
            "visited.donations.within(2w).where(.region == region && .level > 2).largestSubset(by: .region).count > 3",
            "the app recorded visited more than 3 times in the last 2 weeks, where region is the tip's region and level "
                + "is more than 2, with the same region (the one recorded most)"
        ),
    ])
    func aRuleReadsInWords(_ rule: String, _ words: String) throws {
        #expect(try Self.words(rule) == [words])
    }
}
