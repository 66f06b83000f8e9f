import TipsSyntax

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
    /// How many threads may write code at once; the code is the same whatever the number.
    public var jobs: Int

    /// Creates emit options.
    public init(accessLevel: AccessLevel = .internal, jobs: Int = 1) {
        self.accessLevel = accessLevel
        self.jobs = max(1, jobs)
    }
}

/// One generated file.
///
/// Its text is kept as the UTF-8 pieces it was written in (pieces written at
/// the same time are not joined): ``forEachPiece(_:)`` reads them in place, and ``utf8`` joins them only when asked. Two files
/// are equal when their names and bytes are, however the bytes are cut.
public struct EmittedFile: Hashable, Sendable {
    /// The output's file name (`Trails.tips.swift` for `Trails.tips`).
    public var fileName: String
    /// The text's UTF-8, in order.
    private var pieces: [ByteBuffer]

    /// The length of the text in bytes.
    public var byteCount: Int { pieces.reduce(0) { $0 + $1.count } }

    /// Its full text as UTF-8, the bytes written to disk, in one array.
    public var utf8: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { target, initialized in
            initialized = 0
            forEachPiece { piece in
                if let base = target.baseAddress, let from = piece.baseAddress {
                    (base + initialized).initialize(from: from, count: piece.count)
                }
                initialized += piece.count
            }
        }
    }

    /// Its full text, decoded from ``utf8`` on each read.
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Creates an emitted file.
    public init(fileName: String, text: String) {
        self.init(fileName: fileName, utf8: Array(text.utf8))
    }

    /// Creates an emitted file from the UTF-8 of its text.
    public init(fileName: String, utf8: [UInt8]) {
        self.init(fileName: fileName, pieces: [ByteBuffer(utf8)])
    }

    /// Creates an emitted file from pieces of text, in order.
    init(fileName: String, pieces: [ByteBuffer]) {
        self.fileName = fileName
        self.pieces = pieces.filter { !$0.isEmpty }
    }

    /// Calls `body` with each piece of the text's UTF-8, in order, in place.
    public func forEachPiece(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        for piece in pieces { piece.withBytes(0..<piece.count, body) }
    }

    public static func == (lhs: EmittedFile, rhs: EmittedFile) -> Bool {
        lhs.fileName == rhs.fileName && lhs.byteCount == rhs.byteCount && lhs.utf8 == rhs.utf8
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileName)
        forEachPiece { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A code generator that reads the checked model. The TipsRuntime back end
/// is one; a native TipKit back end can sit beside it without touching the
/// checker.
public protocol Backend: Sendable {
    /// The name of the file generated for an input file (`Trails.tips` →
    /// `Trails.tips.swift`); the driver reports two inputs that would share one.
    func outputFileName(for inputFileName: String) -> String

    /// Reports what this back end cannot generate (for example names that
    /// would clash in its output). Called only for a program without errors.
    func validate(_ program: CheckedProgram, diagnostics: inout DiagnosticEngine)

    /// Generates one file per input file, in input order.
    func emit(_ program: CheckedProgram, options: EmitOptions) -> [EmittedFile]
}
