import Foundation
import PackagePlugin

/// Writes the Swift generated from each target's `.tips` files into the
/// package, for teams that commit generated code:
///
///     swift package --allow-writing-to-package-directory generate-tips [--target Name]
///
/// It runs the same `tipc compile` as the build plugin, so naming and
/// emission are identical; the files land in `<target>/Generated/`.
@main
struct TipsGenerate: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = Set(extractor.extractOption(named: "target"))
        let tool = try context.tool(named: "tipc").url
        for target in context.package.targets where names.isEmpty || names.contains(target.name) {
            guard let module = target.sourceModule else { continue }
            let files = module.sourceFiles.map(\.url)
            let inputs = files.filter { $0.pathExtension == "tips" }.sorted { $0.path < $1.path }
            guard !inputs.isEmpty else { continue }
            let output = target.directoryURL.appendingPathComponent("Generated", isDirectory: true)
            var toolArguments = ["compile"] + inputs.map(\.path) + ["--output-dir", output.path]
            if let options = files.first(where: { $0.lastPathComponent == "tipc.options" }) {
                toolArguments += ["--options-file", options.path]
            }
            let process = Process()
            process.executableURL = tool
            process.arguments = toolArguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw GenerateError.tipcFailed(target: target.name, status: process.terminationStatus)
            }
            print("Generated \(inputs.count) file(s) for \(target.name) in \(output.path)")
        }
    }
}

enum GenerateError: Error, CustomStringConvertible {
    case tipcFailed(target: String, status: Int32)

    var description: String {
        switch self {
        case .tipcFailed(let target, let status): "tipc failed for target '\(target)' (exit status \(status))"
        }
    }
}
