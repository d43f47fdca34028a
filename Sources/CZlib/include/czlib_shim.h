#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/* inflateInit2 and deflateInit2 are macros, which Swift cannot call.
   These inline wrappers fix the gzip window bits (16 + MAX_WBITS: gzip headers only). */

static inline int czlib_inflate_init_gzip(z_streamp stream) {
    return inflateInit2(stream, 16 + MAX_WBITS);
}

static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}

#endif
