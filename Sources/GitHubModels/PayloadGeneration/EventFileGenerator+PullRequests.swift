import Foundation

/// The pull requests, reviews and releases of generated events.
extension EventState {
    /// A pull request with its head and base (each with a whole repository).
    mutating func writePullRequest(number: Int, into w: inout FixtureJSONWriter) {
        let id = rng.int(in: 1_000_000_000...3_000_000_000)
        let base = "https://api.github.com/repos/x/y/pulls/\(number)"
        let merged = rng.chance(perMille: 300)
        w.beginObject()
        w.key("url"); w.string(base)
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("011:PullRequest\(id)"))
        w.key("html_url"); w.string("https://github.com/x/y/pull/\(number)")
        w.key("diff_url"); w.string("https://github.com/x/y/pull/\(number).diff")
        w.key("patch_url"); w.string("https://github.com/x/y/pull/\(number).patch")
        w.key("issue_url"); w.string("https://api.github.com/repos/x/y/issues/\(number)")
        w.key("number"); w.int(number)
        w.key("state"); w.string(merged ? "closed" : "open")
        w.key("locked"); w.bool(false)
        w.key("title"); w.string(generatedText(words: 2...10))
        w.key("user"); writeAccount(into: &w)
        w.key("body"); w.string(rng.chance(perMille: 200) ? nil : generatedText(words: 5...80))
        w.key("created_at"); w.string(generatedDate())
        w.key("updated_at"); w.string(generatedDate())
        w.key("closed_at"); if merged { w.string(generatedDate()) } else { w.null() }
        w.key("merged_at"); if merged { w.string(generatedDate()) } else { w.null() }
        w.key("merge_commit_sha"); w.string(generatedSHA())
        w.key("assignee"); w.null()
        w.key("assignees"); w.beginArray(); w.endArray()
        w.key("requested_reviewers"); w.beginArray()
        if rng.chance(perMille: 300) { writeAccount(into: &w) }
        w.endArray()
        w.key("requested_teams"); w.beginArray(); w.endArray()
        w.key("labels"); w.beginArray(); w.endArray()
        w.key("milestone"); w.null()
        w.key("draft"); w.bool(rng.chance(perMille: 100))
        w.key("commits_url"); w.string(base + "/commits")
        w.key("review_comments_url"); w.string(base + "/comments")
        w.key("review_comment_url"); w.string("https://api.github.com/repos/x/y/pulls/comments{/number}")
        w.key("comments_url"); w.string("https://api.github.com/repos/x/y/issues/\(number)/comments")
        w.key("statuses_url"); w.string("https://api.github.com/repos/x/y/statuses/" + generatedSHA())
        w.key("head"); writeRef(into: &w)
        w.key("base"); writeRef(into: &w)
        w.key("author_association"); w.string(rng.pick(["NONE", "CONTRIBUTOR", "MEMBER", "OWNER"]))
        w.key("auto_merge"); w.null()
        w.key("active_lock_reason"); w.null()
        w.key("merged"); w.bool(merged)
        w.key("mergeable"); w.null()
        w.key("rebaseable"); w.null()
        w.key("mergeable_state"); w.string("unknown")
        w.key("merged_by"); if merged { writeAccount(into: &w) } else { w.null() }
        for key: StaticString in ["comments", "review_comments"] { w.key(key); w.int(rng.magnitude(maxDigits: 2)) }
        w.key("maintainer_can_modify"); w.bool(false)
        for key: StaticString in ["commits", "additions", "deletions", "changed_files"] {
            w.key(key); w.int(rng.magnitude(maxDigits: 3))
        }
        w.endObject()
    }

    /// A pull request's head or base.
    private mutating func writeRef(into w: inout FixtureJSONWriter) {
        let branch = rng.pick(SearchPayloadVocabulary.defaultBranches)
        w.beginObject()
        w.key("label"); w.string("x:" + branch)
        w.key("ref"); w.string(branch)
        w.key("sha"); w.string(generatedSHA())
        w.key("user"); writeAccount(into: &w)
        w.key("repo"); repositories.writeItem(index: 0, into: &w, rng: &rng, state: &items)
        w.endObject()
    }

    /// A review.
    mutating func writeReview(into w: inout FixtureJSONWriter) {
        let id = rng.int(in: 1_000_000_000...3_000_000_000)
        w.beginObject()
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("017:PullRequestReview\(id)"))
        w.key("user"); writeAccount(into: &w)
        w.key("body"); w.string(rng.chance(perMille: 500) ? nil : generatedText(words: 1...30))
        w.key("commit_id"); w.string(generatedSHA())
        w.key("submitted_at"); w.string(generatedDate())
        w.key("state"); w.string(rng.pick(["approved", "commented", "changes_requested"]))
        w.key("html_url"); w.string("https://github.com/x/y/pull/1#pullrequestreview-\(id)")
        w.key("pull_request_url"); w.string("https://api.github.com/repos/x/y/pulls/1")
        w.key("author_association"); w.string("MEMBER")
        w.endObject()
    }

    /// A review comment on one line.
    mutating func writeReviewComment(into w: inout FixtureJSONWriter) {
        let id = rng.int(in: 1_000_000_000...3_000_000_000)
        let line = rng.int(in: 1...900)
        let base = "https://api.github.com/repos/x/y/pulls/comments/\(id)"
        w.beginObject()
        w.key("url"); w.string(base)
        w.key("pull_request_review_id"); w.int(rng.int(in: 1_000_000_000...3_000_000_000))
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("024:PullRequestReviewComment\(id)"))
        w.key("diff_hunk"); w.string("@@ -\(line),7 +\(line),9 @@\n " + generatedText(words: 3...12))
        w.key("path"); w.string("Sources/" + rng.pick(SearchPayloadVocabulary.nameWords) + ".swift")
        w.key("position"); w.int(rng.int(in: 1...40))
        w.key("original_position"); w.int(rng.int(in: 1...40))
        w.key("commit_id"); w.string(generatedSHA())
        w.key("original_commit_id"); w.string(generatedSHA())
        w.key("user"); writeAccount(into: &w)
        w.key("body"); w.string(generatedText(words: 1...40))
        w.key("created_at"); w.string(generatedDate())
        w.key("updated_at"); w.string(generatedDate())
        w.key("html_url"); w.string("https://github.com/x/y/pull/1#discussion_r\(id)")
        w.key("pull_request_url"); w.string("https://api.github.com/repos/x/y/pulls/1")
        w.key("author_association"); w.string("CONTRIBUTOR")
        w.key("reactions"); writeReactionCounts(base, into: &w)
        w.key("start_line"); w.null()
        w.key("original_start_line"); w.null()
        w.key("start_side"); w.null()
        w.key("line"); w.int(line)
        w.key("original_line"); w.int(line)
        w.key("side"); w.string("RIGHT")
        w.key("subject_type"); w.string("line")
        w.endObject()
    }

    /// A published release, with up to two assets.
    mutating func writeRelease(into w: inout FixtureJSONWriter) {
        let id = rng.int(in: 100_000_000...300_000_000)
        let tag = "v\(rng.int(in: 0...9)).\(rng.int(in: 0...30)).\(rng.int(in: 0...20))"
        let base = "https://api.github.com/repos/x/y/releases/\(id)"
        w.beginObject()
        w.key("url"); w.string(base)
        w.key("assets_url"); w.string(base + "/assets")
        w.key("upload_url"); w.string("https://uploads.github.com/repos/x/y/releases/\(id)/assets{?name,label}")
        w.key("html_url"); w.string("https://github.com/x/y/releases/tag/" + tag)
        w.key("id"); w.int(id)
        w.key("author"); writeAccount(into: &w)
        w.key("node_id"); w.string(FixtureFormatting.base64("07:Release\(id)"))
        w.key("tag_name"); w.string(tag)
        w.key("target_commitish"); w.string("main")
        w.key("name"); w.string(tag)
        w.key("draft"); w.bool(false)
        w.key("prerelease"); w.bool(rng.chance(perMille: 100))
        w.key("created_at"); w.string(generatedDate())
        w.key("published_at"); w.string(generatedDate())
        w.key("assets"); w.beginArray()
        for n in 0..<rng.int(in: 0...2) {
            let asset = id * 10 + n
            w.beginObject()
            w.key("url"); w.string("https://api.github.com/repos/x/y/releases/assets/\(asset)")
            w.key("id"); w.int(asset)
            w.key("node_id"); w.string(FixtureFormatting.base64("012:ReleaseAsset\(asset)"))
            w.key("name"); w.string(tag + "-linux-x86_64.tar.gz")
            w.key("label"); w.null()
            w.key("uploader"); writeAccount(into: &w)
            w.key("content_type"); w.string("application/gzip")
            w.key("state"); w.string("uploaded")
            w.key("size"); w.int(rng.magnitude(maxDigits: 8))
            w.key("download_count"); w.int(rng.magnitude(maxDigits: 3))
            w.key("created_at"); w.string(generatedDate())
            w.key("updated_at"); w.string(generatedDate())
            w.key("browser_download_url"); w.string("https://github.com/x/y/releases/download/\(tag)/asset")
            w.endObject()
        }
        w.endArray()
        w.key("tarball_url"); w.string("https://api.github.com/repos/x/y/tarball/" + tag)
        w.key("zipball_url"); w.string("https://api.github.com/repos/x/y/zipball/" + tag)
        w.key("body"); w.string(generatedText(words: 5...120))
        w.endObject()
    }
}
