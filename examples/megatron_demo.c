/*===- megatron_demo.c - the sdy main demo ---------------------------------===*
 *
 * Builds a Megatron-style MLP with the public C ABI only:
 * the batch is sharded over "data", W1 is column-parallel and W2 row-parallel
 * over "model" on a mesh ["data"=2, "model"=4]. It propagates the shardings,
 * partitions the program, prints the shardings chosen and the collectives
 * inserted, runs it on 8 local devices, checks the result against the
 * unpartitioned program on 1 device and prints the step times.
 *
 *   megatron_demo [--batch B] [--hidden H] [--ffn F] [--steps S]
 *                 [--backend PLUGIN.so] [--backend-options OPTIONS]
 *
 * With --backend, the 8-device run uses a device backend loaded from a
 * plugin (include/sdy_c/backend.h) instead of the built-in local one.
 *===----------------------------------------------------------------------===*/

#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sdy_c/sdy_c.h"

/* Exits with the status message when a call fails. */
static void check(sdy_status_t *status, const char *what) {
  if (!status)
    return;
  fprintf(stderr, "error: %s failed (%s):\n%s\n", what,
          sdy_status_code_name(sdy_status_code(status)),
          sdy_status_message(status));
  sdy_status_destroy(status);
  exit(1);
}

static double absolute(double value) { return value < 0 ? -value : value; }

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The MLP without any sharding: y = relu(x · W1) · W2. */
static char *mlp_text(long batch, long hidden, long ffn) {
  const char *format =
      "func.func @main(%%x: tensor<%ldx%ldxf32>, %%w1: tensor<%ldx%ldxf32>,\n"
      "                %%w2: tensor<%ldx%ldxf32>) -> tensor<%ldx%ldxf32> {\n"
      "  %%h = stablehlo.dot_general %%x, %%w1, contracting_dims = [1] x [0]"
      " : (tensor<%ldx%ldxf32>, tensor<%ldx%ldxf32>) -> tensor<%ldx%ldxf32>\n"
      "  %%z = stablehlo.constant dense<0.0> : tensor<%ldx%ldxf32>\n"
      "  %%r = stablehlo.maximum %%h, %%z : tensor<%ldx%ldxf32>\n"
      "  %%y = stablehlo.dot_general %%r, %%w2, contracting_dims = [1] x [0]"
      " : (tensor<%ldx%ldxf32>, tensor<%ldx%ldxf32>) -> tensor<%ldx%ldxf32>\n"
      "  return %%y : tensor<%ldx%ldxf32>\n"
      "}\n";
  size_t size = 4096;
  char *text = malloc(size);
  snprintf(text, size, format, batch, hidden, hidden, ffn, ffn, hidden, batch,
           hidden, batch, hidden, hidden, ffn, batch, ffn, batch, ffn, batch,
           ffn, batch, ffn, ffn, hidden, batch, hidden, batch, hidden);
  return text;
}

/* A sharding over @mesh of a rank-2 tensor: `dim0`/`dim1` name one axis or
 * are NULL (unsharded). */
static sdy_sharding_t *sharding2(sdy_context_t *ctx, const sdy_mesh_t *mesh,
                                 const char *dim0, const char *dim1) {
  sdy_axis_ref_t axes[2] = {{dim0, 0, 0}, {dim1, 0, 0}};
  sdy_dim_sharding_t dims[2] = {
      {&axes[0], dim0 ? 1u : 0u, -1, 1, 0},
      {&axes[1], dim1 ? 1u : 0u, -1, 1, 0},
  };
  sdy_sharding_t *sharding = NULL;
  check(sdy_sharding_create(ctx, mesh, "mesh", dims, 2, NULL, 0, &sharding),
        "sdy_sharding_create");
  return sharding;
}

static void print_sharding(const char *label, sdy_sharding_t *sharding) {
  char *text = NULL;
  if (!sharding) {
    printf("  %-14s (none)\n", label);
    return;
  }
  check(sdy_sharding_print(sharding, &text), "sdy_sharding_print");
  printf("  %-14s %s\n", label, text);
  sdy_string_destroy(text);
  sdy_sharding_destroy(sharding);
}

static void run_pipeline(sdy_context_t *ctx, const char *preset,
                         sdy_module_t *module) {
  sdy_pipeline_t *pipeline = NULL;
  check(sdy_pipeline_create_preset(ctx, preset, &pipeline),
        "sdy_pipeline_create_preset");
  check(sdy_pipeline_run(pipeline, module), "sdy_pipeline_run");
  sdy_pipeline_destroy(pipeline);
}

/* A uniform random number in [-0.5, 0.5). */
static float uniform(void) { return (float)((double)rand() / RAND_MAX - 0.5); }

static sdy_tensor_t tensor2(float *data, int64_t *shape) {
  sdy_tensor_t t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.device.device_type = SDY_DL_CPU;
  t.ndim = 2;
  t.dtype.code = SDY_DL_FLOAT;
  t.dtype.bits = 32;
  t.dtype.lanes = 1;
  t.shape = shape;
  return t;
}

/* Runs `module` on `num_devices` local devices (or the devices of the
 * backend plugin `plugin`) `steps` times with global arrays; returns the
 * best step time. */
static double run(const sdy_module_t *module, int32_t num_devices,
                  const char *plugin, const char *options, sdy_tensor_t *args,
                  sdy_tensor_t *result, int steps) {
  sdy_backend_t *backend = NULL;
  sdy_executable_t *exe = NULL;
  if (plugin)
    check(sdy_backend_load(plugin, options, &backend), "sdy_backend_load");
  else
    check(sdy_backend_create_local(num_devices, &backend),
          "sdy_backend_create_local");
  check(sdy_executable_compile(module, "main", &exe), "sdy_executable_compile");
  double best = 1e30;
  for (int i = 0; i < steps; ++i) {
    double start = now_seconds();
    check(sdy_executable_run_global(exe, backend, args, 3, result, 1),
          "sdy_executable_run_global");
    double elapsed = now_seconds() - start;
    if (elapsed < best)
      best = elapsed;
  }
  sdy_executable_destroy(exe);
  sdy_backend_destroy(backend);
  return best;
}

/* Counts the lines of `text` that contain `needle`. */
static int count(const char *text, const char *needle) {
  int n = 0;
  for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
    ++n;
  return n;
}

int main(int argc, char **argv) {
  long batch = 64, hidden = 256, ffn = 1024;
  int steps = 5;
  const char *plugin = NULL, *options = NULL;
  for (int i = 1; i + 1 < argc; i += 2) {
    long value = atol(argv[i + 1]);
    if (!strcmp(argv[i], "--backend"))
      plugin = argv[i + 1];
    else if (!strcmp(argv[i], "--backend-options"))
      options = argv[i + 1];
    else if (!strcmp(argv[i], "--batch"))
      batch = value;
    else if (!strcmp(argv[i], "--hidden"))
      hidden = value;
    else if (!strcmp(argv[i], "--ffn"))
      ffn = value;
    else if (!strcmp(argv[i], "--steps"))
      steps = (int)value;
  }
  printf("sdy %s: Megatron MLP, batch %ld, hidden %ld, ffn %ld\n",
         sdy_version_string(), batch, hidden, ffn);

  sdy_context_t *ctx = NULL;
  check(sdy_context_create(&ctx), "sdy_context_create");

  /* The program, then the mesh and the user's shardings. */
  char *text = mlp_text(batch, hidden, ffn);
  sdy_module_t *reference = NULL, *module = NULL;
  check(sdy_module_parse(ctx, text, "mlp", &reference), "sdy_module_parse");
  check(sdy_module_clone(reference, &module), "sdy_module_clone");
  free(text);

  const char *axis_names[] = {"data", "model"};
  const int64_t axis_sizes[] = {2, 4};
  sdy_mesh_t *mesh = NULL;
  check(sdy_mesh_create(ctx, axis_names, axis_sizes, 2, NULL, 0, &mesh),
        "sdy_mesh_create");
  check(sdy_module_add_mesh(module, "mesh", mesh), "sdy_module_add_mesh");
  sdy_sharding_t *x = sharding2(ctx, mesh, "data", NULL);
  sdy_sharding_t *w1 = sharding2(ctx, mesh, NULL, "model");
  sdy_sharding_t *w2 = sharding2(ctx, mesh, "model", NULL);
  check(sdy_module_set_arg_sharding(module, "main", 0, x), "set x");
  check(sdy_module_set_arg_sharding(module, "main", 1, w1), "set W1");
  check(sdy_module_set_arg_sharding(module, "main", 2, w2), "set W2");
  sdy_sharding_destroy(x);
  sdy_sharding_destroy(w1);
  sdy_sharding_destroy(w2);

  /* Propagation decides every other sharding. */
  run_pipeline(ctx, "propagation", module);
  printf("\n== shardings after propagation\n");
  for (size_t i = 0; i < 3; ++i) {
    sdy_sharding_t *s = NULL;
    const char *labels[] = {"x", "W1", "W2"};
    check(sdy_module_get_arg_sharding(module, "main", i, &s), "get arg");
    print_sharding(labels[i], s);
  }
  sdy_sharding_t *y = NULL;
  check(sdy_module_get_result_sharding(module, "main", 0, &y), "get result");
  print_sharding("y (result)", y);
  char *propagated = NULL;
  check(sdy_module_print(module, SDY_PRINT_DEFAULT, &propagated), "print");
  printf("\n%s", propagated);
  sdy_string_destroy(propagated);

  /* The partitioner turns it into one program per device with collectives. */
  run_pipeline(ctx, "partition", module);
  char *partitioned = NULL;
  check(sdy_module_print(module, SDY_PRINT_DEFAULT, &partitioned), "print");
  printf("\n== partitioned program (every device runs it on its shard)\n%s",
         partitioned);
  printf("\n== collectives inserted: all_reduce %d, all_gather %d, "
         "all_to_all %d, collective_permute %d, reduce_scatter %d\n",
         count(partitioned, "stablehlo.all_reduce"),
         count(partitioned, "stablehlo.all_gather"),
         count(partitioned, "stablehlo.all_to_all"),
         count(partitioned, "stablehlo.collective_permute"),
         count(partitioned, "stablehlo.reduce_scatter"));
  sdy_string_destroy(partitioned);

  /* Random inputs; run on 8 devices and on 1, compare. */
  int64_t xs[2] = {batch, hidden}, w1s[2] = {hidden, ffn},
          w2s[2] = {ffn, hidden}, ys[2] = {batch, hidden};
  float *xd = malloc(sizeof(float) * batch * hidden);
  float *w1d = malloc(sizeof(float) * hidden * ffn);
  float *w2d = malloc(sizeof(float) * ffn * hidden);
  float *y8 = malloc(sizeof(float) * batch * hidden);
  float *y1 = malloc(sizeof(float) * batch * hidden);
  srand(2026);
  for (long i = 0; i < batch * hidden; ++i)
    xd[i] = uniform();
  for (long i = 0; i < hidden * ffn; ++i)
    w1d[i] = uniform() / 16;
  for (long i = 0; i < ffn * hidden; ++i)
    w2d[i] = uniform() / 16;
  sdy_tensor_t args[3] = {tensor2(xd, xs), tensor2(w1d, w1s),
                          tensor2(w2d, w2s)};
  sdy_tensor_t r8 = tensor2(y8, ys), r1 = tensor2(y1, ys);

  double t8 = run(module, 8, plugin, options, args, &r8, steps);
  double t1 = run(reference, 1, NULL, NULL, args, &r1, steps);

  double max_error = 0, max_value = 0;
  for (long i = 0; i < batch * hidden; ++i) {
    double d = absolute((double)y8[i] - (double)y1[i]);
    if (d > max_error)
      max_error = d;
    if (absolute((double)y1[i]) > max_value)
      max_value = absolute((double)y1[i]);
  }
  int ok = max_error <= 1e-5 * (max_value > 1 ? max_value : 1);
  printf("\n== 8 local devices vs 1 device: max |difference| %.3g "
         "(largest value %.3g): %s\n",
         max_error, max_value, ok ? "equal within 1e-5" : "MISMATCH");
  printf("== step time: 8 devices %.3f ms, 1 device %.3f ms (best of %d; "
         "threads share this machine's cores)\n",
         t8 * 1e3, t1 * 1e3, steps);

  free(xd);
  free(w1d);
  free(w2d);
  free(y8);
  free(y1);
  sdy_mesh_destroy(mesh);
  sdy_module_destroy(module);
  sdy_module_destroy(reference);
  sdy_context_destroy(ctx);
  return ok ? 0 : 1;
}
