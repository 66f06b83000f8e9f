// A quick test that a name is none of the words the spelling rule treats specially.

extension SwiftNames {
    /// The shapes (first byte and length) of every word ``SwiftNames`` treats
    /// specially: keywords, reserved names and the member names of generated
    /// declarations. A name of another shape is none of them, so it is spelled
    /// as is without hashing it into the sets.
    enum SpecialWords {
        /// For each first byte, bit `n` is set when some special word of `n` bytes starts with it.
        private static let shapes: [UInt64] = {
            var shapes = [UInt64](repeating: 0, count: 256)
            let sets = [keywords, reserved, enumMembers, tipMembers, groupMembers, donateMembers]
            for word in sets.joined() {
                guard let first = word.utf8.first, word.utf8.count < 64 else { continue }
                shapes[Int(first)] |= 1 << UInt64(word.utf8.count)
            }
            return shapes
        }()

        /// Whether `name` may be a special word; false means it certainly is not.
        static func mayContain(_ name: String) -> Bool {
            let utf8 = name.utf8
            guard let first = utf8.first else { return false }
            let count = utf8.count
            return count < 64 && shapes[Int(first)] & (1 << UInt64(count)) != 0
        }
    }
}
