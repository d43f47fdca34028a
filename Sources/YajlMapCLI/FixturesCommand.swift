import CommandLineOutput
import Foundation
import GitHubModels
import YajlMapper

/// `yajlmap fixtures generate`: writes deterministic GitHub search payloads.
enum FixturesCommand {
    static let help = """
        USAGE: yajlmap fixtures generate [--items N | --events N] [--seed S] [--pretty] [--out FILE]

        Write a realistic GitHub `GET /search/repositories` response body: every field of a
        "Repo Search Result Item" in the API's key order, nulls where the API has them,
        64-bit ids, Unicode and escapes. With --events, write an event file as GH Archive
        publishes them instead: one event per line, the types in GH Archive's proportions
        (half of them pushes), each payload in the events API's shape. Equal seeds give
        equal bytes. The text is written in chunks, so any number of items takes little
        memory (20,000 items are about 100 MB). An --out name ending in .gz is gzipped.

        OPTIONS:
          --items N     how many items (default 30; 0 gives an empty page)
          --events N    write N events, one per line, instead
          --seed S      the seed, a whole number (default 1)
          --pretty      indent by two spaces (default: compact)
          --out FILE    write to FILE, replaced atomically (default: stdout)
          -h, --help    show this help

        Exit status: 0 written, 2 usage error or unwritable FILE.

        """

    static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        var args = Arguments(arguments)
        if args.flag("-h", "--help") {
            io.out(help)
            return 0
        }
        let pretty = args.flag("--pretty")
        let itemsText = try args.option("--items", "-n")
        let events = try args.nonNegativeInt("--events")
        let seedText = try args.option("--seed")
        let outPath = try args.option("--out", "-o")
        let positionals = try args.finish()
        guard positionals.first == "generate" else {
            throw UsageError(description: "fixtures needs a subcommand: generate (see 'yajlmap fixtures --help')")
        }
        guard positionals.count == 1 else { throw UsageError(description: "unexpected argument '\(positionals[1])'") }
        var items = 30
        if let itemsText {
            guard let n = Int(itemsText), n >= 0 else {
                throw UsageError(description: "--items needs a whole number of 0 or more, not '\(itemsText)'")
            }
            items = n
        }
        var seed: UInt64 = 1
        if let seedText {
            guard let s = UInt64(seedText) else {
                throw UsageError(description: "--seed needs a whole number, not '\(seedText)'")
            }
            seed = s
        }
        if events != nil && (itemsText != nil || pretty) {
            throw UsageError(description: "--events writes one compact event per line: not with --items or --pretty")
        }
        /// Writes the payload asked for to `sink`.
        func generate(_ sink: (UnsafeRawBufferPointer) -> Void) {
            if let events {
                EventFileGenerator(seed: seed).write(events: events, to: sink)
            } else {
                SearchPayloadGenerator(seed: seed).write(items: items, pretty: pretty, to: sink)
            }
        }
        guard let outPath else {
            generate { io.out($0) }
            io.flush()
            return 0
        }
        do {
            let file = try FileOutput(replacing: outPath)
            if outPath.hasSuffix(".gz") {
                let gzip = GzipWriter { file.write($0) }
                generate { gzip.write($0) }
                gzip.finish()
            } else {
                generate { file.write($0) }
            }
            try file.commit()
            return 0
        } catch let error as JSONInputError {
            io.err("yajlmap: error: \(error.path): \(error.reason)\n")
            return 2
        }
    }
}
