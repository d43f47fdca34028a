import Foundation
import YajlMapper

/// A step of a GitHub Actions job.
public struct GitHubWorkflowStep: Mappable, Codable, Equatable, Sendable {
    /// `name`.
    public var name: String = ""
    /// `status`: `queued`, `in_progress`, `completed`.
    public var status: String = ""
    /// `conclusion`: `success`, `failure`, `skipped`, ..., `null` until completed.
    public var conclusion: String?
    /// `number`: its place in the job, from 1.
    public var number: Int = 0
    /// `started_at`, `null` until started.
    public var startedAt: Date?
    /// `completed_at`, `null` until completed.
    public var completedAt: Date?

    /// Creates a step with empty values.
    public init() {}

    /// Creates a step for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions.
    public mutating func mapping(map: Map) {
        name <- map["name"]
        status <- map["status"]
        conclusion <- map["conclusion"]
        number <- map["number"]
        startedAt <- (map["started_at"], GitHubDates.transform)
        completedAt <- (map["completed_at"], GitHubDates.transform)
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case name, status, conclusion, number, startedAt = "started_at", completedAt = "completed_at"
    }
}
