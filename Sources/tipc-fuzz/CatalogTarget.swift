import TipsCompiler
import TipsStringCatalog
import TipsSyntax

/// Reads `bytes` as a String Catalog and checks what the reader promises:
/// a catalog is read or reported with at least one error, every diagnostic
/// lies inside the file, and a catalog it read is written back in bytes it
/// reads again, the same catalog, which it writes back unchanged; updating
/// it twice with the same strings gives the same bytes. Then compiles
/// ``catalogProgram`` with it as `--strings`, so that its translations are
/// checked (slots, copy, states, renamed tips and buttons) and emitted, and
/// checks what the compiler promises of any compilation.
func readCatalogAndCheck(_ bytes: [UInt8]) {
    defer {
        let options = CompilationOptions(strings: CompilationInput(path: "fuzz.xcstrings", bytes: bytes))
        let program = CompilationInput(path: "fuzz.tips", text: catalogProgram)
        render(Compilation(inputs: [program], options: options).run(), inputs: 1)
    }
    var sources = SourceManager()
    let catalog = readChecked(bytes, as: "fuzz.xcstrings", into: &sources, by: StringCatalog.read)
    guard let catalog else { return }
    let written = catalog.bytes
    let again = reread(written, into: &sources)
    precondition(again.bytes == written, "writing a catalog back is not stable")
    // Each string new, under a former key the catalog has: updating carries that entry's translations.
    let strings = catalog.entries.prefix(3).map {
        CatalogString(key: $0.key + ".x", value: $0.key, comment: "c", formerKeys: [$0.key])
    }
    let once = JSONPrinter.print(again.updated(with: strings))
    precondition(
        JSONPrinter.print(reread(once, into: &sources).updated(with: strings)) == once, "update not idempotent")
}

/// Reads bytes tipc wrote, which must read without errors.
private func reread(_ bytes: [UInt8], into sources: inout SourceManager) -> StringCatalog {
    var diagnostics = DiagnosticEngine()
    let catalog = StringCatalog.read(sources.add(path: "written.xcstrings", bytes: bytes), diagnostics: &diagnostics)
    guard let catalog else { preconditionFailure("tipc cannot read a catalog it wrote") }
    return catalog
}

/// The tips a fuzzed catalog is checked against: the keys of the corpus's
/// catalogs (`FavoriteTrail`, `NewTrail` with its slots, `OfflineMaps`
/// renamed, `Compass`), a tip with two buttons for a renamed one to be
/// guessed among, and copy for each language's checks to measure.
let catalogProgram = """
    event openedTrail

    tip FavoriteTrail {
        title "Save as a Favorite"
        message "Your favorites stay on top."
        action learnMore "Learn More"
        action share "Share"
        rule openedTrail.count >= 3
    }

    tip NewTrail(name: String, region: String) {
        id "new-\\(name)"
        title "\\(name) is open"
        message "Find \\(name) in \\(region)."
        rule openedTrail.count >= 1
    }

    tip SaveMaps {
        renamedFrom OfflineMaps
        title "Keep maps offline"
        rule openedTrail.count >= 2
    }

    tip Compass {
        title "Find north"
        message "Turn until the arrow points up."
        rule openedTrail.count >= 5
    }
    """
