// Checking enums, parameters, events and groups. Each `check…` is given only
// the declaration that declares its name first: `run` skips duplicates.

import TipsRuntime
import TipsSyntax

extension Checker {
    // MARK: - Types

    /// Resolves a written type to a storable type, or reports why it cannot.
    mutating func resolveType(_ syntax: TypeSyntax) -> TipsType? {
        let name = syntax.name.name
        if let primitive = TipsType(storedPrimitive: name) { return primitive }
        switch name {
        case "": return nil  // Missing, and already reported by the parser.
        case "Duration":
            diagnostics.error(
                "'Duration' cannot be stored; use Bool, Int, Double, String or an enum", at: syntax.name.range)
            return nil
        default: break
        }
        if let kind = resolveDeclared(syntax.name)?.kind {
            if kind == .enumeration { return .enumeration(name) }
            diagnostics.error(
                "'\(name)' is \(kind), not a type; use Bool, Int, Double, String or an enum",
                at: syntax.name.range)
            return nil
        }
        let candidates = TipsType.storedPrimitives.map(\.description) + names(of: .enumeration)
        diagnostics.error(
            "unknown type '\(name)'", at: syntax.name.range, suggesting: .closest(to: name, in: candidates))
        return nil
    }

    /// Records that `name` is declared at `range`, or, when `seen` already
    /// has it, reports `message` with a note at the first and returns false.
    mutating func recordFirst(
        _ name: String, at range: SourceRange, in seen: inout FirstRanges,
        _ message: @autoclosure () -> String, note: String? = nil
    ) -> Bool {
        guard let first = seen.record(name, at: range) else { return true }
        diagnostics.error(
            message(), at: range, notes: [DiagnosticNote(note ?? "'\(name)' is first declared here", at: first)])
        return false
    }

    // MARK: - Enums, parameters, events

    mutating func checkEnum(_ decl: EnumDecl) -> CheckedEnum? {
        var seen = FirstRanges(capacity: decl.cases.count)
        var cases: [String] = []
        cases.reserveCapacity(decl.cases.count)
        var ranges: [SourceRange] = []
        ranges.reserveCapacity(decl.cases.count)
        for item in decl.cases {
            guard
                recordFirst(
                    item.name, at: item.range, in: &seen, "enum '\(decl.name.name)' already has a case '\(item.name)'")
            else { continue }
            cases.append(item.name)
            ranges.append(item.range)
        }
        if cases.isEmpty {
            diagnostics.error("enum '\(decl.name.name)' needs at least one case", at: decl.name.range)
        }
        return CheckedEnum(
            .init(
                name: decl.name.name, doc: decl.doc?.lines ?? [], cases: cases, caseRanges: ranges,
                origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range),
                caseRenames: decl.caseRenames.isEmpty ? [] : checkCaseRenames(decl, cases: cases),
                casesCutShort: decl.casesCutShort))
    }

    mutating func checkParameter(_ decl: ParameterDecl) -> CheckedParameter? {
        guard let type = resolveType(decl.type) else { return nil }
        guard let expression = decl.defaultValue else { return nil }
        // The message's closure captures the name, not the declaration, which
        // it copied for every parameter: 2.4 M instructions fewer of 996 M in
        // `Compilation.run` for 10,000 tips (callgrind).
        let name = decl.name.name
        guard let value = checkConstant(expression, of: type, subject: "the default of parameter '\(name)'")
        else { return nil }
        return CheckedParameter(
            .init(
                name: decl.name.name, doc: decl.doc?.lines ?? [], type: type, defaultValue: value,
                isTransient: decl.transient != nil,
                origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range),
                renamedFrom: checkParameterRenames(decl)))
    }

    /// A constant the file gives for a value of `type` (a parameter's default,
    /// a scenario's `set`, a donation's field, a tip's argument): a literal of
    /// that type, or a case of its enum. `subject` names it in messages (spelled only for one).
    mutating func checkConstant(
        _ expression: Expr, of type: TipsType, subject: @autoclosure () -> String
    ) -> TipValue? {
        let value = literalValue(expression)
        switch (type, value) {
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string): return value
        case (.double, .int(let number)): return .double(Double(number))
        case (.enumeration(let name), .enumCase(let caseName)):
            guard let checked = enumeration(named: name) else { return nil }
            if checked.cases.contains(caseName) {
                if let written = Self.caseName(in: expression) {
                    recordUse(.enumCase(caseName, enumeration: name), at: written.range)
                }
                return value
            }
            // Only `.name` reads as a case, and its range covers the dot.
            reportMissingCase(
                caseName, of: checked, at: expression.range,
                hint: .closest(to: caseName, in: checked.cases).replacing(after: "."))
            return nil
        case (.enumeration(let name), nil):
            // `Plan.free`: reported once, then read as `.free`.
            if case .member(.name(let base), let caseName, _) = expression, base.name == name,
                let checked = enumeration(named: name), checked.cases.contains(caseName.name)
            {
                recordUse(.enumeration(name), at: base.range)
                recordUse(.enumCase(caseName.name, enumeration: name), at: caseName.range)
                diagnostics.error(
                    "write the case as '.\(caseName.name)' instead of '\(name).\(caseName.name)'", at: expression.range,
                    replacing: "." + caseName.name)
                return .enumCase(caseName.name)
            }
            fallthrough
        default:
            return reportNotConstant(expression, value: value, of: type, subject: subject)
        }
    }

    /// The rest of ``checkConstant(_:of:subject:)``: what `expression`, not a
    /// constant of `type`, is told; the value read on, when there is one.
    private mutating func reportNotConstant(
        _ expression: Expr, value: TipValue?, of type: TipsType, subject: () -> String
    ) -> TipValue? {
        if case .error = expression { return nil }
        let expected: String
        if case .enumeration(let name) = type {
            expected = "a case of '\(name)' such as '.\(enumeration(named: name)?.cases.first ?? "case")'"
        } else {
            expected = "\(Self.article(type)) literal"
        }
        if reportAbsentValue(expression, of: type, expected: expected, subject: subject()) { return nil }
        // `name: String = Ada`: a word where text in quotes was meant, read on as that text.
        if case .name(let word) = expression, type == .string {
            diagnostics.error(
                "\(subject()) must be \(expected): write the text in quotes, \"\(word.name)\"",
                at: expression.range, replacing: "\"\(word.name)\"")
            return .string(word.name)
        }
        if case .string(let literal) = expression, literal.plainText == nil, type == .string {
            diagnostics.error(
                "\(subject()) cannot interpolate; write plain text",
                at: expression.range)
            return nil
        }
        diagnostics.error(
            "\(subject()) must be \(expected), but this is \(describeLiteral(value))",
            at: expression.range)
        return nil
    }

    /// `name: String = nil` (or `null`, `None`): there is no absent value,
    /// so the error offers, and its fix writes, the plainest value of
    /// `type` (an enum's first case, which `expected` already names).
    /// False, with nothing reported, for any other constant.
    private mutating func reportAbsentValue(
        _ expression: Expr, of type: TipsType, expected: String, subject: String
    ) -> Bool {
        guard case .name(let word) = expression, Lexer.absentValueWords.contains(word.name),
            let plainest = plainestValue(of: type)
        else { return false }
        let example = if case .enumeration = type { "" } else { ", such as \(plainest)" }
        diagnostics.error(
            "there is no '\(word.name)' in .tips; \(subject) must be \(expected)\(example)", at: expression.range,
            replacing: plainest)
        return true
    }

    /// The value of `type` that says least (`false`, `0`, `""`, an enum's
    /// first case), for a message to offer; nil for any other type.
    func plainestValue(of type: TipsType) -> String? {
        if case .enumeration(let name) = type { return enumeration(named: name)?.cases.first.map { "." + $0 } }
        return Lexer.exampleDefault(ofType: type.description)
    }

    /// The name of the `.case` a constant is written as (inside parentheses too).
    static func caseName(in expression: Expr) -> Identifier? {
        switch expression {
        case .implicitMember(let name, _): name
        case .parenthesized(let inner, _): caseName(in: inner)
        default: nil
        }
    }

    /// The constant a literal expression denotes, if it is one.
    func literalValue(_ expression: Expr) -> TipValue? {
        switch expression {
        case .boolean(let value, _): return .bool(value)
        case .integer(let literal): return .int(literal.value)
        case .decimal(let value, _): return .double(value)
        case .string(let literal): return literal.plainText.map { .string($0) }
        case .duration(let literal): return .duration(Double(literal.totalSeconds))
        case .implicitMember(let name, _): return .enumCase(name.name)
        case .unary(.negate, let operand, _, _):
            switch literalValue(operand) {
            case .int(let value): return .int(-value)
            case .double(let value): return .double(-value)
            default: return nil
            }
        case .parenthesized(let inner, _): return literalValue(inner)
        default: return nil
        }
    }

    private func describeLiteral(_ value: TipValue?) -> String {
        switch value {
        case .enumCase(let name): "an enum case '.\(name)'"
        case let value?: Self.article(CheckedExpression.literal(value).type)
        case nil: "not a literal"
        }
    }

    /// Checks typed fields; returns those that checked, whether all did, and
    /// `untyped`, the names of those whose type is missing or unknown
    /// (reported), which the checked fields leave out. `owner` ("tip 'T'")
    /// is spelled only for a message.
    mutating func checkFields(_ fields: [FieldSyntax], owner: @autoclosure () -> String, kind: String) -> (
        fields: [CheckedField], ok: Bool, untyped: [String]
    ) {
        var seen = FirstRanges(capacity: fields.count)
        var checked: [CheckedField] = []
        checked.reserveCapacity(fields.count)
        var untyped: [String] = []
        var failed = false
        for field in fields {
            let name = field.name
            guard recordFirst(name.name, at: name.range, in: &seen, "\(owner()) already has \(kind) '\(name.name)'")
            else {
                failed = true
                continue
            }
            guard let type = resolveType(field.type) else {
                failed = true
                untyped.append(name.name)
                continue
            }
            checked.append(CheckedField(name: field.name.name, type: type, nameRange: field.name.range))
        }
        return (checked, !failed, untyped)
    }

    mutating func checkEvent(_ decl: EventDecl) -> CheckedEvent? {
        // The message's closure captures the name, not the whole declaration, which it would copy.
        let name = decl.name.name
        let fields = checkFields(decl.fields, owner: "event '\(name)'", kind: "a field")
        var keepCount = CheckedEvent.defaultKeepCount
        var keepDuration: Int?
        if let keep = decl.keep {
            keepClauses.updateValue(keep.range, for: decl.name.name)
            if let count = keep.count {
                if count.value < 1 {
                    diagnostics.error(
                        "an event must keep at least 1 donation, but this is \(count.value)", at: count.range)
                } else {
                    keepCount = count.value
                }
            }
            if let duration = keep.duration {
                if duration.totalSeconds < 1 {
                    diagnostics.error("an event must keep its donations longer than zero", at: duration.range)
                } else {
                    keepDuration = duration.totalSeconds
                }
            }
        }
        return CheckedEvent(
            .init(
                name: decl.name.name, doc: decl.doc?.lines ?? [], fields: fields.fields, keepCount: keepCount,
                keepDuration: keepDuration,
                origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range),
                renamedFrom: checkNameRenames(decl.renamedFrom), untypedFields: fields.untyped,
                fieldsCutShort: decl.fieldsCutShort))
    }

    // MARK: - Groups

    mutating func checkGroup(_ decl: GroupDecl) -> CheckedGroup? {
        var priority = GroupPriority.firstAvailable
        if let written = decl.priority {
            // An unknown word here was reported by the parser, which reads it.
            if let value = GroupPriority(rawValue: written.name) { priority = value }
        }
        var seen = FirstRanges(capacity: decl.members.count)
        var members: [String] = []
        members.reserveCapacity(decl.members.count)
        for member in decl.members {
            let declared = resolveDeclared(member)
            guard
                recordFirst(
                    member.name, at: member.range, in: &seen,
                    "tip '\(member.name)' is already in group '\(decl.name.name)'", note: "first listed here")
            else { continue }
            switch declared {
            case let tip? where tip.kind == .tip:
                if tip.takesArguments {
                    diagnostics.error(
                        "tip '\(member.name)' takes arguments, so it cannot be in a group; "
                            + "groups hold tips without arguments",
                        at: member.range,
                        notes: [DiagnosticNote("'\(member.name)' is declared here", at: tip.nameRange)])
                    continue
                }
                members.append(member.name)
                groupedTips.updateValue(true, for: member.name)
            case .some(let other):
                diagnostics.error(
                    "'\(member.name)' is \(other.kind), but a group holds tips", at: member.range)
            case nil:
                unknownGroupMembers.append((member, decl.name.name))
            }
        }
        return CheckedGroup(
            .init(
                name: decl.name.name, doc: decl.doc?.lines ?? [], priority: priority, members: members,
                origin: DeclarationOrigin(file: decl.name.range.file, nameRange: decl.name.range)))
    }
}

extension Checker {
    /// Reports each group member that names no declaration: told the tip's
    /// name now when a tip's `renamedFrom` lists it (a tip renamed by
    /// typing, its group not yet), else offered a similar tip's name.
    mutating func reportUnknownGroupMembers(_ tips: [CheckedTip?]) {
        let checked = tips.compactMap { $0 }
        for (member, group) in unknownGroupMembers {
            reporting(as: .group(group)) { checker in
                if checker.diagnostics.dropsErrorMessages {
                    checker.diagnostics.reportDroppedError(at: member.range)
                } else if let renamed = Self.tipRenamed(from: member.name, among: checked) {
                    checker.diagnostics.error(
                        "unknown tip '\(member.name)'; it was renamed to '\(renamed)' (renamedFrom \(member.name)), "
                            + "so group '\(group)' names it '\(renamed)'", at: member.range, replacing: renamed)
                } else {
                    checker.diagnostics.error(
                        "unknown tip '\(member.name)'", at: member.range,
                        suggesting: checker.nameSuggestion(
                            for: member, match: checker.closestDeclaredName(to: member.name, of: .tip)))
                }
            }
        }
    }
}

/// Where each name of a list is first given. Most lists are short (a tip's
/// actions, an event's fields, an enum's cases), and a name is found among a
/// few by comparing it with each, which costs less than hashing it; past
/// ``linearLimit`` names they are hashed (−12 M instructions of 10,000 tips, callgrind).
/// The first two names are held in place, so that a list of one or two (an
/// event's fields, a tip's actions) needs no array: for 10,000 tips, 8,300
/// of 11,800 allocations and 2.6 M instructions fewer (callgrind, `Checker.run`).
struct FirstRanges {
    private typealias Entry = (name: String, range: SourceRange)
    private static let linearLimit = 8
    private var first, second: Entry?
    /// The third name on, up to ``linearLimit``.
    private var listed: [Entry] = []
    private var hashed: [String: SourceRange] = [:]

    /// Room for `capacity` names, which the list does not grow for.
    init(capacity: Int = 0) {
        if capacity > Self.linearLimit {
            hashed.reserveCapacity(capacity)
        } else if capacity > 2 {
            listed.reserveCapacity(capacity - 2)
        }
    }

    /// Where `name` was first given, or nil when it was not, and then `range` is recorded for it.
    mutating func record(_ name: String, at range: SourceRange) -> SourceRange? {
        if hashed.isEmpty {
            if let first {
                if first.name == name { return first.range }
            } else {
                first = (name, range)
                return nil
            }
            if let second {
                if second.name == name { return second.range }
            } else {
                second = (name, range)
                return nil
            }
            for index in listed.indices where listed[index].name == name { return listed[index].range }
            guard listed.count == Self.linearLimit - 2 else {
                listed.append((name, range))
                return nil
            }
            hashed.reserveCapacity(Self.linearLimit * 2)
            for entry in [first, second].compactMap({ $0 }) + listed { hashed[entry.name] = entry.range }
            (first, second, listed) = (nil, nil, [])
        }
        if let first = hashed[name] { return first }
        hashed[name] = range
        return nil
    }
}
