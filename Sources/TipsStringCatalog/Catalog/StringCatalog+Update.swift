/// One localizable string of the `.tips` files, as a catalog holds it.
public struct CatalogString: Hashable, Sendable {
    /// The key, made from where the string is (`FavoriteTrail.title`).
    public var key: String
    /// The source text, slots written `\(name)`.
    public var value: String
    /// What a translator needs to know: which item it is, the tip's doc comment, the slots.
    public var comment: String
    /// The keys the string had under its tip's former names (`renamedFrom`),
    /// in the order written: a catalog without ``key`` gives the string the
    /// translations of the first of these it has.
    public var formerKeys: [String]

    /// Creates a string.
    public init(key: String, value: String, comment: String, formerKeys: [String] = []) {
        self.key = key
        self.value = value
        self.comment = comment
        self.formerKeys = formerKeys
    }
}

extension StringCatalog {
    /// The `extractionState` of a key tipc writes: Xcode leaves such keys alone
    /// instead of marking them stale because no Swift code uses them.
    public static let manualState = "manual"
    /// The `extractionState` of a key whose string is gone.
    public static let staleState = "stale"
    /// The state of a translation made for a source text that has since changed.
    public static let needsReviewState = "needs_review"
    /// The state of a finished translation (and of the source text).
    public static let translatedState = "translated"
    /// The state of a translation not finished yet.
    public static let newState = "new"
    /// The states Xcode gives a string unit, in the order it offers them.
    /// `tipc strings` reads them too: it marks for review only a translation
    /// that is `translated`.
    public static let unitStates = [newState, translatedState, needsReviewState, staleState]

    /// The catalog's file after `tipc strings` with `strings`:
    ///
    /// - each string's entry holds its source text (in the source language's
    ///   string unit, where Xcode keeps it), its comment, and the `manual`
    ///   extraction state; a missing entry is added in Xcode's key order;
    /// - a missing entry whose string had another key under its tip's former
    ///   name (`renamedFrom`), which the catalog has, starts as a copy of
    ///   that entry: its translations, variations and unknown members (the
    ///   former entry stays, marked stale as any key no string has);
    /// - when a source text differs from the one the catalog had, every
    ///   translation of it marked `translated` becomes `needs_review`;
    /// - a key no string has any more is marked `stale`;
    /// - nothing else changes: every translation, variation and unknown
    ///   member stays, in its order and spelling, so updating twice gives the
    ///   same bytes, and updating a catalog already up to date changes none.
    public func updated(with strings: [CatalogString]) -> JSONDocument {
        var document = self.document
        let wanted = Dictionary(strings.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        document.root.updateMember("strings", default: .object([])) { object in
            guard case .object(var members) = object.kind else { return }
            for index in members.indices {
                if let string = wanted[members[index].key] {
                    updateEntry(&members[index].value, with: string)
                } else {
                    members[index].value.setMember("extractionState", to: .string(Self.staleState))
                }
            }
            let present = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            var added = strings.filter { present[$0.key] == nil }.map { string in
                var entry = string.formerKeys.lazy.compactMap { present[$0] }.first ?? JSONValue.object([])
                updateEntry(&entry, with: string)
                return JSONMember(string.key, entry)
            }
            added.sort { CatalogKeyOrder.precedes($0.key, $1.key) }
            object.kind = .object(Self.merging(added, into: members))
        }
        return document
    }

    /// Sets an entry's comment, extraction state and source text, and marks
    /// its translations for review when the source text changed.
    func updateEntry(_ entry: inout JSONValue, with string: CatalogString) {
        let language = sourceLanguage
        let oldSource = entry["localizations"]?[language]?["stringUnit"]?["value"]?.stringValue
        entry.setMember("comment", to: .string(string.comment))
        entry.setMember("extractionState", to: .string(Self.manualState))
        entry.updateMember("localizations", default: .object([])) { localizations in
            if let oldSource, oldSource != string.value, case .object(var languages) = localizations.kind {
                for index in languages.indices where languages[index].key != language {
                    Self.markForReview(&languages[index].value)
                }
                localizations.kind = .object(languages)
            }
            localizations.updateMember(language, default: .object([])) { localization in
                localization.updateMember("stringUnit", default: .object([])) { unit in
                    unit.setMember("state", to: .string(Self.translatedState))
                    unit.setMember("value", to: .string(string.value))
                }
            }
        }
    }

    /// Marks every `translated` string unit inside `value` (a language's
    /// localization, its variations included) as `needs_review`.
    static func markForReview(_ value: inout JSONValue) {
        guard case .object(var members) = value.kind else { return }
        for index in members.indices {
            if members[index].key == "stringUnit" {
                if members[index].value["state"]?.stringValue == translatedState {
                    members[index].value.setMember("state", to: .string(needsReviewState))
                }
            } else {
                markForReview(&members[index].value)
            }
        }
        value.kind = .object(members)
    }

    /// `existing` with each of `added` (sorted) placed before the first existing member that sorts after it.
    static func merging(_ added: [JSONMember], into existing: [JSONMember]) -> [JSONMember] {
        guard !added.isEmpty else { return existing }
        var result: [JSONMember] = []
        result.reserveCapacity(existing.count + added.count)
        var next = added.startIndex
        for member in existing {
            while next < added.endIndex, CatalogKeyOrder.precedes(added[next].key, member.key) {
                result.append(added[next])
                next += 1
            }
            result.append(member)
        }
        result += added[next...]
        return result
    }
}

/// What updating a catalog with the strings of the `.tips` files changes, for `tipc strings` to say.
public struct CatalogUpdateSummary: Hashable, Sendable, CustomStringConvertible {
    /// How many strings the `.tips` files have.
    public var strings = 0
    /// Keys the catalog did not have.
    public var added = 0
    /// Of those, keys that took the translations of their string's key under
    /// its tip's former name.
    public var carried = 0
    /// Keys whose source text changed.
    public var changed = 0
    /// Translations of those keys that become `needs_review`.
    public var toReview = 0
    /// Keys that become stale.
    public var stale = 0

    /// Whether the update changes no string.
    public var isUpToDate: Bool { added == 0 && changed == 0 && stale == 0 }

    /// `12 strings: 2 added, 1 changed (3 translations to review), 1 stale`, or `12 strings, up to date`.
    public var description: String {
        let total = "\(strings) string\(strings == 1 ? "" : "s")"
        var parts: [String] = []
        if added > 0 {
            let former = carried == 1 ? "its key" : "their keys"
            parts.append(
                "\(added) added"
                    + (carried > 0 ? " (\(carried) with the translations of \(former) under a former tip name)" : ""))
        }
        let review = "\(toReview) translation\(toReview == 1 ? "" : "s") to review"
        if changed > 0 {
            parts.append("\(changed) changed" + (toReview > 0 ? " (\(review))" : ""))
        } else if toReview > 0 {
            parts.append(review)
        }
        if stale > 0 { parts.append("\(stale) stale") }
        return parts.isEmpty ? "\(total), up to date" : "\(total): " + parts.joined(separator: ", ")
    }
}

extension StringCatalog {
    /// What ``updated(with:)`` changes.
    public func summary(of strings: [CatalogString]) -> CatalogUpdateSummary {
        var summary = CatalogUpdateSummary(strings: strings.count)
        let keys = Set(strings.map(\.key))
        let byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        for string in strings {
            guard let entry = byKey[string.key] else {
                summary.added += 1
                // A key that takes a former key's translations marks them for review as a changed one does.
                if let former = string.formerKeys.lazy.compactMap({ byKey[$0] }).first {
                    summary.carried += 1
                    summary.toReview += toReview(in: former, for: string)
                }
                continue
            }
            if entry.unit(for: sourceLanguage).map({ $0.value != string.value }) ?? false { summary.changed += 1 }
            summary.toReview += toReview(in: entry, for: string)
        }
        summary.stale = entries.filter { !keys.contains($0.key) && !$0.isStale }.count
        return summary
    }

    /// How many of `entry`'s finished translations ``updated(with:)`` marks
    /// for review when it holds `string`: all of them when its source text
    /// is not the string's, else none.
    private func toReview(in entry: Entry, for string: CatalogString) -> Int {
        guard let source = entry.unit(for: sourceLanguage), source.value != string.value else { return 0 }
        return entry.units.filter { $0.language != sourceLanguage && $0.state == Self.translatedState }.count
    }
}
