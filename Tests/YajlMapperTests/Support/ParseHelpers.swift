import Foundation
import Testing

@testable import YajlMapper

/// One parser event, with copies of the bytes it carried.
enum Event: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    /// A number's raw text.
    case number(String)
    /// A string value's unescaped bytes.
    case string([UInt8])
    /// A key's unescaped bytes.
    case key([UInt8])
    case startObject
    case endObject
    case startArray
    case endArray

    /// A string event holding `text`'s UTF-8.
    static func str(_ text: String) -> Event { .string(Array(text.utf8)) }
    /// A key event holding `text`'s UTF-8.
    static func key(_ text: String) -> Event { .key(Array(text.utf8)) }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let text): "#\(text)"
        case .string(let bytes): "s\(String(decoding: bytes, as: UTF8.self).debugDescription)"
        case .key(let bytes): "k\(String(decoding: bytes, as: UTF8.self).debugDescription)"
        case .startObject: "{"
        case .endObject: "}"
        case .startArray: "["
        case .endArray: "]"
        }
    }
}

/// A handler that records every event, in order.
struct EventRecorder: JSONEventHandler {
    var events: [Event] = []

    mutating func null() { events.append(.null) }
    mutating func bool(_ value: Bool) { events.append(.bool(value)) }
    mutating func number(_ text: JSONBytes) { events.append(.number(text.string)) }
    mutating func string(_ value: JSONBytes) { events.append(.string(value.bytes)) }
    mutating func key(_ name: JSONBytes) { events.append(.key(name.bytes)) }
    mutating func startObject() { events.append(.startObject) }
    mutating func endObject() { events.append(.endObject) }
    mutating func startArray() { events.append(.startArray) }
    mutating func endArray() { events.append(.endArray) }
}

/// The parts of a ``JSONParseError`` that must not depend on chunking (the excerpt
/// may: a chunked parse cannot show bytes it has not been given yet).
struct ErrorSummary: Equatable, Sendable, CustomStringConvertible {
    var kind: JSONParseError.Kind
    var message: String
    var offset: Int
    var line: Int
    var column: Int

    init(_ error: JSONParseError) {
        kind = error.kind
        message = error.message
        offset = error.offset
        line = error.line
        column = error.column
    }

    var description: String { "\(kind) @\(offset) \(line):\(column) \(message)" }
}

/// What a whole parse gave.
enum ParseOutcome: Equatable, Sendable, CustomStringConvertible {
    case accepted([Event])
    /// The error and the events delivered before it.
    case rejected(ErrorSummary, [Event])

    var isAccepted: Bool { if case .accepted = self { true } else { false } }

    var error: ErrorSummary? { if case .rejected(let error, _) = self { error } else { nil } }

    var description: String {
        switch self {
        case .accepted(let events): "accepted \(events)"
        case .rejected(let error, let events): "rejected \(error) after \(events)"
        }
    }
}

/// Parses `chunks` in order with an ``EventRecorder``, then finishes.
func outcome(chunks: [[UInt8]], options: JSONParseOptions = JSONParseOptions()) -> ParseOutcome {
    let parser = JSONStreamParser(handler: EventRecorder(), options: options)
    do {
        for chunk in chunks { try parser.feed(chunk) }
        try parser.finish()
        return .accepted(parser.handler.events)
    } catch let error as JSONParseError {
        return .rejected(ErrorSummary(error), parser.handler.events)
    } catch {
        Issue.record("unexpected error type: \(error)")
        return .rejected(
            ErrorSummary(JSONParseError(kind: .syntax, message: "\(error)", offset: -1, line: -1, column: -1)), [])
    }
}

/// Parses `bytes` in one call.
func outcome(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> ParseOutcome {
    outcome(chunks: [bytes], options: options)
}

/// Parses `text`'s UTF-8 in one call.
func outcome(_ text: String, options: JSONParseOptions = JSONParseOptions()) -> ParseOutcome {
    outcome(Array(text.utf8), options: options)
}

/// Parses `bytes` and returns the events, or throws what the parser threw.
func events(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) throws -> [Event] {
    try JSONStreamParser.parse(bytes, handler: EventRecorder(), options: options).events
}

/// Parses `text`'s UTF-8 and returns the events, or throws what the parser threw.
func events(_ text: String, options: JSONParseOptions = JSONParseOptions()) throws -> [Event] {
    try events(Array(text.utf8), options: options)
}

/// Parses `bytes` and returns the ``JSONParseError`` it must throw (or `nil`, after
/// recording an issue, when it does not).
func parseError(
    _ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONParseError? {
    do {
        let events = try events(bytes, options: options)
        Issue.record("expected a JSONParseError, got \(events)", sourceLocation: sourceLocation)
    } catch let error as JSONParseError {
        return error
    } catch {
        Issue.record("expected a JSONParseError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Parses `text`'s UTF-8 and returns the ``JSONParseError`` it must throw.
func parseError(
    _ text: String, options: JSONParseOptions = JSONParseOptions(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONParseError? {
    parseError(Array(text.utf8), options: options, sourceLocation: sourceLocation)
}

/// Whether a validating parse (``DiscardEvents``) accepts `bytes`.
func validates(_ bytes: [UInt8], options: JSONParseOptions = JSONParseOptions()) -> Bool {
    (try? JSONStreamParser.parse(bytes, handler: DiscardEvents(), options: options)) != nil
}

/// yajl's message for a token after an object member's value that is not `,` or `}`.
let mapValueError = "after key and value, inside map, I expect ',' or '}'"

/// Records that a chunked parse gave another outcome than the whole input.
func recordDivergence(
    _ split: ParseOutcome, _ whole: ParseOutcome, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    Issue.record("\(what): \(split), expected \(whole)", sourceLocation: sourceLocation)
}

/// The outcome of a validating parse (``DiscardEvents``): the error, or `nil` when accepted.
func validationError(chunks: [[UInt8]], options: JSONParseOptions) -> ErrorSummary? {
    let parser = JSONStreamParser(handler: DiscardEvents(), options: options)
    do {
        for chunk in chunks { try parser.feed(chunk) }
        try parser.finish()
        return nil
    } catch let error as JSONParseError {
        return ErrorSummary(error)
    } catch {
        Issue.record("unexpected error type: \(error)")
        return nil
    }
}
