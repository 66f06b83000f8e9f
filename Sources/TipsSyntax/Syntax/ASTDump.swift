import TipsRuntime

/// Renders a parsed file as a readable indented tree, one node per line with
/// its `line:column-line:column` range (the end is exclusive). Golden tests
/// compare this text; it is also handy when debugging the parser.
public func dumpAST(_ file: SourceFileSyntax, sources: SourceManager) -> String {
    var dumper = ASTDumper(source: sources[file.file])
    dumper.line("SourceFile \(sources[file.file].fileName)", depth: 0)
    for declaration in file.declarations {
        dumper.dump(declaration, depth: 1)
    }
    return dumper.output
}

/// Writes one line per node; a separate type so the public entry point stays a function.
package struct ASTDumper {
    let source: SourceFile
    var output = ""

    mutating func line(_ text: String, depth: Int) {
        output += String(repeating: "  ", count: depth) + text + "\n"
    }

    mutating func line(_ text: String, _ range: SourceRange, depth: Int) {
        line("\(text) [\(format(range))]", depth: depth)
    }

    func format(_ range: SourceRange) -> String {
        "\(source.lineColumn(of: range.start))-\(source.lineColumn(of: range.end))"
    }

    /// A string shown on one line, with quotes, backslashes and control characters escaped.
    package static func quoted(_ text: String) -> String {
        let escaped = text.escapingScalars { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\t": "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: nil
            }
        }
        return "\"" + escaped + "\""
    }

    static func quoted(_ literal: StringLiteral) -> String {
        var out = "\""
        for segment in literal.segments {
            switch segment {
            case .text(let text): out += quoted(text).dropFirst().dropLast()
            case .interpolation(let name): out += "\\(\(name.name))"
            }
        }
        return out + "\""
    }

    /// A duration as written, such as `30s`.
    static func spelling(_ duration: DurationLiteral) -> String { "\(duration.amount)\(duration.unit.rawValue)" }

    mutating func dump(_ fields: [FieldSyntax], depth: Int) {
        for field in fields {
            line("Field \(field.name.name): \(field.type.name.name)", field.range, depth: depth)
        }
    }

    mutating func dump(_ doc: DocComment?, depth: Int) {
        guard let doc else { return }
        line("Doc", doc.range, depth: depth)
        for text in doc.lines {
            line(ASTDumper.quoted(text), depth: depth + 1)
        }
    }

    mutating func dump(_ declaration: Declaration, depth: Int) {
        switch declaration {
        case .config(let decl):
            line("Config", decl.range, depth: depth)
            for item in decl.items {
                switch item {
                case .displayFrequency(.named(let name), _, let range):
                    line("DisplayFrequency \(name.name)", range, depth: depth + 1)
                case .displayFrequency(.every(let duration, _), _, let range):
                    line("DisplayFrequency every \(ASTDumper.spelling(duration))", range, depth: depth + 1)
                case .sourceLanguage(let language, _, let range):
                    line("SourceLanguage \(ASTDumper.quoted(language))", range, depth: depth + 1)
                case .sessionLimit(let limit, _, let range):
                    line("SessionLimit \(limit.value)", range, depth: depth + 1)
                case .oneAtATime(_, let range):
                    line("OneAtATime", range, depth: depth + 1)
                }
            }
        case .enumeration(let decl):
            line("Enum \(decl.name.name)", decl.range, depth: depth)
            dump(decl.doc, depth: depth + 1)
            for (index, item) in decl.cases.enumerated() {
                line("Case \(item.name)", item.range, depth: depth + 1)
                dump(decl.renamedFrom(ofCase: index), depth: depth + 2)
            }
        case .parameter(let decl):
            line("Parameter \(decl.transient == nil ? "" : "transient ")\(decl.name.name)", decl.range, depth: depth)
            dump(decl.doc, depth: depth + 1)
            line("Type \(decl.type.name.name)", decl.type.name.range, depth: depth + 1)
            if let value = decl.defaultValue {
                line("Default", depth: depth + 1)
                dump(value, depth: depth + 2)
            }
            dump(decl.renamedFrom, depth: depth + 1)
        case .event(let decl):
            line("Event \(decl.name.name)", decl.range, depth: depth)
            dump(decl.doc, depth: depth + 1)
            dump(decl.fields, depth: depth + 1)
            if let keep = decl.keep {
                let count = keep.count.map { " count \($0.value)" } ?? ""
                let duration = keep.duration.map { " duration \(ASTDumper.spelling($0))" } ?? ""
                line("Keep\(count)\(duration)", keep.range, depth: depth + 1)
            }
            dump(decl.renamedFrom, depth: depth + 1)
        case .tip(let decl):
            line("Tip \(decl.name.name)", decl.range, depth: depth)
            dump(decl.doc, depth: depth + 1)
            if let arguments = decl.arguments {
                line("Arguments (\(arguments.count))", depth: depth + 1)
                dump(arguments, depth: depth + 2)
            }
            for item in decl.items {
                dump(item, depth: depth + 1)
            }
        case .group(let decl):
            line("Group \(decl.name.name) \(decl.priority?.name ?? "(default)")", decl.range, depth: depth)
            dump(decl.doc, depth: depth + 1)
            for member in decl.members {
                line("Member \(member.name)", member.range, depth: depth + 1)
            }
        case .scenario(let decl): dump(decl, depth: depth)
        }
    }

    mutating func dump(_ item: TipItem, depth: Int) {
        switch item.kind {
        case .title(let text): line("Title \(ASTDumper.quoted(text))", item.range, depth: depth)
        case .message(let text): line("Message \(ASTDumper.quoted(text))", item.range, depth: depth)
        case .image(let text): line("Image \(ASTDumper.quoted(text))", item.range, depth: depth)
        case .id(let text): line("ID \(ASTDumper.quoted(text))", item.range, depth: depth)
        case .action(let name, let title):
            line("Action \(name.name) \(ASTDumper.quoted(title))", item.range, depth: depth)
        case .rule(let expr, _):
            line("Rule", item.range, depth: depth)
            dump(expr, depth: depth + 1)
        case .maxDisplayCount(let count): line("MaxDisplayCount \(count.value)", item.range, depth: depth)
        case .maxDisplayDuration(let duration):
            line("MaxDisplayDuration \(ASTDumper.spelling(duration))", item.range, depth: depth)
        case .ignoresDisplayFrequency: line("IgnoresDisplayFrequency", item.range, depth: depth)
        case .invalidatedBy(let event): line("InvalidatedBy \(event.name)", item.range, depth: depth)
        case .renamedFrom(let sources):
            line("RenamedFrom \(ASTDumper.spelling(sources))", item.range, depth: depth)
        case .snooze(let duration, let count):
            let times = count.map { ", \($0.value)" } ?? ""
            line("Snooze \(ASTDumper.spelling(duration))\(times)", item.range, depth: depth)
        case .holdout(let percent): line("Holdout \(percent.value)%", item.range, depth: depth)
        }
    }

    mutating func dump(_ clause: RenamedFromSyntax?, depth: Int) {
        guard let clause else { return }
        line("RenamedFrom \(ASTDumper.spelling(clause.sources))", clause.range, depth: depth)
    }

    /// Old identities as written: `FavoriteTrailTip, "trail-v1"`.
    static func spelling(_ sources: [RenameSourceSyntax]) -> String {
        sources.map { source in
            switch source {
            case .name(let name): name.name
            case .id(let literal): quoted(literal)
            }
        }.joined(separator: ", ")
    }

    mutating func dump(_ expr: Expr, depth: Int) {
        switch expr {
        case .boolean(let value, let range): line("Boolean \(value)", range, depth: depth)
        case .integer(let literal): line("Integer \(literal.value)", literal.range, depth: depth)
        case .decimal(let value, let range): line("Decimal \(value)", range, depth: depth)
        case .string(let literal): line("String \(ASTDumper.quoted(literal))", literal.range, depth: depth)
        case .duration(let literal): line("Duration \(ASTDumper.spelling(literal))", literal.range, depth: depth)
        case .name(let name): line("Name \(name.name)", name.range, depth: depth)
        case .implicitMember(let name, let range): line("ImplicitMember .\(name.name)", range, depth: depth)
        case .member(let base, let name, let range):
            line("Member .\(name.name)", range, depth: depth)
            dump(base, depth: depth + 1)
        case .call(let callee, let arguments, let range):
            line("Call", range, depth: depth)
            dump(callee, depth: depth + 1)
            dumpArguments(arguments, depth: depth + 1)
        case .unary(let op, let operand, _, let range):
            line("Unary \(op.rawValue)", range, depth: depth)
            dump(operand, depth: depth + 1)
        case .binary(let op, let lhs, let rhs, _, let range):
            line("Binary \(op.rawValue)", range, depth: depth)
            dump(lhs, depth: depth + 1)
            dump(rhs, depth: depth + 1)
        case .parenthesized(let inner, let range):
            line("Parenthesized", range, depth: depth)
            dump(inner, depth: depth + 1)
        case .error(let range): line("Error", range, depth: depth)
        }
    }
}
