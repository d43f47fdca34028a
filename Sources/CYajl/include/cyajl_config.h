#ifndef CYAJL_CONFIG_H
#define CYAJL_CONFIG_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>

/* yajl_config and yajl_gen_config are variadic, which Swift cannot call.
   These inline wrappers give each option a fixed signature. */

static inline int cyajl_config_flag(yajl_handle h, yajl_option opt, int on) {
    return yajl_config(h, opt, on);
}

static inline int cyajl_gen_config_flag(yajl_gen g, yajl_gen_option opt, int on) {
    return yajl_gen_config(g, opt, on);
}

/* yajl keeps the indent pointer, so it must outlive the generator: a literal does. */
static inline int cyajl_gen_config_indent_two_spaces(yajl_gen g) {
    return yajl_gen_config(g, yajl_gen_indent_string, "  ");
}

static inline int cyajl_gen_config_print(yajl_gen g, yajl_print_t callback, void *ctx) {
    return yajl_gen_config(g, yajl_gen_print_callback, callback, ctx);
}

#endif
