import TipsCompiler
import TipsSyntax

/// Compiles `bytes` through the whole pipeline (parse, check, validate, emit)
/// twice: as one file, and split into two files at a byte chosen by the input
/// itself, so cross-file paths (duplicate declarations, one configuration,
/// output name clashes) are reached too. Every result is rendered, so the
/// diagnostic renderer sees every range the compiler produced; the input is
/// also formatted (`FormatTarget.swift`).
func compileEverything(_ bytes: [UInt8]) {
    render(Compilation(inputs: [CompilationInput(path: "fuzz.tips", bytes: bytes)]).run())
    formatAndCheck(bytes)
    guard let first = bytes.first, bytes.count > 1 else { return }
    let split = 1 + Int(first) * (bytes.count - 1) / 255
    let inputs = [
        CompilationInput(path: "A.tips", bytes: Array(bytes[1..<split])),
        CompilationInput(path: "dir/B.tips", bytes: Array(bytes[split...])),
    ]
    render(Compilation(inputs: inputs, options: CompilationOptions(accessLevel: .public)).run())
}

/// Reads `bytes`, a file named `path` added to `sources`, with `read` (a
/// String Catalog's or a lock's reader), and checks what every reader of a
/// file beside the `.tips` files promises: it returns nil exactly when it
/// reported an error, every diagnostic lies inside the file, and the
/// diagnostics render to text exactly when there are any.
func readChecked<Read>(
    _ bytes: [UInt8], as path: String, into sources: inout SourceManager,
    by read: (SourceFile, inout DiagnosticEngine) -> Read?
) -> Read? {
    let file = sources.add(path: path, bytes: bytes)
    var diagnostics = DiagnosticEngine()
    let result = read(file, &diagnostics)
    precondition((result == nil) == diagnostics.hasErrors, "\(path) read with errors, or refused without one")
    for diagnostic in diagnostics.reported {
        precondition(Int(diagnostic.range.end) <= bytes.count, "diagnostic range past the end of \(path)")
    }
    precondition(
        DiagnosticRenderer(sources: sources).render(diagnostics.reported).isEmpty == diagnostics.reported.isEmpty,
        "diagnostics rendered to nothing")
    return result
}

/// Renders a result and checks the invariants the compiler promises; a
/// broken invariant traps, which the fuzzer reports as a crash. `inputs`
/// is how many `.tips` files it compiled (a catalog is a source file
/// without an output), all of them when nil.
func render(_ result: CompilationResult, inputs: Int? = nil) {
    let text = result.renderedDiagnostics()
    precondition(result.diagnostics.isEmpty == text.isEmpty, "diagnostics rendered to nothing")
    for diagnostic in result.diagnostics {
        let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range) + diagnostic.fixIts.map(\.range)
        for range in ranges {
            precondition(Int(range.file.rawValue) < result.sources.files.count, "diagnostic in no file")
            let size = result.sources[range.file].bytes.count
            precondition(Int(range.end) <= size, "diagnostic range past the end of its file")
        }
    }
    if !result.hasErrors {
        precondition(result.outputs.count == inputs ?? result.sources.files.count, "no output without errors")
    }
}

#if TIPC_FUZZ
    import Foundation

    /// What this run fuzzes: the compiler on raw bytes, or with
    /// `TIPC_FUZZ_TARGET=catalog` the String Catalog reader, with
    /// `TIPC_FUZZ_TARGET=lock` the lock's reader and checker (`LockTarget.swift`), or with
    /// `TIPC_FUZZ_TARGET=structured` the structure-aware target (`StructuredTarget.swift`).
    let fuzzTarget = ProcessInfo.processInfo.environment["TIPC_FUZZ_TARGET"] ?? "compiler"

    /// The libFuzzer entry point.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        switch fuzzTarget {
        case "catalog": readCatalogAndCheck(bytes)
        case "lock": readLockAndCheck(bytes)
        case "structured": fuzzStructured(bytes)
        default: compileEverything(bytes)
        }
        return 0
    }

    /// libFuzzer's driver (compiler-rt's `int LLVMFuzzerRunDriver(int *, char ***, int (*)(const uint8_t *, size_t))`).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// SwiftPM links executables on Linux with `main` aliased to `<module>_main`,
    /// so libFuzzer's own `main` is never used: this one hands over to its driver.
    @_cdecl("tipc_fuzz_main")
    public func fuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments, fuzz)
    }
#endif
