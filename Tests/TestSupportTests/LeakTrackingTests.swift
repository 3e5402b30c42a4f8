import TestSupport
import Testing

@Suite struct LeakTrackingTests {
    final class Node {
        var next: Node?
    }

    @Test func passesWhenTrackedObjectsAreReleased() {
        withLeakTracking { leaks in
            leaks.trackForMemoryLeaks(Node())
        }
    }

    @Test func failsTheTestWhenATrackedObjectOutlivesTheScope() {
        withKnownIssue {
            withLeakTracking { leaks in
                let node = Node()
                node.next = node
                leaks.trackForMemoryLeaks(node)
            }
        } matching: { issue in
            issue.description.contains("Node should have been deallocated")
        }
    }
}
