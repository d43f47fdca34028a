import Foundation

/// The harnesses: each checks properties of one part of the library on the fuzzer's bytes.
enum Harness: String, CaseIterable {
    /// Events and errors do not depend on chunking; the value builder agrees with them.
    case parser
    /// A parsed value written (compact and pretty) and parsed again is equal; duplicate key policies agree.
    case json
    /// Strict, lenient, with and without a context, and streamed in chunks: the same models and problems.
    case mapper
    /// The validator accepts and rejects what an event handler does, with the same error, in any chunking.
    case validator
    /// Writer calls drawn from the bytes: the output parses back to what was written, or the right error.
    case writer
    /// YajlDecoder whole, by plans and streamed agree; YajlEncoder's output reads back, and is JSONEncoder's.
    case decoder

    /// The harness libFuzzer runs.
    nonisolated(unsafe) static var selected = Harness.parser

    /// Runs the checks on one input.
    func run(_ data: UnsafeRawBufferPointer) {
        let bytes = [UInt8](data)
        switch self {
        case .parser: ParserHarness.run(bytes)
        case .json: JSONHarness.run(bytes)
        case .mapper: MapperHarness.run(bytes)
        case .validator: ValidatorHarness.run(bytes)
        case .writer: WriterHarness.run(bytes)
        case .decoder: DecoderHarness.run(bytes)
        }
    }
}

/// Stops the run with `message`: libFuzzer keeps the input as a crash.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("\(Harness.selected.rawValue) harness: property failed: \(message)\n".utf8))
    abort()
}

/// Fails with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}
