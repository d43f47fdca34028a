#if canImport(Glibc)
    import CommandLineOutput
    import Glibc
#endif

/// `yajlmap search` runs the sibling program `yajlmap-search` (which alone links the HTTP
/// stack), with the same terminal and streams, and returns its exit status.
enum SearchLauncher {
    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        guard let program = siblingProgram("yajlmap-search") else {
            io.err(
                "yajlmap: error: search needs the yajlmap-search program beside yajlmap (build it with `swift build`)\n"
            )
            return 2
        }
        io.flush()
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // As system(3) does: while the child runs, this process ignores the terminal's
        // interrupt and quit signals (the child gets them with their default actions), so it
        // cannot exit first and leave the child's terminal settings behind.
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGQUIT)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, nil, &attributes, argv, environ)
        guard status == 0 else {
            io.err("yajlmap: error: cannot run \(program): \(String(cString: strerror(status)))\n")
            return 2
        }
        var result: Int32 = 0
        while waitpid(pid, &result, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        if result & 0x7F == 0 { return (result >> 8) & 0xFF }
        return 128 + (result & 0x7F)
    }

    /// The path of a program in the same directory as this executable.
    static func siblingProgram(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let candidate = String(path[..<slash]) + "/" + name
        return access(candidate, X_OK) == 0 ? candidate : nil
    }
}
