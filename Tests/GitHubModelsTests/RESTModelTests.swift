import Foundation
import GitHubModels
import Testing
import YajlMapper

/// The REST resources no webhook carries whole: a commit with its files, a user's profile.
/// The documents are written here in the shape GitHub's REST reference gives.
@Suite struct RESTModelTests {
    static let commit = """
        {"url": "https://api.github.com/repos/o/r/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e",
         "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e", "node_id": "MDY6Q29tbWl0NmRjYjA5YjViNTc4NzVmMzM0ZjYxYWViZWQ2OTVlMmU0MTkzZGI1ZQ==",
         "html_url": "https://github.com/o/r/commit/6dcb09b5b57875f334f61aebed695e2e4193db5e",
         "comments_url": "https://api.github.com/repos/o/r/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e/comments",
         "commit": {"url": "https://api.github.com/repos/o/r/git/commits/6dcb09b5b57875f334f61aebed695e2e4193db5e",
           "author": {"name": "Ada Lovelace", "email": "ada@example.com", "date": "2024-02-29T23:59:59Z"},
           "committer": {"name": "Ada Lovelace", "email": "ada@example.com", "date": "2024-03-01T00:00:05Z"},
           "message": "Fix all the bugs\\n\\nAnd add a test.", "tree": {"url": "https://api.github.com/repos/o/r/tree/6dcb", "sha": "6dcb"},
           "comment_count": 0,
           "verification": {"verified": false, "reason": "unsigned", "signature": null, "payload": null, "verified_at": null}},
         "author": null, "committer": null,
         "parents": [{"url": "https://api.github.com/repos/o/r/commits/6dcb", "sha": "6dcb", "html_url": "https://github.com/o/r/commit/6dcb"}],
         "stats": {"additions": 104, "deletions": 4, "total": 108},
         "files": [{"filename": "file1.txt", "additions": 10, "deletions": 2, "changes": 12, "status": "modified",
           "raw_url": "https://github.com/o/r/raw/6dcb/file1.txt", "blob_url": "https://github.com/o/r/blob/6dcb/file1.txt",
           "patch": "@@ -29,7 +29,7 @@\\n.....", "sha": "bbcd538c8e72b8c175046e27cc8f907076331401",
           "contents_url": "https://api.github.com/repos/o/r/contents/file1.txt?ref=6dcb"}]}
        """

    @Test func aCommitWithItsFilesMapsAndDecodesAlike() throws {
        let commit = try Mapper<GitHubCommit>(strict: true).map(string: Self.commit)
        #expect(commit.commit.author.name == "Ada Lovelace" && commit.commit.message.hasPrefix("Fix all the bugs\n"))
        #expect(commit.commit.committer.date == ISO8601DateTransform.date(from: "2024-03-01T00:00:05Z"))
        #expect(commit.commit.verification?.isVerified == false && commit.commit.verification?.reason == "unsigned")
        #expect(commit.author == nil && commit.parents.map(\.sha) == ["6dcb"] && commit.stats?.total == 108)
        #expect(commit.files?.first?.status == "modified" && commit.files?.first?.previousFilename == nil)
        let decoder = YajlDecoder()
        decoder.dateDecodingStrategy = .custom(GitHubDates.decode)
        #expect(try decoder.decode(GitHubCommit.self, from: Data(Self.commit.utf8)) == commit)
        let missing = Self.commit.replacingOccurrences(of: #""tree": {"#, with: #""trunk": {"#)
        let error = try #require(throws: MappingError.self) {
            try Mapper<GitHubCommit>(strict: true).map(string: missing)
        }
        #expect(error.problems.map(\.keyPath) == ["commit.tree"])
    }

    static let user = """
        {"login": "octocat", "id": 1, "node_id": "MDQ6VXNlcjE=", "avatar_url": "https://github.com/images/error/octocat_happy.gif",
         "gravatar_id": "", "url": "https://api.github.com/users/octocat", "html_url": "https://github.com/octocat",
         "type": "User", "site_admin": false, "name": "monalisa octocat", "company": "GitHub", "blog": "https://github.com/blog",
         "location": "San Francisco", "email": null, "hireable": false, "bio": "There once was...", "twitter_username": null,
         "public_repos": 2, "public_gists": 1, "followers": 20, "following": 0,
         "created_at": "2008-01-14T04:33:35Z", "updated_at": "2008-01-14T04:33:35Z"}
        """

    @Test func aUserProfileMapsAndDecodesAlike() throws {
        let user = try Mapper<GitHubFullUser>(strict: true).map(string: Self.user)
        #expect(user.login == "octocat" && user.type == .user && user.company == "GitHub" && user.email == nil)
        #expect(user.publicRepos == 2 && user.followers == 20 && user.isHireable == false)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom(GitHubDates.decode)
        #expect(try decoder.decode(GitHubFullUser.self, from: Data(Self.user.utf8)) == user)
        let mistyped = Self.user.replacingOccurrences(of: #""followers": 20"#, with: #""followers": "20""#)
        let error = try #require(throws: MappingError.self) {
            try Mapper<GitHubFullUser>(strict: true).map(string: mistyped)
        }
        #expect(error.problems.map(\.keyPath) == ["followers"] && error.problems.first?.location?.line == 5)
    }
}
