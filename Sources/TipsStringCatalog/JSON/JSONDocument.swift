import TipsSyntax

/// A JSON file as read: its root value and how it was laid out where the
/// layout is not determined by the values, so that writing it back gives
/// the same bytes.
public struct JSONDocument: Hashable, Sendable {
    /// The root value.
    public var root: JSONValue
    /// What the layout of the file says beyond the values.
    public var format: JSONFormat

    /// Creates a document.
    public init(root: JSONValue, format: JSONFormat = JSONFormat()) {
        self.root = root
        self.format = format
    }
}

/// The parts of Xcode's layout that differ between versions of Xcode, as a
/// file had them; the defaults are what a new catalog gets.
public struct JSONFormat: Hashable, Sendable {
    /// Whether an empty object or array is written over two lines with a
    /// blank line between its brackets (`{` ⏎ ⏎ `}`, Foundation's pretty
    /// printing, which Xcode 15 writes), rather than as `{}`.
    public var emptyContainersSpanLines = true
    /// What follows the root value: nothing in a catalog Xcode wrote; `"\n"`
    /// when an editor added a final line break.
    public var trailer = ""
    /// Whether the file starts with a UTF-8 byte order mark, and its line
    /// break: Xcode's `\n`, or the `\r\n` of a checkout that converts line
    /// ends (a JSON string holds no line break: the first one is the layout's).
    public var textForm = TextForm(of: [])

    /// The layout of a new catalog.
    public init() {}
}

/// The first mistake in a JSON file: an error at its position.
public struct JSONSyntaxError: Error, Sendable {
    /// The error, with its range in the file and any notes.
    public var diagnostic: Diagnostic
}
