import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Whether the tests run under ThreadSanitizer (`swift test --sanitize=thread`,
/// `.ci/tsan.sh`), which slows everything several times over and makes
/// stack frames larger.
public let isRunningUnderThreadSanitizer: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    return dlsym(handle, "__tsan_init") != nil
}()
