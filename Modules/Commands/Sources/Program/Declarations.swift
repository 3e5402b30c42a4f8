import Arguments

/// The program's own commands (`serve`, `graph`, `cache`) and the program around every command,
/// declared once with `Options` and the registered backends: the parser, the usage text and the
/// errors all come from this tree.
public enum Declarations {
    /// What holds for every command that reads characters, after what the backends note.
    static let readingNotes = """
        When the provider is unavailable, a cached copy is served, even past its maximum age, with a one-line warning on
        standard error saying how old it is.

        Every resource is bounded: cache entries 8 MiB, responses 8 MiB after decompression, fixture files 32 MiB, the
        whole call --timeout. Keeping hits and misses in statistics.json is bookkeeping: when it fails, a warning, never a
        failed read.

        Tables are aligned, fit 80 terminal columns (wide characters count twice) and shorten long descriptions with "…";
        they are styled only on a terminal and never when NO_COLOR is set. Control characters in names, descriptions and
        server messages are shown as U+FFFD, never sent to the terminal. With --format json nothing but the document goes
        to standard output, with stable field names and dates in ISO 8601 UTC.

        Bad input gets one line on standard error naming the problem, and an exit code by one rule: 64 when the command
        line or a setting is wrong (a URL, a port, a path the server does not have, a database number), 77 when a server
        refuses the credentials, 66 when what was asked for does not exist, 69 when a server does not answer or fails, 65
        when data is bad. A URL in a message never shows its user name or password.
        """

    static let serve = Command(
        "serve",
        abstract: "Serve the Marvel API emulator on http://127.0.0.1:N until interrupted, for `--provider marvel --base-url` or any "
            + "HTTP client.",
        usage: "serve [--port N] [--max-connections N] [--request-timeout S] [--fixtures DIR]",
        options: [Options.port, Options.maxConnections, Options.requestTimeout, Options.fixtures],
        epilogue: "It rides out running out of file descriptors or threads, saying so once on standard error. On SIGTERM or "
            + "SIGINT it stops accepting, answers the requests that have arrived (with Connection: close, for at most the "
            + "request time-out), then exits 0.")

    static func graph(_ backends: ProgramBackends) -> Command {
        Command(
            "graph",
            abstract: "Print the module graph from Manifests/ (--modules, the default) or the object graph the container builds for these "
                + "options (--objects).",
            usage: "graph [--modules | --objects] [--format text|mermaid|dot]",
            options: [Options.modules, Options.objects, Options.graphFormat],
            groups: [OptionGroup("Where characters come from:", Options.sources(backends))],
            exclusive: [[Options.modules, Options.objects]])
    }

    static func cache(_ backends: ProgramBackends) -> Command {
        let options: [any OptionDeclaration] = backends.maintenanceOptions + [Options.cacheFormat]
        return Command(
            "cache",
            abstract: "stats prints the disk cache's entries, bytes, and the hits and misses of every run that used it; clear empties it."
                + backends.maintenanceNotes.map { " " + $0 }.joined(),
            usage: "cache stats | cache clear [--cache \(backends.maintainedCaches.joined(separator: "|"))] [options]",
            subcommands: [
                Command(
                    "cache stats", abstract: "Print the cache's entries and bytes, and the disk cache's hits and misses.", options: options
                ),
                Command("cache clear", abstract: "Empty the cache.", options: options),
            ])
    }

    /// The whole program: `commands`, in the order its help lists them, the first run when no
    /// subcommand is named.
    public static func program(_ backends: ProgramBackends, commands: [Command]) -> Command {
        Command(
            "CompositionRoot",
            abstract: "Browse Marvel characters from the bundled offline fixtures, a fixture directory, or a Marvel API server. "
                + "'CompositionRoot <subcommand> --help' tells more.",
            usage: "[\(commands.map(\.name).joined(separator: "|"))] [options] | --help | --version",
            subcommands: commands,
            defaultSubcommand: commands.first?.name, exitCodes: backends.exitCodes,
            epilogue: (backends.notes + [readingNotes]).joined(separator: "\n\n"))
    }
}
