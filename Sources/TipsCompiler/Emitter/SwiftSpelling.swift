// The spellings name validation declares, found without the sets of special words where it can.

/// The `SwiftNames` spellings of declared names, without looking a name up in
/// the sets of special words when its length and its first or last byte match
/// none of them (nearly every name): such a name is spelled as written.
enum SwiftSpelling {
    /// A bit per length (up to 63 bytes) of the special words, for each first
    /// byte (`first`) and for each last byte (`last`).
    private static let shapes: (first: [UInt64], last: [UInt64]) = {
        var first = [UInt64](repeating: 0, count: 256)
        var last = [UInt64](repeating: 0, count: 256)
        let words = [
            SwiftNames.keywords, SwiftNames.reserved, SwiftNames.enumMembers, SwiftNames.tipMembers,
            SwiftNames.groupMembers, SwiftNames.donateMembers,
        ].joined()
        for word in words {
            guard let head = word.utf8.first, let tail = word.utf8.last else { continue }
            let length: UInt64 = 1 << UInt64(min(word.utf8.count, 63))
            first[Int(head)] |= length
            last[Int(tail)] |= length
        }
        return (first, last)
    }()

    /// Whether `name` may be a special word (false means it certainly is not).
    private static func mayBeSpecial(_ name: String) -> Bool {
        let found = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard let head = bytes.first, let tail = bytes.last else { return true }
            let length: UInt64 = 1 << UInt64(min(bytes.count, 63))
            return shapes.first[Int(head)] & length != 0 && shapes.last[Int(tail)] & length != 0
        }
        return found ?? true
    }

    /// ``SwiftNames/eventType(_:)``, without `Character` case mapping when
    /// the name starts with an ASCII character followed by ASCII or nothing
    /// (that first character is then one ASCII scalar, or "\r\n").
    static func eventType(_ name: String) -> String {
        let utf8 = name.utf8
        guard let first = utf8.first, first < 0x80, utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true else {
            return SwiftNames.eventType(name)
        }
        let suffix = "Event".utf8
        let spelled = utf8.withContiguousStorageIfAvailable { bytes in
            String(unsafeUninitializedCapacity: bytes.count + suffix.count) { out in
                _ = out.initialize(from: bytes)
                if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { out[0] = first - 32 }
                _ = out[bytes.count...].initialize(from: suffix)
                return bytes.count + suffix.count
            }
        }
        return spelled ?? SwiftNames.eventType(name)
    }

    /// ``SwiftNames/identifier(_:reserving:)`` without reserved members.
    static func identifier(_ name: String) -> String { mayBeSpecial(name) ? SwiftNames.identifier(name) : name }

    /// ``SwiftNames/enumCase(_:)``.
    static func enumCase(_ name: String) -> String { mayBeSpecial(name) ? SwiftNames.enumCase(name) : name }

    /// ``SwiftNames/tipType(_:)``.
    static func tipType(_ name: String) -> String { mayBeSpecial(name) ? SwiftNames.tipType(name) : name }

    /// ``SwiftNames/tipArgument(_:)``.
    static func tipArgument(_ name: String) -> String { mayBeSpecial(name) ? SwiftNames.tipArgument(name) : name }

    /// ``SwiftNames/eventField(_:)``.
    static func eventField(_ name: String) -> String { mayBeSpecial(name) ? SwiftNames.eventField(name) : name }
}
