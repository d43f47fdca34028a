import YajlMapper

/// The validator (`JSONStreamParser<DiscardEvents>`): an event handler's outcome, in any chunking.
enum ValidatorHarness {
    /// Runs the checks on one input.
    static func run(_ bytes: [UInt8]) {
        var choices = Choices(bytes)
        let options = choices.options()
        let whole = EventLog.parse(DiscardEvents(), bytes, cuts: [], options).error
        let cuts = choices.cuts(bytes.count)
        let chunked = EventLog.parse(DiscardEvents(), bytes, cuts: cuts, options).error
        let error = ParseFailure(whole)
        check(error != nil || whole == nil, "not a JSONParseError: \(whole!)")
        check(
            ParseFailure(chunked) == error, "cut at \(cuts.prefix(8)): \(describe(chunked)), whole: \(describe(error))")

        // A handler reads every string: it also rejects a lone surrogate escape, which the validator never sees.
        let read = ParseFailure(EventLog.parse(EventLog(), bytes, cuts: [], options).error)
        if let read, read.isSurrogateEscape {
            check(error.map { $0.offset >= read.offset } ?? true, "validator: \(error!), before the handler's \(read)")
        } else {
            check(
                error == read,
                "validator: \(describe(error)), event handler: \(describe(read)) in \(shown(bytes))"
            )
        }
    }
}
