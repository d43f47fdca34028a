import GitHubSearchCLI

#if canImport(Glibc)
    import Glibc
#endif

// `yajlmap search ...` runs this program with the same arguments (after "search").
let status = await SearchCommand.main(Array(CommandLine.arguments.dropFirst()))
exit(status)
