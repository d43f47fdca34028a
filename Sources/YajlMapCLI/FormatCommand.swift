import CommandLineOutput
import Foundation
import YajlMapper

/// `yajlmap format`: reformats JSON by streaming parser events into the writer (no tree).
enum FormatCommand {
    static let help = """
        USAGE: yajlmap format [--pretty|--compact] [--jsonl] [--allow-comments] [--output FILE]
                              [--jobs N] [FILE|-]

        Reformat JSON read from FILE or stdin (the default). Output goes to stdout, or with
        --output to FILE, which is replaced only when the whole input was valid (the input
        file is never truncated, even when FILE is the input itself).

        OPTIONS:
          --pretty           two-space indentation (default)
          --compact          no white space; one value per line with --jsonl
          --jsonl            several top-level values (JSON Lines, concatenated JSON)
          --allow-comments   accept comments in the input (they are not kept)
          --output FILE      write to FILE, atomically
          --jobs N           threads that write the elements of a big array (0: every
                             core; default: every core once 1 MiB has been read); the
                             output is the same whatever N is (--jsonl: one thread)
          -h, --help         show this help

        On invalid input, standard output has the input formatted up to the error, and the
        error goes to stderr; --output FILE is then left as it was.

        Exit status: 0 success, 1 invalid input, 2 usage error or unreadable path.

        """

    static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        var args = Arguments(arguments)
        if args.flag("-h", "--help") {
            io.out(help)
            return 0
        }
        let compact = args.flag("--compact")
        let pretty = args.flag("--pretty")
        if compact && pretty { throw UsageError(description: "--compact and --pretty cannot be used together") }
        var options = JSONParseOptions()
        options.allowMultipleValues = args.flag("--jsonl")
        options.allowComments = args.flag("--allow-comments")
        let outputPath = try args.option("--output", "-o")
        let jobs = try args.nonNegativeInt("--jobs") ?? 0
        let paths = try args.finish()
        guard paths.count <= 1 else { throw UsageError(description: "format takes one FILE (or - for stdin)") }
        let path = paths.first ?? "-"
        let style: JSONWriter.Style = compact ? .compact : .pretty

        var temporary: FileOutput?
        if let outputPath {
            do {
                temporary = try FileOutput(replacing: outputPath)
            } catch {
                io.err("yajlmap: error: \(outputPath): \(error)\n")
                return 2
            }
        }
        let writer = JSONWriter(style: style, multipleValues: options.allowMultipleValues) { piece in
            if let temporary { temporary.write(piece) } else { io.out(piece) }
        }
        do {
            try JSONReformatting.reformat(YajlMapCommand.input(path, io: io), to: writer, options: options, jobs: jobs)
            try writer.finish(newline: true)
            try temporary?.commit()
            return 0
        } catch {
            // Standard output gets everything formatted before the error, whatever the
            // writer's buffering and the number of threads.
            if temporary == nil { writer.flush() }
            temporary?.discard()
            if let status = YajlMapCommand.inputFailure(error, path: path, io: io) { return status }
            io.err("yajlmap: error: \(YajlMapCommand.displayName(path)): \(error)\n")
            return 1
        }
    }
}

/// Output to a temporary file beside the destination, renamed over it on success.
final class FileOutput {
    private let destination: String
    private let temporaryPath: String
    private let file: UnsafeMutablePointer<FILE>

    init(replacing destination: String) throws {
        self.destination = destination
        let directory = (destination as NSString).deletingLastPathComponent
        let base = (destination as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(base).yajlmap-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0, let file = fdopen(fd, "w") else {
            throw JSONInputError(path: destination, errno: errno)
        }
        // mkstemp makes the file 0600: give it the replaced file's mode, or what a new file
        // would get (0666 less the umask).
        var existing = stat()
        if stat(destination, &existing) == 0 {
            fchmod(fd, existing.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        self.file = file
    }

    func write(_ piece: UnsafeRawBufferPointer) {
        if piece.count > 0 { fwrite(piece.baseAddress, 1, piece.count, file) }
    }

    func commit() throws {
        let failed = fflush(file) != 0 || fclose(file) != 0
        if failed || rename(temporaryPath, destination) != 0 {
            let code = errno
            unlink(temporaryPath)
            throw JSONInputError(path: destination, errno: code)
        }
    }

    func discard() {
        fclose(file)
        unlink(temporaryPath)
    }
}
