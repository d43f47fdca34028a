/// What to keep of the next value.
///
/// Plan nodes and type infos are held unmanaged: the session's plans and the registry keep
/// them alive for the whole capture, and rules are copied on every event, so they must
/// cost no reference counting.
enum CaptureRule {
    /// Everything.
    case all
    /// Nothing.
    case skip
    /// An object's listed keys (a non-object value is kept whole).
    case node(Unmanaged<PlanNode>)
    /// An array of model objects, each kept by its type's plan.
    case elements(Unmanaged<TypeInfo>)
    /// An object whose values are model objects.
    case members(Unmanaged<TypeInfo>)
    /// The streamed array: each element is handed over as soon as it closes, then dropped.
    case units(Unmanaged<TypeInfo>)

    static func node(_ node: PlanNode) -> CaptureRule { .node(Unmanaged.passUnretained(node)) }
    static func elements(_ info: TypeInfo) -> CaptureRule { .elements(Unmanaged.passUnretained(info)) }
    static func members(_ info: TypeInfo) -> CaptureRule { .members(Unmanaged.passUnretained(info)) }
    static func units(_ info: TypeInfo) -> CaptureRule { .units(Unmanaged.passUnretained(info)) }
}
