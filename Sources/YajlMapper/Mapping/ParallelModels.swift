/// The elements of a big array of models mapped on several threads: the tape is complete
/// before any mapping runs, and each element's mapping reads only its own tokens, so
/// stretches of elements are mapped at once, each with a session of its own. The models,
/// the problems (in document order) and any miss are the serial loop's.
struct ParallelModels {
    /// The elements' count.
    let count: Int
    /// The session of the whole mapping.
    let session: MappingSession

    /// Parallel mapping of an array of `count` elements, when the session allows it: several
    /// threads, no context (which the mappings may share), not learning (one mapping's
    /// state), and enough elements.
    init?(count: Int, session: MappingSession) {
        guard session.threads > 1, !session.learning, !session.hasContext, count >= 2 * session.threads,
            count >= session.elementsToSplit
        else { return nil }
        self.count = count
        self.session = session
    }

    /// The models of the elements of the array at token `index`, as
    /// ``ModelBuilder/buildElements(_:ofArrayAt:place:in:path:session:)`` makes them.
    func build<T: BaseMappable>(
        _ type: T.Type, ofArrayAt index: Int, place: DecodePlan?, in document: MappingDocument,
        path: [JSONPath.Component]
    ) -> (models: [T], failures: Int) {
        let starts = document.tape.elementTokens(ofArrayAt: index, count: count)
        let threads = session.threads
        let stretches = min(count, threads * 4)
        let sessions = (0..<stretches).map { _ in MappingSession(like: session) }
        let models: [T] = valuesOnThreads(count, stretches: stretches, threads: threads) { s, range, first in
            var spare: Map?
            var built = 0
            for i in range {
                let made = ModelBuilder.build(
                    T.self, at: starts[i], place: place, in: document, path: path, leaf: .index(i),
                    session: sessions[s], into: first + built, reusing: &spare)
                built += made ? 1 : 0
            }
            return built
        }
        for stretch in sessions {
            if stretch.missed { session.noteMiss() }
            if let unreadable = stretch.unreadable { session.noteUnreadable(unreadable) }
            for problem in stretch.takeProblems() { session.adopt(problem) }
        }
        session.elementsFromThreads += count
        return (models, count - models.count)
    }
}
