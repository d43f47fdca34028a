/// Containers: opened as frames, made into values (or built elements) as they close.
extension MappingCapture {
    /// The rule for a container starting now, or `nil` when it is skipped (then its whole
    /// content is counted off by depth).
    @inline(__always)
    mutating func openContainer() -> CaptureRule? {
        if skipDepth > 0 {
            skipDepth += 1
            return nil
        }
        let rule = takeRule()
        if case .skip = rule {
            // A skipped subtree: only nesting events are needed until it closes.
            skipDepth = 1
            quietKeys(true)
            return nil
        }
        quiet(false)
        begin(back: 1)
        return rule
    }

    /// An object opens: a frame with its plan node, or a skipped subtree.
    mutating func startObject() {
        guard let rule = openContainer() else { return }
        let start = values.count, keyStart = keys.count
        switch rule {
        case .node(let node):
            let sparse = !node._withUnsafeGuaranteedRef { $0.keepsOthers }
            push(.object(start: start, keyStart: sparse ? hits.count : keyStart, node: node, memberRule: .all))
            awaitKey(atStart: true)
        case .members(let info):
            push(
                .object(start: start, keyStart: keyStart, node: nil, memberRule: modelRule(info.takeUnretainedValue())))
        default: push(.object(start: start, keyStart: keyStart, node: nil, memberRule: .all))
        }
    }

    /// An array opens: a frame with its elements' rule, and an element builder where it may.
    mutating func startArray() {
        guard let rule = openContainer() else { return }
        switch rule {
        case .elements(let info):
            let elementRule = modelRule(info.takeUnretainedValue())
            // The array of a model's key (not a dictionary's value): the read that takes it is
            // a mapping's `<-`, which finds the models built here. The root when asked: a
            // document that is an array of models, or a stretch of one read on another thread.
            let builds: Bool
            switch top {
            case .object(_, _, _?, _)?: builds = true
            case nil: builds = buildsTopLevelElements
            default: builds = false
            }
            push(.array(start: values.count, elementRule: elementRule, units: false, indexed: nil, next: 0))
            if buildsElements, builds, elementBuilder == nil, case .node = elementRule,
                let plan = session.plan(for: info.takeUnretainedValue()), let path = pathOfTop()
            {
                elementBuilder = ElementBuilder.make(info: info.takeUnretainedValue(), plan: plan, session: session)
                builderDepth = frames.count
                session.elementsPath = path
                elementBuilder?.path = path
            }
        case .units(let info):
            push(
                .array(
                    start: values.count, elementRule: modelRule(info.takeUnretainedValue()), units: true,
                    indexed: nil, next: 0))
        case .node(let node):
            push(.array(start: values.count, elementRule: .all, units: false, indexed: node, next: 0))
        default: push(.array(start: values.count, elementRule: .all, units: false, indexed: nil, next: 0))
        }
    }

    /// An object closes: its members become an object, a collapsed value, or a built element.
    mutating func endObject() throws {
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 && keysDoneDepth != frames.count { quietKeys(false) }
            return
        }
        quiet(false)
        if keysDoneDepth == frames.count {
            keysDoneDepth = 0
            control?.quietKeys(false)
        }
        guard case .object(let start, let keyStart, let node, _)? = pop() else { return }
        let mask = seen.popLast().unsafelyUnwrapped
        if builderDepth + 1 == frames.count, elementBuilder != nil, let node, mask & Self.repeatBit == 0,
            case .object(let parentStart, _, let parent?, _)? = top,
            !parent._withUnsafeGuaranteedRef({ $0.keepsOthers }),
            start - parentStart < 64, values.count - start == 1,
            hits.count - keyStart == 1, node._withUnsafeGuaranteedRef({ $0.collapsesToOneValue })
        {
            // In an element being built, an object that keeps one value of a key path
            // (`owner` for `owner.avatar_url`): the value stays in the object's place.
            hits.truncate(to: keyStart)
            collapsedMembers |= 1 << UInt64(start - parentStart)
            awaitKey()
            return
        }
        if builderDepth == frames.count, elementBuilder != nil {
            defer { collapsedMembers = 0 }
            if let node, node._withUnsafeGuaranteedRef({ !$0.keepsOthers && hits.count - keyStart == $0.names.count }),
                mask & Self.repeatBit == 0,
                hits.isSequence(from: keyStart)
                    || values.reorder(from: start, by: hits, from: keyStart, bits: &collapsedMembers)
            {
                // An element of the array being built, with every key of its plan once: its
                // model is built from the values where they are, put in the plan's order
                // first when they came in another.
                queue(.members(start: start, end: values.count, keyStart: keyStart, collapsed: collapsedMembers))
                return
            }
            if collapsedMembers != 0, let node { expandCollapsed(start: start, keyStart: keyStart, node: node) }
        }
        let memberValues = values.take(from: start)
        if let node, !node._withUnsafeGuaranteedRef({ $0.keepsOthers }) {
            try add(
                .object(
                    node._withUnsafeGuaranteedRef {
                        sparseObject($0, mask: mask, keyStart: keyStart, values: memberValues)
                    }))
            return
        }
        let memberKeys = Array(keys[keyStart...])
        keys.removeSubrange(keyStart...)
        // An envelope's keys are marked in the mask when listed; other objects are checked
        // as they are made. Objects of a plan are read by mappings in order (with a position
        // hint): no key table.
        let object =
            node != nil && mask & Self.repeatBit == 0
            ? JSONObject(uniqueKeys: memberKeys, values: memberValues, indexed: false)
            : JSONObject(distinctKeys: memberKeys, values: memberValues, indexed: node == nil)
        if let object {
            try add(.object(object))
        } else {
            dropOffsets(ofRepeatsIn: memberKeys, values: memberValues)
            try add(.object(JSONObject(firstOf: zip(memberKeys, memberValues))))
        }
    }

    /// Makes each collapsed member of an element the object it stands for (the element has
    /// another shape than its plan's, so it is made as an object).
    mutating func expandCollapsed(start: Int, keyStart: Int, node: Unmanaged<PlanNode>) {
        let members = values.elements(from: start), entries = hits.elements(from: keyStart)
        for i in members.indices where i < 64 && collapsedMembers & (1 << UInt64(i)) != 0 {
            if let object = node._withUnsafeGuaranteedRef({ $0.object(collapsedInto: members[i], at: entries[i]) }) {
                values.replace(at: start + i, with: object)
            }
        }
    }

    /// A sparse object's members: its keys are its plan node's, each marked in the mask when
    /// kept, so repeats show there. When every listed key came once, in the node's order
    /// (the usual case), the object shares the node's array of names.
    mutating func sparseObject(_ node: PlanNode, mask: UInt64, keyStart: Int, values: [JSON]) -> JSONObject {
        let count = hits.count - keyStart
        defer { hits.truncate(to: keyStart) }
        if mask & Self.repeatBit == 0 {
            let complete = count == node.names.count
            if complete && hits.isSequence(from: keyStart) {
                return JSONObject(uniqueKeys: node.names, values: values, indexed: false)
            }
            let keys = hits.elements(from: keyStart).map { node.names[$0] }
            // Every key, in another order than the plan's: tell the type once (a model's
            // root node), so later mappings capture in this order.
            if complete, !node.orderReported.load(ordering: .relaxed), let owner = node.orderOwner,
                !node.orderReported.exchange(true, ordering: .acquiringAndReleasing)
            {
                owner.learnOrder(keys, replacing: node)
            }
            return JSONObject(uniqueKeys: keys, values: values, indexed: false)
        }
        // A key came twice (one the mask cannot track): the first value counts.
        let keys = hits.elements(from: keyStart).map { node.names[$0] }
        dropOffsets(ofRepeatsIn: keys, values: values)
        return JSONObject(firstOf: zip(keys, values))
    }

    /// The top-level value as captured so far: each open object with its completed members
    /// and each open array with its kept elements, the innermost open value last (a
    /// streamed array reads as empty). `nil` before the first value.
    func partialDocument() -> JSON? {
        let open = frames.elements(from: 0)
        guard !open.isEmpty else { return documents.last }
        let kept = values.elements(from: 0)
        var child: JSON?
        for k in open.indices.reversed() {
            let end = k + 1 < open.count ? open[k + 1].start : kept.count
            var members = Array(kept[open[k].start..<end])
            switch open[k] {
            case .array:
                if let child { members.append(child) }
                child = .array(members)
            case .object(_, let keyStart, let node, _):
                // The completed members' keys come first in the frame's keys; the next one,
                // if any, is the open child's.
                let count = members.count + (child == nil ? 0 : 1)
                let names: [String]
                if let node, !node._withUnsafeGuaranteedRef({ $0.keepsOthers }) {
                    let entries = hits.elements(from: keyStart).prefix(count)
                    names = node._withUnsafeGuaranteedRef { node in entries.map { node.names[$0] } }
                } else {
                    names = Array(keys[keyStart..<min(keyStart + count, keys.count)])
                }
                if let child { members.append(child) }
                child = .object(JSONObject(firstOf: zip(names, members)))
            }
        }
        return child
    }

    /// The path of the innermost open container from the root: each open object's last
    /// key, each open array's count of values before the open one. `nil` when an object on
    /// the way keeps keys outside a plan (a dictionary of models, a model read whole): such
    /// an object keeps a repeated key's values until it closes, and only the first counts,
    /// so what is built inside may be dropped (sparse objects skip a repeat as it comes).
    func pathOfTop() -> [JSONPath.Component]? {
        var path: [JSONPath.Component] = []
        for depth in 0..<max(frames.count - 1, 0) {
            switch frames[depth] {
            case .object(_, let keyStart, let node?, _) where !node._withUnsafeGuaranteedRef({ $0.keepsOthers }):
                // Its entry numbers end where the next open object's start.
                var end = hits.count
                for deeper in depth + 1..<frames.count {
                    if case .object(_, let nextStart, _, _) = frames[deeper] {
                        end = nextStart
                        break
                    }
                }
                guard end > keyStart else { return nil }
                path.append(.key(node._withUnsafeGuaranteedRef { $0.names[hits[end - 1]] }))
            case .object:
                return nil
            case .array(let start, _, _, _, _):
                path.append(.index(frames[depth + 1].start - start))
            }
        }
        return path
    }

    /// An array closes: its elements become an array, or the placeholder of the models built.
    mutating func endArray() throws {
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 && keysDoneDepth != frames.count { quietKeys(false) }
            return
        }
        quiet(false)
        guard case .array(let start, _, _, _, _)? = pop() else { return }
        if builderDepth == frames.count + 1, let elementBuilder {
            buildQueuedElements()
            elementBuilder.finish()
            self.elementBuilder = nil
            builderDepth = 0
            lastElementEnd = nil
            session.elementsPath = []
            return try add(session.register(elementBuilder))
        }
        try add(.array(values.take(from: start)))
    }
}
