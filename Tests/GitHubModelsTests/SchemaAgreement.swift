import Foundation

/// The webhook corpus beside the package (`../shared/corpus/github-webhooks`), when it is there.
let webhookCorpus: URL? = {
    let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/github-webhooks")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
}()

/// The payload examples of a webhook event, sorted (none without the corpus).
func webhookExamples(_ event: String) -> [URL] {
    guard let corpus = webhookCorpus else { return [] }
    let dir = corpus.appendingPathComponent("payload-examples/api.github.com/\(event)")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { dir.appendingPathComponent($0) }
}

/// One JSON Schema file of the corpus, read as far as a model's fields need: each
/// property's allowed types (through `$ref`, `oneOf`, `anyOf`, `allOf`, `enum`) and the
/// required keys.
struct PropertySchema {
    /// The properties' allowed types (`null` among them when a property may be `null`).
    var types: [String: Set<String>] = [:]
    /// The required keys.
    var required: Set<String> = []

    /// Reads the schema at `url`; one made of alternatives (`oneOf` objects, as a
    /// `review_requested` payload's: by a user or by a team) has every alternative's
    /// properties, and requires what all of them require.
    /// `property`: the schema of that property of the file's, inline (`a/b`: of its property `b`).
    init(_ url: URL, property: String? = nil) throws {
        var schema = try Self.load(url)
        for step in property?.split(separator: "/") ?? [] {
            schema = (schema["properties"] as? [String: Any])?[String(step)] as? [String: Any] ?? [:]
        }
        let alternatives = try (schema["oneOf"] as? [[String: Any]] ?? [schema]).map { alternative in
            guard let ref = alternative["$ref"] as? String else { return alternative }
            return try Self.load(Self.resolve(ref, from: url))
        }
        required = Set(alternatives[0]["required"] as? [String] ?? [])
        for alternative in alternatives {
            required.formIntersection(alternative["required"] as? [String] ?? [])
            for (key, value) in alternative["properties"] as? [String: Any] ?? [:] {
                types[key, default: []].formUnion(try Self.types(of: value as? [String: Any] ?? [:], in: url))
            }
        }
    }

    /// Where `ref` points from the file at `url`: beside it, or (an event's `common/...`)
    /// from the schemas' root.
    private static func resolve(_ ref: String, from url: URL) -> URL {
        let beside = url.deletingLastPathComponent().appendingPathComponent(ref).standardizedFileURL
        if FileManager.default.fileExists(atPath: beside.path) { return beside }
        return url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(ref)
    }

    /// A schema file as a dictionary.
    private static func load(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    /// The types a subschema of the file at `url` allows (`any`: it says nothing).
    private static func types(of schema: [String: Any], in url: URL) throws -> Set<String> {
        if let ref = schema["$ref"] as? String {
            let target = resolve(ref, from: url)
            return try types(of: load(target), in: target)
        }
        var found: Set<String> = []
        if let type = schema["type"] as? String { found.insert(type) }
        if let list = schema["type"] as? [String] { found.formUnion(list) }
        for combined in ["oneOf", "anyOf"] {
            for branch in schema[combined] as? [[String: Any]] ?? [] { found.formUnion(try types(of: branch, in: url)) }
        }
        if found.isEmpty, let all = schema["allOf"] as? [[String: Any]] {
            for branch in all { found.formUnion(try types(of: branch, in: url)) }
        }
        if found.isEmpty, let values = schema["enum"] as? [Any] {
            for value in values { found.insert(value is NSNull ? "null" : value is String ? "string" : "any") }
        }
        // An integer is a number; a model's integer reads a schema's number (GitHub types some
        // ids so, `run_id`), refusing only a fraction, which an id never has.
        if found.contains("integer") || found.contains("number") { found.formUnion(["integer", "number"]) }
        return found.isEmpty ? ["any"] : found.subtracting(["any"])
    }
}

/// What does not agree between a model's fields and the schemas of its payloads (for an
/// event, one schema per action): a field none of them has; a type one of them does not
/// allow (a `JSON` field allows any); a required field some schema lets be missing or `null`; an optional field every
/// schema requires, not `null`.
func disagreements(_ fields: [ProbedField], _ schemas: [PropertySchema]) -> [String] {
    var found: [String] = []
    for field in fields {
        let having = schemas.filter { $0.types[field.key] != nil }
        guard !having.isEmpty else {
            found.append("\(field): no such property")
            continue
        }
        // (A schema where the field is always `null` says nothing of its type.)
        for schema in having
        where field.type != "any" && !schema.types[field.key]!.contains(field.type)
            && schema.types[field.key] != ["null"]
        {
            found.append("\(field): the schema allows \(schema.types[field.key]!.sorted())")
        }
        let mayLack = schemas.contains {
            !$0.required.contains(field.key) || $0.types[field.key]?.contains("null") == true
        }
        if field.optional != mayLack {
            found.append("\(field): \(mayLack ? "may be missing or null" : "is required, not null")")
        }
    }
    return found
}
