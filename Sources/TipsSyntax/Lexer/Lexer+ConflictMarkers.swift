import Foundation

// A merge git left to a person: the first side is read, the rest skipped.
//
// As clang does with C: the error at `<<<<<<<` names the mistake once, the
// lines of the first side are read as the file's (so that what they declare
// exists, and nothing else in the compilation cascades), and from `|||||||`
// or `=======` to the end of the `>>>>>>>` line nothing is read. The lexer
// reads a copy of the file with those lines blanked (each byte a space but
// the line breaks, so that every offset stays), made only for a file that
// has a line starting with `<<<<<<<`. Looking for one with `memchr` costs
// 0.7 M instructions of 999 M in `tipc compile` of 10,000 tips, where a test
// at each line start in the lexer's loop made the loop 4 M dearer (callgrind).

extension Lexer {
    /// An error the lexer reports at a conflict marker.
    struct ConflictError {
        var message: String
        var offset: Int
    }

    /// `bytes` with every merge conflict's markers and other sides blanked,
    /// and the errors to report; nil when no line of `bytes` starts with `<<<<<<<`.
    static func firstSides(of bytes: [UInt8]) -> (bytes: [UInt8], errors: [ConflictError])? {
        guard let first = firstOpeningMarker(in: bytes) else { return nil }
        var blanked = bytes
        var errors: [ConflictError] = []
        var isInFirstSide = false
        var isSkipping = false
        var lineStart = first
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            let marker = SourceFile.conflictMarker(in: bytes, at: lineStart)
            let blanks: Bool
            switch (marker, isInFirstSide, isSkipping) {
            case (UInt8(ascii: "<"), false, false):
                errors.append(ConflictError(message: openingMessage, offset: lineStart))
                (isInFirstSide, blanks) = (true, true)
            case (UInt8(ascii: "|"), true, _), (UInt8(ascii: "="), true, _):
                (isInFirstSide, isSkipping, blanks) = (false, true, true)
            case (UInt8(ascii: ">"), _, true):
                (isSkipping, blanks) = (false, true)
            case (.some(let marker), _, false):
                errors.append(ConflictError(message: strayMessage(marker), offset: lineStart))
                blanks = true
            default:
                blanks = isSkipping
            }
            if blanks {
                for index in lineStart..<lineEnd where bytes[index] != 0x0D { blanked[index] = 0x20 }
            }
            lineStart = lineEnd + 1
        }
        return (blanked, errors)
    }

    /// The offset of the first line that starts with `<<<<<<<`, found by
    /// `memchr` from one `<` to the next; nil when there is none.
    private static func firstOpeningMarker(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var from = 0
            while from < buffer.count, let found = memchr(base + from, Int32(UInt8(ascii: "<")), buffer.count - from) {
                let offset = base.distance(to: UnsafeRawPointer(found))
                let startsLine = offset == SourceFile.byteOrderMarkLength(of: bytes) || buffer[offset - 1] == 0x0A
                if startsLine, SourceFile.conflictMarker(in: bytes, at: offset) != nil { return offset }
                from = offset + 1
            }
            return nil
        }
    }

    static let openingMessage =
        "an unresolved merge conflict ('<<<<<<<'): merge the two sides by hand and delete the lines "
        + "'<<<<<<<', '=======' and '>>>>>>>'; until then the first side is read"

    static func strayMessage(_ marker: UInt8) -> String {
        "a merge conflict marker ('\(SourceFile.conflictMarkerText(marker))') without the '<<<<<<<' that "
            + "opens its conflict; merge the sides by hand and delete it"
    }
}
