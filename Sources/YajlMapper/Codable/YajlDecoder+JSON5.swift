import Foundation

extension YajlDecoder.Settings {
    /// Foundation's `JSONDecoder` set up as this decoder is: what ``YajlDecoder/allowsJSON5``
    /// hands input that does not parse as JSON to, and ``YajlDecoder/assumesTopLevelDictionary``
    /// a document that does not open with `{`.
    func foundationDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keys
        decoder.dateDecodingStrategy = dates
        decoder.dataDecodingStrategy = data
        decoder.nonConformingFloatDecodingStrategy = floats
        decoder.userInfo = userInfo
        decoder.allowsJSON5 = allowsJSON5
        decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
        return decoder
    }
}
