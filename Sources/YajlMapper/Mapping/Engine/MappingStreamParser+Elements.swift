import Foundation

/// The stream's engine part: the envelope's plan, and each element mapped as it closes.
extension MappingStreamParser {
    /// Keeps the whole document but the array, whose elements become units; `nil` for a
    /// top-level array.
    static func envelopeNode(_ path: JSONPath, _ info: TypeInfo) -> PlanNode? {
        let keys = path.components.map { component -> String in
            switch component {
            case .key(let key): return key
            case .index(let i): return String(i)
            }
        }
        guard let last = keys.last else { return nil }
        let root = PlanNode(keepsOthers: true)
        var node = root
        for key in keys.dropLast() {
            let next = PlanNode(keepsOthers: true)
            node.set(key, .object(next))
            node = next
        }
        node.set(last, .units(info))
        return root
    }

    /// Maps one unit (a streamed element) as it closes: a miss maps it again from its own bytes,
    /// its problems are located, and the model goes to `onElement`.
    func element(_ value: JSON, offsets: ArraySlice<Int>, source: UnitSource?) throws {
        let index = count
        count += 1
        session.basePath = JSONPath(namePath + [.index(index)])
        session.resetMiss()
        // A read outside the plan takes its object from the element parsed again whole (its
        // bytes are held until this returns).
        let options = options
        let wholeUnit = source.map { source in WholeUnit { try Self.wholeCapture(source, options: options) } }
        session.wholeUnit = wholeUnit
        defer { session.wholeUnit = nil }
        var model = ModelBuilder.build(N.self, from: value, at: [], session: session, whole: false, info: info)
        var tree = value
        var treeOffsets = Array(offsets)
        if session.repaired, !session.missed, let whole = wholeUnit?.whole {
            (tree, treeOffsets) = whole
            session.learnRecordedReads()
        }
        if session.missed, let source {
            // A read outside the plan: map this element again from its own bytes, whole.
            _ = session.takeProblems()
            (tree, treeOffsets) = try Self.wholeCapture(source, options: options)
            let again = MappingSession(
                strict: session.strict, context: session.context,
                shouldIncludeNilValues: session.shouldIncludeNilValues,
                capturedWhole: true, recording: true)
            again.basePath = session.basePath
            model = ModelBuilder.build(N.self, from: tree, at: [], session: again, whole: true, info: info)
            again.learnRecordedReads()
            for problem in again.takeProblems() { session.adopt(problem) }
        }
        if let source {
            var locator = Locator(
                bytes: source.bytes, base: source.offset, line: source.line, lineStart: source.lineStart)
            let indexes = PreorderIndexes(of: tree)
            session.locateProblems { path in
                let i = indexes.index(of: path)
                return treeOffsets.indices.contains(i) ? locator.location(of: treeOffsets[i]) : nil
            }
            session.sortProblemsByPosition()
        }
        let found = session.takeProblems()
        if session.strict && !found.isEmpty { throw MappingError(problems: found) }
        problems += found
        problemElements += repeatElement(index, count: found.count)
        if let model { try onElement(model) }
    }

    /// The element parsed again, kept whole, with offsets in the whole input (with the
    /// stream's options: comments, UTF-8 check, depth).
    private static func wholeCapture(_ source: UnitSource, options: JSONParseOptions) throws -> (JSON, [Int]) {
        let capture = MappingCapture(
            session: MappingSession(strict: false, context: nil, capturedWhole: true),
            rootRule: .all)
        let parser = JSONStreamParser(handler: capture, options: options)
        try parser.feed(source.bytes)
        try parser.finish()
        return (parser.handler.documents.first ?? .null, parser.handler.offsets.map { $0 + source.offset })
    }
}
