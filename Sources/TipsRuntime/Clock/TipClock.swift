import Foundation

/// The source of "now" for a `TipCenter`: dates donations and displays, and
/// measures time windows, display durations and the display frequency.
public protocol TipClock: Sendable {
    /// The current date.
    var now: Date { get }
}

/// The system's wall clock.
public struct SystemClock: TipClock {
    /// Creates the system clock.
    public init() {}

    /// `Date()`.
    public var now: Date { Date() }
}

/// A clock a test moves by hand. A `TipCenter` configured with it re-checks
/// time-dependent status (windows, display durations, display frequency) and
/// publishes changes whenever it moves.
///
/// ```swift
/// let clock = ManualClock()
/// try await center.configure([.clock(clock)])
/// clock.advance(by: 86_400)   // a day later; observers hear about it
/// ```
public final class ManualClock: TipClock, @unchecked Sendable {
    // @unchecked: all mutable state is guarded by `lock`.
    private let lock = NSLock()
    private var date: Date
    private var observers: [UInt64: @Sendable () -> Void] = [:]
    private var nextToken: UInt64 = 0

    /// Creates a clock reading `date` (by default 2024-01-01 00:00:00 UTC).
    public init(_ date: Date = Date(timeIntervalSince1970: 1_704_067_200)) {
        self.date = date
    }

    /// The clock's current date.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    /// Moves the clock forward (or back, for a negative value) by `seconds`.
    public func advance(by seconds: Double) {
        update { $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        update { _ in date }
    }

    private func update(_ change: (Date) -> Date) {
        lock.lock()
        date = change(date)
        let toNotify = Array(observers.values)
        lock.unlock()
        for observer in toNotify { observer() }
    }

    /// Calls `observer` after every change; returns a token for `removeObserver`.
    func addObserver(_ observer: @escaping @Sendable () -> Void) -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        nextToken += 1
        observers[nextToken] = observer
        return nextToken
    }

    func removeObserver(_ token: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        observers[token] = nil
    }
}
