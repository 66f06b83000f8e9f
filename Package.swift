// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "tipc",
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "TipsRuntime", targets: ["TipsRuntime"]),
        .library(name: "TipsCompiler", targets: ["TipsCompiler"]),
        .executable(name: "tipc", targets: ["tipc"]),
        .plugin(name: "TipsPlugin", targets: ["TipsPlugin"]),
    ],
    targets: [
        // The runtime that generated code links against. Depends on nothing but Foundation.
        .target(name: "TipsRuntime"),
        // The whole compiler as a library: source → tokens → syntax tree → checked model → Swift.
        .target(name: "TipsCompiler"),
        // The thin command line over TipsCompiler.
        .executableTarget(name: "tipc", dependencies: ["TipsCompiler"]),
        // Runs tipc over a target's .tips files during `swift build`.
        .plugin(name: "TipsPlugin", capability: .buildTool(), dependencies: ["tipc"]),
        // A child process for the datastore's crash-consistency test (not a product).
        .executableTarget(name: "tips-store-stress", dependencies: ["TipsRuntime"]),

        .testTarget(name: "TipsRuntimeTests", dependencies: ["TipsRuntime"]),
        .testTarget(
            name: "TipsCompilerTests",
            dependencies: ["TipsCompiler"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
