#!/bin/sh
# Runs the runtime's tests, the compiler's tests of work split over
# threads and the language server's connection (a thread reading a pipe,
# and the task running scenarios beside it)
# under ThreadSanitizer, in its own build directory
# (.build-tsan) so that it never invalidates the ordinary build.
# Fails on any data race TSan reports (halt_on_error makes a report fatal).
set -eu
cd "$(dirname "$0")/.."
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1 second_deadlock_stack=1}"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --skip-build --sanitize=thread --scratch-path .build-tsan --filter "TipsRuntimeTests|ParallelCompilationTests|ParserPartsTests|LanguageServerEditStormTests|LanguageServerConnectionScenarioTests" "$@"
