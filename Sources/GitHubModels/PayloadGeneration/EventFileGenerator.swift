import Foundation

/// Generates realistic, deterministic files of GitHub events as GH Archive publishes them:
/// one event per line (`id`, `type`, `actor`, `repo`, `payload`, `public`, `created_at`,
/// sometimes `org`), the types in about GH Archive's proportions (half of them pushes),
/// each payload in the Events API's shape with every field its model requires.
///
/// The bytes depend only on the seed and the arguments, as with ``SearchPayloadGenerator``.
///
/// ```swift
/// let hour = EventFileGenerator(seed: 7).generate(events: 1_000)
/// try EventFileGenerator().write(events: 300_000) { chunk in try file.write(contentsOf: Data(chunk)) }
/// ```
public struct EventFileGenerator: Sendable {
    /// The seed that fixes every byte of the output.
    public var seed: UInt64

    /// Creates a generator.
    /// - Parameter seed: any value; equal seeds give equal output.
    public init(seed: UInt64 = 1) { self.seed = seed }

    /// The event types written, each with its share in thousandths (the rest of 1,000 are
    /// `GollumEvent`s, which have no model).
    static let types: [(name: String, perMille: Int)] = [
        ("PushEvent", 500), ("CreateEvent", 140), ("WatchEvent", 80), ("PullRequestEvent", 80),
        ("IssueCommentEvent", 50), ("DeleteEvent", 40), ("IssuesEvent", 30), ("ForkEvent", 20),
        ("PullRequestReviewEvent", 20), ("PullRequestReviewCommentEvent", 20), ("ReleaseEvent", 10),
    ]

    /// Generates `events` lines in memory.
    public func generate(events: Int) -> [UInt8] {
        var output: [UInt8] = []
        write(events: events, chunkSize: .max) { output.append(contentsOf: $0) }
        return output
    }

    /// Generates `events` lines in chunks of about `chunkSize` bytes (at line boundaries);
    /// the chunks joined equal ``generate(events:)``.
    /// - Throws: what `sink` throws.
    public func write(
        events: Int, chunkSize: Int = 1 << 20, to sink: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        precondition(events >= 0, "EventFileGenerator: negative event count")
        var state = EventState(seed: seed)
        var writer = FixtureJSONWriter(pretty: false, capacity: min(chunkSize, 1 << 24) + 65_536)
        for index in 0..<events {
            state.writeEvent(index: index, into: &writer)
            writer.endLine()
            if writer.bytes.count >= chunkSize {
                try writer.bytes.withUnsafeBytes { try sink($0) }
                writer.bytes.removeAll(keepingCapacity: true)
            }
        }
        if !writer.bytes.isEmpty { try writer.bytes.withUnsafeBytes { try sink($0) } }
    }
}

/// What persists from event to event: the random sequence, the accounts and repositories
/// met so far, the clock.
struct EventState {
    /// The random sequence.
    var rng: SplitMix64
    /// The search generator whose owners and repositories the events reuse.
    let repositories = SearchPayloadGenerator()
    /// Its accounts.
    var items = SearchPayloadGenerator.ItemState()
    /// The first event's id.
    let firstID = 26_000_000_000
    /// The hour's start, in seconds since 1970.
    let hour = FixtureFormatting.secondsSince1970(year: 2025, month: 1, day: 15) + 14 * 3_600

    /// A state for `seed`.
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// Writes event `index`: its envelope, and its payload by its type.
    mutating func writeEvent(index: Int, into w: inout FixtureJSONWriter) {
        let type = nextType()
        let actor = repositories.nextOwner(rng: &rng, state: &items)
        let owner = repositories.nextOwner(rng: &rng, state: &items)
        let words = SearchPayloadVocabulary.nameWords
        let name = FixtureJSONWriter.escaped(rng.pick(words) + "-" + rng.pick(words))
        let repoID = rng.int(in: 1_000...900_000_000)
        let created = FixtureFormatting.iso8601(secondsSince1970: hour + (index / 100) % 3_600)
        w.beginObject()
        w.key("id"); w.string(String(firstID + index))
        w.key("type"); w.string(type)
        w.key("actor"); writeActor(actor, display: true, into: &w)
        w.key("repo"); w.beginObject()
        w.key("id"); w.int(repoID)
        w.key("name"); w.string("", owner.login + [UInt8(ascii: "/")] + name)
        w.key("url"); w.string("https://api.github.com/repos/", owner.login + [UInt8(ascii: "/")] + name)
        w.endObject()
        w.key("payload"); writePayload(type, actor: actor, repoID: repoID, into: &w)
        w.key("public"); w.bool(true)
        w.key("created_at"); w.string(created)
        if owner.isOrganization { w.key("org"); writeActor(owner, display: false, into: &w) }
        w.endObject()
    }

    /// A type drawn by the shares of ``EventFileGenerator/types``.
    private mutating func nextType() -> String {
        var draw = rng.below(1_000)
        for (name, share) in EventFileGenerator.types {
            if draw < share { return name }
            draw -= share
        }
        return "GollumEvent"
    }

    /// An event's `actor` or `org`.
    private func writeActor(_ account: SearchPayloadGenerator.Owner, display: Bool, into w: inout FixtureJSONWriter) {
        w.beginObject()
        w.key("id"); w.int(account.id)
        w.key("login"); w.string("", account.login)
        if display { w.key("display_login"); w.string("", account.login) }
        w.key("gravatar_id"); w.string("")
        w.key("url")
        w.string(
            account.isOrganization ? "https://api.github.com/orgs/" : "https://api.github.com/users/", account.login)
        w.key("avatar_url"); w.string("https://avatars.githubusercontent.com/u/\(account.id)?")
        w.endObject()
    }
}
