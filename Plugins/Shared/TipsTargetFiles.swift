import Foundation
import PackagePlugin

// The plugins' shared sources. A plugin can depend on no library, so each
// plugin's folder links this folder in (`Plugins/<plugin>/Shared`).

/// A target's `.tips` files and the files beside them that `tipc` reads, found
/// the one way every plugin finds them.
struct TipsTargetFiles {
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

    /// Every file of the target, the catalog included.
    let files: [URL]
    /// The `.tips` files, sorted by path.
    let inputs: [URL]
    let optionsFile: URL?
    /// The target's own lock: the one nearest its folder, where `tips-lock` writes it.
    let lockFile: URL?
    /// The target's own catalog, the one nearest its folder.
    let catalogFile: URL?

    /// The `.tips` files among `files`, and what is beside them; nil when there is no `.tips` file.
    init?(files: [URL]) {
        inputs = files.filter { $0.pathExtension == "tips" }.sorted { $0.path < $1.path }
        guard !inputs.isEmpty else { return nil }
        self.files = files
        optionsFile = files.first { $0.lastPathComponent == Self.optionsFileName }
        lockFile = Self.nearest(Self.lockFileName, in: files)
        catalogFile = Self.nearest(Self.catalogFileName, in: files)
    }

    /// A package target's files; nil for a target without `.tips` files.
    init?(_ target: any Target) {
        guard let module = target.sourceModule else { return nil }
        var files = module.sourceFiles.map(\.url)
        // A catalog the target excludes (so that SwiftPM does not take it for a resource) is still the target's.
        let catalog = module.directoryURL.appendingPathComponent(Self.catalogFileName)
        if !files.contains(catalog), FileManager.default.fileExists(atPath: catalog.path) { files.append(catalog) }
        self.init(files: files)
    }

    /// The names of the files `tipc compile` writes, one per input file
    /// name, in the inputs' order: `Menu.tips` → `Menu.tips.swift`, as tipc
    /// names it (`TipsRuntimeBackend.outputFileName(for:)`). Two inputs of
    /// one name (in different folders) give it once: tipc reports the clash.
    var outputNames: [String] {
        var seen: Set<String> = []
        return inputs.map { $0.deletingPathExtension().lastPathComponent + ".tips.swift" }
            .filter { seen.insert($0).inserted }
    }

    /// `tipc compile`'s arguments for the options file, the lock and the
    /// catalog the target has; a lock's errors name `lockUpdateCommand`
    /// (else `tipc lock`) as the way to accept a change.
    func compileOptions(lockUpdateCommand: String? = nil) -> [String] {
        var arguments: [String] = []
        if let optionsFile { arguments += ["--options-file", optionsFile.path] }
        if let lockFile {
            arguments += ["--lock", lockFile.path] + (lockUpdateCommand.map { ["--lock-update", $0] } ?? [])
        }
        if let catalogFile { arguments += ["--strings", catalogFile.path] }
        return arguments
    }

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

    /// The target's own file of this name: the one nearest its folder.
    private static func nearest(_ name: String, in files: [URL]) -> URL? {
        files.filter { $0.lastPathComponent == name }.min { $0.pathComponents.count < $1.pathComponents.count }
    }
}
