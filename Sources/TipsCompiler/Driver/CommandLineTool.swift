import Foundation

/// Runs `tipc`: parses the arguments, reads the inputs, compiles, and writes
/// the outputs. `main.swift` is only a call to ``run(_:standardOutput:standardError:)``.
public enum CommandLineTool {
    /// Exit status: success (warnings allowed).
    public static let success: Int32 = 0
    /// Exit status: errors in the input.
    public static let inputErrors: Int32 = 1
    /// Exit status: bad usage, unreadable input or unwritable output.
    public static let usageError: Int32 = 2

    /// Runs one command line (without the program name) and returns the exit status.
    ///
    /// With `exitsAfterwards` (the `tipc` executable), what the compilation
    /// built is left for the process's exit to reclaim instead of being freed
    /// piece by piece, which for a large input costs as much as emitting it
    /// (compilers do the same, as clang's `-disable-free`).
    public static func run(
        _ arguments: [String], standardOutput: (String) -> Void, standardError: (String) -> Void,
        exitsAfterwards: Bool = false
    ) -> Int32 {
        let command: TipcCommand
        do {
            let expanded = try CommandLineArguments.expandingOptionsFiles(arguments) { path in
                FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            }
            command = try CommandLineArguments.parse(expanded)
        } catch {
            standardError("tipc: error: \(error.message)\n")
            return usageError
        }
        switch command {
        case .help(let topic):
            standardOutput(topic.map(HelpText.command) ?? HelpText.overview)
            return success
        case .version:
            standardOutput("tipc \(TipcVersion.current)\n")
            return success
        case .check(let files, let warningsAsErrors, let jobs):
            return compile(
                files, options: CompilationOptions(warningsAsErrors: warningsAsErrors, emitsCode: false, jobs: jobs),
                outputDirectory: nil, standardError: standardError, keepsResult: exitsAfterwards)
        case .compile(let files, let outputDirectory, let accessLevel, let warningsAsErrors, let jobs):
            return compile(
                files,
                options: CompilationOptions(accessLevel: accessLevel, warningsAsErrors: warningsAsErrors, jobs: jobs),
                outputDirectory: outputDirectory, standardError: standardError, keepsResult: exitsAfterwards)
        case .dump(let kind, let files):
            return dump(kind, files, standardOutput: standardOutput, standardError: standardError)
        case .test(let files, let filter, let junitXMLPath):
            return ScenarioTestCommand.run(
                files, filter: filter, junitXMLPath: junitXMLPath, standardOutput: standardOutput,
                standardError: standardError)
        }
    }

    /// Reads every input, or reports the first that cannot be read.
    static func readInputs(_ files: [String], standardError: (String) -> Void) -> [CompilationInput]? {
        var inputs: [CompilationInput] = []
        for path in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                standardError("tipc: error: cannot read '\(path)': no such file\n")
                return nil
            }
            guard !isDirectory.boolValue else {
                standardError("tipc: error: cannot read '\(path)': it is a directory\n")
                return nil
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                standardError("tipc: error: cannot read '\(path)': permission denied or unreadable\n")
                return nil
            }
            inputs.append(CompilationInput(path: path, bytes: Array(data)))
        }
        return inputs
    }

    private static func compile(
        _ files: [String], options: CompilationOptions, outputDirectory: String?, standardError: (String) -> Void,
        keepsResult: Bool
    ) -> Int32 {
        guard let inputs = readInputs(files, standardError: standardError) else { return usageError }
        let result = Compilation(inputs: inputs, options: options).run()
        if keepsResult { _ = Unmanaged.passRetained(KeptUntilExit(result)) }
        let rendered = result.renderedDiagnostics()
        if !rendered.isEmpty { standardError(rendered) }
        if result.hasErrors {
            let count = result.diagnostics.filter { $0.severity == .error }.count
            let consequence = outputDirectory == nil ? "" : "; nothing was written"
            standardError("tipc: \(count) error\(count == 1 ? "" : "s") in the input\(consequence)\n")
            return inputErrors
        }
        guard let outputDirectory else { return success }
        do {
            try OutputWriter.write(result.outputs, to: outputDirectory)
        } catch {
            standardError("tipc: error: \(error.message)\n")
            return usageError
        }
        return success
    }

    private static func dump(
        _ kind: DumpKind, _ files: [String], standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> Int32 {
        guard let inputs = readInputs(files, standardError: standardError) else { return usageError }
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        for input in inputs {
            let file = sources.add(path: input.path, bytes: input.bytes)
            switch kind {
            case .tokens:
                for token in Lexer.tokenize(file, diagnostics: &diagnostics) {
                    let text = file.text(in: token.range)
                    standardOutput("\(file.lineColumn(of: token.range.start)) \(token.kind) \(text.debugDescription)\n")
                }
            case .ast:
                standardOutput(dumpAST(Parser.parse(file, diagnostics: &diagnostics), sources: sources))
            }
        }
        let rendered = DiagnosticRenderer(sources: sources).render(diagnostics.sorted)
        if !rendered.isEmpty { standardError(rendered) }
        return diagnostics.hasErrors ? inputErrors : success
    }
}

/// Writes generated files: creates the directory, writes atomically, and
/// leaves a file untouched when its bytes are already right (so its
/// modification date, and every build step that depends on it, stays put).
public enum OutputWriter {
    /// Writes `files` into `directory`; throws a one-line reason on failure.
    public static func write(_ files: [EmittedFile], to directory: String) throws(UsageError) {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw UsageError("cannot write to '\(directory)': it is not a directory")
            }
        } else {
            do {
                try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw UsageError("cannot create the output directory '\(directory)'")
            }
        }
        let base = URL(fileURLWithPath: directory, isDirectory: true)
        for file in files {
            let path = base.appendingPathComponent(file.fileName).path
            if fileHolds(path, file) { continue }
            guard writeAtomically(file, to: path) else { throw UsageError("cannot write '\(path)'") }
        }
    }

    /// Whether the file at `path` exists and holds exactly the file's text;
    /// read a megabyte at a time, never whole.
    static func fileHolds(_ path: String, _ file: EmittedFile) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size == UInt64(file.byteCount),
            (try? handle.seek(toOffset: 0)) != nil
        else { return false }
        var same = true
        file.forEachPiece { piece in
            var offset = 0
            while same, offset < piece.count {
                let length = min(1 << 20, piece.count - offset)
                guard let chunk = try? handle.read(upToCount: length), chunk.count == length,
                    let base = piece.baseAddress
                else {
                    same = false
                    return
                }
                same = chunk.withUnsafeBytes { read in
                    read.baseAddress.map { memcmp($0, base + offset, length) == 0 } ?? false
                }
                offset += length
            }
        }
        return same
    }

    /// Writes the file's pieces to a temporary file beside `path`, then renames
    /// it over `path`: a reader sees the old text or the new, never a part.
    static func writeAtomically(_ file: EmittedFile, to path: String) -> Bool {
        let temporary = path + ".tipc-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        var written = true
        file.forEachPiece { piece in
            guard written, let base = piece.baseAddress else { return }
            // The piece's bytes, lent to Data without a copy for the write.
            let bytes = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: piece.count, deallocator: .none)
            do { try handle.write(contentsOf: bytes) } catch { written = false }
        }
        if close(descriptor) != 0 { written = false }
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// A compilation's result, kept alive on purpose until the process exits.
private final class KeptUntilExit {
    let result: CompilationResult
    init(_ result: CompilationResult) { self.result = result }
}
