/// The recorder's callback table, and the room it makes for a big document.
extension TapeRecorder {
    /// Makes room for the tape of a document of `bytes` bytes, recorded `whole` or by a plan
    /// (an estimate: most pages hold a token per 16 bytes, of which a plan keeps a fraction),
    /// so that a big tape is not copied as it grows. Untouched room costs no memory.
    mutating func reserve(for bytes: Int, whole: Bool) {
        tape.tokens.reserveCapacity(bytes / (whole ? 12 : 48) + 16)
        if tape.input.baseAddress == nil { tape.arena.reserveCapacity(bytes / (whole ? 2 : 8) + 64) }
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
