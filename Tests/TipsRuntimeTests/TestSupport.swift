import Foundation

@testable import TipsRuntime

/// A hand-written tip for tests.
struct TestTip: Tip {
    let id: String
    var title: String { "Title of \(id)" }
    let rules: [TipRule]
    let options: Tips.Options

    init(_ id: String, rules: [RuleExpression] = [], options: Tips.Options = Tips.Options()) {
        self.id = id
        self.rules = rules.enumerated().map { index, expression in
            TipRule(expression, source: expression.tipsDescription, file: "Test.tips", line: index + 1)
        }
        self.options = options
    }
}

enum Fixture {
    static let isLoggedIn = Tips.Parameter<Bool>(id: "isLoggedIn", defaultValue: false)
    static let savedCount = Tips.Parameter<Int>(id: "savedCount", defaultValue: 0)
    static let isEditing = Tips.Parameter<Bool>(id: "isEditing", defaultValue: false, isTransient: true)
    static let opened = Tips.Event(id: "opened")
    static let favorited = Tips.Event(id: "favorited")
    static let visited = Tips.Event(id: "visited")

    static var loggedInRule: RuleExpression { .parameter(isLoggedIn.reference) }

    /// `opened.donations.count >= n`
    static func openedAtLeast(_ count: Int, steps: [EventQuery.Step] = []) -> RuleExpression {
        .binary(.greaterOrEqual, .count(EventQuery(event: opened, steps: steps)), .literal(.int(count)))
    }
}

/// A configured center on an in-memory store, driven by a manual clock, that
/// ignores the process's launch arguments and environment.
func makeCenter(
    clock: ManualClock = ManualClock(), backend: InMemoryDatastore = InMemoryDatastore(),
    _ options: [Tips.ConfigurationOption] = []
) async throws -> TipCenter {
    let center = TipCenter(backend: backend)
    try await center.configure(
        [
            .clock(clock), .arguments([]), .environment([:]),
            .datastoreLocation(.url(URL(fileURLWithPath: "/nonexistent/tips-tests"))),
        ] + options)
    return center
}

/// A clock that moves silently, like the system clock: the center is not told
/// when it moves, so time-driven changes come from the center's own time checks.
final class SilentClock: TipClock, @unchecked Sendable {
    // @unchecked: the date is behind a lock.
    private let date = Locked(Date(timeIntervalSince1970: 1_704_067_200))
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: Double) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
