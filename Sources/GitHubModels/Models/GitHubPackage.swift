import Foundation
import YajlMapper

/// A package of GitHub Packages; its version and registry as they came.
public struct GitHubPackage: Mappable, Codable, Equatable, Sendable {
    /// `id`.
    public var id: Int64 = 0
    /// `name`.
    public var name: String = ""
    /// `namespace`.
    public var namespace: String = ""
    /// `description`.
    public var description: String?
    /// `ecosystem`.
    public var ecosystem: String = ""
    /// `package_type`: `npm`, `container`, `maven`, ...
    public var packageType: String = ""
    /// `html_url`.
    public var htmlUrl: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date?
    /// `owner`.
    public var owner: GitHubUser = GitHubUser()
    /// `package_version`.
    public var packageVersion: JSON?
    /// `registry`.
    public var registry: JSON = [:]

    /// Creates a package with empty values.
    public init() {}

    /// Creates a package for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        name <- map["name"]
        namespace <- map["namespace"]
        description <- map["description"]
        ecosystem <- map["ecosystem"]
        packageType <- map["package_type"]
        htmlUrl <- map["html_url"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        owner <- map["owner"]
        packageVersion <- map["package_version"]
        registry <- map["registry"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, namespace, description, ecosystem, owner, registry, packageType = "package_type"
        case htmlUrl = "html_url", createdAt = "created_at", updatedAt = "updated_at"
        case packageVersion = "package_version"
    }
}
