import Testing

@testable import TipsRuntime

/// The text generated code writes rules and options in reads back as the
/// same rules and options (every golden is checked end to end by
/// `LoweringAgreementTests`; these check each form and what happens to a
/// text that cannot be read).
@Suite struct RuleTextTests {
    private let parameter = Tips.ParameterReference(id: "plan", defaultValue: .enumCase("free"), isTransient: false)
    private let event = Tips.Event(id: "visited", keepCount: 5, keepDuration: 86_400)
    private let other = Tips.Event(id: "favorited")
    private var file: Tips.GeneratedFile {
        Tips.GeneratedFile(file: "A.tips", parameters: [parameter], events: [event, other])
    }

    private func roundTrip(_ expression: RuleExpression, arguments: [String: TipValue] = [:]) -> TipRule? {
        let rule = TipRule(expression, source: "a (\"source\") \\ text", file: "A.tips", line: 7)
        let read = file.rules([rule.text], arguments: arguments)
        #expect(read == [rule], "\(rule.text)")
        return read.first
    }

    @Test func everyFormReadsBackAsItWasWritten() {
        let filter = RuleExpression.binary(
            .and, .binary(.less, .field("level"), .negate(.literal(.double(-2.5)))),
            .binary(.equal, .field("region"), .argument(name: "name", value: .string("a \"b\" \\ c \u{1F426}"))))
        let query = EventQuery(
            event: event,
            steps: [
                .within(seconds: 172_800), .filter(filter), .largestSubset(by: "region"), .smallestSubset(by: "id"),
            ])
        let expression = RuleExpression.binary(
            .or,
            .not(.binary(.greaterOrEqual, .count(query), .literal(.int(-3)))),
            .binary(
                .and, .binary(.notEqual, .parameter(parameter), .literal(.enumCase("pro"))),
                .binary(.greater, .literal(.duration(86_400)), .literal(.bool(false)))))
        _ = roundTrip(expression, arguments: ["name": .string("a \"b\" \\ c \u{1F426}")])
        for op in RuleOperator.allCases {
            _ = roundTrip(.binary(op, .literal(.int(1)), .literal(.double(1e16))))
        }
        _ = roundTrip(.binary(.equal, .literal(.string("")), .literal(.bool(true))))
        _ = roundTrip(.count(EventQuery(event: event, steps: [])))
    }

    @Test func aTextThatCannotBeReadIsARuleThatNeverHolds() {
        let texts = [
            "", "7", "x (param plan) plan", "7 (param plan)", "7 (param other) other", "7 (count other) other",
            "7 (arg missing) missing", "7 (>> 1 2) s", "7 (== 1 2", "7 \"open s", "7 (double x) s",
            "7 (count visited (sometimes 3)) s", "7 " + String(repeating: "(! ", count: 2_000) + "true",
        ]
        let rules = file.rules(texts)
        #expect(rules.count == texts.count)
        for (rule, text) in zip(rules, texts) {
            #expect(rule.expression == .literal(.bool(false)), "\(text)")
            #expect(rule.source == "\(text) (tipc wrote a rule this runtime cannot read)")
            #expect(rule.file == "A.tips")
        }
    }

    @Test func everyOptionReadsBackAsItWasWritten() {
        let all = Tips.Options(
            maxDisplayCount: 3, maxDisplayDuration: 90.5, ignoresDisplayFrequency: true,
            invalidatedBy: [event, other], snooze: Tips.Snooze(duration: 172_800, maxCount: 2), holdoutPercent: 10)
        let cases = [
            all, Tips.Options(maxDisplayCount: 1), Tips.Options(snooze: Tips.Snooze(duration: 60)),
            Tips.Options(invalidatedBy: [other]), Tips.Options(ignoresDisplayFrequency: true),
        ]
        for options in cases {
            let texts = [options.text, "7 true s"]
            #expect(file.options(texts) == options, "\(options.text)")
            #expect(file.rules(texts).map(\.source) == ["s"], "\(options.text)")
        }
        #expect(Tips.Options().text.isEmpty)
        #expect(file.options(["7 true s"]) == Tips.Options())
        #expect(
            all.text
                == "(maxDisplayCount 3) (maxDisplayDuration 90.5) (ignoresDisplayFrequency) (invalidatedBy visited favorited) (snooze 172800.0 2) (holdoutPercent 10)"
        )
    }

    @Test func optionsThatCannotBeReadHoldTheTipBackWithARuleThatNeverHolds() {
        let texts = [
            "(", "(maxDisplayCount)", "(maxDisplayCount x)", "(maxDisplayCount 3",
            "(maxDisplayCount 3)(holdoutPercent 1)",
            "(maxDisplayCount 3) ", "(invalidatedBy unknown)", "(snooze 60.0 x)", "(snooze)", "(sometimes 3)",
        ]
        for text in texts {
            #expect(file.options([text, "7 true s"]) == Tips.Options(), "\(text)")
            let rules = file.rules([text, "7 true s"])
            #expect(rules.count == 2, "\(text)")
            #expect(rules.first?.expression == .literal(.bool(false)), "\(text)")
            #expect(rules.first?.source == "\(text) (tipc wrote options this runtime cannot read)")
        }
    }

    @Test func tablesNameEachValueOnceInTheOrderTheRulesReadThem() {
        let count = Tips.ParameterReference(id: "count", defaultValue: .int(0), isTransient: true)
        let rules = [
            TipRule(.binary(.and, .parameter(count), .parameter(parameter)), source: "a", file: "A.tips", line: 1),
            TipRule(
                .binary(
                    .equal, .parameter(count),
                    .count(
                        EventQuery(
                            event: event,
                            steps: [.filter(.binary(.equal, .field("f"), .argument(name: "x", value: .int(1))))]))),
                source: "b", file: "A.tips", line: 2),
        ]
        let names = TipRule.namedValues(rules)
        #expect(names.parameters == ["count", "plan"])
        #expect(names.events == ["visited"])
        #expect(names.arguments == ["x"])
    }
}
