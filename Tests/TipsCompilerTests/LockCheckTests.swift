import Foundation
import Testing
import TipsTestSupport

@testable import TipsCompiler
@testable import TipsSyntax

/// `--lock`: each change that would lose users' state is an error at its
/// line; each way to rename keeps it; `tipc lock` updates the lock.
@Suite struct LockCheckTests {
    /// Version 1 of a small app: one of each kind of persisted identity.
    static let v1 = """
        enum Plan { free, premium }
        parameter isLoggedIn: Bool = false
        parameter plan: Plan = .free
        transient parameter editing: Bool = false
        event openedTrailDetail
        event visitedRegion(region: String, plan: Plan)
        tip FavoriteTrailTip {
            title "Save"
            rule isLoggedIn && openedTrailDetail.count > 1
        }
        tip Offline {
            id "offline-v1"
            title "Offline"
            rule plan == .premium
        }
        tip NewTrail(trailID: String) {
            id "NewTrailTip-\\(trailID)"
            title "New"
            rule visitedRegion.donations.where(.region == "Alps").count > 0
        }
        """

    /// The checked program of one file.
    static func program(_ text: String) throws -> CheckedProgram {
        let result = Compilation(
            inputs: [CompilationInput(path: "App.tips", text: text)], options: CompilationOptions(emitsCode: false)
        ).run()
        #expect(!result.hasErrors, "\(result.renderedDiagnostics())")
        return try #require(result.program)
    }

    /// The lock `tipc lock` writes for `text`, from `previous`.
    static func lock(_ text: String, from previous: LockFile? = nil) throws -> (lock: LockFile, changes: [String]) {
        LockFile.updated(for: try program(text), from: previous)
    }

    /// The diagnostics of checking `text` against `lock`, one line each.
    static func check(_ text: String, against lock: LockFile) -> String {
        check(text, lockText: lock.text)
    }

    static func check(_ text: String, lockText: String, updateCommand: String? = nil) -> String {
        var options = CompilationOptions(emitsCode: false, lock: CompilationInput(path: "tipc.lock", text: lockText))
        if let updateCommand { options.lockUpdateCommand = updateCommand }
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: text)], options: options).run()
        return result.renderedDiagnostics(showsSourceLines: false)
    }

    /// `text` read back as a lock (nil with errors).
    static func lockText(_ text: String) -> LockFile? {
        var sources = SourceManager()
        var diagnostics = DiagnosticEngine()
        return LockFile.read(sources.add(path: "tipc.lock", text: text), diagnostics: &diagnostics)
    }

    /// `text` with every fix-it of its diagnostics against `lock` applied, as an editor applies them.
    static func applyingFixIts(_ text: String, against lock: LockFile) throws -> String {
        let options = CompilationOptions(emitsCode: false, lock: CompilationInput(path: "tipc.lock", text: lock.text))
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: text)], options: options).run()
        let app = try #require(result.sources.files.first { $0.path == "App.tips" }?.id)
        var bytes = Array(text.utf8)
        let fixes = result.diagnostics.flatMap(\.fixIts).filter { $0.range.file == app }
        #expect(!fixes.isEmpty)
        for fix in fixes.sorted(by: { $0.range.start > $1.range.start }) { bytes = fix.applied(to: bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anUnchangedProgramPassesItsLock() throws {
        let (lock, changes) = try Self.lock(Self.v1)
        #expect(Self.check(Self.v1, against: lock) == "")
        #expect(changes.count == 7)
        #expect(changes.contains("added tip 'Offline' (id \"offline-v1\")"))
        #expect(changes.contains("added parameter 'plan': Plan { free, premium }"))
        // Transient parameters persist nothing.
        #expect(!lock.text.contains("editing"))
    }

    @Test func theLockIsTheSameBytesWhateverTheOrderOfDeclarations() throws {
        let lines = Self.v1.split(separator: "\n", omittingEmptySubsequences: false)
        let tipsStart = try #require(lines.firstIndex { $0.hasPrefix("tip ") })
        let reordered = (lines[tipsStart...] + lines[..<tipsStart]).joined(separator: "\n")
        #expect(try Self.lock(reordered).lock.text == (try Self.lock(Self.v1).lock.text))
        let again = try Self.lock(Self.v1, from: try Self.lock(Self.v1).lock)
        #expect(again.changes.isEmpty)
        #expect(again.lock.text == (try Self.lock(Self.v1).lock.text))
    }

    @Test func withoutALockNothingIsChecked() throws {
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: "parameter p: Bool = false")]).run()
        #expect(result.diagnostics.isEmpty)
        #expect(result.outputs.count == 1)
    }

    // MARK: - The breaking changes

    @Test func aRemovedTipIsAnErrorAtTheMostSimilarOneWithDidYouMean() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(of: "tip FavoriteTrailTip {", with: "tip FavoriteTrail {")
        #expect(
            Self.check(v2, against: lock)
                == "App.tips:7:5: error: locked tip 'FavoriteTrailTip' is gone: people who closed FavoriteTrailTip will see it again, and its displays count from zero; did you rename it to 'FavoriteTrail'? Add `renamedFrom FavoriteTrailTip` to it (an item of the tip), or run `tipc lock` to accept the reset\n"
        )
    }

    /// In a package the build plugin passes its own command (`--lock-update`),
    /// which the lock's errors name as the way to accept a change, whether
    /// the program breaks the lock or the lock itself is damaged.
    @Test func theLockErrorsNameTheUpdateCommandTheCallerGives() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(of: "tip FavoriteTrailTip {", with: "tip FavoriteTrail {")
        let command = "swift package --allow-writing-to-package-directory tips-lock --target App"
        let broken = Self.check(v2, lockText: lock.text, updateCommand: command)
        #expect(broken.hasSuffix("to it (an item of the tip), or run `\(command)` to accept the reset\n"), "\(broken)")
        #expect(!broken.contains("tipc lock"), "\(broken)")
        let conflicted = Self.check(Self.v1, lockText: "format 1\n<<<<<<< ours\n", updateCommand: command)
        #expect(
            conflicted.contains("delete the markers; `\(command)` then checks and rewrites it"), "\(conflicted)")
        let empty = Self.check(Self.v1, lockText: "", updateCommand: command)
        #expect(empty.hasSuffix("write it with `\(command)`\n"), "\(empty)")
    }

    /// The package's command names its target as a shell reads it, and
    /// the plugins (which cannot import this module) spell it the same way.
    @Test func thePackageCommandQuotesItsTargetAsTheBuildPluginDoes() throws {
        let command = "swift package --allow-writing-to-package-directory tips-lock --target "
        #expect(LockFile.packageUpdateCommand(target: "Trails_2.x") == command + "Trails_2.x")
        #expect(LockFile.packageUpdateCommand(target: "My App") == command + "'My App'")
        #expect(LockFile.packageUpdateCommand(target: "Café's") == command + "'Café'\\''s'")
        func spelling(_ path: String) throws -> [String] {
            let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let start = try #require(lines.firstIndex { $0.hasPrefix("let plain = ") }, "\(path)")
            let end = try #require(lines[start...].firstIndex { $0.hasPrefix("return \"swift package") }, "\(path)")
            return Array(lines[start...end])
        }
        #expect(
            try spelling("Plugins/Shared/TipsTargetFiles.swift") == spelling("Sources/TipsCompiler/Lock/LockFile.swift")
        )
    }

    /// "Did you rename it?" carries the fix that adds the `renamedFrom` it
    /// suggests (the editor's code action) where the compilation records its
    /// symbols, as the language server's does; `tipc compile` prints no fix
    /// and records none.
    @Test func aLikelyRenameCarriesTheFixThatAddsItsRenamedFrom() throws {
        let lock = CompilationInput(path: "tipc.lock", text: try Self.lock(Self.v1).lock.text)
        let v2 = Self.v1.replacingOccurrences(of: "tip FavoriteTrailTip {", with: "tip FavoriteTrail {")
        for recordsSymbols in [true, false] {
            var options = CompilationOptions(emitsCode: false, lock: lock)
            options.recordsSymbols = recordsSymbols
            let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: v2)], options: options).run()
            let error = try #require(result.diagnostics.first { $0.message.hasPrefix("locked tip 'FavoriteTrailTip'") })
            let source = result.sources[error.range.file]
            let fixes = error.fixIts.map {
                ($0.replacement, source.line(of: $0.range.start), $0.range.start == $0.range.end)
            }
            if recordsSymbols {
                #expect(fixes.count == 1)
                #expect(fixes.first?.0 == "renamedFrom FavoriteTrailTip\n    ")
                #expect(fixes.first?.1 == 8, "before the tip's first item, on the line after its name")
                #expect(fixes.first?.2 == true, "an insertion")
            } else {
                #expect(fixes.isEmpty)
            }
        }
        // In a file whose lines end in CRLF, the line it adds ends so too.
        var options = CompilationOptions(emitsCode: false, lock: lock)
        options.recordsSymbols = true
        let crlf = v2.replacingOccurrences(of: "\n", with: "\r\n")
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: crlf)], options: options).run()
        let error = try #require(result.diagnostics.first { $0.message.hasPrefix("locked tip 'FavoriteTrailTip'") })
        #expect(error.fixIts.map(\.replacement) == ["renamedFrom FavoriteTrailTip\r\n    "])
    }

    /// Nothing declared stands for a removed event: the error is at its line
    /// in the lock, the one place that names it.
    @Test func aRemovedIdentityLikeNoDeclarationIsAnErrorAtItsLineInTheLock() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(of: "event openedTrailDetail\n", with: "")
            .replacingOccurrences(of: " && openedTrailDetail.count > 1", with: "")
        #expect(
            Self.check(v2, against: lock)
                == "tipc.lock:7:1: error: locked event 'openedTrailDetail' is gone: the donations people made of it are lost, so rules that count them start from zero; to keep it, add `renamedFrom openedTrailDetail` to the event that replaces it (a clause at the end of the event), or run `tipc lock` to accept the reset\n"
        )
    }

    @Test func aRemovedParameterAndATipWithAnExplicitIDNameWhatToWrite() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(of: "id \"offline-v1\"", with: "id \"offline-v2\"")
            .replacingOccurrences(of: "parameter isLoggedIn: Bool = false", with: "parameter signedIn: Bool = false")
            .replacingOccurrences(of: "rule isLoggedIn", with: "rule signedIn")
        #expect(
            Self.check(v2, against: lock) == """
                App.tips:2:11: error: locked parameter 'isLoggedIn' is gone: the value the app set for it on each device is lost; did you rename it to 'signedIn'? Add `renamedFrom isLoggedIn` to it (a clause at the end of the parameter), or run `tipc lock` to accept the reset
                App.tips:12:8: error: locked tip 'Offline' changed its id from "offline-v1" to "offline-v2": people who closed Offline will see it again, and its displays count from zero; keep its id, or add `renamedFrom "offline-v1"` to it, or run `tipc lock` to accept the reset

                """)
        // A name nothing like the old one, but the only new parameter stored alike (a Bool).
        let away = Self.v1.replacingOccurrences(
            of: "parameter isLoggedIn: Bool = false", with: "parameter q: Bool = false"
        )
        .replacingOccurrences(of: "rule isLoggedIn", with: "rule q")
        #expect(
            Self.check(away, against: lock)
                == "App.tips:2:11: error: locked parameter 'isLoggedIn' is gone: the value the app set for it on each device is lost; did you rename it to 'q'? Add `renamedFrom isLoggedIn` to it (a clause at the end of the parameter), or run `tipc lock` to accept the reset\n"
        )
        // Two such: no guess, and the error is at the parameter's line in the lock.
        let two = away.replacingOccurrences(
            of: "parameter plan: Plan", with: "parameter r: Bool = true\nparameter plan: Plan")
        #expect(
            Self.check(two, against: lock)
                == "tipc.lock:9:1: error: locked parameter 'isLoggedIn' is gone: the value the app set for it on each device is lost; to keep it, add `renamedFrom isLoggedIn` to the parameter that replaces it (a clause at the end of the parameter), or run `tipc lock` to accept the reset\n"
        )
    }

    /// An event renamed to a name nothing like the old one: the only new
    /// event with the same fields is taken for its new name.
    @Test func aRenamedEventIsFoundByItsFields() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "event openedTrailDetail\n", with: "event detailShown\nevent other(n: Int)\n"
        )
        .replacingOccurrences(of: "openedTrailDetail.count", with: "detailShown.count")
        #expect(
            Self.check(v2, against: lock)
                == "App.tips:5:7: error: locked event 'openedTrailDetail' is gone: the donations people made of it are lost, so rules that count them start from zero; did you rename it to 'detailShown'? Add `renamedFrom openedTrailDetail` to it (a clause at the end of the event), or run `tipc lock` to accept the reset\n"
        )
        // Renamed and given a field in the same change (a locked event may
        // gain fields): still the only new event that keeps its fields.
        let grown = Self.v1.replacingOccurrences(
            of: "event visitedRegion(region: String, plan: Plan)\n",
            with: "event toured(region: String, plan: Plan, days: Int)\nevent other(n: Int)\n"
        )
        .replacingOccurrences(of: "visitedRegion.donations", with: "toured.donations")
        #expect(
            Self.check(grown, against: lock)
                == "App.tips:6:7: error: locked event 'visitedRegion' is gone: the donations people made of it are lost, so rules that count them start from zero; did you rename it to 'toured'? Add `renamedFrom visitedRegion` to it (a clause at the end of the event), or run `tipc lock` to accept the reset\n"
        )
        // An event without fields is not taken for one that has some.
        let fieldless = Self.v1.replacingOccurrences(
            of: "event openedTrailDetail\n", with: "event other(n: Int)\n"
        )
        .replacingOccurrences(of: " && openedTrailDetail.count > 1", with: "")
        #expect(Self.check(fieldless, against: lock).hasPrefix("tipc.lock:"))
    }

    /// A parameter and an event renamed, by typing, at the same time as a
    /// case of the enum they hold: each is still found as the only new one
    /// of its kind that holds that enum, and the case's own `renamedFrom`
    /// draws no warning that the lock holds no value with that case (the
    /// gone parameter's and event's do).
    @Test func aRenameThatAlsoRenamesACaseOfItsEnumIsStillFound() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "enum Plan { free, premium }", with: "enum Plan { free, pro renamedFrom premium }"
        )
        .replacingOccurrences(of: "parameter plan: Plan = .free", with: "parameter tier: Plan = .free")
        .replacingOccurrences(of: "plan == .premium", with: "tier == .pro")
        .replacingOccurrences(
            of: "event visitedRegion(region: String, plan: Plan)", with: "event toured(region: String, plan: Plan)"
        )
        .replacingOccurrences(of: "visitedRegion.donations", with: "toured.donations")
        #expect(
            Self.check(v2, against: lock) == """
                App.tips:3:11: error: locked parameter 'plan' is gone: the value the app set for it on each device is lost; did you rename it to 'tier'? Add `renamedFrom plan` to it (a clause at the end of the parameter), or run `tipc lock` to accept the reset
                App.tips:6:7: error: locked event 'visitedRegion' is gone: the donations people made of it are lost, so rules that count them start from zero; did you rename it to 'toured'? Add `renamedFrom visitedRegion` to it (a clause at the end of the event), or run `tipc lock` to accept the reset

                """)
        // The same without the case's rename: the same two suggestions.
        let caseRenamedByTyping = v2.replacingOccurrences(of: "pro renamedFrom premium", with: "pro")
        #expect(Self.check(caseRenamedByTyping, against: lock) == Self.check(v2, against: lock))
        // Each rename said: the program passes, and the case moves with them.
        let said = v2.replacingOccurrences(
            of: "parameter tier: Plan = .free", with: "parameter tier: Plan = .free renamedFrom plan"
        )
        .replacingOccurrences(
            of: "event toured(region: String, plan: Plan)",
            with: "event toured(region: String, plan: Plan) renamedFrom visitedRegion")
        #expect(Self.check(said, against: lock) == "")
        // Neither said, and the case gone without its rename: only the case of
        // a declaration the lock still finds is an error of its own.
        #expect(!Self.check(caseRenamedByTyping, against: lock).contains("case 'premium'"))
    }

    @Test func aParameterWhoseTypeChangedIsAnError() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "parameter isLoggedIn: Bool = false", with: "parameter isLoggedIn: Int = 0"
        )
        .replacingOccurrences(of: "rule isLoggedIn &&", with: "rule isLoggedIn > 0 &&")
        #expect(
            Self.check(v2, against: lock)
                == "App.tips:2:11: error: locked parameter 'isLoggedIn' changed its type from Bool to Int: the Bool each device holds is not read, and 'isLoggedIn' reads as its default until the app sets it again; keep Bool, or run `tipc lock` to accept the reset\n"
        )
    }

    @Test func aParameterMadeTransientIsAnError() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "parameter isLoggedIn: Bool", with: "transient parameter isLoggedIn: Bool")
        #expect(
            Self.check(v2, against: lock)
                == "App.tips:2:21: error: locked parameter 'isLoggedIn' is transient now: the value the app set for it on each device is no longer read, and it starts from its default at every launch; remove `transient`, or run `tipc lock` to accept the reset\n"
        )
    }

    @Test func aCaseOfAStoredEnumThatIsGoneIsOneError() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(of: "enum Plan { free, premium }", with: "enum Plan { free, pro }")
            .replacingOccurrences(of: "plan == .premium", with: "plan == .pro")
        // One error, though a parameter and an event's field both hold the
        // enum; at the one new case, the one gone being renamed by typing.
        #expect(
            Self.check(v2, against: lock)
                == "App.tips:1:19: error: case 'premium' of enum 'Plan' is gone: devices whose parameter 'plan' holds .premium read its default instead; did you rename it to 'pro'? Write `pro renamedFrom premium` to move them, or run `tipc lock` to accept the reset\n"
        )
        // A case gone and none new, or two new: no guess, and the error is at the enum.
        for cases in ["free", "free, pro, gold"] {
            let unsure = Self.v1.replacingOccurrences(of: "enum Plan { free, premium }", with: "enum Plan { \(cases) }")
                .replacingOccurrences(of: "rule plan == .premium", with: "rule plan == .free")
            #expect(
                Self.check(unsure, against: lock)
                    == "App.tips:1:6: error: case 'premium' of enum 'Plan' is gone: devices whose parameter 'plan' holds .premium read its default instead; to move them, write `renamedFrom premium` after the case that replaces it, or run `tipc lock` to accept the reset\n"
            )
        }
        let similar = v2.replacingOccurrences(of: "free, pro", with: "free, premiums")
            .replacingOccurrences(of: ".pro", with: ".premiums")
        #expect(
            Self.check(similar, against: lock).contains("App.tips:1:19: error: case 'premium' of enum 'Plan' is gone"))
        #expect(
            Self.check(similar, against: lock).contains(
                "did you rename it to 'premiums'? Write `premiums renamedFrom premium` to move them"))
    }

    @Test func anEventFieldGoneOrOfAnotherTypeIsAnError() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "event visitedRegion(region: String, plan: Plan)", with: "event visitedRegion(area: String, plan: Int)"
        ).replacingOccurrences(of: ".where(.region ==", with: ".where(.area ==")
        #expect(
            Self.check(v2, against: lock) == """
                App.tips:6:7: error: field 'region' of locked event 'visitedRegion' is gone: donations from now on lack it, so a version that reads it (one not updated yet, another device) does not count them; keep 'region', or run `tipc lock` to accept the change
                App.tips:6:35: error: field 'plan' of locked event 'visitedRegion' changed its type from Plan to Int: the donations stored before hold a Plan, which a `where` on 'plan' does not count; keep Plan, or run `tipc lock` to accept the change

                """)
    }

    @Test func addingAFieldToALockedEventIsAllowed() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "event visitedRegion(region: String, plan: Plan)",
            with: "event visitedRegion(region: String, plan: Plan, zoom: Int)")
        #expect(Self.check(v2, against: lock) == "")
        #expect(
            try Self.lock(v2, from: lock).changes == [
                "changed event 'visitedRegion'(plan: Plan { free, premium }, region: String, zoom: Int) (was event 'visitedRegion'(plan: Plan { free, premium }, region: String))"
            ])
    }

    @Test func aDeclarationThatTakesARetiredIdentityIsAnError() throws {
        let v2 = Self.v1.replacingOccurrences(of: "enum Plan { free, premium }", with: "enum Plan { free, pro }")
            .replacingOccurrences(of: "plan == .premium", with: "plan == .pro")
            .replacingOccurrences(of: "event openedTrailDetail\n", with: "")
            .replacingOccurrences(of: " && openedTrailDetail.count > 1", with: "")
        let (lock2, changes) = try Self.lock(v2, from: try Self.lock(Self.v1).lock)
        #expect(
            changes == [
                "changed event 'visitedRegion'(plan: Plan { free, pro }, region: String) (was event 'visitedRegion'(plan: Plan { free, premium }, region: String))",
                "changed parameter 'plan': Plan { free, pro } (was parameter 'plan': Plan { free, premium })",
                "retired case 'premium' of 'plan'", "retired case 'premium' of 'visitedRegion.plan'",
                "retired event 'openedTrailDetail'",
            ])
        let v3 =
            v2.replacingOccurrences(of: "enum Plan { free, pro }", with: "enum Plan { free, pro, premium }")
            + "\nevent openedTrailDetail\n"
        #expect(
            Self.check(v3, against: lock2) == """
                App.tips:1:24: error: case 'premium' of enum 'Plan' takes a case the lock retired from parameter 'plan': values stored as the old .premium would read as this one; give it another name, or run `tipc lock` to let it take that state
                App.tips:1:24: error: case 'premium' of enum 'Plan' takes a case the lock retired from field 'plan' of event 'visitedRegion': values stored as the old .premium would read as this one; give it another name, or run `tipc lock` to let it take that state
                App.tips:20:7: error: event 'openedTrailDetail' takes a name the lock retired: the donations people made of the old 'openedTrailDetail' would count for it; give it another name, or run `tipc lock` to let it take that state

                """)
        // Accepting it takes the identity back.
        let (lock3, accepted) = try Self.lock(v3, from: lock2)
        #expect(accepted.contains("took back event 'openedTrailDetail', retired before"))
        #expect(!lock3.text.contains("retired"))
    }

    @Test func aRetiredTipIDTakenAgainIsAnErrorAtItsID() throws {
        let v2 = Self.v1.replacingOccurrences(of: "id \"offline-v1\"", with: "id \"offline-v2\"")
        let lock2 = try Self.lock(v2, from: try Self.lock(Self.v1).lock).lock
        let v3 = v2 + "\ntip Promo {\n    id \"offline-v1\"\n    title \"P\"\n    rule isLoggedIn\n}\n"
        #expect(
            Self.check(v3, against: lock2)
                == "App.tips:22:8: error: tip 'Promo' takes the id 'offline-v1', which the lock retired: people who closed the tip that had it would find this one closed too; give it another `id`, or run `tipc lock` to let it take that state\n"
        )
    }

    @Test func twoDeclarationsRenamedFromOneIdentityAreAnErrorWithOrWithoutALock() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "parameter isLoggedIn: Bool = false",
            with:
                "parameter signedIn: Bool = false renamedFrom isLoggedIn\nparameter loggedIn: Bool = false renamedFrom isLoggedIn"
        ).replacingOccurrences(of: "rule isLoggedIn", with: "rule signedIn && loggedIn")
        let expected =
            "App.tips:3:46: error: parameter 'signedIn' and parameter 'loggedIn' are both renamed from 'isLoggedIn': the state stored under 'isLoggedIn' can move to one place only\nApp.tips:2:46: note: 'isLoggedIn' is first claimed here\n"
        #expect(Self.check(v2, against: lock) == expected)
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: v2)]).run()
        #expect(result.renderedDiagnostics(showsSourceLines: false) == expected)
    }

    // MARK: - Renames

    /// Version 2: every identity of version 1 renamed, each with `renamedFrom`.
    static let v2 = """
        enum Plan { free, pro renamedFrom premium }
        parameter signedIn: Bool = false renamedFrom isLoggedIn
        parameter tier: Plan = .free renamedFrom plan
        transient parameter editing: Bool = false
        event openedDetail renamedFrom openedTrailDetail
        event visited(region: String, plan: Plan) renamedFrom visitedRegion
        tip FavoriteTrail {
            renamedFrom FavoriteTrailTip
            title "Save"
            rule signedIn && openedDetail.count > 1
        }
        tip OfflineMaps {
            renamedFrom "offline-v1"
            title "Offline"
            rule tier == .pro
        }
        tip NewTrail(trailID: String) {
            id "new-trail-\\(trailID)"
            renamedFrom "NewTrailTip-\\(trailID)"
            title "New"
            rule visited.donations.where(.region == "Alps").count > 0
        }
        """

    @Test func everyKindOfRenamePassesTheLockAndMovesInIt() throws {
        let lock = try Self.lock(Self.v1).lock
        #expect(Self.check(Self.v2, against: lock) == "")
        let (moved, changes) = try Self.lock(Self.v2, from: lock)
        #expect(
            changes
                == [
                    "moved case 'premium' of 'tier' to .pro",
                    "moved case 'premium' of 'visited.plan' to .pro",
                    "moved event 'openedTrailDetail' to event 'openedDetail'",
                    "moved event 'visitedRegion'(plan: Plan { free, premium }, region: String) to event 'visited'(plan: Plan { free, pro }, region: String)",
                    "moved parameter 'isLoggedIn': Bool to parameter 'signedIn': Bool",
                    "moved parameter 'plan': Plan { free, premium } to parameter 'tier': Plan { free, pro }",
                    "moved tip 'FavoriteTrailTip' to tip 'FavoriteTrail'",
                    "moved tip 'NewTrail' (id \"NewTrailTip-\\(trailID)\") to tip 'NewTrail' (id \"new-trail-\\(trailID)\")",
                    "moved tip 'Offline' (id \"offline-v1\") to tip 'OfflineMaps'",
                ].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(Self.check(Self.v2, against: moved) == "")
        // Moved identities are retired: version 1 built against the new lock takes them back only on purpose.
        // Seven identities gone, seven retired ones taken back.
        #expect(Self.check(Self.v1, against: moved).components(separatedBy: "error: ").count - 1 == 14)
    }

    /// The lock marks where each rename moved state (`-> new`), and a
    /// later version that drops the `renamedFrom` is an error at the
    /// declaration it moved to, with the fix that puts it back: people who
    /// skip the version that moved their state still have it under the old
    /// identity. `tipc lock` accepts the reset and drops the mark.
    @Test func aRenamedFromTheLockRecordsAsAMoveMustStay() throws {
        let lock = try Self.lock(Self.v1).lock
        let moved = try Self.lock(Self.v2, from: lock).lock
        #expect(
            moved.text.contains(
                """
                retired case tier.premium -> pro
                retired case visited.plan.premium -> pro
                retired event openedTrailDetail -> openedDetail
                retired event visitedRegion(plan: Plan { free, premium }, region: String) -> visited
                retired parameter isLoggedIn: Bool -> signedIn
                retired parameter plan: Plan { free, premium } -> tier
                retired tip FavoriteTrailTip "FavoriteTrailTip" -> "FavoriteTrail"
                retired tip NewTrail "NewTrailTip-\\(trailID)" -> "new-trail-\\(trailID)"
                retired tip Offline "offline-v1" -> "OfflineMaps"

                """))
        #expect(Self.lockText(moved.text).map { Set($0.entries) } == Set(moved.entries))
        let v3 = Self.v2.replacingOccurrences(of: " renamedFrom isLoggedIn", with: "")
            .replacingOccurrences(of: " renamedFrom openedTrailDetail", with: "")
            .replacingOccurrences(of: "    renamedFrom FavoriteTrailTip\n", with: "")
            .replacingOccurrences(of: "pro renamedFrom premium", with: "pro")
        #expect(
            Self.check(v3, against: moved) == """
                App.tips:1:19: error: the lock records that .premium of parameter 'tier' moved to .pro, but no case of enum 'Plan' says `renamedFrom premium` any more: devices that skip the version that moved it still hold .premium, which reads as the default; keep `pro renamedFrom premium`, or run `tipc lock` to accept the reset
                App.tips:2:11: error: the lock records that parameter 'isLoggedIn' moved to 'signedIn', but nothing says `renamedFrom isLoggedIn` any more: people who skip the version that moved it would lose the value the app set for it; keep `renamedFrom isLoggedIn` on parameter 'signedIn', or run `tipc lock` to accept the reset
                App.tips:5:7: error: the lock records that event 'openedTrailDetail' moved to 'openedDetail', but nothing says `renamedFrom openedTrailDetail` any more: people who skip the version that moved it would lose the donations they made of it; keep `renamedFrom openedTrailDetail` on event 'openedDetail', or run `tipc lock` to accept the reset
                App.tips:7:5: error: the lock records that tip 'FavoriteTrailTip' moved to "FavoriteTrail", but nothing says `renamedFrom FavoriteTrailTip` any more: people who skip the version that moved it would see FavoriteTrailTip again, its displays counted from zero; keep `renamedFrom FavoriteTrailTip` on tip 'FavoriteTrail', or run `tipc lock` to accept the reset

                """)
        // Each error's fix puts its renamedFrom back, and the program passes again.
        let fixed = try Self.applyingFixIts(v3, against: moved)
        #expect(Self.check(fixed, against: moved) == "")
        // Renamed again, from the second name only: the first's move must stay too.
        let again = Self.v2.replacingOccurrences(
            of: "parameter signedIn: Bool = false renamedFrom isLoggedIn",
            with: "parameter isSignedIn: Bool = false renamedFrom signedIn"
        ).replacingOccurrences(of: "rule signedIn", with: "rule isSignedIn")
        #expect(
            Self.check(again, against: moved).contains(
                "App.tips:2:11: error: the lock records that parameter 'isLoggedIn' moved to 'signedIn', but nothing says `renamedFrom isLoggedIn` any more"
            ))
        let both = again.replacingOccurrences(of: "renamedFrom signedIn", with: "renamedFrom signedIn, isLoggedIn")
        #expect(Self.check(both, against: moved) == "")
        let (chained, chainChanges) = try Self.lock(both, from: moved)
        #expect(chained.text.contains("retired parameter isLoggedIn: Bool -> isSignedIn\nretired parameter plan"))
        #expect(chainChanges.contains("marked the move of parameter 'isLoggedIn': Bool -> isSignedIn"))
        // Accepting the reset: tipc lock drops the marks, and says so.
        let (accepted, changes) = try Self.lock(v3, from: moved)
        #expect(
            changes == [
                "no longer moved: case 'premium' of 'tier' (its renamedFrom is gone)",
                "no longer moved: case 'premium' of 'visited.plan' (its renamedFrom is gone)",
                "no longer moved: event 'openedTrailDetail' (its renamedFrom is gone)",
                "no longer moved: parameter 'isLoggedIn': Bool (its renamedFrom is gone)",
                "no longer moved: tip 'FavoriteTrailTip' (its renamedFrom is gone)",
            ])
        #expect(accepted.text.contains("retired parameter isLoggedIn: Bool\n"))
        #expect(Self.check(v3, against: accepted) == "")
    }

    @Test func keepingATipsIDIsAnotherWayToRenameIt() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "tip FavoriteTrailTip {", with: "tip FavoriteTrail {\n    id \"FavoriteTrailTip\"")
        #expect(Self.check(v2, against: lock) == "")
        #expect(
            try Self.lock(v2, from: lock).changes == [
                "changed tip 'FavoriteTrail' (id \"FavoriteTrailTip\") (was tip 'FavoriteTrailTip')"
            ])
    }

    @Test func aRenameTheLockDoesNotKnowIsAWarning() throws {
        let lock = try Self.lock(Self.v1).lock
        let v2 = Self.v1.replacingOccurrences(
            of: "parameter isLoggedIn: Bool = false",
            with: "parameter isLoggedIn: Bool = false\nparameter b: Bool = false renamedFrom isLogedIn"
        ).replacingOccurrences(
            of: "tip Offline {\n    id \"offline-v1\"", with: "tip OfflineMaps {\n    renamedFrom Offline"
        )
        .replacingOccurrences(
            of: "enum Plan { free, premium }", with: "enum Plan { free, premium, gold renamedFrom golden }")
        #expect(
            Self.check(v2, against: lock) == """
                App.tips:1:45: warning: renamedFrom 'golden': the lock has no stored value of enum 'Plan' that holds a case 'golden', so nothing moves
                App.tips:3:39: warning: renamedFrom 'isLogedIn': the lock has no parameter 'isLogedIn', so nothing moves to this parameter
                App.tips:12:5: error: locked tip 'Offline' is gone: people who closed Offline will see it again, and its displays count from zero; did you rename it to 'OfflineMaps'? Add `renamedFrom "offline-v1"` to it (an item of the tip), or run `tipc lock` to accept the reset
                App.tips:13:17: warning: renamedFrom 'Offline': the lock has no tip with the id "Offline", so nothing moves to this tip; the lock's tip 'Offline' had the id "offline-v1": write renamedFrom "offline-v1"

                """)
    }

    /// A case whose only stored values are a retired parameter's moves
    /// nothing, and the warning names what holds it rather than saying
    /// that nothing does.
    @Test func aCaseRenameHeldOnlyByARetiredValueSaysSo() throws {
        let withCup = Self.v1 + "\nenum Size { small, large }\nparameter cupSize: Size = .small"
        let lock = try Self.lock(withCup).lock
        let accepted = try Self.lock(Self.v1 + "\nenum Size { small, large }", from: lock).lock
        #expect(accepted.text.contains("retired parameter cupSize: Size { large, small }\n"))
        let withDrink = Self.v1 + "\nenum Size { small, large }\nparameter drinkSize: Size = .small"
        let renamed = withDrink.replacingOccurrences(
            of: "enum Size { small, large }", with: "enum Size { small, grande renamedFrom large }")
        #expect(
            Self.check(renamed, against: accepted)
                == "App.tips:21:39: warning: renamedFrom 'large': only the lock's retired parameter 'cupSize' holds "
                + "a case 'large' of enum 'Size', and a retired value is no longer read, so nothing moves\n")
    }

    /// A misspelled old name is offered the locked identity it resembles
    /// only when no declaration holds that identity today: moving a held
    /// one (the declaration's own, or another's) would take state from
    /// what still uses it.
    @Test func aMisspelledRenameIsOfferedOnlyAnIdentityNothingHolds() throws {
        let lock = try Self.lock(Self.v1).lock
        let gone = Self.v1.replacingOccurrences(
            of: "tip FavoriteTrailTip {", with: "tip FavoriteTrail {\n    renamedFrom FavoriteTrailTp")
        #expect(
            Self.check(gone, against: lock).contains(
                "warning: renamedFrom 'FavoriteTrailTp': the lock has no tip with the id \"FavoriteTrailTp\", so nothing moves to this tip; did you mean 'FavoriteTrailTip'?\n"
            ))
        let held = Self.v1.replacingOccurrences(
            of: "tip FavoriteTrailTip {", with: "tip FavoriteTrailTip {\n    renamedFrom FavoriteTrailTp")
        #expect(
            Self.check(held, against: lock)
                == "App.tips:8:17: warning: renamedFrom 'FavoriteTrailTp': the lock has no tip with the id \"FavoriteTrailTp\", so nothing moves to this tip\n"
        )
    }

    @Test func aDamagedLockStopsTheCompilationAtItsLine() {
        let output = Self.check(Self.v1, lockText: "format 1\ntip A\n")
        #expect(output == "tipc.lock:2:6: error: expected the tip's id in quotes; the line ends\n")
        let result = Compilation(
            inputs: [CompilationInput(path: "App.tips", text: Self.v1)],
            options: CompilationOptions(lock: CompilationInput(path: "tipc.lock", text: "format 9\n"))
        ).run()
        #expect(result.hasErrors)
        #expect(result.outputs.isEmpty)
    }

    @Test func aSlotRenamedKeepsItsRetiredCases() throws {
        let v2 = Self.v1.replacingOccurrences(of: "enum Plan { free, premium }", with: "enum Plan { free, pro }")
            .replacingOccurrences(of: "plan == .premium", with: "plan == .pro")
        let lock2 = try Self.lock(v2, from: try Self.lock(Self.v1).lock).lock
        let v3 = v2.replacingOccurrences(
            of: "parameter plan: Plan = .free", with: "parameter tier: Plan = .free renamedFrom plan"
        )
        .replacingOccurrences(of: "rule plan ==", with: "rule tier ==")
        let lock3 = try Self.lock(v3, from: lock2).lock
        #expect(lock3.text.contains("retired case tier.premium\n"))
        #expect(lock3.text.contains("retired case plan.premium\n"))
    }

    /// Every tip of a large lock renamed: the first 1,000 gone are each told
    /// the tip they were likely renamed to, and the error for the rest
    /// stands at the 1,001st's; the rest are counted without a search among
    /// the new tips (10,000 such searches took `tipc check --lock` 179 s).
    @Test func everyTipOfALargeLockRenamedIsToldUpToTheLimit() throws {
        func tips(_ prefix: String) -> String {
            (0..<(DiagnosticEngine.errorLimit + 50)).map { number in
                let digits = String(number)
                return "tip \(prefix)\(String(repeating: "0", count: 4 - digits.count))\(digits) { title \"t\" }\n"
            }.joined()
        }
        let (old, new) = (tips("A"), tips("B"))
        let options = CompilationOptions(
            emitsCode: false, lock: CompilationInput(path: "tipc.lock", text: try Self.lock(old).lock.text))
        let result = Compilation(inputs: [CompilationInput(path: "App.tips", text: new)], options: options).run()
        let errors = result.diagnostics.filter { $0.severity == .error }
        try #require(errors.count == DiagnosticEngine.errorLimit + 1)
        let told = errors.dropLast().compactMap { error -> String? in
            guard let gone = error.message.firstRange(of: "locked tip 'A"), error.message.contains("is gone") else {
                return nil
            }
            let number = error.message[gone.upperBound...].prefix(4)
            return error.message.contains("did you rename it to 'B\(number)'?") ? String(number) : nil
        }
        #expect(Set(told) == Set((0..<DiagnosticEngine.errorLimit).map { String(format: "%04d", $0) }))
        let last = try #require(errors.last)
        #expect(last.message == DiagnosticEngine.tooManyMessage)
        let renamedTo = try #require(new.utf8.firstRange(of: "tip B1000 ".utf8))
        #expect(last.range.start == UInt32(new.utf8.distance(from: new.utf8.startIndex, to: renamedTo.lowerBound) + 4))
    }

}
