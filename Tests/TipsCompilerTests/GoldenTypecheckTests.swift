import Foundation
import Testing

@testable import TipsCompiler
@testable import TipsSyntax

/// Every golden output must compile against TipsRuntime as Swift 6, without
/// warnings, and with no expression slower than 100 ms to type-check.
@Suite(.serialized) struct GoldenTypecheckTests {
    @Test(arguments: GoldenCase.all)
    func goldenOutputTypechecksAgainstRuntime(_ golden: GoldenCase) throws {
        let result = try golden.compile()
        let (directory, files) = try SwiftCompiler.write(
            result.outputs.map { ($0.fileName, $0.text) }, prefix: "tipc-golden")
        let (status, output) = try withExtendedLifetime(directory) {
            try SwiftCompiler.typecheck(
                files: files,
                extraArguments: ["-warnings-as-errors", "-Xfrontend", "-warn-long-expression-type-checking=100"])
        }
        #expect(status == 0, "\(output)")
    }

    /// With Swift's `InternalImportsByDefault`, a plain `import` is internal:
    /// public and package code must import the runtime at its own level.
    @Test(arguments: GoldenCase.all.filter { $0.accessLevel != .internal })
    func goldenOutputTypechecksWithInternalImportsByDefault(_ golden: GoldenCase) throws {
        let result = try golden.compile()
        for output in result.outputs {
            let (status, log) = try SwiftCompiler.typecheck(
                source: output.text, fileName: output.fileName,
                extraArguments: ["-warnings-as-errors", "-enable-upcoming-feature", "InternalImportsByDefault"])
            #expect(status == 0, "\(log.prefix(2000))")
        }
    }

    @Test func aThousandTipsTypecheckQuickly() throws {
        var text = "event opened(kind: Int)\nparameter level: Int = 0\n"
        for index in 0..<1000 {
            text += """
                tip T\(index) {
                    title "Tip \(index)"
                    rule level >= \(index % 7) && opened.donations.within(\(index % 9 + 1)d).where(.kind == \(index)).count > 1
                    rule !(level == 3) || opened.count < 10
                }

                """
        }
        let result = Compilation(inputs: [CompilationInput(path: "Many.tips", text: text)]).run()
        let output = try #require(result.outputs.first, "\(result.renderedDiagnostics())")
        let (status, log) = try SwiftCompiler.typecheck(
            source: output.text, fileName: "Many.swift",
            extraArguments: ["-Xfrontend", "-warn-long-expression-type-checking=100", "-warnings-as-errors"])
        #expect(status == 0, "\(log.prefix(2000))")
    }
}
