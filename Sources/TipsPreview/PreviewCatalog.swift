import TipsCompiler
import TipsSyntax

// What the preview page shows, gathered from the checked model and the
// checker's diagnostics: tips by file with their groups and warnings.

/// A warning of the checker, placed where a reviewer looks for it.
struct PlacedWarning: Hashable, Sendable {
    /// Which part of a tip a warning is about, read from the item keyword that starts its line.
    enum Part: String, Hashable, Sendable {
        case tip, title, message, image, action, rule, id, group, other
    }

    /// The message, as `tipc check` prints it.
    var message: String
    /// The file name (never a path).
    var fileName: String
    /// The 1-based line and column.
    var position: LineColumn
    /// The part of the tip it concerns.
    var part: Part
    /// The source text the warning points at (a string literal with its quotes, a rule).
    var quoted: String
}

/// A tip's place in a group.
struct GroupMembership: Hashable, Sendable {
    /// The group.
    var group: CheckedGroup
    /// The tip's 1-based position among the group's members.
    var position: Int
}

/// One tip with what is shown beside it.
struct PreviewTip: Hashable, Sendable {
    var tip: CheckedTip
    /// The file name and line of the tip's name.
    var fileName: String
    var line: Int
    /// The groups it belongs to, in the order they are declared.
    var memberships: [GroupMembership]
    /// The checker's warnings about it, in source order.
    var warnings: [PlacedWarning]
    /// For a reusable tip, the values scenarios give its slots (nil when none does).
    var samples: PreviewSamples?
}

/// One input file's tips, in source order.
struct PreviewFile: Hashable, Sendable {
    var fileName: String
    var tips: [PreviewTip]
}

/// One group, with where it is declared.
struct PreviewGroup: Hashable, Sendable {
    var group: CheckedGroup
    var fileName: String
    var line: Int
    /// The warnings about the group's declaration.
    var warnings: [PlacedWarning]
}

/// Everything the page shows, in the order it shows it.
struct PreviewCatalog: Sendable {
    var files: [PreviewFile]
    var groups: [PreviewGroup]
    /// Warnings that concern no tip or group (an event's, a parameter's).
    var otherWarnings: [PlacedWarning]
    /// Every warning of the compilation.
    var warningCount: Int
    /// The display frequency of the compilation.
    var displayFrequency: DisplayFrequency
    /// Each tip's title by name, to name group members in words.
    var titles: [String: InterpolatedText]

    /// The number of tips on the page.
    var tipCount: Int { files.reduce(0) { $0 + $1.tips.count } }

    init(program: CheckedProgram, diagnostics: [Diagnostic], sources: SourceManager) {
        displayFrequency = program.config.displayFrequency
        var memberships: [String: [GroupMembership]] = [:]
        var titles: [String: InterpolatedText] = [:]
        for file in program.files {
            for declaration in file.declarations {
                switch declaration {
                case .group(let group):
                    for (index, member) in group.members.enumerated() {
                        memberships[member, default: []].append(GroupMembership(group: group, position: index + 1))
                    }
                case .tip(let tip):
                    titles[tip.name] = tip.title
                default:
                    break
                }
            }
        }
        self.titles = titles

        // A warning belongs to the declaration whose name comes last before
        // it in its file: the model keeps only where names are, and every
        // warning inside a tip's body follows the tip's name and precedes the
        // next declaration's.
        var owners: [FileID: [(start: UInt32, name: String?)]] = [:]
        for file in program.files {
            owners[file.id] = file.declarations.map { declaration in
                switch declaration {
                case .tip(let tip): (tip.origin.nameRange.start, tip.name)
                case .group(let group): (group.origin.nameRange.start, "group " + group.name)
                case .enumeration(let decl): (decl.origin.nameRange.start, nil)
                case .parameter(let decl): (decl.origin.nameRange.start, nil)
                case .event(let decl): (decl.origin.nameRange.start, nil)
                }
            }
        }
        var warningsByOwner: [String: [PlacedWarning]] = [:]
        var otherWarnings: [PlacedWarning] = []
        var warningCount = 0
        for diagnostic in diagnostics where diagnostic.severity == .warning {
            warningCount += 1
            let file = sources[diagnostic.range.file]
            let placed = Self.place(diagnostic, in: file)
            let candidates = owners[diagnostic.range.file] ?? []
            // The last declaration whose name starts at or before the warning (declarations are in source order).
            var low = 0
            var high = candidates.count
            while low < high {
                let middle = (low + high) / 2
                if candidates[middle].start <= diagnostic.range.start { low = middle + 1 } else { high = middle }
            }
            if low > 0, let name = candidates[low - 1].name {
                warningsByOwner[name, default: []].append(placed)
            } else {
                otherWarnings.append(placed)
            }
        }
        self.otherWarnings = otherWarnings
        self.warningCount = warningCount

        let samples = PreviewSamples.collect(from: program, sources: sources)
        var files: [PreviewFile] = []
        var groups: [PreviewGroup] = []
        // A file of scenarios declares no tips by design: it gets no section saying so.
        let scenarioFiles = Set(program.scenarios.map(\.file))
        for file in program.files {
            let source = sources[file.id]
            var tips: [PreviewTip] = []
            for declaration in file.declarations {
                switch declaration {
                case .tip(let tip):
                    tips.append(
                        PreviewTip(
                            tip: tip, fileName: file.fileName, line: source.line(of: tip.origin.nameRange.start),
                            memberships: memberships[tip.name] ?? [], warnings: warningsByOwner[tip.name] ?? [],
                            samples: samples[tip.name]))
                case .group(let group):
                    groups.append(
                        PreviewGroup(
                            group: group, fileName: file.fileName, line: source.line(of: group.origin.nameRange.start),
                            warnings: warningsByOwner["group " + group.name] ?? []))
                default:
                    break
                }
            }
            if tips.isEmpty, scenarioFiles.contains(file.id) { continue }
            files.append(PreviewFile(fileName: file.fileName, tips: tips))
        }
        self.files = files
        self.groups = groups
    }

    /// The warning's position, and the tip item its line starts with.
    private static func place(_ diagnostic: Diagnostic, in file: SourceFile) -> PlacedWarning {
        let position = file.lineColumn(of: diagnostic.range.start)
        let firstWord = file.lineText(position.line).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        let part = firstWord.flatMap { PlacedWarning.Part(rawValue: String($0)) } ?? .other
        return PlacedWarning(
            message: diagnostic.message, fileName: file.fileName, position: position, part: part,
            quoted: file.text(in: diagnostic.range))
    }
}
