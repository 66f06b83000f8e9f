import Foundation

@testable import TipsRuntime

/// The stores the recovery tests damage: written through a configured
/// `TipCenter`, as an app writes them, with one event and one parameter.
enum RecoveryStore {
    static let opened = Tips.Event(id: "opened", keepCount: 1_000_000)
    static let count = Tips.Parameter<Int>(id: "count", defaultValue: 0)

    /// Writes a store in `directory`: `donations` awaited donations of
    /// `opened` (each with its index as the field `i` when `numbered`), then
    /// `count = 7`, then each of `invalidating` invalidated (`.tipClosed`).
    /// All are records of the journal of generation 1, in that order (far
    /// below the compaction threshold).
    static func make(
        in directory: URL, donations: Int, numbered: Bool = false, invalidating tipIDs: [String] = []
    ) async throws {
        let (center, _) = try await centerCollectingRecoveries(on: directory)
        for index in 0..<donations {
            if numbered {
                await opened.donate(["i": .int(index)], in: center)
            } else {
                await opened.donate(in: center)
            }
        }
        await count.set(7, in: center)
        for id in tipIDs { await center.invalidateDurably(TestTip(id), reason: .tipClosed) }
    }
}

/// A way to damage a store file's bytes, named in the tests' messages.
struct StoreDamage: Sendable {
    let name: String
    let apply: @Sendable ([UInt8]) -> [UInt8]

    /// No bytes at all.
    static let empty = StoreDamage(name: "empty") { _ in [] }

    /// A flipped low bit in the middle byte.
    static let flippedBit = StoreDamage(name: "flipped bit") { bytes in
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0x01
        return damaged
    }

    /// Only the first `count` bytes, a part of the header.
    static func truncatedHeader(keeping count: Int) -> StoreDamage {
        StoreDamage(name: "truncated header") { Array($0.prefix(count)) }
    }

    /// The whole header, with the last `count` bytes of the body gone.
    static func truncatedBody(dropping count: Int) -> StoreDamage {
        StoreDamage(name: "truncated body") { Array($0.prefix($0.count - count)) }
    }

    /// `count` bytes of a fixed pattern, `index * multiplier + offset`.
    static func garbage(count: Int, multiplier: Int, offset: Int) -> StoreDamage {
        StoreDamage(name: "garbage") { _ in (0..<count).map { UInt8(truncatingIfNeeded: $0 &* multiplier &+ offset) } }
    }

    /// The first eight bytes, the magic, replaced by `magic`.
    static func magic(_ magic: String, named name: String) -> StoreDamage {
        StoreDamage(name: name) { Array(magic.utf8) + $0.dropFirst(8) }
    }

    /// The byte at offset 8, the format version, set to 0.
    static func versionZero(named name: String) -> StoreDamage {
        StoreDamage(name: name) { bytes in
            var damaged = bytes
            damaged[8] = 0
            return damaged
        }
    }
}
