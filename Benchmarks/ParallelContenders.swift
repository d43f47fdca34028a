// Serial against parallel: the elements of a big page's `items` mapped and decoded on one
// thread and on every core, in one run.

import Foundation
import GitHubModels
import SearchSeedModel
import YajlMapper

/// The payloads big enough to split (1 MiB windows): 1,000 and 20,000 items.
private func bigPages(_ name: String) -> Bool { ["generated-1000", "generated-20000"].contains(name) }

/// A streamed row and its all-cores twin for each model: the seed model and the full GitHub
/// model mapped, the full GitHub model decoded (`.iso8601` dates); and the all-cores twins of
/// the whole-page rows `YajlMapper seed model`, `YajlMapper GitHub model` and `YajlDecoder
/// GitHub model`.
func parallelContenders() -> [Contender] {
    func pair(_ name: String, _ run: @escaping (Payload, Int) throws -> Int) -> [Contender] {
        [
            Contender(name: "\(name), streamed", applies: bigPages) { try run($0, 1) },
            Contender(name: "\(name), streamed on all cores", applies: bigPages) { try run($0, 0) },
        ]
    }
    /// The page's items mapped as `Model`, one at a time.
    func mapped<Model: BaseMappable>(_: Model.Type) -> (Payload, Int) throws -> Int {
        { payload, jobs in
            var count = 0
            let stream = MappingStreamParser<Model>(elementsAt: "items") { repository in
                blackHole(repository)
                count += 1
            }
            _ = try stream.read(payload.bytes, jobs: jobs)
            return count
        }
    }
    let decoder = YajlDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let allCores = YajlDecoder()
    allCores.dateDecodingStrategy = .iso8601
    allCores.jobs = 0
    /// The whole page mapped as `Page` on every core (its `items` built on the threads).
    func whole<Page: BaseMappable>(_ name: String, _: Page.Type, count: @escaping (Page) -> Int) -> Contender {
        Contender(name: "\(name), on all cores", applies: bigPages) { payload in
            let page = try Mapper<Page>(jobs: 0).map(data: payload.bytes)
            blackHole(page)
            return count(page)
        }
    }
    return [
        whole("YajlMapper seed model", SeedRepositories.self) { $0.items.count &+ $0.totalCount },
        whole("YajlMapper GitHub model", GitHubRepositories.self) { $0.items.count &+ $0.totalCount },
        Contender(name: "YajlDecoder GitHub model, on all cores", applies: bigPages) { payload in
            let page = try allCores.decode(DecodableRepositories.self, from: payload.data)
            blackHole(page)
            return page.items.count &+ page.totalCount
        },
    ]
        + pair("YajlMapper seed model", mapped(SeedRepository.self))
        + pair("YajlMapper GitHub model", mapped(GitHubRepository.self))
        + pair("YajlDecoder GitHub model") { payload, jobs in
            var count = 0
            _ = try decoder.stream(DecodableRepository.self, from: payload.data, jobs: jobs) { repository in
                blackHole(repository)
                count += 1
            }
            return count
        }
}
