// Names that cannot be spelled in the generated Swift, or would clash there.

extension TipsRuntimeBackend {
    /// Properties and methods a generated tip already has; an argument may not take these names.
    static let tipMemberNames: Set<String> = [
        "id", "title", "message", "image", "actions", "rules", "options", "status", "shouldDisplay",
        "statusUpdates", "shouldDisplayUpdates", "invalidate", "resetEligibility", "explanation",
    ]

    /// Members a generated `String`-backed, case-iterable enum already has.
    static let enumMemberNames: Set<String> = [
        "rawValue", "allCases", "hashValue", "tipValue", "init", "self", "Self", "Type", "Protocol", "_",
    ]

    public func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine) {
        var eventNamespace: [String: (event: String, what: String, range: SourceRange)] = [:]
        let enumNames = Set(program.enums.keys)
        // Enums that event fields name as their type inside `TipsRuntime.TipEvents`.
        var enumsUsedByEvents: Set<String> = []
        for file in program.files {
            for case .event(let event) in file.declarations {
                for case .enumeration(let name) in event.fields.map(\.type) { enumsUsedByEvents.insert(name) }
            }
        }
        for file in program.files {
            for declaration in file.declarations {
                switch declaration {
                case .enumeration(let decl):
                    checkSpellable(decl.name, kind: "enum", range: decl.origin.nameRange, &diagnostics)
                    for (name, range) in zip(decl.cases, decl.caseRanges) where Self.enumMemberNames.contains(name) {
                        diagnostics.error(
                            "enum case '\(name)' would clash with Swift's '\(name)' of the generated enum "
                                + "'\(decl.name)'; rename the case",
                            at: range)
                    }
                case .parameter(let decl):
                    checkSpellable(decl.name, kind: "parameter", range: decl.origin.nameRange, &diagnostics)
                case .event(let decl):
                    checkSpellable(decl.name, kind: "event", range: decl.origin.nameRange, &diagnostics)
                    for field in decl.fields {
                        checkSpellable(field.name, kind: "field", range: field.nameRange, &diagnostics)
                    }
                    let typeName = SwiftNames.typeName(decl.name)
                    if enumsUsedByEvents.contains(typeName) {
                        diagnostics.error(
                            "event '\(decl.name)' would generate the type '\(typeName)' in TipsRuntime.TipEvents, "
                                + "which hides enum '\(typeName)' that event fields use; rename the event or the enum",
                            at: decl.origin.nameRange)
                    }
                    if typeName != decl.name {
                        checkSpellable(typeName, kind: "event type", range: decl.origin.nameRange, &diagnostics)
                    }
                    for (name, what) in [
                        (decl.name, "the property '\(decl.name)'"), (typeName, "the type '\(typeName)'"),
                    ] {
                        if let other = eventNamespace[name] {
                            let whose = other.event == decl.name ? "its own" : "event '\(other.event)' and its"
                            diagnostics.error(
                                "event '\(decl.name)' would generate \(what) in TipsRuntime.TipEvents, which clashes "
                                    + "with \(whose) \(other.what); rename one of them",
                                at: decl.origin.nameRange,
                                notes: other.event == decl.name
                                    ? [] : [DiagnosticNote("'\(other.event)' is declared here", at: other.range)])
                            break
                        } else {
                            eventNamespace[name] = (
                                decl.name, name == decl.name ? "property" : "type '\(name)'", decl.origin.nameRange
                            )
                        }
                    }
                case .tip(let tip):
                    checkSpellable(tip.name, kind: "tip", range: tip.origin.nameRange, &diagnostics)
                    for argument in tip.arguments ?? [] {
                        if enumNames.contains(argument.name) {
                            diagnostics.error(
                                "tip '\(tip.name)' cannot take an argument named '\(argument.name)': in the generated "
                                    + "Swift it would hide enum '\(argument.name)'; rename the argument",
                                at: argument.nameRange)
                        } else if Self.tipMemberNames.contains(argument.name) {
                            diagnostics.error(
                                "tip '\(tip.name)' cannot take an argument named '\(argument.name)': the generated tip "
                                    + "already has a '\(argument.name)' property; rename the argument",
                                at: argument.nameRange)
                        } else {
                            checkSpellable(argument.name, kind: "argument", range: argument.nameRange, &diagnostics)
                        }
                    }
                case .group(let group):
                    checkSpellable(group.name, kind: "group", range: group.origin.nameRange, &diagnostics)
                }
            }
        }
    }

    /// Names Swift cannot refer to as `Outer.name`, and names that would hide a module.
    private func checkSpellable(
        _ name: String, kind: String, range: SourceRange, _ diagnostics: inout DiagnosticEngine
    ) {
        if SwiftNames.moduleNames.contains(name) {
            diagnostics.error(
                "\(kind) name '\(name)' would hide the module '\(name)' that the generated Swift refers to; "
                    + "choose another name",
                at: range)
        } else if SwiftNames.unreferenceable.contains(name) {
            diagnostics.error(
                "\(kind) name '\(name)' has a fixed meaning in Swift that backticks cannot remove; choose another name",
                at: range)
        }
    }
}
