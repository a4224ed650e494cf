/* Real JAX programs (tests/robustness/jax/programs, exported by JAX) through
 * the C ABI: parse, the partition preset, compile and a run on the local
 * backend with zero inputs. Each step either succeeds or returns a status
 * with a known code and a message; nothing may crash. The programs that sdy
 * supports must go all the way through.
 *
 * usage: test_real_programs DIR */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdy_c/sdy_c.h"

/* Programs whose every op sdy supports today: they must run. */
static const char *kMustRun[] = {"argmax_reduce",
                                 "cond",
                                 "constraint_reshard",
                                 "conv2d",
                                 "cross_entropy_step",
                                 "cumsum",
                                 "dead_values_only",
                                 "dtypes",
                                 "erf_special",
                                 "gather_embedding",
                                 "integer_ops",
                                 "layernorm_softmax",
                                 "maxpool_grad",
                                 "mlp_grad_unsharded",
                                 "mlp_train_step",
                                 "random_bits",
                                 "reshape_transpose",
                                 "scan_rnn",
                                 "scatter_add",
                                 "shard_map_psum",
                                 "slice_pad_concat",
                                 "sort_topk",
                                 "transformer_block_grad",
                                 "while_loop"};

static int must_run(const char *name) {
  for (size_t i = 0; i < sizeof kMustRun / sizeof *kMustRun; ++i)
    if (strcmp(kMustRun[i], name) == 0)
      return 1;
  return 0;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 1);
  if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
    free(text);
    text = NULL;
  }
  if (text)
    text[n] = '\0';
  fclose(f);
  return text;
}

/* Returns 1 when `status` is NULL; otherwise checks it is a well-formed
 * error, reports it and returns 0 (-1 for a malformed status). */
static int ok(sdy_status_t *status, const char *name, const char *step) {
  if (!status)
    return 1;
  int32_t code = sdy_status_code(status);
  const char *message = sdy_status_message(status);
  int wellformed = code > SDY_OK &&
                   strcmp(sdy_status_code_name(code), "SDY_UNKNOWN") != 0 &&
                   message && message[0] != '\0';
  printf("  %s: %s: %s: %.160s\n", name, step, sdy_status_code_name(code),
         message ? message : "(null)");
  sdy_status_destroy(status);
  return wellformed ? 0 : -1;
}

static size_t element_bytes(sdy_dtype_t t) {
  return t.bits < 8 ? 1 : t.bits / 8;
}

/* Runs `exe` on its device count with zero inputs; 1 on success. */
static int run_zeros(sdy_executable_t *exe, const char *name, int *bad) {
  int64_t devices = 0;
  size_t nargs = 0, nres = 0;
  if (ok(sdy_executable_num_devices(exe, &devices), name, "num_devices") != 1 ||
      ok(sdy_executable_num_args(exe, &nargs), name, "num_args") != 1 ||
      ok(sdy_executable_num_results(exe, &nres), name, "num_results") != 1) {
    *bad = 1;
    return 0;
  }
  sdy_backend_t *backend = NULL;
  int r =
      ok(sdy_backend_create_local((int32_t)devices, &backend), name, "backend");
  if (r != 1) {
    *bad |= r < 0;
    return 0;
  }
  size_t n = (size_t)devices * (nargs + nres);
  sdy_tensor_t *tensors = calloc(n ? n : 1, sizeof(sdy_tensor_t));
  int64_t *shapes = calloc(n * 8 + 1, sizeof(int64_t));
  int result = 1;
  for (size_t d = 0; d < (size_t)devices && result; ++d) {
    for (size_t i = 0; i < nargs + nres && result; ++i) {
      size_t slot = d * (nargs + nres) + i;
      int is_arg = i < nargs;
      size_t index = is_arg ? i : i - nargs;
      sdy_tensor_t *t =
          &tensors[is_arg ? d * nargs + i
                          : (size_t)devices * nargs + d * nres + index];
      size_t rank = 0;
      sdy_status_t *s =
          is_arg ? sdy_executable_arg_type(exe, index, &t->dtype, &rank,
                                           &shapes[slot * 8], 8)
                 : sdy_executable_result_type(exe, index, &t->dtype, &rank,
                                              &shapes[slot * 8], 8);
      if (ok(s, name, "type") != 1) {
        result = 0;
        *bad = 1;
        break;
      }
      size_t elems = 1;
      for (size_t k = 0; k < rank; ++k)
        elems *= (size_t)shapes[slot * 8 + k];
      t->data = calloc(elems ? elems : 1, element_bytes(t->dtype));
      t->device.device_type = SDY_DL_CPU;
      t->ndim = (int32_t)rank;
      t->shape = &shapes[slot * 8];
    }
  }
  if (result) {
    r = ok(sdy_executable_run_local(exe, backend, tensors, nargs,
                                    tensors + (size_t)devices * nargs, nres),
           name, "run");
    *bad |= r < 0;
    result = r == 1;
  }
  for (size_t i = 0; i < n; ++i)
    free(tensors[i].data);
  free(tensors);
  free(shapes);
  sdy_backend_destroy(backend);
  return result;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  DIR *dir = opendir(argv[1]);
  if (!dir) {
    fprintf(stderr, "cannot open %s\n", argv[1]);
    return 2;
  }
  sdy_context_t *ctx = NULL;
  if (ok(sdy_context_create(&ctx), "-", "context") != 1)
    return 1;
  sdy_pipeline_t *partition = NULL;
  if (ok(sdy_pipeline_create_preset(ctx, "partition", &partition), "-",
         "preset") != 1)
    return 1;
  int failures = 0, programs = 0, ran = 0;
  struct dirent *entry;
  while ((entry = readdir(dir))) {
    size_t len = strlen(entry->d_name);
    if (len < 6 || strcmp(entry->d_name + len - 5, ".mlir") != 0)
      continue;
    char name[256], path[4096];
    snprintf(name, sizeof name, "%.*s", (int)(len - 5), entry->d_name);
    snprintf(path, sizeof path, "%s/%s", argv[1], entry->d_name);
    char *text = read_file(path);
    if (!text) {
      printf("FAIL %s: cannot read\n", path);
      ++failures;
      continue;
    }
    ++programs;
    int bad = 0, done = 0;
    sdy_module_t *module = NULL;
    int r =
        ok(sdy_module_parse(ctx, text, entry->d_name, &module), name, "parse");
    bad |= r < 0;
    if (r == 1) {
      r = ok(sdy_pipeline_run(partition, module), name, "partition");
      bad |= r < 0;
      sdy_executable_t *exe = NULL;
      if (r == 1) {
        r = ok(sdy_executable_compile(module, NULL, &exe), name, "compile");
        bad |= r < 0;
      }
      if (r == 1)
        done = run_zeros(exe, name, &bad);
      sdy_executable_destroy(exe);
      sdy_module_destroy(module);
    }
    free(text);
    ran += done;
    if (bad) {
      printf("FAIL %s: a malformed status\n", name);
      ++failures;
    } else if (must_run(name) && !done) {
      printf("FAIL %s: must run through\n", name);
      ++failures;
    } else {
      printf("ok   %s (%s)\n", name, done ? "ran" : "refused with a status");
    }
  }
  closedir(dir);
  sdy_pipeline_destroy(partition);
  sdy_context_destroy(ctx);
  printf("%d programs, %d ran, %d failures\n", programs, ran, failures);
  return failures || programs == 0 ? 1 : 0;
}
