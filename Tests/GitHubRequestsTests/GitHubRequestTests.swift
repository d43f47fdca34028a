import Foundation
import GitHubModels
import GitHubRequests
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("GitHub request building")
struct GitHubRequestTests {
    @Test func searchURLAndHeaders() throws {
        var query = GitHubSearchQuery("tetris", .language("assembly"), .stars(atLeast: 2000))
        query.sort = .stars
        query.order = .desc
        query.perPage = 50
        query.page = 2
        let request = try GitHubAPI().request(.searchRepositories(query))
        #expect(
            request.url?.absoluteString
                == "https://api.github.com/search/repositories?q=tetris+language:assembly+stars:%3E%3D2000&sort=stars&order=desc&per_page=50&page=2"
        )
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
        #expect(request.value(forHTTPHeaderField: "X-GitHub-Api-Version") == "2022-11-28")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "YajlMapper-GitHubModels")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(request.allHTTPHeaderFields?.count == 3)
    }

    @Test func bestMatchSendsNoSort() throws {
        let url = try GitHubAPI().url(for: .searchRepositories(GitHubSearchQuery("swift")))
        #expect(url.absoluteString == "https://api.github.com/search/repositories?q=swift")
    }

    @Test func everySortValue() throws {
        let expected: [GitHubSearchQuery.Sort: String] = [
            .stars: "stars", .forks: "forks",
            .helpWantedIssues: "help-wanted-issues", .updated: "updated",
        ]
        for (sort, text) in expected {
            let url = try GitHubAPI().url(
                for: .searchRepositories(GitHubSearchQuery("x", qualifiers: [], sort: sort, order: .asc)))
            #expect(url.absoluteString == "https://api.github.com/search/repositories?q=x&sort=\(text)&order=asc")
        }
    }

    @Test func percentEncodingOfQ() throws {
        let query = GitHubSearchQuery(
            "café & co +1 100%", .user("octo-cat"), .language("Jupyter Notebook"), .stars("10..50"))
        #expect(query.q == "café & co +1 100% user:octo-cat language:\"Jupyter Notebook\" stars:10..50")
        let url = try GitHubAPI().url(for: .searchRepositories(query))
        #expect(
            url.absoluteString
                == "https://api.github.com/search/repositories?q=caf%C3%A9+%26+co+%2B1+100%25+user:octo-cat+language:%22Jupyter+Notebook%22+stars:10..50"
        )
        #expect(GitHubAPI.encodeQueryValue("a=b?c#d/e") == "a%3Db%3Fc%23d%2Fe")
        #expect(GitHubAPI.encodeQueryValue("日本") == "%E6%97%A5%E6%9C%AC")
        #expect(GitHubAPI.encodeQueryValue("stars:>=2000") == "stars:%3E%3D2000")
    }

    @Test func tokenAddsBearerAuthorization() throws {
        let api = GitHubAPI(token: "ghp_abc123", userAgent: "my-app/1.0")
        let request = try api.request(.searchRepositories(GitHubSearchQuery("x")))
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer ghp_abc123")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "my-app/1.0")
        let empty = try GitHubAPI(token: "").request(.searchRepositories(GitHubSearchQuery("x")))
        #expect(empty.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func enterpriseBaseURL() throws {
        let api = try GitHubAPI.enterprise(host: "github.example.com")
        #expect(
            try api.url(for: .searchRepositories(GitHubSearchQuery("x", .org("platform")))).absoluteString
                == "https://github.example.com/api/v3/search/repositories?q=x+org:platform")
        let slash = GitHubAPI(baseURL: URL(string: "https://ghe.local:8443/api/v3/")!)
        #expect(
            try slash.url(for: .userRepositories(GitHubUserRepositoriesQuery(user: "octocat"))).absoluteString
                == "https://ghe.local:8443/api/v3/users/octocat/repos")
    }

    @Test func enterpriseHostForms() throws {
        let search = GitHubAPI.Endpoint.searchRepositories(GitHubSearchQuery("x"))
        let expected = [
            "ghe.example.com": "https://ghe.example.com/api/v3/search/repositories?q=x",
            "ghe.example.com/": "https://ghe.example.com/api/v3/search/repositories?q=x",
            "ghe.example.com:8443": "https://ghe.example.com:8443/api/v3/search/repositories?q=x",
            "https://ghe.example.com": "https://ghe.example.com/api/v3/search/repositories?q=x",
            "https://ghe.example.com/": "https://ghe.example.com/api/v3/search/repositories?q=x",
            "HTTPS://ghe.example.com:8443/": "https://ghe.example.com:8443/api/v3/search/repositories?q=x",
            "https://ghe.example.com/api/v3": "https://ghe.example.com/api/v3/search/repositories?q=x",
            "https://ghe.example.com/api/v3//": "https://ghe.example.com/api/v3/search/repositories?q=x",
            "http://127.0.0.1:8080/custom/root": "http://127.0.0.1:8080/custom/root/search/repositories?q=x",
        ]
        for (host, url) in expected {
            #expect(try GitHubAPI.enterprise(host: host).url(for: search).absoluteString == url, "\(host)")
        }
        for host in [
            "", "/", "https://", "ftp://ghe.example.com", "ghe.example.com?x=1", "https://ghe.example.com/api/v3?x=1",
            "ghe.example.com#top", "ghe example.com", "https://user:secret@ghe.example.com",
        ] {
            #expect(throws: GitHubRequestError.invalidURL(host), "\(host)") { try GitHubAPI.enterprise(host: host) }
        }
    }

    @Test func baseURLWithAQueryOrFragmentIsRefused() throws {
        for text in ["https://ghe.example.com/api/v3?x=1", "https://ghe.example.com/api/v3#top"] {
            let api = GitHubAPI(baseURL: URL(string: text)!)
            #expect(throws: GitHubRequestError.invalidURL(text)) {
                try api.url(for: .searchRepositories(GitHubSearchQuery("x")))
            }
        }
        #expect(
            GitHubRequestError.invalidURL("https://h/api?x=1").description
                == "not a valid API URL (a base URL cannot have a query or fragment): https://h/api?x=1")
        #expect(GitHubRequestError.invalidURL("ht tp://h").description == "not a valid URL: ht tp://h")
    }

    @Test func userRepositories() throws {
        let query = GitHubUserRepositoriesQuery(
            user: "octocat", type: .owner, sort: .fullName, direction: .asc, perPage: 100, page: 3)
        let request = try GitHubAPI().userRepositories(query)
        #expect(
            request.url?.absoluteString
                == "https://api.github.com/users/octocat/repos?type=owner&sort=full_name&direction=asc&per_page=100&page=3"
        )
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
        let odd = try GitHubAPI().url(for: .userRepositories(GitHubUserRepositoriesQuery(user: "a b/c")))
        #expect(odd.absoluteString == "https://api.github.com/users/a%20b%2Fc/repos")
    }

    @Test func invalidRequestsThrow() throws {
        #expect(throws: GitHubRequestError.perPageOutOfRange(0)) {
            try GitHubAPI().request(.searchRepositories(GitHubSearchQuery("x", qualifiers: [], perPage: 0)))
        }
        #expect(throws: GitHubRequestError.perPageOutOfRange(101)) {
            try GitHubAPI().request(.searchRepositories(GitHubSearchQuery("x", qualifiers: [], perPage: 101)))
        }
        #expect(throws: GitHubRequestError.pageOutOfRange(0)) {
            try GitHubAPI().request(.searchRepositories(GitHubSearchQuery("x", qualifiers: [], page: 0)))
        }
        #expect(throws: GitHubRequestError.emptyQuery) {
            try GitHubAPI().request(.searchRepositories(GitHubSearchQuery("  ")))
        }
        #expect(throws: GitHubRequestError.emptyUserName) {
            try GitHubAPI().request(.userRepositories(GitHubUserRepositoriesQuery(user: "")))
        }
        for n in [1, 30, 100] {
            _ = try GitHubAPI().request(.searchRepositories(GitHubSearchQuery("x", qualifiers: [], perPage: n)))
        }
        #expect(GitHubRequestError.perPageOutOfRange(101).description == "per_page must be between 1 and 100, not 101")
    }

    @Test func qualifierOnlyQuery() throws {
        let url = try GitHubAPI().url(
            for: .searchRepositories(GitHubSearchQuery("", .stars(100...200), .archived(false), .topic("json"))))
        #expect(
            url.absoluteString
                == "https://api.github.com/search/repositories?q=stars:100..200+archived:false+topic:json")
    }
}
