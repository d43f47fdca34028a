import Synchronization

/// The memory of the last big tape read, kept for the next recording. A big document's tape
/// is tens of megabytes: allocated afresh, each of its pages is faulted in and zeroed by the
/// kernel on first touch (glibc maps allocations that size anew each time and unmaps them
/// when freed), which cost the mapper 10-20% of its time on a 100 MB page. One spare is kept,
/// up to ``largest`` bytes, and given to the next recording that needs as much.
enum TapeStore {
    /// The spare: a finished tape's arrays, emptied when lent.
    private static let spare = Mutex<(tokens: [DecodingTape.Token], arena: [UInt8])?>(nil)
    /// The smallest tape worth keeping (smaller ones come from malloc's free lists).
    static let smallest = 1 << 20
    /// The largest tape kept (a bigger one is given back to the system).
    static let largest = 128 << 20

    /// The bytes a tape's arrays hold room for.
    private static func size(_ tokens: [DecodingTape.Token], _ arena: [UInt8]) -> Int {
        tokens.capacity * MemoryLayout<DecodingTape.Token>.stride + arena.capacity
    }

    /// Gives `tape` the spare's memory when it is big enough for `tokens` tokens and
    /// `arena` bytes of text, and that much is worth keeping.
    static func lend(to tape: inout DecodingTape, tokens: Int, arena: Int) {
        guard tokens * MemoryLayout<DecodingTape.Token>.stride + arena >= smallest, tape.tokens.isEmpty,
            tape.arena.isEmpty
        else { return }
        spare.withLock { spare in
            guard let kept = spare, kept.tokens.capacity >= tokens, kept.arena.capacity >= arena else { return }
            spare = nil
            (tape.tokens, tape.arena) = kept
        }
        // Emptied here, once the tape holds the only reference (a shared array would be
        // copied to new memory), not when kept: the reading that kept them may have held one.
        tape.tokens.removeAll(keepingCapacity: true)
        tape.arena.removeAll(keepingCapacity: true)
    }

    /// Keeps the memory of a tape read to its end, when it is big and no bigger spare is kept.
    static func keep(_ tape: inout DecodingTape) {
        let kept = size(tape.tokens, tape.arena)
        guard kept >= smallest, kept <= largest else { return }
        let arrays = (tape.tokens, tape.arena)
        tape = DecodingTape()
        spare.withLock { spare in
            if spare.map({ size($0.tokens, $0.arena) < kept }) ?? true { spare = arrays }
        }
    }
}
