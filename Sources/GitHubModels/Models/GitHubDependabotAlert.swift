import Foundation
import YajlMapper

/// A Dependabot alert; its dependency and advisory as they came.
public struct GitHubDependabotAlert: Mappable, Codable, Equatable, Sendable {
    /// `number`.
    public var number: Int = 0
    /// `state`: `open`, `dismissed`, `fixed`, `auto_dismissed`.
    public var state: String = ""
    /// `dependency`: the package, its manifest and scope.
    public var dependency: JSON = [:]
    /// `security_advisory`.
    public var securityAdvisory: JSON = [:]
    /// `security_vulnerability`.
    public var securityVulnerability: JSON = [:]
    /// `url`.
    public var url: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `dismissed_at`.
    public var dismissedAt: Date?
    /// `dismissed_by`.
    public var dismissedBy: GitHubUser?
    /// `dismissed_reason`.
    public var dismissedReason: String?
    /// `dismissed_comment`.
    public var dismissedComment: String?
    /// `fixed_at`.
    public var fixedAt: Date?

    /// Creates an alert with empty values.
    public init() {}

    /// Creates an alert for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        number <- map["number"]
        state <- map["state"]
        dependency <- map["dependency"]
        securityAdvisory <- map["security_advisory"]
        securityVulnerability <- map["security_vulnerability"]
        url <- map["url"]
        htmlUrl <- map["html_url"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        dismissedAt <- (map["dismissed_at"], GitHubDates.transform)
        dismissedBy <- map["dismissed_by"]
        dismissedReason <- map["dismissed_reason"]
        dismissedComment <- map["dismissed_comment"]
        fixedAt <- (map["fixed_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case number, state, dependency, url, securityAdvisory = "security_advisory"
        case securityVulnerability = "security_vulnerability", htmlUrl = "html_url", createdAt = "created_at"
        case updatedAt = "updated_at", dismissedAt = "dismissed_at", dismissedBy = "dismissed_by"
        case dismissedReason = "dismissed_reason", dismissedComment = "dismissed_comment", fixedAt = "fixed_at"
    }
}
