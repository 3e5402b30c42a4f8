import DataProviders
import Foundation

extension CharacterProvidingContract {
    /// The data set the contract is checked on: 30 made-up characters, deliberately not in name
    /// order, one name in lower case, three sharing the prefix "Sp" and two "Captain", with and
    /// without descriptions, dates and thumbnails.
    public static let characters: [Character] = [
        make(1_017_001, "Vortex", "Spins up storms.", 1_398_795_497, "jpg", (12, 3, 20, 1)),
        make(1_017_008, "Abyss Walker", "", nil, nil, (0, 0, 0, 0)),
        make(1_017_015, "Spindle", "Weaves webs of light.", 0, "gif", (4, 1, 6, 0)),
        make(1_017_022, "Captain Tide", "Commands the seas.", 1_262_304_000, "png", (30, 8, 41, 3)),
        make(1_017_029, "aurora borealis", "Written in lower case on purpose.", 1_500_000_000, "jpg", (2, 1, 2, 0)),
        make(1_017_036, "Beacon", "", 1_600_000_000, "jpg", (7, 2, 9, 1)),
        make(1_017_043, "Cinder", "Burns bright, burns out.", nil, "jpg", (1, 1, 1, 0)),
        make(1_017_050, "Captain Cosmos", "Guards the outer rim.", 1_420_070_400, "jpg", (55, 12, 80, 6)),
        make(1_017_057, "Doctor Paradox", "Arrives before leaving.", 1_388_534_400, nil, (9, 4, 13, 2)),
        make(1_017_064, "Echo Nine", "", 946_684_800, "jpg", (3, 1, 3, 0)),
        make(1_017_071, "Ember Queen", "Rules the ash lands.", 1_234_567_890, "png", (6, 2, 8, 1)),
        make(1_017_078, "Frostbite", "Cold, and not sorry.", 1_111_111_111, "jpg", (5, 2, 7, 0)),
        make(1_017_085, "Gale Force", "", 1_300_000_000, "jpg", (8, 3, 10, 1)),
        make(1_017_092, "Halcyon", "Brings calm days.", 1_350_000_000, "gif", (2, 2, 2, 0)),
        make(1_017_099, "Iron Lotus", "Blooms in battle.", 1_450_000_000, "jpg", (14, 5, 19, 2)),
        make(1_017_106, "Jade Sentinel", "", nil, nil, (0, 0, 1, 0)),
        make(1_017_113, "Kestrel", "Hovers, then strikes.", 1_550_000_000, "jpg", (3, 1, 4, 0)),
        make(1_017_120, "Lumen", "Counts photons for fun.", 1_650_000_000, "png", (1, 1, 1, 1)),
        make(1_017_127, "Mister Mirage", "Never where he seems.", 1_200_000_000, "jpg", (11, 3, 15, 1)),
        make(1_017_134, "Nightjar", "", 1_100_000_000, "jpg", (4, 2, 5, 0)),
        make(1_017_141, "Obsidian", "Sharp edges, dark glass.", 1_000_000_000, "jpg", (6, 2, 6, 1)),
        make(1_017_148, "Prism", "Splits every beam.", 1_250_000_000, "gif", (9, 3, 12, 2)),
        make(1_017_155, "Quasar Kid", "Too bright to look at.", 1_480_000_000, "jpg", (2, 1, 3, 0)),
        make(1_017_162, "Riptide", "", 1_380_000_000, "jpg", (5, 1, 5, 0)),
        make(1_017_169, "Spark", "Small, fast, electric.", 1_520_000_000, "jpg", (3, 2, 4, 0)),
        make(1_017_176, "Spectra", "Sees every colour.", 1_580_000_000, "png", (7, 2, 9, 1)),
        make(1_017_183, "Tempest", "Weather with a temper.", 1_420_000_000, "jpg", (10, 4, 14, 2)),
        make(1_017_190, "Umbra", "Lives in the shade.", nil, "jpg", (1, 0, 1, 0)),
        make(1_017_197, "Warden", "Keeps the gate.", 1_320_000_000, "jpg", (8, 2, 10, 1)),
        make(1_017_204, "Zephyr", "A gentle west wind.", 1_280_000_000, "gif", (2, 1, 2, 0)),
    ]

    private static func make(
        _ id: Int,
        _ name: String,
        _ description: String,
        _ modified: Int?,
        _ thumbnailExtension: String?,
        _ counts: (comics: Int, series: Int, stories: Int, events: Int)
    ) -> Character {
        Character(
            id: id,
            name: name,
            description: description,
            modified: modified.map { Date(timeIntervalSince1970: TimeInterval($0)) },
            thumbnail: thumbnailExtension.flatMap { URL(string: "https://fixtures.excelsior.test/\(id).\($0)") },
            appearances: Appearances(
                comics: works("comics", counts.comics, first: 9000 + id % 3),
                series: works("series", counts.series, first: 8000 + id % 2),
                stories: works("stories", counts.stories, first: 7000 + id % 5),
                events: works("events", counts.events, first: 6000 + id % 4)
            ),
            urls: [CharacterURL(type: "detail", url: "https://fixtures.excelsior.test/characters/\(id)")]
        )
    }

    /// `available` works of `kind`, naming up to two: `first` and the one after it, so the
    /// characters share works in a known pattern (the comic filters rely on it).
    private static func works(_ kind: String, _ available: Int, first: Int) -> ResourceList {
        let ids = (0..<min(available, 2)).map { first + $0 * 10 }
        return ResourceList(
            available: available,
            items: ids.map {
                ResourceSummary(name: "\(kind.capitalized) \($0)", resourceURI: "http://gateway.marvel.com/v1/public/\(kind)/\($0)")
            }
        )
    }
}
