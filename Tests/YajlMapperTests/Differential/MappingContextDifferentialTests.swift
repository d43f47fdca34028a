import Foundation
import Testing

@testable import YajlMapper

// A context is shared by every mapping of a document, so the order mappings run in can
// show. This file maps generated search pages with and without one, lenient and strict,
// and expects the same models and the same problems (kind, key path, expected type, what
// was found, line and column), in the same order, and every item mapped when its page
// reads it, as in ObjectMapper.

// Models and running both paths: MappingContextDifferentialRunner.swift.

/// The models and problems of arrays of models mapped without a context are those mapped
/// with one, on generated pages. (The tests use types of their own, so they run in parallel.)
@Suite("Arrays of models: the same results with and without a context")
struct MappingContextDifferentialTests {
    /// Maps `cases` generated pages in `epoch`, after checking that pages as GitHub sends
    /// them map without problems (the comparisons are of real models).
    private func mainSequence<E: DiffEpoch>(_ epoch: E.Type, seed: UInt64, cases: Int) throws {
        var random = TestRandom(state: seed)
        for _ in 0..<2 {
            let page = DiffPages.page(&random, large: false)
            let text = DiffLayout.random(&random).write(page)
            let mapped = try Mapper<DiffPage<E>>(strict: true).map(data: text)
            #expect(mapped.items.count == diffValue(page, at: [.member(2)])?.children)
            #expect(
                mapped.items.allSatisfy {
                    $0.id != nil && $0.ownerLogin != nil && $0.avatarURL != nil && $0.forks != nil
                })
        }
        var applied: [DiffMutation: Int] = [:]
        let report = DiffRunner.run(E.self, seed: random.next(), cases: cases, applied: &applied)
        // Elements are mapped when their page reads them, with or without a context; the
        // cases reach results with problems and without.
        #expect(report.fastEarly == 0, "without a context, elements were mapped before their page")
        #expect(report.generalEarly == 0, "with a context, elements were mapped before their page")
        #expect(report.problems > cases && report.values > cases)
        #expect(report.errors == 0, "a generated text is not JSON")
        for mutation in DiffMutation.allCases {
            #expect(
                applied[mutation, default: 0] >= 3,
                "mutation \(mutation) applied \(applied[mutation, default: 0]) times")
        }
    }

    @Test func generatedPagesMapTheSameWithAndWithoutAContext() throws {
        try mainSequence(DiffMainA.self, seed: 0x59A3_1D1F_F000_2024, cases: 125)
    }

    @Test func moreGeneratedPagesMapTheSameWithAndWithoutAContext() throws {
        try mainSequence(DiffMainB.self, seed: 0x0DD5_EED5_2024_0BAD, cases: 125)
    }

    /// A type's plan learns the key order of the first complete object it sees in another
    /// order than its own; whichever path learns it, the results are the same.
    @Test func plansLearnedOnEitherPathGiveTheSameResults() {
        var applied: [DiffMutation: Int] = [:]
        var report = DiffRunner.Report()
        // Learned from GitHub's order, first without a context, then first with one.
        report.add(DiffRunner.run(DiffFresh1.self, seed: 11, cases: 10, fastFirst: true, applied: &applied))
        report.add(DiffRunner.run(DiffFresh2.self, seed: 12, cases: 10, fastFirst: false, applied: &applied))
        // Learned from an order of its own that later pages do not share.
        report.add(
            DiffRunner.run(DiffFresh3.self, seed: 13, cases: 10, fastFirst: true, applied: &applied) { page, r in
                _ = DiffMutation.reorderAllItems.apply(to: &page, &r)
            })
        // Learned in the middle of the first page: its first items lack a listed key.
        report.add(
            DiffRunner.run(DiffFresh4.self, seed: 14, cases: 10, fastFirst: false, applied: &applied) { page, _ in
                guard let items = page.member("items") else { return }
                diffModify(&page, at: [.member(items)]) { items in
                    guard case .array(var elements) = items else { return }
                    for i in elements.indices.prefix(elements.count / 2) {
                        if let id = elements[i].member("id") { elements[i] = elements[i].removing(child: id) }
                    }
                    items = .array(elements)
                }
            })
        #expect(report.fastEarly == 0)
        #expect(report.generalEarly == 0)
        #expect(report.errors == 0)
    }
}
