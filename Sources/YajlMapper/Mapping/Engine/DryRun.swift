/// Learns a type's reads by mapping an empty object: reads are recorded, nothing is assigned.
enum DryRun {
    /// The reads of `type`'s mapping, run on an empty object with `context`; `nil` when the
    /// type refuses the empty object (its plan is then learned from the first real one).
    static func reads(of type: any BaseMappable.Type, info: TypeInfo, context: MapContext?) -> [PlanRead]? {
        let session = MappingSession(strict: false, context: context, capturedWhole: true, recording: true)
        session.isDryRun = true
        let map = Map(
            mappingType: .fromJSON, node: .object(JSONObject()), session: session, path: [],
            info: info, plan: nil)
        func run<T: BaseMappable>(_: T.Type) -> Bool { ModelBuilder.instantiate(T.self, map: map) != nil }
        guard run(type) else { return nil }
        return session.recorded[ObjectIdentifier(info)]?.1 ?? []
    }
}
