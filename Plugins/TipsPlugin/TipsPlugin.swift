import Foundation
import PackagePlugin

/// Compiles a target's `.tips` files with `tipc` during the build.
///
/// The plugin only wires: it finds the inputs, names each output from its
/// input's file name, and lists `tipc` itself as an input so a new compiler
/// regenerates. It never reads an input's contents.
@main
struct TipsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let tips = TipsTargetFiles(target) else { return [] }
        return try TipsBuildCommand.make(
            tips,
            tool: context.tool(named: "tipc").url,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name,
            // A lock error says how to accept the change here: the package's command, not `tipc lock`.
            lockUpdateCommand: TipsTargetFiles.lockUpdateCommand(target: target.name)
        )
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension TipsPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            guard let tips = TipsTargetFiles(files: target.inputFiles.map(\.url)) else { return [] }
            return try TipsBuildCommand.make(
                tips,
                tool: context.tool(named: "tipc").url,
                workDirectory: context.pluginWorkDirectoryURL,
                targetName: target.displayName,
                // An Xcode project has no `tips-lock` command: its lock errors name `tipc lock`.
                lockUpdateCommand: nil
            )
        }
    }
#endif

/// Builds the one command that compiles every `.tips` file of a target
/// together (so cross-file references resolve).
enum TipsBuildCommand {
    /// The command compiling the target's `tips` with `tool`; a lock's errors
    /// name `lockUpdateCommand` (else `tipc lock`) as the way to accept a change.
    static func make(
        _ tips: TipsTargetFiles, tool: URL, workDirectory: URL, targetName: String, lockUpdateCommand: String?
    ) throws -> [Command] {
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources", isDirectory: true)
        // Two inputs with one file name (in different folders) would be two
        // producers of one output, which SwiftPM rejects before tipc runs:
        // each output is declared once, and tipc reports the clash naming both.
        let names = tips.outputNames
        // The target's own file of an output's name (what `generate-tips` wrote into Generated/) would be a
        // second producer of one object, which SwiftPM reports only as "multiple producers": say what it is.
        if let committed = tips.files.first(where: { names.contains($0.lastPathComponent) }) {
            throw TipsPluginError.generatedCodeCommitted(committed, target: targetName)
        }
        let arguments =
            ["compile"] + tips.inputs.map(\.path) + ["--output-dir", outputDirectory.path]
            + tips.compileOptions(lockUpdateCommand: lockUpdateCommand)
        return [
            .buildCommand(
                displayName: "Compiling \(tips.inputs.count) .tips file(s) for \(targetName)",
                executable: tool,
                arguments: arguments,
                inputFiles: tips.inputs + [tool]
                    + [tips.optionsFile, tips.lockFile, tips.catalogFile].compactMap { $0 },
                outputFiles: names.map { outputDirectory.appendingPathComponent($0) }
            )
        ]
    }
}

/// What stops the build plugin before it runs tipc.
enum TipsPluginError: Error, CustomStringConvertible {
    /// The target holds a file named as one TipsPlugin generates: the code `generate-tips` committed.
    case generatedCodeCommitted(URL, target: String)

    var description: String {
        switch self {
        case .generatedCodeCommitted(let file, let target):
            "\(file.path) has the name of the Swift that TipsPlugin generates for target '\(target)', and "
                + "SwiftPM cannot compile two files of one name: it is the code generate-tips commits. Use one of "
                + "the two for a target, not both: remove TipsPlugin from the target's plugins in Package.swift, "
                + "or delete the file"
        }
    }
}
