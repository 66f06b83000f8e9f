import TipsSyntax

/// A string of a tip that translators translate: its title, its message, or
/// an action's title, with its key in a String Catalog.
public struct CheckedString: Hashable, Sendable {
    /// Which of the tip's strings it is.
    public enum Item: Hashable, Sendable {
        case title
        case message
        /// The title of the action with this id.
        case action(String)
    }

    /// The tip's name.
    public var tip: String
    /// Which string of the tip it is.
    public var item: Item
    /// The text as written in the `.tips` file, `\(name)` marking a slot.
    public var text: InterpolatedText
    /// Where the string is written, when the checker recorded it.
    public var range: SourceRange?
    /// The tip's former names, as its `renamedFrom` writes them (old ids in
    /// quotes are not names, and are left out).
    public var formerTips: [String] = []

    /// The key, made from where the string is, not from its text, so that a
    /// copy edit keeps its translations: `FavoriteTrail.title`,
    /// `FavoriteTrail.message`, `FavoriteTrail.action.learnMore`.
    public var key: String { key(ofTip: tip) }

    /// The keys the string had under its tip's former names, in the order
    /// `renamedFrom` writes them: `tipc strings` gives a new key the
    /// translations of the first of these that the catalog has.
    public var formerKeys: [String] { formerTips.map(key(ofTip:)) }

    /// The string's key in a tip named `name`.
    private func key(ofTip name: String) -> String {
        switch item {
        case .title: "\(name).title"
        case .message: "\(name).message"
        case .action(let id): "\(name).action.\(id)"
        }
    }
}

extension CheckedTip {
    /// The strings translators translate, in the order a person reads them:
    /// the title, the message, then each action's title. The id and the
    /// image name are not translated.
    public var strings: [CheckedString] {
        // Fields read through `self.`: a checked tip keeps them in a box it reads by dynamic member lookup.
        let former = self.renamedFrom.filter(\.isTipName).map(\.text)
        var strings = [
            CheckedString(tip: self.name, item: .title, text: self.title, range: self.titleRange, formerTips: former)
        ]
        if let message = self.message {
            strings.append(
                CheckedString(
                    tip: self.name, item: .message, text: message, range: self.messageRange, formerTips: former))
        }
        for action in self.actions {
            strings.append(
                CheckedString(
                    tip: self.name, item: .action(action.id), text: action.title, range: action.titleRange,
                    formerTips: former))
        }
        return strings
    }
}

extension CheckedProgram {
    /// Every tip's strings, file by file, tip by tip, in source order.
    public var strings: [CheckedString] {
        files.flatMap { file in
            file.declarations.flatMap { declaration -> [CheckedString] in
                if case .tip(let tip) = declaration { tip.strings } else { [] }
            }
        }
    }
}
