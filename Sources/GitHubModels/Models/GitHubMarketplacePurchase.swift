import Foundation
import YajlMapper

/// A GitHub Marketplace purchase; its account and plan as they came.
public struct GitHubMarketplacePurchase: Mappable, Codable, Equatable, Sendable {
    /// `account`.
    public var account: JSON = [:]
    /// `billing_cycle`: `monthly` or `yearly`.
    public var billingCycle: String = ""
    /// `unit_count`.
    public var unitCount: Int = 0
    /// `on_free_trial`.
    public var isOnFreeTrial: Bool = false
    /// `free_trial_ends_on`.
    public var freeTrialEndsOn: Date?
    /// `next_billing_date`.
    public var nextBillingDate: String?
    /// `plan`.
    public var plan: JSON = [:]

    /// Creates a purchase with empty values.
    public init() {}

    /// Creates a purchase for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        account <- map["account"]
        billingCycle <- map["billing_cycle"]
        unitCount <- map["unit_count"]
        isOnFreeTrial <- map["on_free_trial"]
        freeTrialEndsOn <- (map["free_trial_ends_on"], GitHubDates.transform)
        nextBillingDate <- map["next_billing_date"]
        plan <- map["plan"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case account, plan, billingCycle = "billing_cycle", unitCount = "unit_count"
        case isOnFreeTrial = "on_free_trial", freeTrialEndsOn = "free_trial_ends_on"
        case nextBillingDate = "next_billing_date"
    }
}
