import Commands

extension ProgramBackends {
    /// The registered caches and stores, as the command line's help and parser see them.
    public static let registered = ProgramBackends(
        caches: CacheBackends.all.map(\.declaration), maintainedCaches: CacheBackends.maintained,
        stores: StoreBackends.all.map(\.declaration))
}
