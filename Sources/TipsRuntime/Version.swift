/// The generation of generated code this runtime accepts.
///
/// Every file `tipc` generates refers to this type. A runtime of another
/// generation does not declare it, so mixing a generator and a runtime from
/// different releases fails to compile instead of misbehaving.
public enum TipsRuntimeGeneratedCodeVersion6 {
    /// Always true; referenced by generated code.
    public static let isCompatible = true
}
