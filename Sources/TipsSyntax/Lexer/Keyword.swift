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
    case newSession, hold, release
    case `for`, available, pending, invalidated, shows, nothing, showAll, hideAll, hide

    /// Whether the keyword starts a file-scope declaration.
    public var startsDeclaration: Bool {
        switch self {
        case .config, .enum, .parameter, .transient, .event, .tip, .group, .scenario: true
        default: false
        }
    }

    /// Whether the keyword starts a scenario step.
    public var startsScenarioStep: Bool {
        switch self {
        case .set, .donate, .wait, .show, .appear, .disappear, .invalidate, .reset, .restart, .repeat, .expect,
            .override, .newSession, .hold, .release, .snooze:
            true
        default: false
        }
    }

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

    /// The keywords' UTF-8 spellings, grouped by length and by the low five
    /// bits of their first byte (see ``bucket(length:first:)``), for matching
    /// without building strings: an identifier is compared with two keywords
    /// at most, usually none.
    static let byShape: [[(keyword: Keyword, bytes: [UInt8])]] = {
        var table = [[(keyword: Keyword, bytes: [UInt8])]](repeating: [], count: 32 << 5)
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.rawValue.utf8)
            table[bucket(length: bytes.count, first: bytes[0])].append((keyword, bytes))
        }
        return table
    }()

    /// The index in ``byShape`` of a spelling of `length` bytes (under 32) starting with `first`.
    static func bucket(length: Int, first: UInt8) -> Int { length << 5 | Int(first & 0x1F) }
}
