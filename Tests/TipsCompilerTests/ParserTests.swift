import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

@Suite struct ParserDeclarationTests {
    @Test func emptyAndCommentOnlyFilesParseToNothing() {
        for text in ["", "\n\n", "// just a comment\n/* and a block */\n"] {
            let parsed = parseSnippet(text)
            #expect(parsed.syntax.declarations.isEmpty)
            #expect(parsed.diagnostics.isEmpty)
        }
    }

    @Test func aFieldsDefaultIsOneErrorWhoseFixRemovesIt() throws {
        let text = "event opened(count: Int = 0, kind: String)\n"
        let parsed = parseSnippet(text)
        #expect(parsed.messages.count == 1)
        let fix = try #require(parsed.diagnostics.first?.fixIts.first)
        #expect(fix.applied(to: text) == "event opened(count: Int, kind: String)\n")
        #expect(parsed.syntax.declarations.count == 1)
    }

    /// A line that reads as a declaration without its keyword is one error
    /// whose fix adds the keyword, and is read as that declaration.
    @Test(arguments: [
        ("isSharing: Bool = false\n", "parameter isSharing: Bool = false\n"),
        ("transient isMoving: Bool = false\n", "transient parameter isMoving: Bool = false\n"),
        ("shared(region: String) keep 10\n", "event shared(region: String) keep 10\n"),
        (
            "Listed(trail: String) {\n    id \"l-\\(trail)\"\n    title \"Hi\"\n}\n",
            "tip Listed(trail: String) {\n    id \"l-\\(trail)\"\n    title \"Hi\"\n}\n"
        ),
        ("Welcome {\n    title \"Hi\"\n}\n", "tip Welcome {\n    title \"Hi\"\n}\n"),
    ])
    func aDeclarationWithoutItsKeywordIsOneErrorWhoseFixAddsIt(_ text: String, _ fixed: String) throws {
        let parsed = parseSnippet(text)
        #expect(parsed.messages.count == 1)
        #expect(parsed.syntax.declarations.count == 1)
        let fix = try #require(parsed.diagnostics.first?.fixIts.first)
        #expect(fix.applied(to: text) == fixed)
        #expect(parseSnippet(fixed).diagnostics.isEmpty)
    }

    /// A line that does not read as a declaration is not given a keyword.
    @Test(arguments: ["isSharing\n", "Plan { free, pro }\n", "shared(1, 2)\n", "title: \"Hi\"\n"])
    func aLineThatIsNoDeclarationGetsNoKeyword(_ text: String) {
        let parsed = parseSnippet(text)
        #expect(!parsed.messages.isEmpty)
        #expect(!parsed.messages.contains { $0.hasPrefix("expected a declaration; add") })
        #expect(parsed.syntax.declarations.isEmpty)
    }

    @Test func blocksMayStandOnOneLine() {
        let parsed = parseSnippet("tip A { title \"Hi\"; rule x }\nenum Plan { free, pro }\ngroup G ordered { A B }")
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.syntax.declarations.count == 3)
        guard case .tip(let tip) = parsed.syntax.declarations[0] else {
            Issue.record("not a tip")
            return
        }
        #expect(tip.items.count == 2)
        #expect(parsed.text(tip.range) == "tip A { title \"Hi\"; rule x }")
        #expect(parsed.text(tip.items[0].range) == "title \"Hi\"")
        #expect(parsed.text(tip.items[0].keyword) == "title")
    }

    @Test func keywordsAreContextual() {
        let text = """
            parameter title: String = "x"
            event rule(message: String)
            tip message {
                title "T"
                rule title == "x" && rule.count > 0
                invalidatedBy rule
            }
            """
        let parsed = parseSnippet(text)
        #expect(parsed.diagnostics.isEmpty)
        #expect(parsed.syntax.declarations.count == 3)
        guard case .event(let event) = parsed.syntax.declarations[1] else {
            Issue.record("not an event")
            return
        }
        #expect(event.name.name == "rule")
        #expect(event.fields.map(\.name.name) == ["message"])
    }

    @Test func docCommentsAttachToTheNextDeclaration() {
        let text = """
            /// First line.
            ///Second line.
            tip A { title "A" }
            /// Not carried into B's body.
            tip B {
                /// Ignored inside a body.
                title "B"
            }
            //// Four slashes are a plain comment.
            event e
            """
        let parsed = parseSnippet(text)
        #expect(parsed.diagnostics.isEmpty)
        let docs = parsed.syntax.declarations.map { declaration -> [String]? in
            switch declaration {
            case .tip(let tip): tip.doc?.lines
            case .event(let event): event.doc?.lines
            default: nil
            }
        }
        #expect(docs == [["First line.", "Second line."], ["Not carried into B's body."], nil])
    }

    @Test func aDocLineLosesItsSlashesAndOneSpaceOnly() {
        let parsed = parseSnippet("///  Indented.\n///\n/// café\n///\tTab.\ntip A { title \"A\" }")
        guard case .tip(let tip) = parsed.syntax.declarations.first else {
            Issue.record("not a tip")
            return
        }
        #expect(tip.doc?.lines == [" Indented.", "", "café", "\tTab."])
    }

    @Test func docCommentOnATransientParameterAttaches() {
        let parsed = parseSnippet("/// Editing.\ntransient parameter isEditing: Bool = false")
        guard case .parameter(let parameter) = parsed.syntax.declarations.first else {
            Issue.record("not a parameter")
            return
        }
        #expect(parameter.doc?.lines == ["Editing."])
        #expect(parameter.transient != nil)
        #expect(parsed.text(parameter.range) == "transient parameter isEditing: Bool = false")
    }

    @Test func eventKeepClauseTakesACountADurationOrBoth() {
        let parsed = parseSnippet("event a keep 200, 30d\nevent b keep 10\nevent c keep 2w\nevent d")
        #expect(parsed.diagnostics.isEmpty)
        let keeps = parsed.syntax.declarations.map { declaration -> String in
            guard case .event(let event) = declaration else { return "?" }
            guard let keep = event.keep else { return "none" }
            return "\(keep.count?.value ?? -1) \(keep.duration?.totalSeconds ?? -1)"
        }
        #expect(keeps == ["200 2592000", "10 -1", "-1 1209600", "none"])
    }

    @Test func tipArgumentsAreNilWithoutParenthesesAndEmptyWithThem() {
        let parsed = parseSnippet("tip A { title \"A\" }\ntip B() { title \"B\" }")
        let arguments = parsed.syntax.declarations.map { declaration -> [FieldSyntax]? in
            guard case .tip(let tip) = declaration else { return nil }
            return tip.arguments
        }
        #expect(arguments[0] == nil)
        #expect(arguments[1]?.isEmpty == true)
    }

    @Test func configEveryDuration() {
        let parsed = parseSnippet("config { displayFrequency every 3d }")
        guard case .config(let config) = parsed.syntax.declarations.first,
            case .displayFrequency(.every(let duration, _), _, _) = config.items.first
        else {
            Issue.record("not a config with every")
            return
        }
        #expect(duration.totalSeconds == 3 * 86_400)
    }
}

@Suite struct ParserExpressionTests {
    /// The dump of the one rule in `tip A { rule <expression> }`, without ranges.
    func rule(_ expression: String) -> String {
        let parsed = parseSnippet("tip A {\n    rule \(expression)\n}")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.messages)")
        let lines = parsed.dump.split(separator: "\n").dropFirst(3)
        return lines.map { line in
            let text = String(line.dropFirst(6))
            guard let bracket = text.range(of: " [", options: .backwards) else { return text }
            return String(text[..<bracket.lowerBound])
        }.joined(separator: "; ")
    }

    @Test func andBindsTighterThanOr() {
        #expect(rule("a || b && c") == "Binary ||;   Name a;   Binary &&;     Name b;     Name c")
    }

    @Test func arithmeticPrecedenceAndLeftAssociativity() {
        #expect(
            rule("a - b - c * d > 1")
                == "Binary >;   Binary -;     Binary -;       Name a;       Name b;     Binary *;       Name c;       Name d;   Integer 1"
        )
    }

    @Test func prefixOperatorsBindTightest() {
        #expect(rule("!a == -b") == "Binary ==;   Unary !;     Name a;   Unary -;     Name b")
    }

    @Test func postfixChainsAndLabelledArguments() {
        #expect(
            rule("E.donations.largestSubset(by: .id).count")
                == "Member .count;   Call;     Member .largestSubset;       Member .donations;         Name E;     Argument by:;       ImplicitMember .id"
        )
    }

    @Test func literalsOfEveryKind() {
        #expect(
            rule("f(true, false, 1, 2.5, \"s\", 3d)")
                == "Call;   Name f;   Argument;     Boolean true;   Argument;     Boolean false;   Argument;     Integer 1;   Argument;     Decimal 2.5;   Argument;     String \"s\";   Argument;     Duration 3d"
        )
    }

    @Test func aRuleContinuesOnLinesStartingWithAnOperatorOrADot() {
        #expect(rule("a\n        && b") == "Binary &&;   Name a;   Name b")
        #expect(rule("E.donations\n        .count") == "Member .count;   Member .donations;     Name E")
        #expect(rule("f(1,\n        2)") == "Call;   Name f;   Argument;     Integer 1;   Argument;     Integer 2")
    }

    @Test func expressionRangesCoverTheirOperands() {
        let parsed = parseSnippet("tip A { rule !(a.b(1) >= 2) }")
        guard case .tip(let tip) = parsed.syntax.declarations.first, case .rule(let expr, _) = tip.items.first?.kind
        else {
            Issue.record("no rule")
            return
        }
        #expect(parsed.text(expr.range) == "!(a.b(1) >= 2)")
        guard case .unary(_, let operand, let operatorRange, _) = expr else {
            Issue.record("not unary")
            return
        }
        #expect(parsed.text(operatorRange) == "!")
        #expect(parsed.text(operand.range) == "(a.b(1) >= 2)")
    }
}

@Suite struct ParserLimitTests {
    static let deep = "expression is nested too deeply; split it into several rules"

    func expectOneDeepError(_ rule: String) {
        let start = ContinuousClock.now
        let parsed = parseSnippet("tip A {\n    title \"A\"\n    rule \(rule)\n}\ntip B { title \"B\" }\n")
        let elapsed = ContinuousClock.now - start
        #expect(parsed.diagnostics.map(\.message) == [Self.deep])
        #expect(parsed.syntax.declarations.count == 2)
        #expect(elapsed < .seconds(5))
    }

    @Test func fiftyThousandParenthesesGiveOneDiagnostic() {
        expectOneDeepError(String(repeating: "(", count: 50_000) + "a")
    }

    @Test func aHundredThousandBangsGiveOneDiagnostic() {
        expectOneDeepError(String(repeating: "!", count: 100_000) + "a")
    }

    @Test func longOperatorAndMemberChainsAreLimitedToo() {
        expectOneDeepError(Array(repeating: "a", count: 10_000).joined(separator: " && "))
        expectOneDeepError("a" + String(repeating: ".b", count: 10_000))
        expectOneDeepError("a" + String(repeating: "(1)", count: 10_000))
    }

    @Test func nestingUpToTheLimitIsAccepted() {
        let parsed = parseSnippet(
            "tip A { rule \(String(repeating: "(", count: 150))a\(String(repeating: ")", count: 150)) }")
        #expect(parsed.diagnostics.isEmpty)
    }
}

@Suite struct ParserLineEndingTests {
    static let sample = """
        /// Doc.
        parameter isLoggedIn: Bool = false
        tip A {
            title "Hi"
            rule isLoggedIn
                && !isLoggedIn
        }
        """

    @Test func windowsLineEndingsParseLikeUnixOnes() {
        let unix = parseSnippet(Self.sample)
        let windows = parseSnippet(Self.sample.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(windows.diagnostics.isEmpty)
        #expect(windows.syntax.declarations.count == unix.syntax.declarations.count)
        guard case .parameter(let parameter) = windows.syntax.declarations.first else {
            Issue.record("not a parameter")
            return
        }
        #expect(parameter.doc?.lines == ["Doc."])
    }

    @Test func aByteOrderMarkIsIgnored() {
        var sources = SourceManager()
        let file = sources.add(path: "bom.tips", bytes: [0xEF, 0xBB, 0xBF] + Array(Self.sample.utf8))
        var engine = DiagnosticEngine()
        let syntax = Parser.parse(file, diagnostics: &engine)
        #expect(engine.reported.isEmpty)
        #expect(syntax.declarations.count == 2)
    }
}

@Suite struct ParserDeclarationKeywordTests {
    @Test func enumCasesAndGroupMembersMayBeNamedLikeDeclarations() {
        let parsed = parseSnippet("enum Kind {\n    tip\n    event\n    group\n}\ngroup G {\n    config\n    event\n}")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.messages)")
        guard case .enumeration(let kind) = parsed.syntax.declarations.first,
            case .group(let group) = parsed.syntax.declarations.last
        else {
            Issue.record("expected an enum and a group")
            return
        }
        #expect(kind.cases.map(\.name) == ["tip", "event", "group"])
        #expect(group.members.map(\.name) == ["config", "event"])
    }
}
