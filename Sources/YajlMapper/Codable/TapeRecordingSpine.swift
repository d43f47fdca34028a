import Foundation

/// The recording of a whole document's tape as the spine of a ``ParallelElementReader``: the
/// elements of a big array (the root, or a member of the root) are recorded on several
/// threads, one stretch each, and spliced into the document's tape in order.
///
/// A stretch is recorded as a tape of its own whose root is an array, by the place of the
/// array the spine stands in, from the same input (texts it holds are referred to there, at
/// the same offsets); an element's tokens depend only on its own bytes and its place, so the
/// spliced tokens are those the serial recording makes. Any error, or a string whose error
/// waits for its decoding (a lone surrogate escape, located by the worker's own lines),
/// leaves the stretch to the spine, whose error is then the serial one.
final class TapeRecordingSpine: ElementSpine {
    /// The document's parse, into the recorder.
    let parser: JSONStreamParser<TapeRecorder>
    /// The whole document, which every tape refers to.
    let input: UnsafeRawBufferPointer
    /// How many elements were recorded on the threads and spliced in.
    private(set) var elementsSpliced = 0

    /// How many threads splice the stretches in.
    let threads: Int

    /// A spine that records `input` by `plan` (`nil`: whole), splicing on `threads` threads.
    init(plan: DecodePlan?, input: UnsafeRawBufferPointer, options: JSONParseOptions, threads: Int) {
        self.threads = threads
        var recorder = TapeRecorder(plan: plan, input: input, copying: RecordedDocument.copies(of: input))
        recorder.tracksElementEnds = true
        parser = JSONStreamParser(handler: recorder, options: options)
        self.input = input
    }

    /// Just past the last element recorded on this thread in an array near the root.
    var lastElementEnd: Int? { parser.handler.lastElementEnd }

    /// Records `[` + the stretch's elements + `]` into a tape of its own (see the type's comment).
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<DecodingTape>? {
        let plan = parser.handler.innermostPlace
        let piece = JSONStreamParser(
            handler: TapeRecorder(plan: plan, input: input, copying: parser.handler.copies),
            options: options)
        piece.handler.reserve(for: stretch.count, whole: plan == nil)
        return ReadStretch.read(stretch, at: offset, by: piece) {
            piece.handler.tape.problems.isEmpty ? piece.handler.tape : nil
        }
    }

    /// Splices every stretch's elements into the document's tape at once, on the threads.
    func willDeliver(_ stretches: [DecodingTape]) {
        parser.handler.splice(stretches, threads: threads)
        for stretch in stretches { elementsSpliced += Int(stretch.tokens.first?.length ?? 0) }
    }

    /// Nothing more: ``willDeliver(_:)`` spliced the stretch in.
    func deliver(_ stretch: DecodingTape, line: Int, lineStart: Int) throws {}
}
