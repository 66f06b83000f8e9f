import TipsCompiler
import TipsFormat

/// The text of `tipc --help`, and the table of every command: its usage,
/// what it does and its options, which `tipc help <command>` prints and
/// ``CommandSpec/parse(_:)`` reads.
public enum HelpText {
    /// The overview.
    public static let overview = """
        OVERVIEW: tipc \(TipcVersion.current): compiles .tips files into Swift that links against TipsRuntime.

        USAGE: tipc <command> [options] <file.tips>...

        COMMANDS:
          compile   Check .tips files and write one .swift file per input
          check     Check .tips files and print diagnostics only
          lock      Write the lock of the persisted identities of .tips files (tipc.lock)
          preview   Check .tips files and write one HTML page showing every tip
          strings   Write or update the String Catalog of .tips files' strings for translators
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

    /// Help for one command; the overview for a name that is none.
    public static func command(_ name: String) -> String {
        commands.first { $0.name == name }?.help ?? overview
    }

    /// Every command but `help`, in the order `tipc --help` lists them.
    static let commands = [compile, check, lock, preview, strings, format, lsp, test, dump]

    static let warningsAsErrors = CommandOption("--warnings-as-errors", help: "Treat every warning as an error")
    static let jobs = CommandOption(
        "--jobs", short: "-j", value: "<n>", help: "Use at most n threads (default: 1)")
    static let lockOption = CommandOption(
        "--lock", value: "<tipc.lock>", help: "Also report each change that would lose users' stored state",
        "(see 'tipc help lock')")
    static let lockUpdateOption = CommandOption(
        "--lock-update", value: "<command>", help: "The command the lock's errors say accepts a change",
        "(default: tipc lock; TipsPlugin passes its tips-lock command)")
    static let stringsOption = CommandOption(
        "--strings", value: "<file.xcstrings>", help: "Also check the translations in this String Catalog",
        "(see 'tipc help strings')")

    static let compile = CommandSpec(
        name: "compile", usage: "tipc compile <file.tips>... --output-dir <directory> [options]",
        summary: """
            Writes <name>.tips.swift into the output directory for every input <name>.tips,
            rewriting a file only when its contents change. Writes nothing when the input
            has errors.
            """,
        options: [
            CommandOption(
                "--output-dir", short: "-o", value: "<directory>",
                help: "Where to write the .swift files (created if missing)"),
            CommandOption("--access-level", value: "<level>", help: "internal (default), package or public"),
            warningsAsErrors, lockOption, lockUpdateOption, stringsOption,
            CommandOption(
                "--jobs", short: "-j", value: "<n>", help: "Use at most n threads (default: 1);",
                "the output is the same whatever n is"),
            // Expanded before parsing (`OptionsFile`), by every command; listed here for the plugin's users.
            CommandOption(
                "--options-file", value: "<file>", help: "Read more options from a file, one or more a line",
                "('#' starts a comment line); TipsPlugin passes a", "tipc.options file found beside the .tips files"),
        ])

    static let check = CommandSpec(
        name: "check", usage: "tipc check <file.tips>... [options]",
        summary: "Checks the files as one compilation and prints diagnostics on standard error.",
        options: [
            warningsAsErrors, lockOption, lockUpdateOption, stringsOption, jobs,
            CommandOption(
                "--emit", value: "tokens|ast", help: "Print the tokens or syntax tree instead (debugging)"),
        ])

    static let lock = CommandSpec(
        name: "lock", usage: "tipc lock <file.tips>... --output <tipc.lock> [options]",
        summary: """
            Writes the lock of the files: every identity users' state is stored under (tip
            ids, persisted parameters and their types, events and their fields, enum cases),
            sorted, and those retired. Reads the lock already at the output path first: an
            identity the files no longer declare, or moved with renamedFrom, is retired, so
            that no later declaration takes it by accident. Prints each change. Commit the
            lock; 'tipc check --lock' then reports a change that would lose users' state,
            and running 'tipc lock' again accepts it. Writes nothing when the input or the
            lock has errors.
            """,
        options: [
            CommandOption(
                "--output", short: "-o", value: "<tipc.lock>", help: "The lock to update (created if missing)"),
            jobs,
        ])

    static let preview = CommandSpec(
        name: "preview", usage: "tipc preview <file.tips>... --output <file.html> [options]",
        summary: """
            Checks the files as one compilation and writes one self-contained HTML page
            that shows every tip inline and as a popover, in light and dark appearance,
            with its rules, options, groups and the checker's warnings. The page loads
            nothing from the network. Writes nothing when the input has errors; with
            errors only in the translations of --strings, writes the page with each of
            them marked where it shows, and exits 1.
            """,
        options: [
            CommandOption("--output", short: "-o", value: "<file.html>", help: "Where to write the page"),
            CommandOption(
                "--strings", value: "<file.xcstrings>", help: "Also check the translations in this String Catalog",
                "and show every tip in every language"),
            jobs,
        ])

    static let strings = CommandSpec(
        name: "strings", usage: "tipc strings <file.tips>... --output <Tips.xcstrings> [options]",
        summary: """
            Checks the files as one compilation and writes their strings (titles, messages,
            action titles) into a String Catalog for translators, or updates the catalog
            there: translations are kept, a translation whose source text changed is marked
            needs_review, a key whose string is gone is marked stale. Writes the catalog in
            Xcode's layout, rewriting it only when its bytes change, and nothing when the
            input has errors or the catalog cannot be read. Then checks the translations of
            the catalog as written, as --strings does, and exits 1 when they have errors.
            """,
        options: [
            CommandOption("--output", short: "-o", value: "<file.xcstrings>", help: "The catalog to write or update"),
            jobs,
        ])

    static let format = CommandSpec(
        name: "format",
        usage: """
            tipc format [--check] <file.tips>...
                   tipc format -          (standard input to standard output)
            """,
        summary: """
            Rewrites each file in the canonical layout: four-space indentation, one item a
            line, at most one blank line between declarations, rules longer than
            \(TipsFormatter.lineWidth) columns broken before '||' and '&&', comments kept where they were.
            A file with syntax errors is left as it is and its errors are printed.
            """,
        options: [
            CommandOption("--check", help: "Write nothing; list the files that would change (exit status 1 if any)")
        ])

    static let lsp = CommandSpec(
        name: "lsp", usage: "tipc lsp",
        summary: """
            Runs a Language Server Protocol (3.17) server over standard input and output,
            for editors: diagnostics as you type (for all the .tips files that compile
            together), formatting, fixes, hover, go to definition, references, symbols,
            completion and rename. Editors start it; see Editors/README.md.
            """,
        options: [])

    static let test = CommandSpec(
        name: "test", usage: "tipc test <file.tips>... [options]",
        summary: """
            Checks the files as one compilation, then runs every scenario on TipsRuntime's
            engine, each from an empty in-memory store with a clock that moves only when
            the scenario says. Prints PASS or FAIL per scenario, every failed step with the
            runtime's explanation, and a closing line 'N passed, M failed'. Exit status 0
            when all pass, 1 when one fails or the input has errors. A failed scenario
            that reads copy in a language, run without --strings, names the String
            Catalog beside the files.
            """,
        options: [
            CommandOption(
                "--filter", value: "<text>", help: "Run only the scenarios whose name contains the text"),
            CommandOption("--junit-xml", value: "<file>", help: "Also write a JUnit XML report there"),
            lockOption,
            CommandOption(
                "--strings", value: "<file.xcstrings>", help: "Also check the translations in this String Catalog",
                "and read copy from it after a scenario's 'language' step"),
        ])

    static let dump = CommandSpec(
        name: "dump", usage: "tipc dump tokens|ast <file.tips>...",
        summary: "Prints the tokens or the syntax tree of each file on standard output.", options: [])
}
