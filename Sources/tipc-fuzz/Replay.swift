#if !TIPC_FUZZ
    import Foundation

    /// Without libFuzzer (a plain `swift build`), replays the files given as
    /// arguments, and every file below the directories given, through the
    /// same code the fuzzer runs: `tipc-fuzz Fuzz/corpus crash-1234`. A file
    /// named `*.xcstrings` goes to the String Catalog reader, one named
    /// `*.lock` to the lock's target, one named `*.program` (or every file,
    /// with `TIPC_FUZZ_TARGET=structured`) to the structure-aware target,
    /// anything else to the compiler.
    @main struct Replay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.isEmpty {
                print("usage: tipc-fuzz <file or directory>...  (replays inputs; build with -DTIPC_FUZZ to fuzz)")
                return
            }
            let structured = ProcessInfo.processInfo.environment["TIPC_FUZZ_TARGET"] == "structured"
            var count = 0
            for path in arguments {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        print("cannot read \(file)")
                        continue
                    }
                    if file.hasSuffix(".xcstrings") {
                        readCatalogAndCheck(Array(data))
                    } else if file.hasSuffix(".lock") {
                        readLockAndCheck(Array(data))
                    } else if file.hasSuffix(".program") || structured {
                        fuzzStructured(Array(data))
                    } else {
                        compileEverything(Array(data))
                    }
                    count += 1
                }
            }
            print("replayed \(count) inputs")
        }

        /// `path` itself if it is a file, else every regular file below it, sorted.
        static func files(at path: String) -> [String] {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { return [path] }
            let entries = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            return entries.sorted().map { "\(path)/\($0)" }.filter { entry in
                var entryIsDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: entry, isDirectory: &entryIsDirectory)
                    && !entryIsDirectory.boolValue
            }
        }
    }
#endif
