import Foundation
import ReservedNamesTips
import Testing
import TipsRuntime
import TipsTestSupport

/// The ReservedNames golden, compiled by TipsPlugin: names Swift reserves are
/// spelled `Name_` in Swift, but what is persisted and shown stays the `.tips` name.
@Suite struct ReservedNamesTipsTests {
    let center = TipCenter()
    let store = TemporaryDirectory("reserved-names-e2e")

    init() async throws {
        try await center.configure([
            .datastoreLocation(.url(store.url)),
            .clock(ManualClock(Date(timeIntervalSince1970: 1_767_225_600))),
        ])
    }

    @Test func swiftSpellingsKeepTheTipsNamesAsIDsAndRawValues() {
        #expect(TipParameters.self_.id == "self")
        #expect(TipParameters.__.id == "_")
        #expect(TipParameters.init_.id == "init")
        #expect(TipParameters.`default`.id == "default")
        #expect(TipEvents.Protocol_.event.id == "Protocol")
        #expect(TipEvents.`class`.event.id == "class")
        #expect(TipEvents.Opened.event.id == "Opened")
        #expect(Type_.rawValue_.rawValue == "rawValue")
        #expect(Type_(rawValue: "self") == .self_)
        #expect(Type_.allCases.map(\.rawValue).prefix(6) == ["class", "default", "self", "Self", "init", "_"])
        #expect(Type_.Type_.tipValue == .enumCase("Type"))
        #expect(Self_().id == "Self")
        #expect(TipsRuntime_().id == "TipsRuntime")
        #expect(Default.tips.map(\.id) == ["Self", "Swift", "tips", "priority", "makeGroup"])
        #expect(Foundation_.tips.map(\.id) == ["TipsRuntime", "Self"])
    }

    @Test func argumentsNamedLikeTipMembersKeepTheirLabelsAndValues() {
        let tip = Card(
            title: "T", Type: .Protocol_, id: 3, self: true, rules: .title, Plan: .pro, __: "u", status: "s")
        #expect(tip.id == "t-T-Protocol-3-u")
        #expect(tip.title == "A T Protocol")
        #expect(tip.message == "true title pro s")
        #expect(tip.title_ == "T")
        #expect(tip.rules.map(\.source).first == "self && Type == .class")
    }

    @Test func donationsOfFieldsNamedLikeKeywordsReadBackTyped() async {
        await TipEvents.`class`.donate(default: 4, Type: .Protocol_, self: true, center: "c", init: .title, in: center)
        let donation = TipEvents.`class`.donations(in: center).first
        #expect(donation?.`default` == 4)
        #expect(donation?.Type_ == .Protocol_)
        #expect(donation?.self_ == true)
        #expect(donation?.center_ == "c")
        #expect(donation?.init_ == .title)
    }

    @Test func aModuleWithoutAConfigBlockCarriesNone() {
        // TrailsTips, imported beside it, declares one; it does not leak into this module's tips.
        #expect(Self_().declaredConfiguration == nil)
        #expect(TipsRuntime_().declaredConfiguration == nil)
    }

    @Test func aTipNamedLikeTheFilesTipProtocolIsRespelled() {
        // `_TipcTip` is the generated file's private protocol; the tip keeps its id.
        let tip: any Tip = _TipcTip_()
        #expect(tip.id == "_TipcTip")
        #expect(tip.title == "H")
    }

    @Test func rulesOverReservedNamesEvaluate() async {
        #expect(center.status(for: Self_()) == .pending)
        await TipEvents.Protocol_.donate(in: center)
        await TipEvents.Protocol_.donate(in: center)
        #expect(center.status(for: Self_()) == .available)

        #expect(center.status(for: TipsRuntime_()) == .pending)
        await TipEvents.`class`.donate(default: 0, Type: .Protocol_, self: true, center: "y", init: .title, in: center)
        #expect(center.status(for: TipsRuntime_()) == .available)
        // `Self` is invalidated by a donation of `class`.
        #expect(center.status(for: Self_()) == .invalidated(.actionPerformed))

        let tip = Card(
            title: "T", Type: .class, id: 0, self: true, rules: .title, Plan: .pro, __: "u", status: "s")
        #expect(center.status(for: tip) == .pending)
        await TipEvents.`class`.donate(default: 0, Type: .class, self: true, center: "z", init: .id, in: center)
        #expect(center.status(for: tip) == .available)

        await TipEvents.plan.donate(to: .pro, in: center)
        #expect(center.status(for: Swift_()) == .pending, "_ is still .self")
        await TipParameters.__.set(.Type_, in: center)
        #expect(center.status(for: Swift_()) == .available)
        #expect(TipParameters.__.value(in: center) == .Type_)
    }
}
