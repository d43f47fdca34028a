/// One generated search item: how its values are drawn and the order they are written.
extension SearchPayloadGenerator {
    /// A repository owner; owners recur across items as they do in real results.
    struct Owner {
        let login: [UInt8] // escaped
        let id: Int
        let nodeID: String
        let isOrganization: Bool
        let siteAdmin: Bool
        let gravatarIsNull: Bool
    }

    /// What persists from item to item: the owners met so far.
    struct ItemState {
        var owners: [Owner] = []
        static let ownerPoolLimit = 4_096
    }

    private typealias Words = SearchPayloadVocabulary

    // Timestamps between GitHub's launch and mid-2025.
    private static let earliest = FixtureFormatting.secondsSince1970(year: 2008, month: 4, day: 10)
    private static let latest = FixtureFormatting.secondsSince1970(year: 2025, month: 6, day: 30)

    func writeItem(index: Int, into w: inout FixtureJSONWriter, rng: inout SplitMix64, state: inout ItemState) {
        let owner = nextOwner(rng: &rng, state: &state)
        let name = repositoryName(rng: &rng)
        let escapedName = FixtureJSONWriter.escaped(name)
        let full = owner.login + [UInt8(ascii: "/")] + escapedName
        let id = repositoryID(rng: &rng)
        let isPrivate = rng.chance(perMille: 15)

        w.beginObject()
        w.key("id"); w.int(id)
        w.key("node_id"); w.string(FixtureFormatting.base64("010:Repository\(id)"))
        w.key("name"); w.string("", escapedName)
        w.key("full_name"); w.string("", full)
        w.key("private"); w.bool(isPrivate)
        w.key("owner"); writeOwner(owner, into: &w)
        w.key("html_url"); w.string("https://github.com/", full)
        w.key("description"); w.string(description(rng: &rng))
        w.key("fork"); w.bool(rng.chance(perMille: 100))
        writeRepositoryURLs(full, into: &w)

        let created = rng.int(in: Self.earliest...(Self.latest - 86_400))
        let updated = rng.int(in: created...Self.latest)
        let pushed = rng.chance(perMille: 900) ? rng.int(in: created...updated) : updated
        w.key("created_at"); w.string(FixtureFormatting.iso8601(secondsSince1970: created))
        w.key("updated_at"); w.string(FixtureFormatting.iso8601(secondsSince1970: updated))
        w.key("pushed_at"); w.string(FixtureFormatting.iso8601(secondsSince1970: pushed))
        w.key("git_url"); w.string("git://github.com/", full, ".git")
        w.key("ssh_url"); w.string("git@github.com:", full, ".git")
        w.key("clone_url"); w.string("https://github.com/", full, ".git")
        w.key("svn_url"); w.string("https://github.com/", full)
        w.key("homepage"); writeHomepage(owner: owner, name: escapedName, into: &w, rng: &rng)

        let stars = rng.magnitude(maxDigits: 6)
        let forks = rng.magnitude(maxDigits: min(5, String(stars).count))
        let openIssues = rng.magnitude(maxDigits: 4)
        w.key("size"); w.int(rng.magnitude(maxDigits: 7))
        w.key("stargazers_count"); w.int(stars)
        w.key("watchers_count"); w.int(stars)
        w.key("language"); w.string(rng.chance(perMille: 150) ? nil : rng.pick(Words.languages))
        w.key("has_issues"); w.bool(rng.chance(perMille: 950))
        w.key("has_projects"); w.bool(rng.chance(perMille: 850))
        w.key("has_downloads"); w.bool(rng.chance(perMille: 980))
        w.key("has_wiki"); w.bool(rng.chance(perMille: 700))
        w.key("has_pages"); w.bool(rng.chance(perMille: 150))
        w.key("has_discussions"); w.bool(rng.chance(perMille: 120))
        w.key("forks_count"); w.int(forks)
        w.key("mirror_url")
        if rng.chance(perMille: 20) { w.string("https://gitlab.com/", full, ".git") } else { w.null() }
        w.key("archived"); w.bool(rng.chance(perMille: 50))
        w.key("disabled"); w.bool(rng.chance(perMille: 3))
        w.key("open_issues_count"); w.int(openIssues)
        w.key("license"); writeLicense(into: &w, rng: &rng)
        w.key("allow_forking"); w.bool(rng.chance(perMille: 970))
        w.key("is_template"); w.bool(rng.chance(perMille: 30))
        w.key("web_commit_signoff_required"); w.bool(rng.chance(perMille: 20))
        w.key("topics"); writeTopics(into: &w, rng: &rng)
        w.key("visibility"); w.string(isPrivate ? "private" : (rng.chance(perMille: 5) ? "internal" : "public"))
        w.key("forks"); w.int(forks)
        w.key("open_issues"); w.int(openIssues)
        w.key("watchers"); w.int(stars)
        w.key("default_branch"); w.string(rng.pick(Words.defaultBranches))
        w.key("permissions"); writePermissions(into: &w, rng: &rng)
        w.key("score")
        w.number(
            literal: FixtureFormatting.scoreLiteral(
                hundredThousandths: rng.chance(perMille: 300) ? 100_000 : rng.int(in: 100_000...20_000_000)))
        w.endObject()
    }

    // MARK: Values

    /// Ids up to and above 2^31, some above 2^32, as GitHub's 64-bit ids will be.
    private func repositoryID(rng: inout SplitMix64) -> Int {
        switch rng.below(100) {
        case 0..<55: return rng.int(in: 1_000...2_147_483_647)
        case 55..<85: return rng.int(in: 2_147_483_648...4_294_967_295)
        default: return rng.int(in: 4_294_967_296...12_000_000_000)
        }
    }

    func nextOwner(rng: inout SplitMix64, state: inout ItemState) -> Owner {
        if !state.owners.isEmpty && (rng.chance(perMille: 400) || state.owners.count >= ItemState.ownerPoolLimit) {
            return state.owners[rng.below(state.owners.count)]
        }
        let isOrganization = rng.chance(perMille: 300)
        var login = ""
        for _ in 0..<rng.int(in: 1...3) { login += rng.pick(Words.loginSyllables) }
        if isOrganization {
            login += rng.pick(Words.orgSuffixes)
        } else if rng.chance(perMille: 400) {
            login += "\(rng.int(in: 1...9_999))"
        }
        let id = rng.chance(perMille: 850) ? rng.int(in: 1...250_000_000) : rng.int(in: 250_000_001...6_000_000_000)
        let nodeID = FixtureFormatting.base64(isOrganization ? "012:Organization\(id)" : "04:User\(id)")
        let owner = Owner(
            login: FixtureJSONWriter.escaped(login), id: id, nodeID: nodeID,
            isOrganization: isOrganization, siteAdmin: rng.chance(perMille: 2),
            gravatarIsNull: rng.chance(perMille: 10))
        state.owners.append(owner)
        return owner
    }

    private func repositoryName(rng: inout SplitMix64) -> String {
        let separators = ["-", "-", "-", "_", ".", ""]
        var parts: [String] = []
        for _ in 0..<rng.int(in: 1...3) { parts.append(rng.pick(Words.nameWords)) }
        if rng.chance(perMille: 60) { parts.insert(rng.pick(Words.unicodeNameWords), at: rng.below(parts.count + 1)) }
        var name = parts.joined(separator: rng.pick(separators))
        if rng.chance(perMille: 100) { name = name.prefix(1).uppercased() + name.dropFirst() }
        if rng.chance(perMille: 80) { name += rng.pick([".js", ".c64", ".nvim", "2", "-rs", ".swift"]) }
        return name
    }

    func description(rng: inout SplitMix64) -> String? {
        if rng.chance(perMille: 150) { return nil }
        if rng.chance(perMille: 30) { return "" }
        var text =
            "\(rng.pick(Words.descriptionOpenings)) \(rng.pick(Words.descriptionNouns)) \(rng.pick(Words.descriptionTails))"
        if rng.chance(perMille: 350) { text += " " + rng.pick(Words.descriptionExtras) }
        return text
    }

    // MARK: Nested objects

    func writeOwner(_ owner: Owner, into w: inout FixtureJSONWriter) {
        let login = owner.login
        w.beginObject()
        w.key("login"); w.string("", login)
        w.key("id"); w.int(owner.id)
        w.key("node_id"); w.string(owner.nodeID)
        w.key("avatar_url"); w.string("https://avatars.githubusercontent.com/u/\(owner.id)?v=4")
        w.key("gravatar_id"); if owner.gravatarIsNull { w.null() } else { w.string("") }
        w.key("url"); w.string("https://api.github.com/users/", login)
        w.key("html_url"); w.string("https://github.com/", login)
        w.key("followers_url"); w.string("https://api.github.com/users/", login, "/followers")
        w.key("following_url"); w.string("https://api.github.com/users/", login, "/following{/other_user}")
        w.key("gists_url"); w.string("https://api.github.com/users/", login, "/gists{/gist_id}")
        w.key("starred_url"); w.string("https://api.github.com/users/", login, "/starred{/owner}{/repo}")
        w.key("subscriptions_url"); w.string("https://api.github.com/users/", login, "/subscriptions")
        w.key("organizations_url"); w.string("https://api.github.com/users/", login, "/orgs")
        w.key("repos_url"); w.string("https://api.github.com/users/", login, "/repos")
        w.key("events_url"); w.string("https://api.github.com/users/", login, "/events{/privacy}")
        w.key("received_events_url"); w.string("https://api.github.com/users/", login, "/received_events")
        w.key("type"); w.string(owner.isOrganization ? "Organization" : "User")
        w.key("user_view_type"); w.string("public")
        w.key("site_admin"); w.bool(owner.siteAdmin)
        w.endObject()
    }

    /// `url` through `deployments_url`: the API links of a repository.
    private func writeRepositoryURLs(_ full: [UInt8], into w: inout FixtureJSONWriter) {
        let api: StaticString = "https://api.github.com/repos/"
        w.key("url"); w.string(api, full)
        w.key("forks_url"); w.string(api, full, "/forks")
        w.key("keys_url"); w.string(api, full, "/keys{/key_id}")
        w.key("collaborators_url"); w.string(api, full, "/collaborators{/collaborator}")
        w.key("teams_url"); w.string(api, full, "/teams")
        w.key("hooks_url"); w.string(api, full, "/hooks")
        w.key("issue_events_url"); w.string(api, full, "/issues/events{/number}")
        w.key("events_url"); w.string(api, full, "/events")
        w.key("assignees_url"); w.string(api, full, "/assignees{/user}")
        w.key("branches_url"); w.string(api, full, "/branches{/branch}")
        w.key("tags_url"); w.string(api, full, "/tags")
        w.key("blobs_url"); w.string(api, full, "/git/blobs{/sha}")
        w.key("git_tags_url"); w.string(api, full, "/git/tags{/sha}")
        w.key("git_refs_url"); w.string(api, full, "/git/refs{/sha}")
        w.key("trees_url"); w.string(api, full, "/git/trees{/sha}")
        w.key("statuses_url"); w.string(api, full, "/statuses/{sha}")
        w.key("languages_url"); w.string(api, full, "/languages")
        w.key("stargazers_url"); w.string(api, full, "/stargazers")
        w.key("contributors_url"); w.string(api, full, "/contributors")
        w.key("subscribers_url"); w.string(api, full, "/subscribers")
        w.key("subscription_url"); w.string(api, full, "/subscription")
        w.key("commits_url"); w.string(api, full, "/commits{/sha}")
        w.key("git_commits_url"); w.string(api, full, "/git/commits{/sha}")
        w.key("comments_url"); w.string(api, full, "/comments{/number}")
        w.key("issue_comment_url"); w.string(api, full, "/issues/comments{/number}")
        w.key("contents_url"); w.string(api, full, "/contents/{+path}")
        w.key("compare_url"); w.string(api, full, "/compare/{base}...{head}")
        w.key("merges_url"); w.string(api, full, "/merges")
        w.key("archive_url"); w.string(api, full, "/{archive_format}{/ref}")
        w.key("downloads_url"); w.string(api, full, "/downloads")
        w.key("issues_url"); w.string(api, full, "/issues{/number}")
        w.key("pulls_url"); w.string(api, full, "/pulls{/number}")
        w.key("milestones_url"); w.string(api, full, "/milestones{/number}")
        w.key("notifications_url"); w.string(api, full, "/notifications{?since,all,participating}")
        w.key("labels_url"); w.string(api, full, "/labels{/name}")
        w.key("releases_url"); w.string(api, full, "/releases{/id}")
        w.key("deployments_url"); w.string(api, full, "/deployments")
    }

    private func writeHomepage(
        owner: Owner, name: [UInt8], into w: inout FixtureJSONWriter,
        rng: inout SplitMix64
    ) {
        switch rng.below(100) {
        case 0..<40: w.null()
        case 40..<60: w.string("")
        case 60..<80: w.string("https://", owner.login + Array(".github.io/".utf8) + name)
        default: w.string("https://", name, ".dev")
        }
    }

    private func writeLicense(into w: inout FixtureJSONWriter, rng: inout SplitMix64) {
        if rng.chance(perMille: 300) { w.null(); return }
        let license = rng.pick(Words.licenses)
        w.beginObject()
        w.key("key"); w.string(license.key)
        w.key("name"); w.string(license.name)
        w.key("spdx_id"); w.string(license.spdxID)
        w.key("url"); w.string(license.hasURL ? "https://api.github.com/licenses/\(license.key)" : nil)
        w.key("node_id"); w.string(FixtureFormatting.base64("07:License\(license.number)"))
        w.endObject()
    }

    private func writeTopics(into w: inout FixtureJSONWriter, rng: inout SplitMix64) {
        w.beginArray()
        let count = rng.chance(perMille: 350) ? 0 : rng.int(in: 1...10)
        for _ in 0..<count { w.string(rng.pick(Words.topics)) }
        w.endArray()
    }

    private func writePermissions(into w: inout FixtureJSONWriter, rng: inout SplitMix64) {
        let admin = rng.chance(perMille: 50)
        let push = admin || rng.chance(perMille: 50)
        w.beginObject()
        w.key("admin"); w.bool(admin)
        w.key("maintain"); w.bool(admin)
        w.key("push"); w.bool(push)
        w.key("triage"); w.bool(push)
        w.key("pull"); w.bool(true)
        w.endObject()
    }
}
