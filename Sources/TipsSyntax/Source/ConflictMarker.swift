// The lines git writes into a file whose merge it left to a person:
// `<<<<<<< HEAD`, the first side, `||||||| base` and the common ancestor
// (with `merge.conflictStyle diff3`), `=======`, the other side, and
// `>>>>>>> branch`. A `.tips` file, a lock and a String Catalog each name one
// as what it is rather than as the text it is not.

extension SourceFile {
    /// The marker that starts at `start` in `bytes`, one of `<`, `|`, `=`
    /// and `>` written seven times and followed by the end of the line, a
    /// space or the end of the file; nil for anything else.
    package static func conflictMarker(in bytes: [UInt8], at start: Int) -> UInt8? {
        guard start + 7 <= bytes.count else { return nil }
        let marker = bytes[start]
        guard marker == 0x3C || marker == 0x7C || marker == 0x3D || marker == 0x3E,
            bytes[start..<start + 7].allSatisfy({ $0 == marker })
        else { return nil }
        guard start + 7 < bytes.count else { return marker }
        let next = bytes[start + 7]
        return next == 0x20 || next == 0x0A || next == 0x0D || next == 0x09 ? marker : nil
    }

    /// The marker `marker` as written, `<<<<<<<`.
    package static func conflictMarkerText(_ marker: UInt8) -> String {
        String(repeating: Character(Unicode.Scalar(marker)), count: 7)
    }
}
