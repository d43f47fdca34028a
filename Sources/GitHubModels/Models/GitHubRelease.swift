import Foundation
import YajlMapper

/// A release, as `GET /repos/{owner}/{repo}/releases` and the `release` webhook give it.
public struct GitHubRelease: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the release.
    public var url: String = ""
    /// `assets_url`.
    public var assetsUrl: String = ""
    /// `upload_url`: a URI template.
    public var uploadUrl: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `tag_name`.
    public var tagName: String = ""
    /// `target_commitish`: the branch or commit the tag is made from.
    public var targetCommitish: String = ""
    /// `name`.
    public var name: String = ""
    /// `draft`.
    public var isDraft: Bool = false
    /// `author`.
    public var author: GitHubUser = GitHubUser()
    /// `prerelease`.
    public var isPrerelease: Bool = false
    /// `created_at`, `null` for some drafts.
    public var createdAt: Date?
    /// `published_at`, `null` while a draft.
    public var publishedAt: Date?
    /// `assets`.
    public var assets: [GitHubReleaseAsset] = []
    /// `tarball_url`, `null` while a draft.
    public var tarballUrl: String?
    /// `zipball_url`, `null` while a draft.
    public var zipballUrl: String?
    /// `body`: the release notes.
    public var body: String = ""
    /// `mentions_count` (present when the notes mention users).
    public var mentionsCount: Int?
    /// `reactions` (present once someone reacted).
    public var reactions: GitHubReactions?
    /// `discussion_url` (present when the release has a discussion).
    public var discussionUrl: String?

    /// Creates a release with empty values.
    public init() {}

    /// Creates an empty release for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the release's fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        assetsUrl <- map["assets_url"]
        uploadUrl <- map["upload_url"]
        htmlUrl <- map["html_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        tagName <- map["tag_name"]
        targetCommitish <- map["target_commitish"]
        name <- map["name"]
        isDraft <- map["draft"]
        author <- map["author"]
        isPrerelease <- map["prerelease"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        publishedAt <- (map["published_at"], GitHubDates.transform)
        assets <- map["assets"]
        tarballUrl <- map["tarball_url"]
        zipballUrl <- map["zipball_url"]
        body <- map["body"]
        mentionsCount <- map["mentions_count"]
        reactions <- map["reactions"]
        discussionUrl <- map["discussion_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, name, author, assets, body, reactions
        case assetsUrl = "assets_url", uploadUrl = "upload_url", htmlUrl = "html_url", nodeId = "node_id"
        case tagName = "tag_name", targetCommitish = "target_commitish", isDraft = "draft"
        case isPrerelease = "prerelease", createdAt = "created_at", publishedAt = "published_at"
        case tarballUrl = "tarball_url", zipballUrl = "zipball_url", mentionsCount = "mentions_count"
        case discussionUrl = "discussion_url"
    }
}
