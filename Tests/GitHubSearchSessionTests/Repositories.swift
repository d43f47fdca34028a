import GitHubModels

/// A repository with a name and stars, enough for the search's rules.
func repository(_ fullName: String, stars: Int) -> GitHubRepository {
    var repository = GitHubRepository()
    repository.fullName = fullName
    repository.name = String(fullName.split(separator: "/").last ?? "")
    repository.stargazersCount = stars
    return repository
}

/// A page of search results.
func page(_ totalCount: Int, _ items: GitHubRepository..., incomplete: Bool = false) -> GitHubRepositories {
    GitHubRepositories(totalCount: totalCount, incompleteResults: incomplete, items: items)
}
