/* CMocka suite of sharding.h: every function, success and error paths, and
 * shardings and meshes shared across threads. */
#include <pthread.h>

#include "capi_fixture.h"

static void test_sharding_create(void **state) {
  fixture_t *f = *state;
  sdy_axis_ref_t x = {"x", 0, 0};
  sdy_axis_ref_t y_sub = {"y", 1, 2};
  sdy_axis_ref_t y_sub2 = {"y", 2, 2};
  sdy_dim_sharding_t dims[3] = {
      {&x, 1, -1, 1, 0},
      {&y_sub, 1, 1, 0, 0},
      {NULL, 0, -1, 1, 0},
  };
  sdy_sharding_t *sharding = NULL;
  ASSERT_OK(sdy_sharding_create(f->ctx, f->mesh, "mesh", dims, 3, &y_sub2, 1,
                                &sharding));
  char *text = NULL;
  ASSERT_OK(sdy_sharding_print(sharding, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\":(1)2, ?}p1, {}], "
                      "replicated={\"y\":(2)2}>");
  sdy_sharding_destroy(sharding);

  /* Inlined mesh; replicated axes are sorted into mesh order. */
  sdy_axis_ref_t replicated[2] = {{"y", 0, 0}, {"x", 0, 0}};
  ASSERT_OK(sdy_sharding_create(f->ctx, f->mesh, NULL, NULL, 0, replicated, 2,
                                &sharding));
  ASSERT_OK(sdy_sharding_print(sharding, &text));
  assert_string(text, "#sdy.sharding<mesh<[\"x\"=2, \"y\"=4]>, [], "
                      "replicated={\"x\", \"y\"}>");
  ASSERT_OK(sdy_sharding_mesh_name(sharding, &text));
  assert_string(text, "");
  sdy_sharding_destroy(sharding);

  /* Errors. */
  sdy_axis_ref_t z = {"z", 0, 0};
  sdy_dim_sharding_t bad_axis = {&z, 1, -1, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_axis, 1, NULL, 0,
                                 &sharding),
             SDY_VERIFICATION_ERROR,
             "sdy_sharding_create: dimension 0: unknown axis \"z\" (the "
             "mesh has axes \"x\", \"y\")");
  sdy_dim_sharding_t twice[2] = {{&x, 1, -1, 1, 0}, {&x, 1, -1, 1, 0}};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", twice, 2, NULL, 0,
                                 &sharding),
             SDY_VERIFICATION_ERROR,
             "axis \"x\" is used more than once (in dimension 0 and in "
             "dimension 1)");
  sdy_axis_ref_t bad_sub = {"y", 1, 1};
  sdy_dim_sharding_t bad_sub_dim = {&bad_sub, 1, -1, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_sub_dim, 1, NULL,
                                 0, &sharding),
             SDY_VERIFICATION_ERROR,
             "dims[0].axes[0]: sub-axis size must be greater than 1, got 1");
  sdy_axis_ref_t full_sub = {"y", 1, 4};
  sdy_dim_sharding_t full_sub_dim = {&full_sub, 1, -1, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &full_sub_dim, 1,
                                 NULL, 0, &sharding),
             SDY_VERIFICATION_ERROR,
             "is as large as axis \"y\" (4); write the full axis instead");
  sdy_dim_sharding_t closed_prio = {NULL, 0, 2, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &closed_prio, 1, NULL,
                                 0, &sharding),
             SDY_VERIFICATION_ERROR,
             "dims[0]: a closed empty dimension sharding {} cannot have a "
             "priority (p2)");
  sdy_dim_sharding_t bad_closed = {NULL, 0, -1, 7, 0};
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_closed, 1,
                                     NULL, 0, &sharding),
                 "dims[0].is_closed must be 0 or 1, got 7");
  sdy_dim_sharding_t bad_reserved = {NULL, 0, -1, 1, 5};
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_reserved, 1,
                                     NULL, 0, &sharding),
                 "dims[0].reserved must be 0");
  sdy_dim_sharding_t bad_prio = {NULL, 0, -5, 0, 0};
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_prio, 1,
                                     NULL, 0, &sharding),
                 "dims[0].priority must be -1 (none) or >= 0, got -5");
  sdy_dim_sharding_t null_axes = {NULL, 2, -1, 1, 0};
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", &null_axes, 1,
                                     NULL, 0, &sharding),
                 "array 'dims[0].axes' is NULL but its count is 2");
  sdy_axis_ref_t unnamed = {NULL, 0, 0};
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 0, &unnamed,
                                     1, &sharding),
                 "string 'replicated_axes[0].name' is NULL");
  ASSERT_INVALID(
      sdy_sharding_create(f->ctx, f->mesh, "", NULL, 0, NULL, 0, &sharding),
      "string 'mesh_name' is empty");
  ASSERT_INVALID(
      sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 1, NULL, 0, &sharding),
      "array 'dims' is NULL but its count is 1");
  ASSERT_INVALID(
      sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 0, NULL, 1, &sharding),
      "array 'replicated_axes' is NULL");
  ASSERT_INVALID(
      sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 0, NULL, 0, NULL),
      "'out_sharding' is NULL");
  ASSERT_INVALID(
      sdy_sharding_create(f->ctx, NULL, "mesh", NULL, 0, NULL, 0, &sharding),
      "'mesh' is NULL");
  ASSERT_INVALID(
      sdy_sharding_create(NULL, f->mesh, "mesh", NULL, 0, NULL, 0, &sharding),
      "'context' is NULL");
  sdy_context_t *other = NULL;
  ASSERT_OK(sdy_context_create(&other));
  ASSERT_INVALID(
      sdy_sharding_create(other, f->mesh, "mesh", NULL, 0, NULL, 0, &sharding),
      "'mesh' belongs to a different sdy_context_t");
  sdy_context_destroy(other);
}

static void test_sharding_parse(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *sharding = parse_sharding(
      f, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\", ?}p1], replicated={}>");
  char *text = NULL;
  ASSERT_OK(sdy_sharding_print(sharding, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\", ?}p1]>");
  ASSERT_OK(sdy_sharding_mesh_name(sharding, &text));
  assert_string(text, "mesh");
  sdy_sharding_destroy(sharding);

  /* Stripped form, and an inlined mesh without a mesh handle. */
  sharding = parse_sharding(f, "<@mesh, [{}, {?}]>");
  sdy_sharding_destroy(sharding);
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<mesh<[\"x\"=2, \"y\"=4]>, [{\"x\"}]>",
                               NULL, &sharding));
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_sharding_get_mesh(sharding, &mesh));
  int32_t equal = 0;
  ASSERT_OK(sdy_mesh_equal(mesh, f->mesh, &equal));
  assert_int_equal(equal, 1);
  sdy_mesh_destroy(mesh);
  sdy_sharding_destroy(sharding);

  ASSERT_ERR(sdy_sharding_parse(f->ctx, "<@mesh, [{\"x\"}", f->mesh, &sharding),
             SDY_PARSE_ERROR, "<sharding>:1:");
  ASSERT_ERR(sdy_sharding_parse(f->ctx, "", f->mesh, &sharding),
             SDY_PARSE_ERROR,
             "sdy_sharding_parse: <sharding>:1:1: error: expected attribute "
             "value");
  ASSERT_ERR(sdy_sharding_parse(f->ctx, "#sdy.mesh<[]>", f->mesh, &sharding),
             SDY_PARSE_ERROR, "expected a #sdy.sharding attribute, got");
  ASSERT_ERR(
      sdy_sharding_parse(f->ctx, "<@mesh, [{\"z\"}]>", f->mesh, &sharding),
      SDY_VERIFICATION_ERROR,
      "dimension 0: unknown axis \"z\" (the mesh has axes \"x\", \"y\")");
  ASSERT_ERR(sdy_sharding_parse(f->ctx,
                                "<@mesh, [{}], replicated={\"y\", \"x\"}>",
                                f->mesh, &sharding),
             SDY_VERIFICATION_ERROR,
             "replicated axes must be sorted in mesh order: \"y\" must come "
             "after \"x\"");
  ASSERT_INVALID(sdy_sharding_parse(f->ctx, "<@mesh, [{}]>", NULL, &sharding),
                 "the sharding refers to mesh @mesh; pass that mesh as 'mesh'");
  ASSERT_INVALID(
      sdy_sharding_parse(f->ctx, "<mesh<[\"x\"=2]>, [{}]>", f->mesh, &sharding),
      "the sharding inlines mesh");
  ASSERT_INVALID(sdy_sharding_parse(f->ctx, NULL, f->mesh, &sharding),
                 "string 'text' is NULL");
  ASSERT_INVALID(sdy_sharding_parse(NULL, "<@mesh, []>", f->mesh, &sharding),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_sharding_parse(f->ctx, "<@mesh, []>", f->mesh, NULL),
                 "'out_sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_parse(f->ctx, "<@mesh, []>",
                                    (sdy_mesh_t *)f->module, &sharding),
                 "'mesh' is not a live sdy_mesh_t");
  sdy_context_t *other = NULL;
  ASSERT_OK(sdy_context_create(&other));
  ASSERT_INVALID(sdy_sharding_parse(other, "<@mesh, []>", f->mesh, &sharding),
                 "'mesh' belongs to a different sdy_context_t");
  sdy_context_destroy(other);
  sdy_sharding_destroy(NULL);
}

static void test_sharding_queries(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *sharding = parse_sharding(
      f, "<@mesh, [{\"y\":(2)2, \"x\"}, {?}p3], replicated={\"y\":(1)2}>");
  size_t rank = 0;
  ASSERT_OK(sdy_sharding_rank(sharding, &rank));
  assert_int_equal(rank, 2);
  size_t num_axes = 0;
  int32_t closed = -1;
  int64_t priority = 0;
  ASSERT_OK(sdy_sharding_dim(sharding, 0, &num_axes, &closed, &priority));
  assert_int_equal(num_axes, 2);
  assert_int_equal(closed, 1);
  assert_int_equal(priority, -1);
  ASSERT_OK(sdy_sharding_dim(sharding, 1, &num_axes, &closed, &priority));
  assert_int_equal(num_axes, 0);
  assert_int_equal(closed, 0);
  assert_int_equal(priority, 3);
  ASSERT_OK(sdy_sharding_dim(sharding, 1, NULL, NULL, NULL));
  sdy_axis_ref_t axis;
  ASSERT_OK(sdy_sharding_dim_axis(sharding, 0, 0, &axis));
  assert_string_equal(axis.name, "y");
  assert_int_equal(axis.pre_size, 2);
  assert_int_equal(axis.size, 2);
  ASSERT_OK(sdy_sharding_dim_axis(sharding, 0, 1, &axis));
  assert_string_equal(axis.name, "x");
  assert_int_equal(axis.pre_size, 0);
  assert_int_equal(axis.size, 0);
  size_t num_replicated = 0;
  ASSERT_OK(sdy_sharding_num_replicated(sharding, &num_replicated));
  assert_int_equal(num_replicated, 1);
  ASSERT_OK(sdy_sharding_replicated_axis(sharding, 0, &axis));
  assert_string_equal(axis.name, "y");
  assert_int_equal(axis.pre_size, 1);

  ASSERT_INVALID(sdy_sharding_rank(NULL, &rank), "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_rank(sharding, NULL), "'out_rank' is NULL");
  ASSERT_INVALID(sdy_sharding_dim(sharding, 2, &num_axes, NULL, NULL),
                 "dimension 2 is out of range: the sharding has rank 2");
  ASSERT_INVALID(sdy_sharding_dim(NULL, 0, &num_axes, NULL, NULL),
                 "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_dim_axis(sharding, 0, 2, &axis),
                 "axis index 2 is out of range: dimension 0 has 2 axes");
  ASSERT_INVALID(sdy_sharding_dim_axis(sharding, 5, 0, &axis),
                 "dimension 5 is out of range");
  ASSERT_INVALID(sdy_sharding_dim_axis(sharding, 0, 0, NULL),
                 "'out_axis' is NULL");
  ASSERT_INVALID(sdy_sharding_dim_axis(NULL, 0, 0, &axis),
                 "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_num_replicated(NULL, &num_replicated),
                 "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_num_replicated(sharding, NULL),
                 "'out_count' is NULL");
  ASSERT_INVALID(sdy_sharding_replicated_axis(sharding, 1, &axis),
                 "replicated axis index 1 is out of range");
  ASSERT_INVALID(sdy_sharding_replicated_axis(NULL, 0, &axis),
                 "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_replicated_axis(sharding, 0, NULL),
                 "'out_axis' is NULL");
  char *text = NULL;
  sdy_mesh_t *mesh = NULL;
  ASSERT_INVALID(sdy_sharding_print(NULL, &text), "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_print(sharding, NULL), "'out_text' is NULL");
  ASSERT_INVALID(sdy_sharding_get_mesh(NULL, &mesh), "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_get_mesh(sharding, NULL), "'out_mesh' is NULL");
  ASSERT_INVALID(sdy_sharding_mesh_name(NULL, &text), "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_mesh_name(sharding, NULL), "'out_name' is NULL");
  sdy_sharding_destroy(sharding);
  ASSERT_INVALID(sdy_sharding_rank(sharding, &rank),
                 "not a live sdy_sharding_t");
}

static void test_sharding_validate_local_shape(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *sharding =
      parse_sharding(f, "<@mesh, [{\"x\"}, {\"y\", ?}]>");
  const int64_t shape[] = {8, 7};
  ASSERT_OK(sdy_sharding_validate(sharding, shape, 2));
  int64_t local[3] = {0, 0, -1};
  ASSERT_OK(sdy_sharding_local_shape(sharding, shape, 2, local, 3));
  assert_int_equal(local[0], 4);
  assert_int_equal(local[1], 2); /* ceil(7 / 4) */
  assert_int_equal(local[2], -1);

  ASSERT_ERR(sdy_sharding_validate(sharding, shape, 1), SDY_VERIFICATION_ERROR,
             "sharding has 2 dimension shardings but the tensor "
             "'tensor<8xf32>' has rank 1");
  /* A size-0 dimension may be sharded (as in Shardy); its shards are
     empty. */
  const int64_t zero[] = {0, 4};
  ASSERT_OK(sdy_sharding_validate(sharding, zero, 2));
  ASSERT_OK(sdy_sharding_local_shape(sharding, zero, 2, local, 2));
  assert_int_equal(local[0], 0);
  assert_int_equal(local[1], 1);
  const int64_t negative[] = {8, -2};
  ASSERT_INVALID(sdy_sharding_validate(sharding, negative, 2),
                 "shape[1] is -2; dimension sizes must be >= 0");
  ASSERT_INVALID(sdy_sharding_validate(sharding, NULL, 2),
                 "array 'shape' is NULL");
  ASSERT_INVALID(sdy_sharding_validate(NULL, shape, 2), "'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_local_shape(sharding, shape, 2, local, 1),
                 "capacity 1 is less than rank 2");
  ASSERT_INVALID(sdy_sharding_local_shape(sharding, shape, 2, NULL, 2),
                 "array 'out_shape' is NULL");
  ASSERT_INVALID(sdy_sharding_local_shape(NULL, shape, 2, local, 2),
                 "'sharding' is NULL");
  ASSERT_ERR(sdy_sharding_local_shape(sharding, shape, 1, local, 2),
             SDY_VERIFICATION_ERROR, "has rank 1");
  sdy_sharding_destroy(sharding);
}

static void test_sharding_device_slice(void **state) {
  fixture_t *f = *state;
  /* dim 0 by "x" (2 shards), dim 1 (size 7) by "y" (4 shards of 2). */
  sdy_sharding_t *sharding = parse_sharding(f, "<@mesh, [{\"x\"}, {\"y\"}]>");
  const int64_t shape[] = {8, 7};
  int64_t starts[2], limits[2];
  ASSERT_OK(
      sdy_sharding_device_slice(sharding, shape, 2, 7, starts, limits, 2));
  assert_int_equal(starts[0], 4);
  assert_int_equal(limits[0], 8);
  assert_int_equal(starts[1], 6);
  assert_int_equal(limits[1], 7); /* short last shard */
  ASSERT_OK(
      sdy_sharding_device_slice(sharding, shape, 2, 1, starts, limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], 4);
  assert_int_equal(starts[1], 2);
  assert_int_equal(limits[1], 4);
  /* Indivisible: size 5 over 4 shards of 2 -> [6, 5) clamps to empty. */
  const int64_t small[] = {8, 5};
  ASSERT_OK(
      sdy_sharding_device_slice(sharding, small, 2, 3, starts, limits, 2));
  assert_int_equal(starts[1], 5);
  assert_int_equal(limits[1], 5);
  sdy_sharding_destroy(sharding);

  /* Sub-axes: on ["x"=2, "y"=4], "y":(2)2 is the major bit of y. */
  sharding = parse_sharding(f, "<@mesh, [{\"y\":(2)2}, {\"y\":(1)2, \"x\"}]>");
  const int64_t square[] = {4, 8};
  /* device 6 = (x=1, y=2): y:(2)2 coord = (2 / 1) % 2 = 0, y:(1)2 coord =
   * (2 / 2) % 2 = 1; dim 1 index = 1 * 2 + 1 = 3 of 4 -> [6, 8). */
  ASSERT_OK(
      sdy_sharding_device_slice(sharding, square, 2, 6, starts, limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], 2);
  assert_int_equal(starts[1], 6);
  assert_int_equal(limits[1], 8);
  ASSERT_INVALID(
      sdy_sharding_device_slice(sharding, square, 2, 8, starts, limits, 2),
      "device 8 is not in the mesh");
  ASSERT_INVALID(
      sdy_sharding_device_slice(sharding, square, 2, 0, starts, limits, 1),
      "capacity 1 is less than rank 2");
  ASSERT_INVALID(
      sdy_sharding_device_slice(sharding, square, 2, 0, NULL, limits, 2),
      "array 'out_starts' is NULL");
  ASSERT_INVALID(
      sdy_sharding_device_slice(sharding, square, 2, 0, starts, NULL, 2),
      "array 'out_limits' is NULL");
  ASSERT_INVALID(
      sdy_sharding_device_slice(NULL, square, 2, 0, starts, limits, 2),
      "'sharding' is NULL");
  ASSERT_ERR(
      sdy_sharding_device_slice(sharding, square, 1, 0, starts, limits, 2),
      SDY_VERIFICATION_ERROR, "has rank 1");
  sdy_sharding_destroy(sharding);

  /* Huge dimensions: (s + 1) * L would overflow int64; limits clamp to d. */
  sharding = parse_sharding(f, "<@mesh, [{\"y\"}, {\"x\"}]>");
  const int64_t huge[] = {INT64_MAX, INT64_MAX};
  const int64_t chunk0 = INT64_MAX / 4 + 1, chunk1 = INT64_MAX / 2 + 1;
  /* device 7 = (x=1, y=3): last shard of both dimensions. */
  ASSERT_OK(sdy_sharding_device_slice(sharding, huge, 2, 7, starts, limits, 2));
  assert_int_equal(starts[0], 3 * chunk0);
  assert_int_equal(limits[0], INT64_MAX);
  assert_int_equal(starts[1], chunk1);
  assert_int_equal(limits[1], INT64_MAX);
  /* device 0: first shards. */
  ASSERT_OK(sdy_sharding_device_slice(sharding, huge, 2, 0, starts, limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], chunk0);
  assert_int_equal(starts[1], 0);
  assert_int_equal(limits[1], chunk1);
  sdy_sharding_destroy(sharding);
}

static void test_sharding_equal(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *a = parse_sharding(f, "<@mesh, [{\"x\"}]>");
  sdy_sharding_t *b = parse_sharding(f, "#sdy.sharding<@mesh, [{\"x\"}]>");
  sdy_sharding_t *c = parse_sharding(f, "<@mesh, [{\"y\"}]>");
  int32_t equal = 0;
  ASSERT_OK(sdy_sharding_equal(a, b, &equal));
  assert_int_equal(equal, 1);
  ASSERT_OK(sdy_sharding_equal(a, c, &equal));
  assert_int_equal(equal, 0);
  sdy_context_t *other = NULL;
  sdy_mesh_t *mesh = NULL;
  sdy_sharding_t *d = NULL;
  ASSERT_OK(sdy_context_create(&other));
  ASSERT_OK(sdy_mesh_create(other, kAxisNames, kAxisSizes, 2, NULL, 0, &mesh));
  ASSERT_OK(sdy_sharding_parse(other, "<@mesh, [{\"x\"}]>", mesh, &d));
  ASSERT_OK(sdy_sharding_equal(a, d, &equal));
  assert_int_equal(equal, 1);
  ASSERT_INVALID(sdy_sharding_equal(NULL, b, &equal), "'a' is NULL");
  ASSERT_INVALID(sdy_sharding_equal(a, NULL, &equal), "'b' is NULL");
  ASSERT_INVALID(sdy_sharding_equal(a, b, NULL), "'out_equal' is NULL");
  sdy_sharding_destroy(d);
  sdy_mesh_destroy(mesh);
  sdy_context_destroy(other);
  sdy_sharding_destroy(a);
  sdy_sharding_destroy(b);
  sdy_sharding_destroy(c);
}

/*--- thread safety: meshes and shardings are shared across threads
 * -----------*/

typedef struct {
  const sdy_mesh_t *mesh;
  const sdy_sharding_t *sharding;
  int failures;
} thread_arg_t;

static void *use_shared(void *raw) {
  thread_arg_t *arg = raw;
  const int64_t shape[] = {8, 8};
  for (int i = 0; i < 200; ++i) {
    char *text = NULL, *mesh_text = NULL;
    int64_t local[2] = {0, 0}, starts[2], limits[2];
    sdy_status_t *s1 = sdy_sharding_print(arg->sharding, &text);
    sdy_status_t *s2 =
        sdy_sharding_local_shape(arg->sharding, shape, 2, local, 2);
    sdy_status_t *s3 = sdy_sharding_device_slice(arg->sharding, shape, 2, i % 8,
                                                 starts, limits, 2);
    sdy_status_t *s4 = sdy_sharding_validate(arg->sharding, shape, 1);
    sdy_status_t *s5 = sdy_mesh_print(arg->mesh, &mesh_text);
    if (s1 || s2 || s3 || !s4 || s5 || local[0] != 4)
      ++arg->failures;
    sdy_status_destroy(s1);
    sdy_status_destroy(s2);
    sdy_status_destroy(s3);
    sdy_status_destroy(s4);
    sdy_status_destroy(s5);
    sdy_string_destroy(text);
    sdy_string_destroy(mesh_text);
  }
  return NULL;
}

static void test_threads(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *sharding = parse_sharding(f, "<@mesh, [{\"x\"}, {\"y\"}]>");
  pthread_t threads[4];
  thread_arg_t args[4];
  for (int i = 0; i < 4; ++i) {
    args[i].mesh = f->mesh;
    args[i].sharding = sharding;
    args[i].failures = 0;
    assert_int_equal(pthread_create(&threads[i], NULL, use_shared, &args[i]),
                     0);
  }
  for (int i = 0; i < 4; ++i) {
    pthread_join(threads[i], NULL);
    assert_int_equal(args[i].failures, 0);
  }
  sdy_sharding_destroy(sharding);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_sharding_create, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_parse, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_queries, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_validate_local_shape, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_sharding_device_slice, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_sharding_equal, setup, teardown),
      cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_sharding", tests, NULL, NULL);
}
