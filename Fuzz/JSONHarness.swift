import YajlMapper

/// The `JSON` value: written and parsed again it is equal, and the duplicate key policies agree.
enum JSONHarness {
    /// Runs the checks on one input.
    static func run(_ bytes: [UInt8]) {
        guard let value = try? JSON(parsing: bytes) else {
            check((try? JSON(parsing: bytes, duplicateKeys: .useFirst)) == nil, "useFirst accepts what useLast rejects")
            return
        }
        let first = try? JSON(parsing: bytes, duplicateKeys: .useFirst)
        check(first != nil, "useFirst rejects what useLast accepts: \(shown(bytes))")
        if let distinct = try? JSON(parsing: bytes, duplicateKeys: .reject) {
            check(distinct == value && first == value, "no repeated key, yet the policies differ: \(shown(bytes))")
        }
        for style in [JSONWriter.Style.compact, .pretty] {
            let text: [UInt8]
            do {
                text = try value.serializedBytes(style)
            } catch JSONWriteError.tooDeep {
                return
            } catch {
                fail("\(style) writing failed: \(error) for \(shown(bytes))")
            }
            guard let again = try? JSON(parsing: text) else { fail("\(style) output does not parse: \(shown(text))") }
            check(again == value, "\(style) output parses to another value: \(shown(text)) from \(shown(bytes))")
            check((try? again.serializedBytes(style)) == text, "\(style) output written again differs: \(shown(text))")
        }
        if case .object(let object) = value {
            for (key, member) in object {
                check(value[key] == member, "value[\(key.debugDescription)] is not its member")
            }
            let added = "\u{0}added"
            if object[added] == nil {
                var changed = value
                changed[added] = [1, "two"]
                check(
                    changed[added] == [1, "two"] && changed.count == value.count + 1, "a member set is not read back")
            }
        }
        if case .array(let elements) = value {
            for (index, element) in elements.enumerated() {
                check(value[index] == element, "value[\(index)] is not its element")
            }
        }
    }
}
