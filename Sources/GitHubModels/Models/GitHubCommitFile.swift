import YajlMapper

/// A file a commit changed.
public struct GitHubCommitFile: Mappable, Codable, Equatable, Sendable {
    /// `sha`: the blob's, `null` for a removed file in some responses.
    public var sha: String?
    /// `filename`: its path.
    public var filename: String = ""
    /// `status`: `added`, `removed`, `modified`, `renamed`, `copied`, `changed`, `unchanged`.
    public var status: String = ""
    /// `additions`.
    public var additions: Int = 0
    /// `deletions`.
    public var deletions: Int = 0
    /// `changes`.
    public var changes: Int = 0
    /// `blob_url`.
    public var blobUrl: String = ""
    /// `raw_url`.
    public var rawUrl: String = ""
    /// `contents_url`.
    public var contentsUrl: String = ""
    /// `patch`: the diff, left out when too big or binary.
    public var patch: String?
    /// `previous_filename`: a renamed file's old path.
    public var previousFilename: String?

    /// Creates a file with empty values.
    public init() {}

    /// Creates a file for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        sha <- map["sha"]
        filename <- map["filename"]
        status <- map["status"]
        additions <- map["additions"]
        deletions <- map["deletions"]
        changes <- map["changes"]
        blobUrl <- map["blob_url"]
        rawUrl <- map["raw_url"]
        contentsUrl <- map["contents_url"]
        patch <- map["patch"]
        previousFilename <- map["previous_filename"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case sha, filename, status, additions, deletions, changes, patch, blobUrl = "blob_url", rawUrl = "raw_url"
        case contentsUrl = "contents_url", previousFilename = "previous_filename"
    }
}
