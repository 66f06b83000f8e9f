// A quick test that a name is none of the words the spelling rule treats specially.

extension SwiftNames {
    /// The shapes (first byte, last byte and length) of every word
    /// ``SwiftNames`` treats specially: keywords, reserved names and the
    /// member names of generated declarations. A name of another shape is
    /// none of them, so it is spelled as is without hashing it into the sets.
    enum SpecialWords {
        /// For each first byte, bit `n` is set when some special word of `n` bytes starts with it.
        private static let firstBytes = shapes(of: words) { $0.first }
        /// For each last byte, bit `n` is set when some special word of `n` bytes ends with it.
        private static let lastBytes = shapes(of: words) { $0.last }

        /// Every special word.
        private static var words: FlattenSequence<[Set<String>]> {
            [keywords, reserved, enumMembers, tipMembers, groupMembers, donateMembers].joined()
        }

        /// For each value of the byte that `byte` picks, bit `n` is set when
        /// some word of `words` of `n` bytes (below 64) has it there.
        static func shapes(of words: some Sequence<String>, _ byte: (String.UTF8View) -> UInt8?) -> [UInt64] {
            var shapes = [UInt64](repeating: 0, count: 256)
            for word in words {
                guard let byte = byte(word.utf8), word.utf8.count < 64 else { continue }
                shapes[Int(byte)] |= 1 << UInt64(word.utf8.count)
            }
            return shapes
        }

        /// The UTF-8 of every special word, by its length in bytes (below 64).
        private static let wordsByLength: [[[UInt8]]] = {
            var words = [[[UInt8]]](repeating: [], count: 64)
            let sets = [keywords, reserved, enumMembers, tipMembers, groupMembers, donateMembers]
            for word in Set(sets.joined()) where word.utf8.count < 64 {
                words[word.utf8.count].append(Array(word.utf8))
            }
            return words
        }()

        /// Whether `name` may be a special word; false means it certainly is
        /// not. A name of a special word's shape is compared with the words
        /// of its length, byte by byte, so that a name such as `region`
        /// (shaped like `return`) is not hashed into the sets: the names of
        /// the benchmark's 10,000 tips cost 4 M instructions fewer (callgrind,
        /// `tipc-bench --measure-compile-one-job 10000`).
        static func mayContain(_ name: String) -> Bool {
            // The bytes are read where the string keeps them, with no copy of the string to retain and
            // release; only a string without contiguous UTF-8 is copied (5 M instructions fewer for the
            // benchmark's 10,000 tips, callgrind, `tipc compile`).
            if let result = name.utf8.withContiguousStorageIfAvailable(mayContain) { return result }
            var name = name
            return name.withUTF8(mayContain)
        }

        /// Whether the name whose UTF-8 is `bytes` may be a special word (see the `String` form).
        private static func mayContain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let first = bytes.first, let last = bytes.last, bytes.count < 64 else { return false }
            let bit: UInt64 = 1 << UInt64(bytes.count)
            guard firstBytes[Int(first)] & bit != 0 && lastBytes[Int(last)] & bit != 0 else { return false }
            return wordsByLength[bytes.count].contains { $0.elementsEqual(bytes) }
        }
    }
}

extension SwiftNames {
    /// For each first byte, bit `n` is set when some name of ``appTypeNames`` of `n` bytes starts with it.
    private static let appTypeFirstBytes = SpecialWords.shapes(of: appTypeNames.keys) { $0.first }
    /// For each last byte, bit `n` is set when some name of ``appTypeNames`` of `n` bytes ends with it.
    private static let appTypeLastBytes = SpecialWords.shapes(of: appTypeNames.keys) { $0.last }

    /// The module of the type that app code names unqualified as `swiftName`
    /// (``appTypeNames``), if any. A name whose first byte, last byte and
    /// length no such type has is not hashed into the table: the benchmark's
    /// 12,000 tips, groups and enums cost 4 M instructions fewer (callgrind, `tipc compile`).
    static func appTypeModule(_ swiftName: String) -> String? {
        if let mayBe = swiftName.utf8.withContiguousStorageIfAvailable(mayBeAppType) {
            return mayBe ? appTypeNames[swiftName] : nil
        }
        var copy = swiftName
        return copy.withUTF8(mayBeAppType) ? appTypeNames[swiftName] : nil
    }

    /// Whether some name of ``appTypeNames`` has the first byte, last byte and length of `bytes`.
    private static func mayBeAppType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, bytes.count < 64 else { return false }
        let bit: UInt64 = 1 << UInt64(bytes.count)
        return appTypeFirstBytes[Int(first)] & bit != 0 && appTypeLastBytes[Int(last)] & bit != 0
    }
}
