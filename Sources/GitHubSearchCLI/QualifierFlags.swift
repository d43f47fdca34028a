import GitHubRequests

/// gh's search flags (`--language swift`, `--stars >=100`...), each checked and turned into
/// a qualifier of `q`.
enum QualifierFlags {
    /// The flags; every one takes a value.
    static let names: Set<String> = [
        "--language", "--owner", "--topic", "--stars", "--forks", "--created", "--updated", "--archived",
        "--visibility", "--license",
    ]

    /// The one flag that may be given more than once, each time adding a qualifier.
    static let repeatable: Set<String> = ["--topic"]

    /// The qualifier a flag's value stands for.
    /// - Parameters:
    ///   - flag: one of ``names``.
    ///   - value: its value, as given.
    /// - Returns: the qualifier.
    /// - Throws: ``SearchCommand/UsageProblem`` naming the flag and what it needs.
    static func qualifier(_ flag: String, _ value: String) throws -> GitHubSearchQuery.Qualifier {
        func refuse(_ needs: String) -> SearchCommand.UsageProblem {
            SearchCommand.UsageProblem(message: "\(flag) needs \(needs), not '\(value)'")
        }
        switch flag {
        case "--language":
            guard !value.trimmingSpaces.isEmpty, !value.contains("\"") else { throw refuse("a language name") }
            return .language(value.trimmingSpaces)
        case "--owner":
            guard isName(value, maximum: 39, extra: []) else {
                throw refuse("a user or organization name (letters, digits and hyphens)")
            }
            return .user(value)
        case "--topic":
            guard isName(value, maximum: 50, extra: []) else { throw refuse("a topic (letters, digits and hyphens)") }
            return .topic(value.lowercased())
        case "--stars", "--forks":
            guard isRange(value, of: isCount) else {
                throw refuse("a count or a range (100, >=100, <50, 10..50, 10..*)")
            }
            return flag == "--stars" ? .stars(value) : .forks(value)
        case "--created", "--updated":
            guard isRange(value, of: isDate) else {
                throw refuse("a date or a range of dates (2024-01-31, >=2024-01-01, 2023-01-01..2023-12-31)")
            }
            return flag == "--created" ? .created(value) : .pushed(value)
        case "--archived":
            guard value == "true" || value == "false" else { throw refuse("true or false") }
            return .archived(value == "true")
        case "--visibility":
            guard value == "public" || value == "private" else { throw refuse("public or private") }
            return .is(value)
        case "--license":
            guard isName(value, maximum: 64, extra: [".", "-"]) else {
                throw refuse("a license key such as mit or apache-2.0")
            }
            return .license(value.lowercased())
        default:
            throw SearchCommand.UsageProblem(message: "unknown option '\(flag)'")
        }
    }

    /// ASCII letters and digits (and hyphens or `extra`), starting with a letter or digit.
    private static func isName(_ text: String, maximum: Int, extra: Set<Character>) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter || first.isNumber, text.count <= maximum else {
            return false
        }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || extra.contains($0)) }
    }

    /// GitHub's range syntax over `bound`: `X`, `>X`, `>=X`, `<X`, `<=X`, `X..Y`, `X..*`, `*..Y`.
    private static func isRange(_ text: String, of bound: (Substring) -> Bool) -> Bool {
        for prefix in [">=", "<=", ">", "<"] where text.hasPrefix(prefix) {
            return bound(text.dropFirst(prefix.count))
        }
        let parts = text.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
            .map { Substring($0) }
        guard parts.count == 2 else { return bound(Substring(text)) }
        guard parts[0] != "*" || parts[1] != "*" else { return false }
        return (parts[0] == "*" || bound(parts[0])) && (parts[1] == "*" || bound(parts[1]))
    }

    private static func isCount(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 12 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `YYYY-MM-DD`, a real day, optionally followed by `THH:MM`, seconds and a zone (`Z`, `+01:00`).
    private static func isDate(_ text: Substring) -> Bool {
        let day = text.prefix(10)
        let fields = day.split(separator: "-", omittingEmptySubsequences: false)
        guard day.count == 10, fields.count == 3, fields.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let year = Int(fields[0]), let month = Int(fields[1]), let date = Int(fields[2]),
            fields[0].count == 4, fields[1].count == 2, fields[2].count == 2, (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(date) else { return false }
        let time = text.dropFirst(10)
        guard !time.isEmpty else { return true }
        return time.first == "T" && isTime(time.dropFirst())
    }

    /// `HH:MM`, `HH:MM:SS`, then nothing, `Z`, or `+HH:MM` / `-HH:MM`.
    private static func isTime(_ text: Substring) -> Bool {
        var rest = text
        var zone: Substring = ""
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            zone = rest[rest.index(after: sign)...]
            rest = rest[..<sign]
            guard isClock(zone, fields: 2, hours: 14) else { return false }
        }
        return isClock(rest, fields: 2, hours: 23) || isClock(rest, fields: 3, hours: 23)
    }

    /// `HH:MM` (`fields` 2) or `HH:MM:SS` (3), two digits each, hours up to `hours`.
    private static func isClock(_ text: Substring, fields: Int, hours: Int) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == fields, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return false }
        let numbers = parts.compactMap { Int($0) }
        return numbers[0] <= hours && numbers[1] <= 59 && (fields == 2 || numbers[2] <= 59)
    }
}
