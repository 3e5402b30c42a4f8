// The Redis module: a RESP client and RedisCache, an adapter over Storage (so the data layer). Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Redis",
    layer: .data,
    dependencies: ["PayloadCoding", "Sockets", "Storage"]
)
