import Foundation
import Testing
import TipsTestSupport

/// Top-level code (`main.swift`) is where Swift may pick either of two
/// overloads that differ only in `async`, and picks the synchronous one:
/// `await` then waits for nothing, and a change the program makes just
/// before it ends can be lost. Every awaited call of the runtime's API is
/// compiled here as top-level code with warnings as errors, so none of them
/// resolves to a synchronous form, and the program is run to show that what
/// it awaited is on disk when it ends.
@Suite(.serialized) struct TopLevelAwaitTests {
    /// A program that configures the shared center on the directory in its
    /// first argument, then either makes durable changes with every awaited
    /// call (`write`) or prints what the store holds (`read`).
    static let program = """
        import Foundation
        import TipsRuntime

        struct Closable: Tip {
            var id: String { "Closable" }
            var title: String { "Close me" }
        }
        struct Shown: Tip {
            var id: String { "Shown" }
            var title: String { "Shown once" }
        }

        let visited = Tips.Event(id: "visited")
        let removed = Tips.Event(id: "removed")
        let level = Tips.Parameter<Int>(id: "level", defaultValue: 0)
        let directory = URL(fileURLWithPath: CommandLine.arguments[1])
        try await Tips.configure([.datastoreLocation(.url(directory)), .arguments([]), .environment([:])])
        if CommandLine.arguments[2] == "write" {
            await Shown().didAppear()
            await Shown().didDisappear()
            await Shown().resetEligibility()
            await removed.donate()
            await removed.deleteDonations()
            await level.set(3)
            await visited.donate()
            await Closable().invalidateDurably(reason: .tipClosed)
            let presenter = TipPresenter(Shown())
            await presenter.update()
            await presenter.close()
            await presenter.stop()
        } else {
            print(Closable().status, Shown().status, level.value(), visited.donationCount(), removed.donationCount())
        }

        """

    /// Builds `source` as `main.swift` into a program linked with the runtime; the compiler's output.
    static func build(_ source: String, in directory: URL) throws -> (program: URL, log: String) {
        let main = directory.appendingPathComponent("main.swift")
        try Data(source.utf8).write(to: main)
        let program = directory.appendingPathComponent("program")
        let runtime = SwiftCompiler.runtimeObjects
        #expect(!runtime.isEmpty, "no TipsRuntime object files in the build directory")
        let (status, log) = try SwiftCompiler.run(
            ["-warnings-as-errors", main.path] + runtime.map(\.path) + ["-o", program.path])
        #expect(status == 0, "the program does not build:\n\(log.prefix(3000))")
        return (program, log)
    }

    @Test func everyAwaitedCallInTopLevelCodeIsTheDurableOneAndSurvivesTheProgramEnding() throws {
        let temporary = TemporaryDirectory("tipc-top-level")
        let directory = temporary.url
        let (program, log) = try Self.build(Self.program, in: directory)
        #expect(!log.contains("no 'async' operations"), "\(log)")

        for round in 0..<3 {
            let store = directory.appendingPathComponent("store-\(round)").path
            let write = try SwiftCompiler.process(program, [store, "write"])
            #expect(write.status == 0, "\(write.output)")
            let read = try SwiftCompiler.process(program, [store, "read"])
            #expect(read.status == 0, "\(read.output)")
            #expect(read.output == "invalidated(tipClosed) invalidated(tipClosed) 3 1 0\n")
        }
    }

    @Test func awaitingTheSynchronousInvalidateIsWarnedAbout() throws {
        let temporary = TemporaryDirectory("tipc-top-level")
        let directory = temporary.url
        let file = directory.appendingPathComponent("main.swift")
        try Data(
            """
            import TipsRuntime

            struct Closable: Tip {
                var id: String { "Closable" }
                var title: String { "Close me" }
            }
            await Closable().invalidate(reason: .tipClosed)

            """.utf8
        ).write(to: file)
        let (status, log) = try SwiftCompiler.run(["-typecheck", file.path])
        #expect(status == 0, "\(log)")
        // TipKit's synchronous form keeps its name; Swift says the `await` waits for nothing.
        #expect(log.contains("no 'async' operations occur within 'await' expression"), "\(log)")
    }
}
