// swift-tools-version: 6.0
// A package that is not tipc, depending on it by path and applying TipsPlugin:
// proof that the plugin works for an outside package. `.ci/run` builds and runs it.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "tipc", path: "../..")],
    targets: [
        .executableTarget(
            name: "ConsumerApp",
            dependencies: [.product(name: "TipsRuntime", package: "tipc")],
            plugins: [.plugin(name: "TipsPlugin", package: "tipc")]
        )
    ],
    swiftLanguageModes: [.v6]
)
