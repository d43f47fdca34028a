import Foundation
import YajlMapper

/// A webhook payload's model: mapped and `Codable`, compared with `==`.
public protocol GitHubWebhookEventModel: Mappable, Codable, Equatable, Sendable {}

/// A webhook delivery's payload, by the event its `X-GitHub-Event` header names.
///
/// ```swift
/// switch try GitHubWebhookPayload(event: request.header("X-GitHub-Event"), body: body) {
/// case .issues(let event): print(event.action, event.issue.title)
/// case .issueComment(let event): print(event.comment.body)
/// case .other(let name, let payload): print(name, payload["action"].string ?? "")
/// default: break
/// }
/// ```
public enum GitHubWebhookPayload: Equatable, Sendable {
    /// `push`.
    case push(GitHubPushEvent)
    /// `issues`.
    case issues(GitHubIssuesEvent)
    /// `issue_comment`.
    case issueComment(GitHubIssueCommentEvent)
    /// `pull_request`.
    case pullRequest(GitHubPullRequestEvent)
    /// `pull_request_review`.
    case pullRequestReview(GitHubPullRequestReviewEvent)
    /// `pull_request_review_comment`.
    case pullRequestReviewComment(GitHubPullRequestReviewCommentEvent)
    /// `release`.
    case release(GitHubReleaseEvent)
    /// `star`.
    case star(GitHubStarEvent)
    /// `watch`.
    case watch(GitHubWatchEvent)
    /// `fork`.
    case fork(GitHubForkEvent)
    /// `create`.
    case create(GitHubCreateEvent)
    /// `delete`.
    case delete(GitHubDeleteEvent)
    /// `ping`.
    case ping(GitHubPingEvent)
    /// `workflow_run`.
    case workflowRun(GitHubWorkflowRunEvent)
    /// `check_run`.
    case checkRun(GitHubCheckRunEvent)
    /// `check_suite`.
    case checkSuite(GitHubCheckSuiteEvent)
    /// `workflow_job`.
    case workflowJob(GitHubWorkflowJobEvent)
    /// `label`.
    case label(GitHubLabelEvent)
    /// `milestone`.
    case milestone(GitHubMilestoneEvent)
    /// `member`.
    case member(GitHubMemberEvent)
    /// `team`.
    case team(GitHubTeamEvent)
    /// `team_add`.
    case teamAdd(GitHubTeamAddEvent)
    /// `membership`.
    case membership(GitHubMembershipEvent)
    /// `org_block`.
    case orgBlock(GitHubOrgBlockEvent)
    /// `public`.
    case `public`(GitHubPublicEvent)
    /// `gollum`.
    case gollum(GitHubGollumEvent)
    /// `commit_comment`.
    case commitComment(GitHubCommitCommentEvent)
    /// `status`.
    case status(GitHubStatusEvent)
    /// `repository_dispatch`.
    case repositoryDispatch(GitHubRepositoryDispatchEvent)
    /// `workflow_dispatch`.
    case workflowDispatch(GitHubWorkflowDispatchEvent)
    /// `deployment`.
    case deployment(GitHubDeploymentEvent)
    /// `deployment_status`.
    case deploymentStatus(GitHubDeploymentStatusEvent)
    /// `discussion`.
    case discussion(GitHubDiscussionEvent)
    /// `discussion_comment`.
    case discussionComment(GitHubDiscussionCommentEvent)
    /// `repository`.
    case repository(GitHubRepositoryEvent)
    /// `project`.
    case project(GitHubProjectEvent)
    /// `project_column`.
    case projectColumn(GitHubProjectColumnEvent)
    /// `project_card`.
    case projectCard(GitHubProjectCardEvent)
    /// `installation`.
    case installation(GitHubInstallationEvent)
    /// `installation_repositories`.
    case installationRepositories(GitHubInstallationRepositoriesEvent)
    /// `organization`.
    case organization(GitHubOrganizationEvent)
    /// `github_app_authorization`.
    case githubAppAuthorization(GitHubGitHubAppAuthorizationEvent)
    /// `repository_import`.
    case repositoryImport(GitHubRepositoryImportEvent)
    /// `page_build`.
    case pageBuild(GitHubPageBuildEvent)
    /// `deploy_key`.
    case deployKey(GitHubDeployKeyEvent)
    /// `meta`.
    case meta(GitHubMetaEvent)
    /// `merge_group`.
    case mergeGroup(GitHubMergeGroupEvent)
    /// `pull_request_review_thread`.
    case pullRequestReviewThread(GitHubPullRequestReviewThreadEvent)
    /// `code_scanning_alert`.
    case codeScanningAlert(GitHubCodeScanningAlertEvent)
    /// `dependabot_alert`.
    case dependabotAlert(GitHubDependabotAlertEvent)
    /// `secret_scanning_alert`.
    case secretScanningAlert(GitHubSecretScanningAlertEvent)
    /// `repository_vulnerability_alert`.
    case repositoryVulnerabilityAlert(GitHubRepositoryVulnerabilityAlertEvent)
    /// `security_advisory`.
    case securityAdvisory(GitHubSecurityAdvisoryEvent)
    /// `marketplace_purchase`.
    case marketplacePurchase(GitHubMarketplacePurchaseEvent)
    /// `projects_v2_item`.
    case projectsV2Item(GitHubProjectsV2ItemEvent)
    /// `sponsorship`.
    case sponsorship(GitHubSponsorshipEvent)
    /// `package`.
    case package(GitHubPackageEvent)
    /// `registry_package`.
    case registryPackage(GitHubRegistryPackageEvent)
    /// `branch_protection_rule`.
    case branchProtectionRule(GitHubBranchProtectionRuleEvent)
    /// `deployment_review`.
    case deploymentReview(GitHubDeploymentReviewEvent)
    /// An event this version has no model for, with its payload as a value.
    case other(event: String, payload: JSON)

    /// Maps `body` as the payload of `event` (the `X-GitHub-Event` header's value), strictly:
    /// a missing or mistyped field throws, with its key path, line and column.
    /// - Throws: ``MappingError``, or ``JSONParseError`` when the body is not JSON.
    public init(event: String, body: some ContiguousBytes) throws {
        switch event {
        case "push": self = .push(try Self.map(body))
        case "issues": self = .issues(try Self.map(body))
        case "issue_comment": self = .issueComment(try Self.map(body))
        case "pull_request": self = .pullRequest(try Self.map(body))
        case "pull_request_review": self = .pullRequestReview(try Self.map(body))
        case "pull_request_review_comment": self = .pullRequestReviewComment(try Self.map(body))
        case "release": self = .release(try Self.map(body))
        case "star": self = .star(try Self.map(body))
        case "watch": self = .watch(try Self.map(body))
        case "fork": self = .fork(try Self.map(body))
        case "create": self = .create(try Self.map(body))
        case "delete": self = .delete(try Self.map(body))
        case "ping": self = .ping(try Self.map(body))
        case "workflow_run": self = .workflowRun(try Self.map(body))
        case "check_run": self = .checkRun(try Self.map(body))
        case "check_suite": self = .checkSuite(try Self.map(body))
        case "workflow_job": self = .workflowJob(try Self.map(body))
        case "label": self = .label(try Self.map(body))
        case "milestone": self = .milestone(try Self.map(body))
        case "member": self = .member(try Self.map(body))
        case "team": self = .team(try Self.map(body))
        case "team_add": self = .teamAdd(try Self.map(body))
        case "membership": self = .membership(try Self.map(body))
        case "org_block": self = .orgBlock(try Self.map(body))
        case "public": self = .public(try Self.map(body))
        case "gollum": self = .gollum(try Self.map(body))
        case "commit_comment": self = .commitComment(try Self.map(body))
        case "status": self = .status(try Self.map(body))
        case "repository_dispatch": self = .repositoryDispatch(try Self.map(body))
        case "workflow_dispatch": self = .workflowDispatch(try Self.map(body))
        case "deployment": self = .deployment(try Self.map(body))
        case "deployment_status": self = .deploymentStatus(try Self.map(body))
        case "discussion": self = .discussion(try Self.map(body))
        case "discussion_comment": self = .discussionComment(try Self.map(body))
        case "repository": self = .repository(try Self.map(body))
        case "project": self = .project(try Self.map(body))
        case "project_column": self = .projectColumn(try Self.map(body))
        case "project_card": self = .projectCard(try Self.map(body))
        case "installation": self = .installation(try Self.map(body))
        case "installation_repositories": self = .installationRepositories(try Self.map(body))
        case "organization": self = .organization(try Self.map(body))
        case "github_app_authorization": self = .githubAppAuthorization(try Self.map(body))
        case "repository_import": self = .repositoryImport(try Self.map(body))
        case "page_build": self = .pageBuild(try Self.map(body))
        case "deploy_key": self = .deployKey(try Self.map(body))
        case "meta": self = .meta(try Self.map(body))
        case "merge_group": self = .mergeGroup(try Self.map(body))
        case "pull_request_review_thread": self = .pullRequestReviewThread(try Self.map(body))
        case "code_scanning_alert": self = .codeScanningAlert(try Self.map(body))
        case "dependabot_alert": self = .dependabotAlert(try Self.map(body))
        case "secret_scanning_alert": self = .secretScanningAlert(try Self.map(body))
        case "repository_vulnerability_alert": self = .repositoryVulnerabilityAlert(try Self.map(body))
        case "security_advisory": self = .securityAdvisory(try Self.map(body))
        case "marketplace_purchase": self = .marketplacePurchase(try Self.map(body))
        case "projects_v2_item": self = .projectsV2Item(try Self.map(body))
        case "sponsorship": self = .sponsorship(try Self.map(body))
        case "package": self = .package(try Self.map(body))
        case "registry_package": self = .registryPackage(try Self.map(body))
        case "branch_protection_rule": self = .branchProtectionRule(try Self.map(body))
        case "deployment_review": self = .deploymentReview(try Self.map(body))
        default: self = .other(event: event, payload: try JSON(parsing: body))
        }
    }

    /// The events with a model, by their `X-GitHub-Event` name, with the model.
    public static let models: [(event: String, type: any GitHubWebhookEventModel.Type)] = [
        ("push", GitHubPushEvent.self),
        ("issues", GitHubIssuesEvent.self),
        ("issue_comment", GitHubIssueCommentEvent.self),
        ("pull_request", GitHubPullRequestEvent.self),
        ("pull_request_review", GitHubPullRequestReviewEvent.self),
        ("pull_request_review_comment", GitHubPullRequestReviewCommentEvent.self),
        ("release", GitHubReleaseEvent.self),
        ("star", GitHubStarEvent.self),
        ("watch", GitHubWatchEvent.self),
        ("fork", GitHubForkEvent.self),
        ("create", GitHubCreateEvent.self),
        ("delete", GitHubDeleteEvent.self),
        ("ping", GitHubPingEvent.self),
        ("workflow_run", GitHubWorkflowRunEvent.self),
        ("check_run", GitHubCheckRunEvent.self),
        ("check_suite", GitHubCheckSuiteEvent.self),
        ("workflow_job", GitHubWorkflowJobEvent.self),
        ("label", GitHubLabelEvent.self),
        ("milestone", GitHubMilestoneEvent.self),
        ("member", GitHubMemberEvent.self),
        ("team", GitHubTeamEvent.self),
        ("team_add", GitHubTeamAddEvent.self),
        ("membership", GitHubMembershipEvent.self),
        ("org_block", GitHubOrgBlockEvent.self),
        ("public", GitHubPublicEvent.self),
        ("gollum", GitHubGollumEvent.self),
        ("commit_comment", GitHubCommitCommentEvent.self),
        ("status", GitHubStatusEvent.self),
        ("repository_dispatch", GitHubRepositoryDispatchEvent.self),
        ("workflow_dispatch", GitHubWorkflowDispatchEvent.self),
        ("deployment", GitHubDeploymentEvent.self),
        ("deployment_status", GitHubDeploymentStatusEvent.self),
        ("discussion", GitHubDiscussionEvent.self),
        ("discussion_comment", GitHubDiscussionCommentEvent.self),
        ("repository", GitHubRepositoryEvent.self),
        ("project", GitHubProjectEvent.self),
        ("project_column", GitHubProjectColumnEvent.self),
        ("project_card", GitHubProjectCardEvent.self),
        ("installation", GitHubInstallationEvent.self),
        ("installation_repositories", GitHubInstallationRepositoriesEvent.self),
        ("organization", GitHubOrganizationEvent.self),
        ("github_app_authorization", GitHubGitHubAppAuthorizationEvent.self),
        ("repository_import", GitHubRepositoryImportEvent.self),
        ("page_build", GitHubPageBuildEvent.self),
        ("deploy_key", GitHubDeployKeyEvent.self),
        ("meta", GitHubMetaEvent.self),
        ("merge_group", GitHubMergeGroupEvent.self),
        ("pull_request_review_thread", GitHubPullRequestReviewThreadEvent.self),
        ("code_scanning_alert", GitHubCodeScanningAlertEvent.self),
        ("dependabot_alert", GitHubDependabotAlertEvent.self),
        ("secret_scanning_alert", GitHubSecretScanningAlertEvent.self),
        ("repository_vulnerability_alert", GitHubRepositoryVulnerabilityAlertEvent.self),
        ("security_advisory", GitHubSecurityAdvisoryEvent.self),
        ("marketplace_purchase", GitHubMarketplacePurchaseEvent.self),
        ("projects_v2_item", GitHubProjectsV2ItemEvent.self),
        ("sponsorship", GitHubSponsorshipEvent.self),
        ("package", GitHubPackageEvent.self),
        ("registry_package", GitHubRegistryPackageEvent.self),
        ("branch_protection_rule", GitHubBranchProtectionRuleEvent.self),
        ("deployment_review", GitHubDeploymentReviewEvent.self),
    ]

    /// The body mapped strictly.
    private static func map<Event: Mappable>(_ body: some ContiguousBytes) throws -> Event {
        try Mapper<Event>(strict: true).map(data: body)
    }
}
