import Foundation
import Testing

@testable import TipsRuntime

@Suite struct RuleEvaluatorTests {
    private func evaluator(donations: [String: [StoredDonation]] = [:], now: Double = 1000) -> RuleEvaluator {
        RuleEvaluator(DatastoreSnapshot(donations: donations), transientParameters: [:], now: now)
    }

    private func value(_ expression: RuleExpression) -> TipValue? {
        var evaluator = evaluator()
        return evaluator.evaluate(expression, donation: nil)
    }

    private func binary(_ op: RuleOperator, _ lhs: TipValue, _ rhs: TipValue) -> TipValue? {
        value(.binary(op, .literal(lhs), .literal(rhs)))
    }

    @Test func intWidensToDoubleInMixedArithmeticAndComparisons() {
        #expect(binary(.add, .int(1), .double(0.5)) == .double(1.5))
        #expect(binary(.less, .int(1), .double(1.5)) == .bool(true))
        #expect(binary(.equal, .double(2), .int(2)) == .bool(true))
        #expect(binary(.multiply, .int(6), .int(7)) == .int(42))
        #expect(binary(.divide, .int(7), .int(2)) == .int(3))
    }

    @Test func stringsSupportEveryComparison() {
        #expect(binary(.less, .string("apple"), .string("banana")) == .bool(true))
        #expect(binary(.greaterOrEqual, .string("b"), .string("b")) == .bool(true))
        #expect(binary(.notEqual, .string("a"), .string("b")) == .bool(true))
    }

    @Test func enumsAndBoolsCompareOnlyForEquality() {
        #expect(binary(.equal, .enumCase("pro"), .enumCase("pro")) == .bool(true))
        #expect(binary(.notEqual, .enumCase("pro"), .enumCase("free")) == .bool(true))
        #expect(binary(.less, .enumCase("free"), .enumCase("pro")) == nil)
        #expect(binary(.greater, .bool(true), .bool(false)) == nil)
    }

    @Test func divisionByZeroMakesTheRuleNotHoldWithoutTrapping() {
        var evaluator = evaluator()
        let rule = RuleExpression.binary(
            .greater, .binary(.divide, .literal(.int(1)), .literal(.int(0))), .literal(.int(0)))
        let holds = evaluator.holds(rule)
        #expect(!holds)
        #expect(evaluator.failure == "division by zero")
        #expect(binary(.divide, .double(1), .double(0)) == nil)
    }

    @Test func overflowDoesNotTrap() {
        #expect(binary(.add, .int(.max), .int(1)) == nil)
        #expect(binary(.multiply, .int(.max), .int(2)) == nil)
        #expect(binary(.divide, .int(.min), .int(-1)) == nil)
        #expect(value(.negate(.literal(.int(.min)))) == nil)
        #expect(value(.negate(.literal(.int(3)))) == .int(-3))
    }

    @Test func logicalOperatorsShortCircuit() {
        let failing = RuleExpression.binary(.divide, .literal(.int(1)), .literal(.int(0)))
        #expect(value(.binary(.and, .literal(.bool(false)), failing)) == .bool(false))
        #expect(value(.binary(.or, .literal(.bool(true)), failing)) == .bool(true))
        #expect(value(.not(.literal(.bool(false)))) == .bool(true))
    }

    @Test func parameterOfAnotherTypeFallsBackToDefault() {
        let reference = Tips.ParameterReference(id: "p", defaultValue: .int(5))
        #expect(RuleEvaluator.value(of: reference, parameters: ["p": .string("x")], transient: [:]) == .int(5))
        #expect(RuleEvaluator.value(of: reference, parameters: ["p": .int(9)], transient: [:]) == .int(9))
    }

    private func donations(_ items: [(Double, String)]) -> [String: [StoredDonation]] {
        ["visited": items.map { StoredDonation(date: $0.0, fields: ["region": .string($0.1)]) }]
    }

    private func count(_ steps: [EventQuery.Step], event: Tips.Event = Fixture.visited, now: Double = 1000)
        -> Int?
    {
        var evaluator = evaluator(
            donations: donations([(100, "a"), (500, "b"), (800, "a"), (900, "c"), (950, "a"), (990, "b")]),
            now: now)
        return evaluator.count(EventQuery(event: event, steps: steps))
    }

    @Test func queriesCountWindowsFiltersAndSubsets() {
        #expect(count([]) == 6)
        #expect(count([.within(seconds: 100)]) == 3)
        #expect(count([.within(seconds: 1000)]) == 6)
        #expect(count([.filter(.binary(.equal, .field("region"), .literal(.string("a"))))]) == 3)
        #expect(
            count([.within(seconds: 250), .filter(.binary(.equal, .field("region"), .literal(.string("a"))))])
                == 2)
        #expect(count([.largestSubset(by: "region")]) == 3)
        #expect(count([.smallestSubset(by: "region")]) == 1)
        #expect(count([.within(seconds: 150), .largestSubset(by: "region")]) == 1)
        #expect(count([.largestSubset(by: "missing")]) == 0)
    }

    @Test func eventKeepLimitsApplyToQueries() {
        #expect(count([], event: Tips.Event(id: "visited", keepCount: 2)) == 2)
        #expect(count([], event: Tips.Event(id: "visited", keepDuration: 150)) == 3)
    }

    @Test func fieldOutsideQueryFails() {
        var evaluator = evaluator()
        let holds = evaluator.holds(.binary(.equal, .field("x"), .literal(.int(1))))
        #expect(!holds)
        #expect(evaluator.failure != nil)
    }

    @Test func expressionsRenderInTipsSyntax() {
        let query = EventQuery(
            event: Fixture.visited,
            steps: [
                .within(seconds: 5 * 86_400), .filter(.binary(.equal, .field("region"), .literal(.string("n")))),
                .largestSubset(by: "region"),
            ])
        let rule = RuleExpression.binary(
            .and, .not(Fixture.loggedInRule), .binary(.greaterOrEqual, .count(query), .literal(.int(3))))
        #expect(
            rule.tipsDescription
                == "!isLoggedIn && (visited.donations.within(5d).where(.region == \"n\")"
                + ".largestSubset(by: .region).count >= 3)")
        #expect(TipValue.durationLiteral(90) == "90s")
        #expect(TipValue.durationLiteral(7200) == "2h")
    }
}
