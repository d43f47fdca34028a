// The "seed model": what a typical app decodes from a search page, 6 of ~80 item keys.

/// The envelope of a `/search/repositories` response.
struct SeedRepositories: Decodable {
    let totalCount: Int
    let incompleteResults: Bool
    let items: [SeedRepository]

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
        case items
    }
}

/// One search item, reduced to the fields an app shows.
struct SeedRepository: Decodable {
    let id: Int
    let name: String
    let fullName: String
    let htmlURL: String
    let description: String?
    let owner: SeedOwner

    enum CodingKeys: String, CodingKey {
        case id, name, description, owner
        case fullName = "full_name"
        case htmlURL = "html_url"
    }
}

/// The owner fields the seed model reads.
struct SeedOwner: Decodable {
    let avatarURL: String

    enum CodingKeys: String, CodingKey {
        case avatarURL = "avatar_url"
    }
}
