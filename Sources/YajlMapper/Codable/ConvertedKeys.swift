import Foundation

/// An object's keys as a key strategy turns them into coding keys (`convertFromSnakeCase`,
/// `custom`), with the first member for each converted key, as `JSONDecoder` takes it.
final class ConvertedKeys {
    /// The converted keys, in document order, each once.
    let names: [String]
    /// Each converted key's value token.
    let values: [String: Int]

    /// Converts the keys of the object at `object`.
    init(object: Int, decoder: TapeDecoder, node: CodingPathNode) {
        var names: [String] = []
        var values: [String: Int] = [:]
        let tape = decoder.tape
        var k = object + 1
        let end = tape.tokens[object].start
        names.reserveCapacity(Int(tape.tokens[object].length))
        while k < end {
            let name = decoder.convert(tape.string(at: k), node: node)
            if values[name] == nil {
                values[name] = k + 1
                names.append(name)
            }
            k = tape.end(ofValueAt: k + 1)
        }
        self.names = names
        self.values = values
    }
}

extension TapeDecoder {
    /// A JSON key as the key strategy makes it.
    func convert(_ key: String, node: CodingPathNode) -> String {
        switch options.keys {
        case .convertFromSnakeCase:
            if let known = convertedKeys[key] { return known }
            let converted = Self.camelCase(fromSnakeCase: key)
            convertedKeys[key] = converted
            return converted
        case .custom(let convert):
            return convert(node.path + [YajlCodingKey(stringValue: key)]).stringValue
        default:
            return key
        }
    }

    /// `snake_case_key` as `snakeCaseKey`, by `JSONDecoder`'s rule: underscores at the start
    /// and end stay; in between, the first word is lowercased and each later word
    /// capitalized; a key without inner underscores is kept as it is.
    static func camelCase(fromSnakeCase key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { last = key.index(before: last) }
        let core = key[first...last]
        let words = core.split(separator: "_")
        guard words.count > 1 else { return key }
        var result = String(key[..<first])
        result += words[0].lowercased()
        for word in words.dropFirst() { result += word.capitalized }
        result += key[key.index(after: last)...]
        return result
    }
}
