import Foundation
import Testing

@testable import TipsRuntime

@Suite struct DatastoreLocationTests {
    #if os(Linux)
        @Test func applicationDefaultUsesXDGDataHome() throws {
            let url = try Tips.DatastoreLocation.applicationDefault.resolve(environment: ["XDG_DATA_HOME": "/data"])
            #expect(url.path == "/data/\(Tips.DatastoreLocation.applicationName)/Tips")
        }

        @Test func applicationDefaultFallsBackToLocalShare() throws {
            let url = try Tips.DatastoreLocation.applicationDefault.resolve(environment: ["HOME": "/home/me"])
            #expect(url.path == "/home/me/.local/share/\(Tips.DatastoreLocation.applicationName)/Tips")
        }

        @Test func groupContainerIsASharedDirectoryNamedByIdentifier() throws {
            let url = try Tips.DatastoreLocation.groupContainer(identifier: "group.trails")
                .resolve(environment: ["XDG_DATA_HOME": "/data"])
            #expect(url.path == "/data/group.trails/Tips")
        }
    #endif

    @Test func explicitURLIsUsedAsIs() throws {
        let url = URL(fileURLWithPath: "/tmp/tips-here", isDirectory: true)
        #expect(try Tips.DatastoreLocation.url(url).resolve(environment: [:]) == url)
    }

    @Test func configureHandsTheResolvedDirectoryToTheDatastore() async throws {
        let seen = Locked<URL?>(nil)
        let center = TipCenter { directory, _ in
            seen.withLock { $0 = directory }
            return InMemoryDatastore()
        }
        let directory = URL(fileURLWithPath: "/tmp/tips-configured", isDirectory: true)
        try await center.configure([.datastoreLocation(.url(directory)), .arguments([]), .environment([:])])
        #expect(seen.withLock { $0 } == directory)
    }
}
