import Foundation
import Testing
import YajlMapper

// The model, verbatim (with `import YajlMapper` in place of `import ObjectMapper`).
struct GitHubRepositories: Mappable {
    var totalCount: Int!
    var incompleteResults: Bool!
    var items: [GitHubRepository]!
    init?(map: Map) { }
    mutating func mapping(map: Map) {
        totalCount <- map["total_count"]
        incompleteResults <- map["incomplete_results"]
        items <- map["items"]
    }
}
struct GitHubRepository: Mappable {
    var id: Int!
    var name: String!
    var fullName: String!
    var htmlUrl: String!
    var description: String!
    var avatarUrl: String?
    init?(map: Map) { }
    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        fullName <- map["full_name"]
        htmlUrl <- map["html_url"]
        description <- map["description"]
        avatarUrl <- map["owner.avatar_url"]
    }
}

@Suite("Seed model")
struct MappingSeedTests {
    @Test func mapsTheRecordedPages() throws {
        for file in GitHubCorpus.files {
            let data = try Data(contentsOf: file)
            let page = try Mapper<GitHubRepositories>(strict: true).map(data: data)
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
            let viaString = try #require(Mapper<GitHubRepositories>().map(JSONString: text))
            #expect(viaString.items.map(\.fullName) == page.items.map(\.fullName))
            let viaDictionary = try #require(Mapper<GitHubRepositories>().map(JSON: reference))
            #expect(viaDictionary.items.map(\.id) == page.items.map(\.id))
            let viaInit = try #require(GitHubRepositories(JSONString: text))
            #expect(viaInit.items.map(\.avatarUrl) == page.items.map(\.avatarUrl))
        }
    }
}
