/// The bytes of one unit (a streamed element), valid during the hand-over.
struct UnitSource {
    /// The element's bytes, from its first byte.
    var bytes: UnsafeRawBufferPointer
    /// The element's offset in the whole input.
    var offset: Int
    /// The line the element starts on.
    var line: Int
    /// The offset the element's first line starts at.
    var lineStart: Int
}
