import Foundation
import Testing

@testable import YajlMapper

/// One decoder and one encoder configured on one thread while others code with them: each
/// coding reads one whole setting or the other (the sanitizer run checks there is no race).
@Suite("YajlDecoder and YajlEncoder: settings changed while in use")
struct CoderSettingsConcurrencyTests {
    /// A name spelled both ways in one document.
    struct Named: Codable, Equatable {
        let fullName: String
    }

    @Test func aDecoderConfiguredWhileItDecodes() async {
        let decoder = YajlDecoder()
        let json = Data(#"{"full_name": "snake", "fullName": "camel"}"#.utf8)
        let names = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                for round in 0..<400 {
                    decoder.keyDecodingStrategy = round.isMultiple(of: 2) ? .convertFromSnakeCase : .useDefaultKeys
                    decoder.userInfo = [CodingUserInfoKey(rawValue: "round")!: round]
                }
                return []
            }
            for _ in 0..<3 {
                group.addTask { (0..<400).compactMap { _ in try? decoder.decode(Named.self, from: json).fullName } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(names.count == 1200)
        #expect(Set(names).isSubset(of: ["snake", "camel"]))
    }

    @Test func anEncoderConfiguredWhileItEncodes() async {
        let encoder = YajlEncoder()
        let texts = await withTaskGroup(of: [String].self) { group in
            group.addTask {
                for round in 0..<400 {
                    encoder.keyEncodingStrategy = round.isMultiple(of: 2) ? .convertToSnakeCase : .useDefaultKeys
                    encoder.outputFormatting = round.isMultiple(of: 3) ? .prettyPrinted : []
                }
                return []
            }
            for _ in 0..<3 {
                group.addTask {
                    (0..<400).compactMap { _ in
                        (try? encoder.encode(Named(fullName: "x"))).map { String(decoding: $0, as: UTF8.self) }
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(texts.count == 1200)
        let expected: Set<String> = [
            #"{"fullName":"x"}"#, #"{"full_name":"x"}"#, "{\n  \"fullName\" : \"x\"\n}",
            "{\n  \"full_name\" : \"x\"\n}",
        ]
        #expect(Set(texts).isSubset(of: expected), "\(Set(texts))")
    }
}
