import Foundation

extension TapeDecoder {
    /// An error's context: the path, and the description with the value's line and column.
    func context(at index: Int, node: CodingPathNode, step: PathStep, _ description: String) -> DecodingError.Context {
        .init(codingPath: node.adding(step).path, debugDescription: description + locationSuffix(of: index))
    }

    /// ` (line 3, column 14)` for the token at `index`; empty for a value not in the document.
    func locationSuffix(of index: Int) -> String {
        guard let location = location(of: index) else { return "" }
        return " (line \(location.line), column \(location.column))"
    }

    /// An error a type's own `init(from:)` threw (an enum's raw value, a `UUID`, the type's
    /// own checks), with the line and column of the value it was decoding added, unless it
    /// has them.
    func located(_ error: DecodingError, at index: Int) -> DecodingError {
        func adding(_ context: DecodingError.Context) -> DecodingError.Context? {
            guard !context.debugDescription.contains(" (line "), location(of: index) != nil else { return nil }
            return DecodingError.Context(
                codingPath: context.codingPath, debugDescription: context.debugDescription + locationSuffix(of: index),
                underlyingError: context.underlyingError)
        }
        switch error {
        case .dataCorrupted(let context): return adding(context).map { .dataCorrupted($0) } ?? error
        case .typeMismatch(let type, let context): return adding(context).map { .typeMismatch(type, $0) } ?? error
        case .valueNotFound(let type, let context): return adding(context).map { .valueNotFound(type, $0) } ?? error
        case .keyNotFound(let key, let context): return adding(context).map { .keyNotFound(key, $0) } ?? error
        @unknown default:
            return error
        }
    }

    /// The line and column where the token at `index` starts.
    func location(of index: Int) -> JSONLocation? {
        guard index >= 0, index < tape.tokens.count else { return nil }
        var locator = Locator(bytes: input, base: origin.offset, line: origin.line, lineStart: origin.lineStart)
        return locator.location(of: tape.tokenStart(index, in: input, base: origin.offset))
    }

    /// `typeMismatch` for a value that is not a `type`.
    func typeMismatch(_ type: Any.Type, at index: Int, node: CodingPathNode, step: PathStep) -> DecodingError {
        let message = "Expected to decode \(type) but found \(found(at: index)) instead."
        return .typeMismatch(type, context(at: index, node: node, step: step, message))
    }

    /// `valueNotFound` for a null where a `type` was expected.
    func valueNotFound(_ type: Any.Type, at index: Int, node: CodingPathNode, step: PathStep) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            context(at: index, node: node, step: step, "Cannot get value of type \(type) -- found null value instead"))
    }

    /// The error for a value of the wrong kind: `valueNotFound` for null, else `typeMismatch`.
    func mismatch(_ type: Any.Type, at index: Int, node: CodingPathNode, step: PathStep) -> DecodingError {
        kind(at: index) == .null
            ? valueNotFound(type, at: index, node: node, step: step)
            : typeMismatch(type, at: index, node: node, step: step)
    }

    /// The parse error of a string read that has a bad surrogate escape, as `dataCorrupted`
    /// at the root (as any input that is not JSON).
    func invalidString(at index: Int) -> DecodingError {
        let problem = tape.problems[index]
        let message = "The given data was not valid JSON: \(problem.map { "\($0)" } ?? "")"
        return .dataCorrupted(.init(codingPath: [], debugDescription: message, underlyingError: problem))
    }

    /// `dataCorrupted` for a number that does not fit `type`, at the number's own path.
    func numberDoesNotFit(_ type: Any.Type, at index: Int, node: CodingPathNode, step: PathStep) -> DecodingError {
        let message = "Number \(tape.string(at: index)) is not representable in Swift as \(type)."
        return .dataCorrupted(context(at: index, node: node, step: step, message))
    }

    /// What the value at `index` is, as `JSONDecoder`'s messages name it.
    func found(at index: Int) -> String {
        switch kind(at: index) {
        case .null: return "null"
        case .true, .false: return "bool"
        case .number: return "number"
        case .string, .key, .invalidString: return "a string"
        case .object: return "a dictionary"
        case .array: return "an array"
        }
    }
}
