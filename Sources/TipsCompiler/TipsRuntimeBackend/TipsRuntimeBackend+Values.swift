// Spelling types, constants and values of the generated code, appended to UTF-8 bytes.

import TipsRuntime
import TipsSyntax

extension FileEmitter {
    /// Appends the Swift type that holds a value of `type`.
    func appendSwiftType(_ type: TipsType, to out: inout ByteBuffer) {
        switch type {
        case .bool: out.append("Swift.Bool")
        case .int: out.append("Swift.Int")
        case .double: out.append("Swift.Double")
        case .string: out.append("Swift.String")
        case .enumeration(let name): out.appendUTF8(SwiftNames.identifier(name))
        case .duration, .donations, .error: out.append("Swift.Double")
        }
    }

    /// Appends a constant as a Swift literal, typed by context.
    func appendConstant(_ value: TipValue, to out: inout ByteBuffer) {
        switch value {
        case .bool(let value): out.append(value ? "true" : "false")
        case .int(let value): out.appendInteger(value)
        case .double(let value): out.appendUTF8(SwiftNames.double(value))
        case .string(let value): out.appendStringLiteral(value)
        case .duration(let seconds): appendSeconds(seconds, to: &out)
        case .enumCase(let name):
            out.append(UInt8(ascii: "."))
            out.appendUTF8(SwiftNames.enumCase(name))
        }
    }

    /// Appends seconds as an integer literal: the checker's durations are
    /// whole (the literal's seconds, saturated at `Int.max`).
    func appendSeconds(_ seconds: Double, to out: inout ByteBuffer) {
        if let whole = Int(exactly: seconds) {
            out.appendInteger(whole)
        } else {
            out.appendUTF8(SwiftNames.double(seconds))
        }
    }

    /// Appends a `TipsRuntime.TipValue` built from the Swift value named
    /// `swiftName`, of a storable type.
    func appendValue(of swiftName: String, type: TipsType, to out: inout ByteBuffer) {
        let head: StaticString
        switch type {
        case .bool: head = ".bool("
        case .int: head = ".int("
        case .double: head = ".double("
        case .string: head = ".string("
        case .enumeration: head = ".enumCase("
        case .duration: head = ".duration("
        case .donations, .error:
            out.append(".bool(false)")
            return
        }
        out.append(head)
        out.appendUTF8(swiftName)
        if case .enumeration = type { out.append(".rawValue") }
        out.append(")")
    }

    /// Appends a function parameter for a `.tips` argument or field named
    /// `name` (see ``SwiftNames/parameter(_:swiftName:type:)``).
    func appendParameter(_ name: String, swiftName: String, type: TipsType, to out: inout ByteBuffer) {
        appendParameter(label: SwiftNames.label(name), swiftName: swiftName, type: type, to: &out)
    }

    /// Appends a function parameter whose label is `label` (its
    /// ``SwiftNames/label(_:)``), left out when it is `swiftName`.
    func appendParameter(label: String, swiftName: String, type: TipsType, to out: inout ByteBuffer) {
        if label != swiftName {
            out.appendUTF8(label)
            out.append(" ")
        }
        out.appendUTF8(swiftName)
        out.append(": ")
        appendSwiftType(type, to: &out)
    }

    /// Appends `TipsRuntime.TipEvents.<name>.event`.
    /// Static, so that a closure that calls it holds no copy of the emitter,
    /// which retains every field of the lowering: 3 M instructions for the
    /// benchmark's 4,500 events in the file's table (callgrind, `tipc compile`).
    static func appendEventReference(_ name: String, to out: inout ByteBuffer) {
        out.append("TipsRuntime.TipEvents.")
        out.appendUTF8(SwiftNames.identifier(name))
        out.append(".event")
    }
}
