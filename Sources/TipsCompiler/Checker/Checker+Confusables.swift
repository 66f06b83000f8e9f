// Names that look alike but are not the same name: `flag` and `flаg` with a
// Cyrillic а. Both compile, and a rule that means one silently uses the
// other, so the second is a warning that names the character.

import TipsSyntax

extension Checker {
    /// Letters of other scripts that look like a Latin letter, and that letter.
    static let latinLookalikes: [Unicode.Scalar: Character] = {
        let pairs: [(UInt32, Character)] = [
            // Cyrillic
            (0x0430, "a"), (0x0435, "e"), (0x043E, "o"), (0x0440, "p"), (0x0441, "c"), (0x0443, "y"),
            (0x0445, "x"), (0x0456, "i"), (0x0458, "j"), (0x0455, "s"), (0x0501, "d"), (0x04BB, "h"),
            (0x0410, "A"), (0x0412, "B"), (0x0415, "E"), (0x041A, "K"), (0x041C, "M"), (0x041D, "H"),
            (0x041E, "O"), (0x0420, "P"), (0x0421, "C"), (0x0422, "T"), (0x0425, "X"), (0x0406, "I"),
            (0x0408, "J"), (0x0405, "S"),
            // Greek
            (0x03BF, "o"), (0x03B1, "a"), (0x03BD, "v"), (0x03C1, "p"), (0x03B9, "i"), (0x0391, "A"),
            (0x0392, "B"), (0x0395, "E"), (0x0396, "Z"), (0x0397, "H"), (0x0399, "I"), (0x039A, "K"),
            (0x039C, "M"), (0x039D, "N"), (0x039F, "O"), (0x03A1, "P"), (0x03A4, "T"), (0x03A5, "Y"),
            (0x03A7, "X"),
        ]
        var table: [Unicode.Scalar: Character] = [:]
        for (value, latin) in pairs {
            if let scalar = Unicode.Scalar(value) { table[scalar] = latin }
        }
        return table
    }()

    /// `name` with every lookalike letter replaced by its Latin letter, and
    /// the first lookalike found; nil when the name has none.
    static func latinSkeleton(_ name: String) -> (skeleton: String, lookalike: Unicode.Scalar)? {
        guard !Identifier.isASCII(name) else { return nil }
        var skeleton = ""
        var first: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            if let latin = latinLookalikes[scalar] {
                skeleton.append(latin)
                if first == nil { first = scalar }
            } else {
                skeleton.unicodeScalars.append(scalar)
            }
        }
        return first.map { (skeleton, $0) }
    }

    /// A declared name with lookalike letters, what it declares, its ``latinSkeleton(_:)`` and its first lookalike.
    typealias Lookalike = (name: String, symbol: DeclaredName, skeleton: String, lookalike: Unicode.Scalar)

    /// Warns at every declared name that differs from another declared name
    /// only by lookalike letters of another script. `lookalikes` are in
    /// source order, so the output does not depend on hashing.
    mutating func warnAboutLookalikeNames(_ lookalikes: [Lookalike]) {
        for (name, symbol, skeleton, lookalike) in lookalikes {
            let other: (name: String, symbol: DeclaredName)? =
                symbols[skeleton].map { (name: skeleton, symbol: $0) }
                ?? lookalikes.first { $0.skeleton == skeleton && $0.name != name }.map { ($0.name, $0.symbol) }
            guard let other, other.name != name else { continue }
            let code = Lexer.hex(lookalike.value, digits: 4)
            let letter = lookalike.properties.name.map { " \($0)" } ?? ""
            reporting(as: symbol.symbol(name)) {
                $0.diagnostics.warning(
                    "'\(name)' looks like '\(other.name)' but is another name: its '\(Character(lookalike))' is "
                        + "U+\(code)\(letter); rename one of them",
                    at: symbol.nameRange,
                    notes: [DiagnosticNote("'\(other.name)' is declared here", at: other.symbol.nameRange)])
            }
        }
    }

    /// "Did you mean" `match`, the candidate closest to `name` (see
    /// ``closestDeclaredName(to:of:)``); nothing without one. When the two
    /// print alike (they differ only by lookalike letters of another script
    /// or by invisible characters), the phrase also names the character that
    /// differs, by code point and column: quoting it would show nothing new.
    func nameSuggestion(for name: Identifier, match: String?) -> Suggestion {
        guard let match else { return Suggestion(phrase: "", replacement: nil) }
        let suggestion = Suggestion.didYouMean(match)
        if Identifier.isASCII(name.name) {
            return declaredLookalike(in: match, writtenAs: name.name).map {
                Suggestion(phrase: suggestion.phrase + $0, replacement: match)
            } ?? suggestion
        }
        guard let (offset, scalar) = differenceThatPrintsAlike(name, match) else { return suggestion }
        let column = sources[name.range.file].lineColumn(of: name.range.start + UInt32(offset)).column
        let looks = Self.latinLookalikes[scalar].map { "looks like the Latin '\($0)'" } ?? "shows as nothing"
        let difference = " They differ by \(Self.codePointName(scalar)) at column \(column), which \(looks)"
        return Suggestion(phrase: suggestion.phrase + difference, replacement: match)
    }

    /// When the declared name `match` prints like the all-Latin `written`
    /// but holds a lookalike letter, the sentence that names that letter and
    /// its place in the declared name; nil otherwise.
    private func declaredLookalike(in match: String, writtenAs written: String) -> String? {
        guard let (skeleton, lookalike) = Self.latinSkeleton(match), skeleton == written,
            let latin = Self.latinLookalikes[lookalike],
            let index = match.unicodeScalars.firstIndex(of: lookalike)
        else { return nil }
        let place = match.unicodeScalars.distance(from: match.unicodeScalars.startIndex, to: index) + 1
        return " They differ by \(Self.codePointName(lookalike)), letter \(place) of the declared name, "
            + "which looks like the Latin '\(latin)'"
    }

    /// `U+043E CYRILLIC SMALL LETTER O`.
    static func codePointName(_ scalar: Unicode.Scalar) -> String {
        "U+\(Lexer.hex(scalar.value, digits: 4))" + (scalar.properties.name.map { " " + $0 } ?? "")
    }

    /// The first scalar of `name` as written (and its byte offset in it) that
    /// makes it differ from `match` while printing alike: a lookalike letter
    /// or an invisible character; nil when the two differ otherwise.
    private func differenceThatPrintsAlike(_ name: Identifier, _ match: String) -> (Int, Unicode.Scalar)? {
        let written = sources[name.range.file].text(in: name.range)
        var skeleton = String.UnicodeScalarView()
        var first: (Int, Unicode.Scalar)?
        var offset = 0
        for scalar in written.unicodeScalars {
            if let latin = Self.latinLookalikes[scalar] {
                skeleton.append(contentsOf: latin.unicodeScalars)
                if first == nil { first = (offset, scalar) }
            } else if scalar.properties.isDefaultIgnorableCodePoint {
                if first == nil { first = (offset, scalar) }
            } else {
                skeleton.append(scalar)
            }
            offset += scalar.utf8.count
        }
        guard String(skeleton) == match else { return nil }
        return first
    }
}
