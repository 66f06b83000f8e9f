// Lowering `renamedFrom`: the module's renames as one runtime value, which
// every generated tip carries (`declaredRenames`) so that the runtime moves
// the stored state at `configure`.

import TipsRuntime
import TipsSyntax

extension RuntimeLowering {
    /// The renames of every file of `program`, in source order, and the file
    /// that declares them: the one that holds the `config` block, else the
    /// first that writes `renamedFrom`. Nil when nothing is renamed.
    static func renames(of program: CheckedProgram) -> (renames: Tips.Renames, file: FileID?) {
        var renames = Tips.Renames()
        var firstFile: FileID?
        var count: Int {
            renames.tips.count + renames.parameters.count + renames.events.count + renames.enumCases.count
        }
        // Declarations read in place, and a tip's id made a pattern only when
        // it was renamed: a program without renames allocates nothing here.
        for file in program.files {
            for declaration in file.declarations {
                let before = count
                switch declaration {
                case .tip(let tip) where !tip.renamedFrom.isEmpty:
                    let to = pattern(tip.id)
                    renames.tips += tip.renamedFrom.map { Tips.TipRename(from: pattern($0.identity), to: to) }
                case .parameter(let parameter) where !parameter.isTransient && !parameter.renamedFrom.isEmpty:
                    renames.parameters += parameter.renamedFrom.map { Tips.Rename(from: $0.text, to: parameter.name) }
                case .event(let event) where !event.renamedFrom.isEmpty:
                    renames.events += event.renamedFrom.map {
                        Tips.EventRename(from: $0.text, to: event.name, keepCount: event.keepCount)
                    }
                case .enumeration(let decl) where decl.caseRenames.contains(where: { !$0.isEmpty }):
                    renames.enumCases += caseRenames(of: decl, in: program)
                case .tip, .parameter, .event, .enumeration, .group: break
                }
                if firstFile == nil, count != before { firstFile = file.id }
            }
        }
        guard !renames.isEmpty else { return (renames, nil) }
        return (renames, program.files.first { $0.emitsConfiguration }?.id ?? firstFile)
    }

    /// The renamed cases of `decl`, each with the persisted parameters and
    /// donation fields of its type, whose stored values hold its cases.
    private static func caseRenames(of decl: CheckedEnum, in program: CheckedProgram) -> [Tips.EnumCaseRename] {
        let type = TipsType.enumeration(decl.name)
        var parameters: [String] = []
        var fields: [Tips.EnumCaseRename.Field] = []
        for file in program.files {
            for declaration in file.declarations {
                switch declaration {
                case .parameter(let parameter) where parameter.type == type && !parameter.isTransient:
                    parameters.append(parameter.name)
                case .event(let event):
                    fields += event.fields.filter { $0.type == type }.map { .init(event: event.name, field: $0.name) }
                default: break
                }
            }
        }
        return decl.cases.indices.flatMap { index in
            decl.renames(ofCase: index).map {
                Tips.EnumCaseRename(from: $0.text, to: decl.cases[index], parameters: parameters, fields: fields)
            }
        }
    }

    /// A tip id as a pattern of text and the tip's arguments.
    private static func pattern(_ text: InterpolatedText) -> Tips.TipIDPattern {
        Tips.TipIDPattern(
            text.segments.map { segment in
                switch segment {
                case .text(let text): .text(text)
                case .argument(let name): .argument(name)
                }
            })
    }
}
