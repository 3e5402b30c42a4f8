import Arguments
import Testing

/// The Markdown manual is derived from the declarations `--help` reads: every command, option,
/// default and exit code, with text that Markdown would misread escaped.
@Suite struct ManualTests {
    static let limit = Option.integer("--limit", in: 1...100, default: 20, help: "How many, 1 to 100 (default 20).")
    static let format = Option.choice("--format", ["table", "json"], default: "table", help: "A table for people or JSON.")
    static let tag = Option.text("--tag", help: "Only records tagged TEXT; give it again for more.").repeatable()
    static let directory = Option.path("--dir", help: "Where *.json files live (default ~/.cache, `$XDG_CACHE_HOME` first).")
    static let quiet = Option.toggle("--quiet", help: "Print nothing but <errors> | warnings.")
    static let loud = Option.toggle("--loud", help: "Print every __step__.")
    static let exits = [
        ExitStatus(0, "Success."), ExitStatus(64, "Usage. An unknown flag, or a value out of range (a --limit of 0)."),
        ExitStatus(69, "Unavailable. The server did not answer."),
    ]
    static let fetch = Command(
        "fetch", abstract: "Fetch records by id. Ids are whole numbers.", positionals: Positionals("<id>", count: 1...9, noun: "id"),
        options: [limit, tag], groups: [OptionGroup("Output:", [format, quiet, loud])], exclusive: [[quiet, loud]],
        epilogue: """
            Records come back in the order
            asked for.

            A missing record is skipped.
            """)
    static let purge = Command("purge", abstract: "Delete every record.", options: [directory], exitCodes: [ExitStatus(0, "Purged.")])
    static let demo = Command(
        "demo", abstract: "Work with the archive.", subcommands: [fetch, purge], defaultSubcommand: "fetch", exitCodes: exits)

    @Test func theManualHasEveryCommandOptionDefaultAndExitCode() {
        let expected = #"""
            # demo

            ```
            demo fetch|purge
            ```

            Work with the archive.

            Every command prints its usage with `--help` or `-h`.

            `fetch` runs when no subcommand is named.

            | subcommand | does |
            | --- | --- |
            | [`fetch <id>`](#fetch) | Fetch records by id. |
            | [`purge`](#purge) | Delete every record. |

            ## fetch

            ```
            demo fetch <id> [options]
            ```

            Fetch records by id. Ids are whole numbers.

            Takes `<id>`: one to nine ids.

            | option | value | default | description |
            | --- | --- | --- | --- |
            | `--limit N` | a whole number from 1 to 100 | `20` | How many, 1 to 100 (default 20). |
            | `--tag TEXT` | text, repeatable |  | Only records tagged TEXT; give it again for more. |

            **Output**

            | option | value | default | description |
            | --- | --- | --- | --- |
            | `--format table\|json` | one of `table`, `json` | `table` | A table for people or JSON. |
            | `--quiet` | none |  | Print nothing but \<errors> \| warnings. |
            | `--loud` | none |  | Print every \_\_step\_\_. |

            At most one of `--quiet`, `--loud`.

            Records come back in the order asked for.

            A missing record is skipped.

            ## purge

            ```
            demo purge [options]
            ```

            Delete every record.

            | option | value | default | description |
            | --- | --- | --- | --- |
            | `--dir DIR` | a directory path |  | Where \*.json files live (default \~/.cache, `$XDG_CACHE_HOME` first). |

            **Exit codes**

            | code | meaning |
            | --- | --- |
            | 0 | Purged. |

            ## Exit codes

            | code | meaning |
            | --- | --- |
            | 0 | Success. |
            | 64 | Usage. An unknown flag, or a value out of range (a --limit of 0). |
            | 69 | Unavailable. The server did not answer. |

            """#
        #expect(Self.demo.manual() == expected)
    }

    @Test func helpListsExitCodesByTheirFirstSentenceAfterTheEpilogueInParagraphs() {
        let expected = """
            Usage: demo fetch|purge

            Work with the archive.

            Subcommands:
              fetch <id>                 Fetch records by id.
              purge                      Delete every record.

            Exit codes:
              0    Success.
              64   Usage.
              69   Unavailable.
            """
        #expect(Self.demo.help() == expected)
        #expect(Self.demo.help(for: Self.fetch).hasSuffix("\n\nRecords come back in the order asked for.\n\nA missing record is skipped."))
    }
}
