/// The access level of generated declarations.
public enum AccessLevel: String, Sendable, CaseIterable {
    case `internal`
    case `package`
    case `public`
}

/// What a back end needs besides the program.
public struct EmitOptions: Hashable, Sendable {
    /// The access level of every generated declaration.
    public var accessLevel: AccessLevel
    /// The compiler version written into each header.
    public var compilerVersion: String
    /// How many threads may write code at once; the code is the same whatever the number.
    public var jobs: Int

    /// Creates emit options.
    public init(accessLevel: AccessLevel = .internal, compilerVersion: String = TipcVersion.current, jobs: Int = 1) {
        self.accessLevel = accessLevel
        self.compilerVersion = compilerVersion
        self.jobs = max(1, jobs)
    }
}

/// One generated file.
public struct EmittedFile: Hashable, Sendable {
    /// The output's file name (`Trails.swift` for `Trails.tips`).
    public var fileName: String
    /// Its full text as UTF-8, the bytes written to disk: kept as bytes so
    /// writing the file never decodes and re-encodes it.
    public var utf8: [UInt8]

    /// Its full text, decoded from ``utf8`` on each read.
    public var text: String {
        get { String(decoding: utf8, as: UTF8.self) }
        set { utf8 = Array(newValue.utf8) }
    }

    /// Creates an emitted file.
    public init(fileName: String, text: String) {
        self.init(fileName: fileName, utf8: Array(text.utf8))
    }

    /// Creates an emitted file from the UTF-8 of its text.
    public init(fileName: String, utf8: [UInt8]) {
        self.fileName = fileName
        self.utf8 = utf8
    }
}

/// A code generator that reads the checked model. The TipsRuntime emitter is
/// one; a native TipKit emitter can sit beside it without touching the checker.
public protocol Backend: Sendable {
    /// Reports what this back end cannot generate (for example names that
    /// would clash in its output). Called only for a program without errors.
    func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine)

    /// Generates one file per input file, in input order.
    func emit(_ program: CheckedProgram, options: EmitOptions) -> [EmittedFile]
}

extension Backend {
    /// The output file name for an input: `Trails.tips` → `Trails.swift`.
    public static func outputFileName(for inputFileName: String) -> String {
        var base = inputFileName
        if base.hasSuffix(".tips") {
            base.removeLast(5)
        } else if let dot = base.lastIndex(of: "."), dot != base.startIndex {
            base = String(base[..<dot])
        }
        return base + ".swift"
    }
}
