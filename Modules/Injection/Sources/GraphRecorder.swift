import Synchronization

/// Collects "A's builder resolved B" edges while `verify()` builds a throw-away scope.
@usableFromInline
final class GraphRecorder: Sendable {
    private let recorded = Mutex<[ObjectGraph.Edge]>([])

    @usableFromInline
    func record(from parent: RegistrationKey, to child: RegistrationKey) {
        let edge = ObjectGraph.Edge(from: parent, to: child)
        recorded.withLock { edges in
            if !edges.contains(edge) { edges.append(edge) }
        }
    }

    var edges: [ObjectGraph.Edge] {
        recorded.withLock { $0 }
    }
}
