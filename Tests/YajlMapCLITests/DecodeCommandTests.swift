import Foundation
import GitHubModels
import Testing
import YajlMapCLI
import YajlMapper

/// A file in `Fixtures/github`.
private func github(_ path: String) -> String {
    packageRoot.appendingPathComponent("Fixtures/github/\(path)").path
}

@Suite("yajlmap decode")
struct DecodeCommandTests {
    @Test func tableHasTitleAndRowsCutToWidth() throws {
        let result = try runInProcess([
            "decode", "--format", "table", "--width", "100", github("search/schema-2019.json"),
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "1677 results")
        // At 100 columns the name and URL columns narrow (the URL without `https://`) so
        // the description keeps a fifth of the line.
        #expect(
            lines[1]
                == "tetros        github.com/daniel-e/tetros                661  Assembly    Tetris that fits into the …"
        )
        #expect(lines[1].count == 100)
        #expect(lines[2].contains("5948  JavaScript  Use React"))
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(result.stderr.isEmpty)
        // At 120 every column has its full width.
        let full = try runInProcess([
            "decode", "--format", "table", "--width", "120", github("search/schema-2019.json"),
        ])
        let fullRows = full.stdout.split(separator: "\n").map(String.init)
        #expect(
            fullRows[1].hasPrefix(
                "tetros                    https://github.com/daniel-e/tetros                661  Assembly      Tetris")
        )
        #expect(fullRows.dropFirst().allSatisfy { $0.count <= 120 })
        // At 80 the narrowest layout still shows every column and some description.
        let narrow = try runInProcess([
            "decode", "--format", "table", "--width", "80", github("search/schema-2019.json"),
        ])
        let narrowRows = narrow.stdout.split(separator: "\n").map(String.init)
        #expect(narrowRows[1] == "tetros      github.com/daniel-e/tetros            661  Assembly  Tetris that fi…")
        #expect(narrowRows[2] == "react-tet…  github.com/chvin/react-tetris        5948  JavaScr…  Use React, Red…")
        // Wide enough: the whole description, no ellipsis.
        let wide = try runInProcess([
            "decode", "--format", "table", "--width", "200", github("search/schema-2019.json"),
        ])
        #expect(wide.stdout.contains("Tetris that fits into the boot sector.\n"))
    }

    @Test func tableOfNoResultsAndSortedTable() throws {
        let empty = try runInProcess(["decode", "--format", "table", github("search/no-results.json")])
        #expect(empty.stdout == "0 results\n")
        let sorted = try runInProcess([
            "decode", "--format", "table", "--sort", "name", "--width", "120", github("search/large-ids.json"),
        ])
        let names = sorted.stdout.split(separator: "\n").dropFirst().map {
            $0.split(separator: " ").first.map(String.init) ?? ""
        }
        #expect(names == ["above-2-to-the-32", "above-2-to-the-53", "two-to-the-31"])
        // Narrower than the narrowest layout: every line is cut to the width.
        let narrow = try runInProcess([
            "decode", "--format", "table", "--sort", "name", "--width", "60", github("search/large-ids.json"),
        ])
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 })
        #expect(narrow.stdout.split(separator: "\n").count == 4)
    }

    @Test func tableTitleWhenTheCountFollowsTheItems() throws {
        // Keys in the order items, incomplete_results, total_count: a streamed table cannot
        // wait for the count, so its title line comes last; sorted (read whole), first.
        let page = try JSON(parsing: String(contentsOfFile: github("search/schema-2019.json"), encoding: .utf8))
        let reordered = JSON.object(JSONObject(["items", "incomplete_results", "total_count"].map { ($0, page[$0]) }))
        let text = try reordered.serialized(.pretty)
        #expect(text.range(of: "\"items\"")!.lowerBound < text.range(of: "\"total_count\"")!.lowerBound)
        let streamed = try runInProcess(["decode", "--format", "table", "--width", "100", "-"], stdin: text)
        #expect(streamed.status == 0)
        let lines = streamed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("tetros ") == true)
        #expect(lines.last == "1677 results")
        let limited = try runInProcess(["decode", "--format", "table", "--limit", "1", "-"], stdin: text)
        #expect(limited.stdout.split(separator: "\n").last == "1677 results")
        #expect(limited.stdout.split(separator: "\n").count == 2)
        let sorted = try runInProcess(["decode", "--format", "table", "--sort", "name", "-"], stdin: text)
        #expect(sorted.stdout.split(separator: "\n").first == "1677 results")
        // No items at all: the title alone.
        let empty = try runInProcess(
            ["decode", "--format", "table", "-"],
            stdin: #"{"items": [], "incomplete_results": false, "total_count": 0}"#)
        #expect(empty.stdout == "0 results\n")
    }

    @Test func ndjsonIsOneMappedModelPerLine() throws {
        let result = try runInProcess(["decode", "--format", "ndjson", github("search/large-ids.json")])
        #expect(result.status == 0)
        let records = try JSON.parseAll(result.stdout)
        #expect(records.count == 3)
        #expect(records.map { $0["id"].int64 } == [2_147_483_648, 4_294_967_297, 9_007_199_254_740_993])
        #expect(records[2]["license"].isNull)
        #expect(records[0]["owner"]["type"].string == "User")
        // Written from the model: keys the model does not map are gone.
        #expect(records[0]["forks_url"] == .null && !records[0].exists("forks_url"))
        let mapped = try Mapper<GitHubRepository>(strict: true).map(json: records[1])
        #expect(mapped.fullName == "big-ids/above-2-to-the-32")
    }

    @Test func ndjsonFieldsSortAndLimit() throws {
        let result = try runInProcess([
            "decode", "--format", "ndjson", "--fields", "name,stargazers_count,owner.login",
            "--sort", "stars", "--limit", "2", github("search/generated-100.json"),
        ])
        let records = try JSON.parseAll(result.stdout)
        #expect(records.count == 2)
        #expect(records[0].objectValue.keys == ["name", "stargazers_count", "owner.login"])
        #expect(records[0]["stargazers_count"].int! >= records[1]["stargazers_count"].int!)
        let page = try Mapper<GitHubRepositories>().map(
            data: try Data(contentsOf: URL(fileURLWithPath: github("search/generated-100.json"))))
        #expect(records[0]["stargazers_count"].int == page.items.map(\.stargazersCount).max())
    }

    @Test func streamingLimitPrintsNRows() throws {
        let result = try runInProcess([
            "decode", "--format", "ndjson", "--limit", "3", "--fields", "id", github("search/generated-100.json"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 3)
    }

    @Test func limitStillChecksTheWholeInput() throws {
        // --limit limits what is printed; every problem in the input still counts, streamed
        // (no --sort) or not: item 0's stargazers_count is a string, item 1 has two problems.
        let path = github("invalid/search-mistyped.json")
        let expected: Set<String> = [
            "\(path):81:27: error: items[0].stargazers_count: expected Int, found string",
            "\(path):121:18: error: items[1].owner.login: expected String, found null",
            "\(path):114:5: error: items[1].created_at: missing key, expected Date",
        ]
        for format in ["ndjson", "csv", "table"] {
            for sort in [[], ["--sort", "name"]] {
                let base = ["decode", "--format", format, "--limit", "1"] + sort
                let strict = try runInProcess(base + ["--strict", path])
                #expect(strict.status == 1, "\(format) \(sort)")
                #expect(Set(strict.stderr.split(separator: "\n").map(String.init)) == expected, "\(format) \(sort)")
                let lenient = try runInProcess(base + [path])
                #expect(lenient.status == 0, "\(format) \(sort)")
                #expect(
                    lenient.stderr == "yajlmap: \(path): 3 mapping problems ignored (see --strict)\n",
                    "\(format) \(sort)")
                let lines = lenient.stdout.unicodeScalars.filter { $0 == "\n" }.count
                #expect(lines == (format == "ndjson" ? 1 : 2), "\(format) \(sort)") // csv header, table title
            }
        }
    }

    @Test func jsonKeepsTheEnvelope() throws {
        let result = try runInProcess(["decode", "--format", "json", github("search/incomplete-results.json")])
        let page = try JSON(parsing: result.stdout)
        #expect(page["total_count"].int == 4211)
        #expect(page["incomplete_results"].bool == true)
        #expect(page["items"][0]["created_at"].string == "2013-05-24T16:15:54Z")
        #expect(page["items"][0]["topics"].array?.count == 6)
        let again = try Mapper<GitHubRepositories>(strict: true).map(string: result.stdout)
        let original = try Mapper<GitHubRepositories>(strict: true).map(
            data: try Data(contentsOf: URL(fileURLWithPath: github("search/incomplete-results.json"))))
        #expect(again == original)
    }

    @Test func csvQuotesAndDefaultFields() throws {
        let result = try runInProcess(["decode", "--format", "csv", github("search/unicode-escapes.json")])
        #expect(result.status == 0)
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines[0] == "full_name,html_url,stargazers_count,forks_count,language,updated_at,description")
        #expect(
            lines[1].hasPrefix(
                "josé/café-日本,https://github.com/josé/café-日本,224000,45600,C++,2025-06-30T09:12:44Z,\"Quotes \"\"inside\"\", a backslash \\, a slash /, a tab\there,\na newline"
            ))
        let custom = try runInProcess([
            "decode", "--format", "csv", "--fields", "id,topics,license.spdx_id", github("search/large-ids.json"),
        ])
        #expect(
            custom.stdout
                == "id,topics,license.spdx_id\r\n2147483648,[],MIT\r\n4294967297,[],Apache-2.0\r\n9007199254740993,[],\r\n"
        )
    }

    @Test func modelsRepositoryRepositoriesAndError() throws {
        let one = try runInProcess([
            "decode", "--model", "repository", "--format", "ndjson", "--fields", "full_name,score",
            github("repository/react.json"),
        ])
        #expect(one.stdout == "{\"full_name\":\"facebook/react\",\"score\":null}\n")
        let list = try runInProcess([
            "decode", "--model", "repositories", "--format", "csv", "--fields", "name,owner.login",
            github("repositories/user-repos-2019.json"),
        ])
        #expect(list.stdout == "name,owner.login\r\ntetros,daniel-e\r\nreact-tetris,chvin\r\n")
        let listJSON = try runInProcess([
            "decode", "--model", "repositories", "--format", "json", "--fields", "name",
            github("repositories/user-repos-2019.json"),
        ])
        #expect(try JSON(parsing: listJSON.stdout) == [["name": "tetros"], ["name": "react-tetris"]])
        let error = try runInProcess([
            "decode", "--model", "error", "--format", "table", github("errors/validation-422.json"),
        ])
        #expect(
            error.stdout == "error: Validation Failed\n  Search.q: missing\n  see https://docs.github.com/v3/search\n")
        let errorJSON = try runInProcess([
            "decode", "--model", "error", "--format", "ndjson", github("errors/rate-limit-403.json"),
        ])
        let record = try JSON(parsing: errorJSON.stdout)
        #expect(record["message"].string?.hasPrefix("API rate limit exceeded") == true)
        #expect(record["errors"].isNull) // written only when there are some
        let errorCSV = try runInProcess([
            "decode", "--model", "error", "--format", "csv", "--fields", "message,errors",
            github("errors/validation-422.json"),
        ])
        #expect(
            errorCSV.stdout
                == "message,errors\r\nValidation Failed,\"[{\"\"resource\"\":\"\"Search\"\",\"\"field\"\":\"\"q\"\",\"\"code\"\":\"\"missing\"\",\"\"message\"\":null}]\"\r\n"
        )
    }

    @Test func strictReportsEveryProblemWithPlace() throws {
        let path = github("invalid/search-mistyped.json")
        for format in ["ndjson", "json", "table", "csv"] {
            let result = try runInProcess(["decode", "--strict", "--format", format, path])
            #expect(result.status == 1)
            let lines = Set(result.stderr.split(separator: "\n").map(String.init))
            #expect(
                lines == [
                    "\(path):81:27: error: items[0].stargazers_count: expected Int, found string",
                    "\(path):121:18: error: items[1].owner.login: expected String, found null",
                    "\(path):114:5: error: items[1].created_at: missing key, expected Date",
                ], "\(format)")
            if format == "json" { #expect(result.stdout.isEmpty) }
        }
        let lenient = try runInProcess(["decode", "--format", "ndjson", path])
        #expect(lenient.status == 0)
        #expect(lenient.stderr == "yajlmap: \(path): 3 mapping problems ignored (see --strict)\n")
        #expect(lenient.stdout.split(separator: "\n").count == 2)
    }

    @Test func strictOnStdinNullLogin() throws {
        var page = try JSON(
            parsing: String(decoding: SearchPayloadGenerator(seed: 9).generate(items: 9, pretty: true), as: UTF8.self))
        var items = page["items"].arrayValue
        items[7]["owner"]["login"] = .null
        page["items"] = .array(items)
        let text = try page.serialized(.pretty)
        let result = try runInProcess(["decode", "--strict", "--format", "ndjson", "-"], stdin: text)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:"))
        #expect(result.stderr.hasSuffix(": error: items[7].owner.login: expected String, found null\n"))
        #expect(result.stdout.split(separator: "\n").count == 9)
    }

    @Test("a bad element of an array names the element's type", arguments: ["ndjson", "json"])
    func badTopicNamesTheElementType(format: String) throws {
        var page = try JSON(
            parsing: String(decoding: SearchPayloadGenerator(seed: 9).generate(items: 12, pretty: true), as: UTF8.self))
        var items = page["items"].arrayValue
        items[9]["topics"] = ["swift", 3]
        page["items"] = .array(items)
        let result = try runInProcess(
            ["decode", "--strict", "--format", format, "-"], stdin: try page.serialized(.pretty))
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("<stdin>:"))
        #expect(result.stderr.hasSuffix(": error: items[9].topics[1]: expected String, found number 3\n"))
    }

    @Test func badInputAndUsage() throws {
        let invalid = try runInProcess(["decode", "--format", "ndjson"], stdin: "{\"total_count\": 1, \"items\": [}")
        #expect(invalid.status == 1)
        #expect(invalid.stderr.hasPrefix("<stdin>:1:30: error:"))
        let notArray = try runInProcess([
            "decode", "--model", "repositories", "--strict", "--format", "ndjson", github("search/no-results.json"),
        ])
        #expect(notArray.status == 1)
        #expect(notArray.stderr.contains("expected [GitHubRepository], found object"))
        #expect(try runInProcess(["decode", "--format", "xml", "x"]).status == 2)
        #expect(try runInProcess(["decode", "--fields", "nonsense", "--format", "csv", "x"]).status == 2)
        #expect(try runInProcess(["decode", "--fields", "name", "--format", "table", "x"]).status == 2)
        #expect(try runInProcess(["decode", "--model", "error", "--sort", "stars", "x"]).status == 2)
        #expect(try runInProcess(["decode", "--limit", "0", "x"]).status == 2)
        #expect(try runInProcess(["decode", "--format", "json", "/nonexistent/page.json"]).status == 2)
    }

    @Test func aRootOfTheWrongKindIsOneErrorInEveryFormat() throws {
        // A repository where a list is expected, and an array where a search page is: nothing
        // can be mapped, so the error is printed once, whatever the format, and the exit
        // status is 1 with or without --strict (a streamed format must neither print it
        // twice nor count it among the ignored problems and exit 0).
        let path = github("repository/react.json")
        for strict in [[], ["--strict"]] {
            for format in ["ndjson", "csv", "table", "json"] {
                let list = try runInProcess(
                    ["decode", "--model", "repositories", "--format", format] + strict + [path])
                #expect(list.status == 1, "\(format) \(strict)")
                #expect(
                    list.stderr == "\(path):1:1: error: (root): expected [GitHubRepository], found object\n",
                    "\(format) \(strict)")
                #expect(list.stdout.isEmpty, "\(format) \(strict)")
                let page = try runInProcess(["decode", "--format", format] + strict, stdin: "[1,2]")
                #expect(page.status == 1, "\(format) \(strict)")
                #expect(
                    page.stderr.hasSuffix("error: (root): expected GitHubRepositories (an object), found array\n"),
                    "\(format) \(strict)")
                #expect(page.stderr.split(separator: "\n").count == 1, "\(format) \(strict)")
                #expect(page.stdout.isEmpty, "\(format) \(strict)")
            }
        }
    }

    @Test func fieldsAreCheckedAtEveryLevel() throws {
        let path = github("search/schema-2019.json")
        let refused = [
            "owner.bogus":
                "unknown field 'owner.bogus' for --model search (known in owner: login,id,node_id,avatar_url,gravatar_id,html_url,type,site_admin)",
            "name,license.nope":
                "unknown field 'license.nope' for --model search (known in license: key,name,spdx_id,url,node_id)",
            "permissions.root":
                "unknown field 'permissions.root' for --model search (known in permissions: admin,maintain,push,triage,pull)",
            "owner.login.x": "unknown field 'owner.login.x' for --model search (owner.login is a value, not an object)",
            "id.x": "unknown field 'id.x' for --model search (id is a value, not an object)",
            "owner[0]": "unknown field 'owner[0]' for --model search (owner is an object, not an array)",
        ]
        for (fields, message) in refused {
            let result = try runInProcess(["decode", "--format", "ndjson", "--fields", fields, path])
            #expect(result.status == 2, "\(fields)")
            #expect(result.stderr == "yajlmap: error: \(message)\n", "\(fields)")
            #expect(result.stdout.isEmpty, "\(fields)")
        }
        let top = try runInProcess(["decode", "--format", "csv", "--fields", "nonsense", path])
        #expect(
            top.stderr.hasPrefix("yajlmap: error: unknown field 'nonsense' for --model search (known: id,node_id,name,")
        )
        // Every field the model writes, and array elements by index, are accepted.
        let fine = try runInProcess([
            "decode", "--format", "ndjson", "--fields",
            "owner.login,license.spdx_id,permissions.admin,topics.0,topics[1]",
            github("search/incomplete-results.json"),
        ])
        #expect(fine.status == 0)
        let record = try JSON(parsing: fine.stdout)
        #expect(
            record.objectValue.keys == ["owner.login", "license.spdx_id", "permissions.admin", "topics.0", "topics[1]"])
        #expect(record["topics.0"].string != nil)
        let error = try runInProcess([
            "decode", "--model", "error", "--format", "ndjson", "--fields", "errors.0.code,message",
            github("errors/validation-422.json"),
        ])
        #expect(error.stdout == "{\"errors.0.code\":\"missing\",\"message\":\"Validation Failed\"}\n")
        #expect(
            try runInProcess([
                "decode", "--model", "error", "--format", "ndjson", "--fields", "message.text",
                github("errors/validation-422.json"),
            ]).status == 2)
    }

    @Test func missingTotalCountIsAnEnvelopeProblem() throws {
        let result = try runInProcess(
            ["decode", "--strict", "--format", "ndjson"], stdin: "{\"incomplete_results\": false, \"items\": []}")
        #expect(result.status == 1)
        #expect(result.stderr == "<stdin>:1:1: error: total_count: missing key, expected Int\n")
    }

    @Test func streamedEnvelopeProblemsHaveTheWholeDocumentsPositions() throws {
        // Streamed (ndjson, csv, table), the envelope is mapped from a tree without
        // positions; its problems must still read as json's (and validate's) do, in the same
        // order: document order around the items' problems, a missing key last.
        var many = try String(contentsOfFile: github("search/schema-2019.json"), encoding: .utf8)
        many = many.replacingOccurrences(of: "\"total_count\": 1677", with: "\"total_count\": \"many\"")
        var after = try JSON(
            parsing: String(decoding: SearchPayloadGenerator(seed: 3).generate(items: 300, pretty: true), as: UTF8.self)
        )
        var items = after["items"].arrayValue
        items[5]["stargazers_count"] = "lots"
        after = .object(JSONObject([("items", .array(items)), ("note", "a \\\" ] } [ {"), ("total_count", "many")]))
        let large = try after.serialized(.pretty)
        #expect(large.utf8.count > 3 * JSONInput.defaultChunkSize)
        let documents: [(String, [String])] = [
            (many, ["2:18: error: total_count: expected Int, found string"]),
            (
                "{\"incomplete_results\": 3,\n \"items\": 7, \"total_count\": \"x\"}",
                [
                    "1:24: error: incomplete_results: expected Bool, found number 3",
                    "2:11: error: items: expected [GitHubRepository], found number 7",
                    "2:29: error: total_count: expected Int, found string",
                ]
            ),
            ("\n\n  [1,2]", ["3:3: error: (root): expected GitHubRepositories (an object), found array"]),
            (" null", ["1:2: error: (root): expected GitHubRepositories (an object), found null"]),
            (large, []),
        ]
        for (text, expected) in documents {
            let whole = try runInProcess(["decode", "--strict", "--format", "json"], stdin: text)
            #expect(whole.status == 1)
            if !expected.isEmpty { #expect(whole.stderr == expected.map { "<stdin>:\($0)\n" }.joined()) }
            let validated = try runInProcess(["validate", "--model", "search", "-"], stdin: text)
            #expect(validated.stdout == whole.stderr)
            for format in ["ndjson", "csv", "table"] {
                let streamed = try runInProcess(["decode", "--strict", "--format", format, "-"], stdin: text)
                #expect(streamed.status == 1, "\(format)")
                #expect(streamed.stderr == whole.stderr, "\(format)")
            }
        }
        // The large page: the item's problem, then total_count after the items, then the
        // missing incomplete_results, located at the root.
        let lines = try runInProcess(["decode", "--strict", "--format", "ndjson", "-"], stdin: large).stderr.split(
            separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix(": error: items[5].stargazers_count: expected Int, found string"))
        #expect(lines[1].hasSuffix(": error: total_count: expected Int, found string"))
        #expect(lines[2] == "<stdin>:1:1: error: incomplete_results: missing key, expected Bool")
    }
}

@Suite("yajlmap validate --model and fixtures generate")
struct ValidateModelTests {
    @Test func githubFixturesMapStrictly() throws {
        for (model, folder) in [
            ("search", "search"), ("repository", "repository"), ("repositories", "repositories"), ("error", "errors"),
        ] {
            let result = try runInProcess(["validate", "--model", model, github(folder)])
            #expect(result.status == 0, "\(model): \(result.stdout)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func mappingProblemsAreErrors() throws {
        let path = github("invalid/search-mistyped.json")
        let result = try runInProcess(["validate", "--model", "search", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(path):121:18: error: items[1].owner.login: expected String, found null\n"))
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stderr == "1 file checked: 0 valid, 1 invalid\n")
        // Well-formed JSON on the wrong model.
        let wrong = try runInProcess(["validate", "--model", "error", github("search/no-results.json")])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains(": error: message: missing key, expected String"))
        // Plain validation still only parses.
        #expect(try runInProcess(["validate", path]).status == 0)
    }

    @Test func jsonFormatAndParseErrors() throws {
        let result = try runInProcess([
            "validate", "--format", "json", "--model", "error", github("invalid/error-without-message.json"),
        ])
        let record = try JSON(parsing: result.stdout)
        #expect(record["valid"].bool == false)
        #expect(record["line"].int == 1)
        #expect(record["message"].string == "message: missing key, expected String")
        #expect(record["problems"].array?.count == 2)
        let broken = try runInProcess(["validate", "--model", "search", "-"], stdin: "{\"items\": [")
        #expect(broken.status == 1)
        #expect(broken.stdout.hasPrefix("<stdin>:1:12: error:"))
        #expect(try runInProcess(["validate", "--model", "search", "--jsonl", "x"]).status == 2)
        #expect(try runInProcess(["validate", "--model", "tweets", "x"]).status == 2)
    }

    @Test func fixturesGenerate() throws {
        let result = try runInProcess(["fixtures", "generate", "--items", "5", "--seed", "7"])
        #expect(result.status == 0)
        #expect(Array(result.stdout.utf8) == SearchPayloadGenerator(seed: 7).generate(items: 5))
        let pretty = try runInProcess(["fixtures", "generate", "--items", "2", "--pretty"])
        #expect(Array(pretty.stdout.utf8) == SearchPayloadGenerator(seed: 1).generate(items: 2, pretty: true))
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("page.json")
        #expect(try runInProcess(["fixtures", "generate", "--items", "100", "--out", out.path]).status == 0)
        #expect(
            try Data(contentsOf: out) == Data(contentsOf: URL(fileURLWithPath: github("search/generated-100.json"))))
        let attributes = try FileManager.default.attributesOfItem(atPath: out.path)
        #expect((attributes[.posixPermissions] as? Int ?? 0) & 0o044 != 0)
        let empty = try JSON(parsing: try runInProcess(["fixtures", "generate", "--items", "0"]).stdout)
        #expect(empty["items"] == [])
        #expect(try runInProcess(["fixtures"]).status == 2)
        #expect(try runInProcess(["fixtures", "generate", "--items", "-1"]).status == 2)
        #expect(try runInProcess(["fixtures", "generate", "--seed", "x"]).status == 2)
    }

    @Test(arguments: ["decode", "fixtures"])
    func helpIsThere(_ command: String) throws {
        let result = try runInProcess([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: yajlmap \(command)"))
        #expect(try runInProcess(["--help"]).stdout.contains(command))
    }
}

/// The built binary: the default format off a terminal, and a large page through a pipe.
@Suite("yajlmap decode binary", .enabled(if: yajlmapBinary != nil))
struct DecodeBinaryTests {
    @Test func defaultFormatOffATerminalIsNDJSON() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: github("search/generated-100.json")))
        let result = try runBinary(["decode"], stdin: data)
        #expect(result.status == 0)
        #expect(try JSON.parseAll(result.stdout).count == 100)
    }

    @Test func streamsAGeneratedPage() throws {
        let page = try runBinary(["fixtures", "generate", "--items", "2000"])
        let decoded = try runBinary(
            ["decode", "--strict", "--format", "csv", "--fields", "id"], stdin: Data(page.stdout.utf8))
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdout.components(separatedBy: "\r\n").count == 2002)
    }
}
