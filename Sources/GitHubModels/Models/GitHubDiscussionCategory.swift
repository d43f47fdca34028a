import Foundation
import YajlMapper

/// A category of a repository's discussions.
public struct GitHubDiscussionCategory: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `repository_id`.
    public var repositoryId: Int64 = 0
    /// `emoji`: a `:shortcode:`.
    public var emoji: String = ""
    /// `name`.
    public var name: String = ""
    /// `description`.
    public var description: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `slug`.
    public var slug: String = ""
    /// `is_answerable`: whether a comment can be marked as the answer.
    public var isAnswerable: Bool = false

    /// Creates a category with empty values.
    public init() {}

    /// Creates a category for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        nodeId <- map["node_id"]
        repositoryId <- map["repository_id"]
        emoji <- map["emoji"]
        name <- map["name"]
        description <- map["description"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        slug <- map["slug"]
        isAnswerable <- map["is_answerable"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, emoji, name, description, slug, nodeId = "node_id", repositoryId = "repository_id"
        case createdAt = "created_at", updatedAt = "updated_at", isAnswerable = "is_answerable"
    }
}
