// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "YajlMapper",
    products: [
        .library(name: "YajlMapper", targets: ["YajlMapper"]),
        .library(name: "GitHubModels", targets: ["GitHubModels", "GitHubRequests"]),
        .executable(name: "yajlmap", targets: ["yajlmap"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        .target(
            name: "YajlMapper",
            dependencies: ["CYajl"]
        ),
        .target(
            name: "GitHubModels",
            dependencies: ["YajlMapper"]
        ),
        // Request building needs FoundationNetworking (and libcurl) on Linux: kept apart so
        // the command line, which only maps responses, starts without loading them.
        .target(name: "GitHubRequests"),
        .target(
            name: "YajlMapCLI",
            dependencies: ["YajlMapper", "GitHubModels"]
        ),
        .executableTarget(
            name: "yajlmap",
            dependencies: ["YajlMapCLI"]
        ),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["YajlMapper", "GitHubModels", "CYajl"],
            path: "Benchmarks"
        ),
        .testTarget(
            name: "YajlMapperTests",
            dependencies: ["YajlMapper"]
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
            name: "YajlMapCLITests",
            dependencies: ["YajlMapCLI", "YajlMapper", "GitHubModels"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
