/* Handle validity (sdy_c.h, "Handles"): a destroyed handle stays refused
 * for the life of the process, however many handles of its kind are created
 * after it, and a handle of one kind is refused where another is expected.
 * Handles are only compared and passed back, never dereferenced here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sdy_c/sdy_c.h"
#include "status_assert.h"

/* Enough handles to fill several pages of handle storage, so that pages
 * whose handles are all destroyed are given back to the system. */
enum { kMany = 5000 };

static sdy_mesh_t *new_mesh(sdy_context_t *ctx) {
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_mesh_parse(ctx, "<[\"x\"=2]>", &mesh));
  return mesh;
}

static sdy_sharding_t *new_sharding(sdy_context_t *ctx, sdy_mesh_t *mesh) {
  sdy_sharding_t *sharding = NULL;
  ASSERT_OK(sdy_sharding_parse(ctx, "<@m, [{\"x\"}]>", mesh, &sharding));
  return sharding;
}

static void test_stale_mesh_after_many_new_meshes(void **state) {
  (void)state;
  sdy_context_t *ctx = NULL;
  ASSERT_OK(sdy_context_create(&ctx));
  sdy_mesh_t *stale = new_mesh(ctx);
  sdy_mesh_destroy(stale);
  sdy_mesh_t **fresh = calloc(kMany, sizeof(*fresh));
  for (int i = 0; i < kMany; ++i) {
    fresh[i] = new_mesh(ctx);
    assert_ptr_not_equal(fresh[i], stale); /* the address is never reused */
  }
  size_t num_axes = 0;
  ASSERT_INVALID(sdy_mesh_num_axes(stale, &num_axes),
                 "sdy_mesh_num_axes: 'mesh' is not a live sdy_mesh_t "
                 "(foreign or already destroyed handle)");
  sdy_mesh_destroy(stale); /* a second destroy is ignored */
  for (int i = 0; i < kMany; ++i)
    sdy_mesh_destroy(fresh[i]);
  /* Now whole pages hold only destroyed meshes: still refused. */
  for (int i = 0; i < kMany; i += 97)
    ASSERT_INVALID(sdy_mesh_num_axes(fresh[i], &num_axes),
                   "'mesh' is not a live sdy_mesh_t");
  sdy_mesh_t *another = new_mesh(ctx);
  for (int i = 0; i < kMany; ++i)
    assert_ptr_not_equal(another, fresh[i]);
  ASSERT_OK(sdy_mesh_num_axes(another, &num_axes));
  assert_int_equal(num_axes, 1);
  sdy_mesh_destroy(another);
  free(fresh);
  sdy_context_destroy(ctx);
}

static void test_stale_handles_of_each_kind(void **state) {
  (void)state;
  sdy_context_t *ctx = NULL;
  ASSERT_OK(sdy_context_create(&ctx));
  sdy_mesh_t *mesh = new_mesh(ctx);
  sdy_sharding_t *stale_sharding = new_sharding(ctx, mesh);
  sdy_sharding_destroy(stale_sharding);
  sdy_module_t *stale_module = NULL;
  ASSERT_OK(sdy_module_create_empty(ctx, &stale_module));
  sdy_module_destroy(stale_module);
  sdy_backend_t *stale_backend = NULL;
  ASSERT_OK(sdy_backend_create_local(1, &stale_backend));
  sdy_backend_destroy(stale_backend);
  sdy_context_t *stale_context = NULL;
  ASSERT_OK(sdy_context_create(&stale_context));
  sdy_context_destroy(stale_context);

  for (int i = 0; i < kMany; ++i) {
    sdy_sharding_t *sharding = new_sharding(ctx, mesh);
    assert_ptr_not_equal(sharding, stale_sharding);
    sdy_sharding_destroy(sharding);
    sdy_module_t *module = NULL;
    ASSERT_OK(sdy_module_create_empty(ctx, &module));
    assert_ptr_not_equal(module, stale_module);
    sdy_module_destroy(module);
  }
  for (int i = 0; i < 20; ++i) {
    sdy_backend_t *backend = NULL;
    ASSERT_OK(sdy_backend_create_local(1, &backend));
    assert_ptr_not_equal(backend, stale_backend);
    sdy_backend_destroy(backend);
    sdy_context_t *context = NULL;
    ASSERT_OK(sdy_context_create(&context));
    assert_ptr_not_equal(context, stale_context);
    sdy_context_destroy(context);
  }

  size_t rank = 0, count = 0;
  int32_t devices = 0;
  ASSERT_INVALID(sdy_sharding_rank(stale_sharding, &rank),
                 "sdy_sharding_rank: 'sharding' is not a live sdy_sharding_t "
                 "(foreign or already destroyed handle)");
  ASSERT_INVALID(sdy_module_num_functions(stale_module, &count),
                 "sdy_module_num_functions: 'module' is not a live "
                 "sdy_module_t (foreign or already destroyed handle)");
  ASSERT_INVALID(sdy_backend_device_count(stale_backend, &devices),
                 "sdy_backend_device_count: 'backend' is not a live "
                 "sdy_backend_t (foreign or already destroyed handle)");
  sdy_mesh_t *out = NULL;
  ASSERT_INVALID(sdy_mesh_parse(stale_context, "<[\"x\"=2]>", &out),
                 "sdy_mesh_parse: 'context' is not a live sdy_context_t "
                 "(foreign or already destroyed handle)");
  sdy_mesh_destroy(mesh);
  sdy_context_destroy(ctx);
}

static void test_stale_status(void **state) {
  (void)state;
  sdy_status_t *stale = sdy_context_create(NULL);
  assert_non_null(stale);
  sdy_status_destroy(stale);
  for (int i = 0; i < kMany; ++i) {
    sdy_status_t *status = sdy_context_create(NULL);
    assert_ptr_not_equal(status, stale);
    sdy_status_destroy(status);
  }
  assert_int_equal(sdy_status_code(stale), SDY_INVALID_ARGUMENT);
  assert_string_equal(sdy_status_message(stale),
                      "sdy_status_message: not a live sdy_status_t (foreign "
                      "or already destroyed)");
  sdy_status_destroy(stale); /* a second destroy is ignored */
}

static void test_wrong_kind_and_foreign_handles(void **state) {
  (void)state;
  sdy_context_t *ctx = NULL;
  ASSERT_OK(sdy_context_create(&ctx));
  sdy_mesh_t *mesh = new_mesh(ctx);
  sdy_sharding_t *sharding = new_sharding(ctx, mesh);
  size_t n = 0;
  ASSERT_INVALID(sdy_sharding_rank((const sdy_sharding_t *)mesh, &n),
                 "sdy_sharding_rank: 'sharding' is not a live sdy_sharding_t "
                 "(foreign or already destroyed handle)");
  ASSERT_INVALID(sdy_mesh_num_axes((const sdy_mesh_t *)sharding, &n),
                 "sdy_mesh_num_axes: 'mesh' is not a live sdy_mesh_t");
  ASSERT_INVALID(sdy_module_num_functions((const sdy_module_t *)ctx, &n),
                 "'module' is not a live sdy_module_t");
  sdy_module_t *module = NULL;
  ASSERT_INVALID(sdy_module_create_empty((sdy_context_t *)mesh, &module),
                 "'context' is not a live sdy_context_t");
  /* A status is not a mesh, and a mesh is not a status. */
  sdy_status_t *status = sdy_context_create(NULL);
  ASSERT_INVALID(sdy_mesh_num_axes((const sdy_mesh_t *)status, &n),
                 "'mesh' is not a live sdy_mesh_t");
  sdy_status_destroy(status);
  assert_int_equal(sdy_status_code((const sdy_status_t *)mesh),
                   SDY_INVALID_ARGUMENT);
  /* Destroying through the wrong function does nothing. */
  sdy_sharding_destroy((sdy_sharding_t *)mesh);
  sdy_context_destroy((sdy_context_t *)sharding);
  ASSERT_OK(sdy_mesh_num_axes(mesh, &n));
  ASSERT_OK(sdy_sharding_rank(sharding, &n));
  /* Pointers the library never handed out: inside a handle, and a local. */
  ASSERT_INVALID(sdy_mesh_num_axes((const sdy_mesh_t *)((char *)mesh + 8), &n),
                 "'mesh' is not a live sdy_mesh_t");
  int64_t local[16] = {0};
  ASSERT_INVALID(sdy_mesh_num_axes((const sdy_mesh_t *)local, &n),
                 "'mesh' is not a live sdy_mesh_t");
  sdy_sharding_destroy(sharding);
  sdy_mesh_destroy(mesh);
  sdy_context_destroy(ctx);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_stale_mesh_after_many_new_meshes),
      cmocka_unit_test(test_stale_handles_of_each_kind),
      cmocka_unit_test(test_stale_status),
      cmocka_unit_test(test_wrong_kind_and_foreign_handles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
