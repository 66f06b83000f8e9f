// Code in the shape docs/GeneratedCode.md says tipc emits, compiled against
// the public API only (no @testable import): if the contract drifts, this
// file stops compiling.
import Foundation
import Testing
import TipsRuntime
import TipsTestSupport

private let _tipcRuntimeVersionCheck: Swift.Bool = TipsRuntime.TipsRuntimeGeneratedCodeVersion6.isCompatible

private enum ShapePlan: Swift.String, Swift.Sendable, Swift.CaseIterable, TipsRuntime.TipValueConvertible {
    case free
    case pro
}

extension TipsRuntime.TipParameters {
    fileprivate static let shapeIsLoggedIn = TipsRuntime.Tips.Parameter<Swift.Bool>(
        id: "shapeIsLoggedIn", defaultValue: false)
    fileprivate static let shapePlan = TipsRuntime.Tips.Parameter<ShapePlan>(id: "shapePlan", defaultValue: .free)
    fileprivate static let shapeIsEditing = TipsRuntime.Tips.Parameter<Swift.Bool>(
        id: "shapeIsEditing", defaultValue: false, isTransient: true)
}

extension TipsRuntime.TipEvents {
    fileprivate static let shapeVisitedRegion = ShapeVisitedRegionEvent()

    fileprivate struct ShapeVisitedRegionEvent: Swift.Sendable {
        let event = TipsRuntime.Tips.Event(id: "shapeVisitedRegion", keepCount: 500, keepDuration: 2_592_000)
        func donate(region: Swift.String, in center: TipsRuntime.TipCenter = .shared) async {
            await event.donate(["region": .string(region)], in: center)
        }
    }
}

private struct ShapeNewTrail: TipsRuntime.Tip {
    let trailID: Swift.String
    let region: Swift.String

    var id: Swift.String { "NewTrailTip-\(trailID)" }
    var title: Swift.String { "A new trail" }
    var actions: [TipsRuntime.Tips.Action] { [TipsRuntime.Tips.Action(id: "open", title: "Open")] }
    var rules: [TipsRuntime.TipRule] {
        [
            TipsRuntime.TipRule(
                .binary(
                    .greater,
                    .count(
                        TipsRuntime.EventQuery(
                            event: TipsRuntime.TipEvents.shapeVisitedRegion.event,
                            steps: [
                                .filter(
                                    .binary(.equal, .field("region"), .argument(name: "region", value: .string(region)))
                                )
                            ])),
                    .literal(.int(1))),
                source: "shapeVisitedRegion.donations.where(.region == region).count > 1",
                file: "Shape.tips", line: 7),
            TipsRuntime.TipRule(
                .binary(
                    .and, .parameter(TipsRuntime.TipParameters.shapeIsLoggedIn.reference),
                    .binary(
                        .equal, .parameter(TipsRuntime.TipParameters.shapePlan.reference), .literal(.enumCase("pro")))),
                source: "shapeIsLoggedIn && shapePlan == .pro", file: "Shape.tips", line: 8),
        ]
    }
    var options: TipsRuntime.Tips.Options {
        TipsRuntime.Tips.Options(maxDisplayDuration: 120, ignoresDisplayFrequency: true)
    }
}

/// The form tipc writes: a tip's copy, options and rules as text in its file's table.
private let _tipcShapeFile = TipsRuntime.Tips.GeneratedFile(
    file: "Shape.tips", parameters: [TipsRuntime.TipParameters.shapeIsLoggedIn.reference],
    events: [TipsRuntime.TipEvents.shapeVisitedRegion.event],
    tips: [
        "ShapeTextTip (id \"ShapeText\") (title \"Text\") (action open \"Open it\") (maxDisplayCount 2) (invalidatedBy shapeVisitedRegion)",
        "9 (param shapeIsLoggedIn) shapeIsLoggedIn",
    ])

private protocol _TipcShapeTip: TipsRuntime.Tip {}

extension _TipcShapeTip {
    var id: Swift.String { _tipcShapeFile.id(of: Self.self) }
    var title: Swift.String { _tipcShapeFile.title(of: Self.self) }
    var message: Swift.String? { _tipcShapeFile.message(of: Self.self) }
    var image: Swift.String? { _tipcShapeFile.image(of: Self.self) }
    var actions: [TipsRuntime.Tips.Action] { _tipcShapeFile.actions(of: Self.self) }
    var rules: [TipsRuntime.TipRule] { _tipcShapeFile.rules(of: Self.self) }
    var options: TipsRuntime.Tips.Options { _tipcShapeFile.options(of: Self.self) }
}

private struct ShapeTextTip: _TipcShapeTip {}

private enum ShapeGroup {
    static let priority: TipsRuntime.TipGroup.Priority = .ordered
    static func makeGroup(in center: TipsRuntime.TipCenter = .shared) -> TipsRuntime.TipGroup {
        TipsRuntime.TipGroup(priority, [ShapeNewTrail(trailID: "t1", region: "north")], center: center)
    }
}

@Suite struct GeneratedCodeShapeTests {
    @Test func generatedShapeRunsAgainstThePublicAPI() async throws {
        #expect(_tipcRuntimeVersionCheck)
        let temporary = TemporaryDirectory("shape")
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(temporary.appendingPathComponent("store"))),
            .clock(ManualClock()), .arguments([]), .environment([:]),
        ])
        let tip = ShapeNewTrail(trailID: "t1", region: "north")
        #expect(tip.status(in: center) == .pending)
        await TipsRuntime.TipParameters.shapeIsLoggedIn.set(true, in: center)
        await TipsRuntime.TipParameters.shapePlan.set(.pro, in: center)
        #expect(TipsRuntime.TipParameters.shapePlan.value(in: center) == .pro)
        await TipsRuntime.TipEvents.shapeVisitedRegion.donate(region: "north", in: center)
        await TipsRuntime.TipEvents.shapeVisitedRegion.donate(region: "south", in: center)
        #expect(tip.status(in: center) == .pending)
        await TipsRuntime.TipEvents.shapeVisitedRegion.donate(region: "north", in: center)
        #expect(tip.status(in: center) == .available)
        #expect(ShapeGroup.makeGroup(in: center).currentTip?.id == "NewTrailTip-t1")
        await TipsRuntime.TipParameters.shapeIsEditing.set(true, in: center)
        #expect(TipsRuntime.TipParameters.shapeIsEditing.value(in: center))
    }

    @Test func textRulesAndOptionsRunAgainstThePublicAPI() async throws {
        let temporary = TemporaryDirectory("shape")
        let center = TipCenter()
        try await center.configure([
            .datastoreLocation(.url(temporary.appendingPathComponent("store"))),
            .clock(ManualClock()), .arguments([]), .environment([:]),
        ])
        let tip = ShapeTextTip()
        #expect(tip.id == "ShapeText" && tip.title == "Text" && tip.message == nil && tip.image == nil)
        #expect(tip.actions.map(\.title) == ["Open it"])
        #expect(tip.options.maxDisplayCount == 2)
        #expect(tip.rules.map(\.source) == ["shapeIsLoggedIn"])
        #expect(tip.status(in: center) == .pending)
        await TipsRuntime.TipParameters.shapeIsLoggedIn.set(true, in: center)
        #expect(tip.status(in: center) == .available)
        await TipsRuntime.TipEvents.shapeVisitedRegion.donate(region: "north", in: center)
        #expect(tip.status(in: center) == .invalidated(.actionPerformed))
    }
}
