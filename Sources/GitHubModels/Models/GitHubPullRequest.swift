import Foundation
import YajlMapper

/// A pull request, as `GET /repos/{owner}/{repo}/pulls/{number}` and the `pull_request` webhooks give it.
///
/// Its counts and merge state (`merged`, `mergeable`, `commits`, ...) are optionals: lists of
/// pull requests and the review webhooks leave them out.
public struct GitHubPullRequest: Mappable, Codable, Equatable, Sendable {
    /// `url`: the API URL of the pull request.
    public var url: String = ""
    /// `id`: 64-bit.
    public var id: Int64 = 0
    /// `node_id`: the GraphQL id.
    public var nodeId: String = ""
    /// `html_url`: its page on github.com.
    public var htmlUrl: String = ""
    /// `diff_url`.
    public var diffUrl: String = ""
    /// `patch_url`.
    public var patchUrl: String = ""
    /// `issue_url`: the API URL of its issue.
    public var issueUrl: String = ""
    /// `number`: its number in the repository.
    public var number: Int = 0
    /// `state`: open or closed (a merged one is closed).
    public var state: GitHubIssueState = .open
    /// `locked`.
    public var isLocked: Bool = false
    /// `title`.
    public var title: String = ""
    /// `user`: who opened it.
    public var user: GitHubUser = GitHubUser()
    /// `body`, `null` when empty.
    public var body: String?
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `closed_at`, `null` while open.
    public var closedAt: Date?
    /// `merged_at`, `null` unless merged.
    public var mergedAt: Date?
    /// `merge_commit_sha`: the merge (or test merge) commit, `null` when none.
    public var mergeCommitSha: String?
    /// `assignee`: the first assignee, `null` when none.
    public var assignee: GitHubUser?
    /// `assignees`.
    public var assignees: [GitHubUser] = []
    /// `requested_reviewers`: the users asked for a review.
    public var requestedReviewers: [GitHubUser] = []
    /// `requested_teams`: the teams asked for a review.
    public var requestedTeams: [GitHubTeam] = []
    /// `labels`.
    public var labels: [GitHubLabel] = []
    /// `milestone`, `null` when none.
    public var milestone: GitHubMilestone?
    /// `commits_url`.
    public var commitsUrl: String = ""
    /// `review_comments_url`.
    public var reviewCommentsUrl: String = ""
    /// `review_comment_url`: a URI template.
    public var reviewCommentUrl: String = ""
    /// `comments_url`.
    public var commentsUrl: String = ""
    /// `statuses_url`.
    public var statusesUrl: String = ""
    /// `head`: the branch with the changes.
    public var head: GitHubPullRequestRef = GitHubPullRequestRef()
    /// `base`: the branch they go into.
    public var base: GitHubPullRequestRef = GitHubPullRequestRef()
    /// `author_association`.
    public var authorAssociation: GitHubAuthorAssociation = .none
    /// `active_lock_reason`, `null` when unlocked.
    public var activeLockReason: String?
    /// `draft`.
    public var isDraft: Bool?
    /// `merged`.
    public var isMerged: Bool?
    /// `mergeable`: `null` while GitHub computes it.
    public var isMergeable: Bool?
    /// `rebaseable`: `null` while GitHub computes it.
    public var isRebaseable: Bool?
    /// `mergeable_state`: `clean`, `dirty`, `blocked`, `unknown`, ...
    public var mergeableState: String?
    /// `merged_by`, `null` unless merged.
    public var mergedBy: GitHubUser?
    /// `comments`: issue comments.
    public var comments: Int?
    /// `review_comments`.
    public var reviewComments: Int?
    /// `maintainer_can_modify`.
    public var maintainerCanModify: Bool?
    /// `commits`.
    public var commits: Int?
    /// `additions`: lines added.
    public var additions: Int?
    /// `deletions`: lines removed.
    public var deletions: Int?
    /// `changed_files`.
    public var changedFiles: Int?

    /// Creates a pull request with empty values.
    public init() {}

    /// Creates a pull request for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        url <- map["url"]
        id <- map["id"]
        nodeId <- map["node_id"]
        htmlUrl <- map["html_url"]
        diffUrl <- map["diff_url"]
        patchUrl <- map["patch_url"]
        issueUrl <- map["issue_url"]
        number <- map["number"]
        state <- map["state"]
        isLocked <- map["locked"]
        title <- map["title"]
        user <- map["user"]
        body <- map["body"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        closedAt <- (map["closed_at"], GitHubDates.transform)
        mergedAt <- (map["merged_at"], GitHubDates.transform)
        mergeCommitSha <- map["merge_commit_sha"]
        assignee <- map["assignee"]
        assignees <- map["assignees"]
        requestedReviewers <- map["requested_reviewers"]
        requestedTeams <- map["requested_teams"]
        labels <- map["labels"]
        milestone <- map["milestone"]
        commitsUrl <- map["commits_url"]
        reviewCommentsUrl <- map["review_comments_url"]
        reviewCommentUrl <- map["review_comment_url"]
        commentsUrl <- map["comments_url"]
        statusesUrl <- map["statuses_url"]
        head <- map["head"]
        base <- map["base"]
        authorAssociation <- map["author_association"]
        activeLockReason <- map["active_lock_reason"]
        isDraft <- map["draft"]
        isMerged <- map["merged"]
        isMergeable <- map["mergeable"]
        isRebaseable <- map["rebaseable"]
        mergeableState <- map["mergeable_state"]
        mergedBy <- map["merged_by"]
        comments <- map["comments"]
        reviewComments <- map["review_comments"]
        maintainerCanModify <- map["maintainer_can_modify"]
        commits <- map["commits"]
        additions <- map["additions"]
        deletions <- map["deletions"]
        changedFiles <- map["changed_files"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case url, id, number, state, title, user, body, assignee, assignees, labels, milestone, head, base, comments
        case commits, additions, deletions, nodeId = "node_id", htmlUrl = "html_url", diffUrl = "diff_url"
        case patchUrl = "patch_url", issueUrl = "issue_url", isLocked = "locked", createdAt = "created_at"
        case updatedAt = "updated_at", closedAt = "closed_at", mergedAt = "merged_at"
        case mergeCommitSha = "merge_commit_sha", requestedReviewers = "requested_reviewers"
        case requestedTeams = "requested_teams", commitsUrl = "commits_url"
        case reviewCommentsUrl = "review_comments_url", reviewCommentUrl = "review_comment_url"
        case commentsUrl = "comments_url", statusesUrl = "statuses_url", authorAssociation = "author_association"
        case activeLockReason = "active_lock_reason", isDraft = "draft", isMerged = "merged"
        case isMergeable = "mergeable", isRebaseable = "rebaseable", mergeableState = "mergeable_state"
        case mergedBy = "merged_by", reviewComments = "review_comments"
        case maintainerCanModify = "maintainer_can_modify", changedFiles = "changed_files"
    }
}
