/// Loading and saving a store of 100 events × 1,000 donations.
enum DatastoreBench {
    static func run(options: Options, report: Report) async {
        print("  datastore: the durable store is not in this build (runtime and persistence not integrated yet)")
        report.judge("store load (100 events x 1,000 donations) <= 50 ms", measured: "not measured", passed: nil)
    }
}
