import TipsCompiler
import TipsSyntax

// Groups on the page: an ordered group as numbered steps, a first-available
// group as a set of equals.

extension PreviewPage {
    mutating func writeGroups() {
        writer.open("section", [.class("groups"), HTMLAttribute("aria-labelledby", "groups-heading")])
        writer.element("h2", [.id("groups-heading")], text: "Groups")
        if catalog.groups.isEmpty {
            writer.element("p", [.class("empty")], text: "No groups: every tip shows on its own.")
        }
        for entry in catalog.groups { writeGroup(entry) }
        writer.close()
    }

    private mutating func writeGroup(_ entry: PreviewGroup) {
        let group = entry.group
        let anchor = Self.groupAnchor(group.name)
        writer.open(
            "article",
            [
                .class("group group-\(group.priority == .ordered ? "ordered" : "first-available")"), .id(anchor),
                HTMLAttribute("aria-labelledby", anchor + "-name"),
            ])
        writeCardHeader(anchor: anchor, name: group.name, fileName: entry.fileName, line: entry.line)
        // A doc comment says what the group is for, often how it picks too: the kind is then one word.
        let kind =
            group.doc.isEmpty
            ? PreviewWording.priority(group.priority) : PreviewWording.priorityTitle(group.priority)
        writer.element("p", [.class("group-kind")], text: kind + ".")
        writeDocAndWarnings(group.doc, entry.warnings)
        let list = group.priority == .ordered ? "ol" : "ul"
        writer.open(list, [.class(group.priority == .ordered ? "steps" : "set")])
        for member in group.members {
            let link = HTMLWriter.element(
                "a", [HTMLAttribute("href", "#" + Self.tipAnchor(member))], html: HTMLWriter.escape(member))
            let title = catalog.titles[member].map {
                " " + HTMLWriter.element("span", [.class("member-title")], html: "“" + Self.inline($0) + "”")
            }
            writer.element("li", html: link + (title ?? ""))
        }
        writer.close()
        // What pins which member it shows.
        let pinned =
            entry.scenarios.isEmpty
            ? "No scenario names it yet, so " + HTMLWriter.element("code", html: "tipc test")
                + " pins nothing about what it shows."
            : "Scenarios that name it: " + HTMLWriter.escape(entry.scenarios.joined(separator: ", ")) + "."
        writer.element("p", [.class("note group-scenarios")], html: pinned)
        writer.close()
    }
}
