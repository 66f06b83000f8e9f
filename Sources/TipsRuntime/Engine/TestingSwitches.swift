import Foundation

/// Testing switches read from launch arguments and environment variables at
/// configuration.
///
/// | launch argument | environment variable | effect |
/// |---|---|---|
/// | `-com.apple.TipKit.ShowAllTips 1` | `TIPKIT_SHOW_ALL_TIPS=1` | show every tip |
/// | `-com.apple.TipKit.ShowTips a,b` | `TIPKIT_SHOW_TIPS=a,b` | show these tip ids |
/// | `-com.apple.TipKit.HideTips a,b` | `TIPKIT_HIDE_TIPS=a,b` | hide these tip ids |
/// | `-com.apple.TipKit.HideAllTips 1` | `TIPKIT_HIDE_ALL_TIPS=1` | hide every tip |
/// | `-com.apple.TipKit.ResetDatastore 1` | `TIPKIT_RESET_DATASTORE=1` | erase the datastore first |
///
/// A flag is on for `1`, `true` or `yes` (any case).
struct TestingSwitches: Sendable, Hashable {
    var showAll = false
    var hideAll = false
    var resetDatastore = false
    var shown: Set<String> = []
    var hidden: Set<String> = []

    init(arguments: [String], environment: [String: String]) {
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let prefix = "-com.apple.TipKit."
            if argument.hasPrefix(prefix), arguments.index(after: index) < arguments.endIndex {
                values[String(argument.dropFirst(prefix.count))] = arguments[arguments.index(after: index)]
                index = arguments.index(index, offsetBy: 2)
            } else {
                index = arguments.index(after: index)
            }
        }
        func flag(_ argument: String, _ variable: String) -> Bool {
            [values[argument], environment[variable]].contains { value in
                guard let value else { return false }
                return ["1", "true", "yes"].contains(value.lowercased())
            }
        }
        func list(_ argument: String, _ variable: String) -> Set<String> {
            let items = [values[argument], environment[variable]].compactMap { $0 }
                .flatMap { $0.split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            return Set(items)
        }
        showAll = flag("ShowAllTips", "TIPKIT_SHOW_ALL_TIPS")
        hideAll = flag("HideAllTips", "TIPKIT_HIDE_ALL_TIPS")
        resetDatastore = flag("ResetDatastore", "TIPKIT_RESET_DATASTORE")
        shown = list("ShowTips", "TIPKIT_SHOW_TIPS")
        hidden = list("HideTips", "TIPKIT_HIDE_TIPS")
    }
}
