@testable import YajlMapper

/// The keys the mappers' plan for roots of shape `root` lists at the place `path` (each step
/// a key, or `[]` for an array's elements); `nil` when no plan is learned there.
func mapperPlanKeys(_ root: Any.Type, at path: [String] = [], in registry: PlanRegistry = .shared) -> Set<String>? {
    mapperPlace(root, at: path, in: registry).map { Set($0.keys.names) }
}

/// Whether the place `path` of the mappers' plan for `root` reads every member of its objects.
func mapperPlanReadsAllKeys(_ root: Any.Type, at path: [String] = []) -> Bool {
    mapperPlace(root, at: path).map { !$0.filtersKeys } ?? false
}

/// The place `path` of the mappers' plan for `root`.
private func mapperPlace(_ root: Any.Type, at path: [String], in registry: PlanRegistry = .shared) -> DecodePlan? {
    guard var place = registry.plan(for: root, foldsKeys: false) else { return nil }
    for step in path {
        if step == "[]" {
            guard let element = place.elementPlace(learning: false) else { return nil }
            place = element
        } else {
            guard let index = place.keys.index(of: step) else { return nil }
            place = place.child(at: index)
        }
    }
    return place
}
