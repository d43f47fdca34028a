import Foundation
import YajlMapper

/// An installation of a GitHub App on an account.
public struct GitHubInstallation: Mappable, Codable, Equatable, Sendable {
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `account`: where it is installed.
    public var account: GitHubUser = GitHubUser()
    /// `repository_selection`: `all` or `selected`.
    public var repositorySelection: String = ""
    /// `access_tokens_url`.
    public var accessTokensUrl: String = ""
    /// `repositories_url`.
    public var repositoriesUrl: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `app_id`.
    public var appId: Int64 = 0
    /// `app_slug`.
    public var appSlug: String?
    /// `target_id`: the account's id.
    public var targetId: Int64 = 0
    /// `target_type`: `User` or `Organization`.
    public var targetType: String = ""
    /// `permissions`: each permission and its level, as it came.
    public var permissions: JSON = [:]
    /// `events`: the webhook events it receives.
    public var events: [String] = []
    /// `created_at` (a string or Unix seconds).
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at` (a string or Unix seconds).
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `single_file_name`.
    public var singleFileName: String?
    /// `suspended_by`, `null` unless suspended.
    public var suspendedBy: GitHubUser?
    /// `suspended_at`, `null` unless suspended.
    public var suspendedAt: Date?

    /// Creates an installation with empty values.
    public init() {}

    /// Creates an installation for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        account <- map["account"]
        repositorySelection <- map["repository_selection"]
        accessTokensUrl <- map["access_tokens_url"]
        repositoriesUrl <- map["repositories_url"]
        htmlUrl <- map["html_url"]
        appId <- map["app_id"]
        appSlug <- map["app_slug"]
        targetId <- map["target_id"]
        targetType <- map["target_type"]
        permissions <- map["permissions"]
        events <- map["events"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        singleFileName <- map["single_file_name"]
        suspendedBy <- map["suspended_by"]
        suspendedAt <- (map["suspended_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, account, permissions, events, repositorySelection = "repository_selection"
        case accessTokensUrl = "access_tokens_url", repositoriesUrl = "repositories_url", htmlUrl = "html_url"
        case appId = "app_id", appSlug = "app_slug", targetId = "target_id", targetType = "target_type"
        case createdAt = "created_at", updatedAt = "updated_at", singleFileName = "single_file_name"
        case suspendedBy = "suspended_by", suspendedAt = "suspended_at"
    }
}
