/* C helpers of the Go binding for the few functions of MLIR's C API
 * (exported by libsdy_c beside its own ABI) that the typed attributes of
 * dialect.go need: printing to a string, parsing with the diagnostics
 * caught, equality, and the builtin symbol-reference and string
 * attributes. Each takes the function pointers dlsym returned. */
#ifndef SDY_GO_MLIR_SHIMS_H
#define SDY_GO_MLIR_SHIMS_H

#include "shims.h"

typedef struct sdy_go_buffer {
  char *data;
  size_t length;
  size_t capacity;
  int failed;
} sdy_go_buffer;

typedef struct sdy_go_diagnostic {
  void *ptr;
} sdy_go_diagnostic;

typedef struct sdy_go_logical_result {
  int8_t value;
} sdy_go_logical_result;

typedef void (*sdy_go_string_callback)(MlirStringRef, void *);

/* Appends a piece to a sdy_go_buffer (kept NUL-terminated). */
static void sdy_go_append(MlirStringRef piece, void *user_data) {
  sdy_go_buffer *b = (sdy_go_buffer *)user_data;
  if (b->failed || piece.length == 0)
    return;
  if (b->length + piece.length + 1 > b->capacity) {
    size_t capacity = 2 * (b->length + piece.length + 1);
    char *grown = (char *)realloc(b->data, capacity);
    if (!grown) {
      b->failed = 1;
      return;
    }
    b->data = grown;
    b->capacity = capacity;
  }
  memcpy(b->data + b->length, piece.data, piece.length);
  b->length += piece.length;
  b->data[b->length] = '\0';
}

/* The text of `attr` (malloc'ed; NULL when empty or out of memory). */
static inline char *sdy_go_print_attribute(void *print, MlirAttribute attr) {
  sdy_go_buffer b = {NULL, 0, 0, 0};
  ((void (*)(MlirAttribute, sdy_go_string_callback, void *))print)(
      attr, sdy_go_append, &b);
  if (b.failed) {
    free(b.data);
    return NULL;
  }
  return b.data;
}

typedef struct sdy_go_diagnostics {
  void *print_diagnostic;
  sdy_go_buffer text;
} sdy_go_diagnostics;

static sdy_go_logical_result sdy_go_collect(sdy_go_diagnostic diagnostic,
                                            void *user_data) {
  sdy_go_diagnostics *d = (sdy_go_diagnostics *)user_data;
  if (d->text.length) {
    MlirStringRef newline = {"\n", 1};
    sdy_go_append(newline, &d->text);
  }
  ((void (*)(sdy_go_diagnostic, sdy_go_string_callback,
             void *))d->print_diagnostic)(diagnostic, sdy_go_append, &d->text);
  sdy_go_logical_result handled = {1};
  return handled;
}

/* Parses attribute text with a diagnostic handler attached, so nothing
 * reaches stderr; on failure *out_diagnostics holds them (malloc'ed). */
static inline MlirAttribute
sdy_go_parse_attribute(void *parse, void *attach, void *detach,
                       void *print_diagnostic, MlirContext ctx,
                       MlirStringRef text, char **out_diagnostics) {
  sdy_go_diagnostics d = {print_diagnostic, {NULL, 0, 0, 0}};
  uint64_t id = ((uint64_t (*)(
      MlirContext, sdy_go_logical_result (*)(sdy_go_diagnostic, void *), void *,
      void (*)(void *)))attach)(ctx, sdy_go_collect, &d, NULL);
  MlirAttribute attr =
      ((MlirAttribute (*)(MlirContext, MlirStringRef))parse)(ctx, text);
  ((void (*)(MlirContext, uint64_t))detach)(ctx, id);
  *out_diagnostics = d.text.data;
  return attr;
}

static inline bool sdy_go_attribute_equal(void *f, MlirAttribute a,
                                          MlirAttribute b) {
  return ((bool (*)(MlirAttribute, MlirAttribute))f)(a, b);
}

/* mlirFlatSymbolRefAttrGet and mlirStringAttrGet. */
static inline MlirAttribute
sdy_go_attribute_from_string(void *f, MlirContext ctx, MlirStringRef s) {
  return ((MlirAttribute (*)(MlirContext, MlirStringRef))f)(ctx, s);
}

static inline bool sdy_go_attribute_is_a(void *f, MlirAttribute attr) {
  return ((bool (*)(MlirAttribute))f)(attr);
}

static inline MlirStringRef sdy_go_attribute_string(void *f,
                                                    MlirAttribute attr) {
  return ((MlirStringRef (*)(MlirAttribute))f)(attr);
}

#endif /* SDY_GO_MLIR_SHIMS_H */
