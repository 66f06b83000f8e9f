import Foundation

/// CPU time, which a loaded machine moves far less than wall time: a process
/// that waits for a core is not charged for the wait.
enum CPUTime {
    /// User and system CPU time of this process so far (all threads), in seconds.
    static var ofThisProcess: Double { seconds(of: selfWho) }

    /// User and system CPU time of the child processes waited for so far, in seconds.
    static var ofChildren: Double { seconds(of: childrenWho) }

    /// Times `body` by the CPU time of this process (all its threads). What
    /// `body` returns is freed after the clock is read (see ``BenchCompiler/Output/compilation``).
    static func measure<Result>(_ body: () -> Result) -> Double {
        let start = ofThisProcess
        let result = body()
        let seconds = ofThisProcess - start
        withExtendedLifetime(result) {}
        return seconds
    }

    #if os(Linux)
        private static let selfWho = RUSAGE_SELF.rawValue
        private static let childrenWho = RUSAGE_CHILDREN.rawValue
    #else
        private static let selfWho = RUSAGE_SELF
        private static let childrenWho = RUSAGE_CHILDREN
    #endif

    private static func seconds(of who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        return user + system
    }
}
