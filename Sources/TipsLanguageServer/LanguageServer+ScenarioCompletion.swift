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
        switch first {
        case .set:
            return item.count == 1 ? declarations(analysis) { if case .parameter = $0 { true } else { false } } : []
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
