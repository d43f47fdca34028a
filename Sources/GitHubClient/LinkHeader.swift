import Foundation

/// GitHub's `Link` header (RFC 8288): `<URL>; rel="next", <URL>; rel="last"`.
enum LinkHeader {
    /// The URLs of a `Link` header by relation (`next`, `prev`, `first`, `last`).
    /// - Parameter header: the header's value.
    /// - Returns: each relation's URL; a link with several relations (`rel="next last"`) under each.
    static func links(_ header: String) -> [String: URL] {
        var result: [String: URL] = [:]
        var rest = Substring(header)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let target = rest[rest.index(after: open)..<close]
            // The parameters run to the next link's `<` (a URL cannot hold one unencoded).
            let end = rest[close...].firstIndex(of: "<") ?? rest.endIndex
            let parameters = rest[rest.index(after: close)..<end]
            rest = rest[end...]
            guard let url = URL(string: String(target)) else { continue }
            for parameter in parameters.split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else {
                    continue
                }
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t,\""))
                for relation in value.split(separator: " ") { result[relation.lowercased()] = url }
            }
        }
        return result
    }

    /// The `page` query parameter of the `rel="next"` link.
    /// - Parameter header: the header's value.
    /// - Returns: the next page's number, or `nil` when there is no next link or it has no page.
    static func nextPage(_ header: String) -> Int? {
        guard let next = links(header)["next"],
            let items = URLComponents(url: next, resolvingAgainstBaseURL: false)?.queryItems
        else { return nil }
        return items.last { $0.name == "page" }?.value.flatMap { Int($0) }
    }
}
