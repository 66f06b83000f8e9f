import Foundation
import Testing

@testable import TipsRuntime

/// A commit checks with one `fstat` whether another process replaced the
/// store; each way the protocol takes a snapshot away must be noticed, or the
/// commit would land in a journal nobody reads.
@Suite struct DatastoreChangeDetectionTests {
    static func donation(_ date: Double) -> DatastoreMutation {
        .donate(eventID: "e", donation: StoredDonation(date: date, fields: [:]), keepCount: 100, keepDuration: nil)
    }

    @Test func aStoreSetAsideAndRecreatedByAnotherProcessIsFollowed() throws {
        let directory = StoreDirectoryFixture()
        let first = Datastore(directory: directory.url, onRecovery: { _ in })
        _ = first.load()
        _ = first.commitNow([Self.donation(1)])
        // Another process moves the store aside (as recovery does) and starts a new one.
        for name in directory.fileNames() where name != DatastoreDirectory.lockName {
            let url = directory.url.appendingPathComponent(name)
            try FileManager.default.moveItem(at: url, to: url.appendingPathExtension("corrupt-1"))
        }
        let second = Datastore(directory: directory.url, onRecovery: { _ in })
        #expect(second.load().donations.isEmpty)
        _ = first.commitNow([Self.donation(2)])
        let reader = Datastore(directory: directory.url, onRecovery: { _ in })
        #expect(reader.load().donations["e"]?.map(\.date) == [2])
    }

    @Test func aStoreCompactedByAnotherProcessIsFollowed() {
        let directory = StoreDirectoryFixture()
        let first = Datastore(directory: directory.url, onRecovery: { _ in })
        let second = Datastore(directory: directory.url, compactionThreshold: 256, onRecovery: { _ in })
        _ = first.load()
        _ = second.load()
        _ = first.commitNow([Self.donation(1)])
        for date in 2..<40 { _ = second.commitNow([Self.donation(Double(date))]) }
        #expect(second.compactions > 1)
        _ = first.commitNow([Self.donation(40)])
        let reader = Datastore(directory: directory.url, onRecovery: { _ in })
        #expect(reader.load().donations["e"]?.map(\.date) == (1...40).map(Double.init))
    }

    @Test func aStoreErasedByAnotherProcessIsFollowed() {
        let directory = StoreDirectoryFixture()
        let first = Datastore(directory: directory.url, onRecovery: { _ in })
        _ = first.load()
        _ = first.commitNow([Self.donation(1)])
        let second = Datastore(directory: directory.url, onRecovery: { _ in })
        _ = second.load()
        second.erase()
        _ = first.commitNow([Self.donation(2)])
        let reader = Datastore(directory: directory.url, onRecovery: { _ in })
        #expect(reader.load().donations["e"]?.map(\.date) == [2])
    }
}
