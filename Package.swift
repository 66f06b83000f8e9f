// swift-tools-version: 6.1

import PackageDescription

let package = Package(
    name: "tipc",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "TipsRuntime", targets: ["TipsRuntime"]),
        .library(name: "TipsTerminal", targets: ["TipsTerminal"]),
        .library(name: "TipsCompiler", targets: ["TipsCompiler", "TipsSyntax", "TipsStringCatalog"]),
        .executable(name: "tipc", targets: ["tipc"]),
        .plugin(name: "TipsPlugin", targets: ["TipsPlugin"]),
        .plugin(name: "TipsGenerate", targets: ["TipsGenerate"]),
        .plugin(name: "TipsLock", targets: ["TipsLock"]),
    ],
    targets: [
        // The runtime that generated code links against. Depends on nothing but Foundation.
        .target(name: "TipsRuntime"),
        // Tip cards for command-line programs, over TipsRuntime's TipPresenter.
        .target(name: "TipsTerminal", dependencies: ["TipsRuntime"]),
        // The front end: source → tokens → syntax tree, with its diagnostics. What `tipc format` needs.
        // It shares the runtime's rule vocabulary (operators), so there is one list of them.
        .target(name: "TipsSyntax", dependencies: ["TipsRuntime"]),
        // String Catalogs (.xcstrings): read with positions, updated, written back in Xcode's exact layout.
        .target(name: "TipsStringCatalog", dependencies: ["TipsSyntax"]),
        // The rest of the compiler: syntax tree → checked model → Swift, and the driver over all stages.
        .target(name: "TipsCompiler", dependencies: ["TipsSyntax", "TipsRuntime", "TipsStringCatalog"]),
        // The tools built on the compiler, each its own target so that a change in one rebuilds only it.
        // `tipc format`: the canonical layout, printed from the syntax tree; the checker proves it kept the meaning.
        .target(name: "TipsFormat", dependencies: ["TipsSyntax", "TipsCompiler", "TipsRuntime"]),
        // `tipc lsp`: the language server (it formats documents with TipsFormat).
        .target(
            name: "TipsLanguageServer",
            dependencies: ["TipsSyntax", "TipsCompiler", "TipsFormat", "TipsStringCatalog", "TipsScenarios"]),
        // `tipc preview`: the HTML back end beside the Swift one.
        .target(name: "TipsPreview", dependencies: ["TipsSyntax", "TipsCompiler", "TipsRuntime"]),
        // `tipc test`: runs a compilation's scenarios on the runtime's engine.
        .target(name: "TipsScenarios", dependencies: ["TipsSyntax", "TipsCompiler", "TipsRuntime"]),
        // The command line: arguments, help, and one command per tool. A library, so tests run it in process.
        .target(
            name: "TipcCommandLine",
            dependencies: [
                "TipsSyntax", "TipsCompiler", "TipsFormat", "TipsLanguageServer", "TipsPreview", "TipsScenarios",
            ]),
        // The executable: only a call into TipcCommandLine.
        .executableTarget(name: "tipc", dependencies: ["TipcCommandLine"]),
        // Runs tipc over a target's .tips files during `swift build`.
        .plugin(name: "TipsPlugin", capability: .buildTool(), dependencies: ["tipc"]),
        // `swift package generate-tips`: writes the same generated Swift into the package.
        .plugin(
            name: "TipsGenerate",
            // No declared permission, so that `--help` needs none; SwiftPM's sandbox
            // (macOS) still lets it write only with --allow-writing-to-package-directory.
            capability: .command(
                intent: .custom(
                    verb: "generate-tips",
                    description: "Write the Swift generated from .tips files into <target>/Generated")
            ),
            dependencies: ["tipc"]
        ),
        // `swift package tips-lock`: writes a target's tipc.lock (`tipc lock`), which TipsPlugin then checks.
        .plugin(
            name: "TipsLock",
            capability: .command(
                intent: .custom(
                    verb: "tips-lock",
                    description: "Write <target>/tipc.lock, the identities users' state is stored under")
            ),
            dependencies: ["tipc"]
        ),

        // The samples: tips compiled by TipsPlugin, a runnable demo, and their end-to-end tests.
        .target(
            name: "TrailsTips", dependencies: ["TipsRuntime"], path: "Samples/Trails/Tips",
            // The German and Japanese String Catalog is for tipc (`--strings`), not a resource of the module.
            exclude: ["Tips.xcstrings"], plugins: ["TipsPlugin"]),
        .target(
            name: "BackyardTips", dependencies: ["TipsRuntime"], path: "Samples/Backyard/Tips",
            plugins: ["TipsPlugin"]),
        .executableTarget(
            name: "trails-demo", dependencies: ["TipsRuntime", "TipsTerminal", "TrailsTips"],
            path: "Samples/Trails/Demo"),
        // libFuzzer target over the whole compiler (or, with TIPC_FUZZ_TARGET=catalog, the String Catalog reader);
        // without -DTIPC_FUZZ it replays inputs (Fuzz/README.md).
        .executableTarget(
            name: "tipc-fuzz",
            dependencies: [
                "TipsSyntax", "TipsCompiler", "TipsFormat", "TipsStringCatalog", "TipsScenarios", "TipsLanguageServer",
            ]),
        // A child process for the datastore's crash-consistency test (not a product).
        .executableTarget(name: "tips-store-stress", dependencies: ["TipsRuntime"]),
        // Measures the compiler and runtime against the performance targets: `swift run -c release tipc-bench`.
        .executableTarget(
            name: "tipc-bench",
            // TipsTestSupport for SplitMix64, which makes its synthetic input the same bytes on every run.
            dependencies: [
                "TipsSyntax", "TipsCompiler", "TipsLanguageServer", "TipsScenarios", "TipsRuntime", "TipsTestSupport",
                // TipcCommandLine, to time `tipc compile` in a child as the `tipc` executable runs it.
                "TipcCommandLine",
            ]),

        // What every test target shares: a seeded generator, the ThreadSanitizer check, temporary directories,
        // built executables. Foundation only, so that tipc-bench uses its generator too.
        .target(name: "TipsTestSupport", path: "Tests/TipsTestSupport"),
        .testTarget(name: "TipsRuntimeTests", dependencies: ["TipsRuntime", "TipsTestSupport"]),
        .testTarget(name: "TipsTerminalTests", dependencies: ["TipsTerminal", "TipsRuntime"]),
        // Tips named like Swift keywords and reserved names (the ReservedNames golden), to run against the runtime.
        .target(
            name: "ReservedNamesTips", dependencies: ["TipsRuntime"], path: "Tests/ReservedNamesTips",
            plugins: ["TipsPlugin"]),
        .testTarget(
            name: "TipsEndToEndTests",
            dependencies: [
                "TipsRuntime", "TipsSyntax", "TipsCompiler", "TipsScenarios", "TrailsTips", "BackyardTips",
                "ReservedNamesTips", "TipsTestSupport",
            ],
            // Trails and Backyard both declare TipParameters.isSignedIn: each file sees only the sample it imports.
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]),
        .testTarget(
            name: "TipsCompilerTests",
            dependencies: [
                "TipsSyntax", "TipsCompiler", "TipsFormat", "TipsLanguageServer", "TipsPreview", "TipsScenarios",
                "TipcCommandLine", "TipsStringCatalog", "TipsTestSupport",
            ],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
