import Foundation
import YajlMapper

/// A deployment of a ref to an environment.
public struct GitHubDeployment: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the deployment.
    public var url: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `sha`: the commit deployed.
    public var sha: String = ""
    /// `ref`: the branch, tag or SHA asked for.
    public var ref: String = ""
    /// `task`: `deploy`, ...
    public var task: String = ""
    /// `payload`: what the deployment was given, as it came.
    public var payload: JSON = [:]
    /// `original_environment`.
    public var originalEnvironment: String = ""
    /// `environment`.
    public var environment: String = ""
    /// `transient_environment`.
    public var isTransientEnvironment: Bool?
    /// `production_environment`.
    public var isProductionEnvironment: Bool?
    /// `description`, `null` when none.
    public var description: String?
    /// `creator`.
    public var creator: GitHubUser = GitHubUser()
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `statuses_url`.
    public var statusesUrl: String = ""
    /// `repository_url`.
    public var repositoryUrl: String = ""

    /// Creates a deployment with empty values.
    public init() {}

    /// Creates a deployment for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        sha <- map["sha"]
        ref <- map["ref"]
        task <- map["task"]
        payload <- map["payload"]
        originalEnvironment <- map["original_environment"]
        environment <- map["environment"]
        isTransientEnvironment <- map["transient_environment"]
        isProductionEnvironment <- map["production_environment"]
        description <- map["description"]
        creator <- map["creator"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        statusesUrl <- map["statuses_url"]
        repositoryUrl <- map["repository_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, sha, ref, task, payload, environment, description, creator, nodeId = "node_id"
        case originalEnvironment = "original_environment", isTransientEnvironment = "transient_environment"
        case isProductionEnvironment = "production_environment", createdAt = "created_at", updatedAt = "updated_at"
        case statusesUrl = "statuses_url", repositoryUrl = "repository_url"
    }
}
