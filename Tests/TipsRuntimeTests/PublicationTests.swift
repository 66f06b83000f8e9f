import Foundation
import Testing

@testable import TipsRuntime

/// Publication's invariants: observers hear each change once, in order, only
/// through the deliveries; a new observer hears the current status first.
@Suite struct PublicationTests {
    /// Runs the deliveries and returns what `heard` collected.
    private func deliver(_ publication: inout Publication, _ heard: Locked<[String]>) -> [String] {
        for delivery in publication.takeDeliveries() { delivery() }
        return heard.withLock { $0 }
    }

    @Test func observersHearEachChangeOnceInOrderOnlyThroughTheDeliveries() {
        var registry = TipRegistry()
        let tip = registry.add(TestTip("T")).tip
        var publication = Publication()
        publication.add(tip, status: .pending)
        let heard = Locked<[String]>([])
        _ = publication.addStatusObserver(of: tip) { status in heard.withLock { $0.append("\(status)") } }
        publication.publish(.available, for: tip)
        publication.publish(.available, for: tip)
        #expect(heard.withLock { $0 }.isEmpty, "nothing is called before the deliveries run")
        publication.publish(.invalidated(.tipClosed), for: tip)
        #expect(deliver(&publication, heard) == ["pending", "available", "invalidated(tipClosed)"])
        #expect(publication.status(of: tip) == .invalidated(.tipClosed))
        #expect(publication.takeDeliveries().isEmpty)
    }

    @Test func anAnnouncementIsHeardEvenWhenTheStatusIsUnchanged() {
        var registry = TipRegistry()
        let tip = registry.add(TestTip("Shown")).tip
        var publication = Publication()
        publication.add(tip, status: .available)
        let heard = Locked<[String]>([])
        let token = publication.addStatusObserver(of: tip) { status in heard.withLock { $0.append("\(status)") } }
        publication.announce(.invalidated(.tipClosed), for: tip)
        publication.announce(.available, for: tip)
        #expect(deliver(&publication, heard) == ["available", "invalidated(tipClosed)", "available"])
        publication.removeStatusObserver(of: "Shown", token: token)
        publication.announce(.pending, for: tip)
        #expect(deliver(&publication, heard).count == 3, "a removed observer hears nothing more")
    }

    @Test func groupsLearnWhichTipsChangedOnlyWhileSomeoneWatchesAGroup() {
        var registry = TipRegistry()
        let tip = registry.add(TestTip("T")).tip
        var publication = Publication()
        publication.add(tip, status: .pending)
        publication.publish(.available, for: tip)
        #expect(publication.takeChangedTipIDs().isEmpty)
        let heard = Locked<[String]>([])
        let token = publication.addGroupObserver(
            GroupObserver(priority: .ordered, tipIDs: ["T"], currentTipID: nil) { tip in
                heard.withLock { $0.append(tip?.id ?? "none") }
            },
            current: nil)
        publication.publish(.pending, for: tip)
        #expect(publication.takeChangedTipIDs() == ["T"])
        publication.publishCurrentTip(TestTip("T"), id: "T", to: token)
        #expect(publication.groupObservers[token]?.currentTipID == "T")
        #expect(deliver(&publication, heard) == ["none", "T"])
    }

    @Test func warningsGoToTheHandlerInTurn() {
        var publication = Publication()
        let heard = Locked<[String]>([])
        publication.warningHandler = { message in heard.withLock { $0.append(message) } }
        publication.warn("first")
        publication.warn("second")
        #expect(deliver(&publication, heard) == ["first", "second"])
    }
}

/// The delivery queue runs deliveries in the order queued, on one thread at a
/// time; one queued by a delivery runs after it.
@Suite struct DeliveryQueueTests {
    @Test func aDeliveryThatQueuesMoreRunsThemAfterItself() {
        let queue = DeliveryQueue()
        let log = Locked<[Int]>([])
        queue.enqueue([
            {
                log.withLock { $0.append(1) }
                queue.enqueue([{ log.withLock { $0.append(3) } }])
                queue.deliver()
                log.withLock { $0.append(2) }
            }
        ])
        queue.deliver()
        #expect(log.withLock { $0 } == [1, 2, 3])
    }

    @Test func deliveriesFromManyThreadsRunOnceEachInQueueOrder() async {
        let queue = DeliveryQueue()
        let order = Locked<[Int]>([])
        let running = Locked(0)
        let overlapped = Locked(false)
        let next = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<200 {
                        // Numbered and queued together, as the engine does under its lock.
                        next.withLock { counter in
                            counter += 1
                            let number = counter
                            queue.enqueue([
                                {
                                    let alongside = running.withLock { running in
                                        running += 1
                                        return running > 1
                                    }
                                    if alongside { overlapped.withLock { $0 = true } }
                                    order.withLock { $0.append(number) }
                                    running.withLock { $0 -= 1 }
                                }
                            ])
                        }
                        queue.deliver()
                    }
                }
            }
        }
        queue.deliver()
        #expect(order.withLock { $0 } == Array(1...1600))
        #expect(!overlapped.withLock { $0 }, "two deliveries ran at once")
    }
}
