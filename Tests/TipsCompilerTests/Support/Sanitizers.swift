import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Whether the tests run under ThreadSanitizer (`.ci/tsan.sh`).
let isRunningUnderThreadSanitizer: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    return dlsym(handle, "__tsan_init") != nil
}()
