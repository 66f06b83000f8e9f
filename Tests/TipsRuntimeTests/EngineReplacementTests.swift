import Foundation
import Testing

@testable import TipsRuntime

/// A backend whose commits wait for `open()`, and whose first look at outside changes once
/// armed answers with a whole replacement state (what `Datastore` does when another
/// process compacted twice or erased the store since this one last looked).
private final class GatedBackend: DatastoreBackend, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `state`; `gate` only blocks the writer.
    private let state = Locked((committed: DatastoreSnapshot(), armed: false, replaced: false))
    private let gate = NSCondition()
    private var isOpen = false  // guarded by `gate`

    func load() -> DatastoreSnapshot { state.withLock { $0.committed } }

    /// Blocks the pipeline's writer until `open()`, then applies the mutations.
    func commitNow(_ mutations: [DatastoreMutation]) -> Bool {
        gate.lock()
        while !isOpen { gate.wait() }
        gate.unlock()
        state.withLock { for mutation in mutations { $0.committed.apply(mutation) } }
        return true
    }

    func erase() {}

    func takeOutsideChanges() -> [DatastoreMutation] {
        state.withLock { state in
            guard state.armed, !state.replaced else { return [] }
            state.replaced = true
            return [.replaceAll(state.committed)]
        }
    }

    var handedOverReplacement: Bool { state.withLock { $0.replaced } }

    func arm() { state.withLock { $0.armed = true } }

    func open() {
        gate.lock()
        isOpen = true
        gate.broadcast()
        gate.unlock()
    }
}

@Suite struct EngineReplacementTests {
    @Test(.hangGuard)
    func aReplacementStateNeverDropsADonationStillOnItsWayToDisk() async throws {
        let backend = GatedBackend()
        let gated = TipCenter(backend: backend)
        try await gated.configure([
            .arguments([]), .environment([:]),
            .datastoreLocation(.url(URL(fileURLWithPath: "/nonexistent/tips-tests"))),
        ])
        let event = Tips.Event(id: "opened")
        let donation = Task { await event.donate(in: gated) }
        // The donation is applied in memory and waits at the gate (read
        // without taking in external changes, which are throttled).
        let inMemory = { gated.state.withLock { $0.facts.snapshot.donations[event.id]?.count ?? 0 } }
        while inMemory() == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        backend.arm()
        _ = TestTip("reader").status(in: gated)
        #expect(inMemory() == 1, "a replacement taken now would drop the donation")
        backend.open()
        await donation.value
        // Now the replacement (which holds the committed donation) is taken in.
        var tries = 0
        while !backend.handedOverReplacement && tries < 2000 {
            _ = TestTip("reader").status(in: gated)
            try await Task.sleep(nanoseconds: 1_000_000)
            tries += 1
        }
        #expect(backend.handedOverReplacement)
        #expect(event.donationCount(in: gated) == 1)
    }
}
