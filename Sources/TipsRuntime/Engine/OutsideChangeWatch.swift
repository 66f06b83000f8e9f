import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

extension Tips {
    /// How a center notices what other processes sharing its datastore (an
    /// app and its extensions) change, and tells its observers without
    /// waiting for a read.
    public enum OutsideChangeDetection: Sendable, Hashable {
        /// Watch the datastore's directory with the file system's change
        /// notifications (inotify on Linux, a dispatch source on Apple
        /// platforms); where there are none, poll once a second. The default.
        case automatic
        /// Look at the datastore's files every `seconds` (at least 0.05):
        /// two `stat` calls a look while nothing changes.
        case poll(seconds: Double)
        /// Do not watch: outside changes are taken in only when this process
        /// reads a status, a value or an explanation (at most twice a second).
        case off
    }
}

/// Calls `onChange` (coalesced: at most once per `coalescing` seconds, on a
/// private queue) after the files of a datastore directory change. Some
/// calls come from this process's own writes; the center finds nothing new
/// in them, at the cost of one look at the journal.
final class OutsideChangeWatch: @unchecked Sendable {
    // @unchecked: the dispatch sources are created in `init` and only
    // cancelled, suspended and resumed afterwards; `pending` is behind a lock.
    private let queue = DispatchQueue(label: "TipsRuntime.OutsideChangeWatch")
    private var sources: [any DispatchSourceProtocol] = []
    /// Whether an `onChange` is scheduled (and `notifications` suspended).
    private let pending = Locked(false)
    /// The inotify source, when that is how the directory is watched.
    private var notifications: (any DispatchSourceRead)?
    private let onChange: @Sendable () -> Void
    private let coalescing: Double
    /// How the directory is watched, for tests and the benchmark.
    private(set) var mechanism = "none"

    /// Starts watching `directory` as `detection` says; nil for `.off`.
    init?(
        directory: URL, detection: Tips.OutsideChangeDetection, coalescing: Double = 0.02,
        onChange: @escaping @Sendable () -> Void
    ) {
        self.onChange = onChange
        self.coalescing = coalescing
        switch detection {
        case .off:
            return nil
        case .poll(let seconds):
            startPolling(directory, every: seconds)
        case .automatic:
            if !startNotifications(directory) { startPolling(directory, every: 1) }
        }
        // What changed between the center's load and the start of the watch.
        changed()
    }

    deinit { cancel() }

    /// Stops watching.
    func cancel() {
        for source in sources where !source.isCancelled { source.cancel() }
        // A suspended source never runs its cancel handler (which closes its descriptor).
        endPending()
    }

    /// Schedules one `onChange` after the coalescing delay, unless one is
    /// pending. While one is, the inotify source is suspended: its events
    /// wait in the kernel, which merges repeats, instead of waking two
    /// threads for each of this process's own appends (a burst of 10,000
    /// awaited donations spent about 6 % of its CPU time in those wake-ups;
    /// perf, tipc-bench --only donation).
    private func changed() {
        let schedules = pending.withLock { pending in
            defer { pending = true }
            if !pending { notifications?.suspend() }
            return !pending
        }
        guard schedules else { return }
        queue.asyncAfter(deadline: .now() + coalescing) { [weak self] in
            guard let self else { return }
            self.endPending()
            self.onChange()
        }
    }

    /// Ends the pending `onChange`'s wait, if any: resumes the inotify source
    /// (which then reports what happened meanwhile), once per suspension.
    private func endPending() {
        pending.withLock { pending in
            if pending { notifications?.resume() }
            pending = false
        }
    }

    // MARK: Polling

    /// Every `seconds`, compares the size, modification time and inode of the
    /// store's snapshot, its directory and its journals with the last look's.
    private func startPolling(_ directory: URL, every seconds: Double) {
        let interval = seconds.isFinite ? max(0.05, seconds) : 1
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let look = Locked(PollState(directory: directory))
        timer.setEventHandler { [weak self] in
            if look.withLock({ $0.changed() }) { self?.changed() }
        }
        timer.schedule(
            deadline: .now() + interval, repeating: interval, leeway: .milliseconds(Int(interval * 100)))
        sources.append(timer)
        mechanism = "poll"
        timer.resume()
    }

    /// What one poll compares with the last.
    struct PollState {
        let directory: URL
        private var last: [Int] = []
        /// The journals' paths, listed again only when the directory's entries change.
        private var journals: [String] = []
        private var listedAt: [Int] = []

        init(directory: URL) {
            self.directory = directory
            _ = changed()
        }

        /// Whether anything differs from the last look (a few `stat` calls
        /// while nothing changes; the directory is listed only when its own
        /// modification time moved: a compaction or an erase).
        mutating func changed() -> Bool {
            let folder = Self.status(of: directory.path)
            if folder != listedAt {
                listedAt = folder
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                journals = names.filter { $0.hasPrefix("Tips.journal.") }.sorted()
                    .map { directory.appendingPathComponent($0).path }
            }
            // The journal grows without touching the directory: its size and time are the signal.
            var now = folder + Self.status(of: directory.appendingPathComponent("Tips.store").path)
            for journal in journals { now += Self.status(of: journal) }
            defer { last = now }
            return !last.isEmpty && now != last
        }

        /// Size, inode and modification time, or -1s when the file is missing.
        static func status(of path: String) -> [Int] {
            var info = stat()
            guard stat(path, &info) == 0 else { return [-1, -1, -1, -1] }
            return [Int(info.st_size), Int(info.st_ino), info.modificationSeconds, info.modificationNanoseconds]
        }
    }

    // MARK: Notifications

    #if os(Linux)
        /// inotify on the directory: one descriptor, no wake-up while nothing changes.
        private func startNotifications(_ directory: URL) -> Bool {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return false }
            let mask = UInt32(IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE)
            guard inotify_add_watch(descriptor, directory.path, mask) >= 0 else {
                close(descriptor)
                return false
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [weak self] in
                // Drain every queued event; their content does not matter.
                var buffer = [UInt8](repeating: 0, count: 4096)
                while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
                self?.changed()
            }
            source.setCancelHandler { close(descriptor) }
            sources.append(source)
            notifications = source
            mechanism = "inotify"
            source.resume()
            return true
        }
    #elseif canImport(Darwin)
        /// A vnode dispatch source on the directory (entries added, removed or
        /// renamed: compaction, erase) and one on each journal (appends),
        /// re-made whenever the directory changes.
        private func startNotifications(_ directory: URL) -> Bool {
            let descriptor = open(directory.path, O_EVTONLY)
            guard descriptor >= 0 else { return false }
            let journals = Locked<[any DispatchSourceFileSystemObject]>([])
            let watchJournals: @Sendable () -> Void = { [weak self] in
                guard let self else { return }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
                let made: [any DispatchSourceFileSystemObject] = names.filter { $0.hasPrefix("Tips.journal.") }
                    .compactMap { name in
                        let file = open(directory.appendingPathComponent(name).path, O_EVTONLY)
                        guard file >= 0 else { return nil }
                        let source = DispatchSource.makeFileSystemObjectSource(
                            fileDescriptor: file, eventMask: [.write, .extend, .delete, .rename], queue: self.queue)
                        source.setEventHandler { [weak self] in self?.changed() }
                        source.setCancelHandler { close(file) }
                        source.resume()
                        return source
                    }
                let old = journals.withLock { journals in
                    defer { journals = made }
                    return journals
                }
                for source in old { source.cancel() }
            }
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .delete, .rename], queue: queue)
            source.setEventHandler { [weak self] in
                watchJournals()
                self?.changed()
            }
            source.setCancelHandler {
                close(descriptor)
                for journal in journals.withLock({ $0 }) { journal.cancel() }
            }
            sources.append(source)
            mechanism = "dispatch"
            watchJournals()
            source.resume()
            return true
        }
    #else
        private func startNotifications(_ directory: URL) -> Bool { false }
    #endif
}

extension stat {
    // One spelling for the modification time (Darwin and Glibc name it differently).
    #if canImport(Darwin)
        /// The modification time's seconds, on every platform.
        var modificationSeconds: Int { Int(st_mtimespec.tv_sec) }
        /// The modification time's nanoseconds, on every platform.
        var modificationNanoseconds: Int { Int(st_mtimespec.tv_nsec) }
    #else
        /// The modification time's seconds, on every platform.
        var modificationSeconds: Int { Int(st_mtim.tv_sec) }
        /// The modification time's nanoseconds, on every platform.
        var modificationNanoseconds: Int { Int(st_mtim.tv_nsec) }
    #endif
}

extension TipCenter {
    /// The outside-change watch's callback: reads what other processes
    /// wrote (off the engine's lock), then applies it and publishes the
    /// changes. While this process's own writes are in flight the datastore
    /// cannot tell them apart, so it tries again shortly.
    func applyOutsideChangesNow() {
        state.withLock { $0.lifecycle.backend }?.readOutsideChanges()
        let deferred = withState { !$0.applyOutsideChanges(throttled: false) }
        guard deferred else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.02) { [weak self] in self?.applyOutsideChangesNow() }
    }
}
