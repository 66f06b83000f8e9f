// Names the generated Swift would spell the same in one scope.
//
// Every declared name gets a Swift spelling from `SwiftNames` (keywords in
// backticks, reserved names with a trailing underscore), so no name is
// rejected for what it is; two different `.tips` names are rejected only
// when their spellings meet in one Swift scope (`Type` and `Type_`).
//
// Nothing here is spelled for a message unless a clash is reported: scopes
// and declarations are kept as kinds and names (see SwiftScope.swift).

extension TipsRuntimeBackend {
    public func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine) {
        var module = SwiftScope(.topLevel)
        var parameters = SwiftScope(.parameters)
        var events = SwiftScope(.events)
        // Types that code inside `TipsRuntime.TipEvents` names: event types and the enums event fields use.
        var eventTypes = SwiftScope(.events)
        // The names of the enums that event fields use, as written.
        var enumsUsedByEvents: Set<String> = []
        // Room for every name at once: growing a table one rehash at a time costs more than filling it.
        var counts = (module: 0, parameters: 0, events: 0)
        for file in program.files {
            Self.forEachDeclaration(in: file) { declaration in
                switch declaration {
                case .event(let event):
                    counts.events += 3
                    for case .enumeration(let name) in event.fields.map(\.type) { enumsUsedByEvents.insert(name) }
                case .parameter: counts.parameters += 1
                default: counts.module += 1
                }
            }
        }
        module.reserveCapacity(counts.module)
        parameters.reserveCapacity(counts.parameters)
        events.reserveCapacity(counts.events)
        eventTypes.reserveCapacity(counts.events)
        // Scopes of one declaration each, emptied from one to the next.
        var cases = SwiftScope(.topLevel)
        var fields = SwiftScope(.topLevel)
        var arguments = SwiftScope(.topLevel)
        for file in program.files {
            Self.forEachDeclaration(in: file) { declaration in
                switch declaration {
                case .enumeration(let decl):
                    let swiftName = SwiftNames.identifier(decl.name)
                    let range = decl.origin.nameRange
                    Self.rejectAppTypeName(swiftName, "enum", decl.name, suffix: "Kind", at: range, &diagnostics)
                    module.declare(swiftName, .enumeration, decl.name, at: range, &diagnostics)
                    if enumsUsedByEvents.contains(decl.name) {
                        eventTypes.declare(swiftName, .enumeration, decl.name, at: range, &diagnostics)
                    }
                    cases.reset(.cases(ofEnum: decl.name))
                    for (name, range) in zip(decl.cases, decl.caseRanges) {
                        cases.declare(SwiftNames.enumCase(name), .enumCase, name, at: range, &diagnostics)
                    }
                case .parameter(let decl):
                    parameters.declare(
                        SwiftNames.identifier(decl.name), .parameter, decl.name, at: decl.origin.nameRange,
                        &diagnostics)
                case .event(let decl):
                    let range = decl.origin.nameRange
                    events.declare(SwiftNames.identifier(decl.name), .event, decl.name, at: range, &diagnostics)
                    let typeName = SwiftNames.eventType(decl.name)
                    events.declare(typeName, .eventType, decl.name, at: range, &diagnostics)
                    eventTypes.declare(typeName, .eventType, decl.name, at: range, &diagnostics)
                    let donationName = SwiftNames.donationType(decl.name)
                    events.declare(donationName, .donationType, decl.name, at: range, &diagnostics)
                    eventTypes.declare(donationName, .donationType, decl.name, at: range, &diagnostics)
                    fields.reset(.fields(ofEvent: decl.name))
                    for field in decl.fields {
                        fields.declare(
                            SwiftNames.eventField(field.name), .field, field.name, at: field.nameRange,
                            &diagnostics)
                    }
                case .tip(let tip):
                    Self.rejectAppTypeName(
                        SwiftNames.tipType(tip.name), "tip", tip.name, suffix: "Tip", at: tip.origin.nameRange,
                        &diagnostics)
                    module.declare(
                        SwiftNames.tipType(tip.name), .tip, tip.name, at: tip.origin.nameRange, &diagnostics)
                    guard let tipArguments = tip.arguments else { return }
                    arguments.reset(.arguments(ofTip: tip.name))
                    for argument in tipArguments {
                        arguments.declare(
                            SwiftNames.tipArgument(argument.name), .argument, argument.name,
                            at: argument.nameRange, &diagnostics)
                    }
                case .group(let group):
                    Self.rejectAppTypeName(
                        SwiftNames.identifier(group.name), "group", group.name, suffix: "Group",
                        at: group.origin.nameRange, &diagnostics)
                    module.declare(
                        SwiftNames.identifier(group.name), .group, group.name, at: group.origin.nameRange,
                        &diagnostics)
                }
            }
        }
    }

    /// Reports a top-level declaration whose Swift type would hide a type
    /// that app code names (see ``SwiftNames/appTypeNames``), with a rename
    /// that cannot: the name with `suffix`, or `App` before it when it ends so.
    private static func rejectAppTypeName(
        _ swiftName: String, _ kind: String, _ name: String, suffix: String, at range: SourceRange,
        _ diagnostics: inout DiagnosticEngine
    ) {
        guard let module = SwiftNames.appTypeNames[swiftName] else { return }
        let rename = name.hasSuffix(suffix) ? "App" + name : name + suffix
        diagnostics.error(
            "\(kind) '\(name)' would generate a Swift type '\(swiftName)' that hides \(module)'s '\(swiftName)' "
                + "in your app's code; rename it, for example to '\(rename)'",
            at: range)
    }

    /// Calls `body` with each declaration of `file`, read where it is stored
    /// rather than copied out (a copy retains every field of a tip).
    private static func forEachDeclaration(in file: CheckedFile, _ body: (borrowing CheckedDeclaration) -> Void) {
        file.declarations.withUnsafeBufferPointer { declarations in
            for index in declarations.indices { body(declarations[index]) }
        }
    }
}
