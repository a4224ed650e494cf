/* CMocka suite of mesh.h: every function, success and error paths. */
#include "capi_fixture.h"

/* ["a"=3, "b"=2] with device ids in column-major order. */
static const char *const kNames[] = {"a", "b"};
static const int64_t kSizes[] = {3, 2};
static const int64_t kIds[] = {0, 2, 4, 1, 3, 5};

static sdy_mesh_t *create_mesh_3x2(fixture_t *f) {
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_mesh_create(f->ctx, kNames, kSizes, 2, kIds, 6, &mesh));
  return mesh;
}

static void test_mesh_create(void **state) {
  fixture_t *f = *state;
  const char *const *names = kNames;
  const int64_t *sizes = kSizes;
  const int64_t *ids = kIds;
  sdy_mesh_t *mesh = create_mesh_3x2(f);
  char *text = NULL;
  ASSERT_OK(sdy_mesh_print(mesh, &text));
  assert_string(text, "<[\"a\"=3, \"b\"=2], device_ids=[0, 2, 4, 1, 3, 5]>");
  int32_t has_ids = 0;
  ASSERT_OK(sdy_mesh_has_explicit_device_ids(mesh, &has_ids));
  assert_int_equal(has_ids, 1);
  sdy_mesh_destroy(mesh);

  /* An explicit iota is dropped. */
  const int64_t iota[] = {0, 1, 2, 3, 4, 5};
  ASSERT_OK(sdy_mesh_create(f->ctx, names, sizes, 2, iota, 6, &mesh));
  ASSERT_OK(sdy_mesh_has_explicit_device_ids(mesh, &has_ids));
  assert_int_equal(has_ids, 0);
  sdy_mesh_destroy(mesh);

  /* Maximal and empty meshes. */
  const int64_t three[] = {3};
  ASSERT_OK(sdy_mesh_create(f->ctx, NULL, NULL, 0, three, 1, &mesh));
  ASSERT_OK(sdy_mesh_print(mesh, &text));
  assert_string(text, "<[], device_ids=[3]>");
  sdy_mesh_destroy(mesh);
  ASSERT_OK(sdy_mesh_create(f->ctx, NULL, NULL, 0, NULL, 0, &mesh));
  ASSERT_OK(sdy_mesh_print(mesh, &text));
  assert_string(text, "<[]>");
  sdy_mesh_destroy(mesh);

  /* Errors: the dialect's messages, output untouched. */
  sdy_mesh_t *untouched = (sdy_mesh_t *)0x1;
  const char *dup[] = {"x", "x"};
  ASSERT_ERR(sdy_mesh_create(f->ctx, dup, kAxisSizes, 2, NULL, 0, &untouched),
             SDY_VERIFICATION_ERROR, "duplicate mesh axis name \"x\"");
  assert_ptr_equal(untouched, (sdy_mesh_t *)0x1);
  const int64_t zero[] = {2, 0};
  ASSERT_ERR(sdy_mesh_create(f->ctx, kAxisNames, zero, 2, NULL, 0, &mesh),
             SDY_VERIFICATION_ERROR,
             "mesh axis \"y\" has size 0, axis sizes must be at least 1");
  const int64_t bad_ids[] = {0, 1, 2, 3, 4, 4};
  ASSERT_ERR(sdy_mesh_create(f->ctx, names, sizes, 2, bad_ids, 6, &mesh),
             SDY_VERIFICATION_ERROR,
             "device ids must be a permutation of iota(6)");
  ASSERT_ERR(sdy_mesh_create(f->ctx, names, sizes, 2, ids, 5, &mesh),
             SDY_VERIFICATION_ERROR,
             "mesh has 5 device ids but the product of its axis sizes is 6");
  const char *empty_name[] = {""};
  ASSERT_ERR(sdy_mesh_create(f->ctx, empty_name, sizes, 1, NULL, 0, &mesh),
             SDY_VERIFICATION_ERROR, "mesh axis names must not be empty");
  const char *bad_utf8[] = {"\xff\xfe"};
  ASSERT_INVALID(sdy_mesh_create(f->ctx, bad_utf8, sizes, 1, NULL, 0, &mesh),
                 "'axis_names[0]' is not valid UTF-8");
  const char *null_name[] = {NULL};
  ASSERT_INVALID(sdy_mesh_create(f->ctx, null_name, sizes, 1, NULL, 0, &mesh),
                 "string 'axis_names[0]' is NULL");
  ASSERT_INVALID(sdy_mesh_create(f->ctx, NULL, sizes, 1, NULL, 0, &mesh),
                 "array 'axis_names' is NULL but its count is 1");
  ASSERT_INVALID(sdy_mesh_create(f->ctx, kAxisNames, NULL, 2, NULL, 0, &mesh),
                 "array 'axis_sizes' is NULL");
  ASSERT_INVALID(
      sdy_mesh_create(f->ctx, kAxisNames, kAxisSizes, 2, NULL, 3, &mesh),
      "array 'device_ids' is NULL");
  ASSERT_INVALID(
      sdy_mesh_create(f->ctx, kAxisNames, kAxisSizes, 2, NULL, 0, NULL),
      "'out_mesh' is NULL");
  ASSERT_INVALID(
      sdy_mesh_create(NULL, kAxisNames, kAxisSizes, 2, NULL, 0, &mesh),
      "sdy_mesh_create: 'context' is NULL");
}

static void test_mesh_parse_print(void **state) {
  fixture_t *f = *state;
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_mesh_parse(f->ctx, "  <[\"x\"=2, \"y\"=4]>", &mesh));
  int32_t equal = 0;
  ASSERT_OK(sdy_mesh_equal(mesh, f->mesh, &equal));
  assert_int_equal(equal, 1);
  sdy_mesh_destroy(mesh);
  ASSERT_OK(sdy_mesh_parse(f->ctx, "#sdy.mesh<[\"x\"=4]>", &mesh));
  ASSERT_OK(sdy_mesh_equal(mesh, f->mesh, &equal));
  assert_int_equal(equal, 0);
  char *text = NULL;
  ASSERT_OK(sdy_mesh_print(mesh, &text));
  assert_string(text, "<[\"x\"=4]>");
  sdy_mesh_destroy(mesh);

  ASSERT_ERR(sdy_mesh_parse(f->ctx, "<[\"x\"=2,>", &mesh), SDY_PARSE_ERROR,
             "<mesh>:1:");
  ASSERT_ERR(sdy_mesh_parse(f->ctx, "<[\"x\"=2, \"x\"=3]>", &mesh),
             SDY_VERIFICATION_ERROR, "duplicate mesh axis name \"x\"");
  /* Empty text is located like other syntax errors. */
  ASSERT_ERR(sdy_mesh_parse(f->ctx, "", &mesh), SDY_PARSE_ERROR,
             "sdy_mesh_parse: <mesh>:1:1: error: expected attribute value");
  ASSERT_ERR(
      sdy_mesh_parse(f->ctx, "#sdy.sharding<mesh<[\"x\"=2]>, []>", &mesh),
      SDY_PARSE_ERROR, "expected a mesh");
  ASSERT_INVALID(sdy_mesh_parse(f->ctx, NULL, &mesh), "string 'text' is NULL");
  ASSERT_INVALID(sdy_mesh_parse(f->ctx, "<[\"\xc3\">", &mesh),
                 "not valid UTF-8");
  ASSERT_INVALID(sdy_mesh_parse(NULL, "<[]>", &mesh), "'context' is NULL");
  ASSERT_INVALID(sdy_mesh_parse(f->ctx, "<[]>", NULL), "'out_mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_print(NULL, &text), "sdy_mesh_print: 'mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_print(f->mesh, NULL), "'out_text' is NULL");
  ASSERT_INVALID(sdy_mesh_print((sdy_mesh_t *)f->ctx, &text),
                 "not a live sdy_mesh_t");
  sdy_mesh_destroy(NULL);
  sdy_mesh_destroy((sdy_mesh_t *)f->ctx); /* not a mesh: ignored */
}

static void test_mesh_queries(void **state) {
  fixture_t *f = *state;
  size_t num_axes = 0;
  ASSERT_OK(sdy_mesh_num_axes(f->mesh, &num_axes));
  assert_int_equal(num_axes, 2);
  const char *name = NULL;
  int64_t size = 0;
  ASSERT_OK(sdy_mesh_axis(f->mesh, 1, &name, &size));
  assert_string_equal(name, "y");
  assert_int_equal(size, 4);
  ASSERT_OK(sdy_mesh_axis(f->mesh, 0, &name, NULL));
  assert_string_equal(name, "x");
  ASSERT_OK(sdy_mesh_axis(f->mesh, 0, NULL, &size));
  assert_int_equal(size, 2);
  int64_t num_devices = 0;
  ASSERT_OK(sdy_mesh_num_devices(f->mesh, &num_devices));
  assert_int_equal(num_devices, 8);
  int64_t ids[8];
  ASSERT_OK(sdy_mesh_device_ids(f->mesh, ids, 8));
  for (int i = 0; i < 8; ++i)
    assert_int_equal(ids[i], i);
  int32_t has_ids = 1;
  ASSERT_OK(sdy_mesh_has_explicit_device_ids(f->mesh, &has_ids));
  assert_int_equal(has_ids, 0);

  ASSERT_INVALID(sdy_mesh_num_axes(NULL, &num_axes), "'mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_num_axes(f->mesh, NULL), "'out_num_axes' is NULL");
  ASSERT_INVALID(sdy_mesh_axis(f->mesh, 2, &name, &size),
                 "axis index 2 is out of range: the mesh has 2 axes");
  ASSERT_INVALID(sdy_mesh_axis(f->mesh, 0, NULL, NULL),
                 "both 'out_name' and 'out_size' are NULL");
  ASSERT_INVALID(sdy_mesh_axis(NULL, 0, &name, &size), "'mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_num_devices(NULL, &num_devices), "'mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_num_devices(f->mesh, NULL),
                 "'out_num_devices' is NULL");
  ASSERT_INVALID(sdy_mesh_device_ids(f->mesh, ids, 7),
                 "capacity 7 is less than the number of devices (8)");
  ASSERT_INVALID(sdy_mesh_device_ids(f->mesh, NULL, 8),
                 "'out_device_ids' is NULL");
  ASSERT_INVALID(sdy_mesh_device_ids(NULL, ids, 8), "'mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_has_explicit_device_ids(NULL, &has_ids),
                 "'mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_has_explicit_device_ids(f->mesh, NULL),
                 "'out_has_ids' is NULL");
}

static void test_mesh_coordinates(void **state) {
  fixture_t *f = *state;
  sdy_mesh_t *mesh = create_mesh_3x2(f);
  int64_t coords[2];
  ASSERT_OK(sdy_mesh_device_coordinates(mesh, 1, coords, 2));
  assert_int_equal(coords[0], 1); /* id 1 is at linear position 3 = (1, 1) */
  assert_int_equal(coords[1], 1);
  int64_t device = -1;
  ASSERT_OK(sdy_mesh_device_at(mesh, coords, 2, &device));
  assert_int_equal(device, 1);
  for (int64_t id = 0; id < 6; ++id) {
    ASSERT_OK(sdy_mesh_device_coordinates(mesh, id, coords, 2));
    ASSERT_OK(sdy_mesh_device_at(mesh, coords, 2, &device));
    assert_int_equal(device, id);
  }
  ASSERT_INVALID(sdy_mesh_device_coordinates(mesh, 6, coords, 2),
                 "device 6 is not in the mesh");
  ASSERT_INVALID(sdy_mesh_device_coordinates(mesh, 1, coords, 1),
                 "num_coords is 1 but the mesh has 2 axes");
  ASSERT_INVALID(sdy_mesh_device_coordinates(mesh, 1, NULL, 2),
                 "array 'out_coords' is NULL");
  ASSERT_INVALID(sdy_mesh_device_coordinates(NULL, 1, coords, 2),
                 "'mesh' is NULL");
  const int64_t out_of_range[] = {3, 0};
  ASSERT_INVALID(sdy_mesh_device_at(mesh, out_of_range, 2, &device),
                 "coordinate 3 of axis \"a\" is out of range [0, 3)");
  ASSERT_INVALID(sdy_mesh_device_at(mesh, coords, 3, &device),
                 "num_coords is 3 but the mesh has 2 axes");
  ASSERT_INVALID(sdy_mesh_device_at(mesh, NULL, 2, &device),
                 "array 'coords' is NULL");
  ASSERT_INVALID(sdy_mesh_device_at(mesh, coords, 2, NULL),
                 "'out_device_id' is NULL");
  ASSERT_INVALID(sdy_mesh_device_at(NULL, coords, 2, &device),
                 "'mesh' is NULL");
  sdy_mesh_destroy(mesh);

  /* Maximal mesh: no axes, one device with id 3. */
  const int64_t three[] = {3};
  ASSERT_OK(sdy_mesh_create(f->ctx, NULL, NULL, 0, three, 1, &mesh));
  ASSERT_OK(sdy_mesh_device_coordinates(mesh, 3, NULL, 0));
  ASSERT_OK(sdy_mesh_device_at(mesh, NULL, 0, &device));
  assert_int_equal(device, 3);
  sdy_mesh_destroy(mesh);
}

static void test_mesh_equal(void **state) {
  fixture_t *f = *state;
  sdy_context_t *other = NULL;
  ASSERT_OK(sdy_context_create(&other));
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_mesh_create(other, kAxisNames, kAxisSizes, 2, NULL, 0, &mesh));
  int32_t equal = 0;
  ASSERT_OK(sdy_mesh_equal(f->mesh, mesh, &equal)); /* across contexts */
  assert_int_equal(equal, 1);
  ASSERT_OK(sdy_mesh_equal(f->mesh, f->mesh, &equal));
  assert_int_equal(equal, 1);
  ASSERT_INVALID(sdy_mesh_equal(NULL, mesh, &equal), "'a' is NULL");
  ASSERT_INVALID(sdy_mesh_equal(mesh, NULL, &equal), "'b' is NULL");
  ASSERT_INVALID(sdy_mesh_equal(mesh, mesh, NULL), "'out_equal' is NULL");
  sdy_mesh_destroy(mesh);
  ASSERT_INVALID(sdy_mesh_equal(mesh, f->mesh, &equal),
                 "'a' is not a live sdy_mesh_t");
  sdy_context_destroy(other);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_mesh_create, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_parse_print, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_queries, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_coordinates, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_equal, setup, teardown),
  };
  return cmocka_run_group_tests_name("sdy_c_mesh", tests, NULL, NULL);
}
