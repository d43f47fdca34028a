import Foundation

@testable import YajlMapper

enum ConcTag {}
enum ConcStreamTag {}

/// A model seen for the first time by many tasks at once.
struct ConcFresh: Mappable, Equatable {
    var id = 0
    var tags: [String] = []
    var owner: RTOwner?
    init?(map: Map) {}
    init(id: Int, tags: [String], owner: RTOwner?) {
        self.id = id
        self.tags = tags
        self.owner = owner
    }
    mutating func mapping(map: Map) {
        id <- map["id"]
        tags <- map["tags"]
        owner <- map["owner"]
    }
}

enum ProtoRepoFixture {
    static func text(id: Int) -> String {
        MappingProtocolTests.repo.replacingOccurrences(of: "9007199254740993", with: String(id))
    }
}
