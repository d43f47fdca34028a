import GitHubSearchSession

/// The interactive terminal search (`yajlmap search --interactive`).
public enum InteractiveSearch {
    /// Runs the terminal UI until the user leaves; restores the terminal.
    /// - Parameters:
    ///   - client: runs the searches.
    ///   - driver settings come from `SearchDriver`'s defaults.
    /// - Returns: the exit status.
    public static func run(client: any RepositorySearching) async -> Int32 {
        // Filled in by the interactive UI work.
        2
    }
}
