import Testing

@testable import YajlMapper

/// The table Eisel-Lemire multiplies by, computed at first use: the same 1,302 words as the
/// table generated once with Python's exact integers (floor(5^q * 2^s), normalised to 128
/// bits, q = -342...308), which the source held before.
@Suite("Eisel-Lemire's powers of five")
struct PowersOfFiveTableTests {
    @Test func theTableIsTheExactOne() {
        let table = eiselLemirePowersOfFive
        #expect(table.count == 1302)
        // FNV-1a over the words in order, of the generated table.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in table { hash = (hash ^ word) &* 0x0000_0100_0000_01b3 }
        #expect(hash == 0x568d_0d57_5c02_4b43)
        func entry(_ q: Int) -> [UInt64] { [table[2 * (q + 342)], table[2 * (q + 342) + 1]] }
        #expect(entry(-342) == [0xEEF4_53D6_923B_D65A, 0x113F_AA29_06A1_3B3F])
        #expect(entry(-1) == [0xCCCC_CCCC_CCCC_CCCC, 0xCCCC_CCCC_CCCC_CCCC])
        #expect(entry(0) == [0x8000_0000_0000_0000, 0])
        #expect(entry(56) == [0x8281_8F12_81ED_449F, 0xBFF8_F10E_7A89_21A4])
        #expect(entry(308) == [0x8E67_9C2F_5E44_FF8F, 0x570F_09EA_A7EA_7648])
    }
}
