import TipsTestSupport

/// Writes a deterministic, valid `.tips` file of any number of tips.
///
/// The input is laid out in areas of ten tips. Each area declares its own enum,
/// parameters and events, seven plain tips, two reusable tips with ids that
/// interpolate an argument, one tip written on a single line, and an ordered or
/// first-available group of two or three of its plain tips. Every name carries
/// its area or tip number, so names are unique in the one scope of a
/// compilation; copy stays short and free of promotional words, and rules stay
/// satisfiable and inside the events' `keep` limits, so the checker has no
/// reason to warn.
struct SyntheticTips {
    /// How many tips the file declares.
    let tipCount: Int
    /// Fixes every choice the generator makes.
    let seed: UInt64
    /// What each tip's name starts with, before its number (`Teach12`).
    let tipNamePrefix: String

    /// Tips per area.
    static let tipsPerArea = 10

    /// Creates a generator for `tipCount` tips; another `tipNamePrefix`
    /// gives the same file with every tip renamed.
    init(tipCount: Int, seed: UInt64 = 0x7195_C0DE, tipNamePrefix: String = "Teach") {
        self.tipCount = tipCount
        self.seed = seed
        self.tipNamePrefix = tipNamePrefix
    }

    /// The file's text.
    func text() -> String {
        var random = SplitMix64(seed: seed)
        var out = ""
        out.reserveCapacity(tipCount * 520 + 256)
        out += "// Synthetic.tips: \(tipCount) tips written by tipc-bench (seed \(seed)).\n"
        out += "/* Generated for benchmarks: /* nested */ block comments are part of the input. */\n\n"
        out += "config {\n    displayFrequency daily\n}\n\n"
        var area = 0
        var firstTip = 0
        while firstTip < tipCount {
            let count = min(Self.tipsPerArea, tipCount - firstTip)
            writeArea(area, tips: firstTip..<(firstTip + count), into: &out, random: &random)
            firstTip += count
            area += 1
        }
        return out
    }

    /// The file's UTF-8 bytes.
    func bytes() -> [UInt8] { Array(text().utf8) }

    private func writeArea(_ a: Int, tips: Range<Int>, into out: inout String, random: inout SplitMix64) {
        out += """
            // Area \(a) ---------------------------------------------------------------

            /// The subscription plan, as area \(a) sees it.
            enum Plan\(a) { free, plus, pro }

            /// Whether the person has signed in (area \(a)).
            parameter isLoggedIn\(a): Bool = false
            /// How many items the person saved in area \(a).
            parameter savedCount\(a): Int = 0
            parameter plan\(a): Plan\(a) = .free
            /// True while area \(a) is being edited.
            transient parameter isEditing\(a): Bool = false
            parameter zoom\(a): Double = 1.5
            parameter nickname\(a): String = "guest \\u{1F426}"

            /// The person opened a detail page in area \(a).
            event opened\(a)
            /// The person visited a region.
            event visited\(a)(region: String, level: Int) keep 500, 30d
            event favorited\(a)(itemID: String, plan: Plan\(a))
            event searched\(a) keep 200; event shared\(a)(times: Int) keep 14d


            """
        var plain: [Int] = []
        for (slot, n) in tips.enumerated() {
            switch slot {
            case 7, 8: writeReusableTip(n, area: a, into: &out, random: &random)
            case 9: writeOneLineTip(n, area: a, into: &out, random: &random)
            default:
                writePlainTip(n, area: a, into: &out, random: &random)
                plain.append(n)
            }
        }
        if plain.count >= 2 {
            let size = min(plain.count, random.int(in: 2...3))
            let order = random.chance(50) ? "ordered" : "firstAvailable"
            out += "/// Area \(a)'s tips, one at a time.\ngroup Group\(a) \(order) {\n"
            for n in plain.prefix(size) { out += "    \(tipNamePrefix)\(n)\n" }
            out += "}\n\n"
        }
    }

    private static let verbs = ["Open", "Pin", "Share", "Save", "Sort", "Filter", "Rename", "Move", "Hide", "Star"]
    private static let objects = ["list", "map", "trail", "photo", "note", "album", "route", "folder", "card", "view"]
    private static let images = ["star", "location.circle", "hand.tap", "bird", "map", "pin", "square.and.arrow.up"]

    private func writePlainTip(_ n: Int, area a: Int, into out: inout String, random: inout SplitMix64) {
        let verb = random.pick(Self.verbs)
        let object = random.pick(Self.objects)
        out += "/// Teaches how to \(verb.lowercased()) a \(object) (tip \(n)).\n"
        if random.chance(30) { out += "/// Shown once the person is ready for it.\n" }
        out += "tip \(tipNamePrefix)\(n) {\n"
        out += "    title \"\(verb) your \(object) \(n)\"\n"
        if random.chance(80) {
            out +=
                "    message \"Tap and hold a \(object) to \(verb.lowercased()) it. The \\\"\(verb)\\\" button also works.\"\n"
        }
        if random.chance(70) { out += "    image \"\(random.pick(Self.images))\"\n" }
        if random.chance(40) {
            out += "    action learnMore \"Learn More\"\n"
            if random.chance(50) { out += "    action dismiss \"Not now\"\n" }
        }
        let ruleCount = random.int(in: 1...3)
        var used = Set<Int>()
        for _ in 0..<ruleCount {
            let kind = random.int(in: 0...(Self.ruleKinds - 1))
            guard used.insert(kind).inserted else { continue }
            out += "    rule " + rule(kind, area: a, random: &random) + "\n"
        }
        if random.chance(40) { out += "    maxDisplayCount \(random.int(in: 1...10))\n" }
        if random.chance(20) { out += "    maxDisplayDuration \(random.int(in: 1...5))m\n" }
        if random.chance(15) { out += "    ignoresDisplayFrequency\n" }
        if random.chance(25) { out += "    invalidatedBy favorited\(a)\n" }
        out += "}\n\n"
    }

    private static let ruleKinds = 10

    /// One rule expression of the given kind; every kind stays satisfiable and
    /// within the events' keep limits.
    private func rule(_ kind: Int, area a: Int, random: inout SplitMix64) -> String {
        switch kind {
        case 0:
            return "isLoggedIn\(a)"
        case 1:
            return "opened\(a).donations.within(\(random.int(in: 1...30))d).count >= \(random.int(in: 1...50))"
        case 2:
            return "visited\(a).donations.within(\(random.int(in: 1...29))d).largestSubset(by: .region).count"
                + " >= \(random.int(in: 2...20))"
        case 3:
            return "visited\(a).donations.where(.level > \(random.int(in: 0...9)) && .region == nickname\(a)).count"
                + " > \(random.int(in: 0...30))"
        case 4:
            return "savedCount\(a) == 0 || plan\(a) == .free"
        case 5:
            return "favorited\(a).donations.where(.plan == .pro).smallestSubset(by: .itemID).count"
                + " < \(random.int(in: 2...9))"
        case 6:
            return "!isEditing\(a) && zoom\(a) * 2 > \(random.int(in: 1...4)).5"
        case 7:
            return "searched\(a).count >= \(random.int(in: 1...200))\n        && !(opened\(a).count > 900)"
        case 8:
            return "-savedCount\(a) + 3 <= \(random.int(in: 3...40)) && (plan\(a) != .free || nickname\(a) < \"m\")"
        default:
            return "shared\(a).donations.within(\(random.int(in: 1...14))d).where(.times >= 2).count >= 1"
        }
    }

    private func writeReusableTip(_ n: Int, area a: Int, into out: inout String, random: inout SplitMix64) {
        let object = random.pick(Self.objects)
        out += "/// One tip per new \(object): its id carries the \(object), so each is taught once.\n"
        out += "tip NewItem\(n)(itemID: String, name: String, level: Int) {\n"
        out += "    id \"NewItem\(n)-\\(itemID)\"\n"
        out += "    title \"\\(name) is now available\"\n"
        out += "    message \"To see what changed, tap \\(name) on the \(object).\"\n"
        out += "    action goThere \"Go there now\"\n"
        out +=
            "    rule visited\(a).donations.where(.region == name && .level >= level).count > \(random.int(in: 1...9))\n"
        if random.chance(50) { out += "    rule plan\(a) != .free\n" }
        out += "    ignoresDisplayFrequency\n"
        out += "    maxDisplayDuration 2m\n"
        out += "}\n\n"
    }

    private func writeOneLineTip(_ n: Int, area a: Int, into out: inout String, random: inout SplitMix64) {
        let verb = random.pick(Self.verbs)
        out +=
            "tip Quick\(n) { title \"\(verb) faster\"; rule isLoggedIn\(a) && savedCount\(a) > 1; maxDisplayCount 3 }\n\n"
    }
}
