/// A usage error: exit status 2 with a one-line reason.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

/// A small argument reader: flags, options with values, and positionals, in any order.
/// `--` ends options; `-` alone is a positional (standard input).
struct Arguments {
    private var remaining: [String]
    private(set) var positionals: [String] = []

    init(_ arguments: [String]) {
        var options: [String] = []
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            if arg == "--" {
                positionals.append(contentsOf: rest)
                break
            }
            if arg.hasPrefix("-") && arg != "-" {
                // `--name=value` becomes two words.
                if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                    options.append(String(arg[..<eq]))
                    options.append(String(arg[arg.index(after: eq)...]))
                } else {
                    options.append(arg)
                }
            } else {
                options.append(arg)
            }
        }
        remaining = options
    }

    /// Removes a flag; true when it was given.
    mutating func flag(_ names: String...) -> Bool {
        var found = false
        remaining.removeAll { arg in
            if names.contains(arg) { found = true; return true }
            return false
        }
        return found
    }

    /// Removes an option and its value; the last one given wins.
    mutating func option(_ names: String...) throws -> String? {
        var value: String?
        var i = 0
        while i < remaining.count {
            if names.contains(remaining[i]) {
                guard i + 1 < remaining.count else { throw UsageError(description: "\(remaining[i]) needs a value") }
                value = remaining[i + 1]
                remaining.removeSubrange(i...(i + 1))
            } else {
                i += 1
            }
        }
        return value
    }

    /// An option whose value must be one of `choices`.
    mutating func choice(_ name: String, _ choices: [String]) throws -> String? {
        guard let value = try option(name) else { return nil }
        guard choices.contains(value) else {
            throw UsageError(description: "\(name) must be one of \(choices.joined(separator: ", ")), not '\(value)'")
        }
        return value
    }

    /// An option whose value must be a positive integer.
    mutating func positiveInt(_ name: String) throws -> Int? {
        try int(name, atLeast: 1, needs: "a positive whole number")
    }

    /// An option whose value must be a whole number, 0 or more.
    mutating func nonNegativeInt(_ name: String) throws -> Int? {
        try int(name, atLeast: 0, needs: "a whole number, 0 or more")
    }

    /// An option whose value must be an integer of at least `minimum`; the usage error says
    /// the option `needs` such a value.
    private mutating func int(_ name: String, atLeast minimum: Int, needs: String) throws -> Int? {
        guard let value = try option(name) else { return nil }
        guard let n = Int(value), n >= minimum else {
            throw UsageError(description: "\(name) needs \(needs), not '\(value)'")
        }
        return n
    }

    /// The positionals, after checking no unknown option is left.
    func finish() throws -> [String] {
        var positionals = self.positionals
        for arg in remaining {
            if arg.hasPrefix("-") && arg != "-" { throw UsageError(description: "unknown option '\(arg)'") }
            positionals.append(arg)
        }
        return positionals
    }
}
