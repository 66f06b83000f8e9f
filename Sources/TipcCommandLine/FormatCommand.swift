import Foundation
import TipsCompiler
import TipsFormat
import TipsSyntax

/// `tipc format [--check] <file.tips>...`: rewrites files in the canonical
/// layout, or with `--check` only lists those that would change.
enum FormatCommand {
    /// Formats the files; returns the exit status.
    static func run(_ paths: [String], check: Bool, standardOutput: (String) -> Void, standardError: (String) -> Void)
        -> Int32
    {
        if paths == ["-"] { return filter(check: check, standardOutput: standardOutput, standardError: standardError) }
        var sources = SourceManager()
        guard let inputs = CommandLineTool.readInputs(paths, standardError: standardError) else {
            return CommandLineTool.usageError
        }
        let files = inputs.map { sources.add(path: $0.path, bytes: $0.bytes) }
        var status = CommandLineTool.success
        var printer = DiagnosticPrinter()
        for file in files {
            let result = TipsFormatter.format(file)
            guard let text = result.text else {
                printer.collect(result.diagnostics, in: sources)
                status = CommandLineTool.inputErrors
                continue
            }
            let formatted = Array(text.utf8)
            if formatted == file.bytes { continue }
            if check {
                standardOutput("\(file.path)\n")
                status = CommandLineTool.inputErrors
                continue
            }
            // Written beside the file and renamed over it, with the file's permissions.
            let permissions = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.posixPermissions]
            let rewritten = EmittedFile(fileName: (file.path as NSString).lastPathComponent, utf8: formatted)
            if let reason = OutputWriter.writeAtomically(
                rewritten, to: file.path, permissions: (permissions as? NSNumber).map { mode_t($0.uint16Value) })
            {
                standardError("tipc: error: cannot write '\(file.path)': \(reason)\n")
                return CommandLineTool.usageError
            }
        }
        if !printer.text.isEmpty { standardError(printer.text) }
        if check, status == CommandLineTool.inputErrors, printer.text.isEmpty {
            standardError("tipc: these files are not formatted; run 'tipc format' on them\n")
        }
        return status
    }

    /// `tipc format -`: standard input, formatted, to standard output (for
    /// editors that filter text through a command); with syntax errors the
    /// text comes out unchanged and the errors go to standard error.
    static func filter(check: Bool, standardOutput: (String) -> Void, standardError: (String) -> Void) -> Int32 {
        var sources = SourceManager()
        let file = sources.add(path: "<stdin>", bytes: Array(FileHandle.standardInput.readDataToEndOfFile()))
        let result = TipsFormatter.format(file)
        guard let text = result.text else {
            if !check { standardOutput(String(decoding: file.bytes, as: UTF8.self)) }
            var printer = DiagnosticPrinter()
            printer.collect(result.diagnostics, in: sources)
            standardError(printer.text)
            return CommandLineTool.inputErrors
        }
        if check { return Array(text.utf8) == file.bytes ? CommandLineTool.success : CommandLineTool.inputErrors }
        standardOutput(text)
        return CommandLineTool.success
    }
}
