import CommandLineOutput
import Foundation
import GitHubRequests

extension SearchCommand {
    /// A usage problem: exit status 2 with a one-line reason.
    struct UsageProblem: Error {
        var message: String
    }

    /// The arguments, checked.
    struct Options {
        /// The default `--limit`: a page of GitHub's default size.
        static let defaultLimit = 30

        var help = false
        var interactive = false
        var query = GitHubSearchQuery()
        /// The most repositories to print (`--limit`; else `--per-page`; else 30).
        var limit = Options.defaultLimit
        /// Whether `--limit` was given: only then is a shorter result worth a note.
        var limitGiven = false
        var format = "ndjson"
        var width = 80
        var apiURL: String?
        var tokenFile: String?

        init(_ arguments: [String], environment: [String: String], terminalColumns: Int? = nil) throws {
            var words: [String] = []
            var qualifiers: [(flag: String, qualifier: GitHubSearchQuery.Qualifier)] = []
            var rest = Self.splittingEquals(arguments)[...]
            var limit: Int?
            format = isatty(1) == 1 ? "table" : "ndjson"
            width = TerminalWidth.resolve(option: nil, terminalColumns: terminalColumns, environment: environment)
            func value(_ flag: String) throws -> String {
                guard let next = rest.popFirst() else { throw UsageProblem(message: "\(flag) needs a value") }
                return next
            }
            func number(_ flag: String, _ range: ClosedRange<Int>) throws -> Int {
                let text = try value(flag)
                guard let n = Int(text), range.contains(n) else {
                    let bounds =
                        range.upperBound == Int.max ? "of 1 or more" : "from \(range.lowerBound) to \(range.upperBound)"
                    throw UsageProblem(message: "\(flag) needs a whole number \(bounds), not '\(text)'")
                }
                return n
            }
            while let word = rest.popFirst() {
                switch word {
                case "-h", "--help": help = true
                case "--interactive", "-i": interactive = true
                case "--sort":
                    let text = try value(word)
                    guard let sort = GitHubSearchQuery.Sort(rawValue: text),
                        ["stars", "forks", "updated"].contains(text)
                    else {
                        throw UsageProblem(message: "--sort must be one of stars, forks, updated, not '\(text)'")
                    }
                    query.sort = sort
                case "--order":
                    let text = try value(word)
                    guard let order = GitHubSearchQuery.Order(rawValue: text) else {
                        throw UsageProblem(message: "--order must be desc or asc, not '\(text)'")
                    }
                    query.order = order
                case "--per-page": query.perPage = try number(word, 1...100)
                case "--page": query.page = try number(word, 1...1000)
                case "--limit": limit = try number(word, 1...Int.max)
                case "--format":
                    let text = try value(word)
                    guard SearchPageOutput.formats.contains(text) else {
                        throw UsageProblem(
                            message:
                                "--format must be one of \(SearchPageOutput.formats.joined(separator: ", ")), not '\(text)'"
                        )
                    }
                    format = text
                case "--width": width = try number(word, 20...1000)
                case "--api-url": apiURL = try value(word)
                case "--token-file": tokenFile = try value(word)
                case _ where QualifierFlags.names.contains(word):
                    let qualifier = try QualifierFlags.qualifier(word, try value(word))
                    // The last of a flag given twice wins, except the repeatable ones.
                    if !QualifierFlags.repeatable.contains(word) { qualifiers.removeAll { $0.flag == word } }
                    qualifiers.append((word, qualifier))
                case "--":
                    words.append(contentsOf: rest)
                    rest = []
                default:
                    if word.hasPrefix("-") && word != "-" { throw UsageProblem(message: "unknown option '\(word)'") }
                    words.append(word)
                }
            }
            query.text = words.joined(separator: " ")
            query.qualifiers = qualifiers.map(\.qualifier)
            self.limit = limit ?? query.perPage ?? Self.defaultLimit
            limitGiven = limit != nil
            if !help && !interactive && query.q.isEmpty {
                throw UsageProblem(message: "search needs a QUERY or a qualifier flag (or --interactive)")
            }
        }

        /// `--name=value` as two words, up to a `--`.
        static func splittingEquals(_ arguments: [String]) -> [String] {
            var result: [String] = []
            for (index, word) in arguments.enumerated() {
                if word == "--" { return result + arguments[index...] }
                if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                    result += [String(word[..<equals]), String(word[word.index(after: equals)...])]
                } else {
                    result.append(word)
                }
            }
            return result
        }
    }
}
