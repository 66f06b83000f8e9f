import TipsStringCatalog
import TipsSyntax

extension CheckedProgram {
    /// The strings of every tip as `tipc strings` writes them into a catalog:
    /// each with its key, its text (``CatalogText``) and a comment that tells a
    /// translator which item it is, what the tip is for (its doc comment) and
    /// what each slot will hold.
    public var catalogStrings: [CatalogString] {
        var tips: [String: CheckedTip] = [:]
        for file in files {
            for case .tip(let tip) in file.declarations { tips[tip.name] = tip }
        }
        return strings.map { string in
            CatalogString(
                key: string.key, value: CatalogText.spelling(string.text),
                comment: tips[string.tip].map { Self.comment(for: string, of: $0) } ?? "", formerKeys: string.formerKeys
            )
        }
    }

    /// `The title of the tip NewTrail. Tells hikers about a new trail. Keep \(name) as written: the app puts a String there.`
    static func comment(for string: CheckedString, of tip: CheckedTip) -> String {
        var sentences: [String]
        switch string.item {
        case .title: sentences = ["The title of the tip \(tip.name)."]
        case .message: sentences = ["The message of the tip \(tip.name)."]
        case .action(let id): sentences = ["The title of the button '\(id)' of the tip \(tip.name)."]
        }
        let doc = tip.doc.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }.joined(separator: " ")
        if !doc.isEmpty { sentences.append(doc) }
        var slots: [String] = []
        for case .argument(let name) in string.text.segments where !slots.contains(name) { slots.append(name) }
        if !slots.isEmpty {
            let types = Dictionary((tip.arguments ?? []).map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
            let described = slots.map { "\\(\($0)) (\(types[$0].map { "\($0)" } ?? "a value"))" }
            sentences.append(
                "Keep \(described.joined(separator: ", ")) as written: the app puts the tip's "
                    + (slots.count == 1 ? "value" : "values") + " there.")
        }
        return sentences.joined(separator: " ")
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
