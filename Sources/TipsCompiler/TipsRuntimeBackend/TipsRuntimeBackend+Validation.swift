// Names the generated Swift would spell the same in one scope.
//
// Every declared name gets a Swift spelling from `SwiftNames` (keywords in
// backticks, reserved names with a trailing underscore), so no name is
// rejected for what it is; two different `.tips` names are rejected only
// when their spellings meet in one Swift scope (`Type` and `Type_`).
//
// Nothing here is spelled for a message unless a clash is reported: scopes
// and declarations are kept as kinds and names (see SwiftScope.swift).

import TipsSyntax

extension TipsRuntimeBackend {
    public func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine) {
        var scopes = GeneratedScopes()
        // Room for every name at once: growing a table one rehash at a time costs more than filling it.
        var counts = (module: 0, parameters: 0, events: 0)
        for file in program.files {
            Self.forEachDeclaration(in: file) { declaration in
                switch declaration {
                case .event(let event):
                    counts.events += 3
                    // By index, reading only the type: `for field in` copies each field, its
                    // name too (with the loops of GeneratedScopes over fields and arguments,
                    // saves 37,000 retains and 26,000 releases on 10,000 tips).
                    let fields = event.fields
                    for index in fields.indices {
                        if case .enumeration(let name) = fields[index].type { scopes.enumsUsedByEvents.insert(name) }
                    }
                case .parameter: counts.parameters += 1
                default: counts.module += 1
                }
            }
        }
        scopes.module.reserveCapacity(counts.module)
        scopes.parameters.reserveCapacity(counts.parameters)
        scopes.events.reserveCapacity(counts.events)
        scopes.eventTypes.reserveCapacity(counts.events)
        for file in program.files {
            Self.forEachDeclaration(in: file) { scopes.declare($0, &diagnostics) }
        }
    }

    /// Calls `body` with each declaration of `file`, read where it is stored
    /// rather than copied out (a copy retains every field of a tip).
    private static func forEachDeclaration(in file: CheckedFile, _ body: (borrowing CheckedDeclaration) -> Void) {
        file.declarations.withUnsafeBufferPointer { declarations in
            for index in declarations.indices { body(declarations[index]) }
        }
    }
}

/// The Swift scopes of a program's generated code, filled one declaration at a time.
private struct GeneratedScopes {
    var module = SwiftScope(.topLevel)
    var parameters = SwiftScope(.parameters)
    var events = SwiftScope(.events)
    /// Types that code inside `TipsRuntime.TipEvents` names: event types and the enums event fields use.
    var eventTypes = SwiftScope(.events)
    /// The names of the enums that event fields use, as written.
    var enumsUsedByEvents: Set<String> = []
    /// The cases, fields or arguments of one declaration, emptied from one to the next.
    var members = SwiftScope(.topLevel)

    mutating func declare(_ declaration: borrowing CheckedDeclaration, _ diagnostics: inout DiagnosticEngine) {
        switch declaration {
        case .enumeration(let decl):
            let swiftName = SwiftNames.identifier(decl.name)
            let range = decl.origin.nameRange
            declareType(swiftName, .enumeration, decl.name, suffix: "Kind", at: range, &diagnostics)
            if enumsUsedByEvents.contains(decl.name) {
                eventTypes.declare(swiftName, .enumeration, decl.name, at: range, &diagnostics)
            }
            members.reset(.cases(ofEnum: decl.name))
            for (name, range) in zip(decl.cases, decl.caseRanges) {
                members.declare(SwiftNames.enumCase(name), .enumCase, name, at: range, &diagnostics)
            }
        case .parameter(let decl):
            let swiftName = SwiftNames.identifier(decl.name)
            parameters.declare(swiftName, .parameter, decl.name, at: decl.origin.nameRange, &diagnostics)
        case .event(let decl):
            declareEvent(decl, &diagnostics)
        case .tip(let tip):
            // The name read once: each read of a tip's field copies it.
            let name = tip.name
            declareType(SwiftNames.tipType(name), .tip, name, suffix: "Tip", at: tip.origin.nameRange, &diagnostics)
            guard let arguments = tip.arguments else { return }
            members.reset(.arguments(ofTip: name))
            // By index, reading only the name and its range (see `validate`).
            for index in arguments.indices {
                let argument = arguments[index].name
                members.declare(
                    SwiftNames.tipArgument(argument), .argument, argument, at: arguments[index].nameRange, &diagnostics)
            }
        case .group(let group):
            let swiftName = SwiftNames.identifier(group.name)
            declareType(swiftName, .group, group.name, suffix: "Group", at: group.origin.nameRange, &diagnostics)
        }
    }

    private mutating func declareEvent(_ decl: CheckedEvent, _ diagnostics: inout DiagnosticEngine) {
        let range = decl.origin.nameRange
        events.declare(SwiftNames.identifier(decl.name), .event, decl.name, at: range, &diagnostics)
        let eventType = SwiftNames.eventType(decl.name)
        events.declare(eventType, .eventType, decl.name, at: range, &diagnostics)
        eventTypes.declare(eventType, .eventType, decl.name, at: range, &diagnostics)
        let donationType = SwiftNames.donationType(decl.name)
        events.declare(donationType, .donationType, decl.name, at: range, &diagnostics)
        eventTypes.declare(donationType, .donationType, decl.name, at: range, &diagnostics)
        members.reset(.fields(ofEvent: decl.name))
        // By index, reading only the name and its range (see `validate`).
        let fields = decl.fields
        for index in fields.indices {
            let field = fields[index].name
            members.declare(SwiftNames.eventField(field), .field, field, at: fields[index].nameRange, &diagnostics)
        }
    }

    /// Declares a top-level type, first reporting one whose Swift name would
    /// hide a type that app code names (see ``SwiftNames/appTypeNames``),
    /// with a rename that cannot: the name with `suffix`, or `App` before it when it ends so.
    private mutating func declareType(
        _ swiftName: String, _ kind: SwiftScope.Kind, _ name: String, suffix: String, at range: SourceRange,
        _ diagnostics: inout DiagnosticEngine
    ) {
        if let module = SwiftNames.appTypeModule(swiftName) {
            let rename = name.hasSuffix(suffix) ? "App" + name : name + suffix
            diagnostics.error(
                "\(kind.rawValue) '\(name)' would generate a Swift type '\(swiftName)' that hides \(module)'s "
                    + "'\(swiftName)' in your app's code; rename it, for example to '\(rename)'",
                at: range, replacing: rename)
        }
        module.declare(swiftName, kind, name, at: range, &diagnostics)
    }
}
