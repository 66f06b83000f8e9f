import Testing
@_spi(TipsCompiler) import TipsRuntime

@testable import TipsCompiler

/// A rule's one lowering is its text (`RuntimeLowering+Rules.swift`): what
/// the text of each checked expression reads back as, in the runtime's
/// reader, is the tree the rule means; and the text names what the rule
/// reads in the order it reads it, which orders the generated file's tables.
@Suite struct RuleTextLoweringTests {
    private enum LoweringTestError: Error { case noTip }

    private static let source = """
        enum Plan { free, pro }
        parameter plan: Plan = .free
        parameter ratio: Double = 2.5
        transient parameter name: String = "a \\"quoted\\" \\\\ name \\u{1F426}"
        event seen(region: String, level: Int) keep 5, 2w
        event saved(level: Int)
        tip Every(region: String) {
            id "every-\\(region)"
            title "In \\(region)"
            rule !(seen.donations.within(2d).where(.region == region && .level < 2).largestSubset(by: .region).count >= 3) || plan != .pro
            rule -ratio < 0.5 && ratio * 2 + 1 > 3.5 && name != "x" && saved.donations.smallestSubset(by: .level).count / 2 == 0
            rule saved.donations.within(90m).count > 1 - 1
        }
        """

    private static func lowered() throws -> (LoweredTip, RuntimeLowering) {
        let result = Compilation(inputs: [CompilationInput(path: "Every.tips", text: source)]).run()
        let diagnostics = result.renderedDiagnostics()
        guard let program = result.program else {
            Issue.record("\(diagnostics)")
            throw LoweringTestError.noTip
        }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let lowering = RuntimeLowering(program)
        guard case .tip(let tip)? = program.files.first?.declarations.last else {
            throw LoweringTestError.noTip
        }
        return (lowering.lower(tip), lowering)
    }

    @Test func eachRulesTextReadsBackAsTheTreeItMeans() throws {
        let (tip, _) = try Self.lowered()
        let plan = Tips.ParameterReference(id: "plan", defaultValue: .enumCase("free"))
        let ratio = Tips.ParameterReference(id: "ratio", defaultValue: .double(2.5))
        let name = Tips.ParameterReference(
            id: "name", defaultValue: .string("a \"quoted\" \\ name \u{1F426}"), isTransient: true)
        let seen = Tips.Event(id: "seen", keepCount: 5, keepDuration: 1_209_600)
        let saved = Tips.Event(id: "saved")
        let filter = RuleExpression.binary(
            .and, .binary(.equal, .field("region"), .argument(name: "region", value: .string(""))),
            .binary(.less, .field("level"), .literal(.int(2))))
        let first = RuleExpression.binary(
            .or,
            .not(
                .binary(
                    .greaterOrEqual,
                    .count(
                        EventQuery(
                            event: seen,
                            steps: [.within(seconds: 172_800), .filter(filter), .largestSubset(by: "region")])),
                    .literal(.int(3)))),
            .binary(.notEqual, .parameter(plan), .literal(.enumCase("pro"))))
        let second = RuleExpression.binary(
            .and,
            .binary(
                .and,
                .binary(
                    .and, .binary(.less, .negate(.parameter(ratio)), .literal(.double(0.5))),
                    .binary(
                        .greater,
                        .binary(
                            .add, .binary(.multiply, .parameter(ratio), .literal(.double(2))), .literal(.double(1))),
                        .literal(.double(3.5)))),
                .binary(.notEqual, .parameter(name), .literal(.string("x")))),
            .binary(
                .equal,
                .binary(
                    .divide, .count(EventQuery(event: saved, steps: [.smallestSubset(by: "level")])),
                    .literal(.int(2))),
                .literal(.int(0))))
        let third = RuleExpression.binary(
            .greater, .count(EventQuery(event: saved, steps: [.within(seconds: 5_400)])),
            .binary(.subtract, .literal(.int(1)), .literal(.int(1))))
        #expect(tip.rules.map(\.expression) == [first, second, third])
        #expect(tip.rules.map(\.line) == [10, 11, 12])
        #expect(tip.rules.map(\.file) == ["Every.tips", "Every.tips", "Every.tips"])
        #expect(tip.rules.first?.source.hasPrefix("!(seen.donations") == true)
        // An instance reads its own argument.
        let instance = tip.instance(["region": .string("north")])
        guard case .binary(_, .not(.binary(_, .count(let query), _)), _)? = instance.rules.first?.expression,
            case .filter(.binary(_, .binary(_, _, let argument), _)) = query.steps[1]
        else {
            Issue.record("the instance's first rule is not a query: \(instance.rules)")
            return
        }
        #expect(argument == .argument(name: "region", value: .string("north")))
    }

    @Test func theTextNamesWhatTheRuleReadsInOrder() throws {
        let (tip, _) = try Self.lowered()
        var names: [String] = []
        var text = RuleTextWriter(capacity: 64)
        for rule in tip.declaration.rules {
            rule.writeText(to: &text) { name in
                switch name {
                case .parameter(let id): names.append("parameter " + id)
                case .event(let id): names.append("event " + id)
                case .argument(let argument): names.append("argument " + argument)
                }
            }
        }
        #expect(
            names == [
                "event seen", "argument region", "parameter plan", "parameter ratio", "parameter ratio",
                "parameter name", "event saved", "event saved",
            ])
    }

    @Test func aRulesTextIsTheRuntimesForm() throws {
        let (tip, _) = try Self.lowered()
        var text = RuleTextWriter(capacity: 64)
        tip.declaration.rules[2].writeText(to: &text) { _ in }
        #expect(text.text == "12 (> (count saved (within 5400.0)) (- 1 1)) saved.donations.within(90m).count > 1 - 1")
    }
}
