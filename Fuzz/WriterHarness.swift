import YajlMapper

/// The writer: calls decoded from the bytes, checked against ``WriterModel``; and the writer as a parser's handler.
enum WriterHarness {
    /// Runs the checks on one input: the first byte picks the check and the writer's style.
    static func run(_ bytes: [UInt8]) {
        guard let mode = bytes.first else { return }
        let rest = Array(bytes.dropFirst())
        let style: JSONWriter.Style = mode & 4 == 0 ? .compact : .pretty
        switch mode % 4 {
        case 0: reformat(rest, style: style)
        case 1: anyOrder(WriterCall.decode(rest), style: style, multiple: mode & 8 != 0)
        default: legal(WriterCall.decode(rest), style: style, multiple: mode & 8 != 0)
        }
    }

    /// Calls made legal by the model: the output parses to the model's values; an expected error is thrown, and kept.
    static func legal(_ calls: [WriterCall], style: JSONWriter.Style, multiple: Bool) {
        var model = WriterModel(multiple: multiple)
        let writer = JSONWriter(style: style, multipleValues: multiple)
        var pieces: [UInt8] = []
        let streaming = JSONWriter(style: style, multipleValues: multiple) { pieces.append(contentsOf: $0) }
        var pending = calls[...]
        while let next = pending.popFirst() ?? model.closing.first {
            guard let (call, expected) = model.fit(next) else { continue }
            do {
                try call.apply(to: writer)
                try call.apply(to: streaming)
                check(expected == nil, "\(call) did not throw \(expected!)")
                model.record(call)
            } catch let error as JSONWriteError {
                check(error == expected, "\(call) threw \(error), expected \(String(describing: expected))")
                check((try? writer.finish()) == nil, "finish after \(error) did not throw")
                return
            } catch {
                fail("\(call) threw \(error)")
            }
        }
        do {
            try writer.finish()
            try streaming.finish()
        } catch {
            fail("finish threw \(error)")
        }
        let output = writer.output
        check(pieces == output, "the sink got other bytes than the collected output")
        guard let parsed = try? JSON.parseAll(output) else { fail("output does not parse: \(shown(output))") }
        check(parsed == model.documents, "output parses to other values: \(shown(output))")
        check(style == .compact || output.isEmpty || output.last == 0x0A, "pretty output does not end with a newline")
    }

    /// Calls in any order: each succeeds or throws a ``JSONWriteError``, which every later call throws again.
    static func anyOrder(_ calls: [WriterCall], style: JSONWriter.Style, multiple: Bool) {
        let writer = JSONWriter(style: style, multipleValues: multiple)
        var failure: JSONWriteError?
        for call in calls {
            do {
                try call.apply(to: writer)
                check(failure == nil, "\(call) succeeded after \(failure!)")
            } catch let error as JSONWriteError {
                check(failure == nil || failure == error, "\(call) threw \(error) after \(failure!)")
                failure = error
            } catch {
                fail("\(call) threw \(error)")
            }
        }
        guard failure == nil, (try? writer.finish()) != nil else { return }
        let output = writer.output
        check(
            (try? JSON.parseAll(output)) != nil, "output of calls that all succeeded does not parse: \(shown(output))")
    }

    /// The writer as a parser's handler: the output parses to the input's values.
    static func reformat(_ bytes: [UInt8], style: JSONWriter.Style) {
        let options = JSONParseOptions(allowMultipleValues: true)
        let values = Result { try JSON.parseAll(bytes) }
        let parser = JSONStreamParser(handler: JSONWriter(style: style, multipleValues: true), options: options)
        do {
            try parser.feed(bytes)
            try parser.finish()
            try parser.handler.finish()
        } catch JSONWriteError.tooDeep {
            return
        } catch {
            check(ParseFailure(error) != nil, "reformatting threw \(error)")
            check(
                ParseFailure(error) == ParseFailure(values.error),
                "reformatting threw \(error), parsing \(describe(values.error))")
            return
        }
        let output = parser.handler.output
        guard let values = try? values.get() else { fail("reformatted what does not parse: \(shown(bytes))") }
        check((try? JSON.parseAll(output)) == values, "reformatted output parses to other values: \(shown(output))")
    }
}
