import Foundation
import YajlMapper

/// A secret scanning alert: a secret found in a repository (a `reopened` event gives its
/// number, type and resolution only).
public struct GitHubSecretScanningAlert: Mappable, Codable, Equatable, Sendable {
    /// `number`.
    public var number: Int = 0
    /// `created_at`.
    public var createdAt: Date?
    /// `updated_at`.
    public var updatedAt: Date?
    /// `url`.
    public var url: String?
    /// `html_url`.
    public var htmlUrl: String?
    /// `state`: `open` or `resolved`.
    public var state: String?
    /// `resolution`: `false_positive`, `revoked`, ..., `null` while open.
    public var resolution: String?
    /// `resolved_at`.
    public var resolvedAt: Date?
    /// `resolved_by`.
    public var resolvedBy: GitHubUser?
    /// `secret_type`.
    public var secretType: String = ""
    /// `secret_type_display_name`.
    public var secretTypeDisplayName: String?
    /// `push_protection_bypassed`.
    public var isPushProtectionBypassed: Bool?

    /// Creates an alert with empty values.
    public init() {}

    /// Creates an alert for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        number <- map["number"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        url <- map["url"]
        htmlUrl <- map["html_url"]
        state <- map["state"]
        resolution <- map["resolution"]
        resolvedAt <- (map["resolved_at"], GitHubDates.transform)
        resolvedBy <- map["resolved_by"]
        secretType <- map["secret_type"]
        secretTypeDisplayName <- map["secret_type_display_name"]
        isPushProtectionBypassed <- map["push_protection_bypassed"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case number, url, state, resolution, createdAt = "created_at", updatedAt = "updated_at"
        case htmlUrl = "html_url", resolvedAt = "resolved_at", resolvedBy = "resolved_by"
        case secretType = "secret_type", secretTypeDisplayName = "secret_type_display_name"
        case isPushProtectionBypassed = "push_protection_bypassed"
    }
}
