import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A thin wrapper over one SQLite connection: statements with bound
/// parameters, rows read by column, and the result code of every call.
/// Not thread-safe: its owner uses it under a lock.
struct SQLiteConnection {
    /// A value bound to a statement's `?`.
    enum Value {
        case int(Int64)
        case blob([UInt8])
        case text(String)
    }

    /// A failed call: its result code and SQLite's message.
    struct Failure: Error, CustomStringConvertible {
        let code: Int32
        let message: String
        var description: String { "SQLite error \(code): \(message)" }
        /// The file is not a database, or is damaged.
        var isCorruption: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }
    }

    private(set) var handle: OpaquePointer?

    /// Opens `path` (created if missing, unless `readOnly`).
    init(path: String, readOnly: Bool) throws(Failure) {
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(handle)
            throw Failure(code: code, message: message)
        }
        sqlite3_extended_result_codes(handle, 1)
        self.handle = handle
    }

    mutating func close() {
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws(Failure) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure() }
    }

    /// Runs `sql` with `values` bound, calling `row` for every result row.
    func query(_ sql: String, _ values: [Value] = [], row: (Row) throws(Failure) -> Void = { _ in }) throws(Failure) {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw failure() }
        defer { sqlite3_finalize(statement) }
        for (index, value) in values.enumerated() {
            let position = Int32(index + 1)
            let code: Int32
            switch value {
            case .int(let number): code = sqlite3_bind_int64(statement, position, number)
            case .text(let text): code = sqlite3_bind_text(statement, position, text, -1, transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), transient)
                }
            }
            guard code == SQLITE_OK else { throw failure() }
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure() }
            try row(Row(statement: statement))
        }
    }

    /// The first column of the first row, as an integer (0 without a row).
    func integer(_ sql: String, _ values: [Value] = []) throws(Failure) -> Int64 {
        var result: Int64 = 0
        try query(sql, values) { row in result = row.integer(0) }
        return result
    }

    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    private func failure() -> Failure {
        Failure(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// One result row.
    struct Row {
        let statement: OpaquePointer?
        func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
        func blob(_ column: Int32) -> [UInt8] {
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let base = sqlite3_column_blob(statement, column) else { return [] }
            return Array(UnsafeRawBufferPointer(start: base, count: count))
        }
    }
}

/// SQLite copies a bound value before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
