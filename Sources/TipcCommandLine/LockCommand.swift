import Foundation
import TipsCompiler
import TipsSyntax

/// `tipc lock <file.tips>... --output <tipc.lock> [--jobs N]`: writes the
/// lock of a compilation, updated from the lock already at the output path
/// (what it retired stays retired; what the files no longer declare, or
/// moved with `renamedFrom`, is retired). Prints one line per change. With
/// errors in the input or in that lock, prints them, writes nothing, exits 1.
public struct LockCommand: Hashable, Sendable {
    /// The files it reads and the lock it writes.
    public var io: InputsAndOutput

    /// Runs the command and returns the exit status.
    func run(standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        guard let result = io.check(standardError: standardError) else { return CommandLineTool.usageError }
        let previous: CompilationInput?
        do {
            previous = try Self.readExisting(io.output)
        } catch {
            return CommandLineTool.fail(error, standardError: standardError)
        }
        var printer = DiagnosticPrinter()
        result.report(to: &printer)
        let lock = previous.map { Self.read($0, into: &printer) }
        if !printer.text.isEmpty { standardError(printer.text) }
        guard let program = result.program, !result.hasErrors, lock.map({ $0 != nil }) ?? true else {
            standardError(printer.errorSummary(consequence: "; '\(io.output)' was not written"))
            return CommandLineTool.inputErrors
        }
        let (updated, changes) = LockFile.updated(for: program, from: lock ?? nil)
        // Written as the lock already is (its line break, a byte order mark), so that an unchanged one stays.
        let text = TextForm(of: previous?.bytes ?? []).applied(to: updated.text)
        do {
            try OutputWriter.write(EmittedFile(fileName: LockFile.defaultFileName, text: text), toPath: io.output)
        } catch {
            return CommandLineTool.fail(error, standardError: standardError)
        }
        if changes.isEmpty {
            standardOutput("\(io.output) is up to date\n")
        } else {
            let count = "\(changes.count) change\(changes.count == 1 ? "" : "s")"
            standardOutput("\(io.output): \(count)\n" + changes.map { "  \($0)\n" }.joined())
        }
        return CommandLineTool.success
    }

    /// The lock already at `path`: nil when there is none, or when it holds
    /// only white space (nothing is retired in it); a directory is a usage error.
    static func readExisting(_ path: String) throws(UsageError) -> CompilationInput? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard !isDirectory.boolValue else { throw UsageError("cannot write '\(path)': it is a directory") }
        let bytes = try FileBytes.contents(of: path)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return nil }
        return CompilationInput(path: path, bytes: bytes)
    }

    /// Reads a lock, its diagnostics into `printer`.
    static func read(_ input: CompilationInput, into printer: inout DiagnosticPrinter) -> LockFile? {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        let lock = LockFile.read(sources.add(path: input.path, bytes: input.bytes), diagnostics: &diagnostics)
        printer.collect(diagnostics.sorted, in: sources)
        return lock
    }

    /// Reads the lock given with `--lock`, or says why it cannot be.
    static func readLockOption(_ path: String?) throws(UsageError) -> CompilationInput? {
        try CommandLineTool.readOptionFile(path, kind: "lock", writer: "tipc lock")
    }
}
