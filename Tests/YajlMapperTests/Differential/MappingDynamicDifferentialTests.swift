import Foundation
import Testing

@testable import YajlMapper

// Mappings whose reads the plan cannot foresee (a branch on a value, `isKeyPresent`,
// `currentValue`, a loop over counted keys, `objectForMapping` choosing the instance, the
// raw object, reads that change after the first elements) mapped three ways on generated
// pages: (A) without a context, (B) with one, and (C) by hand, from `JSONSerialization`'s
// values, by the rules the README gives. A and B must give the same models and problems,
// lenient and strict; the models must be C's; no item is mapped before its page reads it.
// Models, pages and mutations: MappingDynamicDifferentialModels.swift; the oracle (C) and the
// runs: MappingDynamicDifferentialRunner.swift.

/// Strips the first item of the first page to a few keys (plans may be learned from it).
private func stripFirstItem(_ page: inout DiffJSON, _ r: inout TestRandom) {
    guard let items = page.member("items") else { return }
    diffModify(&page, at: [.member(items), .element(0)]) { element in
        guard case .object(let members) = element else { return }
        let kept = ["seq", "kind", "type", "event", "mode", "node_id"]
        element = .object(members.filter { kept.contains($0.key) && r.percent(50) })
    }
}

@Suite("Dynamic mappings: the same models with and without a context, and as written by hand")
struct MappingDynamicDifferentialTests {
    /// Runs `cases` cases in each of two epochs: plans learned on the fast path from a page
    /// as generated, and on the general path from a page whose first item lacks most keys.
    private func both(
        _ label: String, seed: UInt64, cases: Int, size: ClosedRange<Int> = 1...5,
        _ fast: [DynCheck], _ general: [DynCheck]
    ) -> DynRunner.Tally {
        var tally = DynRunner.run(label + " F", seed: seed, cases: cases, size: size, fastFirst: true, checks: fast)
        let other = DynRunner.run(
            label + " G", seed: seed &+ 1, cases: cases, size: size, fastFirst: false,
            checks: general, first: stripFirstItem)
        tally.cases += other.cases
        tally.differences += other.differences
        tally.census.merge(other.census, uniquingKeysWith: +)
        tally.applied.merge(other.applied, uniquingKeysWith: +)
        tally.paths.add(other.paths)
        #expect(tally.differences == 0)
        // No item was mapped before its page read it, with or without a context.
        #expect(tally.paths.fast == 0 && tally.paths.remapped == 0, "\(label): \(tally.paths)")
        #expect(tally.paths.generalEarly == 0, "\(label): \(tally.paths)")
        for mutation in DynMutation.allCases where mutation != .rootShape {
            let count = tally.applied[mutation, default: 0]
            #expect(count >= 2, "\(label): mutation \(mutation) applied \(count) times")
        }
        return tally
    }

    @Test func readsThatDependOnAValue() {
        func checks<E: DynEpoch>(_: E.Type) -> [DynCheck] {
            [
                DynCheck("DynAccount", DynOracle.account as (DynObject) -> DynAccount<E>?) {
                    ["user", "org", "bot"].contains($0.kind) ? $0.kind : "other"
                },
                DynCheck("DynFrozen", DynOracle.frozen as (DynObject) -> DynFrozen<E>?) {
                    "frozen " + ($0.kind == "user" ? "user" : "other")
                },
            ]
        }
        let tally = both("A", seed: 0xD1_0001, cases: 36, checks(DynAF.self), checks(DynAG.self))
        #expect(
            ["user", "org", "bot", "other", "frozen user", "frozen other"].allSatisfy {
                tally.census[$0, default: 0] >= 15
            }, "\(tally.census)")
    }

    @Test func readsThatDependOnPresenceCurrentValuesAndACount() {
        func checks<E: DynEpoch>(_: E.Type) -> [DynCheck] {
            [
                DynCheck("DynProbe", DynOracle.probe as (DynObject) -> DynProbe<E>?) {
                    "from \($0.labelFrom), \($0.fields.count) fields"
                }
            ]
        }
        let tally = both("B", seed: 0xD1_0002, cases: 36, checks(DynBF.self), checks(DynBG.self))
        #expect(
            ["from title, 0 fields", "from label, 3 fields", "from title, 4 fields"].allSatisfy {
                tally.census[$0, default: 0] >= 5
            }, "\(tally.census)")
    }

    @Test func instancesChosenByATypeField() {
        func checks<E: DynEpoch>(_: E.Type) -> [DynCheck] {
            [
                DynCheck("DynShape", DynOracle.shape as (DynObject) -> DynShape<E>?) {
                    "\(type(of: $0))".components(separatedBy: "<")[0]
                },
                DynCheck("DynEvent", DynOracle.event as (DynObject) -> DynEvent<E>?) { "event \($0.variant)" },
            ]
        }
        let tally = both("C", seed: 0xD1_0003, cases: 36, checks(DynCF.self), checks(DynCG.self))
        #expect(
            ["DynCircle", "DynRect", "DynShape", "event push", "event issue", "event other"].allSatisfy {
                tally.census[$0, default: 0] >= 20
            }, "\(tally.census)")
    }

    @Test func theRawObjectAndNestedModelsReadConditionally() {
        func checks<E: DynEpoch>(_: E.Type) -> [DynCheck] {
            [
                DynCheck("DynRaw", DynOracle.raw as (DynObject) -> DynRaw<E>?) { "mode \($0.mode)" },
                DynCheck("DynHolder", DynOracle.holder as (DynObject) -> DynHolder<E>?) {
                    $0.owner.map { "owner \($0.members == nil ? "alone" : "with members")" } ?? "no owner"
                },
            ]
        }
        let tally = both("D", seed: 0xD1_0004, cases: 30, checks(DynDF.self), checks(DynDG.self))
        #expect(
            ["mode raw", "mode value", "mode plain", "owner alone", "owner with members", "no owner"].allSatisfy {
                tally.census[$0, default: 0] >= 20
            }, "\(tally.census)")
    }

    @Test func readsThatChangeAfterTheFirstElements() {
        func checks<E: DynEpoch>(_: E.Type) -> [DynCheck] {
            [
                DynCheck("DynPhased", DynOracle.phased as (DynObject) -> DynPhased<E>?) {
                    $0.seq < 2 ? "early" : $0.seq < 5 ? "middle" : "late"
                }
            ]
        }
        let tally = both("E", seed: 0xD1_0005, cases: 28, size: 6...10, checks(DynEF.self), checks(DynEG.self))
        #expect(["early", "middle", "late"].allSatisfy { tally.census[$0, default: 0] >= 60 }, "\(tally.census)")
    }

    /// ObjectMapper documents `objectForMapping` handing out "an existing cached object" to
    /// map onto; each mapping of a page must then fill it once, also when the mapping reads
    /// a key outside the plan (the object is then read whole, and the mapping goes on).
    @Test func aCachedInstanceIsFilledAsByOneMapping() throws {
        for context in [nil, IgnoredContext() as MapContext?] {
            // A key no plan has listed (the object names it), so the first capture misses.
            let key = "f\(DynCachedRow.cache.freshNumber())"
            let text = #"{"items": [{"id": 7, "field": "\#(key)", "\#(key)": "V", "fallback": "B"}]}"#
            DynCachedRow.cache.clear()
            let first = try Mapper<DynPage<DynCachedRow>>(context: context).map(string: text)
            // C: the key is present, so `value` is read and `fallback` never is.
            #expect(first.items?.first?.value == "V")
            #expect(first.items?.first?.fallback == nil, "context: \(context != nil)")
            // Once the plan lists the key, one mapping fills the instance.
            DynCachedRow.cache.clear()
            let again = try Mapper<DynPage<DynCachedRow>>(context: context).map(string: text)
            #expect(again.items?.first?.value == "V" && again.items?.first?.fallback == nil)
        }
    }
}
