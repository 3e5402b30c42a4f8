// The Client module: the Marvel API client (endpoints, signing, envelopes, Marvel's errors). Edit, then run `swift run workspace generate`.
let module = Module(
    name: "Client",
    layer: .data,
    dependencies: ["HTTP"],
    testing: false
)
