import Foundation

/// The capture of a whole document as the spine of a ``ParallelElementReader``: the
/// elements of the array whose models the capture builds as they close (see
/// ``ElementBuilder``) are built on several threads, one stretch each, and the capture's
/// builder takes them over in document order.
///
/// A stretch is read by a capture of its own, as a top-level array of the same models, with
/// a session of the same options and plans. Its models and problems (paths relative to the
/// array, as the serial builder's are) are those the serial capture would have built: the
/// elements are mapped one by one, each knowing only its own values. A stretch whose
/// mapping read outside the plans (a repair, which needs the whole document) fails, so
/// that stretch is read by the spine.
final class BuiltElementsSpine: ElementSpine {
    /// The document's parse, into the capture.
    let parser: JSONStreamParser<MappingCapture>
    /// The document's session.
    private var session: MappingSession { parser.handler.session }

    /// A spine over `parser`, which reads the document into a capture that builds elements.
    init(parser: JSONStreamParser<MappingCapture>) { self.parser = parser }

    /// The document's parse.
    var engine: YajlParserEngine { parser.engine }

    /// Just past the last element of the array being built, read on this thread.
    var lastElementEnd: Int? { parser.handler.lastElementEnd }

    /// Reads the next bytes into the capture.
    func feed(_ bytes: UnsafeRawBufferPointer) throws { try parser.feed(bytes) }

    /// Builds a stretch's models with a capture of its own (see the type's comment).
    func read(
        stretch: UnsafeRawBufferPointer, at offset: Int, depth: Int, options: JSONParseOptions
    ) -> ReadStretch<BuiltStretch>? {
        guard let spineBuilder = parser.handler.elementBuilder else { return nil }
        let spineSession = session
        let session = MappingSession(
            strict: spineSession.strict, context: nil, shouldIncludeNilValues: spineSession.shouldIncludeNilValues)
        session.usePlans(of: spineSession)
        var capture = MappingCapture(session: session, rootRule: .elements(spineBuilder.info))
        capture.buildsElements = true
        capture.buildsTopLevelElements = true
        capture.recordsOffsets = false
        let piece = JSONStreamParser(handler: capture, options: options)
        return ReadStretch.read(
            stretch, at: offset, engine: piece.engine, feed: { try piece.feed($0) }, finish: { try piece.finish() },
            made: {
                guard !session.missed, !session.repaired, case .array(let placeholder)? = piece.handler.documents.first,
                    let built = session.builtArray(standingFor: placeholder), built.info === spineBuilder.info
                else { return nil }
                return BuiltStretch(
                    builder: built, objectsSkipped: piece.engine.objectsSkipped, membersSkipped: piece.engine.skipsMade)
            })
    }

    /// Builds the elements the capture queued, then has its builder take the stretch's.
    func deliver(_ stretch: BuiltStretch, line: Int, lineStart: Int) throws {
        parser.handler.buildQueuedElements()
        parser.handler.elementBuilder?.append(contentsOf: stretch.builder)
        session.objectsSkipped += stretch.objectsSkipped
        session.membersSkipped += stretch.membersSkipped
        session.elementsFromThreads += stretch.builder.count
    }
}

/// The models a worker built from one stretch of an array, with its parse's skips.
struct BuiltStretch {
    /// The builder that holds them and their problems.
    var builder: ElementBuilder
    /// How many objects the stretch's parse skipped the rest of.
    var objectsSkipped: Int
    /// How many times it moved past members.
    var membersSkipped: Int
}
