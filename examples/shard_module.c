/* shard_module: parse a module, attach shardings and a constraint, run a
 * pipeline and print the result. Uses only the public sdy C ABI. */
#include <stdio.h>
#include <stdlib.h>

#include "sdy_c/sdy_c.h"

static int check(sdy_status_t *status, const char *what) {
  if (!status)
    return 0;
  fprintf(stderr, "%s failed [%s]: %s\n", what,
          sdy_status_code_name(sdy_status_code(status)),
          sdy_status_message(status));
  sdy_status_destroy(status);
  return 1;
}

static const char *kProgram =
    "func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> "
    "tensor<8x4xf32> {\n"
    "  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : "
    "(tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<8x4xf32>\n"
    "  return %0 : tensor<8x4xf32>\n"
    "}\n";

int main(void) {
  if (!sdy_version_is_compatible(SDY_C_API_VERSION)) {
    fprintf(stderr, "libsdy_c %s is not compatible with these headers\n",
            sdy_version_string());
    return 1;
  }
  sdy_context_t *ctx = NULL;
  sdy_mesh_t *mesh = NULL;
  sdy_sharding_t *x_sharding = NULL, *w_sharding = NULL;
  sdy_module_t *module = NULL;
  sdy_pipeline_t *pipeline = NULL;
  char *text = NULL;
  int failed = 1;

  const char *axes[] = {"data", "model"};
  const int64_t sizes[] = {2, 4};
  if (check(sdy_context_create(&ctx), "context") ||
      check(sdy_mesh_create(ctx, axes, sizes, 2, NULL, 0, &mesh), "mesh"))
    goto done;

  /* %x: batch over "data"; %w: output features over "model". */
  sdy_axis_ref_t data = {"data", 0, 0};
  sdy_dim_sharding_t x_dims[2] = {{&data, 1, -1, 1, 0}, {NULL, 0, -1, 0, 0}};
  if (check(sdy_sharding_create(ctx, mesh, "mesh", x_dims, 2, NULL, 0,
                                &x_sharding),
            "sharding of x") ||
      check(sdy_sharding_parse(ctx, "<@mesh, [{}, {\"model\"}]>", mesh,
                               &w_sharding),
            "sharding of w"))
    goto done;

  if (check(sdy_module_parse(ctx, kProgram, "program.mlir", &module),
            "parse") ||
      check(sdy_module_add_mesh(module, "mesh", mesh), "add mesh") ||
      check(sdy_module_set_arg_sharding(module, "main", 0, x_sharding),
            "arg 0") ||
      check(sdy_module_set_arg_sharding(module, "main", 1, w_sharding),
            "arg 1") ||
      check(sdy_module_add_result_sharding_constraint(module, "main", 0,
                                                      x_sharding),
            "constraint") ||
      check(sdy_module_verify(module), "verify"))
    goto done;

  if (check(sdy_pipeline_create_preset(ctx, "cleanup", &pipeline),
            "pipeline") ||
      check(sdy_pipeline_run(pipeline, module), "run") ||
      check(sdy_module_print(module, SDY_PRINT_DEFAULT, &text), "print"))
    goto done;
  printf("%s", text);
  sdy_string_destroy(text);

  sdy_sharding_t *got = NULL;
  if (check(sdy_module_get_arg_sharding(module, "main", 1, &got), "get") ||
      check(sdy_sharding_print(got, &text), "print sharding"))
    goto done;
  printf("// sharding of %%w: %s\n", text);
  sdy_string_destroy(text);
  sdy_sharding_destroy(got);
  failed = 0;

done:
  sdy_pipeline_destroy(pipeline);
  sdy_module_destroy(module);
  sdy_sharding_destroy(w_sharding);
  sdy_sharding_destroy(x_sharding);
  sdy_mesh_destroy(mesh);
  sdy_context_destroy(ctx);
  return failed;
}
