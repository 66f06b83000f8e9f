import Foundation

extension Tips {
    /// One setting passed to `Tips.configure(_:)` or `TipCenter.configure(_:)`.
    ///
    /// ```swift
    /// try await Tips.configure([
    ///     .displayFrequency(.daily),
    ///     .datastoreLocation(.applicationDefault),
    /// ])
    /// ```
    public enum ConfigurationOption: Sendable {
        /// How often a never-shown tip may appear after any tip was shown. Default `.immediate`.
        case displayFrequency(DisplayFrequency)
        /// Where the datastore lives. Default `.applicationDefault`.
        case datastoreLocation(DatastoreLocation)
        /// The clock that dates donations and displays. Default `SystemClock()`.
        case clock(any TipClock)
        /// Called when a damaged datastore file was set aside (what still verified
        /// is kept), a file was left alone because a newer release wrote it, or
        /// writes are refused. What `configure` finds is reported before it
        /// returns; what is found later (another process sharing the store damaged
        /// or upgraded it) is reported in order on a private queue, never while the
        /// runtime holds a lock, so the callback may read tips. Without this option
        /// each recovery is logged: one line to standard error (the unified log on
        /// Apple platforms); pass `{ _ in }` to silence it.
        case onDatastoreRecovery(@Sendable (DatastoreRecovery) -> Void)
        /// The launch arguments to read testing switches from. Default: the
        /// process's for `TipCenter.shared` (what `Tips.configure` configures),
        /// none for any other center. `.arguments([])` starts clean.
        case arguments([String])
        /// The environment to read testing switches (and `XDG_DATA_HOME`) from.
        /// Default: the process's for `TipCenter.shared`; for any other center,
        /// none for the testing switches (`XDG_DATA_HOME` still locates
        /// `.applicationDefault`). `.environment([:])` starts clean.
        case environment([String: String])
        /// How changes other processes make to a shared datastore reach this
        /// process's observers. Default `.automatic` (a file-system watch).
        case outsideChangeDetection(OutsideChangeDetection)
        /// Called with each problem the runtime finds in how it is used: two
        /// modules' `.tips` files declaring different display frequencies, or
        /// a testing switch naming a tip id that looks misspelled. Default:
        /// written to standard error as `TipsRuntime: warning: ...`.
        case onWarning(@Sendable (String) -> Void)
        /// The language of the tips' text (`"de"`, `"pt-BR"`), instead of the
        /// person's preferred languages: for tests, previews and an app's own
        /// language setting. A language the tips are not translated into falls
        /// back as a preferred language would (`pt-BR` → `pt` → the source
        /// language). See ``TipCenter/languages``.
        case language(String)
        /// At most this many different tips appear in one session (a
        /// session starts at `configure` and at each `beginSession()`),
        /// instead of the `sessionLimit` of the `.tips` files' `config`
        /// block; nil: no limit.
        case sessionLimit(Int?)
        /// Whether one tip on screen holds every other tip back (pending),
        /// instead of the `oneAtATime` of the `.tips` files' `config` block.
        case oneAtATime(Bool)
        /// Called with each thing tips do (``TipActivity``), in order,
        /// exactly once each, from the delivery of the operation that did it
        /// (never under the runtime's lock). Keep it quick: it runs on the
        /// thread of that operation; a slow consumer reads
        /// ``TipCenter/activityUpdates`` instead.
        case onActivity(@Sendable (TipActivity) -> Void)
        /// Which tips this install is held out of. Default `.stored`.
        case holdouts(HoldoutMembership)

        /// The language of the tips' text, as a `Locale.Language`.
        @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
        public static func language(_ language: Locale.Language) -> ConfigurationOption {
            .language(language.maximalIdentifier)
        }
    }

    /// How often a tip that has never been shown may appear after any tip was shown.
    public enum DisplayFrequency: Sendable, Hashable, CustomStringConvertible {
        /// No delay between tips (the default).
        case immediate
        /// One new tip per hour.
        case hourly
        /// One new tip per day.
        case daily
        /// One new tip per week.
        case weekly
        /// One new tip per 30 days.
        case monthly
        /// One new tip per interval of the given number of seconds.
        case custom(seconds: Double)

        /// The interval in seconds.
        public var interval: Double {
            switch self {
            case .immediate: 0
            case .hourly: 3600
            case .daily: 86_400
            case .weekly: 604_800
            case .monthly: 2_592_000
            case .custom(let seconds): max(0, seconds)
            }
        }

        /// As written in Swift: `daily`, `custom(seconds: 5400.0)`.
        public var description: String {
            switch self {
            case .immediate: "immediate"
            case .hourly: "hourly"
            case .daily: "daily"
            case .weekly: "weekly"
            case .monthly: "monthly"
            case .custom(let seconds): "custom(seconds: \(seconds))"
            }
        }
    }

    /// Which tips with a `holdout` this install is held out of.
    public enum HoldoutMembership: Sendable, Hashable {
        /// The stable membership of this install: a random number kept in
        /// the store, mixed with each tip's id.
        case stored
        /// No tip is held out (scenarios, previews, UI tests).
        case none
        /// Exactly the tips with these ids are held out, whatever their
        /// `holdout` (scenarios' `override holdout NAME`).
        case only(Set<String>)
    }

    /// Where the datastore lives.
    public enum DatastoreLocation: Sendable, Hashable {
        /// The application's own data directory: on Linux `$XDG_DATA_HOME/<app>/Tips`,
        /// else `~/.local/share/<app>/Tips`; on Apple platforms
        /// `Application Support/<app>/Tips`. `<app>` is the process name.
        case applicationDefault
        /// A location shared by an app group (an app and its extensions): on Apple
        /// platforms the group container; on Linux `<data root>/<identifier>/Tips`.
        case groupContainer(identifier: String)
        /// An explicit directory.
        case url(URL)
        /// No directory: the datastore lives in this process's memory and is
        /// lost when the center goes away. For previews, tests and
        /// simulations; an awaited mutation returns once it is applied in
        /// memory, and nothing survives the process.
        case inMemory
    }

    /// A `.tips` file's `config` block, which generated tips carry so that
    /// `Tips.configure()` applies it without being told.
    ///
    /// Unless `configure` is given `.displayFrequency(_:)`, the display
    /// frequency is the one the registered tips' `.tips` files declare. When
    /// two of them (two modules) declare different frequencies, the longest
    /// interval applies and the disagreement is reported through
    /// `.onWarning(_:)`.
    public struct DeclaredConfiguration: Sendable, Hashable {
        /// The `displayFrequency` of the `config` block (`immediate` when it has none).
        public let displayFrequency: DisplayFrequency
        /// The `.tips` file that holds the `config` block (a file name, never a path).
        public let file: String
        /// `sessionLimit N`: at most this many different tips appear in one session.
        public let sessionLimit: Int?
        /// `oneAtATime`: while one tip is on screen, every other tip is pending.
        public let oneAtATime: Bool

        /// Creates the configuration a `.tips` file declares.
        public init(
            displayFrequency: DisplayFrequency, file: String, sessionLimit: Int? = nil, oneAtATime: Bool = false
        ) {
            self.displayFrequency = displayFrequency
            self.file = file
            self.sessionLimit = sessionLimit
            self.oneAtATime = oneAtATime
        }
    }

    /// Why configuration or a datastore reset was refused.
    public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
        /// `configure` already ran on this center.
        case alreadyConfigured
        /// `resetDatastore()` was called after `configure`; it must run before.
        case resetAfterConfiguration
        /// The app group's shared container is not available to this process.
        case groupContainerUnavailable(identifier: String)

        /// A readable message.
        public var description: String {
            switch self {
            case .alreadyConfigured:
                "Tips are already configured; configure runs once per process."
            case .resetAfterConfiguration:
                "resetDatastore() must run before Tips.configure(_:)."
            case .groupContainerUnavailable(let identifier):
                "The app group container '\(identifier)' is not available."
            }
        }
    }
}

/// What `TipCenter.configure`'s options choose, each the default unless an
/// option (the last of its kind) says otherwise.
struct ConfigurationChoices {
    var frequency: Tips.DisplayFrequency?
    var location = Tips.DatastoreLocation.applicationDefault
    var clock: any TipClock = SystemClock()
    var onRecovery = Tips.DatastoreRecovery.defaultHandler
    /// The launch arguments testing switches are read from.
    var arguments: [String]
    var environment: [String: String]?
    var detection = Tips.OutsideChangeDetection.automatic
    var onWarning: (@Sendable (String) -> Void)?
    /// `.language`: the one language of the tips' text.
    var language: String?
    /// `.sessionLimit`, `.oneAtATime`: the limits across tips chosen over the `.tips` files'.
    var limits = Tips.ChosenLimits()
    var onActivity: (@Sendable (TipActivity) -> Void)?
    var holdouts = Tips.HoldoutMembership.stored

    init(_ options: [Tips.ConfigurationOption], arguments: [String]) {
        self.arguments = arguments
        for option in options {
            switch option {
            case .displayFrequency(let value): frequency = value
            case .datastoreLocation(let value): location = value
            case .clock(let value): clock = value
            case .onDatastoreRecovery(let value): onRecovery = value
            case .arguments(let value): self.arguments = value
            case .environment(let value): environment = value
            case .outsideChangeDetection(let value): detection = value
            case .onWarning(let value): onWarning = value
            case .language(let value): language = value
            case .sessionLimit(let value): limits.sessionLimit = .some(value)
            case .oneAtATime(let value): limits.oneAtATime = value
            case .onActivity(let value): onActivity = value
            case .holdouts(let value): holdouts = value
            }
        }
    }
}

extension Tips {
    /// The limits across tips `configure` was given; nil where it was not.
    struct ChosenLimits: Sendable, Hashable {
        var sessionLimit: Int??
        var oneAtATime: Bool?
    }
}
