import YajlMapper

/// An event's `payload`, by the event's `type`; a type this version has no model for keeps
/// its payload as a value.
public enum GitHubEventPayload: Equatable, Sendable {
    /// `PushEvent`.
    case push(GitHubPushEventPayload)
    /// `IssuesEvent`.
    case issues(GitHubIssuesEventPayload)
    /// `IssueCommentEvent`.
    case issueComment(GitHubIssueCommentEventPayload)
    /// `PullRequestEvent`.
    case pullRequest(GitHubPullRequestEventPayload)
    /// `PullRequestReviewEvent`.
    case pullRequestReview(GitHubPullRequestReviewEventPayload)
    /// `PullRequestReviewCommentEvent`.
    case pullRequestReviewComment(GitHubPullRequestReviewCommentEventPayload)
    /// `ReleaseEvent`.
    case release(GitHubReleaseEventPayload)
    /// `CreateEvent`.
    case create(GitHubCreateEventPayload)
    /// `DeleteEvent`.
    case delete(GitHubDeleteEventPayload)
    /// `ForkEvent`.
    case fork(GitHubForkEventPayload)
    /// `WatchEvent`.
    case watch(GitHubWatchEventPayload)
    /// Any other type (`GollumEvent`, `MemberEvent`, `PublicEvent`, ...), as it came.
    case other(JSON)

    /// Reads the payload of an event of type `type` with `read`, which reads a model (or,
    /// for a type without one, the value).
    static func read<Reader: GitHubEventPayloadReader>(_ type: String, _ read: Reader) throws(Reader.Failure) -> Self {
        switch type {
        case "PushEvent": return .push(try read.model())
        case "IssuesEvent": return .issues(try read.model())
        case "IssueCommentEvent": return .issueComment(try read.model())
        case "PullRequestEvent": return .pullRequest(try read.model())
        case "PullRequestReviewEvent": return .pullRequestReview(try read.model())
        case "PullRequestReviewCommentEvent": return .pullRequestReviewComment(try read.model())
        case "ReleaseEvent": return .release(try read.model())
        case "CreateEvent": return .create(try read.model())
        case "DeleteEvent": return .delete(try read.model())
        case "ForkEvent": return .fork(try read.model())
        case "WatchEvent": return .watch(try read.model())
        default: return .other(try read.value())
        }
    }

    /// The model the payload holds, or its value.
    var content: any GitHubEventPayloadContent {
        switch self {
        case .push(let payload): return payload
        case .issues(let payload): return payload
        case .issueComment(let payload): return payload
        case .pullRequest(let payload): return payload
        case .pullRequestReview(let payload): return payload
        case .pullRequestReviewComment(let payload): return payload
        case .release(let payload): return payload
        case .create(let payload): return payload
        case .delete(let payload): return payload
        case .fork(let payload): return payload
        case .watch(let payload): return payload
        case .other(let value): return value
        }
    }
}

/// What a payload holds: a model, or a value; written to a map or an encoder.
protocol GitHubEventPayloadContent: Encodable {
    /// The content as JSON, as `toJSON` writes it.
    var jsonValue: JSON { get }
}

extension JSON: GitHubEventPayloadContent {}

/// A payload's model: mapped or decoded, written with `toJSON`.
protocol GitHubEventPayloadModel: GitHubEventPayloadContent, Mappable, Decodable {
    /// A model with empty values.
    init()
}

extension GitHubEventPayloadModel {
    /// The model's `toJSON`.
    var jsonValue: JSON { Mapper<Self>().toJSONValue(self) }
}

extension GitHubPushEventPayload: GitHubEventPayloadModel {}
extension GitHubIssuesEventPayload: GitHubEventPayloadModel {}
extension GitHubIssueCommentEventPayload: GitHubEventPayloadModel {}
extension GitHubPullRequestEventPayload: GitHubEventPayloadModel {}
extension GitHubPullRequestReviewEventPayload: GitHubEventPayloadModel {}
extension GitHubPullRequestReviewCommentEventPayload: GitHubEventPayloadModel {}
extension GitHubReleaseEventPayload: GitHubEventPayloadModel {}
extension GitHubCreateEventPayload: GitHubEventPayloadModel {}
extension GitHubDeleteEventPayload: GitHubEventPayloadModel {}
extension GitHubForkEventPayload: GitHubEventPayloadModel {}
extension GitHubWatchEventPayload: GitHubEventPayloadModel {}

/// Reads a payload: as a model (mapped or decoded), or as a value.
protocol GitHubEventPayloadReader {
    /// What reading throws (`Never` for a map: it records problems instead).
    associatedtype Failure: Error
    /// The payload as `Model`.
    func model<Model: GitHubEventPayloadModel>() throws(Failure) -> Model
    /// The payload as a value.
    func value() throws(Failure) -> JSON
}
