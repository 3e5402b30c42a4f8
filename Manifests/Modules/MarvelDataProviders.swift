// The MarvelDataProviders module: characters from the Marvel API (MarvelCharacterProvider over Client), DataProviders' CharacterProviding implemented with Marvel's wire format. Edit, then run `swift run workspace generate`.
import WorkspaceDescription

extension Modules {
    static let MarvelDataProviders = Module.adapter(
        "MarvelDataProviders",
        dependencies: ["Client", "DataProviders"],
        testing: ["DataProviders"],
        tests: ["Client", "DataProviders", "DataProvidersTesting", "HTTPTypes", "HTTPTypesTesting"]
    )
}
