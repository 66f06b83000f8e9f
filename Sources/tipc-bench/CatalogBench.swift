import Foundation
import TipsCompiler

/// `tipc check --strings` of the tips with every tip renamed (without
/// `renamedFrom`) against the same check of the tips as the catalog has
/// them: what a catalog whose keys all went stale adds to a check. Each
/// such key is told the closest key the files have ("did you mean"), so
/// the check searches every stale key among every key.
enum CatalogBench {
    /// Searched one candidate at a time, the 16,834 stale keys of the
    /// benchmark's 10,000 tips renamed, each among 23,834 keys, made the
    /// check about ten times as long (`tipc check --strings`, 9.0–9.8 s of
    /// CPU against 0.88 s); walking the tree of the keys' prefixes
    /// (`Spelling.Prepared`), 1.17–1.20 times in this benchmark.
    static let ratioLimit = 2.0
    static let target = "check of a catalog of renamed tips <= \(ratioLimit)x of the tips it names (1 job)"

    static func run(options: Options, input: BenchInput, report: Report) {
        section("String Catalog: every tip renamed, against the tips the catalog names")
        let catalog = CompilationInput(
            path: "Synthetic.xcstrings", bytes: BenchCompiler.catalog(for: input.bytes, languages: ["de"]))
        var checkOptions = CompilationOptions(emitsCode: false, jobs: 1, strings: catalog)
        checkOptions.recordsSymbols = false
        // The same file, but every tip `TeachN` is `LearnN` where it is declared and wherever it is named.
        let renamed = SyntheticTips(tipCount: input.tipCount, tipNamePrefix: "Learn").bytes()
        func check(_ bytes: [UInt8]) -> CompilationResult {
            Compilation(inputs: [CompilationInput(path: "Synthetic.tips", bytes: bytes)], options: checkOptions).run()
        }
        let stale = check(renamed).diagnostics.filter { $0.message.contains("; did you mean '") }.count
        guard stale > 0, check(input.bytes).diagnostics.allSatisfy({ !$0.message.contains("; did you mean '") })
        else {
            return report.fail(
                "the renamed tips of \(input.tipCount) gave no stale keys to search, or the tips as named did")
        }
        let (named, renamedRuns) = measureInTurn(
            runs: options.runs(for: input.tipCount), { check(input.bytes) }, { check(renamed) })
        print(
            "  \(Format.count(input.tipCount)) tips, a catalog of \(Format.megabytes(Double(catalog.bytes.count))),"
                + " \(Format.count(stale)) stale keys each told the closest key; CPU time, taken alternately:")
        print("    the tips the catalog names: \(Format.spread(named))")
        print("    every tip renamed:          \(Format.spread(renamedRuns))")
        let ratio = SwiftcBench.pairedRatio(renamedRuns, named)
        report.judge(target, measured: String(format: "x%.2f", ratio), passed: ratio <= ratioLimit)
    }
}
