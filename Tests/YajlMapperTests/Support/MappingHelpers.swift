import Foundation
import Testing

@testable import YajlMapper

// Helpers shared by the mapping tests.

/// Maps `json` leniently and returns the model with the problems the mapper collected.
func lenientMap<T: BaseMappable>(_: T.Type, _ json: String) -> (T?, [MappingProblem]) {
    let mapper = Mapper<T>()
    let value = mapper.map(JSONString: json)
    return (value, mapper.lastProblems)
}

/// Maps `json` strictly and returns the error thrown (or records an issue when none is).
func strictError<T: BaseMappable>(
    _: T.Type, _ json: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> MappingError? {
    do {
        _ = try Mapper<T>(strict: true).map(string: json)
        Issue.record("strict mapping did not throw", sourceLocation: sourceLocation)
        return nil
    } catch let error as MappingError {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A problem's parts that tests compare (no location).
struct ProblemSummary: Equatable, CustomStringConvertible {
    var kind: MappingProblem.Kind
    var keyPath: String
    var expected: String
    var found: String?
    init(_ kind: MappingProblem.Kind, _ keyPath: String, _ expected: String, _ found: String?) {
        self.kind = kind
        self.keyPath = keyPath
        self.expected = expected
        self.found = found
    }
    init(_ problem: MappingProblem) {
        self.init(problem.kind, problem.keyPath, problem.expected, problem.found)
    }
    var description: String { "\(kind) \(keyPath) expected \(expected) found \(found ?? "nil")" }
}

func summaries(_ problems: [MappingProblem]) -> [ProblemSummary] { problems.map(ProblemSummary.init) }

/// `text` (an integer in decimal) plus one in magnitude: "127" → "128", "-128" → "-129".
func bumpMagnitude(_ text: String) -> String {
    var negative = false
    var digits = Array(text.utf8)
    if digits.first == UInt8(ascii: "-") {
        negative = true
        digits.removeFirst()
    }
    var i = digits.count - 1
    while i >= 0 {
        if digits[i] == UInt8(ascii: "9") {
            digits[i] = UInt8(ascii: "0")
            i -= 1
        } else {
            digits[i] += 1
            break
        }
    }
    if i < 0 { digits.insert(UInt8(ascii: "1"), at: 0) }
    return (negative ? "-" : "") + String(decoding: digits, as: UTF8.self)
}

/// The problems sorted by their position in the input (stable for equal positions).
func inDocumentOrder(_ problems: [MappingProblem]) -> [MappingProblem] {
    problems.enumerated().sorted { a, b in
        let x = a.element.location?.offset ?? Int.max, y = b.element.location?.offset ?? Int.max
        return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
}

/// `MappingError` and `MappingResult` promise problems "in document order".
func expectDocumentOrder(_ problems: [MappingProblem], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
        problems.map { $0.location?.offset } == inDocumentOrder(problems).map { $0.location?.offset },
        sourceLocation: sourceLocation)
}
