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
    /// A unit: one streamed element, or the whole document when nothing streams.
    /// The streamed array: each element is a unit, handed over as soon as it closes, then dropped.
    case units(Unmanaged<TypeInfo>)

    /// The `.node` rule for a plan node, held unretained.
    static func node(_ node: PlanNode) -> CaptureRule { .node(Unmanaged.passUnretained(node)) }
    /// The `.elements` rule for a type info, held unretained.
    static func elements(_ info: TypeInfo) -> CaptureRule { .elements(Unmanaged.passUnretained(info)) }
    /// The `.members` rule for a type info, held unretained.
    static func members(_ info: TypeInfo) -> CaptureRule { .members(Unmanaged.passUnretained(info)) }
    /// The `.units` rule for a type info, held unretained (a unit: one streamed element).
    static func units(_ info: TypeInfo) -> CaptureRule { .units(Unmanaged.passUnretained(info)) }
}
