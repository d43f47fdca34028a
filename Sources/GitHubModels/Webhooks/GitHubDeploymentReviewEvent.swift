import Foundation
import YajlMapper

/// The `deployment_review` webhook's payload: a deployment to a protected environment approved, rejected or requested.
public struct GitHubDeploymentReviewEvent: GitHubWebhookEventModel {
    /// `action`: `approved`, `rejected`, `requested`.
    public var action: String = ""
    /// `workflow_run`.
    public var workflowRun: GitHubWorkflowRun?
    /// `since`.
    public var since: Date = Date(timeIntervalSince1970: 0)
    /// `approver`.
    public var approver: GitHubUser?
    /// `comment`.
    public var comment: String?
    /// `repository`.
    public var repository: GitHubRepository = GitHubRepository()
    /// `organization`.
    public var organization: GitHubOrganization = GitHubOrganization()
    /// `sender`: who did it.
    public var sender: GitHubUser = GitHubUser()

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        workflowRun <- map["workflow_run"]
        since <- (map["since"], GitHubDates.transform)
        approver <- map["approver"]
        comment <- map["comment"]
        repository <- map["repository"]
        organization <- map["organization"]
        sender <- map["sender"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, since, approver, comment, repository, organization, sender, workflowRun = "workflow_run"
    }
}
