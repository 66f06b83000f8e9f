import Foundation
import TipsCompiler
import TipsStringCatalog
import TipsSyntax

// Which files compile together, and their text: an open document's text as
// the editor has it, any other file's as it is on disk.
//
// The build plugin compiles every `.tips` file of a SwiftPM target together.
// The server finds the target as the plugin would for the usual layout: the
// folder right below `Sources/` (or `Tests/`) of a folder holding
// `Package.swift`, with every `.tips` file below it. Elsewhere (a target with
// a custom `path:`, or no package at all) a file compiles with the `.tips`
// files of its own folder. The `tipc.lock` and `Tips.xcstrings` of that
// folder are the compilation's, as the plugin passes them to `tipc compile`.

/// The open documents and the files beside them.
struct Workspace {
    /// The open documents, by URI.
    var documents: [String: TextDocument] = [:]

    /// The path of a `file://` URI; nil for any other scheme.
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file://` URI of a path.
    static func uri(of path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// The file names of the files a compilation reads beside its `.tips`
    /// files: its lock and its String Catalog.
    static let companionNames: Set<String> = [LockFile.defaultFileName, StringCatalog.defaultFileName]

    /// Whether `uri` names a lock or a String Catalog: open in an editor, it
    /// is checked with the `.tips` files of its folder, never read as one.
    static func isCompanion(_ uri: String) -> Bool {
        guard let path = path(of: uri) else { return false }
        return companionNames.contains((path as NSString).lastPathComponent)
    }

    /// The URIs of the `.tips` files that compile with `uri`, sorted by path:
    /// `uri` among them, unless it is a lock or a String Catalog, whose
    /// compilation is the `.tips` files it sits beside.
    func compilation(of uri: String) -> [String] {
        guard let path = Workspace.path(of: uri) else { return [uri] }
        return compilation(of: uri, at: path, in: Workspace.compilationRoot(of: path))
    }

    /// ``compilation(of:)`` of `uri`, at `path`, whose compilation root
    /// (``compilationRoot(of:)``) is `root`.
    private func compilation(of uri: String, at path: String, in root: (folder: String, recursive: Bool)) -> [String] {
        let (root, recursive) = root
        var paths = Set(Workspace.tipsFiles(in: root, recursive: recursive))
        if !Workspace.isCompanion(uri) { paths.insert(path) }
        for open in documents.keys {
            guard let other = Workspace.path(of: open), other.hasSuffix(".tips") else { continue }
            let folder = (other as NSString).deletingLastPathComponent
            if recursive ? other.hasPrefix(root + "/") : folder == root { paths.insert(other) }
        }
        return paths.sorted().map { path in
            // Keep the client's spelling of an open document's URI.
            documents.keys.first { Workspace.path(of: $0) == path } ?? Workspace.uri(of: path)
        }
    }

    /// The folder whose `.tips` files compile together with `path`, and
    /// whether its subfolders count: they do in a package target's folder
    /// (whose name is the target's), and only there.
    static func compilationRoot(of path: String) -> (folder: String, recursive: Bool) {
        let folder = (path as NSString).deletingLastPathComponent
        var candidate = folder
        while candidate != "/" && !candidate.isEmpty {
            let parent = (candidate as NSString).deletingLastPathComponent
            let parentName = (parent as NSString).lastPathComponent
            if parentName == "Sources" || parentName == "Tests" {
                let package = ((parent as NSString).deletingLastPathComponent as NSString).appendingPathComponent(
                    "Package.swift")
                if FileManager.default.fileExists(atPath: package) { return (candidate, true) }
            }
            candidate = parent
        }
        return (folder, false)
    }

    /// The `.tips` files in a folder (and below it, skipping hidden folders and `.build`).
    static func tipsFiles(in folder: String, recursive: Bool) -> [String] {
        let manager = FileManager.default
        guard recursive else {
            let names = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { $0.hasSuffix(".tips") }.map { (folder as NSString).appendingPathComponent($0) }
        }
        var found: [String] = []
        guard let walker = manager.enumerator(atPath: folder) else { return [] }
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            if name.hasSuffix(".tips") { found.append((folder as NSString).appendingPathComponent(relative)) }
        }
        return found
    }

    /// The text of `uri`: the open document's, or the file's on disk; nil when neither exists.
    /// A file on disk larger than ``LanguageServer/maximumDocumentBytes`` is
    /// not read: it counts as absent.
    func document(_ uri: String) -> TextDocument? {
        if let open = documents[uri] { return open }
        guard let path = Workspace.path(of: uri),
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
            size <= LanguageServer.maximumDocumentBytes,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return TextDocument(uri: uri, version: 0, text: String(decoding: data, as: UTF8.self))
    }

    /// Compiles `uri` with the files that compile with it, against their
    /// lock when there is one (as the build plugin does), leaving out any
    /// file larger than ``LanguageServer/maximumDocumentBytes``. In a
    /// package target the lock's errors name the package's `tips-lock`
    /// command, as in `swift build`; elsewhere `tipc lock`.
    func analyze(_ uri: String) -> Analysis {
        // The root found once: finding it asks the file system at each folder up.
        let located = Workspace.path(of: uri).map { (path: $0, root: Workspace.compilationRoot(of: $0)) }
        var documents: [TextDocument] = []
        for member in located.map({ compilation(of: uri, at: $0.path, in: $0.root) }) ?? [uri] {
            if let document = document(member), document.bytes.count <= LanguageServer.maximumDocumentBytes {
                documents.append(document)
            }
        }
        let root = located?.root
        let target = root.flatMap { $0.recursive ? ($0.folder as NSString).lastPathComponent : nil }
        return Analysis(
            documents: documents, lock: root.flatMap { companion(LockFile.defaultFileName, in: $0.folder) },
            catalog: root.flatMap { companion(StringCatalog.defaultFileName, in: $0.folder) },
            lockUpdateCommand: target.map(LockFile.packageUpdateCommand(target:)) ?? LockFile.updateCommand)
    }

    /// The file named `name` in `folder`, the folder whose `.tips` files
    /// compile together (the target's folder, where the build plugin finds
    /// it): its `tipc.lock` or its `Tips.xcstrings`, as the editor or the disk has it.
    func companion(_ name: String, in folder: String) -> TextDocument? {
        document(Workspace.uri(of: (folder as NSString).appendingPathComponent(name)))
    }
}
