import YajlMapper

/// A webhook payload's model: mapped and `Codable`, compared with `==`.
public protocol GitHubWebhookEventModel: Mappable, Codable, Equatable, Sendable {}

/// The webhook events with a model, by their `X-GitHub-Event` name (the raw value).
public enum GitHubWebhookEvent: String, CaseIterable, Sendable {
    /// `push`.
    case push
    /// `issues`.
    case issues
    /// `issue_comment`.
    case issueComment = "issue_comment"
    /// `pull_request`.
    case pullRequest = "pull_request"
    /// `pull_request_review`.
    case pullRequestReview = "pull_request_review"
    /// `pull_request_review_comment`.
    case pullRequestReviewComment = "pull_request_review_comment"
    /// `release`.
    case release
    /// `star`.
    case star
    /// `watch`.
    case watch
    /// `fork`.
    case fork
    /// `create`.
    case create
    /// `delete`.
    case delete
    /// `ping`.
    case ping
    /// `workflow_run`.
    case workflowRun = "workflow_run"
    /// `check_run`.
    case checkRun = "check_run"
    /// `check_suite`.
    case checkSuite = "check_suite"
    /// `workflow_job`.
    case workflowJob = "workflow_job"
    /// `label`.
    case label
    /// `milestone`.
    case milestone
    /// `member`.
    case member
    /// `team`.
    case team
    /// `team_add`.
    case teamAdd = "team_add"
    /// `membership`.
    case membership
    /// `org_block`.
    case orgBlock = "org_block"
    /// `public`.
    case `public`
    /// `gollum`.
    case gollum
    /// `commit_comment`.
    case commitComment = "commit_comment"
    /// `status`.
    case status
    /// `repository_dispatch`.
    case repositoryDispatch = "repository_dispatch"
    /// `workflow_dispatch`.
    case workflowDispatch = "workflow_dispatch"
    /// `deployment`.
    case deployment
    /// `deployment_status`.
    case deploymentStatus = "deployment_status"
    /// `discussion`.
    case discussion
    /// `discussion_comment`.
    case discussionComment = "discussion_comment"
    /// `repository`.
    case repository
    /// `project`.
    case project
    /// `project_column`.
    case projectColumn = "project_column"
    /// `project_card`.
    case projectCard = "project_card"
    /// `installation`.
    case installation
    /// `installation_repositories`.
    case installationRepositories = "installation_repositories"
    /// `organization`.
    case organization
    /// `github_app_authorization`.
    case githubAppAuthorization = "github_app_authorization"
    /// `repository_import`.
    case repositoryImport = "repository_import"
    /// `page_build`.
    case pageBuild = "page_build"
    /// `deploy_key`.
    case deployKey = "deploy_key"
    /// `meta`.
    case meta
    /// `merge_group`.
    case mergeGroup = "merge_group"
    /// `pull_request_review_thread`.
    case pullRequestReviewThread = "pull_request_review_thread"
    /// `code_scanning_alert`.
    case codeScanningAlert = "code_scanning_alert"
    /// `dependabot_alert`.
    case dependabotAlert = "dependabot_alert"
    /// `secret_scanning_alert`.
    case secretScanningAlert = "secret_scanning_alert"
    /// `repository_vulnerability_alert`.
    case repositoryVulnerabilityAlert = "repository_vulnerability_alert"
    /// `security_advisory`.
    case securityAdvisory = "security_advisory"
    /// `marketplace_purchase`.
    case marketplacePurchase = "marketplace_purchase"
    /// `projects_v2_item`.
    case projectsV2Item = "projects_v2_item"
    /// `sponsorship`.
    case sponsorship
    /// `package`.
    case package
    /// `registry_package`.
    case registryPackage = "registry_package"
    /// `branch_protection_rule`.
    case branchProtectionRule = "branch_protection_rule"
    /// `deployment_review`.
    case deploymentReview = "deployment_review"

    /// The model of the event's payload.
    public var model: any GitHubWebhookEventModel.Type {
        switch self {
        case .push: return GitHubPushEvent.self
        case .issues: return GitHubIssuesEvent.self
        case .issueComment: return GitHubIssueCommentEvent.self
        case .pullRequest: return GitHubPullRequestEvent.self
        case .pullRequestReview: return GitHubPullRequestReviewEvent.self
        case .pullRequestReviewComment: return GitHubPullRequestReviewCommentEvent.self
        case .release: return GitHubReleaseEvent.self
        case .star: return GitHubStarEvent.self
        case .watch: return GitHubWatchEvent.self
        case .fork: return GitHubForkEvent.self
        case .create: return GitHubCreateEvent.self
        case .delete: return GitHubDeleteEvent.self
        case .ping: return GitHubPingEvent.self
        case .workflowRun: return GitHubWorkflowRunEvent.self
        case .checkRun: return GitHubCheckRunEvent.self
        case .checkSuite: return GitHubCheckSuiteEvent.self
        case .workflowJob: return GitHubWorkflowJobEvent.self
        case .label: return GitHubLabelEvent.self
        case .milestone: return GitHubMilestoneEvent.self
        case .member: return GitHubMemberEvent.self
        case .team: return GitHubTeamEvent.self
        case .teamAdd: return GitHubTeamAddEvent.self
        case .membership: return GitHubMembershipEvent.self
        case .orgBlock: return GitHubOrgBlockEvent.self
        case .`public`: return GitHubPublicEvent.self
        case .gollum: return GitHubGollumEvent.self
        case .commitComment: return GitHubCommitCommentEvent.self
        case .status: return GitHubStatusEvent.self
        case .repositoryDispatch: return GitHubRepositoryDispatchEvent.self
        case .workflowDispatch: return GitHubWorkflowDispatchEvent.self
        case .deployment: return GitHubDeploymentEvent.self
        case .deploymentStatus: return GitHubDeploymentStatusEvent.self
        case .discussion: return GitHubDiscussionEvent.self
        case .discussionComment: return GitHubDiscussionCommentEvent.self
        case .repository: return GitHubRepositoryEvent.self
        case .project: return GitHubProjectEvent.self
        case .projectColumn: return GitHubProjectColumnEvent.self
        case .projectCard: return GitHubProjectCardEvent.self
        case .installation: return GitHubInstallationEvent.self
        case .installationRepositories: return GitHubInstallationRepositoriesEvent.self
        case .organization: return GitHubOrganizationEvent.self
        case .githubAppAuthorization: return GitHubGitHubAppAuthorizationEvent.self
        case .repositoryImport: return GitHubRepositoryImportEvent.self
        case .pageBuild: return GitHubPageBuildEvent.self
        case .deployKey: return GitHubDeployKeyEvent.self
        case .meta: return GitHubMetaEvent.self
        case .mergeGroup: return GitHubMergeGroupEvent.self
        case .pullRequestReviewThread: return GitHubPullRequestReviewThreadEvent.self
        case .codeScanningAlert: return GitHubCodeScanningAlertEvent.self
        case .dependabotAlert: return GitHubDependabotAlertEvent.self
        case .secretScanningAlert: return GitHubSecretScanningAlertEvent.self
        case .repositoryVulnerabilityAlert: return GitHubRepositoryVulnerabilityAlertEvent.self
        case .securityAdvisory: return GitHubSecurityAdvisoryEvent.self
        case .marketplacePurchase: return GitHubMarketplacePurchaseEvent.self
        case .projectsV2Item: return GitHubProjectsV2ItemEvent.self
        case .sponsorship: return GitHubSponsorshipEvent.self
        case .package: return GitHubPackageEvent.self
        case .registryPackage: return GitHubRegistryPackageEvent.self
        case .branchProtectionRule: return GitHubBranchProtectionRuleEvent.self
        case .deploymentReview: return GitHubDeploymentReviewEvent.self
        }
    }
}
