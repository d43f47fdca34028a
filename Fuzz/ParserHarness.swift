import YajlMapper

/// The streaming parser: the same events and error in any chunking, and the value builder fails where it does.
enum ParserHarness {
    /// Runs the checks on one input.
    static func run(_ bytes: [UInt8]) {
        var choices = Choices(bytes)
        let options = choices.options()
        let whole = EventLog.parse(EventLog(), bytes, cuts: [], options)
        let cuts = choices.cuts(bytes.count)
        let chunked = EventLog.parse(EventLog(), bytes, cuts: cuts, options)
        let error = ParseFailure(whole.error)
        check(error != nil || whole.error == nil, "not a JSONParseError: \(whole.error!)")
        check(
            ParseFailure(chunked.error) == error,
            "cut at \(cuts.prefix(8)): \(describe(chunked.error)), whole: \(describe(error))")
        if case .success(let log) = whole {
            check((try? chunked.get().events) == log.events, "cut at \(cuts.prefix(8)): other events")
        }

        let built = EventLog.parse(JSONBuilder(strictUTF8: options.validateUTF8), bytes, cuts: [], options)
        check(
            ParseFailure(built.error) == error,
            "builder: \(describe(built.error)), event log: \(describe(error)) in \(shown(bytes))")
        if case .success(let log) = whole, case .success(let builder) = built {
            check(
                builder.documents.count == log.documents,
                "builder made \(builder.documents.count) values, events \(log.documents)")
        }
    }
}
