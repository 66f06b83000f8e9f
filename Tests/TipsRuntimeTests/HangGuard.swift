import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test whose failure mode is a hang. It is generous
    /// because the whole suite shares a two-thread cooperative pool with
    /// compiler tests that block it (child processes, long synchronous
    /// inputs), so a healthy test can wait a minute for a thread; a deadlock
    /// still fails the run instead of stalling it.
    static var hangGuard: Self { .timeLimit(.minutes(3)) }
}
