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

        // Spliced as an element into the middle of a big array (whose strings look like element
        // boundaries too), checked on two threads: the serial verdict and error. One input in
        // eight: the page is 24 KB.
        if choices.chance(12) { splicedCheck(bytes, options) }

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

    /// `bytes` as an element of a big array: the parallel check's verdict and error are the
    /// serial ones.
    static func splicedCheck(_ bytes: [UInt8], _ options: JSONParseOptions) {
        var page = Array(#"{"items":["#.utf8)
        for i in 0..<1200 {
            if i > 0 { page.append(0x2C) }
            if i == 600 { page += bytes + [0x2C] }
            page += Array(#"{"id":1,"x":"a},{\"id\":2"}"#.utf8)
        }
        page += Array("]}".utf8)
        let serial = ParseFailure(EventLog.parse(DiscardEvents(), page, cuts: [], options).error)
        var parallel: (any Error)?
        do { try JSONValidation.validate(page, options: options, jobs: 2) } catch { parallel = error }
        check(
            ParseFailure(parallel) == serial,
            "spliced: parallel \(describe(ParseFailure(parallel))), serial \(describe(serial))")
    }
}
