import Foundation

/// A model type and its current plan; one per type, shared by every mapping.
final class TypeInfo: @unchecked Sendable {
    /// Guards ``current``.
    private let lock = NSLock()
    /// The plan, once learned.
    private var current: TypePlan?

    /// How instances are made, found once per type instead of by a cast per object.
    enum Construction {
        /// By the type's `_instanceForMapping` (``Mappable`` or ``StaticMappable``).
        case instance
        /// By ``ImmutableMappable``'s throwing `init(map:)`.
        case immutable(any ImmutableMappable.Type)
        /// Not at all (a ``BaseMappable`` only): its objects are refused.
        case none
    }
    /// How instances are made.
    let construction: Construction
    /// The model type.
    let type: ObjectIdentifier
    /// The model type, as a metatype (to open generic code on it).
    let metatype: any BaseMappable.Type

    /// The info of `type`, without a plan.
    init(type: any BaseMappable.Type) {
        self.type = ObjectIdentifier(type)
        metatype = type
        if type is any Mappable.Type || type is any StaticMappable.Type {
            construction = .instance
        } else if let immutable = type as? any ImmutableMappable.Type {
            construction = .immutable(immutable)
        } else {
            construction = .none
        }
    }

    /// The plan, or `nil` while it is still unknown (objects are then kept whole).
    var plan: TypePlan? { lock.withLock { current } }

    /// Adds reads seen in a mapping to the plan (or makes the first plan from them).
    func learn(_ reads: [PlanRead]) {
        lock.withLock {
            current = current?.adding(reads) ?? TypePlan(reads: reads)
            current?.root.orderOwner = self
        }
    }

    /// Puts the plan's keys in the order its objects list them (once per type), when the
    /// plan is still the one whose root is `root`. Later mappings capture objects sharing
    /// the node's names, and find each key where its entry is.
    func learnOrder(_ names: [String], replacing root: PlanNode) {
        lock.withLock {
            guard let plan = current, plan.root === root, plan.keyOrder.isEmpty else { return }
            current = TypePlan(reads: plan.reads, keyOrder: names)
            current?.root.orderOwner = self
        }
    }
}
