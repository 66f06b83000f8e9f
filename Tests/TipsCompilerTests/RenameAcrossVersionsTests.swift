import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Two versions of a small app on one store, built from `.tips` files with
/// tipc and swiftc (`Fixtures/RenameApp`): version 1 makes state; version 2
/// renames everything with `renamedFrom` and finds all of it at `configure`;
/// version 1 run again still works. A probe that declares both versions'
/// names without renaming anything reads where the state is.
@Suite(.serialized) struct RenameAcrossVersionsTests {
    /// The probe's line before the move and after it.
    static let unmoved =
        "closed [true, false] loggedIn [true, false] plan [\"premium\", \"free\"] donations [\"premium\", \"free\"] []"
    static let moved =
        "closed [false, true] loggedIn [false, true] plan [\"free\", \"pro\"] donations [] [\"pro\", \"free\"]"

    @Test func version2FindsVersion1sStateAndVersion1StillRuns() throws {
        let apps = try RenameApps.built()
        let store = RenameApps.newStore()
        #expect(try apps.run(apps.v1, ["make", store.path]) == ["made"])
        #expect(try apps.run(apps.probe, [store.path]) == [Self.unmoved])

        let first = try apps.run(apps.v2, ["show", store.path])
        #expect(first.filter { $0.hasPrefix("warning: moved") }.count == 6, "\(first)")
        #expect(
            first.filter { !$0.hasPrefix("warning:") } == [
                "closed true", "loggedIn true plan pro", "donations [\"pro\", \"free\"]",
            ])
        #expect(try apps.run(apps.probe, [store.path]) == [Self.moved])
        // Moved once: the next launch reports nothing.
        #expect(try apps.run(apps.v2, ["show", store.path]).allSatisfy { !$0.hasPrefix("warning:") })

        // A rollback finds its renamed tips as new, and works.
        #expect(
            try apps.run(apps.v1, ["show", store.path]) == [
                "closed false", "loggedIn false plan free", "donations []",
            ])
        #expect(try apps.run(apps.v1, ["make", store.path]) == ["made"])
        // Version 2 again merges what version 1 made meanwhile.
        let merged = try apps.run(apps.v2, ["show", store.path]).filter { !$0.hasPrefix("warning:") }
        #expect(
            merged == ["closed true", "loggedIn true plan pro", "donations [\"pro\", \"free\", \"pro\", \"free\"]"])
    }

    @Test func version2KilledDuringItsFirstLaunchLeavesTheStateUnderExactlyOneIdentity() throws {
        let apps = try RenameApps.built()
        let pristine = RenameApps.newStore()
        #expect(try apps.run(apps.v1, ["make", pristine.path]) == ["made"])
        // How long a first launch of version 2 takes, to spread the kills over it.
        let timed = try RenameApps.copy(of: pristine)
        let started = Date()
        _ = try apps.run(apps.v2, ["show", timed.path])
        let duration = Date().timeIntervalSince(started)

        let rounds = 24
        var outcomes: [String: Int] = [:]
        for round in 0..<rounds {
            let store = try RenameApps.copy(of: pristine)
            let child = Process()
            child.executableURL = apps.v2
            child.arguments = ["show", store.path]
            child.standardOutput = FileHandle.nullDevice
            try child.run()
            let delay = duration * (Double(round) + Double.random(in: 0..<1)) / Double(rounds)
            // Blocking, not Task.sleep: on a cooperative pool kept busy by other tests a sleep lasts longer.
            usleep(UInt32(delay * 1_000_000))
            _ = kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            let line = try apps.run(apps.probe, [store.path]).joined(separator: "\n")
            #expect([Self.unmoved, Self.moved].contains(line), "killed after \(delay) s: \(line)")
            let killed = child.terminationReason == .uncaughtSignal ? "killed" : "finished"
            outcomes["\(killed), \(line == Self.moved ? "moved" : "unmoved")", default: 0] += 1
            // The next launch finds everything, whatever the kill left.
            let next = try apps.run(apps.v2, ["show", store.path]).filter { !$0.hasPrefix("warning:") }
            #expect(next == ["closed true", "loggedIn true plan pro", "donations [\"pro\", \"free\"]"])
            #expect(try apps.run(apps.probe, [store.path]) == [Self.moved])
        }
        #expect(outcomes.keys.contains { $0.hasPrefix("killed") }, "no launch was killed: \(outcomes)")
        print("RenameAcrossVersionsTests: first launch \(duration) s; \(rounds) kills: \(outcomes)")
    }
}

/// The three programs, built once per test process.
struct RenameApps: Sendable {
    /// The folder the programs are built in, removed when the test process exits.
    let directory: TemporaryDirectory
    let v1: URL
    let v2: URL
    let probe: URL

    private static let shared: Result<RenameApps, Error> = Result { try build() }

    static func built() throws -> RenameApps { try shared.get() }

    /// A new temporary directory holding a copy of everything in `store`.
    static func copy(of store: TemporaryDirectory) throws -> TemporaryDirectory {
        let copy = newStore()
        for name in store.fileNames() {
            try FileManager.default.copyItem(
                at: store.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        return copy
    }

    /// A new, empty store directory.
    static func newStore() -> TemporaryDirectory {
        TemporaryDirectory("tipc-rename-store")
    }

    /// The program's output lines; an issue when it fails.
    func run(_ program: URL, _ arguments: [String]) throws -> [String] {
        let run = try SwiftCompiler.process(program, arguments)
        #expect(run.status == 0, "\(program.lastPathComponent) \(arguments): \(run.output)")
        return run.output.split(separator: "\n").map(String.init)
    }

    private static func build() throws -> RenameApps {
        let folder = TemporaryDirectory("tipc-rename-apps")
        let directory = folder.url
        let fixtures = Fixtures.root.appendingPathComponent("RenameApp")
        func program(_ name: String) throws -> URL {
            let tips = try String(contentsOf: fixtures.appendingPathComponent("\(name).tips"), encoding: .utf8)
            let result = Compilation(inputs: [CompilationInput(path: "\(name).tips", text: tips)]).run()
            let output = try #require(result.outputs.first, "\(result.renderedDiagnostics())")
            let generated = directory.appendingPathComponent("\(name).swift")
            try Data(output.text.utf8).write(to: generated)
            let main = directory.appendingPathComponent("\(name)/main.swift")
            try FileManager.default.createDirectory(
                at: main.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contentsOf: fixtures.appendingPathComponent("\(name).main.swift")).write(to: main)
            let executable = directory.appendingPathComponent(name.lowercased())
            let (status, log) = try SwiftCompiler.run(
                [main.path, generated.path] + SwiftCompiler.runtimeObjects.map(\.path) + ["-o", executable.path])
            try #require(status == 0, "\(name) does not build:\n\(log.prefix(3000))")
            return executable
        }
        return RenameApps(
            directory: folder, v1: try program("V1"), v2: try program("V2"), probe: try program("Probe"))
    }
}
