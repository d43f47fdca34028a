// twitter.json (a search API response of 100 statuses) as one model type read both by
// YajlMapper's DSL and by JSONDecoder.

import Foundation
import YajlMapper

/// The search response: its statuses and the metadata's count.
struct TwitterSearch: Mappable, Decodable, Equatable {
    var statuses: [TwitterStatus] = []
    var searchCount: Int?

    enum CodingKeys: String, CodingKey {
        case statuses, searchMetadata = "search_metadata"
    }

    /// The metadata member read.
    enum MetadataKeys: String, CodingKey {
        case count
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        statuses <- map["statuses"]
        searchCount <- map["search_metadata.count"]
    }

    /// Decodes the same fields, the metadata's count through a nested container.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        statuses = try container.decode([TwitterStatus].self, forKey: .statuses)
        if container.contains(.searchMetadata), try !container.decodeNil(forKey: .searchMetadata) {
            let metadata = try container.nestedContainer(keyedBy: MetadataKeys.self, forKey: .searchMetadata)
            searchCount = try metadata.decodeIfPresent(Int.self, forKey: .count)
        }
    }
}

/// One status (tweet). Its ids reach 5.06e17, well inside Int64.
struct TwitterStatus: Mappable, Decodable, Equatable {
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    /// As written: "Sun Aug 31 00:29:15 +0000 2014".
    var createdAt = ""
    var retweetCount = 0
    var favoriteCount = 0
    var lang = ""
    var inReplyToStatusID: Int64?
    var user = TwitterUser()
    var entities = TwitterEntities()
    /// `retweeted_status.id`, for retweets.
    var retweetedStatusID: Int64?

    enum CodingKeys: String, CodingKey {
        case id, text, lang, user, entities
        case idStr = "id_str", createdAt = "created_at", retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", inReplyToStatusID = "in_reply_to_status_id"
        case retweetedStatus = "retweeted_status"
    }

    /// The retweeted status's member read.
    enum RetweetedKeys: String, CodingKey {
        case id
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        idStr <- map["id_str"]
        text <- map["text"]
        createdAt <- map["created_at"]
        retweetCount <- map["retweet_count"]
        favoriteCount <- map["favorite_count"]
        lang <- map["lang"]
        inReplyToStatusID <- map["in_reply_to_status_id"]
        user <- map["user"]
        entities <- map["entities"]
        retweetedStatusID <- map["retweeted_status.id"]
    }

    /// Decodes the same fields, the retweeted status's id through a nested container.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        idStr = try container.decode(String.self, forKey: .idStr)
        text = try container.decode(String.self, forKey: .text)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        retweetCount = try container.decode(Int.self, forKey: .retweetCount)
        favoriteCount = try container.decode(Int.self, forKey: .favoriteCount)
        lang = try container.decode(String.self, forKey: .lang)
        inReplyToStatusID = try container.decodeIfPresent(Int64.self, forKey: .inReplyToStatusID)
        user = try container.decode(TwitterUser.self, forKey: .user)
        entities = try container.decode(TwitterEntities.self, forKey: .entities)
        if container.contains(.retweetedStatus), try !container.decodeNil(forKey: .retweetedStatus) {
            let retweeted = try container.nestedContainer(keyedBy: RetweetedKeys.self, forKey: .retweetedStatus)
            retweetedStatusID = try retweeted.decodeIfPresent(Int64.self, forKey: .id)
        }
    }
}

/// The author of a status.
struct TwitterUser: Mappable, Decodable, Equatable {
    var id: Int64 = 0
    var screenName = ""
    var name = ""
    var followersCount = 0
    var friendsCount = 0
    var verified = false
    var createdAt = ""

    enum CodingKeys: String, CodingKey {
        case id, name, verified
        case screenName = "screen_name", followersCount = "followers_count"
        case friendsCount = "friends_count", createdAt = "created_at"
    }

    /// An empty user, replaced by the one read.
    init() {}

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        screenName <- map["screen_name"]
        name <- map["name"]
        followersCount <- map["followers_count"]
        friendsCount <- map["friends_count"]
        verified <- map["verified"]
        createdAt <- map["created_at"]
    }
}

/// The hashtags and mentions found in a status's text.
struct TwitterEntities: Mappable, Decodable, Equatable {
    var hashtags: [TwitterHashtag] = []
    var userMentions: [TwitterMention] = []

    enum CodingKeys: String, CodingKey {
        case hashtags, userMentions = "user_mentions"
    }

    /// No entities, replaced by those read.
    init() {}

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        hashtags <- map["hashtags"]
        userMentions <- map["user_mentions"]
    }
}

/// A hashtag and where it is in the text.
struct TwitterHashtag: Mappable, Decodable, Equatable {
    var text = ""
    var indices: [Int] = []

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        text <- map["text"]
        indices <- map["indices"]
    }
}

/// A mentioned user and where the mention is in the text.
struct TwitterMention: Mappable, Decodable, Equatable {
    var id: Int64 = 0
    var screenName = ""
    var indices: [Int] = []

    enum CodingKeys: String, CodingKey {
        case id, indices, screenName = "screen_name"
    }

    init?(map: Map) {}

    mutating func mapping(map: Map) {
        id <- map["id"]
        screenName <- map["screen_name"]
        indices <- map["indices"]
    }
}

// MARK: Contenders

/// The twitter pair, on standard/twitter.
func twitterModelPair() -> ModelPair {
    modelPair("twitter model", .twitter) { (search: TwitterSearch) in search.statuses.count }
}
