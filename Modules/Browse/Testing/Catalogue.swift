import Browse
import DataProviders
import DataProvidersTesting
import Foundation
import Repository
import Storage

/// Characters shaped like the bundled fixtures' (45, 3-D Man first, two Captains, descriptions
/// longer than a table's column, one character with nothing but a name), and a repository over
/// them built as the program builds one, so the counts a command prints are real.
public enum Catalogue {
    /// 3-D Man, first in name order: eleven comics, two of them named, and all three links.
    public static let threeDMan = Character(
        id: 1_011_334, name: "3-D Man", description: "",
        modified: Date(timeIntervalSince1970: 1_398_795_497),  // 2014-04-29T18:18:17Z
        thumbnail: URL(string: "https://i.annihil.us/u/prod/marvel/i/mg/c/e0/535fecbbb9784.jpg"),
        appearances: Appearances(
            comics: ResourceList(
                available: 11, items: works("comics", ["Avengers: The Initiative (2007) #14", "Marvel Premiere (1972) #35"])),
            series: ResourceList(available: 3), stories: ResourceList(available: 21), events: ResourceList(available: 1)),
        urls: links(1_011_334, ["detail", "wiki", "comiclink"]))

    /// Aaron Stack: no description, Marvel's placeholder date, no works, no links.
    public static let aaronStack = Character(id: 1_010_699, name: "Aaron Stack", modified: Date(timeIntervalSince1970: 0))

    /// Spider-Man: a description of several lines, seven named comics of thousands, every link.
    public static let spiderMan = Character(
        id: 1_009_610, name: "Spider-Man",
        description: "Bitten by a radioactive spider, high school student Peter Parker gained the speed, strength and powers of a spider. "
            + "Adopting the name Spider-Man, Peter hoped to start a career using his new abilities.",
        modified: Date(timeIntervalSince1970: 1_384_458_000),
        thumbnail: URL(string: "https://i.annihil.us/u/prod/marvel/i/mg/3/50/526548a343e4b.jpg"),
        appearances: Appearances(
            comics: ResourceList(available: 4_000, items: works("comics", (1...7).map { "Amazing Spider-Man (1963) #\($0)" })),
            series: ResourceList(available: 1_000, items: works("series", ["Amazing Spider-Man (1963 - 1998)"])),
            stories: ResourceList(available: 5_000, items: works("stories", ["Cover #19947"])),
            events: ResourceList(available: 30, items: works("events", ["Secret Wars"]))),
        urls: links(1_009_610, ["detail", "wiki", "comiclink"]))

    /// The 45 characters, in no particular order (providers sort them by name).
    public static let characters: [Character] =
        [
            threeDMan, aaronStack, spiderMan,
            Character(id: 1_009_220, name: "Captain America", description: "Vowing to serve his country."),
            Character(id: 1_010_338, name: "Captain Marvel (Carol Danvers)", description: "Carol Danvers, pilot."),
        ] + (1...40).map(hero)

    /// A repository reading `characters` through a provider that applies Marvel's filters, with
    /// a fresh memory cache in front, and the observer of that cache a command reports on.
    public static func repository(_ characters: [Character] = characters) -> (repository: any CharacterRepository, cache: CacheObserver) {
        let cache = MemoryCache()
        let repository = InternalCharacterRepository(provider: InMemoryCharacterProvider(characters), cache: cache)
        return (repository, CacheObserver(kind: "memory", cache: cache))
    }

    /// Hero `index`: every third one with a description far wider than a table.
    private static func hero(_ index: Int) -> Character {
        let story = index.isMultiple(of: 3) ? String(repeating: "A long and winding story of heroics. ", count: 6) : "Hero number \(index)."
        return Character(id: 1_100_000 + index, name: "Hero \(index < 10 ? "0" : "")\(index)", description: story)
    }

    /// Marvel's summaries of the `kind` works named `names`.
    private static func works(_ kind: String, _ names: [String]) -> [ResourceSummary] {
        names.enumerated().map { ResourceSummary(name: $1, resourceURI: "http://gateway.marvel.com/v1/public/\(kind)/\($0 + 1)") }
    }

    /// Marvel's links of `types` for character `id`.
    private static func links(_ id: Int, _ types: [String]) -> [CharacterURL] {
        types.map { CharacterURL(type: $0, url: "http://marvel.com/\($0)/\(id)?utm_campaign=apiRef&utm_source=excelsior") }
    }
}
