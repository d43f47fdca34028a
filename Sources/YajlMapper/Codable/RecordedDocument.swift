/// A document held in memory recorded into a tape: the one recording both ``YajlDecoder``
/// and ``Mapper`` read from.
struct RecordedDocument {
    /// The tape.
    var tape: DecodingTape
    /// How many elements were recorded on other threads and spliced in.
    var elementsSpliced = 0
    /// How many objects the parse passed over the rest of.
    var objectsSkipped = 0
    /// How many times the parse was moved past members.
    var membersSkipped = 0
    /// Where the text starts, past a byte order mark: where its first line starts.
    var textStart = 0

    /// Which texts of `bytes` are copied into the arena as they go by rather than referred
    /// to in the input: those of an input too big to stay in the processor's cache until
    /// the tape is read (their bytes are then long gone from the cache when they are read;
    /// the arena is read in order). Numbers are short, and copying them costs more than
    /// reading them from a bigger input: they are copied from 16 MiB, strings from 1 MiB.
    static func copies(of bytes: UnsafeRawBufferPointer) -> (strings: Bool, numbers: Bool) {
        (bytes.count >= 1 << 20, bytes.count >= 16 << 20)
    }

    /// Records `bytes` by `plan` (`nil`: whole) as one value; on `threads` threads, the
    /// elements of a big array near the root (see ``TapeRecordingSpine``). Texts are referred
    /// to in `bytes`, which must outlive the tape's reading. Offsets count from `offset`
    /// (where `bytes` sit in a longer input: a streamed element recorded again).
    /// - Throws: ``JSONParseError`` when the input is not valid JSON.
    static func record(
        _ bytes: UnsafeRawBufferPointer, plan: DecodePlan?, options: JSONParseOptions, threads: Int, at offset: Int = 0
    ) throws -> RecordedDocument {
        guard threads > 1, !options.allowMultipleValues, offset == 0 else {
            let parser = JSONStreamParser(
                handler: TapeRecorder(plan: plan, input: bytes, copying: copies(of: bytes)),
                options: options)
            // Room made in the parser's own recorder: a copy's would be copied again on first write.
            parser.handler.reserve(for: bytes.count, whole: plan == nil)
            if offset > 0 { parser.engine.skipStart(offset) }
            // The buffer outlives `finish`: its lines are counted only if an error needs them.
            parser.engine.oneShot = true
            try parser.feed(bytes)
            try parser.finish()
            return RecordedDocument(
                tape: parser.handler.tape, objectsSkipped: parser.engine.objectsSkipped,
                membersSkipped: parser.engine.skipsMade, textStart: parser.engine.textStart)
        }
        let spine = TapeRecordingSpine(plan: plan, input: bytes, options: options, threads: threads)
        try ParallelElementReader(spine: spine, threads: threads, options: options).read(inPlace: bytes)
        try spine.parser.finish()
        return RecordedDocument(
            tape: spine.parser.handler.tape, elementsSpliced: spine.elementsSpliced,
            objectsSkipped: spine.engine.objectsSkipped, membersSkipped: spine.engine.skipsMade,
            textStart: spine.engine.textStart)
    }
}
