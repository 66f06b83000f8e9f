import Foundation
import Testing

@testable import TipsRuntime

/// How the engine's operations meet its rooms: a read records and publishes
/// nothing; what time changes is recorded where time is accounted; observers
/// are called after the lock, in order, once per change.
@Suite struct EngineOperationTests {
    /// Adds an observer of `tip` that calls `heard` with each status it is told.
    private func observe(
        _ tip: some Tip, in center: TipCenter, _ heard: @escaping @Sendable (Tips.Status) -> Void
    ) {
        center.withState { state in _ = state.publication.addStatusObserver(of: state.register(tip), heard) }
    }

    /// Runs the pending time check now, as if its timer fired.
    private func runPendingTimeCheck(_ center: TipCenter) {
        center.withState { state in
            if let token = state.accounting.pendingTimeCheck?.token { state.runTimeCheck(token) }
        }
    }

    @Test func aStatusReadPastADisplayLimitRecordsNothingAndTheTimeCheckRecordsIt() async throws {
        let clock = SilentClock()
        let backend = InMemoryDatastore()
        let center = try await makeCenter(backend: backend, [.clock(clock)])
        let tip = TestTip("Timed", options: Tips.Options(maxDisplayDuration: 10))
        await tip.didAppear(in: center)
        let start = clock.now.timeIntervalSince1970
        clock.advance(by: 25)
        #expect(tip.status(in: center) == .invalidated(.displayDurationExceeded))
        let reached = Date(timeIntervalSince1970: start + 10)
        #expect(tip.explanation(in: center).gates == [.invalidated(.displayDurationExceeded, reached)])
        #expect(center.state.withLock { $0.facts.snapshot.tips["Timed"]?.invalidation } == nil, "a read records")
        runPendingTimeCheck(center)
        let recorded = center.state.withLock { $0.facts.snapshot.tips["Timed"]?.invalidation }
        #expect(recorded == StoredInvalidation(reason: .displayDurationExceeded, date: start + 10))
    }

    @Test func aStatusReadPublishesNothingTimeChecksDo() async throws {
        let clock = SilentClock()
        let center = try await makeCenter([.clock(clock)])
        let within = RuleExpression.binary(
            .greaterOrEqual, .count(EventQuery(event: Fixture.opened, steps: [.within(seconds: 3_600)])),
            .literal(.int(1)))
        let tip = TestTip("Recent", rules: [within])
        let heard = Locked<[Tips.Status]>([])
        observe(tip, in: center) { status in heard.withLock { $0.append(status) } }
        await Fixture.opened.donate(in: center)
        clock.advance(by: 7_200)
        #expect(tip.status(in: center) == .pending)
        #expect(heard.withLock { $0 } == [.pending, .available], "the read told no observer")
        runPendingTimeCheck(center)
        #expect(heard.withLock { $0 } == [.pending, .available, .pending])
    }

    @Test func observersAreCalledOutsideTheEnginesLock() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Probe", rules: [Fixture.loggedInRule])
        let group = TipGroup(.firstAvailable, [tip], center: center)
        let blocked = Locked<[String]>([])
        // From another thread, an observer's call into its center must not wait for the lock.
        let probe: @Sendable (String, TipCenter) -> Void = { caller, center in
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                _ = tip.status(in: center)
                done.signal()
            }
            if done.wait(timeout: .now() + 5) == .timedOut { blocked.withLock { $0.append(caller) } }
        }
        observe(tip, in: center) { _ in probe("status observer", center) }
        center.withState { state in
            _ = state.publication.addGroupObserver(
                GroupObserver(priority: group.priority, tipIDs: ["Probe"], currentTipID: nil) { _ in
                    probe("group observer", center)
                },
                current: nil)
        }
        let warned = Locked(0)
        let warnings = Locked<TipCenter?>(nil)
        let other = try await makeCenter([
            .onWarning { _ in
                warned.withLock { $0 += 1 }
                if let center = warnings.withLock({ $0 }) { probe("warning handler", center) }
            }
        ])
        warnings.withLock { $0 = other }
        other.showTipsForTesting(["probe"])
        other.register([TestTip("Probe")])
        #expect(warned.withLock { $0 } == 1)
        await Fixture.isLoggedIn.set(true, in: center)
        #expect(blocked.withLock { $0 }.isEmpty)
    }

    @Test func concurrentChangesReachAnObserverOnceEachInTheOrderTheyHappened() async throws {
        let center = try await makeCenter()
        let tip = TestTip("Flip", rules: [.parameter(Fixture.isEditing.reference)])
        let heard = Locked<[Tips.Status]>([])
        observe(tip, in: center) { status in heard.withLock { $0.append(status) } }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<50 { await Fixture.isEditing.set((task + round) % 2 == 0, in: center) }
                }
            }
        }
        let statuses = heard.withLock { $0 }
        #expect(statuses.last == tip.status(in: center))
        #expect(zip(statuses, statuses.dropFirst()).allSatisfy { $0 != $1 }, "a change was heard twice")
    }
}
