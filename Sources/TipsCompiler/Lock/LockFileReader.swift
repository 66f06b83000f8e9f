import TipsSyntax

extension LockFile {
    /// Reads a lock. Every problem is reported at its line and column: a
    /// line that is not a lock entry, an identity listed twice, a lock of a
    /// newer format (written by a newer tipc), a merge left unresolved. A
    /// lock that reads but differs from what tipc writes (edited by hand) is
    /// a warning. Returns nil when there is an error: a damaged lock is
    /// never taken for a smaller one. The messages say `updateCommand`
    /// writes a lock (``updateCommand``, or what the build plugin passes).
    public static func read(
        _ file: SourceFile, updateCommand: String = LockFile.updateCommand, diagnostics: inout DiagnosticEngine
    ) -> LockFile? {
        var reader = LockFileReader(file: file, updateCommand: updateCommand)
        reader.read()
        diagnostics.report(contentsOf: reader.diagnostics)
        return reader.diagnostics.hasErrors ? nil : LockFile(entries: reader.entries, lines: reader.lines)
    }
}

/// Reads a lock line by line; see ``LockFile/read(_:updateCommand:diagnostics:)``.
struct LockFileReader {
    let file: SourceFile
    /// The command the messages say writes a lock.
    let updateCommand: String
    var diagnostics = DiagnosticEngine()
    var entries: [LockEntry] = []
    /// The line of each entry.
    var lines: [LockKey: SourceRange] = [:]
    /// The line of `format N`, once read.
    private var formatLine: Int?
    /// Where each key was first listed, and whether as retired.
    private var firstListed: [LockKey: (line: Int, isRetired: Bool)] = [:]
    /// The line of each locked tip's name.
    private var lockedTipNames: [String: Int] = [:]
    /// The last entry line read: whether retired, and its text.
    private var previous: (isRetired: Bool, text: String)?
    /// Whether a line unlike tipc's was reported (once per lock is enough).
    private var reportedHandEdit = false

    init(file: SourceFile, updateCommand: String) {
        self.file = file
        self.updateCommand = updateCommand
    }

    mutating func read() {
        if let (encoding, length) = SourceFile.otherEncoding(of: file.bytes) {
            error(SourceFile.otherEncodingMessage(encoding, what: "a tipc lock"), 0, length)
            return
        }
        for line in 1...file.lineStarts.count {
            guard readLine(line) else { return }
        }
        if formatLine == nil {
            let what = file.bytes.allSatisfy(Self.isSpace) ? "the lock is empty" : "not a tipc lock"
            error(
                "\(what): a lock starts with `format \(LockFile.formatVersion)` after its comments; write it with `\(updateCommand)`",
                0, 0)
        }
    }

    /// Reads one line; false when reading stops (not a lock, or a newer format).
    private mutating func readLine(_ line: Int) -> Bool {
        let lineBytes = lineBytes(line)
        var start = lineBytes.lowerBound
        while start < lineBytes.upperBound, Self.isSpace(file.bytes[start]) { start += 1 }
        guard start < lineBytes.upperBound, file.bytes[start] != 0x23 else { return true }
        if let marker = conflictMarker(at: start, end: lineBytes.upperBound) {
            error(
                "an unresolved merge conflict ('\(marker)'): keep the entries of both sides and delete the markers; `\(updateCommand)` then checks and rewrites it",
                start, lineBytes.upperBound)
            return formatLine != nil
        }
        var scanner = LockLineScanner(bytes: file.bytes, start: start, end: lineBytes.upperBound)
        do throws(LockLineError) {
            if formatLine == nil { return try readFormat(&scanner, line: line) }
            var entry = try readEntry(&scanner)
            if entry.isRetired { entry.movedTo = try readMove(&scanner, of: entry.identity) }
            guard scanner.isAtEnd() else {
                throw scanner.unexpected(
                    expected: entry.isRetired ? "`->` or the end of the line" : "the end of the line")
            }
            add(entry, line: line, text: file.text(in: range(lineBytes.lowerBound, lineBytes.upperBound)))
        } catch {
            self.error(error.message, error.start, error.end)
            // Without its `format` line the file is not a lock: its other lines say nothing more.
            if formatLine == nil {
                formatLine = line
                return false
            }
        }
        return true
    }

    /// Reads `format N`, the first line that is not a comment.
    private mutating func readFormat(_ scanner: inout LockLineScanner, line: Int) throws(LockLineError) -> Bool {
        let start = scanner.mark()
        guard (try? scanner.name("")) == "format" else {
            throw LockLineError(
                message:
                    "not a tipc lock: its first line after the comments must be `format \(LockFile.formatVersion)`",
                start: start, end: start)
        }
        let numberStart = scanner.mark()
        let version = try scanner.number("the lock's format version, a number")
        guard scanner.isAtEnd() else { throw scanner.unexpected(expected: "the end of the line") }
        formatLine = line
        if version > LockFile.formatVersion {
            error(
                "this lock was written by a newer tipc (lock format \(version)); tipc \(TipcVersion.current) reads format \(LockFile.formatVersion): update tipc to use it",
                numberStart, scanner.position)
            return false
        }
        guard version == LockFile.formatVersion else {
            formatLine = nil
            throw LockLineError(
                message: "unknown lock format \(version): tipc writes format \(LockFile.formatVersion)",
                start: numberStart, end: scanner.position)
        }
        return true
    }

    /// Reads an entry: `[retired] tip|parameter|event|case …`.
    private func readEntry(_ scanner: inout LockLineScanner) throws(LockLineError) -> LockEntry {
        let kinds = "`tip`, `parameter`, `event` or `retired`"
        let start = scanner.mark()
        var word = try scanner.name(kinds)
        let isRetired = word == "retired"
        if isRetired { word = try scanner.name("`tip`, `parameter`, `event` or `case` after `retired`") }
        switch word {
        case "tip":
            let name = try scanner.name("the tip's name")
            return LockEntry(.tip(name: name, id: try scanner.quoted("the tip's id in quotes")), isRetired: isRetired)
        case "parameter":
            let name = try scanner.name("the parameter's name")
            try scanner.expect(0x3A, "':' and the parameter's type")
            return LockEntry(.parameter(name: name, type: try readType(&scanner)), isRetired: isRetired)
        case "event":
            let name = try scanner.name("the event's name")
            return LockEntry(.event(name: name, fields: try readFields(&scanner)), isRetired: isRetired)
        case "case" where isRetired:
            return LockEntry(try readCase(&scanner), isRetired: true)
        case "case":
            throw LockLineError(
                message: "a case in use is listed in its parameter's or field's type; only a retired case has a line",
                start: start, end: scanner.position)
        case "format":
            throw LockLineError(message: "a second `format` line", start: start, end: scanner.position)
        default:
            let expected = isRetired ? "`tip`, `parameter`, `event` or `case`" : kinds
            throw LockLineError(
                message: "unknown entry '\(word)': a lock line starts with \(expected)", start: start,
                end: scanner.position)
        }
    }

    /// Reads `(field: Type, …)`, or nothing.
    private func readFields(_ scanner: inout LockLineScanner) throws(LockLineError) -> [LockedField] {
        guard scanner.take(0x28) else { return [] }
        var fields: [LockedField] = []
        repeat {
            let start = scanner.mark()
            let name = try scanner.name("a field's name")
            try scanner.expect(0x3A, "':' and the field's type")
            let field = LockedField(name: name, type: try readType(&scanner))
            if fields.contains(where: { $0.name == name }) {
                throw LockLineError(message: "the field '\(name)' is listed twice", start: start, end: scanner.position)
            }
            fields.append(field)
        } while scanner.take(0x2C)
        try scanner.expect(0x29, "',' or ')' after a field")
        return LockText.sortedFields(fields)
    }

    /// Reads `Bool`, `Int`, `Double`, `String`, or `Enum { a, b }`.
    private func readType(_ scanner: inout LockLineScanner) throws(LockLineError) -> LockedType {
        let start = scanner.mark()
        let name = try scanner.name("a type")
        if let primitive = TipsType(storedPrimitive: name) { return .primitive(primitive) }
        guard scanner.take(0x7B) else {
            throw LockLineError(
                message: "'\(name)' is not Bool, Int, Double or String; an enum lists its cases: `\(name) { a, b }`",
                start: start, end: scanner.position)
        }
        var cases: [String] = []
        if !scanner.take(0x7D) {
            repeat {
                let caseStart = scanner.mark()
                let caseName = try scanner.name("a case of '\(name)'")
                if cases.contains(caseName) {
                    throw LockLineError(
                        message: "the case '\(caseName)' is listed twice", start: caseStart, end: scanner.position)
                }
                cases.append(caseName)
            } while scanner.take(0x2C)
            try scanner.expect(0x7D, "',' or '}' after a case")
        }
        return .enumeration(name: name, cases: LockText.sorted(cases))
    }

    /// Reads what a retired identity's state moves to, `-> target`, if the
    /// line says: a tip's id in quotes, a parameter's or an event's name, a
    /// case's name.
    private func readMove(_ scanner: inout LockLineScanner, of identity: LockedIdentity) throws(LockLineError)
        -> String?
    {
        guard scanner.take(0x2D) else { return nil }
        try scanner.expect(0x3E, "'>' after '-'")
        switch identity {
        case .tip: return LockText.quoted(try scanner.quoted("the id in quotes of the tip it moved to"))
        case .parameter: return try scanner.name("the parameter it moved to")
        case .event: return try scanner.name("the event it moved to")
        case .enumCase: return try scanner.name("the case it moved to")
        }
    }

    /// Reads `slot.case` after `retired case`: `tier.premium`, `visitedRegion.tier.premium`.
    private func readCase(_ scanner: inout LockLineScanner) throws(LockLineError) -> LockedIdentity {
        var names = [try scanner.name("a parameter's or an event's name")]
        while names.count < 3, scanner.take(0x2E) { names.append(try scanner.name("a name after '.'")) }
        guard names.count >= 2 else { throw scanner.unexpected(expected: "'.' and the retired case") }
        return .enumCase(slot: names.dropLast().joined(separator: "."), name: names[names.count - 1])
    }
}

extension LockFileReader {
    /// Records an entry read from `line`, or reports why it cannot be.
    private mutating func add(_ entry: LockEntry, line: Int, text: String) {
        let range = range(Int(file.lineStarts[line - 1]), lineBytes(line).upperBound)
        let key = entry.identity.key
        if let first = firstListed[key] {
            let message =
                first.isRetired == entry.isRetired
                ? "\(describe(entry.identity)) is listed twice (first at line \(first.line))"
                : "\(describe(entry.identity)) is listed both as locked and as retired (also at line \(first.line))"
            diagnostics.error(message, at: range)
            return
        }
        if case .tip(let name, _) = entry.identity, !entry.isRetired {
            if let first = lockedTipNames[name] {
                diagnostics.error("two locked tips are named '\(name)' (first at line \(first))", at: range)
                return
            }
            lockedTipNames[name] = line
        }
        firstListed[key] = (line, entry.isRetired)
        entries.append(entry)
        lines[key] = range
        noteHandEdit(entry, text: text, range: range)
    }

    /// Warns, once, at the first line that differs from what tipc writes
    /// (spelled otherwise or out of order): the lock was edited by hand.
    private mutating func noteHandEdit(_ entry: LockEntry, text: String, range: SourceRange) {
        let canonical = LockText.line(entry)
        defer { previous = (entry.isRetired, canonical) }
        guard !reportedHandEdit else { return }
        var why: String?
        if text.trimmingTrailingSpaces != canonical {
            why = "tipc writes it `\(canonical)`"
        } else if let previous, previous.isRetired == entry.isRetired,
            !previous.text.utf8.lexicographicallyPrecedes(canonical.utf8)
        {
            why = "it is out of order (tipc sorts the lines)"
        } else if let previous, previous.isRetired, !entry.isRetired {
            why = "a locked entry after the retired ones"
        }
        guard let why else { return }
        reportedHandEdit = true
        diagnostics.warning(
            "this line is not as tipc writes it (\(why)): was the lock edited by hand? `\(updateCommand)` writes it again",
            at: range)
    }

    /// `tip 'FavoriteTrail' (id "FavoriteTrail")`, for messages.
    private func describe(_ identity: LockedIdentity) -> String {
        switch identity {
        case .tip(let name, let id): "tip '\(name)' (id \(LockText.quoted(id)))"
        default: "\(identity.kind) '\(identity.displayName)'"
        }
    }

    /// The marker a line starts with when it is a merge conflict's.
    private func conflictMarker(at start: Int, end: Int) -> String? {
        guard end - start >= 7, let marker = SourceFile.conflictMarker(in: file.bytes, at: start) else { return nil }
        return SourceFile.conflictMarkerText(marker)
    }

    /// The byte offsets of the 1-based `line`, without its line break (and a `\r` before it).
    private func lineBytes(_ line: Int) -> Range<Int> {
        // A UTF-8 byte order mark, as Windows tools write, is not content.
        let mark = line == 1 ? SourceFile.byteOrderMarkLength(of: file.bytes) : 0
        let start = Int(file.lineStarts[line - 1]) + mark
        var end = line < file.lineStarts.count ? Int(file.lineStarts[line]) - 1 : file.bytes.count
        if end > start, file.bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    private mutating func error(_ message: String, _ start: Int, _ end: Int) {
        diagnostics.error(message, at: range(start, end))
    }

    private func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(file: file.id, start: UInt32(start), end: UInt32(end))
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}

extension String {
    /// The string without trailing spaces and tabs.
    fileprivate var trimmingTrailingSpaces: String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
