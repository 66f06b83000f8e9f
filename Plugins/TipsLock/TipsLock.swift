import Foundation
import PackagePlugin

/// Writes a target's `tipc.lock`, the persisted identities of its `.tips`
/// files, beside them:
///
///     swift package --allow-writing-to-package-directory tips-lock --target Name
///
/// It runs `tipc lock` over the target's `.tips` files with
/// `--output <target>/tipc.lock`, which reads the lock already there (what it
/// retired stays retired) and prints each change it records. The build
/// plugin then checks every build against that lock.
///
/// Like `generate-tips`, it declares no permission, so that `--help` is
/// answered without SwiftPM first asking for one.
@main
struct TipsLock: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        if extractor.extractFlag(named: "help") > 0 || arguments.contains("-h") {
            print(LockUsage.help)
            return
        }
        let names = extractor.extractOption(named: "target")
        if let unknown = extractor.remainingArguments.first { throw LockError.unknownArgument(unknown) }
        let targets = context.package.targets.compactMap { target in
            Self.tipsFiles(of: target).map { (target, $0) }
        }
        if let missing = names.first(where: { name in !targets.contains { $0.0.name == name } }) {
            throw LockError.noSuchTarget(missing, targetsWithTips: targets.map(\.0.name).sorted())
        }
        if targets.isEmpty { throw LockError.noTargetWithTips }
        let tool = try context.tool(named: "tipc").url
        for (target, inputs) in targets where names.isEmpty || names.contains(target.name) {
            let lock = target.directoryURL.appendingPathComponent("tipc.lock")
            let process = Process()
            process.executableURL = tool
            process.arguments = ["lock"] + inputs.map(\.path) + ["--output", lock.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw LockError.tipcFailed(target: target.name, status: process.terminationStatus)
            }
        }
    }

    /// A target's `.tips` files, sorted; nil for a target without any.
    static func tipsFiles(of target: Target) -> [URL]? {
        guard let module = target.sourceModule else { return nil }
        let inputs = module.sourceFiles.map(\.url).filter { $0.pathExtension == "tips" }.sorted { $0.path < $1.path }
        return inputs.isEmpty ? nil : inputs
    }
}

enum LockUsage {
    static let help = """
        Write the tipc.lock of targets with .tips files: every identity users' state is stored under.

        Usage: swift package --allow-writing-to-package-directory tips-lock [--target <name>]...

        For each target with .tips files (or each one named), runs `tipc lock` and writes
        <target>/tipc.lock, updated from the lock already there: what the files no longer declare, or
        moved with renamedFrom, is retired. Prints each change. Commit the lock; the build plugin then
        fails a build whose change would lose users' state, and running this again accepts it.

        Options:
          --target <name>  Only this target (repeatable). Default: every target with .tips files.
          --help, -h       Show this help.
        """
}

enum LockError: Error, CustomStringConvertible {
    case tipcFailed(target: String, status: Int32)
    case noSuchTarget(String, targetsWithTips: [String])
    case noTargetWithTips
    case unknownArgument(String)

    var description: String {
        switch self {
        case .tipcFailed(let target, let status):
            "tipc lock failed for target '\(target)' (exit status \(status)); nothing was written. On macOS, "
                + "writing into the package needs `swift package --allow-writing-to-package-directory tips-lock`"
        case .noSuchTarget(let name, let targets):
            targets.isEmpty
                ? "no target named '\(name)', and no target of this package has .tips files"
                : "no target named '\(name)' has .tips files; the targets that have are: "
                    + targets.joined(separator: ", ")
        case .noTargetWithTips:
            "no target of this package has .tips files"
        case .unknownArgument(let argument):
            "unknown argument '\(argument)'; run 'swift package tips-lock --help' for usage"
        }
    }
}
