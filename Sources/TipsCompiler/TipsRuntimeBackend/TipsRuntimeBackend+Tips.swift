// Emitting tips: stored arguments, copy, actions, rules and options.

@_spi(TipsCompiler) import TipsRuntime
import TipsSyntax

extension FileEmitter {
    /// Writes the file's ``emitGeneratedFile(_:into:)``, then
    /// `private protocol _TipcTip: TipsRuntime.Tip` and the extension that
    /// gives every tip its copy, rules and options from the file's table (a
    /// reusable tip declares its copy itself, and its rules when they read
    /// its arguments), the module's config block (so that `Tips.configure()`
    /// applies it) and, once the module has some, its renames (which the
    /// runtime applies at `configure`). The same lines whether or not the
    /// module has a config block (the runtime's nil is shadowed by the
    /// module's own `declared`): a file added to the compilation never
    /// changes another file's output. What the extension gives costs once
    /// what a property in each tip costs a tip: for the benchmark's 1,000
    /// tips, about 0.1 ms of `swiftc -typecheck` a tip and a property.
    /// `parts` are what the file's ranges of tips put in its table, in order.
    func emitTipProtocol(_ parts: [TablePart], into writer: inout SwiftWriter) {
        emitGeneratedFile(parts, into: &writer)
        writer.blankLine()
        writer.line("/// What every tip of this file shares: its copy, rules and options read from the file's table,")
        writer.line("/// and the module's configuration.")
        writer.line("private protocol _TipcTip: TipsRuntime.Tip {}")
        writer.blankLine()
        writer.block("extension _TipcTip") { writer in
            for (member, reader) in Self.tableMembers {
                declaration(" var ", into: &writer) { out in
                    out.append(member)
                    out.append(" { _tipcFile.")
                    out.append(reader)
                    out.append("(of: Self.self) }")
                }
            }
            declaration(" var declaredConfiguration: TipsRuntime.Tips.DeclaredConfiguration? ", into: &writer) {
                $0.append("{ TipsRuntime.TipsConfiguration.declared }")
            }
            if !lowering.renames.isEmpty {
                declaration(" var declaredRenames: TipsRuntime.Tips.Renames ", into: &writer) {
                    $0.append("{ TipsRuntime.TipsConfiguration.renames }")
                }
            }
        }
    }

    /// The `Tip` requirements the file's table answers: the declaration, and the `GeneratedFile` method that reads it.
    private static let tableMembers: [(StaticString, StaticString)] = [
        ("id: Swift.String", "id"), ("title: Swift.String", "title"), ("message: Swift.String?", "message"),
        ("image: Swift.String?", "image"), ("actions: [TipsRuntime.Tips.Action]", "actions"),
        ("rules: [TipsRuntime.TipRule]", "rules"), ("options: TipsRuntime.Tips.Options", "options"),
    ]

    /// Writes the struct of `lowered`, a tip: no members for a tip without
    /// arguments (the file's table holds its copy, rules and options), a
    /// reusable tip's arguments, initializer and copy, and its rules when
    /// they read its arguments (`argumentsRead`, from ``addToTable(_:_:text:)``).
    func emitTip(_ lowered: LoweredTip, argumentsRead: [String], into writer: inout SwiftWriter) {
        let tip = lowered.declaration
        writer.blankLine()
        writer.docComment(tip.doc)
        let head = { (out: inout ByteBuffer) in
            out.appendUTF8(SwiftNames.tipType(tip.name))
            // A public or package tip names `Tip` itself: a conformance
            // through the private protocol alone does not count as a use
            // of the `public import` that its module's clients need.
            out.append(options.accessLevel == .internal ? ": _TipcTip" : ": TipsRuntime.Tip, _TipcTip")
        }
        guard let arguments = tip.arguments else {
            guard options.accessLevel != .internal else {
                return declaration(" struct ", into: &writer) { out in
                    head(&out)
                    out.append(" {}")
                }
            }
            return declaration(" struct ", into: &writer, head) { declaration(" init() {}", into: &$0) }
        }
        let copy = lowered.copy
        declaration(" struct ", into: &writer, head) { writer in
            emitInit(arguments, into: &writer)
            writer.line()
            textProperty("id: Swift.String", into: &writer) { appendText(tip.id, arguments, to: &$0) }
            textProperty("title: Swift.String", into: &writer) {
                appendTipText(tip.title, offset: 0, copy: copy, arguments: arguments, to: &$0)
            }
            if let message = tip.message {
                textProperty("message: Swift.String?", into: &writer) {
                    appendTipText(message, offset: 1, copy: copy, arguments: arguments, to: &$0)
                }
            }
            if let image = tip.image {
                textProperty("image: Swift.String?", into: &writer) { appendText(image, arguments, to: &$0) }
            }
            if !tip.actions.isEmpty { emitActions(of: tip, copy: copy, arguments: arguments, into: &writer) }
            emitArgumentRules(reading: argumentsRead, fields: arguments, into: &writer)
        }
    }

    /// Appends the head of `tip` in the file's table to `out`: its type's
    /// name and options, and the copy of a tip without arguments (a reusable
    /// tip declares its own). The head is filled in place where it is
    /// written, not returned by a function, whose result is copied out and
    /// its original destroyed: 6.1 M instructions fewer for the benchmark's
    /// 10,000 tips (callgrind, `tipc compile`).
    func writeTableHead(of tip: LoweredTip, to out: inout RuleTextWriter) {
        var head = Tips.TableHead(name: "")
        head.options = tip.options
        fillTableHead(&head, tip.declaration, copyIndex: tip.copy?.index)
        head.write(to: &out)
    }

    /// Fills `head`, the tip's head in the file's table, but for its
    /// options; `copyIndex` is where the tip's title is in the file's copy,
    /// nil without one.
    private func fillTableHead(_ head: inout Tips.TableHead, _ tip: CheckedTip, copyIndex: Int?) {
        // The name `String(describing:)` gives the type: a keyword's without its backticks.
        head.name = SwiftNames.withoutBackticks(SwiftNames.tipType(tip.name))
        guard tip.arguments == nil else { return }
        func text(_ value: InterpolatedText, offset: Int) -> Tips.TableHead.Text {
            if let copyIndex { .copy(copyIndex + offset) } else { .literal(Self.plain(value)) }
        }
        // The runtime takes the type's name for an id the table leaves out.
        let id = Self.plain(tip.id)
        if id != head.name { head.id = id }
        head.title = text(tip.title, offset: 0)
        // The message read once, and each action where it is stored rather
        // than copied out by `enumerated()`.
        let message = tip.message
        head.message = message.map { text($0, offset: 1) }
        head.image = tip.image.map(Self.plain)
        // The action titles follow the title and the message in the tip's copy.
        let firstOffset = message == nil ? 1 : 2
        let actions = tip.actions
        head.actions = actions.indices.map { (actions[$0].id, text(actions[$0].title, offset: firstOffset + $0)) }
    }

    /// The text of a tip without arguments, whose texts have only literal
    /// segments; one segment, the usual case, is returned as it is (with the
    /// backticks above dropped from the name's ends rather than filtered
    /// character by character, the heads of the benchmark's 10,000 tips cost
    /// 16 M instructions, not 72 M).
    private static func plain(_ value: InterpolatedText) -> String {
        if let text = value.plainText { return text }
        return value.segments.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// Writes the stored arguments and the initializer that sets them.
    private func emitInit(_ arguments: [CheckedField], into writer: inout SwiftWriter) {
        guard !arguments.isEmpty else { return declaration(" init() {}", into: &writer) }
        // Each argument's Swift name spelled once, and each argument's
        // fields read where it is stored rather than the argument copied out.
        let swiftNames = arguments.map { SwiftNames.tipArgument($0.name) }
        emitStoredProperties(arguments, named: swiftNames, into: &writer)
        writer.line()
        writer.line("/// Creates the tip for these argument values; each combination is its own tip.")
        declaration(" init(", into: &writer) { out in
            for index in arguments.indices {
                if index > 0 { out.append(", ") }
                appendParameter(
                    arguments[index].name, swiftName: swiftNames[index], type: arguments[index].type, to: &out)
            }
            out.append(")")
        } body: { writer in
            for name in swiftNames { assignStored(name, into: &writer) }
        }
    }

    /// Writes `<access> var <declaration> { <value> }`.
    private func textProperty(
        _ declaration: StaticString, into writer: inout SwiftWriter, value: (inout ByteBuffer) -> Void
    ) {
        self.declaration(" var ", into: &writer) { out in
            out.append(declaration)
            out.append(" { ")
            value(&out)
            out.append(" }")
        }
    }

    /// Appends Swift for text that may hold the tip's arguments: a string
    /// literal, an argument's text alone, or `TipsRuntime.Tips.text(…)` of
    /// the literals and arguments in order. Not an interpolated literal:
    /// `swiftc` resolves `appendInterpolation` among its overloads for each
    /// slot (for the benchmark's 600 such texts, about 0.5 ms each), and one
    /// call of a function with `String...` costs a third of that.
    func appendText(_ value: InterpolatedText, _ arguments: [CheckedField], to out: inout ByteBuffer) {
        if let text = value.plainText { return out.appendStringLiteral(text) }
        guard value.interpolates else {
            out.append(UInt8(ascii: "\""))
            for case .text(let text) in value.segments { out.appendEscaped(text) }
            out.append(UInt8(ascii: "\""))
            return
        }
        let single = value.segments.count == 1
        if !single { out.append("TipsRuntime.Tips.text(") }
        for (index, segment) in value.segments.enumerated() {
            if index > 0 { out.append(", ") }
            switch segment {
            case .text(let text):
                out.append(UInt8(ascii: "\""))
                out.appendEscaped(text)
                out.append(UInt8(ascii: "\""))
            case .argument(let name):
                out.appendUTF8(SwiftNames.tipArgument(name))
                // The text Swift's interpolation writes: an enum's raw value, a number's or Bool's description.
                switch arguments.first(where: { $0.name == name })?.type {
                case .enumeration: out.append(".rawValue")
                case .string: break
                default: out.append(".description")
                }
            }
        }
        if !single { out.append(")") }
    }

    /// Writes a reusable tip's `actions`; `copy` is its lowered copy, `arguments` its arguments.
    private func emitActions(
        of tip: CheckedTip, copy: LoweredTipCopy?, arguments: [CheckedField], into writer: inout SwiftWriter
    ) {
        // The action titles follow the title and the message in the tip's copy.
        let firstOffset = tip.message == nil ? 1 : 2
        declaration(
            " var actions: [TipsRuntime.Tips.Action]", into: &writer,
            body: { writer in
                writer.expression { code in
                    code.beginArray()
                    for (index, action) in tip.actions.enumerated() {
                        code.beginCall("TipsRuntime.Tips.Action")
                        code.labeled("id") { $0.appendStringLiteral(action.id) }
                        code.labeled("title") {
                            appendTipText(
                                action.title, offset: firstOffset + index, copy: copy, arguments: arguments, to: &$0)
                        }
                        code.end()
                    }
                    code.end()
                }
            })
    }
}
