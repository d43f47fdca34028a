import Foundation
import YajlMapper

/// An event of GitHub's activity stream, as `GET /repos/{owner}/{repo}/events` and GH
/// Archive's hourly files (one per line) give it; its payload is read by its type.
///
/// ```swift
/// let event = try Mapper<GitHubEvent>(strict: true).map(data: line)
/// if case .push(let push) = event.payload { print(event.repo.name, push.ref, push.size) }
/// ```
public struct GitHubEvent: Mappable, Codable, Equatable, Sendable {
    /// `id`: a string of digits.
    public var id: String = ""
    /// `type`: `PushEvent`, `IssuesEvent`, `WatchEvent`, ...
    public var type: String = ""
    /// `actor`: who did it.
    public var actor: GitHubEventActor = GitHubEventActor()
    /// `repo`: where.
    public var repo: GitHubEventRepo = GitHubEventRepo()
    /// `payload`, read by ``type``.
    public var payload: GitHubEventPayload = .other([:])
    /// `public`: whether the repository is public.
    public var isPublic: Bool = false
    /// `created_at`.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)
    /// `org`: the organization that owns the repository, if one does.
    public var org: GitHubEventActor?

    /// Creates an event with empty values.
    public init() {}

    /// Creates an empty event for ``mapping(map:)`` to fill.
    public init?(map: Map) {}

    /// Maps the fields, in both directions: the payload as the model its type names.
    public mutating func mapping(map: Map) {
        id <- map["id"]
        type <- map["type"]
        actor <- map["actor"]
        repo <- map["repo"]
        if map.mappingType == .fromJSON {
            payload = GitHubEventPayload.read(type, MapReader(map: map["payload"]))
        } else {
            var value = payload.content.jsonValue
            value <- map["payload"]
        }
        isPublic <- map["public"]
        createdAt <- (map["created_at"], GitHubDates.transform)
        org <- map["org"]
    }

    /// Reads a payload from its map.
    private struct MapReader: GitHubEventPayloadReader {
        typealias Failure = Never
        /// The map, the payload's key selected.
        let map: Map
        func model<Model: GitHubEventPayloadModel>() -> Model {
            var model = Model()
            model <- map
            return model
        }
        func value() -> JSON {
            var value: JSON = [:]
            value <- map
            return value
        }
    }

    /// The API's keys.
    enum CodingKeys: String, CodingKey {
        case id, type, actor, repo, payload, org
        case isPublic = "public", createdAt = "created_at"
    }

    /// Decodes the fields: the payload as the model its type names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(String.self, forKey: .type)
        actor = try container.decode(GitHubEventActor.self, forKey: .actor)
        repo = try container.decode(GitHubEventRepo.self, forKey: .repo)
        payload = try GitHubEventPayload.read(type, DecoderReader(container: container))
        isPublic = try container.decode(Bool.self, forKey: .isPublic)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        org = try container.decodeIfPresent(GitHubEventActor.self, forKey: .org)
    }

    /// Encodes the fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(actor, forKey: .actor)
        try container.encode(repo, forKey: .repo)
        try container.encode(payload.content, forKey: .payload)
        try container.encode(isPublic, forKey: .isPublic)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(org, forKey: .org)
    }

    /// Decodes a payload from the event's container.
    private struct DecoderReader: GitHubEventPayloadReader {
        typealias Failure = any Error
        /// The event's container.
        let container: KeyedDecodingContainer<CodingKeys>
        func model<Model: GitHubEventPayloadModel>() throws -> Model {
            try container.decode(Model.self, forKey: .payload)
        }
        func value() throws -> JSON { try container.decode(JSON.self, forKey: .payload) }
    }
}
