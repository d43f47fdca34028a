import Foundation

/// Generates realistic, deterministic GitHub `GET /search/repositories` response bodies.
///
/// Every item carries every field of the "Repo Search Result Item" schema in the order
/// the live API sends them (81 keys, an owner with 19 keys, a license object or `null`,
/// topics, permissions, score), with values shaped like real ones: 64-bit ids (some
/// above 2^32), Unicode names, descriptions that need escaping, `null` where the API
/// has it, ISO-8601 dates and URLs built from the owner and name. A compact item is
/// about 5 KB, so 20,000 items make about 100 MB.
///
/// The bytes depend only on the seed and the arguments: the generator uses its own
/// SplitMix64 sequence, never the system's random numbers.
///
/// ```swift
/// let page = SearchPayloadGenerator(seed: 42).generate(items: 100)
/// let big = try FileHandle(forWritingTo: url)
/// try SearchPayloadGenerator().write(items: 20_000, to: big)
/// ```
public struct SearchPayloadGenerator: Sendable {
    /// The seed that fixes every byte of the output.
    public var seed: UInt64

    /// Creates a generator.
    /// - Parameter seed: any value; equal seeds give equal output.
    public init(seed: UInt64 = 1) {
        self.seed = seed
    }

    /// The keys of a search item, in wire order.
    public static let itemKeys: [String] = [
        "id", "node_id", "name", "full_name", "private", "owner", "html_url", "description", "fork", "url",
        "forks_url", "keys_url", "collaborators_url", "teams_url", "hooks_url", "issue_events_url",
        "events_url", "assignees_url", "branches_url", "tags_url", "blobs_url", "git_tags_url",
        "git_refs_url", "trees_url", "statuses_url", "languages_url", "stargazers_url",
        "contributors_url", "subscribers_url", "subscription_url", "commits_url", "git_commits_url",
        "comments_url", "issue_comment_url", "contents_url", "compare_url", "merges_url", "archive_url",
        "downloads_url", "issues_url", "pulls_url", "milestones_url", "notifications_url", "labels_url",
        "releases_url", "deployments_url", "created_at", "updated_at", "pushed_at", "git_url", "ssh_url",
        "clone_url", "svn_url", "homepage", "size", "stargazers_count", "watchers_count", "language",
        "has_issues", "has_projects", "has_downloads", "has_wiki", "has_pages", "has_discussions",
        "forks_count", "mirror_url", "archived", "disabled", "open_issues_count", "license",
        "allow_forking", "is_template", "web_commit_signoff_required", "topics", "visibility", "forks",
        "open_issues", "watchers", "default_branch", "permissions", "score",
    ]

    /// The keys of an item's `owner`, in wire order.
    public static let ownerKeys: [String] = [
        "login", "id", "node_id", "avatar_url", "gravatar_id", "url", "html_url", "followers_url",
        "following_url", "gists_url", "starred_url", "subscriptions_url", "organizations_url",
        "repos_url", "events_url", "received_events_url", "type", "user_view_type", "site_admin",
    ]

    /// The keys of an item's `license` when it is not `null`, in wire order.
    public static let licenseKeys: [String] = ["key", "name", "spdx_id", "url", "node_id"]

    /// The keys of an item's `permissions`, in wire order.
    public static let permissionKeys: [String] = ["admin", "maintain", "push", "triage", "pull"]

    /// Generates a whole response body in memory.
    /// - Parameters:
    ///   - items: how many search items the `items` array holds.
    ///   - pretty: indent by two spaces, one value per line, `"key": value`;
    ///     otherwise no white space at all.
    /// - Returns: UTF-8 JSON text: `{"total_count":N,"incomplete_results":false,"items":[...]}`.
    public func generate(items: Int, pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        emit(
            items: items, pretty: pretty, capacity: items * (pretty ? 7_000 : 5_400) + 128,
            flushThreshold: .max
        ) { output = $0 }
        return output
    }

    /// Generates a response body in chunks, never holding more than about `chunkSize` bytes.
    ///
    /// The concatenated chunks equal ``generate(items:pretty:)`` for the same arguments.
    /// - Parameters:
    ///   - items: how many search items the `items` array holds.
    ///   - pretty: indent as ``generate(items:pretty:)`` does.
    ///   - chunkSize: the size after which the pending text is handed to `sink` (at item boundaries).
    ///   - sink: receives each chunk; the view is valid only during the call.
    /// - Throws: what `sink` throws.
    public func write(
        items: Int, pretty: Bool = false, chunkSize: Int = 1 << 16,
        to sink: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        try emit(
            items: items, pretty: pretty, capacity: chunkSize + 16_384,
            flushThreshold: chunkSize
        ) { pending in
            try pending.withUnsafeBytes { try sink($0) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Generates a response body straight into a file handle, in chunks.
    /// - Parameters:
    ///   - items: how many search items the `items` array holds.
    ///   - pretty: indent as ``generate(items:pretty:)`` does.
    ///   - fileHandle: an open handle to write to; it is not closed.
    /// - Throws: the handle's write error.
    public func write(items: Int, pretty: Bool = false, to fileHandle: FileHandle) throws {
        try write(items: items, pretty: pretty, chunkSize: 1 << 20) { chunk in
            try fileHandle.write(contentsOf: Data(chunk))
        }
    }

    /// Writes the envelope and the items, calling `flush` with the pending text whenever it
    /// passes `flushThreshold` and once at the end.
    private func emit(
        items: Int, pretty: Bool, capacity: Int, flushThreshold: Int,
        flush: (inout [UInt8]) throws -> Void
    ) rethrows {
        precondition(items >= 0, "SearchPayloadGenerator: negative item count")
        var rng = SplitMix64(seed: seed)
        var state = ItemState()
        var writer = FixtureJSONWriter(pretty: pretty, capacity: capacity)
        writer.beginObject()
        writer.key("total_count")
        writer.int(items + rng.magnitude(maxDigits: 6))
        writer.key("incomplete_results")
        writer.bool(false)
        writer.key("items")
        writer.beginArray()
        for index in 0..<items {
            writeItem(index: index, into: &writer, rng: &rng, state: &state)
            if writer.bytes.count >= flushThreshold { try flush(&writer.bytes) }
        }
        writer.endArray()
        writer.endObject()
        if pretty { writer.bytes.append(UInt8(ascii: "\n")) }
        try flush(&writer.bytes)
    }
}
