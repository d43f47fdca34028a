/// What the user does to a search: edits the query, asks for the next page, or refreshes.
public enum SearchInput: Sendable, Equatable {
    /// The search field's text after an edit.
    case edit(String)
    /// Load the next page of the current query (the selection reached the last loaded row).
    case loadMore
    /// Search the current query again from its first page, at once.
    case refresh
}
