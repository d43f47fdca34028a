import Foundation

extension JSONInput {
    /// The size from which a plain file is read in pieces on every core.
    static let parallelReadBytes = 8 << 20

    /// Reads the whole input (inflated, when it is gzip).
    /// - Parameter jobs: how many threads read a big plain file (0: every core).
    /// - Throws: ``JSONInputError``, ``GzipInputError``.
    public func readAll(jobs: Int = 0) throws -> [UInt8] {
        if case .file(let path) = self, let bytes = try Self.readPlainFile(path, threads: parallelThreads(jobs: jobs)) {
            return bytes
        }
        var all: [UInt8] = []
        try read(chunkSize: 1 << 20) { all.append(contentsOf: $0) }
        return all
    }

    /// A regular file that does not start as gzip does, read straight into the array: in pieces of at least
    /// ``parallelReadBytes`` on `threads` threads, as faulting in the array's fresh pages costs more
    /// than copying the bytes. `nil` for anything else, and for a file that shrinks while read.
    /// - Throws: ``JSONInputError``.
    static func readPlainFile(_ path: String, threads: Int) throws -> [UInt8]? {
        // Checked before opening: opening a named pipe would take what its writer sends.
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw JSONInputError(path: path, errno: errno) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var magic: (UInt8, UInt8) = (0, 0)
        if size >= 2, withUnsafeMutableBytes(of: &magic, { pread(fd, $0.baseAddress, 2, 0) }) == 2,
            magic == (0x1f, 0x8b)
        {
            return nil
        }
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            let pieces = threads > 1 ? max(1, min(threads * 4, size / parallelReadBytes)) : 1
            let errors = UnsafeMutableBufferPointer<Int32>.allocate(capacity: pieces)
            defer { errors.deallocate() }
            errors.initialize(repeating: 0)
            // Each piece reads into its own range of the array's storage and writes its own slot of `errors`.
            let storage = UnsafeMutableRawBufferPointer(buffer)
            forEachOnThreads(pieces, threads: threads) { i in
                let range = (size * i / pieces)..<(size * (i + 1) / pieces)
                errors[i] = readFully(
                    fd, into: UnsafeMutableRawBufferPointer(rebasing: storage[range]), at: range.lowerBound)
            }
            failure = errors.first { $0 != 0 } ?? 0
            count = failure == 0 ? size : 0
        }
        if failure > 0 { throw JSONInputError(path: path, errno: failure) }
        // The file shrank while it was read (-1).
        guard failure == 0 else { return nil }
        // Bytes appended since the size was read.
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = retryingInterrupts {
                chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(bytes.count)) }
            }
            if n < 0 { throw JSONInputError(path: path, errno: errno) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    /// Fills `buffer` from `fd` at `offset`: 0, or `errno`; -1 when the file ends first.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int32 {
        var done = 0
        while done < buffer.count {
            let n = retryingInterrupts {
                pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            }
            if n <= 0 { return n == 0 ? -1 : errno }
            done += n
        }
        return 0
    }
}
