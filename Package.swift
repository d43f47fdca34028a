// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "YajlMapper",
    products: [
        .library(name: "YajlMapper", targets: ["YajlMapper"]),
        .library(name: "GitHubModels", targets: ["GitHubModels"]),
        .library(name: "GitHubRequests", targets: ["GitHubRequests"]),
        .library(name: "GitHubClient", targets: ["GitHubClient"]),
        .library(name: "GitHubSearchSession", targets: ["GitHubSearchSession"]),
        .executable(name: "yajlmap", targets: ["yajlmap"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(
            name: "YajlMapper",
            dependencies: ["CYajl", "CZlib"]
        ),
        .target(
            name: "GitHubModels",
            dependencies: ["YajlMapper"]
        ),
        // Request building needs FoundationNetworking (and libcurl) on Linux: kept apart so
        // the command line, which only maps responses, starts without loading them.
        .target(name: "GitHubRequests"),
        // The live client: URLSession (FoundationNetworking), streaming each body through the
        // mapper as it arrives. Not a dependency of the command line's mapping path.
        .target(
            name: "GitHubClient",
            dependencies: ["GitHubModels", "GitHubRequests", "YajlMapper"]
        ),
        // The search-as-you-type state machine: a pure reducer and a driver over query edits,
        // with the client and the clock injected (no networking of its own; the terminal
        // search makes GitHubClient its RepositorySearching).
        .target(
            name: "GitHubSearchSession",
            dependencies: ["GitHubModels", "GitHubRequests"]
        ),
        // What both command lines print with: standard streams, terminal width, display
        // width, and repositories as table, json, ndjson or csv.
        .target(
            name: "CommandLineOutput",
            dependencies: ["YajlMapper", "GitHubModels"]
        ),
        .target(
            name: "YajlMapCLI",
            dependencies: ["YajlMapper", "GitHubModels", "CommandLineOutput", "CZlib"]
        ),
        .executableTarget(
            name: "yajlmap",
            dependencies: ["YajlMapCLI", "CommandLineOutput"]
        ),
        // `yajlmap search` runs this sibling executable: only it links FoundationNetworking
        // and libcurl, so every other command starts without loading them.
        .target(
            name: "GitHubSearchCLI",
            dependencies: [
                "CommandLineOutput", "GitHubClient", "GitHubSearchSession", "GitHubModels", "GitHubRequests",
            ]
        ),
        .executableTarget(
            name: "yajlmap-search",
            dependencies: ["GitHubSearchCLI"]
        ),
        // `make fuzz`: one executable, a harness per argument, built with libFuzzer.
        .executableTarget(
            name: "YajlMapperFuzz",
            dependencies: ["YajlMapper"],
            path: "Fuzz",
            exclude: ["json.dict", "Regressions"]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["YajlMapper", "GitHubModels", "CYajl", "SearchSeedModel", "GzipTestSupport"],
            path: "Benchmarks",
            exclude: ["README.md", "PeerRunner", "peers.sh"]
        ),
        // The seed model (six fields of a search page, for YajlMapper and for JSONDecoder):
        // one definition for the benchmarks and the tests. Not a product.
        .target(
            name: "SearchSeedModel",
            dependencies: ["YajlMapper"],
            path: "Tests/Support/SearchSeedModel"
        ),
        // gzip compression for the tests and the benchmark, which make their .gz inputs at run
        // time. Not a product.
        .target(
            name: "GzipTestSupport",
            dependencies: ["CZlib"],
            path: "Tests/Support/GzipTestSupport"
        ),
        .testTarget(
            name: "YajlMapperTests",
            dependencies: ["YajlMapper", "CYajl", "SearchSeedModel", "GzipTestSupport"]
        ),
        .testTarget(
            name: "GitHubModelsTests",
            dependencies: ["GitHubModels", "YajlMapper"]
        ),
        .testTarget(
            name: "GitHubRequestsTests",
            dependencies: ["GitHubRequests", "GitHubModels", "YajlMapper"]
        ),
        .testTarget(
            name: "GitHubClientTests",
            dependencies: [
                "GitHubClient", "GitHubModels", "GitHubRequests", "GitHubSearchSession", "GitHubSearchCLI",
                "YajlMapper",
            ],
            exclude: ["fake_github_api.py"]
        ),
        .testTarget(
            name: "GitHubSearchSessionTests",
            dependencies: ["GitHubSearchSession", "GitHubModels", "GitHubRequests"]
        ),
        .testTarget(
            name: "YajlMapCLITests",
            dependencies: ["YajlMapCLI", "CommandLineOutput", "YajlMapper", "GitHubModels", "GzipTestSupport"]
        ),
        .testTarget(
            name: "GitHubSearchCLITests",
            dependencies: ["GitHubSearchCLI", "GitHubSearchSession", "GitHubModels", "CommandLineOutput"],
            exclude: ["pty_driver.py"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
