/// Runtime measurements: evaluation, donation, observers, datastore.
enum RuntimeBench {
    static func run(options: Options, report: Report) async {
        section("Runtime")
        print("  the runtime engine is not in this build: not measured")
    }
}
