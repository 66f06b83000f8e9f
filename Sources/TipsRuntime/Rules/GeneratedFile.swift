extension Tips {
    /// What one generated Swift file's tips read their rules and options
    /// from: the `.tips` file's name, and the parameters and events the
    /// texts of its tips name.
    ///
    /// Generated code declares one, private to its file, and each tip gives
    /// its options and rules as string literals (see the top of
    /// `RuleText.swift`): its options first when it has some,
    /// `(maxDisplayCount 3) (invalidatedBy favoritedTrail)`, then one text a
    /// rule, `12 (param isLoggedIn) isLoggedIn`. Literals rather than calls:
    /// for the benchmark's 1,000 tips, an initializer of options and a table
    /// of references in each tip cost `swiftc -typecheck` 0.3 s more.
    public struct GeneratedFile: Sendable {
        private let file: String
        private let tables: RuleTextReader.Tables

        /// The tables of `file`'s texts: every parameter and event they name.
        public init(file: String, parameters: [ParameterReference] = [], events: [Event] = []) {
            self.file = file
            self.tables = RuleTextReader.Tables(parameters: parameters, events: events, arguments: [:])
        }

        /// The rules among a tip's `texts`; `arguments` are a reusable tip's
        /// values by argument name. A text that cannot be read, a rule's or
        /// the options' (written by another generation of `tipc`, which the
        /// version handshake prevents), becomes a rule that never holds, its
        /// source saying so: the tip never shows, and nothing is stored.
        public func rules(_ texts: [String], arguments: [String: TipValue] = [:]) -> [TipRule] {
            var tables = tables
            tables.arguments = arguments
            return texts.compactMap { text in
                var reader = RuleTextReader(text, tables: tables)
                if text.hasPrefix("(") {
                    return reader.options() == nil ? unreadable(text, "options") : nil
                }
                return reader.rule(file: file) ?? unreadable(text, "a rule")
            }
        }

        /// The options among a tip's `texts`: none when it gives none or
        /// when they cannot be read (``rules(_:arguments:)`` then holds the tip back).
        public func options(_ texts: [String]) -> Options {
            guard let text = texts.first, text.hasPrefix("(") else { return Options() }
            var reader = RuleTextReader(text, tables: tables)
            return reader.options() ?? Options()
        }

        private func unreadable(_ text: String, _ what: String) -> TipRule {
            TipRule(
                .literal(.bool(false)), source: "\(text) (tipc wrote \(what) this runtime cannot read)", file: file,
                line: 0)
        }
    }
}
