import CZlib

/// gzip compression through zlib's deflate, so tests make their `.gz` inputs at run time.
public enum Gzip {
    /// `bytes` as one gzip member.
    /// - Parameter level: zlib's compression level, 0 (stored) to 9.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer { stream.deallocate() }
        precondition(czlib_deflate_init_gzip(stream, level) == Z_OK, "deflateInit2 failed")
        defer { deflateEnd(stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(stream, UInt(bytes.count))) + 64)
        var input = bytes
        let written = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.pointee.next_in = inBuffer.baseAddress
                stream.pointee.avail_in = UInt32(inBuffer.count)
                stream.pointee.next_out = outBuffer.baseAddress
                stream.pointee.avail_out = UInt32(outBuffer.count)
                let code = deflate(stream, Z_FINISH)
                precondition(code == Z_STREAM_END, "deflate did not finish (\(code))")
                return outBuffer.count - Int(stream.pointee.avail_out)
            }
        }
        return Array(output[..<written])
    }

    /// The UTF-8 of `text` as one gzip member.
    public static func compress(_ text: String, level: Int32 = 6) -> [UInt8] {
        compress(Array(text.utf8), level: level)
    }
}
