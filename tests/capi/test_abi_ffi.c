/* test_abi_ffi: checks the exported ABI of libsdy_c.so against the manifest.
 *
 *   test_abi_ffi LIBSDY_C_SO abi_manifest.txt EXPORTED_SYMBOLS_FILE
 *
 * EXPORTED_SYMBOLS_FILE is the output of `nm -D --defined-only` on the
 * library. The test fails if a symbol is exported but not in the manifest,
 * or in the manifest but not exported. It dlopens the library, builds an
 * ffi_cif for every manifest entry from its libffi type description, and
 * calls through ffi_call:
 *   - every sdy_* function with all-zero arguments (NULL handles, NULL
 *     pointers, 0 counts): functions returning sdy_status_t * must return a
 *     status with code SDY_INVALID_ARGUMENT and a non-empty message;
 *   - every Shardy-compatible sdy<Upper>* function with all-zero arguments
 *     (null MlirContext / MlirAttribute): must not crash;
 *   - MLIR C API functions (mlir*): a fixed sequence with valid arguments
 *     (context create/destroy, dialect handles, attribute construction);
 *     the others only get their cif prepared (calling MLIR's own C API with
 *     NULL arguments is undefined behaviour by MLIR's conventions).
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <ffi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdy_c/status.h"

#define MAX_ARGS 32
#define MAX_FUNCS 4096
#define MAX_TYPES 4096

typedef struct {
  char name[128];
  char ret[256];
  char args[1024];
  char signature[1024];
  int exported;
} entry_t;

static entry_t entries[MAX_FUNCS];
static int num_entries;
static ffi_type type_pool[MAX_TYPES];
static ffi_type *elem_pool[MAX_TYPES * 4];
static int num_types, num_elems;
static int failures;

static void fail(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "FAIL: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  ++failures;
}

/* Parses one ffi type at *p. */
static ffi_type *parse_type(const char **p) {
  const char *s = *p;
  if (*s == '{') {
    ffi_type *members[MAX_ARGS];
    int n = 0;
    ++s;
    while (*s != '}') {
      members[n++] = parse_type(&s);
      if (*s == ',')
        ++s;
    }
    ++s;
    ffi_type *t = &type_pool[num_types++];
    memset(t, 0, sizeof(*t));
    t->type = FFI_TYPE_STRUCT;
    t->elements = &elem_pool[num_elems];
    for (int i = 0; i < n; ++i)
      elem_pool[num_elems++] = members[i];
    elem_pool[num_elems++] = NULL;
    *p = s;
    return t;
  }
  struct {
    const char *code;
    ffi_type *type;
  } scalars[] = {{"v", &ffi_type_void},     {"i8", &ffi_type_sint8},
                 {"u8", &ffi_type_uint8},   {"i16", &ffi_type_sint16},
                 {"u16", &ffi_type_uint16}, {"i32", &ffi_type_sint32},
                 {"u32", &ffi_type_uint32}, {"i64", &ffi_type_sint64},
                 {"u64", &ffi_type_uint64}, {"f32", &ffi_type_float},
                 {"f64", &ffi_type_double}, {"p", &ffi_type_pointer}};
  size_t len = strcspn(s, ",} ");
  for (size_t i = 0; i < sizeof(scalars) / sizeof(scalars[0]); ++i)
    if (strlen(scalars[i].code) == len && !strncmp(s, scalars[i].code, len)) {
      *p = s + len;
      return scalars[i].type;
    }
  fprintf(stderr, "bad ffi type at '%s'\n", s);
  exit(2);
}

static void read_manifest(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(2);
  }
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!line[0] || line[0] == '#')
      continue;
    entry_t *e = &entries[num_entries++];
    char *fields[4] = {0};
    char *save = NULL;
    char *tok = strtok_r(line, "\t", &save);
    for (int i = 0; i < 4 && tok; ++i, tok = strtok_r(NULL, "\t", &save))
      fields[i] = tok;
    if (!fields[3]) {
      fprintf(stderr, "malformed manifest line for %s\n", fields[0]);
      exit(2);
    }
    snprintf(e->name, sizeof e->name, "%s", fields[0]);
    snprintf(e->ret, sizeof e->ret, "%s", fields[1]);
    snprintf(e->args, sizeof e->args, "%s", fields[2]);
    snprintf(e->signature, sizeof e->signature, "%s", fields[3]);
  }
  fclose(f);
}

static entry_t *find_entry(const char *name) {
  for (int i = 0; i < num_entries; ++i)
    if (!strcmp(entries[i].name, name))
      return &entries[i];
  return NULL;
}

static void check_exports(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    perror(path);
    exit(2);
  }
  char line[1024];
  int count = 0;
  while (fgets(line, sizeof line, f)) {
    char addr[64], kind[8], name[512];
    if (sscanf(line, "%63s %7s %511s", addr, kind, name) != 3)
      continue;
    name[strcspn(name, "@")] = 0;
    ++count;
    entry_t *e = find_entry(name);
    if (!e)
      fail("exported symbol %s is missing from the ABI manifest%s", name, "");
    else
      e->exported = 1;
  }
  fclose(f);
  for (int i = 0; i < num_entries; ++i)
    if (!entries[i].exported)
      fail("manifest entry %s is not exported by the library%s",
           entries[i].name, "");
  printf("exported symbols: %d, manifest entries: %d\n", count, num_entries);
}

/* Called directly (not through ffi): the exact types of status.h. */
typedef int32_t (*status_code_fn)(const sdy_status_t *);
typedef const char *(*status_message_fn)(const sdy_status_t *);
typedef void (*status_destroy_fn)(sdy_status_t *);

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s LIB MANIFEST EXPORTED_SYMBOLS\n", argv[0]);
    return 2;
  }
  read_manifest(argv[2]);
  check_exports(argv[3]);
  void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "dlopen: %s\n", dlerror());
    return 2;
  }
  status_code_fn status_code = (status_code_fn)dlsym(lib, "sdy_status_code");
  status_message_fn status_message =
      (status_message_fn)dlsym(lib, "sdy_status_message");
  status_destroy_fn status_destroy =
      (status_destroy_fn)dlsym(lib, "sdy_status_destroy");
  if (!status_code || !status_message || !status_destroy) {
    fprintf(stderr, "status functions missing\n");
    return 2;
  }

  int called = 0, prepared = 0;
  for (int i = 0; i < num_entries; ++i) {
    entry_t *e = &entries[i];
    void *fn = dlsym(lib, e->name);
    if (!fn) {
      fail("dlsym(%s) failed%s", e->name, "");
      continue;
    }
    const char *p = e->ret;
    ffi_type *ret = parse_type(&p);
    ffi_type *args[MAX_ARGS];
    int nargs = 0;
    if (strcmp(e->args, "-")) {
      p = e->args;
      while (*p) {
        args[nargs++] = parse_type(&p);
        while (*p == ' ')
          ++p;
      }
    }
    ffi_cif cif;
    if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, nargs, ret, args) != FFI_OK) {
      fail("ffi_prep_cif failed for %s (%s)", e->name, e->signature);
      continue;
    }
    ++prepared;
    int is_stable = !strncmp(e->name, "sdy_", 4);
    int is_compat = !is_stable && !strncmp(e->name, "sdy", 3);
    if (!is_stable && !is_compat)
      continue;
    /* Zeroed storage for every argument (structs included). */
    static unsigned char storage[MAX_ARGS][64];
    void *values[MAX_ARGS];
    memset(storage, 0, sizeof storage);
    for (int a = 0; a < nargs; ++a)
      values[a] = storage[a];
    unsigned char result[64];
    memset(result, 0, sizeof result);
    ffi_call(&cif, FFI_FN(fn), result, values);
    ++called;
    if (is_stable && !strncmp(e->signature, "sdy_status_t *", 14)) {
      sdy_status_t *status = *(sdy_status_t **)result;
      if (!status) {
        fail("%s with NULL/zero arguments returned success (%s)", e->name,
             e->signature);
        continue;
      }
      if (status_code(status) != 1 /* SDY_INVALID_ARGUMENT */ ||
          !status_message(status)[0] ||
          !strstr(status_message(status), e->name))
        fail("%s: expected SDY_INVALID_ARGUMENT naming the function, got "
             "'%s'",
             e->name, status_message(status));
      status_destroy(status);
    }
  }

  /* MLIR C API through ffi with valid arguments. */
  {
    typedef struct {
      void *ptr;
    } handle_t;
    handle_t (*context_create)(void) =
        (handle_t (*)(void))dlsym(lib, "mlirContextCreate");
    void (*context_destroy)(handle_t) =
        (void (*)(handle_t))dlsym(lib, "mlirContextDestroy");
    handle_t (*sdy_handle)(void) =
        (handle_t (*)(void))dlsym(lib, "mlirGetDialectHandle__sdy__");
    handle_t (*load)(handle_t, handle_t) =
        (handle_t (*)(handle_t, handle_t))dlsym(lib,
                                                "mlirDialectHandleLoadDialect");
    ffi_cif cif;
    ffi_type *one_ptr_elems[] = {&ffi_type_pointer, NULL};
    ffi_type handle_type;
    memset(&handle_type, 0, sizeof handle_type);
    handle_type.type = FFI_TYPE_STRUCT;
    handle_type.elements = one_ptr_elems;
    handle_t ctx = {0}, dialect_handle = {0}, dialect = {0};
    ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 0, &handle_type, NULL);
    ffi_call(&cif, FFI_FN(context_create), &ctx, NULL);
    ffi_call(&cif, FFI_FN(sdy_handle), &dialect_handle, NULL);
    ffi_type *two[] = {&handle_type, &handle_type};
    ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 2, &handle_type, two);
    void *load_args[] = {&dialect_handle, &ctx};
    ffi_call(&cif, FFI_FN(load), &dialect, load_args);
    if (!ctx.ptr || !dialect.ptr)
      fail("mlirContextCreate / mlirDialectHandleLoadDialect via ffi %s%s",
           "failed", "");
    /* sdySubAxisInfoAttrGet(ctx, 1, 2) then the getters. */
    handle_t (*sub_get)(handle_t, int64_t, int64_t) = (handle_t (*)(
        handle_t, int64_t, int64_t))dlsym(lib, "sdySubAxisInfoAttrGet");
    ffi_type *sub_args[] = {&handle_type, &ffi_type_sint64, &ffi_type_sint64};
    ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 3, &handle_type, sub_args);
    int64_t pre = 1, size = 2;
    void *sub_values[] = {&ctx, &pre, &size};
    handle_t attr = {0};
    ffi_call(&cif, FFI_FN(sub_get), &attr, sub_values);
    int64_t (*get_size)(handle_t) =
        (int64_t (*)(handle_t))dlsym(lib, "sdySubAxisInfoAttrGetSize");
    ffi_type *one[] = {&handle_type};
    ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 1, &ffi_type_sint64, one);
    ffi_arg got = 0;
    void *attr_values[] = {&attr};
    ffi_call(&cif, FFI_FN(get_size), &got, attr_values);
    if (!attr.ptr || (int64_t)got != 2)
      fail("sdySubAxisInfoAttrGet/GetSize via ffi %s%s", "failed", "");
    ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 1, &ffi_type_void, one);
    void *ctx_values[] = {&ctx};
    ffi_call(&cif, FFI_FN(context_destroy), NULL, ctx_values);
    called += 5;
  }

  printf("prepared %d cifs, called %d functions through ffi_call, %d "
         "failures\n",
         prepared, called, failures);
  dlclose(lib);
  return failures ? 1 : 0;
}
