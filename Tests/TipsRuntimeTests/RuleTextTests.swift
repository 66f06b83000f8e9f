import Testing

@testable @_spi(TipsCompiler) import TipsRuntime

/// The types whose entries these tests' tables hold, found by name as a generated tip's are.
private struct Probe {}
private struct Absent {}

/// The text generated code gives a tip's copy, rules and options in reads
/// as the values it stands for (every golden is checked end to end by
/// `LoweringAgreementTests`; these check each form and what happens to a
/// text that cannot be read).
@Suite struct RuleTextTests {
    private let parameter = Tips.ParameterReference(id: "plan", defaultValue: .enumCase("free"), isTransient: false)
    private let event = Tips.Event(id: "visited", keepCount: 5, keepDuration: 86_400)
    private let other = Tips.Event(id: "favorited")
    /// A file whose table holds `Probe`'s head and rules.
    private func file(_ head: String = "Probe", rules: [String] = [], copy: Tips.Translations? = nil)
        -> Tips.GeneratedFile
    {
        Tips.GeneratedFile(
            file: "A.tips", parameters: [parameter], events: [event, other], copy: copy, tips: [head] + rules)
    }

    /// The rule `text` gives, `7 <expression> <source>`, in `Probe`'s table.
    private func read(_ expression: String, arguments: [String: TipValue] = [:]) -> RuleExpression? {
        let rules = file(rules: ["7 " + expression + " a (\"source\") \\ text"]).rules(
            of: Probe.self, arguments: arguments)
        #expect(rules.map(\.source) == ["a (\"source\") \\ text"], "\(expression)")
        #expect(rules.map(\.line) == [7], "\(expression)")
        return rules.first?.expression
    }

    /// Every form of the text reads as the tree it stands for (the compiler
    /// writes it: `RuleTextLoweringTests` checks that each checked
    /// expression's text reads back as what it means).
    @Test func everyFormReadsAsTheTreeItStandsFor() {
        let name = "a \"b\" \\ c \u{1F426}"
        let filter = RuleExpression.binary(
            .and, .binary(.less, .field("level"), .negate(.literal(.double(-2.5)))),
            .binary(.equal, .field("region"), .argument(name: "name", value: .string(name))))
        let query = EventQuery(
            event: event,
            steps: [
                .within(seconds: 172_800), .filter(filter), .largestSubset(by: "region"), .smallestSubset(by: "id"),
            ])
        let expression = RuleExpression.binary(
            .or,
            .not(.binary(.greaterOrEqual, .count(query), .literal(.int(-3)))),
            .binary(
                .and, .binary(.notEqual, .parameter(parameter), .literal(.enumCase("pro"))),
                .binary(.greater, .literal(.duration(86_400)), .literal(.bool(false)))))
        let text =
            "(|| (! (>= (count visited (within 172800.0) (where (&& (< (field level) (neg (double -2.5)))"
            + " (== (field region) (arg name)))) (largest region) (smallest id)) -3))"
            + " (&& (!= (param plan) (case pro)) (> (seconds 86400.0) false)))"
        #expect(read(text, arguments: ["name": .string(name)]) == expression)
        for op in RuleOperator.allCases {
            #expect(
                read("(\(op.rawValue) 1 (double 1e+16))") == .binary(op, .literal(.int(1)), .literal(.double(1e16))))
        }
        #expect(read("(== \"\" true)") == .binary(.equal, .literal(.string("")), .literal(.bool(true))))
        #expect(read("(count visited)") == .count(EventQuery(event: event, steps: [])))
    }

    /// A quoted string puts `\` before each `"` and `\`, wherever they fall
    /// among the words of eight bytes the quoting tests at once, and reads back as it was.
    @Test func everyQuoteAndBackslashIsEscapedWhereverItFalls() {
        for special in ["\"", "\\", "\"\\", "\\\"\"", "\u{1F426}\""] {
            for before in 0..<17 {
                for after in [0, 1, 7, 8, 9] {
                    let value = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
                    var expected = ""
                    for character in value {
                        if character == "\"" || character == "\\" { expected.append("\\") }
                        expected.append(character)
                    }
                    var out = RuleTextWriter(capacity: 16)
                    out.appendQuoted(value)
                    #expect(out.text == "\"" + expected + "\"", "\(value)")
                    #expect(read(out.text) == .literal(.string(value)), "\(value)")
                }
            }
        }
    }

    @Test func aTextThatCannotBeReadIsARuleThatNeverHolds() {
        let texts = [
            "7", "7 (param plan)", "7 (param other) other", "7 (count other) other",
            "7 (arg missing) missing", "7 (>> 1 2) s", "7 (== 1 2", "7 \"open s", "7 (double x) s",
            "7 (count visited (sometimes 3)) s", "7 " + String(repeating: "(! ", count: 2_000) + "true",
        ]
        let rules = file(rules: texts).rules(of: Probe.self)
        #expect(rules.count == texts.count)
        for (rule, text) in zip(rules, texts) {
            #expect(rule.expression == .literal(.bool(false)), "\(text)")
            #expect(rule.source == "\(text) (tipc wrote a rule this runtime cannot read)")
            #expect(rule.file == "A.tips")
        }
    }

    @Test func everyOptionReadsBackAsItWasWritten() {
        let all = Tips.Options(
            maxDisplayCount: 3, maxDisplayDuration: 90.5, ignoresDisplayFrequency: true,
            invalidatedBy: [event, other], snooze: Tips.Snooze(duration: 172_800, maxCount: 2), holdoutPercent: 10)
        let cases = [
            all, Tips.Options(maxDisplayCount: 1), Tips.Options(snooze: Tips.Snooze(duration: 60)),
            Tips.Options(invalidatedBy: [other]), Tips.Options(ignoresDisplayFrequency: true),
        ]
        for options in cases {
            let read = file("Probe " + options.text, rules: ["7 true s"])
            #expect(read.options(of: Probe.self) == options, "\(options.text)")
            #expect(read.rules(of: Probe.self).map(\.source) == ["s"], "\(options.text)")
        }
        #expect(Tips.Options().text.isEmpty)
        #expect(file(rules: ["7 true s"]).options(of: Probe.self) == Tips.Options())
        #expect(
            all.text
                == "(maxDisplayCount 3) (maxDisplayDuration 90.5) (ignoresDisplayFrequency) (invalidatedBy visited favorited) (snooze 172800.0 2) (holdoutPercent 10)"
        )
    }

    @Test func aHeadThatCannotBeReadHoldsTheTipBackWithARuleThatNeverHolds() {
        let texts = [
            "Probe (", "Probe (maxDisplayCount)", "Probe (maxDisplayCount x)", "Probe (maxDisplayCount 3",
            "Probe (maxDisplayCount 3)(holdoutPercent 1)", "Probe (maxDisplayCount 3) ",
            "Probe (invalidatedBy unknown)", "Probe (snooze 60.0 x)", "Probe (snooze)", "Probe (sometimes 3)",
            "Probe (title)", "Probe (title x)", "Probe (id 3)", "Probe (message \"open)", "Probe (action a)",
            "Probe (image 2)", "Probe x (param plan) plan",
        ]
        for text in texts {
            let read = file(text, rules: ["7 true s"])
            #expect(read.options(of: Probe.self) == Tips.Options(), "\(text)")
            #expect(read.title(of: Probe.self) == "", "\(text)")
            let rules = read.rules(of: Probe.self)
            #expect(rules.count == 2, "\(text)")
            #expect(rules.first?.expression == .literal(.bool(false)), "\(text)")
            #expect(rules.first?.source == "\(text) (tipc wrote a head this runtime cannot read)")
        }
    }

    @Test func everyTextOfTheCopyReadsBackAsItWasWritten() {
        var head = Tips.TableHead(name: "Probe")
        head.id = "probe-1"
        head.title = .literal("A \"quoted\" \\ title \u{1F426}")
        head.message = .literal("")
        head.image = "star"
        head.actions = [("open", .literal("Open")), ("later", .literal("Later"))]
        head.options = Tips.Options(maxDisplayCount: 2)
        var reader = RuleTextReader(head.text, tables: .init(parameters: [], events: [], arguments: [:]))
        #expect(reader.head()?.text == head.text, "\(head.text)")
        let read = file(head.text)
        #expect(read.id(of: Probe.self) == "probe-1")
        #expect(read.title(of: Probe.self) == "A \"quoted\" \\ title \u{1F426}")
        #expect(read.message(of: Probe.self) == "")
        #expect(read.image(of: Probe.self) == "star")
        #expect(read.actions(of: Probe.self).map(\.id) == ["open", "later"])
        #expect(read.actions(of: Probe.self).map(\.title) == ["Open", "Later"])
        #expect(read.options(of: Probe.self) == Tips.Options(maxDisplayCount: 2))
        #expect(read.rules(of: Probe.self).isEmpty)
    }

    @Test func aTextOfTheCopyByIndexIsReadInTheCentersLanguage() {
        var head = Tips.TableHead(name: "Probe")
        head.title = .copy(0)
        head.message = .copy(1)
        head.actions = [("open", .copy(2))]
        let copy = Tips.Translations(
            sourceLanguage: "en", languages: ["de"],
            texts: [["Title", "Back\\\\slash", "Open"], ["Titel", "", "Öffnen"]])
        var reader = RuleTextReader(head.text, tables: .init(parameters: [], events: [], arguments: [:]))
        #expect(reader.head()?.text == head.text, "\(head.text)")
        #expect(head.text == "Probe (title 0) (message 1) (action open 2)")
        let read = file(head.text, copy: copy)
        let language = copy.language()
        #expect(read.title(of: Probe.self) == (language == "de" ? "Titel" : "Title"))
        // A text without a translation is the source text, its `\\` read as one backslash.
        #expect(read.message(of: Probe.self) == "Back\\slash")
        #expect(read.actions(of: Probe.self).map(\.title) == [language == "de" ? "Öffnen" : "Open"])
    }

    @Test func aTipMissingFromTheTableIsHeldBackWithARuleThatNeverHolds() {
        let read = file(rules: ["7 true s"])
        #expect(read.id(of: Absent.self) == "Absent")
        #expect(read.title(of: Absent.self) == "")
        #expect(read.options(of: Absent.self) == Tips.Options())
        let rules = read.rules(of: Absent.self)
        #expect(rules.map(\.expression) == [.literal(.bool(false))])
        #expect(rules.map(\.source) == ["Absent (tipc wrote no text for this tip)"])
        #expect(read.id(of: Probe.self) == "Probe")
    }
}
