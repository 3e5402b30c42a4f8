#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A pipe's two descriptors, both closed on `exec` so no other child inherits them.
struct Pipe {
    let read: Int32
    let write: Int32

    init() throws(ChildProcessError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .cannotPrepare("pipe: \(String(cString: strerror(errno)))") }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        (read, write) = (descriptors[0], descriptors[1])
    }

    func closeBoth() {
        closeDescriptor(read)
        closeDescriptor(write)
    }
}
