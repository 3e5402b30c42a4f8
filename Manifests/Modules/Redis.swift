// The Redis module: the RESP client and RedisCache, Storage's Caching over a Redis server. Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Redis",
    layer: .data,
    dependencies: ["PayloadCoding", "Sockets", "Storage"]
)
