/// The text `--help` prints.
enum Usage {
    static let version = "Excelsior CompositionRoot 0.1.0"

    static let text = """
        Browse Marvel characters from the bundled offline fixtures (or a fixture directory).

        Usage:
          CompositionRoot [list] [--offset N] [--limit N] [--fixtures DIR]
          CompositionRoot show <id> [--fixtures DIR]
          CompositionRoot serve [--port N] [--fixtures DIR]
          CompositionRoot --help | --version

        Commands:
          list          Print a page of characters (the default).
          show <id>     Print one character.
          serve         Serve the Marvel API emulator on http://127.0.0.1:PORT until stopped.

        Options:
          --offset N      Index of the first character to list (default 0).
          --limit N       How many characters to list, 1 to 100 (default 20).
          --port N        Port for serve, 0 to 65535; 0 picks a free one (default 8080).
          --fixtures DIR  Serve the Marvel wrapper files (*.json) in DIR instead of the bundled set.
          -h, --help      Print this help.
          --version       Print the version.

        Exit codes: 0 ok, 64 usage, 65 bad data, 66 not found, 69 unavailable, 74 I/O error, 1 other.
        """
}
