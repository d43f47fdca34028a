import Foundation

@testable import YajlMapper

/// A page of ``FallbackItem``s.
struct FallbackPage: Mappable {
    var items: [FallbackItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}

struct FallbackItem: Mappable {
    var name = ""
    var extra: [String: Any] = [:]
    var hasTopics = false
    var score: Any?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        name <- map["name"]
        hasTopics = map["topics"].isKeyPresent
        score = map["score"].currentValue
        // The dynamic fallback: everything else, as ObjectMapper's map.JSON.
        if name == "dynamic" { extra = map.JSON }
    }
}

/// One key written two ways at the same place of a conditional mapping: as a flat key
/// with a dot, and as a nested path.
struct DottedKeyItem: Mappable {
    var flat = false
    var value: String?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
        flat <- map["flat"]
        if flat {
            value <- map["a.b", nested: false]
        } else {
            value <- map["a.b"]
        }
    }
}

struct DottedKeyPage: Mappable {
    var items: [DottedKeyItem] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) { items <- map["items"] }
}
