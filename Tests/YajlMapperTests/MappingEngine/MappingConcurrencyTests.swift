import Foundation
import Testing

@testable import YajlMapper

@Suite("Concurrent mapping")
struct MappingConcurrencyTests {
    /// Maps document `j` of task `t` with one of several model types and checks the result.
    static func mapOne(task t: Int, document j: Int) -> String? {
        let n = t * 1000 + j
        switch (t + j) % 6 {
        case 0:
            let (text, expected) = branchDocument(count: 3 + j % 5)
            let page = Mapper<PlanBranchPage<ConcTag>>().map(JSONString: text)
            return page?.items.map(\.erased) == expected ? nil : "branch page \(n)"
        case 1:
            let text = #"{"id": \#(n), "tags": ["t\#(n)"], "owner": {"login": "u\#(n)", "id": \#(n)}}"#
            let value = Mapper<ConcFresh>().map(JSONString: text)
            return value == ConcFresh(id: n, tags: ["t\(n)"], owner: RTOwner(login: "u\(n)", id: n))
                ? nil : "fresh \(n)"
        case 2:
            var sample = RTAll.sample
            sample.i = n
            sample.owners = [RTOwner(login: "x\(n)", id: n)]
            guard let text = sample.toJSONString() else { return "write \(n)" }
            return Mapper<RTAll>().map(JSONString: text) == sample ? nil : "round trip \(n)"
        case 3:
            let text = ProtoRepoFixture.text(id: n)
            do {
                let repo: ProtoRepo = try Mapper<ProtoRepo>().map(JSONString: text)
                return repo.id == Int64(n) && repo.contributors.count == 2 && repo.owner.login == "lloyd"
                    ? nil : "immutable \(n)"
            } catch {
                return "immutable \(n): \(error)"
            }
        case 4:
            let (text, expected) = StrmFixture.page(count: 4 + j % 3, bad: [1: #""bad""#])
            do {
                let (models, summary) = try StrmFixture.push(text, chunk: 1 + j % 50, mapper: Mapper<StrmRepo>())
                var wanted = expected
                wanted[1].stars = 0
                guard models == wanted, summary.problems.map(\.keyPath) == ["items[1].stargazers_count"],
                    summary.problems.first?.location?.line == 6
                else { return "stream \(n)" }
                return nil
            } catch {
                return "stream \(n): \(error)"
            }
        default:
            // Strict errors carry the right path and line from every thread.
            do {
                _ = try Mapper<ErrPage>(strict: true).map(string: MappingErrorTests.document)
                return "no error \(n)"
            } catch let error as MappingError {
                return error.problems.count == 5 && error.first.keyPath == "items[1].id"
                    && error.first.location?.line == 5
                    ? nil : "error \(n)"
            } catch {
                return "error \(n): \(error)"
            }
        }
    }

    @Test func manyTasksManyDocuments() async {
        let failures = await withTaskGroup(of: [String].self) { group in
            for t in 0..<8 {
                group.addTask {
                    (0..<50).compactMap { j in Self.mapOne(task: t, document: j) }
                }
            }
            var all: [String] = []
            for await failures in group { all += failures }
            return all
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test func conditionalPlansWidenedFromManyStreamsAtOnce() async {
        let (text, expected) = branchDocument(count: 30, pretty: true)
        let results = await withTaskGroup(of: Bool.self) { group in
            for t in 0..<8 {
                group.addTask {
                    let models = try? StrmFixture.push(
                        text, chunk: [1, 7, 64, 4096][t % 4],
                        mapper: Mapper<PlanBranch<ConcStreamTag>>(strict: true)
                    ).0
                    return models?.map(\.erased) == expected
                }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(results == Array(repeating: true, count: 8))
    }
}
