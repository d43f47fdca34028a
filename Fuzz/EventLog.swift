import YajlMapper

/// One parser event, with a copy of the bytes it carried.
enum Event: Equatable {
    case null, bool(Bool), number([UInt8]), string([UInt8]), key([UInt8])
    case startObject, endObject, startArray, endArray
}

/// A handler that records every event.
struct EventLog: JSONEventHandler {
    /// The events so far, in order.
    var events: [Event] = []

    mutating func null() { events.append(.null) }
    mutating func bool(_ value: Bool) { events.append(.bool(value)) }
    mutating func number(_ text: JSONBytes) { events.append(.number(text.bytes)) }
    mutating func string(_ value: JSONBytes) { events.append(.string(value.bytes)) }
    mutating func key(_ name: JSONBytes) { events.append(.key(name.bytes)) }
    mutating func startObject() { events.append(.startObject) }
    mutating func endObject() { events.append(.endObject) }
    mutating func startArray() { events.append(.startArray) }
    mutating func endArray() { events.append(.endArray) }

    /// How many top-level values the events hold.
    var documents: Int {
        var depth = 0, count = 0
        for event in events {
            switch event {
            case .startObject, .startArray: depth += 1
            case .endObject, .endArray:
                depth -= 1
                if depth == 0 { count += 1 }
            case .key: break
            default: if depth == 0 { count += 1 }
            }
        }
        return count
    }

    /// Parses `bytes` cut at `cuts` with a handler of type `Handler`: the handler, or the error.
    static func parse<Handler: JSONEventHandler>(
        _ handler: Handler, _ bytes: [UInt8], cuts: [Int],
        _ options: JSONParseOptions
    ) -> Result<Handler, Error> {
        let parser = JSONStreamParser(handler: handler, options: options)
        do {
            try feed(bytes, cuts: cuts) { try parser.feed($0) }
            try parser.finish()
            return .success(parser.handler)
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The error, when it failed.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
