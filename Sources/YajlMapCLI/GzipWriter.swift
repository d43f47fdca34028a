import CZlib

/// Compresses a stream of bytes into gzip's format as it is written, handing the compressed
/// bytes to a sink in chunks (zlib's `deflate` with a gzip header: window bits 15 + 16).
final class GzipWriter {
    /// zlib's stream state, at a fixed address (zlib checks that it does not move).
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    /// Where compressed bytes go.
    private let sink: (UnsafeRawBufferPointer) -> Void
    /// The output buffer.
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)

    /// A writer at compression level 6 (gzip's default) handing its output to `sink`.
    init(sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.sink = sink
        stream.initialize(to: z_stream())
        let status = deflateInit2_(
            stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "GzipWriter: deflateInit2 failed (\(status))")
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Compresses `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) { run(bytes, flush: Z_NO_FLUSH) }

    /// Ends the stream: the last compressed bytes and gzip's trailer.
    func finish() { run(UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH) }

    /// Feeds `bytes` to `deflate` with `flush`, handing each full buffer over.
    private func run(_ bytes: UnsafeRawBufferPointer, flush: Int32) {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(bytes.count)
        let size = buffer.count
        var status = Z_OK
        repeat {
            status = buffer.withUnsafeMutableBytes { out in
                stream.pointee.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_out = uInt(size)
                return deflate(stream, flush)
            }
            precondition(status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR, "deflate: \(status)")
            let produced = size - Int(stream.pointee.avail_out)
            if produced > 0 { buffer.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[..<produced])) } }
        } while stream.pointee.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END)
    }
}
