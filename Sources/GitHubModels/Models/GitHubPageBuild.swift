import Foundation
import YajlMapper

/// A GitHub Pages build.
public struct GitHubPageBuild: Mappable, Codable, Equatable, Sendable {
    /// `url`.
    public var url: String = ""
    /// `status`: `built`, `errored`, ...
    public var status: String = ""
    /// `error`: its `message`, `null` when none.
    public var error: JSON = [:]
    /// `pusher`.
    public var pusher: GitHubUser = GitHubUser()
    /// `commit`: the SHA built.
    public var commit: String = ""
    /// `duration`, in milliseconds.
    public var duration: Int = 0
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)

    /// Creates a build with empty values.
    public init() {}

    /// Creates a build for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        status <- map["status"]
        error <- map["error"]
        pusher <- map["pusher"]
        commit <- map["commit"]
        duration <- map["duration"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, status, error, pusher, commit, duration, createdAt = "created_at", updatedAt = "updated_at"
    }
}
