import TipsCompiler
import TipsSyntax

/// Reads `bytes` as a `tipc.lock` and checks what the reader promises: a
/// lock is read, or refused with at least one error; every diagnostic lies
/// inside the file and renders; a lock it read is written as text that reads
/// back without a diagnostic as the same entries (sorted, as tipc writes
/// them), written the same. Then checks
/// ``lockProgram`` against the input as its lock, and compiles the input as
/// a `.tips` file against the lock of ``lockProgram``: the lock checker
/// (every kind of loss, renames, retired identities, the fix-its that add
/// `renamedFrom`) meets any lock and any program, under the compiler's
/// target's invariants.
func readLockAndCheck(_ bytes: [UInt8]) {
    var sources = SourceManager()
    let lock = readChecked(bytes, as: "tipc.lock", into: &sources) { LockFile.read($0, diagnostics: &$1) }
    if let lock {
        let written = lock.text
        var again = DiagnosticEngine()
        let reread = LockFile.read(sources.add(path: "written.lock", bytes: Array(written.utf8)), diagnostics: &again)
        guard let reread, again.reported.isEmpty else { preconditionFailure("tipc cannot read a lock it wrote") }
        // The same entries in any order: a lock read as written by hand keeps their order, tipc writes them sorted.
        precondition(
            Set(reread.entries) == Set(lock.entries) && reread.text == written, "writing a lock back is not stable")
    }
    let program = CompilationInput(path: "fuzz.tips", text: lockProgram)
    let asLock = CompilationOptions(lock: CompilationInput(path: "tipc.lock", bytes: bytes))
    render(Compilation(inputs: [program], options: asLock).run(), inputs: 1)
    let asProgram = CompilationInput(path: "fuzz.tips", bytes: bytes)
    render(Compilation(inputs: [asProgram], options: CompilationOptions(lock: lockOfProgram)).run(), inputs: 1)
}

/// The lock `tipc lock` writes for ``lockProgram``.
let lockOfProgram: CompilationInput = {
    let result = Compilation(
        inputs: [CompilationInput(path: "fuzz.tips", text: lockProgram)], options: CompilationOptions(emitsCode: false)
    ).run()
    guard let program = result.program else { preconditionFailure("the lock target's program has errors") }
    return CompilationInput(path: "tipc.lock", text: LockFile.updated(for: program, from: nil).lock.text)
}()

/// The program a fuzzed lock is checked against, with every kind of
/// identity a lock holds: enum cases stored in a parameter and in an
/// event's field, persisted and transient parameters, events with and
/// without fields, tips named and with an explicit id, a reusable tip, and
/// renames of each kind.
let lockProgram = """
    enum Plan { free, plus, pro renamedFrom premium }
    parameter isLoggedIn: Bool = false
    parameter plan: Plan = .free
    parameter signedInCount: Int = 0 renamedFrom logins
    transient parameter isEditing: Bool = false
    event opened
    event visited(region: String, plan: Plan) keep 100, 30d
    event shared renamedFrom sent
    tip Welcome {
        title "Welcome"
        rule isLoggedIn && opened.count > 0 && plan == .free
    }
    tip Offline {
        id "offline-v2"
        renamedFrom "offline-v1"
        title "Offline maps"
        rule visited.donations.where(.plan == .pro).count > 2
    }
    tip Region(name: String) {
        id "region-\\(name)"
        title "About \\(name)"
        rule visited.donations.where(.region == name).count > 1
    }
    tip FavoriteTrail {
        renamedFrom FavoriteTrailTip
        title "Save as a Favorite"
        rule shared.count >= 1 && signedInCount > 3
    }

    """
