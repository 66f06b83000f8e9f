extension Tips {
    /// What one generated Swift file's tips read their copy, rules and
    /// options from: the `.tips` file's name, the parameters and events its
    /// tips' texts name, the file's copy in every language when it has a
    /// String Catalog, and its table of tips.
    ///
    /// The table holds, for each tip, its head (see the top of
    /// `TableHead.swift`): its Swift type's name, the copy it does not
    /// declare as members, and its options,
    /// `DarkMode (title "Try dark mode") (maxDisplayCount 3)`; then one text
    /// a rule (see the top of `RuleText.swift`), `12 (param isLoggedIn) isLoggedIn`.
    /// A rule's text starts with its line number, a head with a name, so the
    /// table needs no other marks. A tip finds its entry by its type: a
    /// generated tip is a struct with no members but a reusable tip's
    /// arguments, which the Swift type checker reads in a fraction of what
    /// it takes for members (for the benchmark's 1,000 tips, `swiftc
    /// -typecheck` 0.45 s less than with its copy and texts as members).
    public struct GeneratedFile: Sendable {
        private let file: String
        private let tables: RuleTextReader.Tables
        private let copy: Translations?
        private let entries: [String: Entry]
        /// Each tip type's entry once found by name: `String(describing:)` of a type is not free.
        private let byType = Locked<[ObjectIdentifier: Entry]>([:])

        /// One tip of the table: its head (nil when it cannot be read), the head's text, its rules' texts.
        private struct Entry: Sendable {
            var head: TableHead?
            var headText: String
            var rules: [String] = []
        }

        /// The tables of `file`'s texts: every parameter and event they name,
        /// the file's `copy`, and `tips`, each tip's head followed by its rules' texts.
        public init(
            file: String, parameters: [ParameterReference] = [], events: [Event] = [], copy: Translations? = nil,
            tips: [String] = []
        ) {
            self.file = file
            self.copy = copy
            let tables = RuleTextReader.Tables(parameters: parameters, events: events, arguments: [:])
            self.tables = tables
            var entries: [String: Entry] = [:]
            var current: String?
            for text in tips {
                if let first = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) {
                    if let current { entries[current]?.rules.append(text) }
                    continue
                }
                var reader = RuleTextReader(text, tables: tables)
                let head = reader.head()
                let name = head?.name ?? String(text.prefix { $0 != " " })
                entries[name] = Entry(head: head, headText: text)
                current = name
            }
            self.entries = entries
        }

        /// The entry of the tip whose type is `type`; nil when the table has none.
        private func entry(_ type: Any.Type) -> Entry? {
            byType.withLock { found in
                if let entry = found[ObjectIdentifier(type)] { return entry }
                let entry = entries[String(describing: type)]
                found[ObjectIdentifier(type)] = entry
                return entry
            }
        }

        /// The tip's id: the table's, else its type's name.
        public func id(of type: Any.Type) -> String {
            entry(type)?.head?.id ?? String(describing: type)
        }

        /// The tip's title in the language the shared center speaks.
        public func title(of type: Any.Type) -> String {
            entry(type)?.head?.title?.resolved(in: copy) ?? ""
        }

        /// The tip's message in the language the shared center speaks; nil when it has none.
        public func message(of type: Any.Type) -> String? {
            entry(type)?.head?.message?.resolved(in: copy)
        }

        /// The tip's image; nil when it has none.
        public func image(of type: Any.Type) -> String? {
            entry(type)?.head?.image
        }

        /// The tip's actions, their titles in the language the shared center speaks.
        public func actions(of type: Any.Type) -> [Action] {
            (entry(type)?.head?.actions ?? []).map { Action(id: $0.id, title: $0.title.resolved(in: copy)) }
        }

        /// The tip's rules; `arguments` are a reusable tip's values by
        /// argument name. A text that cannot be read, a rule's or the head's
        /// (written by another generation of `tipc`, which the version
        /// handshake prevents), or a tip missing from the table, becomes a
        /// rule that never holds, its source saying so: the tip never shows,
        /// and nothing is stored.
        public func rules(of type: Any.Type, arguments: [String: TipValue] = [:]) -> [TipRule] {
            guard let entry = entry(type) else {
                return [Self.unreadable(String(describing: type), "no text for this tip", file: file)]
            }
            let tables = tables.with(arguments: arguments)
            let rules = entry.rules.map { TipRule(text: $0, file: file, tables: tables) }
            return entry.head == nil
                ? [Self.unreadable(entry.headText, "a head this runtime cannot read", file: file)] + rules : rules
        }

        /// The tip's options: none when it gives none or when its head cannot
        /// be read (``rules(of:arguments:)`` then holds the tip back).
        public func options(of type: Any.Type) -> Options {
            entry(type)?.head?.options ?? Options()
        }

        /// A rule that never holds in place of `text`, which is `what` tipc
        /// wrote and this runtime cannot read: its source says so.
        static func unreadable(_ text: String, _ what: String, file: String) -> TipRule {
            TipRule(.literal(.bool(false)), source: "\(text) (tipc wrote \(what))", file: file, line: 0)
        }
    }
}

extension TipRule {
    /// The rule `text` gives (see the top of `RuleText.swift`), the names it
    /// reads found in `tables`. A text that cannot be read gives a rule that
    /// never holds, its source saying so: what an app and `tipc`'s tools
    /// make of a rule's text is one function.
    package init(text: String, file: String, tables: RuleTextReader.Tables) {
        var reader = RuleTextReader(text, tables: tables)
        self =
            reader.rule(file: file)
            ?? Tips.GeneratedFile.unreadable(text, "a rule this runtime cannot read", file: file)
    }
}
