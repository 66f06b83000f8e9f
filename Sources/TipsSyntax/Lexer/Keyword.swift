/// The contextual keywords of the language.
///
/// The lexer marks every identifier that spells one (``Token/keyword``) so
/// that the parser compares enums, not strings; whether the word acts as a
/// keyword depends on where the parser finds it.
public enum Keyword: String, CaseIterable, Hashable, Sendable {
    case config, `enum`, parameter, transient, event, tip, group
    case displayFrequency, sourceLanguage, sessionLimit, oneAtATime, every, keep, ordered, firstAvailable
    case title, message, image, id, action, rule, maxDisplayCount, maxDisplayDuration, ignoresDisplayFrequency
    case invalidatedBy, renamedFrom, snooze, holdout
    case `true`, `false`
    // Scenarios (`tipc test`): the declaration, its steps, and the words inside steps.
    case scenario
    case set, donate, wait, show, appear, disappear, invalidate, reset, restart, `repeat`, expect, override
    case newSession, hold, release, language
    case `for`, available, pending, invalidated, shows, nothing, showAll, hideAll, hide

    /// Whether the keyword starts a file-scope declaration.
    public var startsDeclaration: Bool {
        switch self {
        case .config, .enum, .parameter, .transient, .event, .tip, .group, .scenario: true
        default: false
        }
    }

    /// Whether the keyword starts a scenario step (one of ``Parser/scenarioStepKeywords``).
    public var startsScenarioStep: Bool { Parser.scenarioStepKeywords.contains(self) }

    /// Whether the keyword starts an item of the `config` block.
    public var startsConfigItem: Bool {
        switch self {
        case .displayFrequency, .sourceLanguage, .sessionLimit, .oneAtATime: true
        default: false
        }
    }

    /// Whether the keyword starts a tip body item.
    public var startsTipItem: Bool {
        switch self {
        case .title, .message, .image, .id, .action, .rule, .maxDisplayCount, .maxDisplayDuration,
            .ignoresDisplayFrequency, .invalidatedBy, .renamedFrom, .snooze, .holdout:
            true
        default: false
        }
    }

    /// The most bytes a keyword's spelling may take (three words of
    /// ``Words``): an identifier longer than that is never looked up.
    static let longestSpelling = 24

    /// The keywords' UTF-8 spellings, grouped by length and by the low five
    /// bits of their first byte (see ``bucket(length:first:)``), for matching
    /// without building strings: an identifier is compared with two keywords
    /// at most, usually none. Each spelling is held as three little-endian
    /// words, zero-padded, and compared as words rather than byte by byte:
    /// saves 3 M instructions of 426 M in `Parser.parse` for 10,000 tips (callgrind).
    static let byShape: [[(keyword: Keyword, words: Words)]] = {
        var table = [[(keyword: Keyword, words: Words)]](repeating: [], count: 32 << 5)
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.rawValue.utf8)
            precondition(bytes.count <= longestSpelling, "keyword '\(keyword)' is longer than three words")
            let words = bytes.withUnsafeBufferPointer { Words(of: $0, from: 0, length: bytes.count) }
            table[bucket(length: bytes.count, first: bytes[0])].append((keyword, words))
        }
        return table
    }()

    /// A spelling of up to 24 bytes as three little-endian words, zero-padded.
    struct Words: Equatable {
        var first: UInt64
        var second: UInt64
        var third: UInt64

        /// The `length` bytes of `bytes` from `start` (up to 24).
        @inline(__always)
        init(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, length: Int) {
            first = bytes.littleEndianWord(from: start, count: min(length, 8))
            second = bytes.littleEndianWord(from: start + 8, count: min(length - 8, 8))
            third = bytes.littleEndianWord(from: start + 16, count: min(length - 16, 8))
        }
    }

    /// The index in ``byShape`` of a spelling of `length` bytes (under 32) starting with `first`.
    static func bucket(length: Int, first: UInt8) -> Int { length << 5 | Int(first & 0x1F) }
}
