/* device_slices: for each device of a mesh, its coordinates and the part of
 * a tensor it holds under a sharding (including an indivisible dimension). */
#include <inttypes.h>
#include <stdio.h>

#include "sdy_c/sdy_c.h"

static int check(sdy_status_t *status) {
  if (!status)
    return 0;
  fprintf(stderr, "error [%s]: %s\n",
          sdy_status_code_name(sdy_status_code(status)),
          sdy_status_message(status));
  sdy_status_destroy(status);
  return 1;
}

int main(void) {
  sdy_context_t *ctx = NULL;
  sdy_mesh_t *mesh = NULL;
  sdy_sharding_t *sharding = NULL;
  int failed = 1;
  if (check(sdy_context_create(&ctx)) ||
      check(sdy_mesh_parse(ctx, "<[\"x\"=2, \"y\"=4]>", &mesh)) ||
      check(sdy_sharding_parse(ctx, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>",
                               mesh, &sharding)))
    goto done;

  const int64_t shape[2] = {8, 7};
  int64_t local[2];
  if (check(sdy_sharding_local_shape(sharding, shape, 2, local, 2)))
    goto done;
  printf("global 8x7, local %" PRId64 "x%" PRId64 "\n", local[0], local[1]);

  int64_t num_devices = 0;
  if (check(sdy_mesh_num_devices(mesh, &num_devices)))
    goto done;
  for (int64_t device = 0; device < num_devices; ++device) {
    int64_t coords[2], starts[2], limits[2];
    if (check(sdy_mesh_device_coordinates(mesh, device, coords, 2)) ||
        check(sdy_sharding_device_slice(sharding, shape, 2, device, starts,
                                        limits, 2)))
      goto done;
    printf("device %" PRId64 " (x=%" PRId64 ", y=%" PRId64 "): rows [%" PRId64
           ", %" PRId64 ") cols [%" PRId64 ", %" PRId64 ")\n",
           device, coords[0], coords[1], starts[0], limits[0], starts[1],
           limits[1]);
  }

  /* A wrong shape gives the dialect verifier's message. */
  const int64_t vector[1] = {8};
  sdy_status_t *status = sdy_sharding_validate(sharding, vector, 1);
  printf("validate tensor<8xf32>: %s\n", sdy_status_message(status));
  sdy_status_destroy(status);
  failed = 0;

done:
  sdy_sharding_destroy(sharding);
  sdy_mesh_destroy(mesh);
  sdy_context_destroy(ctx);
  return failed;
}
