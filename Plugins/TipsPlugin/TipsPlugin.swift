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
        guard let module = target.sourceModule else { return [] }
        var files = module.sourceFiles.map(\.url)
        // A catalog the target excludes (so that SwiftPM does not take it for a resource) is still the target's.
        let catalog = module.directoryURL.appendingPathComponent(TipsBuildCommand.catalogFileName)
        if !files.contains(catalog), FileManager.default.fileExists(atPath: catalog.path) { files.append(catalog) }
        return try TipsBuildCommand.make(
            files: files,
            tool: context.tool(named: "tipc").url,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name,
            // A lock error says how to accept the change here: the package's command, not `tipc lock`.
            lockUpdateCommand: TipsBuildCommand.lockUpdateCommand(target: target.name)
        )
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension TipsPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            try TipsBuildCommand.make(
                files: target.inputFiles.map(\.url),
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
    /// The name of the optional options file beside the `.tips` files; each
    /// of its lines is a `tipc` option such as `--access-level public`.
    static let optionsFileName = "tipc.options"
    /// The name of the optional lock of the target's persisted identities
    /// (`tipc lock`, the `tips-lock` command plugin); given, the build fails
    /// on a change that would lose users' state.
    static let lockFileName = "tipc.lock"
    /// The name of the optional String Catalog of the tips' translations
    /// (`tipc strings` writes it); given, the generated code carries them.
    static let catalogFileName = "Tips.xcstrings"

    /// The package's command that updates the lock of `target`, as
    /// `LockFile.packageUpdateCommand(target:)` spells it for the language
    /// server (a plugin cannot import TipsCompiler): the name quoted for a
    /// shell when it needs it.
    static func lockUpdateCommand(target: String) -> String {
        let plain = target.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || "0123456789_-.".unicodeScalars.contains($0))
        }
        let name = plain && !target.isEmpty ? target : "'" + target.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return "swift package --allow-writing-to-package-directory tips-lock --target \(name)"
    }

    /// The command compiling `files` with `tool`; a lock's errors name
    /// `lockUpdateCommand` (else `tipc lock`) as the way to accept a change.
    static func make(
        files: [URL], tool: URL, workDirectory: URL, targetName: String, lockUpdateCommand: String?
    ) throws -> [Command] {
        let inputs = files.filter { $0.pathExtension == "tips" }.sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return [] }
        let optionsFile = files.first { $0.lastPathComponent == optionsFileName }
        // The target's own lock: the one nearest its folder, where `tips-lock` writes it.
        let lockFile = nearest(lockFileName, in: files)
        let catalogFile = nearest(catalogFileName, in: files)
        let outputDirectory = workDirectory.appendingPathComponent("GeneratedSources", isDirectory: true)
        // Two inputs with one file name (in different folders) would be two
        // producers of one output, which SwiftPM rejects before tipc runs:
        // each output is declared once, and tipc reports the clash naming both.
        var seen: Set<String> = []
        // `Menu.tips` → `Menu.tips.swift`, as tipc names it (`TipsRuntimeBackend.outputFileName(for:)`).
        let names = inputs.map { $0.deletingPathExtension().lastPathComponent + ".tips.swift" }
            .filter { seen.insert($0).inserted }
        // The target's own file of an output's name (what `generate-tips` wrote into Generated/) would be a
        // second producer of one object, which SwiftPM reports only as "multiple producers": say what it is.
        if let committed = files.first(where: { seen.contains($0.lastPathComponent) }) {
            throw TipsPluginError.generatedCodeCommitted(committed, target: targetName)
        }
        let outputs = names.map { outputDirectory.appendingPathComponent($0) }
        var arguments = ["compile"] + inputs.map(\.path) + ["--output-dir", outputDirectory.path]
        if let optionsFile { arguments += ["--options-file", optionsFile.path] }
        if let lockFile {
            arguments += ["--lock", lockFile.path] + (lockUpdateCommand.map { ["--lock-update", $0] } ?? [])
        }
        if let catalogFile { arguments += ["--strings", catalogFile.path] }
        return [
            .buildCommand(
                displayName: "Compiling \(inputs.count) .tips file(s) for \(targetName)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs + [tool] + [optionsFile, lockFile, catalogFile].compactMap { $0 },
                outputFiles: outputs
            )
        ]
    }

    /// The target's own file of this name: the one nearest its folder.
    static func nearest(_ name: String, in files: [URL]) -> URL? {
        files.filter { $0.lastPathComponent == name }.min { $0.pathComponents.count < $1.pathComponents.count }
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
