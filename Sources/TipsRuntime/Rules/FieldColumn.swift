/// One field's values across an event's stored donations (oldest first),
/// dictionary-encoded: each donation holds a small code, each distinct value
/// is stored once. Filters compare each distinct value once and then read
/// codes; subsets count codes without hashing per donation.
struct FieldColumn: Sendable, Equatable {
    /// Per donation, the index of its value in `values`, or -1 when it lacks the field.
    private(set) var codes: [Int32] = []
    /// The distinct values seen.
    private(set) var values: [TipValue] = []
    private var codeOfValue: [TipValue: Int32] = [:]

    init<S: Sequence<TipValue?>>(_ fieldValues: S) {
        for value in fieldValues { append(value) }
    }

    var count: Int { codes.count }

    /// The value of the donation at `index`.
    func value(at index: Int) -> TipValue? {
        let code = codes[index]
        return code < 0 ? nil : values[Int(code)]
    }

    mutating func append(_ value: TipValue?) {
        guard let value else {
            codes.append(-1)
            return
        }
        if let code = codeOfValue[value] {
            codes.append(code)
        } else {
            let code = Int32(truncatingIfNeeded: values.count)
            values.append(value)
            codeOfValue[value] = code
            codes.append(code)
        }
    }

    /// Drops the oldest `count` donations; re-encodes when most distinct values are gone.
    mutating func removeFirst(_ count: Int) {
        codes.removeFirst(min(count, codes.count))
        if values.count > 64 && values.count > 2 * codes.count {
            self = FieldColumn((0..<codes.count).map { value(at: $0) })
        }
    }
}
