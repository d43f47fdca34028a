/// What the capture keeps of each value.
extension MappingCapture {
    /// The rule for an object of a model type: its plan's keys, or everything while the
    /// type has no plan.
    func modelRule(_ info: TypeInfo) -> CaptureRule {
        if session.capturedWhole { return .all }
        guard let plan = session.plan(for: info), !plan.keepsWhole else { return .all }
        return .node(plan.root)
    }

    /// The rule for the value of a plan node's entry: fixed by the node, or, for a nested
    /// model, the model's rule in this session.
    @inline(__always)
    func rule(for info: PlanNode.KeyInfo) -> CaptureRule {
        info.fixedRule ?? modelRule(info.model.unsafelyUnwrapped.takeUnretainedValue())
    }

    /// Whether the value starting now is a unit: an element directly in the streamed array.
    @inline(__always)
    var isInUnits: Bool {
        if case .array(_, _, true, _, _)? = top { return true }
        return false
    }

    /// The rule for the value starting now.
    @inline(__always)
    mutating func takeRule() -> CaptureRule {
        switch top {
        case .object?: return pending
        case .array(let start, let elementRule, let units, let indexed, let next)?:
            guard let indexed else { return elementRule }
            let frame = Frame.array(
                start: start, elementRule: elementRule, units: units, indexed: indexed, next: next + 1)
            frames.last = frame
            top = frame
            return indexed._withUnsafeGuaranteedRef { node in
                node.index(of: String(next)).map { rule(for: node.keyInfo[$0]) } ?? .all
            }
        case nil: return rootRule
        }
    }
}
