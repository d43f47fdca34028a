/// What a mapping produced, and every problem found on the way.
public struct MappingResult<Value> {
    /// The mapped value; `nil` when the root could not be mapped at all.
    public var value: Value?
    /// Every problem, in document order, each with its key path and position.
    public var problems: [MappingProblem]
    /// How many objects yajl skipped the rest of (for tests and measurements).
    var objectsSkipped = 0
    /// How many times yajl was moved past members (for tests and measurements).
    var membersSkipped = 0
    /// How many elements other threads built (for tests and measurements).
    var elementsFromThreads = 0
}
