import Foundation
import YajlMapper

/// A GitHub security advisory; its scores, weaknesses, identifiers and affected versions as they came.
public struct GitHubSecurityAdvisory: Mappable, Codable, Equatable, Sendable {
    /// `ghsa_id`.
    public var ghsaId: String = ""
    /// `cve_id`, `null` when none.
    public var cveId: String?
    /// `summary`.
    public var summary: String = ""
    /// `description`.
    public var description: String = ""
    /// `severity`: `low`, `moderate`, `high`, `critical`.
    public var severity: String = ""
    /// `cvss`.
    public var cvss: JSON = [:]
    /// `cwes`.
    public var cwes: JSON = [:]
    /// `identifiers`.
    public var identifiers: JSON = [:]
    /// `references`.
    public var references: JSON = [:]
    /// `published_at`.
    public var publishedAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `withdrawn_at`.
    public var withdrawnAt: Date?
    /// `vulnerabilities`.
    public var vulnerabilities: JSON = [:]

    /// Creates an advisory with empty values.
    public init() {}

    /// Creates an advisory for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        ghsaId <- map["ghsa_id"]
        cveId <- map["cve_id"]
        summary <- map["summary"]
        description <- map["description"]
        severity <- map["severity"]
        cvss <- map["cvss"]
        cwes <- map["cwes"]
        identifiers <- map["identifiers"]
        references <- map["references"]
        publishedAt <- (map["published_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        withdrawnAt <- (map["withdrawn_at"], GitHubDates.transform)
        vulnerabilities <- map["vulnerabilities"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case summary, description, severity, cvss, cwes, identifiers, references, vulnerabilities
        case ghsaId = "ghsa_id", cveId = "cve_id", publishedAt = "published_at", updatedAt = "updated_at"
        case withdrawnAt = "withdrawn_at"
    }
}
