extension String {
    /// Calls `body` with the string's UTF-8 and returns its result. A native
    /// string lends its storage as it is: `withUTF8`, a mutating method,
    /// would need a copy of the string to call it on, retained and released
    /// (in the checker's scans of 10,000 tips' copy, 31,000 of each and
    /// 1.0 M instructions; callgrind, `Checker.run`). Only a string without
    /// contiguous UTF-8 is made native first.
    func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var native = self
        return native.withUTF8(body)
    }
}
