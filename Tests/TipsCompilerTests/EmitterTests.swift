import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The pieces of the emitter: Swift spelling, the writer, the code model.
@Suite struct EmitterTests {
    @Test(arguments: [
        ("default", "`default`"), ("class", "`class`"), ("Any", "`Any`"), ("region", "region"), ("Tip", "Tip"),
    ])
    func keywordsAreEscaped(_ name: String, _ swift: String) {
        #expect(SwiftNames.identifier(name) == swift)
    }

    @Test(arguments: [
        ("Type", "Type_"), ("Protocol", "Protocol_"), ("self", "self_"), ("Self", "Self_"), ("init", "init_"),
        ("_", "__"), ("Swift", "Swift_"), ("TipsRuntime", "TipsRuntime_"), ("Foundation", "Foundation_"),
        ("Type_", "Type_"),
    ])
    func reservedNamesTakeATrailingUnderscore(_ name: String, _ swift: String) {
        #expect(SwiftNames.identifier(name) == swift)
    }

    @Test func memberNamesAreReservedOnlyWhereTheyAreMembers() {
        #expect(SwiftNames.enumCase("rawValue") == "rawValue_")
        #expect(SwiftNames.enumCase("title") == "title")
        #expect(SwiftNames.enumCase("class") == "`class`")
        #expect(SwiftNames.tipArgument("title") == "title_")
        #expect(SwiftNames.tipArgument("rawValue") == "rawValue")
        #expect(SwiftNames.tipArgument("self") == "self_")
        #expect(SwiftNames.tipType("tips") == "tips_")
        #expect(SwiftNames.identifier("tips") == "tips")
        #expect(SwiftNames.eventField("center") == "center_")
    }

    @Test func labelsKeepTheTipsName() {
        #expect(SwiftNames.parameter("title", swiftName: "title_", type: "Int") == "title title_: Int")
        #expect(SwiftNames.parameter("Type", swiftName: "Type_", type: "T") == "Type Type_: T")
        #expect(SwiftNames.parameter("let", swiftName: "`let`", type: "Int") == "`let`: Int")
        #expect(SwiftNames.parameter("region", swiftName: "region", type: "Int") == "region: Int")
        #expect(SwiftNames.parameter("_", swiftName: "__", type: "Int") == "__: Int")
    }

    @Test func eventTypesNeverEqualTheEventProperty() {
        #expect(SwiftNames.eventType("visitedRegion") == "VisitedRegionEvent")
        #expect(SwiftNames.eventType("Protocol") == "ProtocolEvent")
        #expect(SwiftNames.eventType("class") == "ClassEvent")
        for name in ["Opened", "self", "_", "OpenedEvent", "in"] {
            #expect(SwiftNames.eventType(name) != SwiftNames.identifier(name))
        }
    }

    @Test func stringLiteralsEscapeEverythingSwiftWouldRead() {
        #expect(SwiftNames.stringLiteral("a \"b\" \\ \n\t\u{7}é🐦") == "\"a \\\"b\\\" \\\\ \\n\\t\\u{7}é🐦\"")
        #expect(SwiftNames.stringLiteral("\\(x)") == "\"\\\\(x)\"")
    }

    @Test(arguments: [(0, "0"), (1000, "1000"), (10_000, "10_000"), (2_592_000, "2_592_000"), (-123_456, "-123_456")])
    func integersAreGroupedFromTenThousand(_ value: Int, _ text: String) {
        #expect(SwiftNames.integer(value) == text)
    }

    @Test func doublesReadBackExactly() {
        #expect(SwiftNames.double(2.5) == "2.5")
        #expect(SwiftNames.double(-2) == "-2.0")
    }

    @Test func writerIndentsBlocksAndKeepsBlankLinesEmpty() {
        var writer = SwiftWriter()
        writer.line("// top")
        writer.block("enum A") { inner in
            inner.docComment(["Doc.", ""])
            inner.line("case a")
            inner.line()
            inner.block("struct B") { innermost in innermost.line("let x = 1") }
        }
        #expect(
            writer.text == """
                // top
                enum A {
                    /// Doc.
                    ///
                    case a

                    struct B {
                        let x = 1
                    }
                }

                """)
    }

    @Test func codeFitsOnOneLineOrBreaksOneArgumentPerLine() {
        let short = SwiftCode.call(".binary", [.atom(".and"), .atom("a"), .atom("b")])
        var writer = SwiftWriter()
        short.write(to: &writer, suffix: ",")
        #expect(writer.text == ".binary(.and, a, b),\n")

        let long = SwiftCode.call(
            "f", [.atom(String(repeating: "x", count: 70)), .array([.atom(String(repeating: "y", count: 60))])])
        var broken = SwiftWriter()
        long.write(to: &broken)
        let expected = "f(\n    \(String(repeating: "x", count: 70)),\n    [\(String(repeating: "y", count: 60))]\n)\n"
        #expect(broken.text == expected)
    }

    @Test func nonASCIICodeIsMeasuredInCharacters() {
        // 60 "é" are 120 bytes but 60 characters: as "f(a: ...)" the line is 66 wide and fits.
        let accents = String(repeating: "\u{E9}", count: 60)
        var writer = SwiftWriter()
        SwiftCode.call("f", [.labeled("a", .atom(accents))]).write(to: &writer)
        #expect(writer.text == "f(a: \(accents))\n")

        // 130 characters (and more bytes) never fit: broken one argument per line.
        let long = String(repeating: "\u{E9}", count: 130)
        var broken = SwiftWriter()
        SwiftCode.call("f", [.atom(long)]).write(to: &broken)
        #expect(broken.text == "f(\n    \(long)\n)\n")
    }

    @Test func publicAccessAppliesToEveryDeclaration() throws {
        let source = """
            enum E { a }
            parameter p: E = .a
            event e(x: Int)
            tip T(n: Int) {
                id "T-\\(n)"
                title "T"
                rule p == .a && e.count > n
            }
            tip U { title "U" }
            group G { U }

            """
        let result = Compilation(
            inputs: [CompilationInput(path: "A.tips", text: source)],
            options: CompilationOptions(accessLevel: .public)
        ).run()
        let text = try #require(result.outputs.first?.text, "\(result.renderedDiagnostics())")
        #expect(!text.contains("internal"))
        for declaration in [
            "public enum E", "public static let p", "public struct E", "public func donate", "public struct T",
            "public init(n: Swift.Int)", "public init() {}", "public enum G", "public static func makeGroup",
            "public var rules",
        ] {
            #expect(text.contains(declaration), "missing \(declaration)")
        }
    }

    @Test func otherBackEndsPlugInThroughTheProtocol() {
        struct Names: Backend {
            func outputFileName(for inputFileName: String) -> String { inputFileName + ".txt" }
            func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine) {}
            func emit(_ program: CheckedProgram, options: EmitOptions) -> [EmittedFile] {
                program.files.map { file in
                    EmittedFile(
                        fileName: outputFileName(for: file.fileName),
                        text: file.declarations.map { declaration in
                            if case .tip(let tip) = declaration { tip.name } else { "-" }
                        }.joined(separator: ","))
                }
            }
        }
        let result = Compilation(
            inputs: [CompilationInput(path: "A.tips", text: "tip X { title \"X\"; maxDisplayCount 1 }\n")],
            options: CompilationOptions(backend: Names())
        ).run()
        #expect(result.outputs == [EmittedFile(fileName: "A.tips.txt", text: "X")])
    }
}
