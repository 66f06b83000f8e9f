// What the checker knows of names: every declaration of a compilation, every
// use of one resolved to it, and what each declaration says as written. The
// checker records it as it checks, even where the input has errors: tools
// ask it and resolve no name themselves (as Roslyn's semantic model and
// rust-analyzer's are asked).

import TipsSyntax

/// What a declaration says beyond its name, as written, for tools to show.
///
/// Indirect: a signature other than `.plain` is a box, and the common
/// record without one (a tip's, an item's) carries 8 bytes for it rather than
/// 64. A ``SymbolDeclaration`` is then 112 bytes rather than 168; of 10,000
/// tips' 90,000 records, checking writes and sorts 5 MB fewer (Checker.run,
/// callgrind --cache-sim: 3.30 M D1 misses against 3.81 M unboxed, for 23,000 boxes).
public indirect enum SymbolSignature: Hashable, Sendable {
    /// Nothing beyond its name and its members (an enum, a tip, an item, ...).
    case plain
    /// A donation field or a tip argument: its type as written.
    case typed(Identifier)
    /// A parameter: its type as written, where its default value is, and its
    /// `transient` keyword when it has one.
    case parameter(type: Identifier, defaultValue: SourceRange?, transient: SourceRange?)
    /// An event: its `keep` clause, when it has one.
    case event(keep: SourceRange?)
    /// A group: its order as written (`ordered`), nil for the default.
    case group(order: Identifier?)
}

/// Where the key users' state is stored under is written, for a declaration
/// that has one.
public enum StoredIdentity: Hashable, Sendable {
    /// The declaration's name is the key: a tip without an `id`, a persisted
    /// parameter, an event, a donation field, an enum case (stored in the
    /// values of parameters and fields of its enum's type). Renaming it
    /// leaves the state stored under the old name behind.
    case name
    /// A tip's `id` string, at this range, is the key; its name may change freely.
    case id(SourceRange)
}

/// One declaration (or declared part of one) that the checker recorded.
public struct SymbolDeclaration: Hashable, Sendable {
    /// What is declared.
    public var symbol: Symbol
    /// Where its name is written; for a tip item, its keyword.
    public var nameRange: SourceRange
    /// The whole declaration, member or item.
    public var range: SourceRange
    /// The `///` lines.
    public var doc: [String] = []
    /// What it says beyond its name, as written.
    public var signature = SymbolSignature.plain
    /// Where the key of the users' state it persists is written, if it persists any.
    public var storedIdentity: StoredIdentity? = nil
    /// Its `renamedFrom` clause (the keys its users' state was stored under
    /// before), for a parameter, an event or an enum case that has one; a
    /// tip's `renamedFrom` is an item of its own (a member).
    public var renamedFrom: SourceRange? = nil
}

/// One use of a declared name: where it is written, and what it resolved to.
public struct SymbolUse: Hashable, Sendable {
    /// The name as written (for `.free`, the name without its dot).
    public var range: SourceRange
    /// The declaration it resolved to.
    public var symbol: Symbol
}

/// Every declaration of a compilation and every use of one, as the checker
/// resolved them. Only the first declaration of a name is recorded (a second
/// is an error, and every use resolves to the first).
///
/// Lookups scan the records: they serve a person's request (a hover, a
/// rename), while building an index would cost every compile.
public struct SymbolTable: Hashable, Sendable {
    /// Every declaration in input order: file by file, each declaration
    /// before its members and items, in the order they are written.
    public private(set) var declarations: [SymbolDeclaration]
    /// Every use of a declared name, in input order (file by file, by position).
    public private(set) var uses: [SymbolUse]

    /// A table of `declarations` and `uses` in any order; a use recorded twice counts once.
    init(declarations: [SymbolDeclaration] = [], uses: [SymbolUse] = []) {
        // Recorded kind by kind, each kind in input order: a few runs, which sorting merges.
        var declarations = declarations
        declarations.sort { $0.nameRange < $1.nameRange }
        var uses = uses
        uses.sort { $0.range < $1.range }
        uses.removeDuplicates()
        self.declarations = declarations
        self.uses = uses
    }

    /// A table of records already in order, kept as given.
    init(ordered declarations: [SymbolDeclaration], uses: [SymbolUse]) {
        self.declarations = declarations
        self.uses = uses
    }

    /// The declaration of `symbol`, if the compilation declares it.
    public func declaration(of symbol: Symbol) -> SymbolDeclaration? {
        declarations.first { $0.symbol == symbol }
    }

    /// The file-scope declaration called `name`, of whatever kind (file-scope names are one namespace).
    public func declaration(named name: String) -> SymbolDeclaration? {
        declarations.first { $0.symbol.isReferable && $0.symbol.declaration == $0.symbol && $0.symbol.name == name }
    }

    /// The members and items of a file-scope declaration, in the order written.
    public func members(of symbol: Symbol) -> [SymbolDeclaration] {
        guard let position = declarations.firstIndex(where: { $0.symbol == symbol }) else { return [] }
        let owner = declarations[position].range
        // A TipKit `@Parameter` pasted inside a tip's braces is a file-scope
        // declaration written among the tip's items: passed over, not an end.
        return declarations[(position + 1)...].prefix {
            ($0.symbol.declaration == symbol && $0.symbol != symbol) || owner.holds($0.range)
        }.filter { $0.symbol.declaration == symbol && $0.symbol != symbol }
    }

    /// The name a tool's cursor at byte `offset` of `file` is on (touching its
    /// end counts): a use, or the name of a declaration a use can refer to.
    public func symbol(at offset: UInt32, in file: FileID) -> (symbol: Symbol, range: SourceRange)? {
        let holds = { (range: SourceRange) in range.file == file && range.start <= offset && offset <= range.end }
        var low = 0
        var high = uses.count
        while low < high {
            let middle = (low + high) / 2
            let range = uses[middle].range
            if (range.file, range.end) < (file, offset) { low = middle + 1 } else { high = middle }
        }
        if low < uses.count, holds(uses[low].range) { return (uses[low].symbol, uses[low].range) }
        let declared = declarations.first { $0.symbol.isReferable && holds($0.nameRange) }
        return declared.map { ($0.symbol, $0.nameRange) }
    }

    /// Every place `symbol` is written: its declaration's name first, then its uses in input order.
    public func references(to symbol: Symbol) -> [SourceRange] {
        let declared = declaration(of: symbol).map { [$0.nameRange] } ?? []
        return declared + uses.lazy.filter { $0.symbol == symbol }.map(\.range)
    }

    /// The innermost declaration, member or item whose text holds `range`'s
    /// start: what a diagnostic reported before names were known (by the
    /// lexer or the parser) or by a back end belongs to.
    public func owner(of range: SourceRange) -> Symbol? {
        // The last declaration that starts at or before it, then back through
        // the members before it to the file-scope declaration they belong to.
        var low = 0
        var high = declarations.count
        while low < high {
            let middle = (low + high) / 2
            let start = declarations[middle].range
            if (start.file, start.start) <= (range.file, range.start) { low = middle + 1 } else { high = middle }
        }
        var passed: SourceRange?
        for declaration in declarations[..<low].reversed() {
            let written = declaration.range
            if written.file == range.file, written.start <= range.start, range.start < written.end {
                return declaration.symbol
            }
            guard declaration.symbol.declaration == declaration.symbol else { continue }
            // A file-scope declaration that does not hold it: no earlier one
            // does, unless that one holds this one too (a TipKit `@Parameter`
            // pasted inside a tip's braces is declared at file scope from
            // there, and several may be pasted one after the other: a
            // parameter is passed over on the way back to the tip).
            if let passed, !written.holds(passed) {
                guard case .parameter = declaration.symbol else { return nil }
            }
            passed = written
        }
        return nil
    }
}

extension [SymbolUse] {
    /// Removes each use that repeats the one before it. Nothing moves
    /// before the first repeat: storing a use over itself retains and
    /// releases its names, 1.2 M of the 131.7 M instructions of checking
    /// 1,000 tips (callgrind, `tipc check --jobs 1`).
    fileprivate mutating func removeDuplicates() {
        guard var kept = indices.dropFirst().first(where: { self[$0] == self[$0 - 1] }) else { return }
        for index in (kept + 1)..<count where self[index] != self[kept - 1] {
            swapAt(kept, index)
            kept += 1
        }
        removeLast(count - kept)
    }
}
