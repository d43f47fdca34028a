// citm_catalog.json (a concert hall's catalogue: events by id, performances, name tables)
// as one model type read both by YajlMapper's DSL and by JSONDecoder. Member names are
// camelCase in the document, so the coding keys are the property names.

import Foundation
import YajlMapper

/// The catalogue: events keyed by their id, the performances, and the id → name tables.
struct CitmCatalog: Mappable, Decodable, Equatable {
    var events: [String: CitmEvent] = [:]
    var performances: [CitmPerformance] = []
    var areaNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]

    enum CodingKeys: String, CodingKey {
        case events, performances, areaNames, topicNames, seatCategoryNames, subTopicNames, audienceSubCategoryNames
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        events <- map["events"]
        performances <- map["performances"]
        areaNames <- map["areaNames"]
        topicNames <- map["topicNames"]
        seatCategoryNames <- map["seatCategoryNames"]
        subTopicNames <- map["subTopicNames"]
        audienceSubCategoryNames <- map["audienceSubCategoryNames"]
    }
}

/// An event (a show that has performances). `description` and `subjectCode` are `null`
/// throughout the file; `logo` is a path or `null`.
struct CitmEvent: Mappable, Decodable, Equatable {
    var id = 0
    var name = ""
    var subTopicIds: [Int] = []
    var topicIds: [Int] = []
    var description: String?
    var logo: String?
    var subjectCode: String?

    enum CodingKeys: String, CodingKey {
        case id, name, subTopicIds, topicIds, description, logo, subjectCode
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        subTopicIds <- map["subTopicIds"]
        topicIds <- map["topicIds"]
        description <- map["description"]
        logo <- map["logo"]
        subjectCode <- map["subjectCode"]
    }
}

/// One performance of an event: when (milliseconds since 1970), where, and its prices.
struct CitmPerformance: Mappable, Decodable, Equatable {
    var id = 0
    var eventId = 0
    /// `null` throughout the file.
    var name: String?
    var start: Int64 = 0
    var venueCode = ""
    var prices: [CitmPrice] = []
    var seatCategories: [CitmSeatCategory] = []

    enum CodingKeys: String, CodingKey {
        case id, eventId, name, start, venueCode, prices, seatCategories
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        eventId <- map["eventId"]
        name <- map["name"]
        start <- map["start"]
        venueCode <- map["venueCode"]
        prices <- map["prices"]
        seatCategories <- map["seatCategories"]
    }
}

/// A price (in cents) for one audience and seat category.
struct CitmPrice: Mappable, Decodable, Equatable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0

    enum CodingKeys: String, CodingKey {
        case amount, audienceSubCategoryId, seatCategoryId
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        amount <- map["amount"]
        audienceSubCategoryId <- map["audienceSubCategoryId"]
        seatCategoryId <- map["seatCategoryId"]
    }
}

/// A seat category and the areas that hold it.
struct CitmSeatCategory: Mappable, Decodable, Equatable {
    var seatCategoryId = 0
    var areas: [CitmArea] = []

    enum CodingKeys: String, CodingKey {
        case seatCategoryId, areas
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        seatCategoryId <- map["seatCategoryId"]
        areas <- map["areas"]
    }
}

/// An area and its blocks (empty throughout the file).
struct CitmArea: Mappable, Decodable, Equatable {
    var areaId = 0
    var blockIds: [Int] = []

    enum CodingKeys: String, CodingKey {
        case areaId, blockIds
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        areaId <- map["areaId"]
        blockIds <- map["blockIds"]
    }
}

// MARK: Contenders

/// The citm pair, on standard/citm_catalog.
func citmModelPair() -> ModelPair {
    modelPair("citm model", .citm) { (catalog: CitmCatalog) in catalog.events.count &+ catalog.performances.count }
}
