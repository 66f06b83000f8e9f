import Foundation
import Testing
import TipsTestSupport

/// The generated code of `Goldens/Attention.tips` (`sessionLimit 1`,
/// `oneAtATime`, `snooze 1d, 3`, `holdout 10%`), compiled with a program
/// that runs it on the runtime: each item does at run time what the file
/// says, without the host passing anything but the store and which tips to
/// hold out (`LoweringAgreementTests` compares the values themselves).
@Suite(.serialized) struct GeneratedAttentionTests {
    static let main = """
        import Foundation
        import TipsRuntime

        let directory = URL(fileURLWithPath: CommandLine.arguments[1])
        try await Tips.configure([
            .datastoreLocation(.url(directory)), .holdouts(.only(["Measured"])), .arguments([]), .environment([:]),
        ])
        func report(_ moment: String) {
            print(moment, Remind().status, Measured().status, Later().status)
        }
        await TipEvents.opened.donate()
        report("donated")
        await Remind().didAppear()
        report("onScreen")
        await Remind().snooze()
        report("snoozed")
        Tips.beginSession()
        report("newSession")
        for _ in 0..<2 { await Remind().snooze() }
        report("thirdSnooze")
        await Remind().snooze()
        report("fourthSnooze")
        print(Measured().explanation)

        """

    @Test func theGeneratedItemsGateTheTipsAtRunTime() throws {
        let temporary = TemporaryDirectory("tipc-attention")
        let directory = temporary.url
        let golden = try GoldenCase.all.first { $0.name == "Attention" }.map { try $0.compile() }
        let output = try #require(golden?.outputs.first, "the Attention golden does not compile")
        let generated = directory.appendingPathComponent("Attention.swift")
        try Data(output.text.utf8).write(to: generated)
        let main = directory.appendingPathComponent("main.swift")
        try Data(Self.main.utf8).write(to: main)
        let program = directory.appendingPathComponent("program")
        let runtime = SwiftCompiler.runtimeObjects
        #expect(!runtime.isEmpty, "no TipsRuntime object files in the build directory")
        let (status, log) = try SwiftCompiler.run(
            ["-warnings-as-errors", main.path, generated.path] + runtime.map(\.path) + ["-o", program.path])
        try #require(status == 0, "the program does not build:\n\(log.prefix(3000))")

        let run = try SwiftCompiler.process(program, [directory.appendingPathComponent("store").path])
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output.split(separator: "\n").map(String.init) == [
                // Measured is held out; Later waits while Remind is on screen, then for the next session.
                "donated available pending available",
                "onScreen available pending pending",
                "snoozed pending pending pending",
                "newSession pending pending available",
                "thirdSnooze pending pending available",
                // The snooze after the third allowed closes the tip.
                "fourthSnooze invalidated(tipClosed) pending available",
                // Chosen by `.holdouts(.only(_:))`, not by the install's share.
                "Measured: pending",
                "  held out: this install is in the chosen share held out of this tip",
                "  rule Attention.tips:18 `opened.donations.count >= 1`: holds (opened.donations.count = 1, needs >= 1)",
            ])
    }
}
