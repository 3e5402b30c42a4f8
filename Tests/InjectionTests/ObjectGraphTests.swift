import Injection
import Testing

@Suite struct ObjectGraphTests {
    @Test func describesWhichRegistrationDependsOnWhich() throws {
        let graph = try Container(carComponent).graph()
        #expect(
            graph.text == """
                Engine (single)
                Wheels (single)
                Car (factory) → Engine, Wheels
                """)
    }

    @Test func rendersMermaid() throws {
        let graph = try Container(carComponent).graph()
        #expect(
            graph.mermaid == """
                graph TD
                    Engine["Engine (single)"]
                    Wheels["Wheels (single)"]
                    Car["Car (factory)"]
                    Car --> Engine
                    Car --> Wheels
                """)
    }

    @Test func rendersDOTWithQuotedNames() throws {
        let graph = try Container(Component { single(name: "fast") { V8() as any Engine } }).graph()
        #expect(
            graph.dot == """
                digraph objects {
                    "Engine(name: \\"fast\\")" [label="Engine(name: \\"fast\\") (single)"];
                }
                """)
    }
}
