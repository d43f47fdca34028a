import Testing
@testable import YajlMapper

struct Recorder: JSONEventHandler {
    var events: [String] = []
    mutating func null() { events.append("null") }
    mutating func bool(_ v: Bool) { events.append("bool:\(v)") }
    mutating func number(_ t: JSONBytes) { events.append("num:\(t.string)") }
    mutating func string(_ t: JSONBytes) { events.append("str:\(t.string)") }
    mutating func key(_ t: JSONBytes) { events.append("key:\(t.string)") }
    mutating func startObject() { events.append("{") }
    mutating func endObject() { events.append("}") }
    mutating func startArray() { events.append("[") }
    mutating func endArray() { events.append("]") }
}

@Test func smoke() throws {
    let h = try JSONStreamParser.parse(Array(#"{"a":[1,2.5e3,"x\u00e9",true,null,123456789012345678901234567890]}"#.utf8), handler: Recorder())
    print(h.events)
    for doc in ["[1,]", "{\"a\":1,\n \"b\" 2}", "[1,2", "\u{0C}[1]", "[1]\u{0C}", "[\"a\u{0C}\"]", "", "[1] x", "[tru]", "[\"\u{FF}\"]"] {
        do { _ = try JSONStreamParser.parse(Array(doc.utf8), handler: Recorder()); print("OK", doc) }
        catch let e as JSONParseError { print(doc.debugDescription, e, e.kind, e.offset); print(e.excerpt) }
    }
    let bad: [UInt8] = [0x5b, 0x22, 0xff, 0x22, 0x5d]
    do { _ = try JSONStreamParser.parse(bad, handler: Recorder()) } catch { print(error) }
    let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
    do { _ = try JSONStreamParser.parse(Array(deep.utf8), handler: Recorder()) } catch { print(error) }
    do { _ = try JSONStreamParser.parse(Array(deep.utf8), handler: DiscardEvents()) } catch { print(error) }
    do { _ = try JSONStreamParser.parse(Array("".utf8), handler: Recorder(), options: .init(allowMultipleValues: true)); print("empty multi ok") } catch { print(error) }
    do { _ = try JSONStreamParser.parse(Array("[\"\\ud800\"] ".utf8), handler: Recorder()); print("lone ok") } catch { print(error) }
    print(try JSONStreamParser.parse(Array("[\"\\ud800\"] ".utf8), handler: Recorder()).events.map { Array($0.utf8) })
}
