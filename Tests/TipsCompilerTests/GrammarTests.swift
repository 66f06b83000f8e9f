import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Keeps `Grammar/tips.ebnf` and the parser in step.
@Suite struct GrammarTests {
    /// The SYNTAX section of the grammar (before the lexical structure), comments removed.
    static func syntaxSection() throws -> String {
        let url = Fixtures.packageRoot.appendingPathComponent("Grammar/tips.ebnf")
        let text = try String(contentsOf: url, encoding: .utf8)
        let syntax = text.components(separatedBy: "(* ==== LEXICAL STRUCTURE ==== *)")[0]
        return syntax.replacing(try Regex(#"\(\*[\s\S]*?\*\)"#), with: "")
    }

    /// Every quoted word in the SYNTAX section.
    static func quotedWords() throws -> Set<String> {
        let syntax = try syntaxSection()
        let matches = syntax.matches(of: try Regex(#""([A-Za-z_][A-Za-z0-9_]*)""#))
        return Set(matches.compactMap { $0.output[1].substring.map(String.init) })
    }

    /// The names of the rules defined in the SYNTAX section.
    static func ruleNames() throws -> [String] {
        let syntax = try syntaxSection()
        let matches = syntax.matches(of: try Regex(#"(?m)^([a-z_]+)\s*="#))
        return matches.compactMap { $0.output[1].substring.map(String.init) }
    }

    /// `tip_decl` → `parseTipDecl`.
    static func functionName(forRule rule: String) -> String {
        "parse" + rule.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    @Test func everyParserKeywordIsInTheGrammar() throws {
        let words = try Self.quotedWords()
        #expect(Parser.keywords.subtracting(words).isEmpty, "missing from tips.ebnf")
    }

    @Test func everyGrammarKeywordIsInTheParser() throws {
        let words = try Self.quotedWords()
        #expect(words.subtracting(Parser.keywords).isEmpty, "missing from Parser.keywords")
    }

    /// The editors' highlighting (Neovim's syntax file, the TextMate
    /// grammar VS Code reads) and the fuzzer's dictionary know every word of
    /// the language: a keyword added to the parser alone would show as a
    /// plain name, and the fuzzer would rarely write it.
    @Test(arguments: [
        "Editors/neovim/syntax/tips.vim", "Editors/vscode/syntaxes/tips.tmLanguage.json", "Fuzz/tips.dict",
    ])
    func everyKeywordIsKnown(_ path: String) throws {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let words = Set(text.matches(of: try Regex(#"[A-Za-z]+"#)).map { String(text[$0.range]) })
        let missing = Keyword.allCases.map(\.rawValue).filter { !words.contains($0) }
        #expect(missing.isEmpty, "\(path) lacks \(missing)")
    }

    /// Rules that are parsed inline by their parent rule rather than by a function of their own.
    static let inlineRules: Set<String> = [
        "separator", "case_separator", "field", "comparison_operator", "argument", "literal", "count",
    ]

    @Test func everySyntaxRuleHasAParseFunction() throws {
        let directory = Fixtures.packageRoot.appendingPathComponent("Sources/TipsSyntax/Parser")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let source = try files.filter { $0.hasSuffix(".swift") }.map {
            try String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8)
        }.joined()
        let rules = try Self.ruleNames()
        #expect(rules.count >= 25)
        for rule in rules where !Self.inlineRules.contains(rule) {
            let name = Self.functionName(forRule: rule)
            #expect(source.contains("func \(name)("), "rule '\(rule)' has no \(name)")
        }
    }
}
