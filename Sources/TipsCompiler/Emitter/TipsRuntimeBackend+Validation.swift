// Names the generated Swift would spell the same in one scope.
//
// Every declared name gets a Swift spelling from `SwiftNames` (keywords in
// backticks, reserved names with a trailing underscore), so no name is
// rejected for what it is; two different `.tips` names are rejected only
// when their spellings meet in one Swift scope (`Type` and `Type_`).

extension TipsRuntimeBackend {
    public func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine) {
        var module = SwiftScope(name: "at the top level")
        var parameters = SwiftScope(name: "in TipsRuntime.TipParameters")
        var events = SwiftScope(name: "in TipsRuntime.TipEvents")
        // Types that code inside `TipsRuntime.TipEvents` names: event types and the enums event fields use.
        var eventTypes = SwiftScope(name: "in TipsRuntime.TipEvents")
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
                    let what = "enum '\(decl.name)'"
                    let swiftName = SwiftNames.identifier(decl.name)
                    module.declare(swiftName, tipsName: decl.name, what: what, at: decl.origin.nameRange, &diagnostics)
                    if enumsUsedByEvents.contains(decl.name) {
                        eventTypes.declare(
                            swiftName, tipsName: decl.name, what: what, at: decl.origin.nameRange, &diagnostics)
                    }
                    var cases = SwiftScope(name: "among the cases of \(what)")
                    for (name, range) in zip(decl.cases, decl.caseRanges) {
                        cases.declare(
                            SwiftNames.enumCase(name), tipsName: name, what: "case '\(name)'", at: range, &diagnostics)
                    }
                case .parameter(let decl):
                    parameters.declare(
                        SwiftNames.identifier(decl.name), tipsName: decl.name, what: "parameter '\(decl.name)'",
                        at: decl.origin.nameRange, &diagnostics)
                case .event(let decl):
                    let what = "event '\(decl.name)'"
                    let range = decl.origin.nameRange
                    events.declare(
                        SwiftNames.identifier(decl.name), tipsName: decl.name, what: what, at: range, &diagnostics)
                    let typeName = SwiftNames.eventType(decl.name)
                    let typeWhat = "the type of event '\(decl.name)'"
                    events.declare(typeName, tipsName: decl.name, what: typeWhat, at: range, &diagnostics)
                    eventTypes.declare(typeName, tipsName: decl.name, what: typeWhat, at: range, &diagnostics)
                    var fields = SwiftScope(name: "among the fields of \(what)")
                    for field in decl.fields {
                        fields.declare(
                            SwiftNames.eventField(field.name), tipsName: field.name, what: "field '\(field.name)'",
                            at: field.nameRange, &diagnostics)
                    }
                case .tip(let tip):
                    module.declare(
                        SwiftNames.tipType(tip.name), tipsName: tip.name, what: "tip '\(tip.name)'",
                        at: tip.origin.nameRange, &diagnostics)
                    var arguments = SwiftScope(name: "among the arguments of tip '\(tip.name)'")
                    for argument in tip.arguments ?? [] {
                        arguments.declare(
                            SwiftNames.tipArgument(argument.name), tipsName: argument.name,
                            what: "argument '\(argument.name)'", at: argument.nameRange, &diagnostics)
                    }
                case .group(let group):
                    module.declare(
                        SwiftNames.identifier(group.name), tipsName: group.name, what: "group '\(group.name)'",
                        at: group.origin.nameRange, &diagnostics)
                }
            }
        }
    }
}

/// One Swift scope of the generated code, and the `.tips` declarations whose
/// spellings it holds.
struct SwiftScope {
    /// How diagnostics name the scope: "at the top level", "in TipsRuntime.TipEvents", ...
    let name: String
    private var declared: [String: (tipsName: String, what: String, range: SourceRange)] = [:]

    init(name: String) {
        self.name = name
    }

    /// Records `swiftName` for a declaration, reporting it when another `.tips`
    /// name already took that spelling here. The same `.tips` name twice is a
    /// duplicate the checker reports, not a clash.
    mutating func declare(
        _ swiftName: String, tipsName: String, what: String, at range: SourceRange,
        _ diagnostics: inout DiagnosticEngine
    ) {
        guard let first = declared[swiftName] else {
            declared[swiftName] = (tipsName, what, range)
            return
        }
        guard first.tipsName != tipsName else { return }
        let spelled = swiftName.filter { $0 != "`" }
        diagnostics.error(
            "\(what) and \(first.what) would both be spelled '\(spelled)' in the generated Swift (\(name)); "
                + "rename one of them",
            at: range,
            notes: [DiagnosticNote("'\(first.tipsName)' is declared here", at: first.range)])
    }
}
