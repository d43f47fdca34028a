import Foundation

/// The payloads of generated events, in the Events API's shape.
extension EventState {
    /// Writes the payload of an event of `type` done by `actor` in repository `repoID`.
    mutating func writePayload(
        _ type: String, actor: SearchPayloadGenerator.Owner, repoID: Int, into w: inout FixtureJSONWriter
    ) {
        w.beginObject()
        switch type {
        case "PushEvent":
            let size = rng.chance(perMille: 700) ? 1 : rng.int(in: 2...20)
            w.key("repository_id"); w.int(repoID)
            w.key("push_id"); w.int(rng.int(in: 20_000_000_000...23_000_000_000))
            w.key("size"); w.int(size)
            w.key("distinct_size"); w.int(rng.int(in: 0...size))
            w.key("ref"); w.string("refs/heads/" + branch())
            w.key("head"); w.string(generatedSHA())
            w.key("before"); w.string(generatedSHA())
            w.key("commits"); w.beginArray()
            for _ in 0..<size { writeCommit(by: actor, into: &w) }
            w.endArray()
        case "CreateEvent", "DeleteEvent":
            let refType =
                type == "CreateEvent" && rng.chance(perMille: 200) ? "repository" : rng.pick(["branch", "tag"])
            w.key("ref"); if refType == "repository" { w.null() } else { w.string(branch()) }
            w.key("ref_type"); w.string(refType)
            if type == "CreateEvent" {
                w.key("master_branch"); w.string(rng.pick(SearchPayloadVocabulary.defaultBranches))
                w.key("description"); w.string(repositories.description(rng: &rng))
            }
            w.key("pusher_type"); w.string("user")
        case "WatchEvent":
            w.key("action"); w.string("started")
        case "ForkEvent":
            w.key("forkee"); repositories.writeItem(index: 0, into: &w, rng: &rng, state: &items)
        case "IssuesEvent":
            w.key("action"); w.string(rng.pick(["opened", "closed", "reopened"]))
            w.key("issue"); writeIssue(into: &w)
        case "IssueCommentEvent":
            w.key("action"); w.string("created")
            w.key("issue"); writeIssue(into: &w)
            w.key("comment"); writeComment(into: &w)
        case "PullRequestEvent":
            let number = rng.int(in: 1...40_000)
            w.key("action"); w.string(rng.pick(["opened", "closed", "reopened", "synchronize"]))
            w.key("number"); w.int(number)
            w.key("pull_request"); writePullRequest(number: number, into: &w)
        case "PullRequestReviewEvent":
            w.key("action"); w.string("created")
            w.key("review"); writeReview(into: &w)
            w.key("pull_request"); writePullRequest(number: rng.int(in: 1...40_000), into: &w)
        case "PullRequestReviewCommentEvent":
            w.key("action"); w.string("created")
            w.key("comment"); writeReviewComment(into: &w)
            w.key("pull_request"); writePullRequest(number: rng.int(in: 1...40_000), into: &w)
        case "ReleaseEvent":
            w.key("action"); w.string("published")
            w.key("release"); writeRelease(into: &w)
        default:
            w.key("pages"); w.beginArray(); w.beginObject()
            w.key("page_name"); w.string("Home")
            w.key("title"); w.string("Home")
            w.key("action"); w.string(rng.pick(["created", "edited"]))
            w.key("sha"); w.string(generatedSHA())
            w.endObject(); w.endArray()
        }
        w.endObject()
    }

    /// Forty hexadecimal digits.
    mutating func generatedSHA() -> String {
        String(format: "%016llx%016llx%08x", rng.next(), rng.next(), UInt32(truncatingIfNeeded: rng.next()))
    }

    /// A branch or tag name.
    private mutating func branch() -> String {
        rng.chance(perMille: 500)
            ? rng.pick(SearchPayloadVocabulary.defaultBranches)
            : rng.pick(["feature/", "fix/", "dependabot/npm_and_yarn/", "v"])
                + rng.pick(SearchPayloadVocabulary.nameWords)
    }

    /// A date in the hour's day.
    mutating func generatedDate() -> String {
        FixtureFormatting.iso8601(secondsSince1970: hour - rng.below(86_400 * 30))
    }

    /// Words of a title or a body.
    mutating func generatedText(words: ClosedRange<Int>) -> String {
        var parts: [String] = []
        for _ in 0..<rng.int(in: words) { parts.append(rng.pick(SearchPayloadVocabulary.descriptionNouns)) }
        return parts.joined(separator: " ")
    }

    /// A user object (its `gravatar_id` a string, as the models require).
    mutating func writeAccount(into w: inout FixtureJSONWriter) {
        let account = repositories.nextOwner(rng: &rng, state: &items)
        repositories.writeOwner(
            SearchPayloadGenerator.Owner(
                login: account.login, id: account.id, nodeID: account.nodeID, isOrganization: false,
                siteAdmin: account.siteAdmin, gravatarIsNull: false),
            into: &w)
    }

    /// A push's commit.
    private mutating func writeCommit(by actor: SearchPayloadGenerator.Owner, into w: inout FixtureJSONWriter) {
        let hash = generatedSHA()
        w.beginObject()
        w.key("sha"); w.string(hash)
        w.key("author"); w.beginObject()
        w.key("email"); w.string("", actor.login, "@users.noreply.github.com")
        w.key("name"); w.string("", actor.login)
        w.endObject()
        w.key("message"); w.string(generatedText(words: 2...12))
        w.key("distinct"); w.bool(rng.chance(perMille: 900))
        w.key("url"); w.string("https://api.github.com/repos/x/y/commits/" + hash)
        w.endObject()
    }

    /// An issue (open or closed), with labels and reactions.
    private mutating func writeIssue(into w: inout FixtureJSONWriter) {
        let number = rng.int(in: 1...40_000)
        let id = rng.int(in: 1_000_000_000...3_000_000_000)
        let base = "https://api.github.com/repos/x/y/issues/\(number)"
        let closed = rng.chance(perMille: 400)
        w.beginObject()
        w.key("url"); w.string(base)
        w.key("repository_url"); w.string("https://api.github.com/repos/x/y")
        w.key("labels_url"); w.string(base + "/labels{/name}")
        w.key("comments_url"); w.string(base + "/comments")
        w.key("events_url"); w.string(base + "/events")
        w.key("html_url"); w.string("https://github.com/x/y/issues/\(number)")
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("05:Issue\(id)"))
        w.key("number"); w.int(number)
        w.key("title"); w.string(generatedText(words: 2...9))
        w.key("user"); writeAccount(into: &w)
        w.key("labels"); w.beginArray()
        for _ in 0..<rng.int(in: 0...2) { writeLabel(into: &w) }
        w.endArray()
        w.key("state"); w.string(closed ? "closed" : "open")
        w.key("locked"); w.bool(false)
        w.key("assignee"); w.null()
        w.key("assignees"); w.beginArray(); w.endArray()
        w.key("milestone"); w.null()
        w.key("comments"); w.int(rng.magnitude(maxDigits: 2))
        w.key("created_at"); w.string(generatedDate())
        w.key("updated_at"); w.string(generatedDate())
        w.key("closed_at"); if closed { w.string(generatedDate()) } else { w.null() }
        w.key("author_association"); w.string(rng.pick(["NONE", "CONTRIBUTOR", "MEMBER", "OWNER"]))
        w.key("active_lock_reason"); w.null()
        w.key("body"); w.string(rng.chance(perMille: 100) ? nil : generatedText(words: 5...60))
        w.key("reactions"); writeReactionCounts(base, into: &w)
        w.key("timeline_url"); w.string(base + "/timeline")
        w.key("performed_via_github_app"); w.null()
        w.key("state_reason"); if closed { w.string("completed") } else { w.null() }
        w.endObject()
    }

    /// A label.
    private mutating func writeLabel(into w: inout FixtureJSONWriter) {
        let id = rng.int(in: 1_000_000...9_000_000_000)
        let name = rng.pick(["bug", "enhancement", "documentation", "good first issue", "dependencies", "help wanted"])
        w.beginObject()
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("05:Label\(id)"))
        w.key("url"); w.string("https://api.github.com/repos/x/y/labels/" + name)
        w.key("name"); w.string(name)
        w.key("color"); w.string(String(format: "%06x", rng.below(0x1000000)))
        w.key("default"); w.bool(rng.chance(perMille: 500))
        w.key("description"); w.string(rng.chance(perMille: 300) ? nil : generatedText(words: 2...6))
        w.endObject()
    }

    /// Reactions, most counts zero.
    mutating func writeReactionCounts(_ base: String, into w: inout FixtureJSONWriter) {
        let plusOne = rng.chance(perMille: 200) ? rng.int(in: 1...9) : 0
        w.beginObject()
        w.key("url"); w.string(base + "/reactions")
        w.key("total_count"); w.int(plusOne)
        w.key("+1"); w.int(plusOne)
        for key: StaticString in ["-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"] {
            w.key(key); w.int(0)
        }
        w.endObject()
    }

    /// An issue comment.
    private mutating func writeComment(into w: inout FixtureJSONWriter) {
        let id = rng.int(in: 1_000_000_000...3_000_000_000)
        let base = "https://api.github.com/repos/x/y/issues/comments/\(id)"
        w.beginObject()
        w.key("url"); w.string(base)
        w.key("html_url"); w.string("https://github.com/x/y/issues/1#issuecomment-\(id)")
        w.key("issue_url"); w.string("https://api.github.com/repos/x/y/issues/1")
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("012:IssueComment\(id)"))
        w.key("user"); writeAccount(into: &w)
        w.key("created_at"); w.string(generatedDate())
        w.key("updated_at"); w.string(generatedDate())
        w.key("author_association"); w.string("NONE")
        w.key("body"); w.string(generatedText(words: 1...80))
        w.key("reactions"); writeReactionCounts(base, into: &w)
        w.key("performed_via_github_app"); w.null()
        w.endObject()
    }
}
