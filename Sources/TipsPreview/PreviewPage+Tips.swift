// One tip on the page: its four pictures (inline and popover, light and dark)
// and, beside them, what decides when it shows, in plain words.

import TipsCompiler
import TipsRuntime
import TipsSyntax

extension PreviewPage {
    /// The two presentations TipKit has.
    enum Presentation: String, CaseIterable {
        case inline
        case popover
    }

    /// The two appearances.
    enum Appearance: String, CaseIterable {
        case light
        case dark
    }

    mutating func writeTip(_ entry: PreviewTip) {
        let tip = entry.tip
        let anchor = Self.tipAnchor(tip.name)
        writer.open(
            "article",
            [
                .class(entry.warnings.isEmpty ? "tip" : "tip tip-has-warnings"), .id(anchor),
                HTMLAttribute("aria-labelledby", anchor + "-name"), HTMLAttribute("data-filter", filterText(entry)),
            ])
        var badges = ""
        if tip.isReusable {
            badges += " " + HTMLWriter.element("span", [.class("badge")], html: "reusable")
        }
        if !entry.warnings.isEmpty {
            badges +=
                " "
                + HTMLWriter.element(
                    "span", [.class("badge badge-warning")],
                    html: PreviewWording.counted(entry.warnings.count, "warning"))
        }
        writeCardHeader(anchor: anchor, name: tip.name, badges: badges, fileName: entry.fileName, line: entry.line)
        writeDocAndWarnings(tip.doc, entry.warnings)
        writer.open("div", [.class("tip-body")])
        writer.open("div", [.class("previews")])
        for presentation in Presentation.allCases {
            for appearance in Appearance.allCases {
                writePicture(
                    tip, presentation, appearance, warnings: entry.warnings, values: entry.samples?.shown.values)
            }
        }
        writer.close()
        writeFacts(entry)
        writer.close()
        writer.close()
    }

    /// One picture of the tip, its slots filled with `values` when a scenario
    /// gives some. Only the first (inline, light) is read out by assistive
    /// technology: the other three say the same words again.
    private mutating func writePicture(
        _ tip: CheckedTip, _ presentation: Presentation, _ appearance: Appearance, warnings: [PlacedWarning],
        values: [String: TipValue]?
    ) {
        let warnedParts = Set(warnings.map(\.part))
        let isFirst = presentation == .inline && appearance == .light
        var attributes: [HTMLAttribute] = [
            .class("preview preview-\(presentation.rawValue) appearance-\(appearance.rawValue)")
        ]
        if !isFirst { attributes.append(.ariaHidden) }
        writer.open("figure", attributes)
        writer.element("figcaption", text: "\(presentation.rawValue.capitalized), \(appearance.rawValue)")
        writer.open("div", [.class("canvas")])
        if presentation == .popover {
            writer.element("span", [.class("anchor")], text: "Anchor view")
        }
        var card: [HTMLAttribute] = [.class(presentation == .popover ? "tip-card tip-popover" : "tip-card")]
        if sourceIsRightToLeft { card.append(HTMLAttribute("dir", "rtl")) }
        writer.open("div", card)
        writer.open("div", [.class("tip-content")])
        if let image = tip.image {
            writer.open("div", [.class("tip-image")])
            writer.element("span", [.class("tip-glyph")], html: PreviewStyle.imageGlyph)
            let label = isFirst ? HTMLWriter.element("span", [.class("visually-hidden")], html: "Image: ") : ""
            // Symbol names break best after their dots.
            let name = Self.inline(image, filledWith: values).replacingOccurrences(of: ".", with: ".<wbr>")
            writer.element("span", [.class("image-name")], html: label + name)
            writer.close()
        }
        writer.open("div", [.class("tip-text")])
        writer.element(
            "p", [.class(warnedParts.contains(.title) ? "tip-title has-warning" : "tip-title")],
            html: localized(tip.strings[0], filledWith: values))
        if let message = tip.strings.first(where: { $0.item == .message }) {
            writer.element(
                "p", [.class(warnedParts.contains(.message) ? "tip-message has-warning" : "tip-message")],
                html: localized(message, filledWith: values))
        }
        writer.close()
        writer.close()
        if !tip.actions.isEmpty { writeActions(tip, warnings: warnings, values: values) }
        let closeLabel = isFirst ? HTMLWriter.element("span", [.class("visually-hidden")], html: "Close button") : ""
        writer.element("span", [.class("tip-close")], html: PreviewStyle.closeGlyph + closeLabel)
        writer.close()
        writer.close()
        writer.close()
    }

    /// A card's buttons, each underlined when a warning belongs to its action.
    private mutating func writeActions(_ tip: CheckedTip, warnings: [PlacedWarning], values: [String: TipValue]?) {
        let warned = Set(
            warnings.compactMap { warning -> String? in
                if case .action(let name, _)? = warning.owner { return name }
                return nil
            })
        writer.open("div", [.class("tip-actions")])
        for action in tip.actions {
            let title = tip.strings.first { $0.item == .action(action.id) }
            writer.element(
                "span",
                [
                    .class(warned.contains(action.id) ? "tip-action has-warning" : "tip-action"),
                    HTMLAttribute("data-action", action.id),
                ],
                html: title.map { localized($0, filledWith: values) } ?? Self.inline(action.title, filledWith: values))
        }
        writer.close()
    }

    /// What decides when the tip shows, in plain words.
    private mutating func writeFacts(_ entry: PreviewTip) {
        let tip = entry.tip
        writer.open("dl", [.class("facts")])
        fact("Id", html: HTMLWriter.element("code", html: Self.inline(tip.id)))
        if !tip.renamedFrom.isEmpty { fact("Renamed from", html: renamedFromHTML(tip.renamedFrom)) }
        if let arguments = tip.arguments {
            fact("Slots", html: slotsHTML(arguments, entry.samples))
            if entry.samples != nil { fact("As written", html: asWrittenHTML(tip)) }
        }
        fact("Rules", html: rulesHTML(entry))
        fact("Options", html: optionsHTML(tip.options, hasRules: !tip.rules.isEmpty))
        if entry.memberships.isEmpty {
            fact("Groups", html: "None")
        } else {
            let items = entry.memberships.map { membership in
                let group = membership.group
                let link = HTMLWriter.element(
                    "a", [HTMLAttribute("href", "#" + Self.groupAnchor(group.name))],
                    html: HTMLWriter.escape(group.name))
                let detail =
                    group.priority == .ordered
                    ? "ordered, step \(membership.position) of \(group.members.count)"
                    : "first available, one of \(group.members.count)"
                return HTMLWriter.element("li", html: link + " (" + detail + ")")
            }
            fact("Groups", html: HTMLWriter.element("ul", [.class("plain")], html: items.joined()))
        }
        if !tip.actions.isEmpty {
            let items = tip.actions.map { action in
                HTMLWriter.element(
                    "li",
                    html: "“" + Self.inline(action.title) + "” "
                        + HTMLWriter.element("span", [.class("where")], html: "id ")
                        + HTMLWriter.element("code", html: HTMLWriter.escape(action.id)))
            }
            fact("Actions", html: HTMLWriter.element("ul", [.class("plain")], html: items.joined()))
        }
        if let image = tip.image {
            fact("Image", html: HTMLWriter.element("code", html: Self.inline(image)))
        }
        fact("Scenarios", html: scenariosHTML(entry.scenarios))
        writer.close()
    }

    /// The scenarios that pin when the tip shows, or that none does yet.
    private func scenariosHTML(_ scenarios: [String]) -> String {
        guard !scenarios.isEmpty else {
            return "None names it yet, so " + HTMLWriter.element("code", html: "tipc test")
                + " pins nothing about when it shows"
        }
        let items = scenarios.map { HTMLWriter.element("li", html: HTMLWriter.escape($0)) }
        return HTMLWriter.element("ul", [.class("plain")], html: items.joined())
    }

    /// Each rule in words, then as written with its line; a rule the
    /// checker warned about is marked.
    private func rulesHTML(_ entry: PreviewTip) -> String {
        let tip = entry.tip
        guard !tip.rules.isEmpty else { return "None: eligible for everyone" }
        let warnedRules = Set(
            entry.warnings.compactMap { warning -> Int? in
                if case .tipItem(.rule, let index, _)? = warning.owner { return index }
                return nil
            })
        let items = tip.rules.indices.map { index in
            let rule = tip.rules[index]
            return HTMLWriter.element(
                "li", warnedRules.contains(index) ? [.class("has-warning")] : [],
                html: HTMLWriter.element(
                    "span", [.class("in-words")], html: HTMLWriter.escape(rule.expression.words))
                    + HTMLWriter.element("code", [.class("rule")], html: HTMLWriter.escape(rule.source)) + " "
                    + HTMLWriter.element("span", [.class("where")], html: "line \(rule.line)"))
        }
        let lead = tip.rules.count > 1 ? HTMLWriter.element("p", [.class("note")], html: "All must hold.") : ""
        return lead + HTMLWriter.element("ol", [.class("rules")], html: items.joined())
    }

    /// Each slot with its type and the value the cards show, then where the values come from.
    private func slotsHTML(_ arguments: [CheckedField], _ samples: PreviewSamples?) -> String {
        let list = arguments.map { argument in
            var item =
                HTMLWriter.element(
                    "span", [.class("slot"), HTMLAttribute("data-slot", argument.name)],
                    html: HTMLWriter.escape(argument.name)) + " " + HTMLWriter.escape(argument.type.description)
            if let value = samples?.shown.values[argument.name] {
                item += ", shown as " + Self.filledSlot(argument.name, value)
            }
            return HTMLWriter.element("li", html: item)
        }
        var html = HTMLWriter.element("ul", [.class("plain")], html: list.joined())
        guard let samples else {
            return html
                + HTMLWriter.element(
                    "p", [.class("note")],
                    html: "One tip for each set of values; the app fills the slots. "
                        + "No scenario or sample gives values for them yet.")
        }
        let shown = samples.shown
        html += HTMLWriter.element(
            "p", [.class("note sample-source")],
            html: HTMLWriter.escape(
                "One tip for each set of values; the app fills the slots. The cards show the values of "
                    + shown.origin + ":")
                + " " + HTMLWriter.element("code", html: HTMLWriter.escape(shown.text)))
        guard !samples.others.isEmpty else { return html }
        let others = samples.others.map { sample in
            HTMLWriter.element(
                "li",
                html: HTMLWriter.element("code", html: HTMLWriter.escape(sample.text)) + " "
                    + HTMLWriter.element(
                        "span", [.class("where")],
                        html: HTMLWriter.escape(sample.origin)))
        }
        return html
            + HTMLWriter.element("p", [.class("note")], html: "Other values scenarios give it:")
            + HTMLWriter.element("ul", [.class("plain")], html: others.joined())
    }

    /// The title and message with their slots, for a tip whose cards show them
    /// filled in (the id, actions and image are listed with their slots already).
    private func asWrittenHTML(_ tip: CheckedTip) -> String {
        var items = [("Title", tip.title)]
        if let message = tip.message { items.append(("Message", message)) }
        let list = items.map { HTMLWriter.element("li", html: $0.0 + ": " + Self.inline($0.1)) }
        return HTMLWriter.element("ul", [.class("plain as-written")], html: list.joined())
    }

    private mutating func fact(_ term: String, html: String) {
        writer.open("div")
        writer.element("dt", text: term)
        writer.element("dd", html: html)
        writer.close()
    }

    private func optionsHTML(_ options: CheckedTipOptions, hasRules: Bool) -> String {
        var items: [String] = []
        if let count = options.maxDisplayCount {
            items.append(HTMLWriter.escape(PreviewWording.displayCount(count)))
        }
        if let seconds = options.maxDisplayDuration {
            items.append(
                HTMLWriter.escape(
                    "On screen for at most \(PreviewWording.duration(seconds: seconds)) in all"))
        }
        if options.ignoresDisplayFrequency {
            items.append(
                HTMLWriter.escape(
                    "Ignores the display frequency (\(PreviewWording.frequency(catalog.displayFrequency)))"))
        }
        for event in options.invalidatedBy {
            items.append(
                "Stops showing once the app records "
                    + HTMLWriter.element("code", html: HTMLWriter.escape(event)))
        }
        if let snooze = options.snooze { items.append(HTMLWriter.escape(PreviewWording.snooze(snooze))) }
        if let percent = options.holdoutPercent { items.append(HTMLWriter.escape(PreviewWording.holdout(percent))) }
        guard !items.isEmpty else {
            return HTMLWriter.escape(
                "None: shows \(hasRules ? "whenever its rules hold" : "to everyone"), within the display "
                    + "frequency (\(PreviewWording.frequency(catalog.displayFrequency))), until it is closed")
        }
        return HTMLWriter.element(
            "ul", [.class("plain")], html: items.map { HTMLWriter.element("li", html: $0) }.joined())
    }

    /// The ids a tip's state was stored under before: people who closed it under one of them still have it closed.
    private func renamedFromHTML(_ renames: [CheckedRename]) -> String {
        let items = renames.map { rename in
            let written = rename.isTipName ? rename.text : "\"\(rename.text)\""
            return HTMLWriter.element("li", html: HTMLWriter.element("code", html: HTMLWriter.escape(written)))
        }
        return HTMLWriter.element("p", [.class("note")], html: "Its users' state moves here from:")
            + HTMLWriter.element("ul", [.class("plain")], html: items.joined())
    }

    /// The words the filter box matches: names, copy, rules, groups, warnings; lowercased.
    private func filterText(_ entry: PreviewTip) -> String {
        let tip = entry.tip
        var words = [tip.name]
        if tip.hasExplicitID { words.append(tip.id.displayText) }
        words += tip.renamedFrom.map(\.text)
        words.append(tip.title.displayText)
        if let message = tip.message { words.append(message.displayText) }
        if let values = entry.samples?.shown.values {
            words.append(tip.title.filled(with: values))
            if let message = tip.message { words.append(message.filled(with: values)) }
        }
        if let image = tip.image { words.append(image.displayText) }
        words += tip.actions.flatMap { [$0.id, $0.title.displayText] }
        words += tip.rules.map(\.source)
        words += tip.options.invalidatedBy
        words += entry.memberships.map(\.group.name)
        words += entry.warnings.map(\.message)
        words.append(entry.fileName)
        return words.joined(separator: " ").lowercased()
    }
}
