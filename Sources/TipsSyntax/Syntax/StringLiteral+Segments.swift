extension StringLiteral {
    /// The pieces of a string literal, in order.
    ///
    /// Almost every literal is one piece of text; that text is held as is,
    /// so such a literal costs no array of its own (an allocation per title,
    /// message and string in a rule) and is no larger than a `String` and a
    /// range. Other literals (with interpolations, or empty) hold an array.
    public struct Segments: RandomAccessCollection, ExpressibleByArrayLiteral, Hashable, Sendable {
        /// One piece of text is never held as an array, so equal pieces are equal storage.
        private enum Storage: Hashable, Sendable {
            case text(String)
            case many([Segment])
        }

        private var storage: Storage

        /// No pieces: the empty literal `""`.
        public init() { storage = .many([]) }

        /// The pieces `segments`, in order.
        public init(_ segments: [Segment]) {
            if segments.count == 1, case .text(let text) = segments[0] {
                storage = .text(text)
            } else {
                storage = .many(segments)
            }
        }

        public init(arrayLiteral segments: Segment...) { self.init(segments) }

        /// The one piece of text `text`, held as is: what the lexer makes of
        /// nearly every string, without going through ``append(_:)``.
        init(text: String) { storage = .text(text) }

        public var startIndex: Int { 0 }

        public var endIndex: Int {
            switch storage {
            case .text: 1
            case .many(let segments): segments.count
            }
        }

        public subscript(position: Int) -> Segment {
            switch storage {
            case .text(let text):
                precondition(position == 0, "Index out of range")
                return .text(text)
            case .many(let segments):
                return segments[position]
            }
        }

        /// Adds `segment` after the others, moved in (a copy would retain its text).
        public mutating func append(_ segment: consuming Segment) {
            switch storage {
            case .text(let text):
                storage = .many([.text(text), segment])
            case .many(var segments):
                if segments.isEmpty, case .text(let text) = segment {
                    storage = .text(text)
                    return
                }
                // Let go of the stored array first, so that appending does not copy it.
                storage = .many([])
                segments.append(segment)
                storage = .many(segments)
            }
        }
    }
}
