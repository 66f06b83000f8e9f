// A tip's head in a generated file's table: its Swift type's name, the copy
// it does not declare as members, and its options, as one text.
//
//     head    = name { " " content } [ " " options ]
//     content = "(id " string ")" | "(title " text ")" | "(message " text ")"
//             | "(image " string ")" | "(action " name " " text ")"
//     text    = string | int          (an int: the text's index in the file's copy)
//
// `options` and `string` are as at the top of `RuleText.swift`. A tip that
// declares its copy as members (a reusable tip, whose copy holds its
// arguments) has only its name and options here.

extension Tips {
    /// What a generated file's table says of one tip before its rules.
    package struct TableHead: Sendable {
        /// A text of the tip's copy: the source text, or its index in the file's ``Tips/Translations``.
        package enum Text: Sendable {
            case literal(String)
            case copy(Int)
        }

        /// The tip's Swift type's name, as `String(describing:)` spells it.
        package var name: String
        package var id: String?
        package var title: Text?
        package var message: Text?
        package var image: String?
        /// The actions: each one's id and title.
        package var actions: [(id: String, title: Text)] = []
        package var options = Options()

        package init(name: String) {
            self.name = name
        }

        /// The head as text (see the top of this file).
        package var text: String {
            var out = RuleTextWriter(capacity: 128)
            write(to: &out)
            return out.text
        }

        /// Appends the head as text (see ``text``) to `out`.
        package func write(to out: inout RuleTextWriter) {
            out += name
            func form(_ head: StaticString, _ write: (inout RuleTextWriter) -> Void) {
                out.append(head)
                write(&out)
                out.append(")")
            }
            if let id { form(" (id ") { $0.appendQuoted(id) } }
            if let title { form(" (title ") { title.write(to: &$0) } }
            if let message { form(" (message ") { message.write(to: &$0) } }
            if let image { form(" (image ") { $0.appendQuoted(image) } }
            for action in actions {
                form(" (action ") {
                    $0 += action.id
                    $0.append(" ")
                    action.title.write(to: &$0)
                }
            }
            options.write(to: &out, afterText: true)
        }
    }
}

extension Tips.TableHead.Text {
    fileprivate func write(to out: inout RuleTextWriter) {
        switch self {
        case .literal(let text): out.appendQuoted(text)
        case .copy(let index): out.append(index)
        }
    }

    /// The text in the language the shared center speaks: the literal, or
    /// the copy's text at the index (filled, so that its `\\` reads as one backslash).
    func resolved(in copy: Tips.Translations?) -> String {
        switch self {
        case .literal(let text): text
        case .copy(let index): copy?.text(index, filling: [:]) ?? ""
        }
    }
}
