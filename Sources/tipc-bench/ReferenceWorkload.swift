/// The fixed Swift that the generated code's type-check time is judged
/// against: plain types, explicitly typed static properties, arrays of enum
/// values and short functions, no import. It never changes with tipc, so the
/// ratio of the two type-check times, taken alternately in one run, says how
/// costly the generated code is on any machine: a faster or a busier machine
/// moves both sides.
///
/// One entry stands for one tip (what a tip needs at least: an id, its copy,
/// a limit, a few enum values), ten entries share an enum, as ten synthetic
/// tips share an area. Its size is fixed, never tuned to a result.
enum ReferenceWorkload {
    /// Entries in the workload.
    static let entryCount = 1_000

    /// The workload's text.
    static func text() -> String {
        var out = "// The reference workload of tipc-bench: fixed, self-contained Swift.\n\n"
        out.reserveCapacity(entryCount * 700)
        for entry in 0..<entryCount {
            if entry % 10 == 0 {
                let area = entry / 10
                out += "enum Kind\(area): String, Sendable, CaseIterable { case free, plus, pro }\n\n"
            }
            out += entryText(entry)
        }
        return out
    }

    private static func entryText(_ entry: Int) -> String {
        let kind = "Kind\(entry / 10)"
        return """
            struct Entry\(entry): Sendable {
                static let id: String = "Entry\(entry)"
                static let title: String = "Open your list \(entry)"
                static let message: String? = "Tap and hold a list to open it. The \\"Open\\" button also works."
                static let image: String? = "star"
                static let limit: Int = \(entry % 7 + 1)
                static let weight: Double = 1.5
                static let kinds: [\(kind)] = [.free, .plus, .pro, .free]
                static let names: [String] = ["free", "plus", "pro"]

                let count: Int

                init(count: Int) {
                    self.count = count
                }

                func isOverLimit() -> Bool {
                    count > Entry\(entry).limit
                }
            }


            """
    }
}
