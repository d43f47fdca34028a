#ifndef CYAJL_YAJL2_HANDLE_LAYOUT_H
#define CYAJL_YAJL2_HANDLE_LAYOUT_H

/* yajl's private parse handle, as far as the skip and the pause need it: the leading fields
   of `struct yajl_handle_t` in yajl 2.1.0's src/yajl_parser.h (callbacks, ctx, lexer,
   parseError, bytesConsumed; decodeBuf, stateStack, alloc and flags follow and are not
   touched). yajl does not export it. yajl's parser reads each token from the handle's read
   position (the count yajl_get_bytes_consumed returns) and reads it again after every
   callback, so a callback may move that position forward past bytes the skip scan has
   checked (cyajl_skip_scan.h), or to the end of the bytes it was given to pause the parse
   (Parsing/YajlParserEngine+Pause.swift, through the pointer the skip's file hands it).
   The engine checks this layout against the library once per process, with two small
   parses on handles of its own, and never moves the position when it does not match
   (Parsing/YajlParserEngine+SkipAhead.swift, the only user of this header). */

#include <yajl/yajl_parse.h>
#include <stddef.h>

struct cyajl_handle_layout {
    const yajl_callbacks *callbacks;
    void *ctx;
    void *lexer;
    const char *parse_error;
    size_t bytes_consumed;
};

static inline size_t *cyajl_read_position(yajl_handle h) {
    return &((struct cyajl_handle_layout *)(void *)h)->bytes_consumed;
}

static inline const void *cyajl_handle_callbacks(yajl_handle h) {
    return ((const struct cyajl_handle_layout *)(const void *)h)->callbacks;
}

static inline const void *cyajl_handle_context(yajl_handle h) {
    return ((const struct cyajl_handle_layout *)(const void *)h)->ctx;
}

#endif
