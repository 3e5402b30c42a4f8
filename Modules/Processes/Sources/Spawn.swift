#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Starts a child with `posix_spawnp`: in a process group of its own, with the default
/// disposition of the signals a parent may ignore, and its standard descriptors set.
enum Spawn {
    /// The signals a child gets back at their default action.
    private static let resetSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGCHLD]

    static func start(
        _ arguments: [String], in directory: String?, environment: [String: String]?, input: [UInt8], output: Int32,
        errors: Int32
    ) throws(ChildProcessError) -> pid_t {
        guard let program = arguments.first else { throw .cannotStart(program: "", reason: "no program named") }
        let standardInput = try inputDescriptor(for: input)
        defer { closeDescriptor(standardInput) }

        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        if let directory {
            let result = addChangeDirectory(&actions, directory)
            guard result == 0 else {
                throw .cannotStart(program: program, reason: "cannot change to \(directory): \(String(cString: strerror(result)))")
            }
        }

        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in resetSignals { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let environmentStrings = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for entry in environmentStrings ?? [] { free(entry) } }

        var child: pid_t = 0
        let result =
            environmentStrings.map { posix_spawnp(&child, program, &actions, &attributes, argv, $0) }
            ?? posix_spawnp(&child, program, &actions, &attributes, argv, environ)
        guard result == 0 else { throw .cannotStart(program: program, reason: String(cString: strerror(result))) }
        return child
    }

    #if canImport(Darwin)
        private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t?, _ directory: String) -> Int32 {
            posix_spawn_file_actions_addchdir_np(&actions, directory)
        }
    #else
        private typealias ChangeDirectoryAction =
            @convention(c) (
                UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
            ) -> Int32

        /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which its headers
        /// declare only for GNU sources, so Swift's Glibc module does not see it: looked up by
        /// name once.
        private static let changeDirectoryAction: ChangeDirectoryAction? = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
            .map { unsafeBitCast($0, to: ChangeDirectoryAction.self) }

        private static func addChangeDirectory(_ actions: inout posix_spawn_file_actions_t, _ directory: String) -> Int32 {
            guard let changeDirectoryAction else { return ENOSYS }
            return changeDirectoryAction(&actions, directory)
        }
    #endif

    /// A descriptor that reads `input`: /dev/null when empty, else an unlinked temporary file
    /// holding it (a file, not a pipe, so nothing has to write while the child runs).
    private static func inputDescriptor(for input: [UInt8]) throws(ChildProcessError) -> Int32 {
        guard !input.isEmpty else {
            let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard null >= 0 else { throw .cannotPrepare("/dev/null: \(String(cString: strerror(errno)))") }
            return null
        }
        let directory = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(directory)/child-input-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { throw .cannotPrepare("a temporary file in \(directory): \(String(cString: strerror(errno)))") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        var written = 0
        while written < input.count {
            let count = input[written...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                closeDescriptor(file)
                throw .cannotPrepare("writing a child's input: \(String(cString: strerror(errno)))")
            }
            written += count
        }
        lseek(file, 0, SEEK_SET)
        return file
    }
}
