#ifndef CYAJL_SKIP_SCAN_H
#define CYAJL_SKIP_SCAN_H

/* Passing over JSON a mapping does not read: values, strings, numbers and the members of an
   open object, checked to be what yajl would accept, so that yajl's read position can be
   moved past them (cyajl_yajl2_handle_layout.h). */

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#define CYAJL_HAS_SSE2 1
#else
#define CYAJL_HAS_SSE2 0
#endif

static inline int cyajl_is_json_space(uint8_t c) {
    return c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09;
}

/* Whether a byte may follow a number or literal: anything else ends the skip (yajl gives the
   error, or reads a comment). */
static inline int cyajl_ends_word(uint8_t c) {
    return cyajl_is_json_space(c) || c == ',' || c == '}' || c == ']';
}

/* From p[i], just past two white-space bytes: the index of the first byte that is not JSON
   white space (n when there is none), sixteen bytes at a time with SSE2. Kept out of line:
   inlined at each of the scans' white-space points, it makes the scans' code too large for
   the branch predictor and the instruction cache on documents with little white space. */
static __attribute__((noinline)) size_t cyajl_skip_space_run(const uint8_t *p, size_t n, size_t i) {
#if defined(__SSE2__)
    for (; i + 16 <= n; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(p + i));
        __m128i space = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\n'))),
                                     _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(x, _mm_set1_epi8('\t'))));
        unsigned other = ~(unsigned)_mm_movemask_epi8(space) & 0xFFFFu;
        if (other) return i + (size_t)__builtin_ctz(other);
    }
#endif
    while (i < n && cyajl_is_json_space(p[i])) i++;
    return i;
}

/* From p[i]: the index of the first byte that is not JSON white space (n when there is none).
   The two common cases are answered with two byte tests: no white space (compact text), and
   one byte of it (the space after a pretty-printed colon). Longer runs (a new line and its
   indent) go to the vector loop. */
static inline size_t cyajl_skip_space(const uint8_t *p, size_t n, size_t i) {
    if (i >= n || !cyajl_is_json_space(p[i])) return i;
    if (i + 1 < n && !cyajl_is_json_space(p[i + 1])) return i + 1;
    return cyajl_skip_space_run(p, n, i + 1);
}

static inline int cyajl_is_hex(uint8_t c) {
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* From p[i] on: the index of the first quote, backslash or byte below 0x20 (n when there is
   none). Sixteen bytes at a time with SSE2 (every x86-64 machine has it) when `vector`,
   else eight at a time in a 64-bit word, where each test flags its first such byte exactly
   (a borrow only flags bytes after it), so on a little-endian machine the lowest flag is
   that byte. `vector` is a constant at each call: the tests run both ways. */
static inline size_t cyajl_string_special(const uint8_t *p, size_t n, size_t i, int vector) {
#if CYAJL_HAS_SSE2
    if (vector) {
        const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\'), control = _mm_set1_epi8(0x1F);
        for (; i + 16 <= n; i += 16) {
            __m128i x = _mm_loadu_si128((const __m128i *)(p + i));
            __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                                           _mm_cmpeq_epi8(_mm_max_epu8(x, control), control));
            unsigned mask = (unsigned)_mm_movemask_epi8(special);
            if (mask) return i + (size_t)__builtin_ctz(mask);
        }
    }
#else
    (void)vector;
#endif
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        __builtin_memcpy(&w, p + i, 8);
        uint64_t q = w ^ (ones * 0x22), b = w ^ (ones * 0x5C);
        uint64_t flagged = (((q - ones) & ~q) | ((b - ones) & ~b) | ((w - ones * 0x20) & ~w)) & highs;
        if (flagged) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            return i + ((size_t)__builtin_ctzll(flagged) >> 3);
#else
            break;
#endif
        }
    }
    while (i < n && p[i] != '"' && p[i] != '\\' && p[i] >= 0x20) i++;
    return i;
}

/* From p[i], just after a string's opening quote: the index just after its closing quote, or
   -1 when the string does not end in the n bytes or holds what yajl rejects (a control
   character, an unknown escape, a \u without four hex digits). Bytes above 0x7F pass, as in
   yajl without its UTF-8 check: the engine checks every byte of the input itself. */
static inline ptrdiff_t cyajl_skip_string_using(const uint8_t *p, size_t n, size_t i, int vector) {
    for (;;) {
        i = cyajl_string_special(p, n, i, vector);
        if (i >= n) return -1;
        uint8_t c = p[i];
        if (c == '"') return (ptrdiff_t)(i + 1);
        if (c < 0x20) return -1;
        /* A backslash. */
        if (i + 1 >= n) return -1;
        uint8_t e = p[i + 1];
        if (e == 'u') {
            if (i + 6 > n || !cyajl_is_hex(p[i + 2]) || !cyajl_is_hex(p[i + 3]) ||
                !cyajl_is_hex(p[i + 4]) || !cyajl_is_hex(p[i + 5])) return -1;
            i += 6;
        } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' ||
                   e == 'r' || e == 't') {
            i += 2;
        } else {
            return -1;
        }
    }
}

static inline ptrdiff_t cyajl_skip_string(const uint8_t *p, size_t n, size_t i) {
    return cyajl_skip_string_using(p, n, i, CYAJL_HAS_SSE2);
}

/* From p[i], at a number's first byte: the index just after it, or -1 when it is not one by
   JSON's grammar (yajl's), or is not followed, within the n bytes, by a byte that ends it. */
static inline ptrdiff_t cyajl_skip_number(const uint8_t *p, size_t n, size_t i) {
    if (p[i] == '-') i++;
    if (i >= n) return -1;
    if (p[i] == '0') {
        i++;
    } else if (p[i] >= '1' && p[i] <= '9') {
        do i++; while (i < n && p[i] >= '0' && p[i] <= '9');
    } else {
        return -1;
    }
    if (i < n && p[i] == '.') {
        size_t digits = ++i;
        while (i < n && p[i] >= '0' && p[i] <= '9') i++;
        if (i == digits) return -1;
    }
    if (i < n && (p[i] == 'e' || p[i] == 'E')) {
        i++;
        if (i < n && (p[i] == '+' || p[i] == '-')) i++;
        size_t digits = i;
        while (i < n && p[i] >= '0' && p[i] <= '9') i++;
        if (i == digits) return -1;
    }
    if (i >= n || !cyajl_ends_word(p[i])) return -1;
    return (ptrdiff_t)i;
}

/* From p[i], at a value or the white space before it: the index just after the value, or
   -1 - (where the scan stopped) when the value does not end within the n bytes, or holds
   anything that is not plain JSON (white space other than space, tab, line feed and
   carriage return, a comment, an error), or containers nest more than `max_nesting` levels
   (at most 64). */
static inline ptrdiff_t cyajl_skip_value(const uint8_t *p, size_t n, size_t i, size_t max_nesting) {
    uint64_t arrays = 0;    /* bit d - 1: the container open at nesting d is an array */
    size_t depth = 0;       /* containers open inside the value */
    ptrdiff_t next;
    if (max_nesting > 64) max_nesting = 64;
    goto value;

after_value:
    if (depth == 0) return (ptrdiff_t)i;
    i = cyajl_skip_space(p, n, i);
    if (i >= n) goto stop;
    if ((arrays >> (depth - 1)) & 1) {
        if (p[i] == ',') { i++; goto value; }
        if (p[i] != ']') goto stop;
        depth--; i++;
        goto after_value;
    }
    if (p[i] == ',') { i++; goto key; }
    if (p[i] != '}') goto stop;
    depth--; i++;
    goto after_value;

object_first:
    i = cyajl_skip_space(p, n, i);
    if (i >= n) goto stop;
    if (p[i] == '}') { depth--; i++; goto after_value; }
key:
    i = cyajl_skip_space(p, n, i);
    if (i >= n || p[i] != '"') goto stop;
    next = cyajl_skip_string(p, n, i + 1);
    if (next < 0) goto stop;
    i = (size_t)next;
    i = cyajl_skip_space(p, n, i);
    if (i >= n || p[i] != ':') goto stop;
    i++;
value:
    i = cyajl_skip_space(p, n, i);
    if (i >= n) goto stop;
    switch (p[i]) {
    case '"':
        next = cyajl_skip_string(p, n, i + 1);
        if (next < 0) goto stop;
        i = (size_t)next;
        goto after_value;
    case '{':
        if (depth >= max_nesting) goto stop;
        arrays &= ~(1ULL << depth);
        depth++; i++;
        goto object_first;
    case '[':
        if (depth >= max_nesting) goto stop;
        arrays |= 1ULL << depth;
        depth++; i++;
        i = cyajl_skip_space(p, n, i);
        if (i < n && p[i] == ']') { depth--; i++; goto after_value; }
        goto value;
    case 't':
        if (i + 4 >= n || __builtin_memcmp(p + i, "true", 4) != 0 || !cyajl_ends_word(p[i + 4])) goto stop;
        i += 4;
        goto after_value;
    case 'f':
        if (i + 5 >= n || __builtin_memcmp(p + i, "false", 5) != 0 || !cyajl_ends_word(p[i + 5])) goto stop;
        i += 5;
        goto after_value;
    case 'n':
        if (i + 4 >= n || __builtin_memcmp(p + i, "null", 4) != 0 || !cyajl_ends_word(p[i + 4])) goto stop;
        i += 4;
        goto after_value;
    default:
        next = cyajl_skip_number(p, n, i);
        if (next < 0) goto stop;
        i = (size_t)next;
        goto after_value;
    }
stop:
    return -1 - (ptrdiff_t)(i < n ? i : n);
}

/* The keys a mapping reads in an object, as the member skip checks them: a 1,024-slot filter
   (0: no listed key has that slot; k > 0: key k - 1 is the only one; -1: several), each key's
   bytes and length. With `folded` set, the listed keys are folded (see cyajl_fold_key) and a
   key is read when its folded form is listed: every spelling a snake-case key strategy could
   turn into a listed coding key. */
struct cyajl_listed_keys {
    const int8_t *slots;
    const uint8_t *const *bytes;
    const size_t *lengths;
    size_t count;
    int folded;
};

/* The longest key cyajl_fold_key folds; a longer key is always read. */
#define CYAJL_FOLDED_KEY_MAX 128

/* A key folded for a snake-case key strategy: ASCII letters lowercased and underscores
   dropped, into `out` (CYAJL_FOLDED_KEY_MAX bytes). Converting from snake case only drops
   underscores and changes the case of ASCII letters, so two keys that convert to the same
   coding key fold alike. Returns the folded length, or -1 when the key is too long or holds
   a byte above 0x7F (whose case conversion may change more): such a key is always read. */
static inline ptrdiff_t cyajl_fold_key(const uint8_t *k, size_t length, uint8_t *out) {
    if (length > CYAJL_FOLDED_KEY_MAX) return -1;
    size_t n = 0;
    for (size_t i = 0; i < length; i++) {
        uint8_t c = k[i];
        if (c >= 0x80) return -1;
        if (c == '_') continue;
        out[n++] = (c >= 'A' && c <= 'Z') ? (uint8_t)(c | 0x20) : c;
    }
    return (ptrdiff_t)n;
}

/* A key's filter slot: its length and first, middle and last bytes mixed by one
   multiplication, the top ten bits (the same as PlanNode.slot in Swift). */
static inline size_t cyajl_key_slot(const uint8_t *k, size_t length) {
    if (length == 0) return 0;
    uint64_t mixed = (uint64_t)k[0] | (uint64_t)k[length - 1] << 8 | (uint64_t)k[length >> 1] << 16
        | (uint64_t)(uint32_t)length << 24;
    return (size_t)((mixed * 0x9E3779B97F4A7C15ULL) >> 54);
}

/* Whether the key is listed and not yet read (bit i of `seen`: listed key i was read, its
   first value counts). */
static inline int cyajl_reads_key(const struct cyajl_listed_keys *keys, uint64_t seen, const uint8_t *k, size_t length) {
    if (keys == NULL) return 0;
    if (keys->folded) {
        /* Any spelling that folds to a listed key is read, each time (several spellings may
           convert to one coding key: the first in the object counts, which the decoder picks). */
        uint8_t folded[CYAJL_FOLDED_KEY_MAX];
        ptrdiff_t n = cyajl_fold_key(k, length, folded);
        if (n < 0) return 1;
        int slot = keys->slots[cyajl_key_slot(folded, (size_t)n)];
        if (slot == 0) return 0;
        size_t first = slot > 0 ? (size_t)slot - 1 : 0, end = slot > 0 ? (size_t)slot : keys->count;
        for (size_t j = first; j < end; j++) {
            if (keys->lengths[j] == (size_t)n && (n == 0 || __builtin_memcmp(keys->bytes[j], folded, (size_t)n) == 0)) return 1;
        }
        return 0;
    }
    int slot = keys->slots[cyajl_key_slot(k, length)];
    if (slot == 0) return 0;
    size_t first = slot > 0 ? (size_t)slot - 1 : 0, end = slot > 0 ? (size_t)slot : keys->count;
    for (size_t j = first; j < end; j++) {
        if (keys->lengths[j] == length && __builtin_memcmp(keys->bytes[j], k, length) == 0) {
            return j >= 63 || !((seen >> j) & 1);
        }
    }
    return 0;
}

/* Passing over the members of an open object that a mapping does not read.

   yajl reads each token from its handle's read position (what yajl_get_bytes_consumed
   returns), again after every callback. A callback can move that position past members it
   does not want, once the bytes are checked here to be plain JSON that yajl would accept.
   The position must then be one where yajl's parser state (yajl_parser.c) reads on as if it
   had read the members itself:
   - `at_start` (p just after the object's `{`, state map_start): a key's opening quote, or
     a `}` that follows a value;
   - otherwise (p just after a member's value, state map_got_val): a `,` before a member,
     or the `}`.
   Members are passed over up to the first one whose key `keys` lists and `seen` has not
   marked, or whose key holds an escape (the capture decides on those): the function returns
   that member's start (its key's quote at the start, else its comma). It returns the index
   of the closing brace when every member is passed over. When the scan meets anything else
   (an error, a comment, a form feed, the end of the n bytes, nesting beyond `max_nesting`),
   it returns the start of the member it was in (0 when none), so yajl reads that member
   itself with its own errors, and sets `*stopped` to where the scan stopped (else -1). */
static inline ptrdiff_t cyajl_skip_members(const uint8_t *p, size_t n, int at_start, size_t max_nesting,
                                           const struct cyajl_listed_keys *keys, uint64_t seen, ptrdiff_t *stopped) {
    size_t i = 0, member = 0;
    ptrdiff_t next;
    *stopped = -1;
    if (!at_start) goto after_value;
    i = cyajl_skip_space(p, n, i);
    if (i < n && p[i] == '}') return (ptrdiff_t)i;
    goto key;

after_value:
    i = cyajl_skip_space(p, n, i);
    if (i >= n) goto stop;
    if (p[i] == '}') return (ptrdiff_t)i;
    if (p[i] != ',') goto stop;
    if (!at_start) member = i;
    i++;
    i = cyajl_skip_space(p, n, i);
key:
    if (i >= n || p[i] != '"') goto stop;
    if (at_start) member = i;
    {
        size_t end = cyajl_string_special(p, n, i + 1, CYAJL_HAS_SSE2);
        if (end >= n) goto stop;
        if (p[end] == '"') {
            if (cyajl_reads_key(keys, seen, p + i + 1, end - i - 1)) return (ptrdiff_t)member;
            i = end + 1;
        } else if (keys != NULL && p[end] == '\\') {
            /* A key with an escape: yajl decodes it and the capture decides. */
            return (ptrdiff_t)member;
        } else {
            next = cyajl_skip_string(p, n, i + 1);
            if (next < 0) goto stop;
            i = (size_t)next;
        }
    }
    i = cyajl_skip_space(p, n, i);
    if (i >= n || p[i] != ':') goto stop;
    next = cyajl_skip_value(p, n, i + 1, max_nesting);
    if (next < 0) {
        i = (size_t)(-1 - next);
        goto stop;
    }
    i = (size_t)next;
    goto after_value;

stop:
    *stopped = (ptrdiff_t)(i < n ? i : n);
    return (ptrdiff_t)member;
}

/* The rest of the object open around p[0], as cyajl_skip_members reads it with no key listed:
   the index of its closing `}`, or -1 - (where the scan stopped). */
static inline ptrdiff_t cyajl_skip_rest_of_object(const uint8_t *p, size_t n, int at_start, size_t max_nesting) {
    ptrdiff_t stopped;
    ptrdiff_t end = cyajl_skip_members(p, n, at_start, max_nesting, NULL, 0, &stopped);
    return stopped < 0 ? end : -1 - stopped;
}

#endif
