/// `swiftc -typecheck` of the Swift generated for 1,000 tips.
enum SwiftcBench {
    static func run(options: Options, report: Report) async {}
}
