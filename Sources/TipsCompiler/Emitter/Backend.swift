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

    /// Creates emit options.
    public init(accessLevel: AccessLevel = .internal, compilerVersion: String = TipcVersion.current) {
        self.accessLevel = accessLevel
        self.compilerVersion = compilerVersion
    }
}

/// One generated file.
public struct EmittedFile: Hashable, Sendable {
    /// The output's file name (`Trails.swift` for `Trails.tips`).
    public var fileName: String
    /// Its full text.
    public var text: String

    /// Creates an emitted file.
    public init(fileName: String, text: String) {
        self.fileName = fileName
        self.text = text
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
