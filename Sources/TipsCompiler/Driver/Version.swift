/// The version of the compiler, printed by `tipc --version` and written into
/// the header of every generated file.
public enum TipcVersion {
    /// The release number.
    public static let current = "0.1.0"
}
