import Testing

@testable import YajlMapper

@Suite("Finding a key's first dot")
struct KeyDotSearchTests {
    @Test func findsTheFirstDotWhereverItIs() {
        // Keys of every length up to 40, with a dot at every position, one or two of them,
        // and with bytes on either side that a word-at-a-time search could mistake.
        for length in 0...40 {
            for dot in -1..<length {
                for filler in [UInt8(ascii: "a"), UInt8(ascii: "-"), UInt8(ascii: "/"), 0xC3, 0x00] {
                    var key = [UInt8](repeating: filler, count: length)
                    if dot >= 0 { key[dot] = UInt8(ascii: ".") }
                    if dot >= 0, dot + 3 < length { key[dot + 3] = UInt8(ascii: ".") }
                    let found = key.withUnsafeBufferPointer { Map.firstDot(in: $0) }
                    #expect(found == key.firstIndex(of: UInt8(ascii: ".")), "length \(length), dot \(dot), \(filler)")
                }
            }
        }
    }

    @Test func aPathLongerThanAWordReadsItsNestedValue() throws {
        let json = #"{"permissions_and_more": {"administrator": {"x": 7}}, "a": {"b": 1}}"#
        let map = Map(mappingType: .fromJSON, JSON: try #require(JSON(parsing: json).foundationValue as? [String: Any]))
        var x = 0
        x <- map["permissions_and_more.administrator.x"]
        #expect(x == 7)
        var b = 0
        b <- map["a.b"]
        #expect(b == 1)
    }
}
