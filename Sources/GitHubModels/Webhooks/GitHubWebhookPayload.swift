import Foundation
import YajlMapper

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
        guard let known = GitHubWebhookEvent(rawValue: event) else {
            self = .other(event: event, payload: try JSON(parsing: body))
            return
        }
        switch known {
        case .push: self = .push(try Self.map(body))
        case .issues: self = .issues(try Self.map(body))
        case .issueComment: self = .issueComment(try Self.map(body))
        case .pullRequest: self = .pullRequest(try Self.map(body))
        case .pullRequestReview: self = .pullRequestReview(try Self.map(body))
        case .pullRequestReviewComment: self = .pullRequestReviewComment(try Self.map(body))
        case .release: self = .release(try Self.map(body))
        case .star: self = .star(try Self.map(body))
        case .watch: self = .watch(try Self.map(body))
        case .fork: self = .fork(try Self.map(body))
        case .create: self = .create(try Self.map(body))
        case .delete: self = .delete(try Self.map(body))
        case .ping: self = .ping(try Self.map(body))
        case .workflowRun: self = .workflowRun(try Self.map(body))
        case .checkRun: self = .checkRun(try Self.map(body))
        case .checkSuite: self = .checkSuite(try Self.map(body))
        case .workflowJob: self = .workflowJob(try Self.map(body))
        case .label: self = .label(try Self.map(body))
        case .milestone: self = .milestone(try Self.map(body))
        case .member: self = .member(try Self.map(body))
        case .team: self = .team(try Self.map(body))
        case .teamAdd: self = .teamAdd(try Self.map(body))
        case .membership: self = .membership(try Self.map(body))
        case .orgBlock: self = .orgBlock(try Self.map(body))
        case .public: self = .public(try Self.map(body))
        case .gollum: self = .gollum(try Self.map(body))
        case .commitComment: self = .commitComment(try Self.map(body))
        case .status: self = .status(try Self.map(body))
        case .repositoryDispatch: self = .repositoryDispatch(try Self.map(body))
        case .workflowDispatch: self = .workflowDispatch(try Self.map(body))
        case .deployment: self = .deployment(try Self.map(body))
        case .deploymentStatus: self = .deploymentStatus(try Self.map(body))
        case .discussion: self = .discussion(try Self.map(body))
        case .discussionComment: self = .discussionComment(try Self.map(body))
        case .repository: self = .repository(try Self.map(body))
        case .project: self = .project(try Self.map(body))
        case .projectColumn: self = .projectColumn(try Self.map(body))
        case .projectCard: self = .projectCard(try Self.map(body))
        case .installation: self = .installation(try Self.map(body))
        case .installationRepositories: self = .installationRepositories(try Self.map(body))
        case .organization: self = .organization(try Self.map(body))
        case .githubAppAuthorization: self = .githubAppAuthorization(try Self.map(body))
        case .repositoryImport: self = .repositoryImport(try Self.map(body))
        case .pageBuild: self = .pageBuild(try Self.map(body))
        case .deployKey: self = .deployKey(try Self.map(body))
        case .meta: self = .meta(try Self.map(body))
        case .mergeGroup: self = .mergeGroup(try Self.map(body))
        case .pullRequestReviewThread: self = .pullRequestReviewThread(try Self.map(body))
        case .codeScanningAlert: self = .codeScanningAlert(try Self.map(body))
        case .dependabotAlert: self = .dependabotAlert(try Self.map(body))
        case .secretScanningAlert: self = .secretScanningAlert(try Self.map(body))
        case .repositoryVulnerabilityAlert: self = .repositoryVulnerabilityAlert(try Self.map(body))
        case .securityAdvisory: self = .securityAdvisory(try Self.map(body))
        case .marketplacePurchase: self = .marketplacePurchase(try Self.map(body))
        case .projectsV2Item: self = .projectsV2Item(try Self.map(body))
        case .sponsorship: self = .sponsorship(try Self.map(body))
        case .package: self = .package(try Self.map(body))
        case .registryPackage: self = .registryPackage(try Self.map(body))
        case .branchProtectionRule: self = .branchProtectionRule(try Self.map(body))
        case .deploymentReview: self = .deploymentReview(try Self.map(body))
        }
    }

    /// The body mapped strictly.
    private static func map<Event: Mappable>(_ body: some ContiguousBytes) throws -> Event {
        try Mapper<Event>(strict: true).map(data: body)
    }
}
