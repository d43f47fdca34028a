import Foundation
import YajlMapper

/// A branch protection rule, with its main settings.
public struct GitHubBranchProtectionRule: Mappable, Codable, Equatable, Sendable {
    /// `id`.
    public var id: Int64 = 0
    /// `repository_id`.
    public var repositoryId: Int64 = 0
    /// `name`: the branch pattern.
    public var name: String = ""
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `updated_at`.
    public var updatedAt: Date = Date(timeIntervalSince1970: 0)
    /// `pull_request_reviews_enforcement_level`: `off`, `non_admins`, `everyone`.
    public var pullRequestReviewsEnforcementLevel: String = ""
    /// `required_approving_review_count`.
    public var requiredApprovingReviewCount: Int = 0
    /// `dismiss_stale_reviews_on_push`.
    public var dismissStaleReviewsOnPush: Bool = false
    /// `require_code_owner_review`.
    public var requireCodeOwnerReview: Bool = false
    /// `required_status_checks`.
    public var requiredStatusChecks: [String] = []
    /// `required_status_checks_enforcement_level`.
    public var requiredStatusChecksEnforcementLevel: String = ""
    /// `admin_enforced`.
    public var isAdminEnforced: Bool = false
    /// `allow_force_pushes_enforcement_level`.
    public var allowForcePushesEnforcementLevel: String = ""
    /// `allow_deletions_enforcement_level`.
    public var allowDeletionsEnforcementLevel: String = ""
    /// `linear_history_requirement_enforcement_level`.
    public var linearHistoryRequirementEnforcementLevel: String = ""
    /// `signature_requirement_enforcement_level`.
    public var signatureRequirementEnforcementLevel: String = ""

    /// Creates a rule with empty values.
    public init() {}

    /// Creates a rule for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        repositoryId <- map["repository_id"]
        name <- map["name"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        updatedAt <- (map["updated_at"], GitHubDates.transform)
        pullRequestReviewsEnforcementLevel <- map["pull_request_reviews_enforcement_level"]
        requiredApprovingReviewCount <- map["required_approving_review_count"]
        dismissStaleReviewsOnPush <- map["dismiss_stale_reviews_on_push"]
        requireCodeOwnerReview <- map["require_code_owner_review"]
        requiredStatusChecks <- map["required_status_checks"]
        requiredStatusChecksEnforcementLevel <- map["required_status_checks_enforcement_level"]
        isAdminEnforced <- map["admin_enforced"]
        allowForcePushesEnforcementLevel <- map["allow_force_pushes_enforcement_level"]
        allowDeletionsEnforcementLevel <- map["allow_deletions_enforcement_level"]
        linearHistoryRequirementEnforcementLevel <- map["linear_history_requirement_enforcement_level"]
        signatureRequirementEnforcementLevel <- map["signature_requirement_enforcement_level"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, name, repositoryId = "repository_id", createdAt = "created_at", updatedAt = "updated_at"
        case pullRequestReviewsEnforcementLevel = "pull_request_reviews_enforcement_level"
        case requiredApprovingReviewCount = "required_approving_review_count"
        case dismissStaleReviewsOnPush = "dismiss_stale_reviews_on_push"
        case requireCodeOwnerReview = "require_code_owner_review", requiredStatusChecks = "required_status_checks"
        case requiredStatusChecksEnforcementLevel = "required_status_checks_enforcement_level"
        case isAdminEnforced = "admin_enforced"
        case allowForcePushesEnforcementLevel = "allow_force_pushes_enforcement_level"
        case allowDeletionsEnforcementLevel = "allow_deletions_enforcement_level"
        case linearHistoryRequirementEnforcementLevel = "linear_history_requirement_enforcement_level"
        case signatureRequirementEnforcementLevel = "signature_requirement_enforcement_level"
    }
}
