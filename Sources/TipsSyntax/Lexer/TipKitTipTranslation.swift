// A TipKit tip, `struct FavoriteTip: Tip { ... }`, pasted into a `.tips`
// file, written as the `.tips` declarations it means, for the one error the
// lexer reports about it (`scanTipKitStruct(from:)`) and that error's fix.

/// Translates the members of a TipKit tip struct into `.tips`: its title,
/// message, image and id, its `#Rule`s, options and actions, and the
/// `@Parameter`s and events it declares (which `.tips` declares at file
/// scope). Only what TipKit's documentation writes is read; a member it
/// cannot read makes the whole untranslated, rather than half right.
enum TipKitTipTranslation {
    /// The `.tips` a tip struct means.
    struct Translated: Equatable {
        /// The parameters and events the struct declared, a line each.
        var declarations: [String] = []
        /// The tip's arguments, `name: Type`, from the struct's stored
        /// properties: a struct with them is a reusable tip.
        var arguments: [String] = []
        /// The tip's items, a line each.
        var items: [String] = []

        /// The declarations and the tip `name` on lines, as a fix writes
        /// them where the struct started: after `newline`, each line but a
        /// blank one starts with `indentation`, the struct's.
        func lines(name: String, newline: String, indentation: String) -> String {
            var lines = declarations
            if !lines.isEmpty { lines.append("") }
            lines.append(header(name: name))
            lines += items.map { "    " + $0 }
            lines.append("}")
            return lines.enumerated().map { $0 == 0 || $1.isEmpty ? $1 : indentation + $1 }.joined(separator: newline)
        }

        /// The same on one line, items and declarations apart by `;`, for a message.
        func oneLine(name: String) -> String {
            (declarations + [header(name: name) + " " + items.joined(separator: "; ") + " }"]).joined(separator: "; ")
        }

        /// `tip Name {`, or `tip Name(a: String) {` with arguments.
        private func header(name: String) -> String {
            arguments.isEmpty ? "tip \(name) {" : "tip \(name)(\(arguments.joined(separator: ", "))) {"
        }
    }

    /// What a translation reads of the file around the struct.
    struct Surroundings {
        /// The fields, `name: Type`, of a donation type the file declares
        /// as a Swift struct (`struct Visit: Codable { let region: String
        /// }`), by its name; nil when it has none, or a field no event field
        /// has (the four types, or one of the enums given).
        var donationFields: (_ type: String, _ enums: Set<String>) -> [String]? = { _, _ in nil }
        /// Whether the file declares the `.tips` event of that name already.
        var declaresEvent: (String) -> Bool = { _ in false }
        /// The enums the file declares, in `.tips` or as Swift: a stored
        /// property or a donation field may have one as its type.
        var enums: Set<String> = []
    }

    /// The `.tips` that `body`, the text between a tip struct's braces,
    /// means; nil when a member has no `.tips` spelling here, or there is no title.
    static func translate(body: String, around: Surroundings = Surroundings()) -> Translated? {
        var translated = Translated()
        var options: [String] = []
        var rules: [String] = []
        var actions: [String] = []
        let members = members(of: body)
        guard let (enums, nested) = nestedTypes(in: members, around: around, into: &translated) else { return nil }
        // Stored properties first: a title may interpolate one declared below it.
        var arguments: [String] = []
        for member in members where isStoredProperty(member) {
            guard let argument = argument(member, enums: enums) else { return nil }
            translated.arguments.append(argument)
            arguments.append(String(argument.prefix { $0 != ":" }))
        }
        for member in members where !isStoredProperty(member) {
            let words = words(of: member)
            guard let first = words.first, first != "struct", first != "enum" else { continue }
            if first.hasPrefix("@Parameter") {
                guard let parameter = parameter(member, transient: first.contains("transient")) else { return nil }
                translated.declarations.append(parameter)
            } else if words.count >= 3, first == "static", words[1] == "let" {
                let name = String(words[2].prefix { $0 != ":" })
                guard let event = event(member, name: name, nested: nested, around: around, enums: enums) else {
                    return nil
                }
                translated.declarations += event
            } else if words.count >= 2, first == "var" {
                guard let (kind, read) = items(ofVar: member, name: words[1], interpolating: arguments) else {
                    return nil
                }
                switch kind {
                case .rules: rules += read
                case .options: options += read
                case .actions: actions += read
                case .text: translated.items += read
                }
            } else {
                return nil
            }
        }
        guard translated.items.contains(where: { $0.hasPrefix("title ") }) else { return nil }
        translated.items += actions + rules + options
        return translated
    }

    /// Where a tip's `var` member goes among its items: its texts and
    /// image first, as written, then its actions, rules and options.
    enum MemberKind { case text, actions, rules, options }

    /// The items a `var` member of a tip struct means: `var title: Text {
    /// Text("Hi") }` is `title "Hi"`. `name` is the word after `var`;
    /// `arguments` the stored properties a text may interpolate. Nil for a
    /// member that has no `.tips` spelling here.
    static func items(
        ofVar member: String, name: Substring, interpolating arguments: [String]
    ) -> (kind: MemberKind, items: [String])? {
        let name = name.prefix { $0 != ":" }
        switch name {
        case "title", "message", "id":
            guard let text = firstStringLiteral(in: member, interpolating: arguments) else { return nil }
            return (.text, ["\(name) \(text)"])
        case "image", "asset":
            guard let symbol = stringArgument("systemName:", in: member) else { return nil }
            return (.text, ["image \(symbol)"])
        case "rules": return rules(member).map { (.rules, $0) }
        case "options": return options(member).map { (.options, $0) }
        case "actions": return actions(member).map { (.actions, $0) }
        default: return nil
        }
    }

    /// The types declared inside the tip: its enums, which `.tips` declares
    /// at file scope (appended to `translated`), with the file's; and its
    /// donation types, as TipKit's examples declare them, with their fields
    /// by name. Nil for an enum or a struct that cannot be read.
    private static func nestedTypes(
        in members: [String], around: Surroundings, into translated: inout Translated
    ) -> (enums: Set<String>, donationTypes: [String: [String]?])? {
        var enums = around.enums
        for member in members where words(of: member).first == "enum" {
            guard let (name, enumBody) = structNameAndBody(member), let cases = cases(ofEnumBody: enumBody) else {
                return nil
            }
            enums.insert(name)
            translated.declarations.append("enum \(name) { \(cases.joined(separator: ", ")) }")
        }
        var donationTypes: [String: [String]?] = [:]
        for member in members where words(of: member).first == "struct" {
            guard let (name, structBody) = structNameAndBody(member) else { return nil }
            donationTypes[name] = fields(ofStructBody: structBody, enums: enums)
        }
        return (enums, donationTypes)
    }

    /// The words of `member`, without those ``modifiers`` holds.
    private static func words(of member: String) -> [Substring] {
        member.split(whereSeparator: \.isWhitespace).filter { !modifiers.contains(String($0)) }
    }

    /// Words before a member that `.tips` has no use for.
    private static let modifiers: Set<String> = [
        "public", "private", "internal", "fileprivate", "package", "nonisolated",
    ]

    /// The members of `body`: its text cut where a line ends with every
    /// brace and parenthesis opened on it closed (strings skipped, `//`
    /// comments left out).
    static func members(of body: String) -> [String] {
        var members: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        var inComment = false
        var previous: Character = " "
        for character in body {
            defer { previous = character }
            if inComment {
                // `isNewline`: a CRLF line break is one Character.
                guard character.isNewline else { continue }
                inComment = false
            }
            if !inString, character == "/", previous == "/" {
                current.removeLast()
                inComment = true
                continue
            }
            current.append(character)
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "(", "[": depth += 1
            case "}", ")", "]": depth -= 1
            case "\n", "\r\n", ";":
                // An attribute on a line of its own (`@Parameter`) belongs to the member below it.
                let words = current.split(whereSeparator: \.isWhitespace)
                guard depth == 0, !(words.count == 1 && words[0].hasPrefix("@")) else { break }
                if !words.isEmpty { members.append(current) }
                current = ""
            default: break
            }
        }
        if !current.allSatisfy(\.isWhitespace) { members.append(current) }
        return members.map { String($0.drop { $0.isWhitespace }) }
    }

    /// Whether `member` is an instance's stored property, `let name: String`:
    /// no value, no body, no attribute, not `static`.
    private static func isStoredProperty(_ member: String) -> Bool {
        let words = words(of: member)
        guard let first = words.first, first == "let" || first == "var" else { return false }
        return !member.contains("{") && !member.contains("=")
    }

    /// A stored property, `let name: String`, as the argument `name:
    /// String`; nil unless its type is one a tip argument can have: one of
    /// the four, or one of `enums`.
    private static func argument(_ member: String, enums: Set<String>) -> String? {
        let words = words(of: member)
        let declaration = words.dropFirst().joined()
        guard let colon = declaration.firstIndex(of: ":") else { return nil }
        let name = declaration[..<colon]
        let type = String(declaration[declaration.index(after: colon)...])
        guard !name.isEmpty, ["String", "Int", "Double", "Bool"].contains(type) || enums.contains(type) else {
            return nil
        }
        return "\(name): \(type)"
    }

    /// The cases of a Swift enum whose braces hold `body`, `case free,
    /// pro` on one line or a `case` a line; nil for anything else in it (a
    /// raw value, an associated value, a method) or no case.
    private static func cases(ofEnumBody body: String) -> [String]? {
        var cases: [String] = []
        for member in members(of: body) {
            let words = words(of: member)
            guard words.first == "case" else { return nil }
            for name in words.dropFirst().joined().split(separator: ",", omittingEmptySubsequences: false) {
                guard let first = name.first, first.isLetter || first == "_",
                    name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                else { return nil }
                cases.append(String(name))
            }
        }
        return cases.isEmpty ? nil : cases
    }

    /// `@Parameter static var isLoggedIn: Bool = false` as `parameter isLoggedIn: Bool = false`.
    private static func parameter(_ member: String, transient: Bool) -> String? {
        guard let variable = member.range(of: "var ") else { return nil }
        let declaration = member[variable.upperBound...].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard declaration.contains("="), !declaration.contains("?") else { return nil }
        return (transient ? "transient parameter " : "parameter ") + declaration
    }

    /// `static let opened = Tips.Event(id: "opened")` as `event opened`,
    /// and `Tips.Event<Visit>(id: "visited")` as `event visited(region:
    /// String)`, the fields those of `Visit`, a struct declared inside the
    /// tip (`nested`) or in the file; none when the file declares the event
    /// in `.tips` already. Nil for a donation type whose fields are unknown.
    private static func event(
        _ member: String, name: String, nested: [String: [String]?], around: Surroundings, enums: Set<String>
    ) -> [String]? {
        let compact = member.filter { !$0.isWhitespace }
        if around.declaresEvent(name) { return compact.contains("Event") ? [] : nil }
        if compact.contains("Event(id:") { return ["event " + name] }
        guard let open = compact.range(of: "Event<"), let close = compact[open.upperBound...].firstIndex(of: ">"),
            compact[close...].hasPrefix(">(id:")
        else { return nil }
        let type = String(compact[open.upperBound..<close])
        guard let fields = nested[type] ?? around.donationFields(type, enums) else { return nil }
        return ["event \(name)(\(fields.joined(separator: ", ")))"]
    }

    /// The name and the text between the braces of `member`, `struct Name: ... { ... }`.
    private static func structNameAndBody(_ member: String) -> (name: String, body: String)? {
        let words = words(of: member)
        guard words.count >= 2, let open = member.firstIndex(of: "{"), let close = member.lastIndex(of: "}"),
            open < close
        else { return nil }
        let name = String(words[1].prefix { $0 != ":" && $0 != "{" })
        return name.isEmpty ? nil : (name, String(member[member.index(after: open)..<close]))
    }

    /// The fields, `name: Type`, of a donation type whose braces hold
    /// `body`: stored properties of the types an event field has (the four,
    /// or one of `enums`); nil for any other member, or none.
    static func fields(ofStructBody body: String, enums: Set<String>) -> [String]? {
        let members = members(of: body)
        guard !members.isEmpty else { return nil }
        var fields: [String] = []
        for member in members {
            guard isStoredProperty(member), let field = argument(member, enums: enums) else { return nil }
            fields.append(field)
        }
        return fields
    }

    /// The first Swift string literal in `text`, as written (quotes
    /// included); nil when there is none, or it interpolates anything but
    /// one of `names` (`\(name)`).
    static func firstStringLiteral(in text: String, interpolating names: [String] = []) -> String? {
        guard let open = text.firstIndex(of: "\"") else { return nil }
        var index = text.index(after: open)
        var escaped = false
        while index < text.endIndex {
            let character = text[index]
            if escaped {
                if character == "(" {
                    let rest = text[text.index(after: index)...]
                    guard let close = rest.firstIndex(of: ")"), names.contains(String(rest[..<close])) else {
                        return nil
                    }
                    index = close
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return String(text[open...index])
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// The string literal after `label` in `text` (`systemName: "star"`).
    private static func stringArgument(_ label: String, in text: String) -> String? {
        guard let labelRange = text.range(of: label) else { return nil }
        return firstStringLiteral(in: String(text[labelRange.upperBound...]))
    }

    /// Each `#Rule(...) { ... }` of a `rules` member as a `.tips` rule item.
    private static func rules(_ member: String) -> [String]? {
        let pieces = member.components(separatedBy: "#Rule(").dropFirst()
        guard !pieces.isEmpty else { return nil }
        var rules: [String] = []
        for piece in pieces {
            let macro = "#Rule(" + piece
            guard let open = macro.firstIndex(of: "{"),
                let close = TipKitRuleTranslation.matchingEnd(of: open, in: macro, opening: "{", closing: "}"),
                let rule = TipKitRuleTranslation.tipsRule(fromTipKit: String(macro[...close]))
            else { return nil }
            rules.append("rule " + rule)
        }
        return rules
    }

    /// TipKit's options, `MaxDisplayCount(3)` and `IgnoresDisplayFrequency(true)`, as items.
    private static func options(_ member: String) -> [String]? {
        var items: [String] = []
        var rest = Substring(member)
        while let option = rest.range(of: "MaxDisplayCount(") ?? rest.range(of: "IgnoresDisplayFrequency(") {
            let argument = rest[option.upperBound...].prefix { $0 != ")" }.filter { !$0.isWhitespace }
            if rest[option].hasPrefix("Max") {
                guard let count = Int(argument), count > 0 else { return nil }
                items.append("maxDisplayCount \(count)")
            } else if argument == "true" {
                items.append("ignoresDisplayFrequency")
            }
            rest = rest[option.upperBound...]
        }
        return items.isEmpty ? nil : items
    }

    /// `Action(id: "learn-more", title: "Learn More")` (or its title in a
    /// `Text` after it) as `action learnMore "Learn More"`.
    private static func actions(_ member: String) -> [String]? {
        let pieces = member.components(separatedBy: "Action(").dropFirst()
        guard !pieces.isEmpty else { return nil }
        var actions: [String] = []
        for piece in pieces {
            guard let id = stringArgument("id:", in: piece), let name = actionName(id),
                let title = stringArgument("title:", in: piece) ?? firstStringLiteral(in: afterID(piece))
            else { return nil }
            actions.append("action \(name) \(title)")
        }
        return actions
    }

    /// `piece` after its `id: "..."` argument.
    private static func afterID(_ piece: String) -> String {
        guard let label = piece.range(of: "id:"), let id = firstStringLiteral(in: String(piece[label.upperBound...])),
            let written = piece.range(of: id)
        else { return "" }
        return String(piece[written.upperBound...])
    }

    /// An action's id (`"learn-more"`, quoted) as a `.tips` name: `learnMore`.
    static func actionName(_ quoted: String) -> String? {
        let words = quoted.dropFirst().dropLast().split { !($0.isLetter || $0.isNumber) }
        guard let first = words.first, first.first?.isLetter == true else { return nil }
        let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return first.prefix(1).lowercased() + first.dropFirst() + rest.joined()
    }
}
