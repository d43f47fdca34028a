#ifndef CYAJL_BYTE_SCAN_H
#define CYAJL_BYTE_SCAN_H

/* The byte scan behind the strict input check (Parsing/UTF8Check.swift): Swift has no
   AVX2 without a build flag that would exclude older machines, so the scan is written here
   with a per-function target and chosen at run time. Both return the same answers; the
   tests compare them with a byte-by-byte reading. The UTF-8 validator is AVX2 only: without
   it the Swift code reads every character. */

#include <stddef.h>
#include <stdint.h>

/* Whether a byte is above 0x7F, or a vertical tab or form feed (white space to yajl, not to
   JSON). */
static inline int cyajl_is_special_byte(uint8_t b) {
    return b >= 0x80 || b == 0x0B || b == 0x0C;
}

/* The first special byte among the n at p (n when there is none), eight bytes at a time. */
static inline size_t cyajl_first_special_portable(const uint8_t *p, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        __builtin_memcpy(&w, p + i, 8);
        const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
        /* Each byte's low seven bits plus 0x80 - x reach its high bit when they are at least x,
           without a carry into the next byte. */
        uint64_t low7 = w & ~highs;
        uint64_t atLeastB = (low7 + (0x80 - 0x0B) * ones) & highs;   /* byte & 0x7F >= 0x0B */
        uint64_t atLeastD = (low7 + (0x80 - 0x0D) * ones) & highs;   /* byte & 0x7F >= 0x0D */
        uint64_t special = (w & highs) | (atLeastB & ~atLeastD);
        if (special) {
            for (size_t k = i; k < i + 8; k++) if (cyajl_is_special_byte(p[k])) return k;
        }
    }
    for (; i < n; i++) if (cyajl_is_special_byte(p[i])) return i;
    return n;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

/* 128 bytes per step: a byte's high bit marks it in the mask, and a lookup by its low four
   bits (zero for a byte above 0x7F) equals it only for 0x0B and 0x0C. */
__attribute__((target("avx2")))
static inline size_t cyajl_first_special_avx2(const uint8_t *p, size_t n) {
    const __m256i table = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x0B, 0x0C, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x0B, 0x0C, -1, -1, -1);
    size_t i = 0;
    for (; i + 128 <= n; i += 128) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + i + 32));
        __m256i c = _mm256_loadu_si256((const __m256i *)(p + i + 64));
        __m256i d = _mm256_loadu_si256((const __m256i *)(p + i + 96));
        __m256i sa = _mm256_or_si256(a, _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, a), a));
        __m256i sb = _mm256_or_si256(b, _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, b), b));
        __m256i sc = _mm256_or_si256(c, _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, c), c));
        __m256i sd = _mm256_or_si256(d, _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, d), d));
        __m256i any = _mm256_or_si256(_mm256_or_si256(sa, sb), _mm256_or_si256(sc, sd));
        if (_mm256_movemask_epi8(any) != 0) {
            uint64_t low = (uint32_t)_mm256_movemask_epi8(sa) | ((uint64_t)(uint32_t)_mm256_movemask_epi8(sb) << 32);
            if (low) return i + (size_t)__builtin_ctzll(low);
            uint64_t high = (uint32_t)_mm256_movemask_epi8(sc) | ((uint64_t)(uint32_t)_mm256_movemask_epi8(sd) << 32);
            return i + 64 + (size_t)__builtin_ctzll(high);
        }
    }
    for (; i + 32 <= n; i += 32) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i sa = _mm256_or_si256(a, _mm256_cmpeq_epi8(_mm256_shuffle_epi8(table, a), a));
        uint32_t mask = (uint32_t)_mm256_movemask_epi8(sa);
        if (mask) return i + (size_t)__builtin_ctz(mask);
    }
    return i + cyajl_first_special_portable(p + i, n - i);
}

/* The bytes above 0x7F among the 64 at p: bit k for byte k. */
__attribute__((target("avx2")))
static inline uint64_t cyajl_high_bits64_avx2(const uint8_t *p) {
    __m256i a = _mm256_loadu_si256((const __m256i *)p);
    __m256i b = _mm256_loadu_si256((const __m256i *)(p + 32));
    return (uint32_t)_mm256_movemask_epi8(a) | ((uint64_t)(uint32_t)_mm256_movemask_epi8(b) << 32);
}

/* The bytes of `input` shifted by n (1 to 3) positions towards its end, the last n of `prev`
   coming in first: byte k is the one n before it in the stream. */
#define CYAJL_PREV(input, prev, n) \
    _mm256_alignr_epi8((input), _mm256_permute2x128_si256((prev), (input), 0x21), 16 - (n))
/* A table of 16 bytes in both 128-bit lanes, for _mm256_shuffle_epi8. */
#define CYAJL_TABLE(bytes) _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)(bytes)))

/* The error bits of 32 bytes of UTF-8 given the 32 before them: nonzero at a byte that
   cannot be where it is.

   This is the "lookup" algorithm of Keiser and Lemire, "Validating UTF-8 in less than one
   instruction per byte" (Software: Practice and Experience, 2021). Each error that two
   consecutive bytes can show is one bit; three tables, indexed by the high nibble of the byte
   before, the low nibble of the byte before, and the high nibble of this byte, give the errors
   each nibble is consistent with, and their AND is the errors the pair shows:
     TOO_SHORT   a lead byte followed by ASCII or another lead byte
     TOO_LONG    ASCII followed by a continuation byte
     OVERLONG_2  C0 or C1 followed by a continuation byte
     OVERLONG_3  E0 followed by 80 to 9F
     OVERLONG_4  F0 followed by 80 to 8F (shares bit 6 with TOO_LARGE_1000)
     SURROGATE   ED followed by A0 to BF
     TOO_LARGE   F4 followed by 90 to BF, or F5 to FF followed by 90 to BF
     TOO_LARGE_1000  F5 to FF followed by 80 to 8F
     TWO_CONTS   a continuation byte followed by another one
   TWO_CONTS is an error unless the byte two before is a lead of three or four bytes, or the
   byte three before a lead of four: a saturating subtract sets the high bit exactly there,
   and that bit XOR the TWO_CONTS bit is the error (also a missing continuation byte). */
__attribute__((target("avx2")))
static inline __m256i cyajl_utf8_errors_avx2(__m256i input, __m256i prev) {
    enum {
        TOO_SHORT = 1 << 0, TOO_LONG = 1 << 1, OVERLONG_3 = 1 << 2, TOO_LARGE = 1 << 3,
        SURROGATE = 1 << 4, OVERLONG_2 = 1 << 5, TOO_LARGE_1000 = 1 << 6, OVERLONG_4 = 1 << 6,
        TWO_CONTS = 1 << 7, CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS,
        LARGE = CARRY | TOO_LARGE | TOO_LARGE_1000,
        CONT_8 = TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
        CONT_9 = TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
        CONT_AB = TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE
    };
    static const uint8_t byte1High[16] = {
        TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, /* 0_______ */
        TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS,                                     /* 10______ */
        TOO_SHORT | OVERLONG_2, TOO_SHORT,                                              /* 110_____ */
        TOO_SHORT | OVERLONG_3 | SURROGATE,                                             /* 1110____ */
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4};                           /* 1111____ */
    static const uint8_t byte1Low[16] = {
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, CARRY | OVERLONG_2, CARRY, CARRY, /* ____00__ */
        CARRY | TOO_LARGE, LARGE, LARGE, LARGE,                                         /* ____01__ */
        LARGE, LARGE, LARGE, LARGE, LARGE, LARGE | SURROGATE, LARGE, LARGE};            /* ____1___ */
    static const uint8_t byte2High[16] = {
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, /* 0_______ */
        CONT_8, CONT_9, CONT_AB, CONT_AB,                                                       /* 10______ */
        TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT};                                            /* 11______ */
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i prev1 = CYAJL_PREV(input, prev, 1);
    __m256i special = _mm256_and_si256(
        _mm256_and_si256(
            _mm256_shuffle_epi8(CYAJL_TABLE(byte1High), _mm256_and_si256(_mm256_srli_epi16(prev1, 4), nibble)),
            _mm256_shuffle_epi8(CYAJL_TABLE(byte1Low), _mm256_and_si256(prev1, nibble))),
        _mm256_shuffle_epi8(CYAJL_TABLE(byte2High), _mm256_and_si256(_mm256_srli_epi16(input, 4), nibble)));
    __m256i third = _mm256_subs_epu8(CYAJL_PREV(input, prev, 2), _mm256_set1_epi8(0xE0 - 0x80));
    __m256i fourth = _mm256_subs_epu8(CYAJL_PREV(input, prev, 3), _mm256_set1_epi8(0xF0 - 0x80));
    __m256i mustContinue = _mm256_and_si256(_mm256_or_si256(third, fourth), _mm256_set1_epi8((char)0x80));
    return _mm256_xor_si256(mustContinue, special);
}

/* Nonzero at the last three bytes of 32 when they start a sequence these bytes end first. */
__attribute__((target("avx2")))
static inline __m256i cyajl_utf8_incomplete_avx2(__m256i input) {
    static const uint8_t max[32] = {
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xF0 - 1, 0xE0 - 1, 0xC0 - 1};
    return _mm256_subs_epu8(input, _mm256_loadu_si256((const __m256i *)max));
}

/* How many of the n bytes at p (p is where a character starts) are valid UTF-8 without a
   form feed or vertical tab, 64 at a time: up to the first block of 64 that is not, or is
   ASCII, or the last whole block, and back to the start of a character cut there. `trouble`
   is set when it stopped at a block that is invalid, holds a form feed or vertical tab, or
   does not finish the last one's character: the exact check finds what is there within the
   next 67 bytes. */
__attribute__((target("avx2")))
static inline size_t cyajl_utf8_valid_prefix_avx2(const uint8_t *p, size_t n, int *trouble) {
    const __m256i spaces = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x0B, 0x0C, -1, -1, -1,
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0x0B, 0x0C, -1, -1, -1);
    __m256i prev = _mm256_setzero_si256(), incomplete = _mm256_setzero_si256();
    size_t valid = 0;
    *trouble = 0;
    for (size_t i = 0; i + 64 <= n; i += 64) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(p + i + 32));
        __m256i space = _mm256_or_si256(
            _mm256_cmpeq_epi8(_mm256_shuffle_epi8(spaces, a), a), _mm256_cmpeq_epi8(_mm256_shuffle_epi8(spaces, b), b));
        if (_mm256_movemask_epi8(_mm256_or_si256(a, b)) == 0) {
            /* ASCII: the scan for bytes above 0x7F is faster from here. */
            if (!_mm256_testz_si256(_mm256_or_si256(space, incomplete), _mm256_or_si256(space, incomplete))) {
                *trouble = 1;
                return valid;
            }
            return i + 64;
        }
        __m256i errors = _mm256_or_si256(
            _mm256_or_si256(cyajl_utf8_errors_avx2(a, prev), cyajl_utf8_errors_avx2(b, a)), space);
        if (!_mm256_testz_si256(errors, errors)) {
            *trouble = 1;
            return valid;
        }
        prev = b;
        incomplete = cyajl_utf8_incomplete_avx2(b);
        /* A cut character starts at a lead byte in the last three, which `incomplete` marks. */
        valid = i + 64;
        if (!_mm256_testz_si256(incomplete, incomplete)) {
            if (p[i + 63] >= 0xC0) valid -= 1;
            else if (p[i + 62] >= 0xE0) valid -= 2;
            else valid -= 3;
        }
    }
    return valid;
}

static inline int cyajl_has_avx2(void) {
    return __builtin_cpu_supports("avx2");
}
#else
static inline size_t cyajl_first_special_avx2(const uint8_t *p, size_t n) { return cyajl_first_special_portable(p, n); }
static inline uint64_t cyajl_high_bits64_avx2(const uint8_t *p) { (void)p; return 0; }
static inline size_t cyajl_utf8_valid_prefix_avx2(const uint8_t *p, size_t n, int *trouble) {
    (void)p; (void)n; *trouble = 1; return 0;
}
static inline int cyajl_has_avx2(void) { return 0; }
#endif

#endif
