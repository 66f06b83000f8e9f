import TipcCommandLine

CommandLineTool.runAsProcess(Array(CommandLine.arguments.dropFirst()))
