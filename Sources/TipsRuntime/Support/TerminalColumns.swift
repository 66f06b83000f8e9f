/// How many columns of a terminal text takes, as terminals draw it: a wide
/// East Asian character (Chinese, Japanese, Korean, fullwidth forms) or an
/// emoji takes two, a control or a format character (a zero-width joiner)
/// none, anything else one. A `Character` is a grapheme cluster, so an
/// accent or an Arabic vowel sign rides on the letter it marks and adds
/// nothing.
///
/// The count glibc's `wcwidth` gives these characters (a test compares
/// them); a terminal that draws an ambiguous character (`±`, a Greek letter
/// in a CJK locale) wide is not followed.
///
/// What both of tipc's terminal texts line up by: `TipsTerminal`'s cards
/// and the compiler's carets under a diagnostic's source line.
package enum TerminalColumns {
    /// The columns `text` takes.
    package static func of<Text: StringProtocol>(_ text: Text) -> Int {
        var columns = 0
        for character in text { columns += of(character) }
        return columns
    }

    /// The columns `character` takes: 0, 1 or 2.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        // A soft hyphen is a format character that terminals draw as a hyphen.
        if first == "\u{AD}" { return 1 }
        let properties = first.properties
        switch properties.generalCategory {
        case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator: return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        // A text-style emoji (`❤`) asked for as an emoji (U+FE0F) is drawn as one.
        if properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// Whether `value` is East Asian Wide or Fullwidth (Unicode's
    /// EastAsianWidth.txt, W and F), outside the emoji counted apart.
    private static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0
        var high = wideRanges.count
        while low < high {
            let middle = (low + high) / 2
            if wideRanges[middle].upperBound < value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < wideRanges.count && wideRanges[low].contains(value)
    }

    /// The wide ranges, in order: Hangul Jamo, CJK radicals and punctuation,
    /// kana, Bopomofo, CJK ideographs, Yi, Hangul syllables, compatibility
    /// ideographs, vertical and small forms, fullwidth forms, Tangut,
    /// Khitan, Nüshu, kana supplements, and the supplementary ideographic planes.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
        0x17000...0x18CFF, 0x18D00...0x18D08, 0x1AFF0...0x1B2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]
}
