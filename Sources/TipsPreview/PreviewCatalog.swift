import TipsCompiler
import TipsSyntax

// What the preview page shows, gathered from the checked model and the
// checker's diagnostics: tips by file with their groups and warnings.

/// A warning of the checker, placed where a reviewer looks for it.
struct PlacedWarning: Hashable, Sendable {
    /// Which part of a tip (or which declaration) a warning is about, as the page names it.
    enum Part: String, Hashable, Sendable {
        case tip, title, message, image, action, rule, id, group, other

        /// The part the diagnostic's owner is: a tip item the card draws, a
        /// tip, a group; any other declaration or item is `other`.
        init(_ owner: Symbol?) {
            switch owner {
            case .tip?: self = .tip
            case .group?: self = .group
            case .action?: self = .action
            // Title, message, image, id and rule are named as their keywords; the options are not drawn.
            case .tipItem(let keyword, _, _)?: self = Part(rawValue: keyword.rawValue) ?? .other
            default: self = .other
            }
        }
    }

    /// The message, as `tipc check` prints it.
    var message: String
    /// The file name (never a path).
    var fileName: String
    /// The 1-based line and column.
    var position: LineColumn
    /// The part of the tip it concerns.
    var part: Part
    /// The declaration, or part of one, it belongs to (the checker's record of it).
    var owner: Symbol?
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
    /// The scenarios that name it, in input order (see ``PreviewSamples/scenarios(naming:sources:)``).
    var scenarios: [String] = []
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
    /// The scenarios that name it, in input order (see ``PreviewSamples/scenarios(naming:sources:)``).
    var scenarios: [String] = []
}

/// Everything the page shows, in the order it shows it.
struct PreviewCatalog: Sendable {
    var files: [PreviewFile]
    var groups: [PreviewGroup]
    /// Warnings that concern no tip or group (an event's, a parameter's).
    var otherWarnings: [PlacedWarning]
    /// The errors of the compilation: only a String Catalog's translations
    /// can have any on a page, whose program the `.tips` files checked.
    var errors: [PlacedWarning]
    /// Every warning of the compilation.
    var warningCount: Int
    /// The display frequency of the compilation.
    var displayFrequency: DisplayFrequency
    /// The config's limits across tips in words, nil without any.
    var limitsAcrossTips: String?
    /// Each tip's title by name, to name group members in words.
    var titles: [String: InterpolatedText]

    /// The number of tips on the page.
    var tipCount: Int { files.reduce(0) { $0 + $1.tips.count } }

    init(program: CheckedProgram, diagnostics: [Diagnostic], sources: SourceManager) {
        displayFrequency = program.config.displayFrequency
        limitsAcrossTips = PreviewWording.limitsAcrossTips(
            sessionLimit: program.config.sessionLimit, oneAtATime: program.config.oneAtATime)
        let (memberships, titles) = Self.memberships(in: program)
        self.titles = titles
        let warnings = diagnostics.filter { $0.severity == .warning }.map { Self.place($0, in: sources) }
        errors = diagnostics.filter { $0.severity == .error }.map { Self.place($0, in: sources) }
        warningCount = warnings.count
        // Each warning goes to the tip or group it belongs to (the checker
        // records which); the others are listed apart.
        var warningsByOwner: [Symbol: [PlacedWarning]] = [:]
        var otherWarnings: [PlacedWarning] = []
        for warning in warnings {
            switch warning.owner?.declaration {
            case let owner? where owner.isTipOrGroup: warningsByOwner[owner, default: []].append(warning)
            default: otherWarnings.append(warning)
            }
        }
        self.otherWarnings = otherWarnings
        let samples = PreviewSamples.collect(from: program, sources: sources)
        let scenarios = PreviewSamples.scenarios(naming: program, sources: sources)
        (files, groups) = ([], [])
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
                            memberships: memberships[tip.name] ?? [], warnings: warningsByOwner[.tip(tip.name)] ?? [],
                            samples: samples[tip.name], scenarios: scenarios[tip.name] ?? []))
                case .group(let group):
                    groups.append(
                        PreviewGroup(
                            group: group, fileName: file.fileName, line: source.line(of: group.origin.nameRange.start),
                            warnings: warningsByOwner[.group(group.name)] ?? [],
                            scenarios: scenarios[group.name] ?? []))
                default:
                    break
                }
            }
            if tips.isEmpty, scenarioFiles.contains(file.id) { continue }
            files.append(PreviewFile(fileName: file.fileName, tips: tips))
        }
    }

    /// Each tip's groups, and each tip's title, by tip name.
    private static func memberships(
        in program: CheckedProgram
    ) -> (memberships: [String: [GroupMembership]], titles: [String: InterpolatedText]) {
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
        return (memberships, titles)
    }

    /// The warning's place in its file, and the part of its owner it concerns.
    private static func place(_ diagnostic: Diagnostic, in sources: SourceManager) -> PlacedWarning {
        let file = sources[diagnostic.range.file]
        return PlacedWarning(
            message: diagnostic.message, fileName: file.fileName, position: file.lineColumn(of: diagnostic.range.start),
            part: PlacedWarning.Part(diagnostic.owner), owner: diagnostic.owner)
    }
}

extension Symbol {
    /// Whether it is a tip or a group: a declaration the page draws a card for.
    fileprivate var isTipOrGroup: Bool {
        switch self {
        case .tip, .group: true
        default: false
        }
    }
}
