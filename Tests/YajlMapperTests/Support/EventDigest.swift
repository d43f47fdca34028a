import Foundation

@testable import YajlMapper

/// Counts events and folds their bytes into a checksum, without keeping them.
struct EventDigest: JSONEventHandler, Equatable {
    var count = 0
    var checksum: UInt64 = 0

    private mutating func add(_ tag: UInt64, _ bytes: UnsafeRawBufferPointer? = nil) {
        count += 1
        checksum = checksum &* 31 &+ tag
        for byte in bytes ?? UnsafeRawBufferPointer(start: nil, count: 0) {
            checksum = checksum &* 131 &+ UInt64(byte)
        }
    }

    mutating func null() { add(1) }
    mutating func bool(_ value: Bool) { add(value ? 2 : 3) }
    mutating func number(_ text: JSONBytes) { add(4, text.buffer) }
    mutating func string(_ value: JSONBytes) { add(5, value.buffer) }
    mutating func key(_ name: JSONBytes) { add(6, name.buffer) }
    mutating func startObject() { add(7) }
    mutating func endObject() { add(8) }
    mutating func startArray() { add(9) }
    mutating func endArray() { add(10) }
}
