extension Tips {
    /// The copy of tips in every language it was translated into: generated
    /// code makes one for the tips of each `.tips` file, and each tip's
    /// `title`, `message` and action titles read their text from it.
    ///
    /// The language is chosen from ``TipCenter/languages`` (the `.language`
    /// option of `configure`, else the preferred languages): the first of
    /// them that the copy has, by region, then language (`pt-BR` → `pt`),
    /// else the source language. A text that has no translation in the
    /// chosen language is the source text.
    ///
    /// ```swift
    /// let copy = Tips.Translations(
    ///     sourceLanguage: "en", languages: ["de"],
    ///     texts: [["Save as a Favorite", "Hi \\(name)"], ["Als Favorit sichern", "Hallo \\(name)"]])
    /// copy.text(0)                                   // in the shared center's language
    /// copy.text(1, filling: ["name": "Ada"], in: center)
    /// ```
    public struct Translations: Sendable {
        /// The language of the source texts (`texts[0]`).
        public let sourceLanguage: String
        /// The translations' languages, in the order of `texts[1...]`.
        public let languages: [String]
        /// `texts[0]` holds the source texts; `texts[i]` the same texts in `languages[i - 1]`, `""` where one is missing.
        let texts: [[String]]
        /// Each language's index into `texts`, by normalized identifier.
        let indices: [String: Int]

        /// Creates the copy: source texts first, then each language's texts in
        /// the same order (`""` for a text not translated).
        public init(sourceLanguage: String, languages: [String], texts: [[String]]) {
            self.sourceLanguage = sourceLanguage
            self.languages = languages
            self.texts = texts
            var indices: [String: Int] = [LanguageMatch.normalized(sourceLanguage): 0]
            for (offset, language) in languages.enumerated() where offset + 1 < texts.count {
                indices[LanguageMatch.normalized(language), default: offset + 1] = offset + 1
            }
            self.indices = indices
        }

        /// Which language of this copy serves `preferred` (best first): one of
        /// ``languages``, or the source language.
        public func language(for preferred: [String]) -> String {
            let index = LanguageMatch.best(in: indices, for: preferred) ?? 0
            return index == 0 ? sourceLanguage : languages[index - 1]
        }

        /// Which of `languages`, or `sourceLanguage`, a copy translated into
        /// `languages` serves `preferred` with: what ``language(for:)`` answers
        /// for such a copy, asked without its texts (a tool that shows copy
        /// the way an app would).
        public static func language(for preferred: [String], sourceLanguage: String, languages: [String]) -> String {
            Translations(
                sourceLanguage: sourceLanguage, languages: languages,
                texts: Array(repeating: [], count: languages.count + 1)
            ).language(for: preferred)
        }

        /// Which language of this copy `center` speaks (see ``TipCenter/languages``).
        public func language(in center: TipCenter = .shared) -> String { language(for: center.languages) }

        /// Text `index` in `language` (or the language that serves it best).
        public func text(_ index: Int, language: String) -> String {
            text(index, languageIndex: LanguageMatch.best(in: indices, for: [language]) ?? 0)
        }

        /// Text `index` in the language `center` speaks.
        public func text(_ index: Int, in center: TipCenter = .shared) -> String {
            text(index, languageIndex: LanguageMatch.best(in: indices, for: center.languages) ?? 0)
        }

        /// Text `index` in the language `center` speaks, each `\(name)` slot
        /// filled with `arguments[name]` (`\\` stands for one backslash).
        public func text(_ index: Int, filling arguments: [String: String], in center: TipCenter = .shared) -> String {
            Self.fill(text(index, in: center), with: arguments)
        }

        /// Text `index` in `language`, its slots filled.
        public func text(_ index: Int, filling arguments: [String: String], language: String) -> String {
            Self.fill(text(index, language: language), with: arguments)
        }

        func text(_ index: Int, languageIndex: Int) -> String {
            guard texts.indices.contains(languageIndex), texts[languageIndex].indices.contains(index),
                !texts[languageIndex][index].isEmpty
            else { return texts.first.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? "" }
            return texts[languageIndex][index]
        }

        /// `template` with each `\(name)` replaced by `arguments[name]` (a
        /// name without a value stays as written) and each `\\` by `\`.
        static func fill(_ template: String, with arguments: [String: String]) -> String {
            guard template.contains("\\") else { return template }
            var out = ""
            var rest = template[...]
            while let slash = rest.firstIndex(of: "\\") {
                out += rest[..<slash]
                let after = rest[rest.index(after: slash)...]
                if after.first == "\\" {
                    out += "\\"
                    rest = after.dropFirst()
                } else if after.first == "(", let close = after.firstIndex(of: ")"),
                    let value = arguments[String(after[after.index(after: after.startIndex)..<close])]
                {
                    out += value
                    rest = after[after.index(after: close)...]
                } else {
                    out += "\\"
                    rest = after
                }
            }
            return out + rest
        }
    }
}
