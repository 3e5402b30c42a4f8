/// A C library of the system that a module links: a `.systemLibrary` target found with pkg-config.
public struct SystemLibrary: Codable, Equatable, Sendable {
    /// A package manager that can install the library.
    public enum Manager: String, Codable, Sendable {
        /// Debian and Ubuntu's apt.
        case apt
        /// Homebrew.
        case brew
    }

    /// The packages one package manager installs the library with.
    public struct Provider: Codable, Equatable, Sendable {
        /// The package manager.
        public let manager: Manager
        /// Its package names.
        public let packages: [String]

        /// A provider installing `packages` with `manager`.
        public init(manager: Manager, packages: [String]) {
            self.manager = manager
            self.packages = packages
        }

        /// Debian and Ubuntu's apt packages.
        public static func apt(_ packages: [String]) -> Provider {
            Provider(manager: .apt, packages: packages)
        }

        /// Homebrew's packages.
        public static func brew(_ packages: [String]) -> Provider {
            Provider(manager: .brew, packages: packages)
        }
    }

    /// The Swift module's name, also the target's (`CSQLite`).
    public let name: String
    /// The C header the module map exports (`sqlite3.h`).
    public let header: String
    /// The library to link (`sqlite3` for `-lsqlite3`).
    public let link: String
    /// The pkg-config name that finds its flags, if it has one.
    public let pkgConfig: String?
    /// How to install it, per package manager.
    public let providers: [Provider]

    /// A system library with the given parts.
    public init(name: String, header: String, link: String, pkgConfig: String? = nil, providers: [Provider] = []) {
        self.name = name
        self.header = header
        self.link = link
        self.pkgConfig = pkgConfig
        self.providers = providers
    }
}
