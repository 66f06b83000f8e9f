import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// The runtime's part of ``SwiftNames/appTypeNames`` is exactly TipsRuntime's
/// public top-level types, so that a type added to the runtime cannot be
/// hidden by a generated one without the compiler knowing.
@Suite struct AppTypeNamesTests {
    @Test func runtimeTypeNamesAreTheRuntimesPublicTopLevelTypes() throws {
        let root = Fixtures.packageRoot.appendingPathComponent("Sources/TipsRuntime")
        let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
        var declared: Set<String> = []
        let kinds = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
                guard let kind = words.firstIndex(where: { kinds.contains(String($0)) }), kind + 1 < words.count
                else { continue }
                declared.insert(String(words[kind + 1]))
            }
        }
        #expect(declared == Set(SwiftNames.runtimeTypeNames))
    }

    @Test func aGeneratedTypeNamedLikeAnAppTypeIsAnErrorAndOtherNamesAreNot() {
        let compile = { (text: String) in
            Compilation(inputs: [CompilationInput(path: "A.tips", text: text)], options: .init(emitsCode: false))
                .run().diagnostics.map(\.message)
        }
        #expect(compile("tip String { title \"S\"; maxDisplayCount 1 }").count == 1)
        #expect(compile("tip Strings { title \"S\"; maxDisplayCount 1 }").isEmpty)
        #expect(compile("event String\ntip A { title \"S\"; rule String.count > 1 }").isEmpty)
    }
}
