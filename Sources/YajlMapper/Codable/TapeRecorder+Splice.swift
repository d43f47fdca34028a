import Foundation

extension TapeRecorder {
    /// Appends the elements of `stretches` (tapes whose root is an array, recorded by
    /// ``innermostPlace`` from the same input, with no problems) to the array open now, as
    /// if recorded here: each stretch's tokens and bytes are copied into place on one of
    /// `threads` threads, its container ends and arena offsets moved past those before it.
    mutating func splice(_ stretches: [DecodingTape], threads: Int) {
        guard let array = innermostToken else { return }
        var tokenStarts: [Int] = []
        var arenaStarts: [Int] = []
        var tokenCount = tape.tokens.count
        var arenaCount = tape.arena.count
        for stretch in stretches {
            tokenStarts.append(tokenCount)
            arenaStarts.append(arenaCount)
            tokenCount += max(stretch.tokens.count - 1, 0)
            arenaCount += stretch.arena.count
            tape.tokens[array].length &+= stretch.tokens.first?.length ?? 0
        }
        // Room for what the spine records after them, so that it appends without a copy.
        let (tokenRoom, arenaRoom) = (tokenCount + tokenCount / 16, arenaCount + arenaCount / 16)
        var room = DecodingTape()
        TapeStore.lend(to: &room, tokens: tokenRoom, arena: arenaRoom)
        tape.tokens = Self.joined(tape.tokens, count: tokenCount, capacity: tokenRoom, in: &room.tokens) { tokens in
            forEachOnThreads(stretches.count, threads: threads) { s in
                let first = tokenStarts[s]
                let (shift, arenaShift) = (first - 1, arenaStarts[s])
                stretches[s].tokens.withUnsafeBufferPointer { from in
                    guard from.count > 1 else { return }
                    for i in 1..<from.count {
                        var token = from[i]
                        switch token.kind {
                        case .object, .array: token.start += shift
                        case .number, .string, .key: if token.start >= 0 { token.start += arenaShift }
                        default: break
                        }
                        (tokens + first + i - 1).initialize(to: token)
                    }
                }
            }
        }
        tape.arena = Self.joined(tape.arena, count: arenaCount, capacity: arenaRoom, in: &room.arena) { arena in
            forEachOnThreads(stretches.count, threads: threads) { s in
                stretches[s].arena.withUnsafeBufferPointer { from in
                    guard let source = from.baseAddress else { return }
                    (arena + arenaStarts[s]).initialize(from: source, count: from.count)
                }
            }
        }
    }

    /// `head` then what `fill` writes after it up to `count` elements, in an array with room
    /// for `capacity`: `room`'s memory when it has that much (a big tape's pages already
    /// touched, see ``TapeStore``; filled with copies of the head first, as an array's
    /// elements must be), else new memory.
    private static func joined<Element: BitwiseCopyable>(
        _ head: [Element], count: Int, capacity: Int, in room: inout [Element],
        _ fill: (UnsafeMutablePointer<Element>) -> Void
    ) -> [Element] {
        if room.capacity >= capacity, let first = head.first {
            var joined = room
            room = []
            joined.append(contentsOf: head)
            joined.append(contentsOf: repeatElement(first, count: count - head.count))
            joined.withUnsafeMutableBufferPointer { fill($0.baseAddress.unsafelyUnwrapped) }
            return joined
        }
        return [Element](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let base = buffer.baseAddress.unsafelyUnwrapped
            head.withUnsafeBufferPointer {
                if let from = $0.baseAddress { base.initialize(from: from, count: $0.count) }
            }
            fill(base)
            initialized = count
        }
    }

    /// Makes room for the tape of a document of `bytes` bytes, recorded `whole` or by a plan
    /// (an estimate: most pages hold a token per 16 bytes, of which a plan keeps a fraction),
    /// so that a big tape is not copied as it grows. Untouched room costs no memory.
    mutating func reserve(for bytes: Int, whole: Bool) {
        let tokens = bytes / (whole ? 12 : 48) + 16
        let arena = tape.input.baseAddress == nil || copies.strings ? bytes / (whole ? 2 : 8) + 64 : 0
        TapeStore.lend(to: &tape, tokens: tokens, arena: arena)
        tape.tokens.reserveCapacity(tokens)
        tape.arena.reserveCapacity(arena)
    }

    /// The recorder's own callback table: each event calls the recorder directly.
    static let eventTable: ConsumerEventTable? = ConsumerEventTable(
        null: { ConsumerEvents<TapeRecorder>.null($0) },
        bool: { ConsumerEvents<TapeRecorder>.bool($0, $1) },
        number: { ConsumerEvents<TapeRecorder>.number($0, $1, $2) },
        string: { ConsumerEvents<TapeRecorder>.string($0, $1, $2) },
        key: { ConsumerEvents<TapeRecorder>.key($0, $1, $2) },
        startObject: { ConsumerEvents<TapeRecorder>.startObject($0) },
        endObject: { ConsumerEvents<TapeRecorder>.endObject($0) },
        startArray: { ConsumerEvents<TapeRecorder>.startArray($0) },
        endArray: { ConsumerEvents<TapeRecorder>.endArray($0) })
}
