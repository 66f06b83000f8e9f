import Foundation
import TipcCommandLine

// tipc-bench: measures tipc and TipsRuntime against the targets of the
// performance issue. `swift run -c release tipc-bench [--quick|--full]`.

guard let options = Options.parse(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data((Options.usage + "\n").utf8))
    exit(2)
}

if options.showsHelp {
    print(Options.usage)
    exit(0)
}

if let tipCount = options.printInput {
    FileHandle.standardOutput.write(Data(SyntheticTips(tipCount: tipCount).bytes()))
    exit(0)
}

if let arguments = options.tipcArguments {
    CommandLineTool.runAsProcess(arguments)
}

if let probe = options.probe {
    exit(ProbeChild.run(probe.work, tipCount: probe.tipCount))
}

let report = Report()
if options.verdictsPath == nil {
    print(
        "tipc-bench (\(options.scale == .quick ? "quick" : "full")), sizes \(options.sizes.map(Format.count).joined(separator: ", ")) tips"
    )
}

if options.only == nil || options.only == "compiler" {
    let inputs = InputBench.run(options: options)
    await CompilerBench.run(options: options, inputs: inputs, report: report)
}
if options.only == nil || options.only == "compiler" || options.only == "lines" {
    LongLineBench.run(options: options, report: report)
}
if options.only == nil || options.only == "compiler" || options.only == "editor" {
    let checkAlone = EditorBench.run(options: options, report: report)
    EditStormBench.run(options: options, checkAlone: checkAlone, report: report)
}
if options.only == "swiftc" {
    await SwiftcBench.run(options: options, report: report)
}
if options.only == nil {
    ChildRun.run("runtime", options: options, report: report)
} else if options.only != "compiler" && options.only != "editor" && options.only != "scenarios"
    && options.only != "lines" && options.only != "swiftc"
{
    await RuntimeBench.run(options: options, report: report)
}
if options.only == nil || options.only == "scenarios" {
    await ScenarioBench.run(options: options, report: report)
}

if let path = options.verdictsPath {
    exit(ChildRun.write(report, to: path) ? 0 : 1)
}
report.printSummary()
exit(report.failures.isEmpty ? 0 : 1)
