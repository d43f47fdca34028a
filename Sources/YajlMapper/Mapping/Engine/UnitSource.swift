/// The bytes of one streamed element, valid during the hand-over.
struct UnitSource {
    /// The element's bytes, from its first byte.
    var bytes: UnsafeRawBufferPointer
    /// The element's offset in the whole input.
    var offset: Int
    /// The line the element starts on, and the offset that line starts at.
    var line: Int
    var lineStart: Int
}
