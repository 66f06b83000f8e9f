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
/// plugin then checks every build against that lock. Its options, errors
/// and permission are `generate-tips`'s (``TipsCommand``).
@main
struct TipsLock: CommandPlugin {
    static let command = TipsCommand(name: "tips-lock", tipcCommand: "lock", help: LockUsage.help)

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        guard let targets = try Self.command.targets(in: context, arguments: arguments) else { return }
        let tool = try context.tool(named: "tipc").url
        for (target, tips) in targets {
            let lock = target.directoryURL.appendingPathComponent(TipsTargetFiles.lockFileName)
            try Self.command.runTipc(tool, tips.inputs.map(\.path) + ["--output", lock.path], for: target)
        }
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
