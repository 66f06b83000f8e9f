import Foundation
import PackagePlugin

/// What the command plugins `generate-tips` and `tips-lock` share: their
/// options, the targets they act on, running `tipc`, and their errors.
///
/// Neither declares a permission, so that `--help` (and a mistyped target) is
/// answered without SwiftPM first asking for one; on macOS, SwiftPM's sandbox
/// lets them write only with `--allow-writing-to-package-directory`.
struct TipsCommand {
    /// The command's name, as `swift package` takes it.
    let name: String
    /// The `tipc` command it runs for each target.
    let tipcCommand: String
    /// Its usage, printed for `--help`.
    let help: String

    /// The targets `arguments` name with `--target` (by default every target
    /// with `.tips` files), in the package's order, with their files; nil
    /// when `arguments` ask for `--help`, which this prints.
    func targets(
        in context: PluginContext, arguments: [String]
    ) throws -> [(target: any Target, files: TipsTargetFiles)]? {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 || arguments.contains("-h") {
            print(help)
            return nil
        }
        let names = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first {
            throw TipsCommandError.unknownArgument(unknown, command: name)
        }
        let targets = context.package.targets.compactMap { target in
            TipsTargetFiles(target).map { (target: target, files: $0) }
        }
        if let missing = names.first(where: { name in !targets.contains { $0.target.name == name } }) {
            throw TipsCommandError.noSuchTarget(missing, targetsWithTips: targets.map(\.target.name).sorted())
        }
        if targets.isEmpty { throw TipsCommandError.noTargetWithTips }
        return targets.filter { names.isEmpty || names.contains($0.target.name) }
    }

    /// Runs `tipc` (`tool`) with ``tipcCommand`` and `arguments` for `target`
    /// to its end; throws when it fails.
    func runTipc(_ tool: URL, _ arguments: [String], for target: any Target) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = [tipcCommand] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TipsCommandError.tipcFailed(
                tipcCommand, target: target.name, status: process.terminationStatus, command: name)
        }
    }
}

/// Why a command plugin stopped.
enum TipsCommandError: Error, CustomStringConvertible {
    case tipcFailed(String, target: String, status: Int32, command: String)
    case noSuchTarget(String, targetsWithTips: [String])
    case noTargetWithTips
    case unknownArgument(String, command: String)

    var description: String {
        switch self {
        case .tipcFailed(let tipcCommand, let target, let status, let command):
            "tipc \(tipcCommand) failed for target '\(target)' (exit status \(status)); nothing was written. "
                + "On macOS, writing into the package needs "
                + "`swift package --allow-writing-to-package-directory \(command)`"
        case .noSuchTarget(let name, let targets):
            targets.isEmpty
                ? "no target named '\(name)', and no target of this package has .tips files"
                : "no target named '\(name)' has .tips files; the targets that have are: "
                    + targets.joined(separator: ", ")
        case .noTargetWithTips:
            "no target of this package has .tips files"
        case .unknownArgument(let argument, let command):
            "unknown argument '\(argument)'; run 'swift package \(command) --help' for usage"
        }
    }
}
