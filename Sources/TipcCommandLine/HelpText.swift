import TipsCompiler

/// The text of `tipc --help` and `tipc help <command>`.
public enum HelpText {
    /// The overview.
    public static let overview = """
        OVERVIEW: tipc \(TipcVersion.current): compiles .tips files into Swift that links against TipsRuntime.

        USAGE: tipc <command> [options] <file.tips>...

        COMMANDS:
          compile   Check .tips files and write one .swift file per input
          check     Check .tips files and print diagnostics only
          preview   Check .tips files and write one HTML page showing every tip
          format    Rewrite .tips files in the canonical layout (--check only reports)
          lsp       Run the language server (LSP over standard input and output)
          dump      Print the tokens or syntax tree of .tips files (debugging)
          test      Run the scenarios of .tips files on the runtime
          help      Show help for a command

        OPTIONS:
          --help, -h   Show this help
          --version    Show the version

        Exit status: 0 success (warnings allowed), 1 errors in the input (or a failed
        scenario), 2 bad usage, unreadable input or unwritable output.
        Run 'tipc help <command>' for the options of a command.

        """

    /// Help for one command.
    public static func command(_ name: String) -> String {
        switch name {
        case "compile":
            return """
                USAGE: tipc compile <file.tips>... --output-dir <directory> [options]

                Writes <name>.swift into the output directory for every input <name>.tips,
                rewriting a file only when its contents change. Writes nothing when the input
                has errors.

                OPTIONS:
                  --output-dir, -o <directory>   Where to write the .swift files (created if missing)
                  --access-level <level>         internal (default), package or public
                  --warnings-as-errors           Treat every warning as an error
                  --jobs, -j <n>                 Use at most n threads (default: one per processor);
                                                 the output is the same whatever n is
                  --options-file <file>          Read more options from a file, one or more a line
                                                 ('#' starts a comment line); TipsPlugin passes a
                                                 tipc.options file found beside the .tips files
                  --help, -h                     Show this help

                """
        case "check":
            return """
                USAGE: tipc check <file.tips>... [options]

                Checks the files as one compilation and prints diagnostics on standard error.

                OPTIONS:
                  --warnings-as-errors   Treat every warning as an error
                  --jobs, -j <n>         Use at most n threads (default: one per processor)
                  --emit tokens|ast      Print the tokens or syntax tree instead (debugging)
                  --help, -h             Show this help

                """
        case "test":
            return """
                USAGE: tipc test <file.tips>... [options]

                Checks the files as one compilation, then runs every scenario on TipsRuntime's
                engine, each from an empty in-memory store with a clock that moves only when
                the scenario says. Prints PASS or FAIL per scenario, every failed step with the
                runtime's explanation, and a closing line 'N passed, M failed'. Exit status 0
                when all pass, 1 when one fails or the input has errors.

                OPTIONS:
                  --filter <text>        Run only the scenarios whose name contains the text
                  --junit-xml <file>     Also write a JUnit XML report there
                  --help, -h             Show this help

                """
        case "preview":
            return PreviewCommand.help
        case "format":
            return FormatCommand.help
        case "lsp":
            return LanguageServerCommand.help
        case "dump":
            return """
                USAGE: tipc dump tokens|ast <file.tips>...

                Prints the tokens or the syntax tree of each file on standard output.

                """
        default:
            return overview
        }
    }
}
