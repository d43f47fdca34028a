import Foundation
import YajlMapper

/// The `marketplace_purchase` webhook's payload: a Marketplace plan bought, changed or cancelled.
public struct GitHubMarketplacePurchaseEvent: GitHubWebhookEventModel {
    /// `action`: `purchased`, `pending_change`, `pending_change_cancelled`, `changed`, `cancelled`.
    public var action: String = ""
    /// `effective_date`.
    public var effectiveDate: Date = Date(timeIntervalSince1970: 0)
    /// `sender`: the account, as it came.
    public var sender: JSON = [:]
    /// `marketplace_purchase`.
    public var marketplacePurchase: GitHubMarketplacePurchase = GitHubMarketplacePurchase()
    /// `previous_marketplace_purchase` (a change).
    public var previousMarketplacePurchase: GitHubMarketplacePurchase?

    /// Creates a payload with empty values.
    public init() {}

    /// Creates a payload for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        action <- map["action"]
        effectiveDate <- (map["effective_date"], GitHubDates.transform)
        sender <- map["sender"]
        marketplacePurchase <- map["marketplace_purchase"]
        previousMarketplacePurchase <- map["previous_marketplace_purchase"]
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case action, sender, effectiveDate = "effective_date", marketplacePurchase = "marketplace_purchase"
        case previousMarketplacePurchase = "previous_marketplace_purchase"
    }
}
