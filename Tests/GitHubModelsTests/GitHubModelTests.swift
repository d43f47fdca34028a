import Foundation
import GitHubModels
import Testing
import YajlMapper

@Suite("GitHub models: fixtures")
struct GitHubFixtureTests {
    @Test(
        "every search fixture maps strictly and round-trips", arguments: fixtureFiles("search").map(\.lastPathComponent)
    )
    func searchFixtures(_ name: String) throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/\(name)"))
        #expect(page.items.count <= 100)
        #expect(try roundTrip(page) == page)
        for repository in page.items {
            #expect(repository.fullName == "\(repository.owner.login)/\(repository.name)")
            #expect(repository.htmlUrl.hasSuffix(repository.name))
            #expect(repository.score != nil)
        }
    }

    @Test func noResults() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/no-results.json"))
        #expect(page == GitHubRepositories(totalCount: 0, incompleteResults: false, items: []))
    }

    @Test func nullsAreNil() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/null-fields.json"))
        let bare = page.items[0]
        #expect(bare.description == nil)
        #expect(bare.language == nil)
        #expect(bare.license == nil)
        #expect(bare.homepage == nil)
        #expect(bare.mirrorUrl == nil)
        #expect(bare.owner.gravatarId == nil)
        let other = page.items[1]
        #expect(other.homepage == "")
        #expect(
            other.license
                == GitHubLicense(
                    key: "other", name: "Other", spdxId: "NOASSERTION", url: nil, nodeId: "MDc6TGljZW5zZTA="))
        #expect(other.updatedAt == date("2024-01-02T03:04:05Z"))
    }

    @Test func incompleteResults() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/incomplete-results.json"))
        #expect(page.incompleteResults)
        #expect(page.totalCount == 4211)
        let react = try #require(page.items.first)
        #expect(react.id == 10270250)
        #expect(react.owner.type == .organization)
        #expect(react.topics == ["declarative", "frontend", "javascript", "library", "react", "ui"])
        #expect(react.visibility == .public)
        #expect(react.isTemplate == false)
        #expect(
            react.permissions
                == GitHubPermissions(admin: false, maintain: false, push: false, triage: false, pull: true))
        #expect(react.license?.spdxId == "MIT")
        #expect(react.createdAt == date("2013-05-24T16:15:54Z"))
        #expect(react.createdAt.timeIntervalSince1970 == 1_369_412_154)
        #expect(react.cloneUrl == "https://github.com/facebook/react.git")
        #expect(react.sshUrl == "git@github.com:facebook/react.git")
        #expect(react.defaultBranch == "main")
        #expect(react.stargazersCount == 224_000)
        #expect(react.score == 1.0)
    }

    @Test func largeIdsAreExact() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/large-ids.json"))
        #expect(page.items.map(\.id) == [2_147_483_648, 4_294_967_297, 9_007_199_254_740_993])
        #expect(page.items.allSatisfy { $0.owner.id == 4_294_967_296 })
        let json = try #require(page.items[2].toJSONString())
        #expect(json.contains("\"id\":9007199254740993"))
    }

    @Test func unicodeAndEscapes() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/unicode-escapes.json"))
        #expect(page.items[0].name == "café-日本")
        #expect(page.items[0].fullName == "josé/café-日本")
        #expect(
            page.items[0].description
                == "Quotes \"inside\", a backslash \\, a slash /, a tab\there,\na newline, an emoji 🚀 and raw UTF-8: naïve über 中文 مرحبا"
        )
        #expect(page.items[1].name == "rocket-🚀")
        #expect(page.items[1].description?.contains("\u{01} \u{1F}") == true)
        #expect(page.items[1].description?.contains("</script>") == true)
    }

    @Test func schema2019WithoutTopicsOrVisibility() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/schema-2019.json"))
        let tetros = page.items[0]
        #expect(tetros.topics == nil)
        #expect(tetros.visibility == nil)
        #expect(tetros.isTemplate == nil)
        #expect(
            tetros.permissions == GitHubPermissions(admin: false, maintain: nil, push: false, triage: nil, pull: true))
        #expect(tetros.score == 93.44427)
        #expect(tetros.defaultBranch == "master")
    }

    @Test func generatedPage() throws {
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try fixture("search/generated-100.json"))
        #expect(page.items.count == 100)
        #expect(Set(page.items.map(\.id)).count == 100)
        #expect(page.items.contains { $0.description == nil })
        #expect(page.items.contains { $0.license == nil })
        #expect(page.items.contains { $0.id > Int64(UInt32.max) })
        // The committed page is what `yajlmap fixtures generate --items 100` writes.
        #expect(try fixture("search/generated-100.json") == SearchPayloadGenerator(seed: 1).generate(items: 100))
    }

    @Test func repositoryAndRepositories() throws {
        let react = try Mapper<GitHubRepository>(strict: true).map(data: try fixture("repository/react.json"))
        #expect(react.fullName == "facebook/react")
        #expect(react.score == nil)
        #expect(try roundTrip(react) == react)
        let list = try Mapper<GitHubRepository>(strict: true).mapArray(
            data: try fixture("repositories/user-repos-2019.json"))
        #expect(list.map(\.name) == ["tetros", "react-tetris"])
        #expect(list.allSatisfy { $0.permissions == nil && $0.score == nil })
    }

    @Test func generatedPayloadsOfManySeedsMapStrictly() throws {
        for seed in 1...5 as ClosedRange<UInt64> {
            let bytes = SearchPayloadGenerator(seed: seed).generate(items: 30, pretty: seed % 2 == 0)
            let page = try Mapper<GitHubRepositories>(strict: true).map(data: bytes)
            #expect(page.items.count == 30)
            #expect(try roundTrip(page) == page)
        }
    }
}

@Suite("GitHub models: recorded pages", .enabled(if: sharedCorpus != nil))
struct GitHubCorpusTests {
    @Test func searchOrgPage2022() throws {
        let url = try #require(sharedCorpus).appendingPathComponent("hub4j_searchOrgForRepositories_2022-02.json")
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try Data(contentsOf: url))
        #expect(page.totalCount == 45)
        #expect(page.items.count == 30)
        #expect(!page.incompleteResults)
        #expect(page.items.allSatisfy { $0.owner.type == .organization && $0.visibility != nil && $0.topics != nil })
        #expect(try roundTrip(page) == page)
    }

    @Test func tetrisPage2019() throws {
        let url = try #require(sharedCorpus).appendingPathComponent("hub4j_searchRepositories_tetris_2019-10.json")
        let page = try Mapper<GitHubRepositories>(strict: true).map(data: try Data(contentsOf: url))
        #expect(page.totalCount == 1677)
        #expect(page.items.count == 30)
        #expect(page.items[0].fullName == "daniel-e/tetros")
        #expect(page.items[0].score == 93.44427)
        #expect(page.items.allSatisfy { $0.topics == nil && $0.visibility == nil })
        #expect(try roundTrip(page) == page)
    }

    @Test func streamingGivesTheSameModels() throws {
        for name in ["hub4j_searchOrgForRepositories_2022-02.json", "hub4j_searchRepositories_tetris_2019-10.json"] {
            let url = try #require(sharedCorpus).appendingPathComponent(name)
            let whole = try Mapper<GitHubRepositories>(strict: true).map(data: try Data(contentsOf: url))
            var streamed: [GitHubRepository] = []
            let summary = try Mapper<GitHubRepository>(strict: true).stream(.file(url.path)) { streamed.append($0) }
            #expect(streamed == whole.items)
            #expect(summary.envelope["total_count"].int == whole.totalCount)
        }
    }
}

@Suite("GitHub models: errors and strict mode")
struct GitHubErrorTests {
    @Test func rateLimit403() throws {
        let error = try Mapper<GitHubErrorResponse>(strict: true).map(data: try fixture("errors/rate-limit-403.json"))
        #expect(error.message.hasPrefix("API rate limit exceeded for 203.0.113.7."))
        #expect(
            error.documentationUrl == "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting")
        #expect(error.errors.isEmpty)
        #expect(try roundTrip(error) == error)
        #expect(
            error.toJSONString()
                == #"{"message":"API rate limit exceeded for 203.0.113.7. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}"#
        )
    }

    @Test func validation422() throws {
        let error = try Mapper<GitHubErrorResponse>(strict: true).map(data: try fixture("errors/validation-422.json"))
        #expect(
            error
                == GitHubErrorResponse(
                    message: "Validation Failed", documentationUrl: "https://docs.github.com/v3/search",
                    status: "422", errors: [GitHubErrorDetail(resource: "Search", field: "q", code: "missing")]))
        #expect(try roundTrip(error) == error)
        let invalid = try Mapper<GitHubErrorResponse>(strict: true).map(
            data: try fixture("errors/validation-422-invalid-user.json"))
        #expect(invalid.errors.first?.code == "invalid")
        #expect(invalid.errors.first?.message?.hasPrefix("The listed users") == true)
    }

    @Test func everyErrorFixtureMapsStrictly() throws {
        for url in fixtureFiles("errors") {
            let error = try Mapper<GitHubErrorResponse>(strict: true).map(data: try Data(contentsOf: url))
            #expect(!error.message.isEmpty)
        }
    }

    @Test func strictModeNamesEveryProblemWithItsPlace() throws {
        let bytes = try fixture("invalid/search-mistyped.json")
        let error = try #require(throws: MappingError.self) {
            try Mapper<GitHubRepositories>(strict: true).map(data: bytes)
        }
        let found = Set(error.problems.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0): \($0.message)" })
        #expect(
            found == [
                "81:27: items[0].stargazers_count: expected Int, found string",
                "121:18: items[1].owner.login: expected String, found null",
                "114:5: items[1].created_at: missing key, expected Date",
            ])
        // Lenient mode keeps ObjectMapper's behaviour: the page maps, problems are collected.
        let lenient = try bytes.withUnsafeBytes { try Mapper<GitHubRepositories>().mapResult(bytes: $0) }
        #expect(lenient.value?.items.count == 2)
        #expect(lenient.problems.count == 3)
    }

    @Test func nullOwnerLoginInTheStream() throws {
        var text = String(decoding: SearchPayloadGenerator(seed: 3).generate(items: 10, pretty: true), as: UTF8.self)
        // Null the 8th item's owner login.
        var ranges: [Range<String.Index>] = []
        var start = text.startIndex
        while let r = text.range(of: "\"login\": ", range: start..<text.endIndex) {
            ranges.append(r); start = r.upperBound
        }
        let end = text[ranges[7].upperBound...].firstIndex(of: ",")!
        text.replaceSubrange(ranges[7].upperBound..<end, with: "null")
        let error = try #require(throws: MappingError.self) {
            try Mapper<GitHubRepositories>(strict: true).map(string: text)
        }
        #expect(error.problems.count == 1)
        #expect(error.first.keyPath == "items[7].owner.login")
        #expect(error.first.message == "items[7].owner.login: expected String, found null")
        let line = text[..<ranges[7].lowerBound].filter { $0 == "\n" }.count + 1
        #expect(error.first.location?.line == line)
    }

    @Test func unknownEnumValuesAndNewKeysKeepDecoding() throws {
        let text =
            #"{"login":"dependabot[bot]","id":49699333,"node_id":"MDM6Qm90NDk2OTkzMzM=","avatar_url":"a","html_url":"h","type":"Mannequin","site_admin":false,"brand_new_key":{"x":[1]}}"#
        let owner = try Mapper<GitHubOwner>(strict: true).map(string: text)
        #expect(owner.type == .unknown("Mannequin"))
        #expect(owner.toJSON()["type"] as? String == "Mannequin")
        #expect(GitHubAccountType(rawValue: "Bot") == .bot)
        #expect(GitHubVisibility(rawValue: "internal") == .internal)
        #expect(GitHubVisibility(rawValue: "secret") == .unknown("secret"))
    }

    @Test func mistypedDateAndId() throws {
        var repo = GitHubRepository()
        repo.name = "x"
        var json = repo.toJSONValue()
        json["created_at"] = "yesterday"
        json["id"] = .number(JSONNumber("1.5")!)
        let error = try #require(throws: MappingError.self) {
            try Mapper<GitHubRepository>(strict: true).map(json: json)
        }
        #expect(error.problems.map(\.message).contains("id: number 1.5 is not an integer (expected Int64)"))
        #expect(error.problems.map(\.keyPath).contains("created_at"))
    }
}
