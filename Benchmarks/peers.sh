#!/usr/bin/env bash
# Side-by-side speed against ReerJSON (on yyjson), outside the package's dependencies:
#   Benchmarks/peers.sh REERJSON_DIR YYJSON_DIR [ROUNDS] [MB_PER_RUN]
# REERJSON_DIR and YYJSON_DIR are local checkouts (ReerJSON 1.0.2 pins yyjson 0.12.0). The
# script builds a scratch package in $PEERS_DIR (default: a folder under /tmp) that links
# them, this package by path, and its benchmark models (Benchmarks/PeerRunner), then prints
# a table of MB/s and ratios, one process, rounds interleaved, every reader on one thread.
# The corpus is ../shared/corpus (CORPUS_DIR to change it).
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
reer=$(cd "$1" && pwd)
yyjson=$(cd "$2" && pwd)
rounds=${3:-11}
megabytes=${4:-8}
project=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS_DIR:-$project/../shared/corpus}
work=${PEERS_DIR:-${TMPDIR:-/tmp}/yajlmapper-peers}

for needed in "$reer/Sources/ReerJSON" "$yyjson/src/yyjson.h" "$corpus/standard/canada.json"; do
    [ -e "$needed" ] || { echo "peers.sh: $needed not found" >&2; exit 2; }
done

mkdir -p "$work/Sources/PeerRunner" "$work/Sources/yyjson/include"
ln -sfn "$reer/Sources/ReerJSON" "$work/Sources/ReerJSON"
ln -sf "$yyjson/src/yyjson.c" "$work/Sources/yyjson/yyjson.c"
ln -sf "$yyjson/src/yyjson.h" "$work/Sources/yyjson/include/yyjson.h"
ln -sf "$project/Benchmarks/PeerRunner/main.swift" "$work/Sources/PeerRunner/main.swift"
for model in TwitterModel CitmModel CanadaModel; do
    ln -sf "$project/Benchmarks/$model.swift" "$work/Sources/PeerRunner/$model.swift"
done
ln -sf "$project/Tests/Support/SearchSeedModel/SeedModel.swift" "$work/Sources/PeerRunner/SeedModel.swift"
ln -sf "$project/Benchmarks/Harness.swift" "$work/Sources/PeerRunner/Harness.swift"

cat > "$work/Package.swift" <<EOF
// swift-tools-version:5.10
import PackageDescription

let package = Package(
    name: "YajlMapperPeers",
    dependencies: [.package(path: "$project")],
    targets: [
        .target(name: "yyjson", path: "Sources/yyjson"),
        .target(name: "ReerJSON", dependencies: ["yyjson"], path: "Sources/ReerJSON"),
        .executableTarget(
            name: "PeerRunner",
            dependencies: [
                "ReerJSON", .product(name: "YajlMapper", package: "main"),
                .product(name: "GitHubModels", package: "main"),
            ],
            path: "Sources/PeerRunner"),
    ]
)
EOF

echo "building in $work (ReerJSON $(git -C "$reer" describe --tags 2>/dev/null || echo '?')," \
    "yyjson $(git -C "$yyjson" describe --tags 2>/dev/null || echo '?')," \
    "YajlMapper $(git -C "$project" rev-parse --short HEAD 2>/dev/null || echo '?'))" >&2
swift build -c release --package-path "$work" --product PeerRunner >&2
"$work/.build/release/PeerRunner" "$corpus" "$rounds" "$megabytes"
