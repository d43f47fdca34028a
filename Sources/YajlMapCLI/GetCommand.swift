import CommandLineOutput
import YajlMapper

/// `yajlmap get`: prints the value at a key path.
enum GetCommand {
    static let help = """
        USAGE: yajlmap get [--compact] KEYPATH [FILE|-]

        Print the value at KEYPATH in the JSON document in FILE or stdin (the default).
        Strings print raw; other values print as JSON (pretty unless --compact).

        KEYPATH: keys separated by dots, array indexes as numbers or [N]:
          items.0.owner.login    items[0].owner.login    name\\.with\\.dots

        OPTIONS:
          --compact       print arrays and objects on one line
          -h, --help      show this help

        Exit status: 0 printed, 1 invalid JSON or nothing at KEYPATH, 2 usage error or
        unreadable path.

        """

    static func run(_ arguments: [String], io: CommandIO) throws -> Int32 {
        var args = Arguments(arguments)
        if args.flag("-h", "--help") {
            io.out(help)
            return 0
        }
        let compact = args.flag("--compact")
        let positionals = try args.finish()
        guard let keyPath = positionals.first else { throw UsageError(description: "get needs a KEYPATH") }
        guard positionals.count <= 2 else {
            throw UsageError(description: "get takes a KEYPATH and one FILE (or - for stdin)")
        }
        let path = positionals.count == 2 ? positionals[1] : "-"
        let name = YajlMapCommand.displayName(path)

        let document: JSON
        do {
            document = try JSON(reading: YajlMapCommand.input(path, io: io))
        } catch {
            if let status = YajlMapCommand.inputFailure(error, path: path, io: io) { return status }
            throw error
        }
        guard let value = document.value(atPath: JSONPath(keyPath)) else {
            io.err("yajlmap: error: \(name): no value at '\(keyPath)'\n")
            return 1
        }
        switch value {
        case .string(let s):
            io.out(s + "\n")
        case .array, .object:
            do {
                io.out(try value.serialized(compact ? .compact : .pretty) + (compact ? "\n" : ""))
            } catch {
                io.err("yajlmap: error: \(name): \(error)\n")
                return 1
            }
        default:
            io.out(value.description + "\n")
        }
        return 0
    }
}
