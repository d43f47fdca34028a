import Foundation
import YajlMapper

/// A file attached to a release.
public struct GitHubReleaseAsset: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the asset.
    public var url: String = ""
    /// `browser_download_url`: where a browser downloads it.
    public var browserDownloadUrl: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `name`: the file name.
    public var name: String = ""
    /// `label`: a short description, `null` when none.
    public var label: String?
    /// `state`: `uploaded`, or `open` while uploading.
    public var state: String = ""
    /// `content_type`.
    public var contentType: String = ""
    /// `size`, in bytes.
    public var size: Int = 0
    /// `download_count`.
    public var downloadCount: Int = 0
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `uploader` (left out of some payloads).
    public var uploader: GitHubUser?

    /// Creates an asset with empty values.
    public init() {}

    /// Creates an empty asset for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the asset's fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        browserDownloadUrl <- map["browser_download_url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        name <- map["name"]
        label <- map["label"]
        state <- map["state"]
        contentType <- map["content_type"]
        size <- map["size"]
        downloadCount <- map["download_count"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        uploader <- map["uploader"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, name, label, state, size, uploader
        case browserDownloadUrl = "browser_download_url", nodeId = "node_id", contentType = "content_type"
        case downloadCount = "download_count", createdAt = "created_at", updatedAt = "updated_at"
    }
}
