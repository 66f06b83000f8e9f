import Foundation
import TipsCompiler
import TipsSyntax

// Completion in a scenario (and in a `repeat` block in one): a step's
// keyword where a step starts, then what the step names: parameters after
// `set`, events after `donate`, tips after the steps that show, reset or
// expect one, what an `expect` may say about it, and the catalog's languages.

extension CompletionContext {
    func inScenario(_ analysis: Analysis) -> [Candidate] {
        guard let first = item.first?.keyword else {
            return item.isEmpty ? keywords(Parser.scenarioStepKeywords) : []
        }
        let tips = { declarations(analysis) { if case .tip = $0 { true } else { false } } }
        if let labels = labelsInReference(analysis) { return labels }
        switch first {
        case .set:
            if item.count == 1 { return declarations(analysis) { if case .parameter = $0 { true } else { false } } }
            // `set isLoggedIn = `: a Bool's two values (an enum's cases follow the `.` typed next).
            guard item.count == 3, item.last?.kind == .assign,
                case .parameter(let type, _, _)? = analysis.symbols.declaration(of: .parameter(words[1]))?.signature,
                type.name == "Bool"
            else { return [] }
            return ["true", "false"].map { Candidate(label: $0, kind: Candidate.keyword, detail: "Bool") }
        case .donate:
            return item.count == 1 ? declarations(analysis) { if case .event = $0 { true } else { false } } : []
        case .appear, .disappear, .reset, .snooze:
            return item.count == 1 ? tips() : []
        case .show:
            if item.count == 1 { return tips() }
            return endsWithReference ? keywords([.for]) : []
        case .invalidate:
            if item.count == 1 { return tips() }
            return endsWithReference
                ? Checker.stepInvalidationReasons.map { Candidate(label: $0, kind: Candidate.value, detail: "reason") }
                : []
        case .expect: return afterExpect(analysis, tips: tips)
        case .override:
            if item.count == 1 { return keywords([.showAll, .hideAll, .show, .hide, .holdout]) }
            let namesTips = [.show, .hide, .holdout].contains(item[1].keyword)
            return namesTips && (item.count == 2 || item.last?.kind == .comma) ? tips() : []
        case .language:
            return item.count == 1 ? languages(analysis) : []
        default:
            return []
        }
    }

    /// After `expect`: a tip or a group, then what may be said of it; after
    /// `shows`, a tip or `nothing`; after `action`, the tip's actions.
    private func afterExpect(_ analysis: Analysis, tips: () -> [Candidate]) -> [Candidate] {
        if item.count == 1 { return tips() + declarations(analysis) { if case .group = $0 { true } else { false } } }
        if endsWithReference {
            if analysis.symbols.declaration(of: .group(words[1])) != nil { return keywords([.shows]) }
            return keywords([.available, .pending, .invalidated, .title, .message, .action])
        }
        switch item.last?.keyword {
        case .shows?: return tips() + keywords([.nothing])
        case .action? where item[1].kind == .identifier:
            return analysis.symbols.members(of: .tip(words[1])).compactMap { member in
                guard case .action(let name, _) = member.symbol else { return nil }
                return Candidate(label: name, kind: Candidate.value, detail: "action of \(words[1])")
            }
        default: return []
        }
    }

    /// The languages of the String Catalog beside the files, the source
    /// language first, each as the string a `language` step takes.
    private func languages(_ analysis: Analysis) -> [Candidate] {
        let languages = analysis.result.catalogLanguages
        let english = Locale(identifier: "en")
        return languages.enumerated().map { offset, code in
            let name = english.localizedString(forIdentifier: code) ?? code
            let detail = offset == 0 ? "\(name), the source language" : name
            return Candidate(label: "\"\(code)\"", kind: Candidate.value, detail: detail)
        }
    }

    /// Inside the parentheses after a step's event or tip (`donate
    /// visited(`, `expect NewTrail(trailID: "a", `): its fields or
    /// arguments not yet given, each with its type; nil elsewhere.
    private func labelsInReference(_ analysis: Analysis) -> [Candidate]? {
        guard item.count >= 3, item[1].kind == .identifier, item[2].kind == .leftParen,
            item.last?.kind == .leftParen || item.last?.kind == .comma
        else { return nil }
        var depth = 0
        for token in item.dropFirst(2) {
            if token.kind == .leftParen { depth += 1 }
            if token.kind == .rightParen { depth -= 1 }
        }
        guard depth == 1 else { return nil }
        let name = words[1]
        let owner: Symbol = item[0].keyword == .donate ? .event(name) : .tip(name)
        let given = Set(item.indices.dropLast().filter { item[$0 + 1].kind == .colon }.map { words[$0] })
        return analysis.symbols.members(of: owner).compactMap { member in
            switch member.symbol {
            case .field(let label, _), .argument(let label, _):
                guard !given.contains(label) else { return nil }
                return Candidate(label: label, kind: Candidate.field, detail: analysis.detail(member))
            default: return nil
            }
        }
    }

    /// Whether the item is its keyword and one tip reference (a name, then
    /// its arguments in parentheses if any) with nothing after it.
    var endsWithReference: Bool {
        guard item.count >= 2, item[1].kind == .identifier else { return false }
        if item.count == 2 { return true }
        guard item[2].kind == .leftParen, item.last?.kind == .rightParen else { return false }
        var depth = 0
        for index in 2..<item.count {
            if item[index].kind == .leftParen { depth += 1 }
            if item[index].kind == .rightParen {
                depth -= 1
                if depth == 0 { return index == item.count - 1 }
            }
        }
        return false
    }
}
