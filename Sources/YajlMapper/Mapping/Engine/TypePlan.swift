/// What a type's mapping reads, in the order it reads it, and the trie built from that.
final class TypePlan: @unchecked Sendable {
    /// The reads, in the order the mapping makes them, each placed in this plan.
    let reads: [PlanRead]
    /// The trie of the reads' keys: what the capture keeps of the type's objects.
    let root: PlanNode
    /// The mapping reads its whole object (`map.JSON`): keep objects of this type whole.
    let keepsWhole: Bool
    /// The keys in the order the type's objects list them, when learned: the root node's
    /// entries follow it, so captured objects share the node's names and reads find their
    /// key at its entry's position.
    let keyOrder: [String]
    /// The plan of `reads`, with the root's keys in `keyOrder` first when it is known.
    init(reads: [PlanRead], keyOrder: [String] = []) {
        self.keyOrder = keyOrder
        let root = PlanNode()
        self.root = root
        // Inserting a read twice changes nothing: the learned order first, then the rest.
        for name in keyOrder {
            for read in reads where read.components.first == name { root.insert(read.components[...], kind: read.kind) }
        }
        for read in reads { root.insert(read.components[...], kind: read.kind) }
        keepsWhole = reads.contains { $0.isWhole }
        // Each read learns where its first key is among the root's entries.
        let placed = reads.map { read in
            PlanRead(
                read, entryIndex: read.components.first.flatMap { root.index(of: $0) } ?? -1,
                memberPath: Self.memberPath(read.components, in: root))
        }
        self.reads = placed
        readTable = .allocate(capacity: max(placed.count, 1))
        readTable.initialize(from: placed.map { Unmanaged.passUnretained($0) }, count: placed.count)
        singleMember = .allocate(capacity: max(placed.count, 1))
        singleMember.initialize(from: placed.map { $0.isSingleKey ? $0.entryIndex : -1 }, count: placed.count)
    }

    /// The steps after the first key of a path through nested object nodes (empty for one
    /// key, or when a step is not an object node). The nodes are the plan's, which never
    /// change after it is built, so their names' storage stays where it is.
    private static func memberPath(_ components: [String], in root: PlanNode) -> [PlanRead.MemberStep] {
        guard components.count >= 2 else { return [] }
        var node = root
        var steps: [PlanRead.MemberStep] = []
        for (k, component) in components.enumerated() {
            guard let index = node.index(of: component) else { return [] }
            if k > 0 {
                steps.append(PlanRead.MemberStep(index: index, names: node.names.withUnsafeBufferPointer { $0 }))
            }
            if k == components.count - 1 { break }
            guard case .object(let child) = node.entries[index] else { return [] }
            node = child
        }
        return steps
    }

    /// `reads` as unretained references (`reads` keeps them), and each read's member
    /// position when it reads one key of the root (-1 otherwise): what ``Map`` reads on every
    /// selection, without reference counting.
    let readTable: UnsafeMutablePointer<Unmanaged<PlanRead>>
    /// Each read's entry position when it reads one key of the root (-1 otherwise).
    let singleMember: UnsafeMutablePointer<Int>

    /// Frees the tables.
    deinit {
        readTable.deallocate()
        singleMember.deallocate()
    }

    /// Whether a read is kept by this plan: the same read, or a whole value above it.
    func covers(_ read: PlanRead) -> Bool {
        if keepsWhole || reads.contains(read) { return true }
        var node = root
        for component in read.components.dropLast() {
            guard let i = node.index(of: component) else { return false }
            switch node.entries[i] {
            case .value: return true
            case .object(let next): node = next
            default: return false
            }
        }
        if let last = read.components.last, let i = node.index(of: last), case .value = node.entries[i] { return true }
        return false
    }

    /// This plan with `more` reads (those not already in it), in the same key order.
    func adding(_ more: [PlanRead]) -> TypePlan {
        var all = reads
        for read in more where !all.contains(read) { all.append(read) }
        return TypePlan(reads: all, keyOrder: keyOrder)
    }
}
