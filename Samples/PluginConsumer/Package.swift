// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "CafeApp",
    // TipsRuntime needs these OS versions (or newer); Linux needs nothing.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8)],
    dependencies: [
        // tipc cloned beside this package. Its name is given because a path
        // dependency is otherwise named after its folder.
        .package(name: "tipc", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "CafeApp",
            dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            plugins: [.plugin(name: "TipsPlugin", package: "tipc")]
        )
    ],
    swiftLanguageModes: [.v6]
)
