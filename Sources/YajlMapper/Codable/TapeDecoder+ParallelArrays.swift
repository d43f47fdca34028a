import Foundation
import Synchronization

/// The elements of a big array of models decoded on several threads: the tape is whole
/// before decoding starts, and each element's decoding reads only its own tokens, so
/// stretches of elements are decoded at once by decoders that share the tape (and the
/// hints of its objects: each writes those of its own elements only).
extension TapeDecoder {
    /// The tokens an array needs before its elements are decoded on several threads, unless
    /// the options say otherwise.
    static let tokensToSplit = 1 << 15

    /// Whether the array at `index`, of `count` elements, is decoded on several threads:
    /// asked for (``Options/threads``), long enough, and not while the plan learns (which
    /// is one decoding's state).
    func splits(arrayAt index: Int, count: Int) -> Bool {
        options.threads > 1 && count >= 2 * options.threads && !session.learning
            && tape.end(ofValueAt: index) - index >= options.tokensToSplit
    }

    /// The `count` elements of the array at `index` (path `path`), decoded in stretches on
    /// ``Options/threads`` threads. The result is the serial loop's: the elements in order,
    /// or the first element's failure in document order (an error, or a miss of the plan,
    /// which the document's session then notes).
    func decodeOnThreads<Element: Decodable>(
        _: Element.Type, arrayAt index: Int, count: Int, path: CodingPathNode, place: DecodePlan?
    ) throws -> [Element] {
        let starts = tape.elementTokens(ofArrayAt: index, count: count)
        let stretches = min(count, options.threads * 4)
        let sessions = (0..<stretches).map { _ in Session(plan: session.plan, learning: false) }
        // Each stretch's elements are decoded straight into their places in the array.
        let elements: [Element] = valuesOnThreads(count, stretches: stretches, threads: options.threads) {
            s, range, first in
            let stretch = self.decoder(for: sessions[s])
            for i in range {
                do {
                    (first + i - range.lowerBound).initialize(
                        to: try stretch.unbox(Element.self, at: starts[i], node: path, step: .index(i), place: place))
                } catch {
                    sessions[s].error = error
                    return i - range.lowerBound
                }
            }
            return range.count
        }
        // The serial loop's result: misses up to the first error in document order, which is thrown.
        for s in 0..<stretches {
            if sessions[s].missed { session.missed = true }
            if let error = sessions[s].error { throw error }
        }
        options.tally?.add(count)
        return elements
    }

    /// A decoder of this one's tape, with `session`, for a stretch of elements.
    private func decoder(for session: Session) -> TapeDecoder {
        TapeDecoder(sharing: self, at: current, node: node, place: place, session: session)
    }
}

/// Counts the elements decoded on several threads, for tests.
final class ElementTally: Sendable {
    /// The count.
    private let count = Atomic<Int>(0)
    /// Adds `n`.
    func add(_ n: Int) { count.add(n, ordering: .relaxed) }
    /// The count so far.
    var value: Int { count.load(ordering: .relaxed) }
}
