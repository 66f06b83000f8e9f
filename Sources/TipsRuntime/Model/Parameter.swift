extension Tips {
    /// A parameter with its type erased, as rules refer to it.
    public struct ParameterReference: Sendable, Hashable {
        /// The persistence key.
        public let id: String
        /// The value before any is set.
        public let defaultValue: TipValue
        /// A transient parameter is never persisted: it starts from its default at each launch.
        public let isTransient: Bool
        /// The renames of the module that declares the parameter, when it has
        /// any: a center moves the state they name before the parameter is
        /// first read or set (see ``Tips/Event/renames``). Not part of the
        /// reference's value.
        public var renames: Renames? { attached.renames }
        private let attached: AttachedRenames

        /// Creates a reference.
        public init(id: String, defaultValue: TipValue, isTransient: Bool = false, renames: Renames? = nil) {
            self.id = id
            self.defaultValue = defaultValue
            self.isTransient = isTransient
            self.attached = AttachedRenames(renames: renames)
        }
    }

    /// A typed piece of app state that rules read.
    ///
    /// ```swift
    /// let isLoggedIn = Tips.Parameter<Bool>(id: "isLoggedIn", defaultValue: false)
    /// await isLoggedIn.set(true)        // durable on return; re-evaluates dependent tips
    /// isLoggedIn.value()                // true
    /// ```
    public struct Parameter<Value: TipValueConvertible>: Sendable {
        /// The type-erased reference rules use.
        public let reference: ParameterReference
        /// The value before any is set.
        public let defaultValue: Value

        /// Creates a parameter. A transient one is never persisted; `renames`
        /// are those of the module that declares it (see ``Tips/Event/renames``).
        public init(id: String, defaultValue: Value, isTransient: Bool = false, renames: Renames? = nil) {
            self.defaultValue = defaultValue
            self.reference = ParameterReference(
                id: id, defaultValue: defaultValue.tipValue, isTransient: isTransient, renames: renames)
        }

        /// The persistence key.
        public var id: String { reference.id }

        /// The current value in `center`.
        public func value(in center: TipCenter = .shared) -> Value {
            Value(tipValue: center.value(of: reference)) ?? defaultValue
        }

        /// Sets the value; returns once it is durable (transient values are
        /// never written). Tips whose rules read the parameter are re-evaluated.
        ///
        /// Before `configure`, the value is kept (unlike TipKit, which drops
        /// it) and applied in memory, and `set` returns at once, not durable
        /// yet: it cannot wait for a `configure` that may come later in the
        /// same task. `configure` writes every change made before it and
        /// returns once they are durable.
        public func set(_ value: Value, in center: TipCenter = .shared) async {
            await center.setValue(value.tipValue, of: reference)
        }
    }
}
