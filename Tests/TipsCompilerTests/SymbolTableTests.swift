import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The checked model's records of names: every declaration, every use resolved
/// to one, and the declaration each diagnostic belongs to.
@Suite struct SymbolTableTests {
    /// The sample compilations (their files together, as the build plugin compiles them) and the golden inputs.
    static let compilations: [[String]] =
        [
            [
                "Samples/Trails/Tips/Trails.tips", "Samples/Trails/Tips/Compass.tips",
                "Samples/Trails/Tips/Trails.test.tips",
            ],
            ["Samples/Backyard/Tips/Backyard.tips", "Samples/Backyard/Tips/Backyard.test.tips"],
        ] + Fixtures.names(in: "Goldens").map { ["Tests/TipsCompilerTests/Fixtures/Goldens/" + $0] }

    static func compile(_ paths: [String]) throws -> CompilationResult {
        let inputs = try paths.map { path in
            CompilationInput(
                path: path, bytes: Array(try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent(path))))
        }
        return Compilation(inputs: inputs, options: CompilationOptions(emitsCode: false)).run()
    }

    static func compile(_ text: String) -> CompilationResult {
        Compilation(
            inputs: [CompilationInput(path: "a.tips", text: text)], options: CompilationOptions(emitsCode: false)
        )
        .run()
    }

    /// The words of the language that are no name: query steps, their label, frequencies, reasons, statuses.
    static let languageWords: Set<String> = [
        "donations", "count", "within", "where", "largestSubset", "smallestSubset", "by", "immediate", "hourly",
        "daily", "weekly", "monthly", "actionPerformed", "tipClosed", "displayCountExceeded",
        "displayDurationExceeded", "Bool", "Int", "Double", "String",
    ]

    @Test(arguments: compilations)
    func everyNameInTheSamplesIsADeclarationOrAUseOfOne(_ paths: [String]) throws {
        let result = try Self.compile(paths)
        #expect(result.program != nil, "\(paths)")
        let table = result.symbols
        let written = Set(table.declarations.map(\.nameRange) + table.uses.map(\.range))
        // An old name after `renamedFrom` names stored state, no declaration.
        let renamed = table.declarations.compactMap(\.renamedFrom)
        for file in result.sources.files {
            // A tip's `renamedFrom` is an item, recorded at its keyword.
            let items = table.declarations.filter {
                $0.nameRange.file == file.id && file.text(in: $0.nameRange) == "renamedFrom"
            }
            let renamed = renamed + items.map(\.range)
            var engine = DiagnosticEngine()
            for token in Lexer.tokenize(file, diagnostics: &engine) where token.kind == .identifier {
                let word = file.text(in: token.range)
                guard !written.contains(token.range) else { continue }
                let inRename = renamed.contains {
                    $0.file == token.range.file && $0.start <= token.range.start && token.range.end <= $0.end
                }
                #expect(
                    inRename || token.keyword != nil || Self.languageWords.contains(word),
                    "\(file.fileName):\(file.lineColumn(of: token.range.start)) '\(word)' resolves to nothing")
            }
        }
    }

    @Test(arguments: compilations)
    func everyUseIsWrittenAsTheNameOfTheDeclarationItResolvesTo(_ paths: [String]) throws {
        let result = try Self.compile(paths)
        let table = result.symbols
        #expect(!table.uses.isEmpty || paths.count == 1)
        for use in table.uses {
            let declaration = try #require(table.declaration(of: use.symbol), "\(use.symbol)")
            #expect(declaration.symbol.isReferable)
            let text = result.sources[use.range.file].text(in: use.range)
            #expect(text == use.symbol.name)
            #expect(result.sources[declaration.nameRange.file].text(in: declaration.nameRange) == text)
            #expect(table.symbol(at: use.range.start, in: use.range.file)?.symbol == use.symbol)
            #expect(table.references(to: use.symbol).first == declaration.nameRange)
        }
    }

    @Test func namesResolveAsTheCheckerTypesThem() {
        let result = Self.compile(
            """
            enum Plan { free, pro }
            enum Tier { free, gold }
            parameter plan: Plan = .free
            event visited(region: String, tier: Tier)
            tip Trail(region: String) {
                id "trail-\\(region)"
                title "Visit \\(region)"
                rule plan == .pro && visited.donations.where(.region == region && .tier == .gold).count > 1
                invalidatedBy visited
            }
            scenario "s" {
                set plan = .pro
                donate visited(region: "Alps", tier: .free)
                expect Trail(region: "Alps") pending
            }

            """)
        #expect(result.diagnostics.isEmpty)
        let uses = result.symbols.uses.map { use in
            "\(result.sources[use.range.file].text(in: use.range)) \(use.symbol)"
        }
        let expected: [(String, Symbol)] = [
            ("Plan", .enumeration("Plan")), ("free", .enumCase("free", enumeration: "Plan")),
            ("Tier", .enumeration("Tier")), ("region", .argument("region", tip: "Trail")),
            ("region", .argument("region", tip: "Trail")), ("plan", .parameter("plan")),
            ("pro", .enumCase("pro", enumeration: "Plan")), ("visited", .event("visited")),
            ("region", .field("region", event: "visited")), ("region", .argument("region", tip: "Trail")),
            ("tier", .field("tier", event: "visited")), ("gold", .enumCase("gold", enumeration: "Tier")),
            ("visited", .event("visited")), ("plan", .parameter("plan")),
            ("pro", .enumCase("pro", enumeration: "Plan")),
            ("visited", .event("visited")), ("region", .field("region", event: "visited")),
            ("tier", .field("tier", event: "visited")), ("free", .enumCase("free", enumeration: "Tier")),
            ("Trail", .tip("Trail")), ("region", .argument("region", tip: "Trail")),
        ]
        #expect(uses == expected.map { "\($0.0) \($0.1)" })
    }

    @Test func usesAreRecordedWhereTheInputHasErrors() {
        // `plan`'s type is unknown, so its declaration fails; its uses still resolve to it.
        let result = Self.compile(
            """
            parameter plan: Plann = .free
            tip A {
                title "A"
                rule plan == .free && missing
            }

            """)
        #expect(result.program == nil)
        let table = result.symbols
        #expect(table.declaration(of: .parameter("plan")) != nil)
        #expect(table.references(to: .parameter("plan")).count == 2)
        #expect(
            table.members(of: .tip("A")).map(\.symbol) == [
                .tipItem(.title, index: 0, tip: "A"), .tipItem(.rule, index: 0, tip: "A"),
            ])
    }

    /// TipKit's `@Parameter`s pasted inside a tip's braces, one after the
    /// other, are declared at file scope from there: the tip keeps its
    /// items on both sides of them, a diagnostic after them is still the
    /// tip's, and the parameters are found, the transient one as transient.
    @Test func parametersPastedInsideATipLeaveTheTipWhole() throws {
        let result = Self.compile(
            """
            tip A {
                title "A"
                @Parameter static var saved: Bool = false
                @Parameter(.transient) static var editing: Bool = false
                options [.maxDisplayCount(3)]
                rule saved && !editing
            }

            """)
        let table = result.symbols
        #expect(table.declaration(of: .parameter("saved")) != nil)
        #expect(table.references(to: .parameter("saved")).count == 2)  // its name where declared, and the rule
        #expect(table.references(to: .parameter("editing")).count == 2)
        #expect(table.declaration(of: .parameter("editing"))?.storedIdentity == nil)  // transient: never stored
        #expect(table.declaration(of: .parameter("saved"))?.storedIdentity != nil)
        #expect(
            table.members(of: .tip("A")).map(\.symbol) == [
                .tipItem(.title, index: 0, tip: "A"), .tipItem(.rule, index: 0, tip: "A"),
            ])
        let options = try #require(result.diagnostics.first { $0.message.hasPrefix("a tip's options") })
        #expect(options.owner == .tip("A"))
        #expect(result.diagnostics.filter { $0.severity == .error }.count == 3, "\(result.diagnostics)")
    }

    @Test func aDeclarationSaysWhereItsPersistedIdentityIsWritten() throws {
        let result = Self.compile(
            """
            enum Plan { free }
            parameter plan: Plan = .free
            transient parameter editing: Bool = false
            event opened(plan: Plan)
            tip Named { title "N"; maxDisplayCount 1 }
            tip Keyed { id "keyed-v1"; title "K"; maxDisplayCount 1 }
            group G { Named }

            """)
        let table = result.symbols
        let identity = { (symbol: Symbol) in table.declaration(of: symbol)?.storedIdentity }
        #expect(identity(.parameter("plan")) == .name)
        #expect(identity(.parameter("editing")) == nil)
        #expect(identity(.event("opened")) == .name)
        #expect(identity(.field("plan", event: "opened")) == .name)
        #expect(identity(.enumCase("free", enumeration: "Plan")) == .name)
        #expect(identity(.enumeration("Plan")) == nil)
        #expect(identity(.tip("Named")) == .name)
        #expect(identity(.group("G")) == nil)
        guard case .id(let range) = identity(.tip("Keyed")) else {
            Issue.record("tip Keyed has no id")
            return
        }
        #expect(result.sources[range.file].text(in: range) == "\"keyed-v1\"")
    }

    @Test func aDeclarationSaysWhereItsRenamedFromIsWritten() throws {
        let result = Self.compile(
            """
            enum Plan { free, pro renamedFrom premium }
            parameter plan: Plan = .free renamedFrom tier, level
            event opened renamedFrom launched
            tip Named { renamedFrom OldNamed; title "N"; maxDisplayCount 1 }

            """)
        let table = result.symbols
        let written = { (symbol: Symbol) in
            table.declaration(of: symbol)?.renamedFrom.map { result.sources[$0.file].text(in: $0) }
        }
        #expect(written(.enumCase("pro", enumeration: "Plan")) == "renamedFrom premium")
        #expect(written(.enumCase("free", enumeration: "Plan")) == nil)
        #expect(written(.parameter("plan")) == "renamedFrom tier, level")
        #expect(written(.event("opened")) == "renamedFrom launched")
        // A tip's is an item of its own.
        #expect(written(.tip("Named")) == nil)
        let item = try #require(table.declaration(of: .tipItem(.renamedFrom, index: 0, tip: "Named")))
        #expect(result.sources[item.range.file].text(in: item.range) == "renamedFrom OldNamed")
    }

    @Test func aNameDeclaredTwiceIsRecordedOnceAndItsUsesResolveToTheFirst() {
        let result = Self.compile(
            """
            enum Plan { free, free }
            event opened(at: Int, at: Int)
            parameter p: Bool = false
            parameter p: Bool = true
            tip A { title "A"; rule p && opened.where(.at > 1).count > 0 }

            """)
        let table = result.symbols
        for symbol: Symbol in [.enumCase("free", enumeration: "Plan"), .field("at", event: "opened"), .parameter("p")] {
            let declarations = table.declarations.filter { $0.symbol == symbol }
            #expect(declarations.count == 1, "\(symbol)")
            #expect(declarations.first == table.declaration(of: symbol))
        }
        let first = table.declaration(of: .parameter("p"))?.nameRange
        #expect(first.map { result.sources[$0.file].line(of: $0.start) } == 3)
        #expect(table.uses.contains { $0.symbol == .parameter("p") })
    }

    // MARK: - Owners

    @Test func everyWarningBelongsToTheDeclarationAndPartItConcerns() {
        let result = Self.compile(
            """
            event opened keep 7d
            tip Long {
                title "A title that goes on and on well past the fifty characters a title gets"
                message "Buy now."
                action more "Free trial"
                rule opened.count > 3
                rule opened.count < 2
                rule opened.donations.within(30d).count > 0
            }
            tip Everyone {
                title "Hi \u{202E}there"
            }

            """)
        let owners = result.diagnostics.filter { $0.severity == .warning }.map {
            "\($0.owner.map { "\($0)" } ?? "none")"
        }
        #expect(
            owners == [
                "tipItem(TipsSyntax.Keyword.title, index: 0, tip: \"Long\")",
                "tipItem(TipsSyntax.Keyword.message, index: 0, tip: \"Long\")",
                "action(\"more\", tip: \"Long\")",
                "tipItem(TipsSyntax.Keyword.rule, index: 1, tip: \"Long\")",
                "tipItem(TipsSyntax.Keyword.rule, index: 2, tip: \"Long\")",
                "tip(\"Everyone\")",
                "tipItem(TipsSyntax.Keyword.title, index: 0, tip: \"Everyone\")",
            ])
    }

    @Test(arguments: Fixtures.names(in: "Semantic"))
    func everyDiagnosticInsideADeclarationHasAnOwnerThatHoldsIt(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Fixtures.url("Semantic", name)))
        let result = Compilation(
            inputs: [CompilationInput(path: name, bytes: bytes)], options: CompilationOptions(emitsCode: false)
        ).run()
        let table = result.symbols
        for diagnostic in result.diagnostics {
            let holder = table.declarations.first { declaration in
                declaration.range.file == diagnostic.range.file && declaration.range.start <= diagnostic.range.start
                    && diagnostic.range.start < declaration.range.end
            }
            guard holder != nil else { continue }
            let owner = try #require(diagnostic.owner, "\(name): \(diagnostic.message) has no owner")
            // The owner is the declaration it is about: its text holds the diagnostic, or (a
            // duplicate, a group's member, a clash) the diagnostic names it.
            if let declared = table.declaration(of: owner.declaration) {
                let holds =
                    declared.range.start <= diagnostic.range.start && diagnostic.range.start < declared.range.end
                #expect(
                    holds || diagnostic.message.contains(owner.declaration.name),
                    "\(name): \(diagnostic.message) belongs to \(owner)")
            }
        }
    }

    @Test func theTableIsTheSameWhateverTheNumberOfJobs() {
        // Enough tips for several ranges checked at the same time, between and after other declarations.
        var text = "enum Plan { free, pro }\nparameter plan: Plan = .free\nevent opened(count: Int)\n"
        for index in 0..<150 {
            text += "tip T\(index) {\n    title \"T\(index)\"\n"
            text += "    rule plan == .pro && opened.donations.count > \(index)\n}\n"
            if index % 50 == 0 { text += "parameter p\(index): Bool = false\n" }
        }
        text += "group G { T0 T1 }\n"
        let compile = { (jobs: Int) in
            Compilation(
                inputs: [CompilationInput(path: "a.tips", text: text)],
                options: CompilationOptions(emitsCode: false, jobs: jobs)
            ).run()
        }
        let one = compile(1)
        #expect(one.diagnostics.isEmpty)
        #expect(one.symbols.declarations.count > 450)
        #expect(one.symbols == compile(4).symbols)
        #expect(one.symbols.declarations.map(\.nameRange) == one.symbols.declarations.map(\.nameRange).sorted())
    }

    @Test func aUseRecordedTwiceCountsOnce() {
        let range = { (start: UInt32) in SourceRange(file: FileID(0), start: start, end: start + 1) }
        let uses = [3, 1, 3, 7, 1, 5, 7, 3].map { SymbolUse(range: range(UInt32($0)), symbol: .parameter("p\($0)")) }
        let table = SymbolTable(uses: uses)
        #expect(table.uses.map(\.range.start) == [1, 3, 5, 7])
        #expect(table.uses.map(\.symbol) == [1, 3, 5, 7].map { .parameter("p\($0)") })
    }
}
