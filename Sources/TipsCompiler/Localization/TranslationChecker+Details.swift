import TipsStringCatalog
import TipsSyntax

extension TranslationChecker {
    /// Checks that a translation has exactly the slots of its source text;
    /// false after reporting each one added, misspelled or left out.
    mutating func checkSlots(
        _ slots: [CatalogText.Slot], of string: CheckedString, in unit: StringCatalog.Unit, what: String
    ) -> Bool {
        var sourceSlots: [String] = []
        for case .argument(let name) in string.text.segments where !sourceSlots.contains(name) {
            sourceSlots.append(name)
        }
        let written = Set(slots.map(\.name))
        var missing = sourceSlots.filter { !written.contains($0) }
        var ok = missing.isEmpty
        for slot in slots where !sourceSlots.contains(slot.name) {
            ok = false
            let range = unit.range(ofTextBytes: slot.bytes) ?? unit.valueRange
            guard let range else { continue }
            let shown = "'\\(\(slot.name))'"
            // Only a slot still missing can be the one meant: one mistake, one error.
            if let match = SpellingSuggester.closest(to: slot.name, among: missing) {
                missing.removeAll { $0 == match }
                let suggestion = Suggestion(
                    phrase: "; did you mean '\\(\(match))'?", replacement: JSONPrinter.escaped("\\(\(match))"))
                diagnostics.error(
                    "\(what) has the slot \(shown), which the source text does not have", at: range,
                    suggesting: suggestion)
            } else {
                let known =
                    sourceSlots.isEmpty
                    ? "the source text has no slots"
                    : "the source text's slots are " + sourceSlots.map { "'\\(\($0))'" }.joined(separator: ", ")
                diagnostics.error(
                    "\(what) has the slot \(shown), which the source text does not have; \(known)", at: range)
            }
        }
        ok = checkFormatSpecifiers(in: unit, of: string, slots: sourceSlots, missing: &missing, what: what) && ok
        if let range = unit.valueRange {
            for name in missing {
                diagnostics.error(
                    "\(what) leaves out the slot '\\(\(name))'; a translation keeps every slot of its source text",
                    at: range)
            }
        }
        return ok
    }

    /// A format specifier in a translation (`%@`), as Xcode writes a Swift
    /// string's interpolation: tips fill only slots, so it would show as
    /// written. Where the translation leaves out a slot of the source text,
    /// the specifier stands for it (the slot its position names, `%2$@`,
    /// else the next one left out): an error whose fix writes the slot, and
    /// the slot is no longer `missing`. Elsewhere a warning. `sourceSlots`
    /// are the source text's, each once, in order. False when an error was
    /// reported.
    mutating func checkFormatSpecifiers(
        in unit: StringCatalog.Unit, of string: CheckedString, slots sourceSlots: [String], missing: inout [String],
        what: String
    ) -> Bool {
        var ok = true
        let source = string.text.displayText
        for specifier in CatalogText.formatSpecifiers(in: unit.value) where !source.contains(specifier.text) {
            guard let range = unit.range(ofTextBytes: specifier.bytes) ?? unit.valueRange else { continue }
            if let position = Int(specifier.text.dropFirst().prefix { $0 != "$" }), specifier.text.contains("$"),
                sourceSlots.indices.contains(position - 1),
                let index = missing.firstIndex(of: sourceSlots[position - 1])
            {
                missing.swapAt(0, index)
            }
            guard !missing.isEmpty else {
                diagnostics.warning(
                    "\(what) holds '\(specifier.text)', a format specifier, which shows as written: a tip fills "
                        + "only its slots, written \\(name)", at: range)
                continue
            }
            let slot = missing.removeFirst()
            ok = false
            diagnostics.error(
                "\(what) has '\(specifier.text)' where the source text has the slot '\\(\(slot))': a tip fills "
                    + "only its slots, not format specifiers", at: range,
                fixIts: [
                    FixIt(
                        range: range, replacement: JSONPrinter.escaped("\\(\(slot))"),
                        title: "Write the slot '\\(\(slot))'")
                ])
        }
        return ok
    }

    /// The copy guidance of the source text, in another language: a title's
    /// length, a message's length and sentences (`。！？` end sentences too).
    mutating func checkCopy(_ text: String, of string: CheckedString, language: String, at range: SourceRange) {
        let noun: String
        let maximum: Int
        switch string.item {
        case .title: (noun, maximum) = ("title", Checker.maximumTitleLength)
        case .message: (noun, maximum) = ("message", Checker.maximumMessageLength)
        case .action: return
        }
        let what = "the \(LanguageNames.describe(language)) \(noun) of '\(string.tip)'"
        if text.count > maximum {
            diagnostics.warning(
                "\(what) is \(text.count) characters long; keep \(noun)s to \(maximum) characters or fewer", at: range)
        } else if string.item == .message {
            let sentences = Checker.sentenceCount(text)
            if sentences > 2 {
                diagnostics.warning("\(what) has \(sentences) sentences; keep messages to one or two", at: range)
            }
        }
    }

    /// A key of the catalog that no string has: a renamed tip's key under
    /// another of its former names than the one whose translations it takes
    /// (``carriedStrings``), a button renamed, or else a key to mark stale or
    /// a misspelling.
    mutating func reportUnknownKey(_ entry: StringCatalog.Entry, at range: SourceRange) {
        let key = entry.key
        if let string = renamedStrings[key] {
            let carrier = string.formerKeys.first(where: catalogKeys.contains) ?? key
            diagnostics.warning(
                "'\(key)' is the key of the \(Self.itemPhrase(string)) of '\(string.tip)' under a former name of the "
                    + "tip; the build gives '\(string.key)' the translations of '\(carrier)', the first former name's key "
                    + "the catalog has (renamedFrom, in the order written)", at: range)
            return
        }
        let oldTip = Self.tipName(ofKey: key)
        if let newTip = likelyRenames[oldTip] {
            diagnostics.warning(
                "'\(key)' is not a string of the .tips files; if tip '\(newTip)' was renamed from '\(oldTip)', add "
                    + "'renamedFrom \(oldTip)' to it: that keeps its users' state and these translations", at: range)
            return
        }
        if let (button, reason) = renamedAction(of: entry) {
            diagnostics.warning(
                "'\(key)' is not a string of the .tips files; did you mean '\(button.key)', \(reason)?", at: range,
                fixIts: Suggestion.didYouMean("\"\(JSONPrinter.escaped(button.key))\"").fixIts(at: range))
            return
        }
        // Made ready at the first key no string has, for all: a catalog of
        // 10,000 renamed tips has 16,834 such keys, each searched among 23,834.
        let candidates = preparedKeys ?? SpellingSuggester.Candidates(keys)
        preparedKeys = candidates
        let suggestion = Self.suggestion(for: key, among: candidates)
        diagnostics.warning(
            "'\(key)' is not a string of the .tips files" + suggestion.phrase, at: range,
            fixIts: suggestion.fixIts(at: range))
    }

    /// A key the catalog has under a renamed tip's former name, whose
    /// translations the build gives to the string's key until `tipc
    /// strings` moves them there.
    mutating func reportFormerKey(_ key: String, of string: CheckedString, at range: SourceRange) {
        diagnostics.warning(
            "'\(key)' is the key of the \(Self.itemPhrase(string)) of '\(string.tip)' under a former name of the tip; "
                + "the build gives its translations to '\(string.key)', and 'tipc strings' moves them there", at: range)
    }

    /// `title`, `message` or `button 'learnMore'`.
    static func itemPhrase(_ string: CheckedString) -> String {
        switch string.item {
        case .title: "title"
        case .message: "message"
        case .action(let id): "button '\(id)'"
        }
    }

    /// The tips a catalog holds under names the files do not have, each
    /// paired with the one tip of the files that may be it renamed without
    /// `renamedFrom`: a tip the catalog has no key of and that names no
    /// former tip, with the same items (title, message, each action's id).
    /// Only pairs that nothing else matches are kept: a guess between two
    /// tips is no help. A key fixed by hand in the catalog (`did you mean`)
    /// would keep the translations but not the users' state, which
    /// `renamedFrom` keeps too.
    static func likelyRenames(
        catalog: StringCatalog, keys present: Set<String>, strings: [CheckedString]
    ) -> [String: String] {
        let tipsOfFiles = Set(strings.map(\.tip))
        let formerTips = Set(strings.flatMap(\.formerTips))
        var newItems: [String: Set<String>] = [:]
        for string in strings where string.formerTips.isEmpty {
            newItems[string.tip, default: []].insert(itemName(ofKey: string.key))
        }
        for string in strings where present.contains(string.key) { newItems[string.tip] = nil }
        var oldItems: [String: Set<String>] = [:]
        for entry in catalog.entries where !entry.isStale {
            let tip = tipName(ofKey: entry.key)
            guard !tipsOfFiles.contains(tip), !formerTips.contains(tip) else { continue }
            oldItems[tip, default: []].insert(itemName(ofKey: entry.key))
        }
        // Grouped by their items, so that pairing is one lookup a tip.
        let newByItems = Dictionary(grouping: newItems.keys) { newItems[$0] ?? [] }
        let oldByItems = Dictionary(grouping: oldItems.keys) { oldItems[$0] ?? [] }
        var pairs: [String: String] = [:]
        for (items, oldTips) in oldByItems {
            guard oldTips.count == 1, let oldTip = oldTips.first, let newTips = newByItems[items], newTips.count == 1,
                let newTip = newTips.first
            else { continue }
            pairs[oldTip] = newTip
        }
        return pairs
    }

    /// What a button's key has between its tip's name and its id.
    static let actionPrefix = "action."

    /// The button a key of a button of a tip of the files (`Trail.action.learnMore`)
    /// most likely belongs to, renamed, and why: the one button of the tip
    /// the catalog has no key for, however unlike the ids, or else the one
    /// of them whose text is the key's source text. Renaming the key keeps
    /// its translations; a button's id, unlike a tip's name, keeps no state
    /// of the users'.
    func renamedAction(of entry: StringCatalog.Entry) -> (CheckedString, reason: String)? {
        let tip = Self.tipName(ofKey: entry.key)
        guard Self.itemName(ofKey: entry.key).hasPrefix(Self.actionPrefix), let buttons = actionsWithoutKeys[tip]
        else { return nil }
        if buttons.count == 1 { return (buttons[0], "the one button of '\(tip)' without a key in the catalog") }
        guard let source = entry.unit(for: catalog.sourceLanguage)?.value else { return nil }
        let sameText = buttons.filter { CatalogText.spelling($0.text) == source }
        guard sameText.count == 1 else { return nil }
        return (sameText[0], "the button of '\(tip)' without a key in the catalog that reads '\(source)'")
    }

    /// The tip name a key starts with (`FavoriteTrail` of `FavoriteTrail.title`).
    static func tipName(ofKey key: String) -> String {
        String(key.prefix { $0 != "." })
    }

    /// A key without its tip name (`title`, `action.learnMore`).
    static func itemName(ofKey key: String) -> String {
        String(key.drop { $0 != "." }.dropFirst())
    }

    /// One warning for the strings the catalog has no key for, at its start;
    /// a string whose key under a former tip name is there has its own
    /// warning at that key (``reportFormerKey(_:of:at:)``), and is left out.
    mutating func reportKeysTheCatalogLacks() {
        let toldAtFormerKey = Set(carriedStrings.values.lazy.map(\.key))
        let lacking = keys.filter { !catalogKeys.contains($0) && !toldAtFormerKey.contains($0) }
        guard !lacking.isEmpty, let root = catalog.document.root.range else { return }
        let opening = SourceRange(file: root.file, start: root.start, end: root.start + 1)
        diagnostics.warning(
            "the catalog has no key for \(Self.count(lacking.count, of: keys.count)): \(Self.list(lacking)); "
                + "run 'tipc strings' to add them", at: opening)
    }

    /// One warning for the strings of the catalog that `language` has no
    /// translation for, where the language first appears. An empty
    /// translation or one of variations only was reported already; a string
    /// the catalog says not to translate lacks nothing.
    mutating func reportMissingTranslations(into language: String) {
        var firstRange: SourceRange?
        var untranslated: [String] = []
        var total = 0
        for entry in catalog.entries where entry.shouldTranslate {
            guard let string = string(of: entry) else { continue }
            total += 1
            // A key whose translation has only variations was told so at them; it is not also missing here.
            if let range = entry.languageRange(of: language) {
                if firstRange == nil { firstRange = range }
            } else {
                untranslated.append(string.key)
            }
        }
        untranslated = inSourceOrder(untranslated)
        guard !untranslated.isEmpty, let range = firstRange else { return }
        diagnostics.warning(
            "\(LanguageNames.describe(language)) has no translation of \(Self.count(untranslated.count, of: total)): "
                + Self.list(untranslated), at: range)
    }

    /// A warning where `language` first appears when it is not a language
    /// code (`german`, `Deutsch`): no one's preferred languages ever choose
    /// it, so its translations never show. A code written with `_`
    /// (`pt_BR`) is one: the runtime reads `_` as `-`. A language's name
    /// gets "did you mean" its code. Returns whether `language` is a code.
    mutating func reportLanguageCode(_ language: String) -> Bool {
        guard !Checker.isLanguageCode(language.replacingOccurrences(of: "_", with: "-")) else { return true }
        guard let range = catalog.entries.lazy.compactMap({ $0.languageRange(of: language) }).first else {
            return false
        }
        let suggestion = Checker.languageCode(named: language).map { "; did you mean '\($0)'?" } ?? ""
        diagnostics.warning(
            "'\(language)' is not a language code, so no one's preferred languages choose its translations; "
                + "name the language with one, such as 'de' or 'pt-BR'\(suggestion)", at: range)
        return false
    }

    /// One warning for the translations into `language` that the catalog
    /// marks `needs_review` (`tipc strings` marks them when their source text
    /// changes): the build shows them, made for an earlier text, until a
    /// translator reviews them. At the first one's state.
    mutating func reportTranslationsToReview(in language: String) {
        var firstRange: SourceRange?
        var keys: [String] = []
        for entry in catalog.entries {
            guard let string = string(of: entry), toReview[string.key]?.contains(language) == true,
                let unit = entry.unit(for: language)
            else { continue }
            if firstRange == nil { firstRange = unit.stateRange ?? unit.valueRange }
            keys.append(string.key)
        }
        guard !keys.isEmpty, let range = firstRange else { return }
        keys = inSourceOrder(keys)
        let (noun, them) = keys.count == 1 ? ("translation", "it") : ("translations", "them")
        diagnostics.warning(
            "\(LanguageNames.describe(language)) has \(keys.count) \(noun) to review, made for an earlier source "
                + "text: \(Self.list(keys)); the build shows \(them) until a translator marks \(them) translated",
            at: range)
    }

    /// `keys` in the order of their strings in the files.
    func inSourceOrder(_ keys: [String]) -> [String] {
        let order = Dictionary(self.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return keys.sorted { order[$0, default: 0] < order[$1, default: 0] }
    }

    /// `3 of the 12 strings`, `the 1 string`.
    static func count(_ count: Int, of total: Int) -> String {
        let noun = total == 1 ? "string" : "strings"
        return count == total ? "the \(total) \(noun)" : "\(count) of the \(total) \(noun)"
    }

    /// The first few keys, then how many more: `A, B, C and 2 more`.
    static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(listedKeys).joined(separator: ", ")
        return keys.count > listedKeys ? "\(shown) and \(keys.count - listedKeys) more" : shown
    }

    /// A string unit's state that Xcode does not write (`translatd`,
    /// `reviewed`): `tipc strings` marks a translation for review when its
    /// source text changes only from `translated`, and Xcode counts a
    /// translation as done or to do by its state. "Did you mean" offers the
    /// closest state (case ignored), and its fix writes it, quoted.
    static func reportState(
        of unit: StringCatalog.Unit, key: String, sourceLanguage: String, into diagnostics: inout DiagnosticEngine
    ) {
        guard !unit.hasXcodeState, let range = unit.stateRange else { return }
        let what =
            unit.language == sourceLanguage
            ? "the \(LanguageNames.describe(unit.language)) source text of '\(key)'"
            : "the \(LanguageNames.describe(unit.language)) translation of '\(key)'"
        let states = StringCatalog.unitStates.map { "'\($0)'" }
        let closest = Suggestion.closest(
            to: unit.state, in: StringCatalog.unitStates,
            otherwise: "its states are " + states.dropLast().joined(separator: ", ") + " and " + (states.last ?? ""))
        let suggestion = Suggestion(phrase: closest.phrase, replacement: closest.replacement.map { "\"\($0)\"" })
        diagnostics.warning(
            "\(what) has the state '\(unit.state)', which Xcode does not write" + suggestion.phrase, at: range,
            fixIts: suggestion.fixIts(at: range))
    }

    /// "; did you mean 'A.title'?" for the key closest to `key`, replacing the
    /// quoted key in the catalog; else a hint that `tipc strings` marks it stale.
    static func suggestion(for key: String, among keys: SpellingSuggester.Candidates) -> Suggestion {
        guard let match = SpellingSuggester.closest(to: key, among: keys) else {
            return Suggestion(phrase: "; 'tipc strings' marks such a key stale", replacement: nil)
        }
        return Suggestion(phrase: "; did you mean '\(match)'?", replacement: "\"\(JSONPrinter.escaped(match))\"")
    }
}
