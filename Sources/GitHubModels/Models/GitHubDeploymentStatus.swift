import Foundation
import YajlMapper

/// A status of a deployment: pending, in progress, success, failure, ...
public struct GitHubDeploymentStatus: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the status.
    public var url: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `state`: `pending`, `in_progress`, `queued`, `success`, `failure`, `error`, `inactive`.
    public var state: String = ""
    /// `creator`.
    public var creator: GitHubUser = GitHubUser()
    /// `description`.
    public var description: String = ""
    /// `environment`.
    public var environment: String = ""
    /// `environment_url`.
    public var environmentUrl: String?
    /// `log_url`.
    public var logUrl: String?
    /// `target_url`.
    public var targetUrl: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `deployment_url`.
    public var deploymentUrl: String = ""
    /// `repository_url`.
    public var repositoryUrl: String = ""

    /// Creates a status with empty values.
    public init() {}

    /// Creates a status for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        state <- map["state"]
        creator <- map["creator"]
        description <- map["description"]
        environment <- map["environment"]
        environmentUrl <- map["environment_url"]
        logUrl <- map["log_url"]
        targetUrl <- map["target_url"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        deploymentUrl <- map["deployment_url"]
        repositoryUrl <- map["repository_url"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, state, creator, description, environment, nodeId = "node_id"
        case environmentUrl = "environment_url", logUrl = "log_url", targetUrl = "target_url"
        case createdAt = "created_at", updatedAt = "updated_at", deploymentUrl = "deployment_url"
        case repositoryUrl = "repository_url"
    }
}
