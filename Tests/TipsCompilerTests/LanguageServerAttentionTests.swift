import Foundation
import Testing

@testable import TipsLanguageServer

/// The language server on the attention items: completion offers them where
/// they fit, and hover says what the checked model holds for them.
@Suite struct LanguageServerAttentionTests {
    static let text = """
        config {
            sessionLimit 3
            oneAtATime
        }
        event opened
        tip Remind {
            title "Remind me later"
            rule opened.count >= 1
            snooze 1d, 3
            holdout 10%
        }

        """

    func session(_ text: String = Self.text) throws -> (LanguageServerSession, String) {
        let session = LanguageServerSession()
        let (_, uris) = try session.folder(["Attention.tips": text])
        let uri = try #require(uris["Attention.tips"])
        session.open(uri, text)
        return (session, uri)
    }

    func hover(_ line: Int, _ character: Int) throws -> String? {
        let (session, uri) = try session()
        let hover = session.request("textDocument/hover", LanguageServerSession.at(uri, line, character))
        return hover["result"]["contents"]["value"].stringValue
    }

    @Test func hoverSaysWhatEachItemDoes() throws {
        let limit = try #require(try hover(1, 8))
        #expect(limit.contains("sessionLimit 3") && limit.contains("At most 3 different tips appear in one session"))
        let one = try #require(try hover(2, 6))
        #expect(one.contains("While one tip is on screen, every other tip is pending"))
        let snooze = try #require(try hover(8, 6))
        #expect(snooze.contains("snooze 1d, 3"), "\(snooze)")
        #expect(snooze.contains("hides tip Remind for 1d; the snooze after the 3rd closes it (`tipClosed`)"))
        let holdout = try #require(try hover(9, 6))
        #expect(holdout.contains("holdout 10%") && holdout.contains("10 % of installs never see tip Remind"))
    }

    /// A rule's hover says it in words, as the preview does, then as the compiler reads it.
    @Test func hoverSaysARuleInWords() throws {
        let rule = try #require(try hover(7, 16))
        #expect(rule.contains("rule opened.count >= 1"), "\(rule)")
        #expect(rule.contains("The tip is eligible only while the app recorded opened at least once "), "\(rule)")
        // The same over the `rule` keyword.
        #expect(try hover(7, 5) == rule)
    }

    @Test func completionOffersTheNewItemsWhereTheyFit() throws {
        func complete(_ line: String, at index: Int) throws -> [String] {
            var lines = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.insert(line, at: index)
            let (session, uri) = try session(lines.joined(separator: "\n"))
            let response = session.request(
                "textDocument/completion", LanguageServerSession.at(uri, index, line.utf16.count))
            return (response["result"]["items"].arrayValue ?? []).compactMap { $0["label"].stringValue }
        }
        let config = try complete("    ", at: 3)
        #expect(config.contains("sessionLimit") && config.contains("oneAtATime"), "\(config)")
        let tip = try complete("    ", at: 10)
        #expect(tip.contains("snooze") && tip.contains("holdout"), "\(tip)")
    }

    @Test func durationsAndOrdinalsReadAsTheLanguageWritesThem() {
        #expect(LanguageServer.durationText(86_400) == "1d")
        #expect(LanguageServer.durationText(5_400) == "90m")
        #expect(LanguageServer.durationText(1_209_600) == "2w")
        #expect(LanguageServer.durationText(61) == "61s")
        #expect(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(LanguageServer.ordinal) == [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
            ])
    }
}
