import Foundation
import Testing

@testable import GitHubClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// FoundationNetworking on Linux forwards `Authorization` across hosts on a redirect (checked
/// on Swift 6.3.1): the client's delegate is what drops it.
@Suite("GitHub client: which redirects keep Authorization")
struct GitHubClientRedirectTests {
    func kept(from original: String, to target: String) -> Bool {
        var request = URLRequest(url: URL(string: target)!)
        request.setValue("Bearer x", forHTTPHeaderField: "Authorization")
        request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
        let redirected = SessionDelegate.redirect(request, from: URL(string: original)!)
        #expect(redirected.value(forHTTPHeaderField: "Accept") == "application/vnd.github+json")
        return redirected.value(forHTTPHeaderField: "Authorization") != nil
    }

    @Test func sameOrigin() {
        #expect(
            kept(from: "https://api.github.com/search/repositories?q=a", to: "https://api.github.com/repositories/1"))
        #expect(kept(from: "https://API.GitHub.com/x", to: "https://api.github.com:443/y"))
        #expect(kept(from: "http://127.0.0.1:8080/x", to: "http://127.0.0.1:8080/y"))
    }

    @Test func otherOrigin() {
        #expect(!kept(from: "https://api.github.com/x", to: "https://objects.githubusercontent.com/y"))
        #expect(!kept(from: "https://api.github.com/x", to: "http://api.github.com/x"))
        #expect(!kept(from: "http://127.0.0.1:8080/x", to: "http://127.0.0.1:8081/x"))
        #expect(!kept(from: "http://127.0.0.1:8080/x", to: "http://localhost:8080/x"))
    }
}
