// Names the generated Swift would spell the same in one scope.
//
// Every declared name gets a Swift spelling from `SwiftNames` (keywords in
// backticks, reserved names with a trailing underscore), so no name is
// rejected for what it is; two different `.tips` names are rejected only
// when their spellings meet in one Swift scope (`Type` and `Type_`).
//
// Nothing here is spelled for a message unless a clash is reported: scopes
// keep each declaration as its kind and its place in the checked program
// (see SwiftScope.swift).

import TipsSyntax

extension TipsRuntimeBackend {
    public func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine) {
        var scopes = GeneratedScopes(files: program.files)
        // Room for every name at once: growing a table one rehash at a time costs more than filling it.
        var counts = (module: 0, parameters: 0, events: 0)
        for file in program.files {
            Self.forEachDeclaration(in: file) { _, declaration in
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
        for (fileIndex, file) in program.files.enumerated() {
            Self.forEachDeclaration(in: file) { index, declaration in
                scopes.declare(declaration, at: SwiftScope.Place(file: fileIndex, declaration: index), &diagnostics)
            }
        }
    }

    /// Calls `body` with the index of each declaration of `file` and the
    /// declaration, read where it is stored rather than copied out (a copy
    /// retains every field of a tip).
    private static func forEachDeclaration(in file: CheckedFile, _ body: (Int, borrowing CheckedDeclaration) -> Void) {
        file.declarations.withUnsafeBufferPointer { declarations in
            for index in declarations.indices { body(index, declarations[index]) }
        }
    }
}

/// The Swift scopes of a program's generated code, filled one declaration at a time.
private struct GeneratedScopes {
    var module: SwiftScope
    var parameters: SwiftScope
    var events: SwiftScope
    /// Types that code inside `TipsRuntime.TipEvents` names: event types and the enums event fields use.
    var eventTypes: SwiftScope
    /// The names of the enums that event fields use, as written.
    var enumsUsedByEvents: Set<String> = []
    /// The cases, fields or arguments of one declaration, emptied from one to the next.
    var members: SwiftScope

    init(files: [CheckedFile]) {
        module = SwiftScope(.topLevel, files: files)
        parameters = SwiftScope(.parameters, files: files)
        events = SwiftScope(.events, files: files)
        eventTypes = SwiftScope(.events, files: files)
        members = SwiftScope(.members, files: files)
    }

    mutating func declare(
        _ declaration: borrowing CheckedDeclaration, at place: SwiftScope.Place, _ diagnostics: inout DiagnosticEngine
    ) {
        switch declaration {
        case .enumeration(let decl):
            let swiftName = SwiftScope.Kind.enumeration.swiftName(decl.name)
            declareType(
                swiftName, .enumeration, decl.name, suffix: "Kind", at: place, range: decl.origin.nameRange,
                &diagnostics)
            if enumsUsedByEvents.contains(decl.name) {
                eventTypes.declare(swiftName, .enumeration, at: place, &diagnostics)
            }
            let cases = decl.cases
            declareMembers(cases.count, .enumCase, at: place, &diagnostics) { cases[$0] }
        case .parameter(let decl):
            parameters.declare(SwiftScope.Kind.parameter.swiftName(decl.name), .parameter, at: place, &diagnostics)
        case .event(let decl):
            declareEvent(decl, at: place, &diagnostics)
        case .tip(let tip):
            // The name read once: each read of a tip's field copies it.
            let name = tip.name
            declareType(
                SwiftScope.Kind.tip.swiftName(name), .tip, name, suffix: "Tip", at: place, range: tip.origin.nameRange,
                &diagnostics)
            guard let arguments = tip.arguments else { return }
            // By index, reading only the name (see `validate`).
            declareMembers(arguments.count, .argument, at: place, &diagnostics) { arguments[$0].name }
        case .group(let group):
            let swiftName = SwiftScope.Kind.group.swiftName(group.name)
            declareType(
                swiftName, .group, group.name, suffix: "Group", at: place, range: group.origin.nameRange, &diagnostics)
        }
    }

    private mutating func declareEvent(
        _ decl: CheckedEvent, at place: SwiftScope.Place, _ diagnostics: inout DiagnosticEngine
    ) {
        let name = decl.name
        events.declare(SwiftScope.Kind.event.swiftName(name), .event, at: place, &diagnostics)
        for kind in [SwiftScope.Kind.eventType, .donationType] {
            let hash = SwiftScope.hash(of: name, as: kind)
            events.declare(hash: hash, kind, at: place, spelled: { kind.swiftName(name) }, &diagnostics)
            eventTypes.declare(hash: hash, kind, at: place, spelled: { kind.swiftName(name) }, &diagnostics)
        }
        // By index, reading only the name (see `validate`).
        let fields = decl.fields
        declareMembers(fields.count, .field, at: place, &diagnostics) { fields[$0].name }
    }

    /// Declares the `count` members of the declaration at `place`, each of
    /// `kind` and named `name(index)`, in a scope of their own. Fewer than
    /// two members cannot clash, and are not declared.
    private mutating func declareMembers(
        _ count: Int, _ kind: SwiftScope.Kind, at place: SwiftScope.Place, _ diagnostics: inout DiagnosticEngine,
        name: (Int) -> String
    ) {
        guard count > 1 else { return }
        members.removeAll()
        for index in 0..<count {
            members.declare(kind.swiftName(name(index)), kind, at: place.member(index), &diagnostics)
        }
    }

    /// Declares a top-level type, first reporting one whose Swift name would
    /// hide a type that app code names (see ``SwiftNames/appTypeNames``),
    /// with a rename that cannot: the name with `suffix`, or `App` before it when it ends so.
    private mutating func declareType(
        _ swiftName: String, _ kind: SwiftScope.Kind, _ name: String, suffix: String, at place: SwiftScope.Place,
        range: SourceRange, _ diagnostics: inout DiagnosticEngine
    ) {
        if let module = SwiftNames.appTypeModule(swiftName) {
            let rename = name.hasSuffix(suffix) ? "App" + name : name + suffix
            diagnostics.error(
                "\(kind.rawValue) '\(name)' would generate a Swift type '\(swiftName)' that hides \(module)'s "
                    + "'\(swiftName)' in your app's code; rename it, for example to '\(rename)'",
                at: range, replacing: rename)
        }
        module.declare(swiftName, kind, at: place, &diagnostics)
    }
}
