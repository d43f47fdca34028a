import Foundation

/// A plain file mapped read-only into memory, unmapped when released.
///
/// Unmapping a big mapping is one thread's work, and it grows with the pages touched (about
/// 6 ms for 106 MB on the machine this was measured on). ``releasePages(of:)`` lets the threads
/// that read the file give their pages back as they finish, in parallel: `MADV_DONTNEED` on a
/// private file mapping that was never written drops only this process's page-table entries,
/// and a later read of those bytes faults them in again from the file (madvise(2)).
final class MappedFile: @unchecked Sendable {
    /// The file's bytes.
    let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path` when it is a regular file of at least `minimumSize` bytes;
    /// `nil` when it is not, or cannot be opened or mapped.
    init?(path: String, minimumSize: Int) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= max(minimumSize, 1)
        else { return nil }
        let size = Int(info.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Drops the pages wholly inside `part`, some of ``bytes``, from the process's page table
    /// (see the type's comment).
    func releasePages(of part: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, let from = part.baseAddress else { return }
        let range = base.distance(to: from)..<(base.distance(to: from) + part.count)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = range.upperBound / page * page
        guard start < end else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }
}
