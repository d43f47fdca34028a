import Foundation
import YajlMapper

/// Takes a success body chunk by chunk and makes the value from it.
protocol ResponseBody: AnyObject {
    associatedtype Value: Sendable
    /// The next chunk, as it arrives.
    func feed(_ chunk: Data) throws
    /// The end of the body: the value.
    func finish() throws -> Value
}

/// Maps the array at a path element by element with ``MappingStreamParser`` as the chunks
/// arrive, then builds the value from the elements and the rest of the document.
final class StreamedArrayBody<Element: BaseMappable, Value: Sendable>: ResponseBody {
    private final class Elements { var list: [Element] = [] }

    private let elements = Elements()
    private let parser: MappingStreamParser<Element>
    private let build: ([Element], StreamSummary) throws -> Value

    /// Creates a body.
    /// - Parameters:
    ///   - strict: strict mapping (the first problem throws).
    ///   - path: where the array is; empty for a top-level array.
    ///   - build: makes the value from the elements and the envelope.
    init(strict: Bool, elementsAt path: JSONPath, build: @escaping ([Element], StreamSummary) throws -> Value) {
        let elements = self.elements
        parser = MappingStreamParser(mapper: Mapper<Element>(strict: strict), elementsAt: path) {
            elements.list.append($0)
        }
        self.build = build
    }

    func feed(_ chunk: Data) throws { try parser.feed(chunk) }

    func finish() throws -> Value {
        let summary = try parser.finish()
        return try build(elements.list, summary)
    }
}
