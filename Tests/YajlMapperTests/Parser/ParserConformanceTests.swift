import Testing

@testable import YajlMapper

/// JSONTestSuite (github.com/nst/JSONTestSuite) `test_parsing`, read in place from
/// `../shared/corpus` next to the package. Skipped when the corpus is not there.
@Suite("JSONTestSuite", .enabled(if: Corpus.isAvailable, "JSONTestSuite corpus not found next to the package"))
struct ParserConformanceTests {
    /// What the parser does with each implementation-defined (`i_`) file, recorded so
    /// that a change of behaviour is noticed. Regenerate deliberately when it changes.
    static let implementationDefined: [String: String] = [
        "i_number_double_huge_neg_exp.json": "accept",
        "i_number_huge_exp.json": "accept",
        "i_number_neg_int_huge_exp.json": "accept",
        "i_number_pos_double_huge_exp.json": "accept",
        "i_number_real_neg_overflow.json": "accept",
        "i_number_real_pos_overflow.json": "accept",
        "i_number_real_underflow.json": "accept",
        "i_number_too_big_neg_int.json": "accept",
        "i_number_too_big_pos_int.json": "accept",
        "i_number_very_big_negative_int.json": "accept",
        "i_object_key_lone_2nd_surrogate.json": "reject when read",
        "i_string_1st_surrogate_but_2nd_missing.json": "reject when read",
        "i_string_1st_valid_surrogate_2nd_invalid.json": "reject when read",
        "i_string_UTF-16LE_with_BOM.json": "reject",
        "i_string_UTF-8_invalid_sequence.json": "reject",
        "i_string_UTF8_surrogate_U+D800.json": "reject",
        "i_string_incomplete_surrogate_and_escape_valid.json": "reject when read",
        "i_string_incomplete_surrogate_pair.json": "reject when read",
        "i_string_incomplete_surrogates_escape_valid.json": "reject when read",
        "i_string_invalid_lonely_surrogate.json": "reject when read",
        "i_string_invalid_surrogate.json": "reject when read",
        "i_string_invalid_utf-8.json": "reject",
        "i_string_inverted_surrogates_U+1D11E.json": "reject when read",
        "i_string_iso_latin_1.json": "reject",
        "i_string_lone_second_surrogate.json": "reject when read",
        "i_string_lone_utf8_continuation_byte.json": "reject",
        "i_string_not_in_unicode_range.json": "reject",
        "i_string_overlong_sequence_2_bytes.json": "reject",
        "i_string_overlong_sequence_6_bytes.json": "reject",
        "i_string_overlong_sequence_6_bytes_null.json": "reject",
        "i_string_truncated-utf-8.json": "reject",
        "i_string_utf16BE_no_BOM.json": "reject",
        "i_string_utf16LE_no_BOM.json": "reject",
        "i_structure_500_nested_arrays.json": "accept",
        "i_structure_UTF-8_BOM_empty_object.json": "accept",
    ]

    @Test("every y_ file is accepted, by an event handler and by the validator")
    func mustAccept() throws {
        let files = Corpus.files("y_")
        #expect(files.count == 95)
        for name in files {
            let bytes = try Corpus.bytes(name)
            let result = outcome(bytes)
            #expect(result.isAccepted, "\(name): \(result)")
            #expect(validates(bytes), "\(name): rejected by DiscardEvents")
        }
    }

    @Test("every n_ file is rejected with a JSONParseError, by an event handler and by the validator")
    func mustReject() throws {
        let files = Corpus.files("n_")
        #expect(files.count == 188)
        for name in files {
            let bytes = try Corpus.bytes(name)
            #expect(throws: JSONParseError.self, "\(name)") {
                _ = try JSONStreamParser.parse(bytes, handler: EventRecorder())
            }
            #expect(throws: JSONParseError.self, "\(name)") {
                _ = try JSONStreamParser.parse(bytes, handler: DiscardEvents())
            }
        }
    }

    @Test("i_ files: the recorded outcome, for an event handler and the validator")
    func implementationDefinedOutcomes() throws {
        let files = Corpus.files("i_")
        #expect(files.count == Self.implementationDefined.count)
        #expect(Set(files) == Set(Self.implementationDefined.keys))
        for name in files {
            let bytes = try Corpus.bytes(name)
            let read = outcome(bytes).isAccepted, validated = validates(bytes)
            // "reject when read": the validator accepts what a handler, given the string,
            // rejects (a surrogate escape with no UTF-8 form).
            let recorded = read == validated ? (read ? "accept" : "reject") : (validated ? "reject when read" : "?")
            #expect(recorded == Self.implementationDefined[name], "\(name)")
        }
    }

    @Test("i_ outcome totals")
    func implementationDefinedTotals() {
        #expect(Self.implementationDefined.values.filter { $0 == "accept" }.count == 12)
        #expect(Self.implementationDefined.values.filter { $0 == "reject when read" }.count == 10)
        #expect(Self.implementationDefined.values.filter { $0 == "reject" }.count == 13)
    }

    @Test("every corpus file gives the same outcome split at every point and byte at a time")
    func chunkInvariance() throws {
        for name in Corpus.files("") {
            let bytes = try Corpus.bytes(name)
            let whole = outcome(bytes)
            let bytewise = outcome(chunks: bytes.map { [$0] })
            if bytewise != whole { recordDivergence(bytewise, whole, "\(name), byte at a time") }
            guard bytes.count <= 1024 else { continue }
            for i in 0...bytes.count {
                let split = outcome(chunks: [Array(bytes[..<i]), Array(bytes[i...])])
                if split != whole {
                    recordDivergence(split, whole, "\(name) split at \(i)")
                    break
                }
            }
        }
    }

    @Test("the validator reports the same error as an event handler for every n_ file")
    func validatorErrorsMatch() throws {
        for name in Corpus.files("n_") {
            let bytes = try Corpus.bytes(name)
            #expect(validationError(chunks: [bytes], options: JSONParseOptions()) == outcome(bytes).error, "\(name)")
        }
    }
}
