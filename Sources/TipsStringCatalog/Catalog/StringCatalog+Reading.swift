import TipsSyntax

extension StringCatalog {
    /// Reads a catalog from `file`. Each mistake (JSON that does not parse, an
    /// unknown version, a part of the wrong shape) is an error at its line and
    /// column; the result is nil when there was one. Parts tipc does not use
    /// are kept but not checked.
    public static func read(_ file: SourceFile, diagnostics: inout DiagnosticEngine) -> StringCatalog? {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(file)
        } catch {
            diagnostics.report(error.diagnostic)
            return nil
        }
        var reader = ShapeReader(rootRange: document.root.range ?? SourceRange(file: file.id, start: 0, end: 0))
        let catalog = reader.catalog(document)
        diagnostics.report(contentsOf: reader.diagnostics)
        return reader.diagnostics.hasErrors ? nil : catalog
    }
}

/// Reads what tipc uses of a catalog's JSON and reports each part of the wrong shape.
private struct ShapeReader {
    var diagnostics = DiagnosticEngine()
    /// Where missing top-level members are reported: the root's opening brace.
    let rootRange: SourceRange

    mutating func catalog(_ document: JSONDocument) -> StringCatalog? {
        let root = document.root
        guard root.members != nil else {
            error(
                "a String Catalog is a JSON object with 'sourceLanguage', 'strings' and 'version', "
                    + "found \(root.kindDescription)", at: root.range)
            return nil
        }
        let version = requiredString(root, "version", of: "the catalog", example: "\"1.0\"")
        if let version, !StringCatalog.knownVersions.contains(version),
            let range = root["version"]?.range
        {
            error(
                "unknown String Catalog version '\(version)'; tipc reads versions "
                    + StringCatalog.knownVersions.joined(separator: " and "), at: range)
        }
        let sourceLanguage = requiredString(root, "sourceLanguage", of: "the catalog", example: "\"en\"")
        var entries: [StringCatalog.Entry] = []
        if let strings = root["strings"] {
            if let members = strings.members {
                entries = members.compactMap { entry($0) }
            } else {
                error("'strings' must be an object of keys, found \(strings.kindDescription)", at: strings.range)
            }
        }
        guard let version, let sourceLanguage else { return nil }
        return StringCatalog(document: document, sourceLanguage: sourceLanguage, version: version, entries: entries)
    }

    mutating func entry(_ member: JSONMember) -> StringCatalog.Entry? {
        let key = member.key
        guard member.value.members != nil else {
            error("the entry '\(key)' must be an object, found \(member.value.kindDescription)", at: member.value.range)
            return nil
        }
        var entry = StringCatalog.Entry(
            key: key, keyRange: member.keyRange, comment: optionalString(member.value, "comment", of: "'\(key)'"),
            extractionState: optionalString(member.value, "extractionState", of: "'\(key)'"), units: [],
            variationsOnly: [])
        if let flag = member.value["shouldTranslate"] {
            if case .bool(let should) = flag.kind {
                entry.shouldTranslate = should
            } else {
                error(
                    "'shouldTranslate' of '\(key)' must be true or false, found \(flag.kindDescription)",
                    at: flag.range)
            }
        }
        guard let localizations = member.value["localizations"] else { return entry }
        guard let languages = localizations.members else {
            error(
                "'localizations' of '\(key)' must be an object of languages, found \(localizations.kindDescription)",
                at: localizations.range)
            return entry
        }
        for language in languages { localization(language, of: key, into: &entry) }
        return entry
    }

    mutating func localization(_ language: JSONMember, of key: String, into entry: inout StringCatalog.Entry) {
        let name = language.key
        guard language.value.members != nil else {
            error(
                "the localization '\(name)' of '\(key)' must be an object, found \(language.value.kindDescription)",
                at: language.value.range)
            return
        }
        guard let unit = language.value["stringUnit"] else {
            if let variations = language.value["variations"] {
                let kinds = (variations.members ?? []).map(\.key)
                entry.variationsOnly.append((name, kinds, language.keyRange))
            }
            return
        }
        let place = "the string unit of '\(name)' in '\(key)'"
        guard unit.members != nil else {
            error("\(place) must be an object with 'state' and 'value', found \(unit.kindDescription)", at: unit.range)
            return
        }
        let state = requiredString(unit, "state", of: place, example: "\"translated\"")
        let value = requiredString(unit, "value", of: place, example: "\"Hello\"")
        guard let state, let value else { return }
        entry.units.append(
            StringCatalog.Unit(
                language: name, languageRange: language.keyRange, state: state, stateRange: unit["state"]?.range,
                value: value, valueRange: unit["value"]?.range, isWrittenCanonically: unit["value"]?.spelling == nil))
    }

    /// The string member `key` of `object`; an error when it is missing or not a string.
    mutating func requiredString(_ object: JSONValue, _ key: String, of place: String, example: String) -> String? {
        guard let value = object[key] else {
            error("\(place) has no '\(key)'", at: object.range.map(Self.opening) ?? rootRange)
            return nil
        }
        guard let text = value.stringValue else {
            error(
                "'\(key)' of \(place) must be a string such as \(example), found \(value.kindDescription)",
                at: value.range)
            return nil
        }
        return text
    }

    /// The string member `key` of `object`, when it has one; an error when it is not a string.
    mutating func optionalString(_ object: JSONValue, _ key: String, of place: String) -> String? {
        guard let value = object[key] else { return nil }
        guard let text = value.stringValue else {
            error("'\(key)' of \(place) must be a string, found \(value.kindDescription)", at: value.range)
            return nil
        }
        return text
    }

    mutating func error(_ message: String, at range: SourceRange?) {
        diagnostics.error(message, at: range ?? rootRange)
    }

    /// The first byte of a range: where an object's missing member is reported (its `{`).
    static func opening(_ range: SourceRange) -> SourceRange {
        SourceRange(file: range.file, start: range.start, end: range.start + 1)
    }
}
