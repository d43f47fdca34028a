#ifndef CYAJL_BYTE_SCAN_H
#define CYAJL_BYTE_SCAN_H

/* The byte scan behind the strict input check (Parsing/UTF8Check.swift): Swift has no
   AVX2 without a build flag that would exclude older machines, so the scan is written here
   with a per-function target and chosen at run time. Both return the same answers; the
   tests compare them with a byte-by-byte reading. */

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

static inline int cyajl_has_avx2(void) {
    return __builtin_cpu_supports("avx2");
}
#else
static inline size_t cyajl_first_special_avx2(const uint8_t *p, size_t n) { return cyajl_first_special_portable(p, n); }
static inline uint64_t cyajl_high_bits64_avx2(const uint8_t *p) { (void)p; return 0; }
static inline int cyajl_has_avx2(void) { return 0; }
#endif

#endif
