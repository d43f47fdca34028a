import Foundation

/// Every type's plan, learned once per process and safe to use from many threads.
final class PlanRegistry: @unchecked Sendable {
    /// The process's registry.
    static let shared = PlanRegistry()
    /// Guards ``infos``.
    private let lock = NSLock()
    /// Each type's info, by type.
    private var infos: [ObjectIdentifier: TypeInfo] = [:]

    /// The type's info; the first call learns a plan by running the mapping on an empty
    /// object (no values are assigned: reads are only recorded), with the context of the
    /// mapping that asks (a model's `init?(map:)` may count on the context its mapper gives).
    func info(for type: any BaseMappable.Type, context: MapContext? = nil) -> TypeInfo {
        let id = ObjectIdentifier(type)
        if let known = lock.withLock({ infos[id] }) { return known }
        let info = TypeInfo(type: type)
        let inserted: TypeInfo = lock.withLock {
            if let raced = infos[id] { return raced }
            infos[id] = info
            return info
        }
        guard inserted === info else { return inserted }
        // Outside the lock: the dry run asks for nested types' infos.
        if let reads = DryRun.reads(of: type, info: info, context: context) { info.learn(reads) }
        return info
    }
}
