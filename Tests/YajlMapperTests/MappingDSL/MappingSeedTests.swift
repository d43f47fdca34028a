import Foundation
import SearchSeedModel
import Testing
import YajlMapper

@Suite("Seed model")
struct MappingSeedTests {
    @Test func mapsTheRecordedPages() throws {
        for file in GitHubCorpus.files {
            let data = try Data(contentsOf: file)
            let page = try Mapper<SeedRepositories>(strict: true).map(data: data)
            let reference = try JSONSerialization.jsonObject(with: data) as! [String: Any]
            let items = reference["items"] as! [[String: Any]]
            #expect(page.totalCount == reference["total_count"] as? Int)
            #expect(page.items.count == items.count)
            for (model, raw) in zip(page.items, items) {
                #expect(model.id == raw["id"] as? Int)
                #expect(model.name == raw["name"] as? String)
                #expect(model.fullName == raw["full_name"] as? String)
                #expect(model.htmlUrl == raw["html_url"] as? String)
                #expect(model.description == raw["description"] as? String)
                #expect(model.avatarUrl == (raw["owner"] as? [String: Any])?["avatar_url"] as? String)
            }
            // ObjectMapper's entry points give the same models.
            let text = String(decoding: data, as: UTF8.self)
            let viaString = try #require(Mapper<SeedRepositories>().map(JSONString: text))
            #expect(viaString.items.map(\.fullName) == page.items.map(\.fullName))
            let viaDictionary = try #require(Mapper<SeedRepositories>().map(JSON: reference))
            #expect(viaDictionary.items.map(\.id) == page.items.map(\.id))
            let viaInit = try #require(SeedRepositories(JSONString: text))
            #expect(viaInit.items.map(\.avatarUrl) == page.items.map(\.avatarUrl))
        }
    }
}
