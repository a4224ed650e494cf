/* CMocka suite of the sdy C ABI: every public function, success and error
 * paths (each error path checks the status code and the message). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mlir-c/BuiltinAttributes.h"
#include "sdy_c/dialect.h"
#include "sdy_c/mlir_interop.h"
#include "sdy_c/sdy_c.h"

/*--- helpers -----------------------------------------------------------------*/

#include "status_assert.h"

static void assert_string(char *text, const char *expected) {
  assert_non_null(text);
  assert_string_equal(text, expected);
  sdy_string_destroy(text);
}

static void assert_contains(char *text, const char *expected) {
  assert_non_null(text);
  if (!strstr(text, expected))
    fail_msg("'%s' does not contain '%s'", text, expected);
  sdy_string_destroy(text);
}

static const char *kAxisNames[] = {"x", "y"};
static const int64_t kAxisSizes[] = {2, 4};

static const char *kModule =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n"
    "func.func @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> "
    "tensor<8x8xf32> {\n"
    "  %0 = stablehlo.add %arg0, %arg1 : tensor<8x8xf32>\n"
    "  %1 = stablehlo.add %0, %0 : tensor<8x8xf32>\n"
    "  return %1 : tensor<8x8xf32>\n"
    "}\n"
    "func.func private @decl(tensor<4xf32>) -> tensor<4xf32>\n";

typedef struct {
  sdy_context_t *ctx;
  sdy_mesh_t *mesh; /* ["x"=2, "y"=4] */
  sdy_module_t *module;
} fixture_t;

static int setup(void **state) {
  fixture_t *f = calloc(1, sizeof *f);
  ASSERT_OK(sdy_context_create(&f->ctx));
  ASSERT_OK(sdy_mesh_create(f->ctx, kAxisNames, kAxisSizes, 2, NULL, 0,
                            &f->mesh));
  ASSERT_OK(sdy_module_parse(f->ctx, kModule, "main.mlir", &f->module));
  *state = f;
  return 0;
}

static int teardown(void **state) {
  fixture_t *f = *state;
  sdy_module_destroy(f->module);
  sdy_mesh_destroy(f->mesh);
  sdy_context_destroy(f->ctx);
  free(f);
  return 0;
}

static sdy_sharding_t *parse_sharding(fixture_t *f, const char *text) {
  sdy_sharding_t *sharding = NULL;
  ASSERT_OK(sdy_sharding_parse(f->ctx, text, f->mesh, &sharding));
  return sharding;
}

/*--- version.h, status.h -----------------------------------------------------*/

static void test_version(void **state) {
  (void)state;
  assert_int_equal(sdy_version(), SDY_C_API_VERSION);
  assert_string_equal(sdy_version_string(), "1.1.0");
  assert_int_equal(sdy_version_is_compatible(SDY_C_API_VERSION), 1);
  assert_int_equal(sdy_version_is_compatible(10000), 1);     /* 1.0.0 */
  assert_int_equal(sdy_version_is_compatible(10100), 1);     /* 1.1.0 */
  assert_int_equal(sdy_version_is_compatible(10200), 0);     /* newer minor */
  assert_int_equal(sdy_version_is_compatible(20000), 0);     /* other major */
  assert_int_equal(sdy_version_is_compatible(0), 0);
}

static void test_status(void **state) {
  (void)state;
  assert_int_equal(sdy_status_code(NULL), SDY_OK);
  assert_string_equal(sdy_status_message(NULL), "");
  sdy_status_destroy(NULL);
  sdy_string_destroy(NULL);
  assert_string_equal(sdy_status_code_name(SDY_OK), "SDY_OK");
  assert_string_equal(sdy_status_code_name(SDY_INVALID_ARGUMENT),
                      "SDY_INVALID_ARGUMENT");
  assert_string_equal(sdy_status_code_name(SDY_PARSE_ERROR), "SDY_PARSE_ERROR");
  assert_string_equal(sdy_status_code_name(SDY_VERIFICATION_ERROR),
                      "SDY_VERIFICATION_ERROR");
  assert_string_equal(sdy_status_code_name(SDY_FAILED_PRECONDITION),
                      "SDY_FAILED_PRECONDITION");
  assert_string_equal(sdy_status_code_name(SDY_UNIMPLEMENTED),
                      "SDY_UNIMPLEMENTED");
  assert_string_equal(sdy_status_code_name(SDY_INTERNAL), "SDY_INTERNAL");
  assert_string_equal(sdy_status_code_name(99), "SDY_UNKNOWN");
  /* A real status; then foreign pointers are recognised. */
  sdy_status_t *status = sdy_context_create(NULL);
  assert_non_null(status);
  assert_int_equal(sdy_status_code(status), SDY_INVALID_ARGUMENT);
  assert_string_equal(sdy_status_message(status),
                      "sdy_context_create: output pointer 'out_context' is NULL");
  int not_a_status = 0;
  assert_int_equal(sdy_status_code((sdy_status_t *)&not_a_status),
                   SDY_INVALID_ARGUMENT);
  assert_non_null(strstr(sdy_status_message((sdy_status_t *)&not_a_status),
                         "not a live sdy_status_t"));
  sdy_status_destroy((sdy_status_t *)&not_a_status); /* ignored */
  sdy_status_destroy(status);
}

/*--- context.h ---------------------------------------------------------------*/

static void test_context(void **state) {
  (void)state;
  sdy_context_t *ctx = NULL;
  ASSERT_OK(sdy_context_create(&ctx));
  assert_non_null(ctx);
  ASSERT_OK(sdy_context_set_multithreading(ctx, 1));
  ASSERT_OK(sdy_context_set_multithreading(ctx, 0));
  ASSERT_INVALID(sdy_context_set_multithreading(NULL, 1), "'context' is NULL");
  ASSERT_INVALID(sdy_context_create(NULL), "'out_context' is NULL");
  /* Objects outlive the context handle. */
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_mesh_create(ctx, kAxisNames, kAxisSizes, 2, NULL, 0, &mesh));
  sdy_context_destroy(ctx);
  char *text = NULL;
  ASSERT_OK(sdy_mesh_print(mesh, &text));
  assert_string(text, "<[\"x\"=2, \"y\"=4]>");
  sdy_mesh_destroy(mesh);
  /* Destroyed / foreign handles. */
  ASSERT_INVALID(sdy_context_set_multithreading(ctx, 1),
                 "not a live sdy_context_t");
  sdy_context_destroy(ctx);  /* double destroy is ignored */
  sdy_context_destroy(NULL);
  int foreign = 0;
  ASSERT_INVALID(sdy_context_set_multithreading((sdy_context_t *)&foreign, 1),
                 "foreign or already destroyed");
}

/*--- mesh.h ------------------------------------------------------------------*/

static void test_mesh_create(void **state) {
  fixture_t *f = *state;
  sdy_mesh_t *mesh = NULL;
  const char *names[] = {"a", "b"};
  const int64_t sizes[] = {3, 2};
  const int64_t ids[] = {0, 2, 4, 1, 3, 5};
  ASSERT_OK(sdy_mesh_create(f->ctx, names, sizes, 2, ids, 6, &mesh));
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
                 SDY_VERIFICATION_ERROR, "mesh axis \"y\" has size 0, axis sizes must be at least 1");
  const int64_t bad_ids[] = {0, 1, 2, 3, 4, 4};
  ASSERT_ERR(sdy_mesh_create(f->ctx, names, sizes, 2, bad_ids, 6, &mesh),
                 SDY_VERIFICATION_ERROR, "device ids must be a permutation of iota(6)");
  ASSERT_ERR(sdy_mesh_create(f->ctx, names, sizes, 2, ids, 5, &mesh),
                 SDY_VERIFICATION_ERROR, "mesh has 5 device ids but the product of its axis sizes is 6");
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
  ASSERT_INVALID(sdy_mesh_create(f->ctx, kAxisNames, kAxisSizes, 2, NULL, 3, &mesh),
                 "array 'device_ids' is NULL");
  ASSERT_INVALID(sdy_mesh_create(f->ctx, kAxisNames, kAxisSizes, 2, NULL, 0, NULL),
                 "'out_mesh' is NULL");
  ASSERT_INVALID(sdy_mesh_create(NULL, kAxisNames, kAxisSizes, 2, NULL, 0, &mesh),
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
  ASSERT_ERR(sdy_mesh_parse(f->ctx, "#sdy.sharding<mesh<[\"x\"=2]>, []>", &mesh),
             SDY_PARSE_ERROR, "expected a mesh");
  ASSERT_INVALID(sdy_mesh_parse(f->ctx, NULL, &mesh), "string 'text' is NULL");
  ASSERT_INVALID(sdy_mesh_parse(f->ctx, "<[\"\xc3\">", &mesh), "not valid UTF-8");
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
  sdy_mesh_t *mesh = NULL;
  const char *names[] = {"a", "b"};
  const int64_t sizes[] = {3, 2};
  const int64_t ids[] = {0, 2, 4, 1, 3, 5};
  ASSERT_OK(sdy_mesh_create(f->ctx, names, sizes, 2, ids, 6, &mesh));
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
  ASSERT_INVALID(sdy_mesh_device_at(NULL, coords, 2, &device), "'mesh' is NULL");
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

/*--- sharding.h --------------------------------------------------------------*/

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
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_axis, 1,
                                     NULL, 0, &sharding),
                 SDY_VERIFICATION_ERROR, "sdy_sharding_create: dimension 0: unknown axis \"z\" (the "
                 "mesh has axes \"x\", \"y\")");
  sdy_dim_sharding_t twice[2] = {{&x, 1, -1, 1, 0}, {&x, 1, -1, 1, 0}};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", twice, 2, NULL,
                                     0, &sharding),
                 SDY_VERIFICATION_ERROR, "axis \"x\" is used more than once (in dimension 0 and in "
                 "dimension 1)");
  sdy_axis_ref_t bad_sub = {"y", 1, 1};
  sdy_dim_sharding_t bad_sub_dim = {&bad_sub, 1, -1, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &bad_sub_dim, 1,
                                     NULL, 0, &sharding),
                 SDY_VERIFICATION_ERROR, "dims[0].axes[0]: sub-axis size must be greater than 1, got 1");
  sdy_axis_ref_t full_sub = {"y", 1, 4};
  sdy_dim_sharding_t full_sub_dim = {&full_sub, 1, -1, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &full_sub_dim, 1,
                                     NULL, 0, &sharding),
                 SDY_VERIFICATION_ERROR, "is as large as axis \"y\" (4); write the full axis instead");
  sdy_dim_sharding_t closed_prio = {NULL, 0, 2, 1, 0};
  ASSERT_ERR(sdy_sharding_create(f->ctx, f->mesh, "mesh", &closed_prio, 1,
                                     NULL, 0, &sharding),
                 SDY_VERIFICATION_ERROR, "dims[0]: a closed empty dimension sharding {} cannot have a "
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
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "", NULL, 0, NULL, 0,
                                     &sharding),
                 "string 'mesh_name' is empty");
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 1, NULL, 0,
                                     &sharding),
                 "array 'dims' is NULL but its count is 1");
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 0, NULL, 1,
                                     &sharding),
                 "array 'replicated_axes' is NULL");
  ASSERT_INVALID(sdy_sharding_create(f->ctx, f->mesh, "mesh", NULL, 0, NULL, 0,
                                     NULL),
                 "'out_sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_create(f->ctx, NULL, "mesh", NULL, 0, NULL, 0,
                                     &sharding),
                 "'mesh' is NULL");
  ASSERT_INVALID(sdy_sharding_create(NULL, f->mesh, "mesh", NULL, 0, NULL, 0,
                                     &sharding),
                 "'context' is NULL");
  sdy_context_t *other = NULL;
  ASSERT_OK(sdy_context_create(&other));
  ASSERT_INVALID(sdy_sharding_create(other, f->mesh, "mesh", NULL, 0, NULL, 0,
                                     &sharding),
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
  ASSERT_ERR(sdy_sharding_parse(f->ctx, "<@mesh, [{\"z\"}]>", f->mesh, &sharding),
             SDY_VERIFICATION_ERROR,
             "dimension 0: unknown axis \"z\" (the mesh has axes \"x\", \"y\")");
  ASSERT_ERR(sdy_sharding_parse(f->ctx, "<@mesh, [{}], replicated={\"y\", \"x\"}>",
                                f->mesh, &sharding),
             SDY_VERIFICATION_ERROR,
             "replicated axes must be sorted in mesh order: \"y\" must come "
             "after \"x\"");
  ASSERT_INVALID(sdy_sharding_parse(f->ctx, "<@mesh, [{}]>", NULL, &sharding),
                 "the sharding refers to mesh @mesh; pass that mesh as 'mesh'");
  ASSERT_INVALID(sdy_sharding_parse(f->ctx, "<mesh<[\"x\"=2]>, [{}]>", f->mesh,
                                    &sharding),
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
  ASSERT_INVALID(sdy_sharding_dim_axis(NULL, 0, 0, &axis), "'sharding' is NULL");
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
  const int64_t zero[] = {0, 4};
  ASSERT_ERR(sdy_sharding_validate(sharding, zero, 2), SDY_VERIFICATION_ERROR,
             "dimension 0 has size 0 and cannot be sharded");
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
  ASSERT_OK(sdy_sharding_device_slice(sharding, shape, 2, 7, starts, limits, 2));
  assert_int_equal(starts[0], 4);
  assert_int_equal(limits[0], 8);
  assert_int_equal(starts[1], 6);
  assert_int_equal(limits[1], 7); /* short last shard */
  ASSERT_OK(sdy_sharding_device_slice(sharding, shape, 2, 1, starts, limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], 4);
  assert_int_equal(starts[1], 2);
  assert_int_equal(limits[1], 4);
  /* Indivisible: size 5 over 4 shards of 2 -> [6, 5) clamps to empty. */
  const int64_t small[] = {8, 5};
  ASSERT_OK(sdy_sharding_device_slice(sharding, small, 2, 3, starts, limits, 2));
  assert_int_equal(starts[1], 5);
  assert_int_equal(limits[1], 5);
  sdy_sharding_destroy(sharding);

  /* Sub-axes: on ["x"=2, "y"=4], "y":(2)2 is the major bit of y. */
  sharding = parse_sharding(f, "<@mesh, [{\"y\":(2)2}, {\"y\":(1)2, \"x\"}]>");
  const int64_t square[] = {4, 8};
  /* device 6 = (x=1, y=2): y:(2)2 coord = (2 / 1) % 2 = 0, y:(1)2 coord =
   * (2 / 2) % 2 = 1; dim 1 index = 1 * 2 + 1 = 3 of 4 -> [6, 8). */
  ASSERT_OK(sdy_sharding_device_slice(sharding, square, 2, 6, starts, limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], 2);
  assert_int_equal(starts[1], 6);
  assert_int_equal(limits[1], 8);
  ASSERT_INVALID(sdy_sharding_device_slice(sharding, square, 2, 8, starts,
                                           limits, 2),
                 "device 8 is not in the mesh");
  ASSERT_INVALID(sdy_sharding_device_slice(sharding, square, 2, 0, starts,
                                           limits, 1),
                 "capacity 1 is less than rank 2");
  ASSERT_INVALID(sdy_sharding_device_slice(sharding, square, 2, 0, NULL,
                                           limits, 2),
                 "array 'out_starts' is NULL");
  ASSERT_INVALID(sdy_sharding_device_slice(sharding, square, 2, 0, starts,
                                           NULL, 2),
                 "array 'out_limits' is NULL");
  ASSERT_INVALID(sdy_sharding_device_slice(NULL, square, 2, 0, starts, limits,
                                           2),
                 "'sharding' is NULL");
  ASSERT_ERR(sdy_sharding_device_slice(sharding, square, 1, 0, starts, limits,
                                       2),
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

/*--- module.h ----------------------------------------------------------------*/

static void test_module_parse_print(void **state) {
  fixture_t *f = *state;
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_DEFAULT, &text));
  assert_contains(text, "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>");
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_GENERIC, &text));
  assert_contains(text, "\"stablehlo.add\"");
  ASSERT_OK(sdy_module_print(f->module, SDY_PRINT_DEBUG_INFO, &text));
  assert_contains(text, "loc(");
  ASSERT_OK(sdy_module_verify(f->module));

  sdy_module_t *module = (sdy_module_t *)0x1;
  ASSERT_ERR(sdy_module_parse(f->ctx,
                              "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                              "  %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
                              "  return %0 : tensor<4xf32>\n}\n",
                              "bad.mlir", &module),
             SDY_PARSE_ERROR,
             "sdy_module_parse: bad.mlir:2:26: error: use of undeclared SSA "
             "value name");
  assert_ptr_equal(module, (sdy_module_t *)0x1);
  ASSERT_ERR(sdy_module_parse(f->ctx, "func.func @f(", NULL, &module),
             SDY_PARSE_ERROR, "<input>:1:");
  ASSERT_ERR(sdy_module_parse(
                 f->ctx,
                 "sdy.mesh @m = <[\"x\"=2]>\n"
                 "func.func @f(%a: tensor<4xf32> {sdy.sharding = "
                 "#sdy.sharding<@m, [{\"y\"}]>}) -> tensor<4xf32> {\n"
                 "  return %a : tensor<4xf32>\n}\n",
                 "v.mlir", &module),
             SDY_VERIFICATION_ERROR,
             "v.mlir:2:1: error: 'func.func' op sharding of argument 0: "
             "dimension 0: unknown axis \"y\" (the mesh has axes \"x\")");
  ASSERT_INVALID(sdy_module_parse(f->ctx, NULL, NULL, &module),
                 "string 'text' is NULL");
  ASSERT_INVALID(sdy_module_parse(f->ctx, "module {}", "\xff", &module),
                 "'source_name' is not valid UTF-8");
  ASSERT_INVALID(sdy_module_parse(NULL, "module {}", NULL, &module),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_module_parse(f->ctx, "module {}", NULL, NULL),
                 "'out_module' is NULL");
  ASSERT_INVALID(sdy_module_print(f->module, 8, &text), "unknown flags 8");
  ASSERT_INVALID(sdy_module_print(f->module, 0, NULL), "'out_text' is NULL");
  ASSERT_INVALID(sdy_module_print(NULL, 0, &text), "'module' is NULL");
  ASSERT_INVALID(sdy_module_verify(NULL), "sdy_module_verify: 'module' is NULL");
  sdy_module_destroy(NULL);
}

static void test_module_create_clone(void **state) {
  fixture_t *f = *state;
  sdy_module_t *empty = NULL, *copy = NULL;
  ASSERT_OK(sdy_module_create_empty(f->ctx, &empty));
  size_t count = 7;
  ASSERT_OK(sdy_module_num_functions(empty, &count));
  assert_int_equal(count, 0);
  ASSERT_OK(sdy_module_clone(f->module, &copy));
  ASSERT_OK(sdy_module_num_functions(copy, &count));
  assert_int_equal(count, 2);
  sdy_module_destroy(copy);
  sdy_module_destroy(empty);
  ASSERT_INVALID(sdy_module_create_empty(NULL, &empty), "'context' is NULL");
  ASSERT_INVALID(sdy_module_create_empty(f->ctx, NULL), "'out_module' is NULL");
  ASSERT_INVALID(sdy_module_clone(NULL, &copy), "'module' is NULL");
  ASSERT_INVALID(sdy_module_clone(f->module, NULL), "'out_module' is NULL");
  ASSERT_INVALID(sdy_module_clone(empty, &copy), "not a live sdy_module_t");
}

static void test_module_functions(void **state) {
  fixture_t *f = *state;
  size_t count = 0;
  ASSERT_OK(sdy_module_num_functions(f->module, &count));
  assert_int_equal(count, 2);
  char *name = NULL;
  ASSERT_OK(sdy_module_function_name(f->module, 0, &name));
  assert_string(name, "main");
  ASSERT_OK(sdy_module_function_name(f->module, 1, &name));
  assert_string(name, "decl");
  size_t args = 0, results = 0;
  ASSERT_OK(sdy_module_function_signature(f->module, "main", &args, &results));
  assert_int_equal(args, 2);
  assert_int_equal(results, 1);
  ASSERT_OK(sdy_module_function_signature(f->module, "decl", &args, NULL));
  assert_int_equal(args, 1);

  ASSERT_INVALID(sdy_module_num_functions(NULL, &count), "'module' is NULL");
  ASSERT_INVALID(sdy_module_num_functions(f->module, NULL), "'out_count' is NULL");
  ASSERT_INVALID(sdy_module_function_name(f->module, 2, &name),
                 "function index 2 is out of range: the module has 2 functions");
  ASSERT_INVALID(sdy_module_function_name(f->module, 0, NULL),
                 "'out_name' is NULL");
  ASSERT_INVALID(sdy_module_function_name(NULL, 0, &name), "'module' is NULL");
  ASSERT_INVALID(sdy_module_function_signature(f->module, "nope", &args, NULL),
                 "the module has no function @nope");
  ASSERT_INVALID(sdy_module_function_signature(f->module, NULL, &args, NULL),
                 "string 'function' is NULL");
  ASSERT_INVALID(sdy_module_function_signature(f->module, "main", NULL, NULL),
                 "both 'out_num_args' and 'out_num_results' are NULL");
  ASSERT_INVALID(sdy_module_function_signature(NULL, "main", &args, NULL),
                 "'module' is NULL");
}

static void test_module_meshes(void **state) {
  fixture_t *f = *state;
  size_t count = 0;
  ASSERT_OK(sdy_module_num_meshes(f->module, &count));
  assert_int_equal(count, 1);
  char *name = NULL;
  ASSERT_OK(sdy_module_mesh_name(f->module, 0, &name));
  assert_string(name, "mesh");
  sdy_mesh_t *mesh = NULL;
  ASSERT_OK(sdy_module_get_mesh(f->module, "mesh", &mesh));
  int32_t equal = 0;
  ASSERT_OK(sdy_mesh_equal(mesh, f->mesh, &equal));
  assert_int_equal(equal, 1);
  sdy_mesh_destroy(mesh);

  /* Adding: idempotent for an equal mesh, new names appended. */
  ASSERT_OK(sdy_module_add_mesh(f->module, "mesh", f->mesh));
  sdy_mesh_t *other = NULL;
  ASSERT_OK(sdy_mesh_parse(f->ctx, "<[\"a\"=8]>", &other));
  ASSERT_OK(sdy_module_add_mesh(f->module, "flat", other));
  ASSERT_OK(sdy_module_num_meshes(f->module, &count));
  assert_int_equal(count, 2);
  ASSERT_OK(sdy_module_verify(f->module));
  ASSERT_ERR(sdy_module_add_mesh(f->module, "mesh", other),
             SDY_FAILED_PRECONDITION,
             "the module already has a symbol @mesh with a different mesh");
  ASSERT_ERR(sdy_module_add_mesh(f->module, "main", other),
             SDY_FAILED_PRECONDITION,
             "the module already has a symbol @main ('func.func')");
  ASSERT_ERR(sdy_module_get_mesh(f->module, "nope", &mesh),
             SDY_FAILED_PRECONDITION, "the module has no sdy.mesh @nope");
  ASSERT_INVALID(sdy_module_add_mesh(f->module, "", other),
                 "string 'name' is empty");
  ASSERT_INVALID(sdy_module_add_mesh(f->module, "m2", NULL), "'mesh' is NULL");
  ASSERT_INVALID(sdy_module_add_mesh(NULL, "m2", other), "'module' is NULL");
  ASSERT_INVALID(sdy_module_num_meshes(NULL, &count), "'module' is NULL");
  ASSERT_INVALID(sdy_module_num_meshes(f->module, NULL), "'out_count' is NULL");
  ASSERT_INVALID(sdy_module_mesh_name(f->module, 5, &name),
                 "mesh index 5 is out of range: the module has 2 meshes");
  ASSERT_INVALID(sdy_module_mesh_name(f->module, 0, NULL), "'out_name' is NULL");
  ASSERT_INVALID(sdy_module_mesh_name(NULL, 0, &name), "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_mesh(f->module, NULL, &mesh),
                 "string 'name' is NULL");
  ASSERT_INVALID(sdy_module_get_mesh(f->module, "mesh", NULL),
                 "'out_mesh' is NULL");
  ASSERT_INVALID(sdy_module_get_mesh(NULL, "mesh", &mesh), "'module' is NULL");
  sdy_context_t *ctx2 = NULL;
  sdy_mesh_t *foreign = NULL;
  ASSERT_OK(sdy_context_create(&ctx2));
  ASSERT_OK(sdy_mesh_parse(ctx2, "<[\"a\"=2]>", &foreign));
  ASSERT_INVALID(sdy_module_add_mesh(f->module, "m3", foreign),
                 "'mesh' belongs to a different sdy_context_t");
  sdy_mesh_destroy(foreign);
  sdy_context_destroy(ctx2);
  sdy_mesh_destroy(other);
}

static void test_module_shardings(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *got = (sdy_sharding_t *)0x1;
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 0, &got));
  assert_null(got);
  ASSERT_OK(sdy_module_get_result_sharding(f->module, "main", 0, &got));
  assert_null(got);

  sdy_sharding_t *sharding = parse_sharding(f, "<@mesh, [{\"x\"}, {\"y\"}]>");
  ASSERT_OK(sdy_module_set_arg_sharding(f->module, "main", 1, sharding));
  ASSERT_OK(sdy_module_set_result_sharding(f->module, "main", 0, sharding));
  ASSERT_OK(sdy_module_verify(f->module));
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 1, &got));
  int32_t equal = 0;
  ASSERT_OK(sdy_sharding_equal(got, sharding, &equal));
  assert_int_equal(equal, 1);
  sdy_sharding_destroy(got);
  ASSERT_OK(sdy_module_get_result_sharding(f->module, "main", 0, &got));
  ASSERT_OK(sdy_sharding_equal(got, sharding, &equal));
  assert_int_equal(equal, 1);
  sdy_sharding_destroy(got);
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, 0, &text));
  assert_contains(text, "%arg1: tensor<8x8xf32> {sdy.sharding = "
                        "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>}");

  /* Remove again. */
  ASSERT_OK(sdy_module_set_arg_sharding(f->module, "main", 1, NULL));
  ASSERT_OK(sdy_module_set_result_sharding(f->module, "main", 0, NULL));
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 1, &got));
  assert_null(got);

  /* Errors leave the module unchanged. */
  sdy_sharding_t *rank1 = parse_sharding(f, "<@mesh, [{\"x\"}]>");
  ASSERT_ERR(sdy_module_set_arg_sharding(f->module, "main", 0, rank1),
             SDY_VERIFICATION_ERROR,
             "main.mlir:2:1: error: 'func.func' op sharding of argument 0: "
             "sharding has 1 dimension shardings but the tensor "
             "'tensor<8x8xf32>' has rank 2");
  ASSERT_OK(sdy_module_get_arg_sharding(f->module, "main", 0, &got));
  assert_null(got);
  sdy_mesh_t *other_mesh = NULL;
  sdy_sharding_t *elsewhere = NULL;
  ASSERT_OK(sdy_mesh_parse(f->ctx, "<[\"x\"=2, \"y\"=4]>", &other_mesh));
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<@other, [{\"x\"}, {}]>", other_mesh,
                               &elsewhere));
  ASSERT_ERR(sdy_module_set_arg_sharding(f->module, "main", 0, elsewhere),
             SDY_FAILED_PRECONDITION,
             "the module has no sdy.mesh @other (add it with "
             "sdy_module_add_mesh)");
  sdy_sharding_destroy(elsewhere);
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<@main, [{\"x\"}, {}]>", other_mesh,
                               &elsewhere));
  ASSERT_ERR(sdy_module_set_arg_sharding(f->module, "main", 0, elsewhere),
             SDY_FAILED_PRECONDITION, "symbol @main is a 'func.func'");
  sdy_sharding_destroy(elsewhere);
  sdy_mesh_destroy(other_mesh);
  ASSERT_OK(sdy_mesh_parse(f->ctx, "<[\"x\"=4, \"y\"=2]>", &other_mesh));
  ASSERT_OK(sdy_sharding_parse(f->ctx, "<@mesh, [{\"x\"}, {}]>", other_mesh,
                               &elsewhere));
  ASSERT_ERR(sdy_module_set_result_sharding(f->module, "main", 0, elsewhere),
             SDY_FAILED_PRECONDITION,
             "sdy.mesh @mesh of the module is #sdy.mesh<[\"x\"=2, \"y\"=4]> "
             "but the sharding's mesh is");
  sdy_sharding_destroy(elsewhere);
  sdy_mesh_destroy(other_mesh);

  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "main", 2, sharding),
                 "argument index 2 is out of range: @main has 2 arguments");
  ASSERT_INVALID(sdy_module_set_result_sharding(f->module, "main", 1, sharding),
                 "result index 1 is out of range: @main has 1 results");
  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "nope", 0, sharding),
                 "the module has no function @nope");
  ASSERT_INVALID(sdy_module_set_arg_sharding(NULL, "main", 0, sharding),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "main", 0,
                                             (sdy_sharding_t *)f->mesh),
                 "'sharding' is not a live sdy_sharding_t");
  ASSERT_INVALID(sdy_module_set_result_sharding(NULL, "main", 0, sharding),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_arg_sharding(f->module, "main", 9, &got),
                 "argument index 9 is out of range");
  ASSERT_INVALID(sdy_module_get_arg_sharding(f->module, "main", 0, NULL),
                 "'out_sharding' is NULL");
  ASSERT_INVALID(sdy_module_get_arg_sharding(NULL, "main", 0, &got),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_result_sharding(f->module, NULL, 0, &got),
                 "string 'function' is NULL");
  ASSERT_INVALID(sdy_module_get_result_sharding(f->module, "main", 3, &got),
                 "result index 3 is out of range");
  ASSERT_INVALID(sdy_module_get_result_sharding(NULL, "main", 0, &got),
                 "'module' is NULL");
  /* A sharding of another context. */
  sdy_context_t *ctx2 = NULL;
  sdy_mesh_t *mesh2 = NULL;
  sdy_sharding_t *sharding2 = NULL;
  ASSERT_OK(sdy_context_create(&ctx2));
  ASSERT_OK(sdy_mesh_parse(ctx2, "<[\"x\"=2, \"y\"=4]>", &mesh2));
  ASSERT_OK(sdy_sharding_parse(ctx2, "<@mesh, [{}, {}]>", mesh2, &sharding2));
  ASSERT_INVALID(sdy_module_set_arg_sharding(f->module, "main", 0, sharding2),
                 "'sharding' belongs to a different sdy_context_t");
  sdy_sharding_destroy(sharding2);
  sdy_mesh_destroy(mesh2);
  sdy_context_destroy(ctx2);
  sdy_sharding_destroy(rank1);
  sdy_sharding_destroy(sharding);
}

static void test_module_constraints(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *sharding = parse_sharding(f, "<@mesh, [{\"x\", ?}, {?}]>");
  ASSERT_OK(sdy_module_add_arg_sharding_constraint(f->module, "main", 0,
                                                   sharding));
  ASSERT_OK(sdy_module_add_result_sharding_constraint(f->module, "main", 0,
                                                      sharding));
  ASSERT_OK(sdy_module_verify(f->module));
  char *text = NULL;
  ASSERT_OK(sdy_module_print(f->module, 0, &text));
  assert_contains(text,
                  "%0 = sdy.sharding_constraint %arg0 <@mesh, [{\"x\", ?}, "
                  "{?}]> : tensor<8x8xf32>\n"
                  "    %1 = stablehlo.add %0, %arg1 : tensor<8x8xf32>");
  ASSERT_OK(sdy_module_print(f->module, 0, &text));
  assert_contains(text, "%3 = sdy.sharding_constraint %2 <@mesh, [{\"x\", ?}, "
                        "{?}]> : tensor<8x8xf32>\n"
                        "    return %3 : tensor<8x8xf32>");
  ASSERT_ERR(sdy_module_add_arg_sharding_constraint(f->module, "decl", 0,
                                                    sharding),
             SDY_FAILED_PRECONDITION, "@decl is a declaration without a body");
  sdy_sharding_t *bad = parse_sharding(f, "<@mesh, [{\"x\"}]>");
  ASSERT_ERR(sdy_module_add_result_sharding_constraint(f->module, "main", 0,
                                                       bad),
             SDY_VERIFICATION_ERROR,
             "'func.func' op sharding constraint on result 0: sharding has 1 "
             "dimension shardings");
  ASSERT_INVALID(sdy_module_add_arg_sharding_constraint(f->module, "main", 0,
                                                        NULL),
                 "'sharding' is NULL");
  ASSERT_INVALID(sdy_module_add_arg_sharding_constraint(f->module, "main", 5,
                                                        sharding),
                 "argument index 5 is out of range");
  ASSERT_INVALID(sdy_module_add_arg_sharding_constraint(NULL, "main", 0,
                                                        sharding),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_add_result_sharding_constraint(f->module, "x", 0,
                                                           sharding),
                 "the module has no function @x");
  ASSERT_INVALID(sdy_module_add_result_sharding_constraint(NULL, "main", 0,
                                                           sharding),
                 "'module' is NULL");
  sdy_sharding_destroy(bad);
  sdy_sharding_destroy(sharding);
}

/*--- pipeline.h --------------------------------------------------------------*/

static void test_pipeline(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create(f->ctx, "canonicalize,cse", &pipeline));
  char *text = NULL;
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "builtin.module(canonicalize");
  ASSERT_ERR(sdy_pipeline_timing_report(pipeline, &text),
             SDY_FAILED_PRECONDITION, "no timing report");
  ASSERT_OK(sdy_pipeline_enable_timing(pipeline, 1));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  ASSERT_OK(sdy_pipeline_timing_report(pipeline, &text));
  assert_contains(text, "Execution time report");
  sdy_pipeline_destroy(pipeline);

  ASSERT_OK(sdy_pipeline_create(f->ctx, "builtin.module(symbol-dce)", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  size_t count = 0;
  ASSERT_OK(sdy_module_num_functions(f->module, &count));
  assert_int_equal(count, 1); /* @decl is private and unused: removed */
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create(f->ctx, "func.func(cse)", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  sdy_pipeline_destroy(pipeline);

  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "cleanup", &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "symbol-dce");
  ASSERT_OK(sdy_pipeline_enable_timing(pipeline, 0));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "canonicalize", &pipeline));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "inline", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, f->module));

  /* Errors. */
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "bogus-pass", &pipeline),
             SDY_PARSE_ERROR,
             "'bogus-pass' does not refer to a registered pass or pass "
             "pipeline");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(cse", &pipeline),
             SDY_PARSE_ERROR,
             "sdy_pipeline_create: encountered unbalanced parentheses while "
             "parsing pipeline: 'builtin.module(' has no matching ')'");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(cse),canonicalize",
                                 &pipeline),
             SDY_PARSE_ERROR, "unbalanced parentheses");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(func.func(cse)",
                                 &pipeline),
             SDY_PARSE_ERROR, "unbalanced parentheses");
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "builtin.module(cse))", &pipeline),
             SDY_PARSE_ERROR, "unbalanced parentheses");
  {
    sdy_pipeline_t *partition = NULL;
    char *partition_text = NULL;
    ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "partition", &partition));
    ASSERT_OK(sdy_pipeline_print(partition, &partition_text));
    assert_contains(partition_text, "sdy-convert-global-to-local");
    sdy_pipeline_destroy(partition);
  }
  ASSERT_INVALID(sdy_pipeline_create_preset(f->ctx, "fast", &pipeline),
                 "unknown preset 'fast' (known presets: canonicalize, cleanup, "
                 "inline, propagation, partition)");
  ASSERT_INVALID(sdy_pipeline_create_preset(f->ctx, "", &pipeline),
                 "string 'name' is empty");
  ASSERT_INVALID(sdy_pipeline_create_preset(NULL, "cleanup", &pipeline),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_pipeline_create_preset(f->ctx, "cleanup", NULL),
                 "'out_pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_create(f->ctx, NULL, &pipeline),
                 "string 'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_create(NULL, "cse", &pipeline), "'context' is NULL");
  ASSERT_INVALID(sdy_pipeline_create(f->ctx, "cse", NULL),
                 "'out_pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_run(NULL, f->module), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_run(pipeline, NULL), "'module' is NULL");
  ASSERT_INVALID(sdy_pipeline_print(NULL, &text), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_print(pipeline, NULL), "'out_text' is NULL");
  ASSERT_INVALID(sdy_pipeline_enable_timing(NULL, 1), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_timing_report(NULL, &text), "'pipeline' is NULL");
  ASSERT_INVALID(sdy_pipeline_timing_report(pipeline, NULL),
                 "'out_report' is NULL");
  sdy_context_t *ctx2 = NULL;
  sdy_module_t *module2 = NULL;
  ASSERT_OK(sdy_context_create(&ctx2));
  ASSERT_OK(sdy_module_create_empty(ctx2, &module2));
  ASSERT_INVALID(sdy_pipeline_run(pipeline, module2),
                 "'module' belongs to a different sdy_context_t");
  sdy_module_destroy(module2);
  sdy_context_destroy(ctx2);
  sdy_pipeline_destroy(pipeline);
  sdy_pipeline_destroy(NULL);
  ASSERT_INVALID(sdy_pipeline_run(pipeline, f->module),
                 "not a live sdy_pipeline_t");
}

static void test_pipeline_failure_keeps_module(void **state) {
  fixture_t *f = *state;
  /* A module that fails verification after a sharding is set on a value
   * through the MLIR API: the run reports it and changes nothing. */
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx,
                             "sdy.mesh @m = <[\"x\"=2]>\n"
                             "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> "
                             "{\n  return %a : tensor<4xf32>\n}\n",
                             "k.mlir", &module));
  MlirModule mlir_module;
  ASSERT_OK(sdy_module_get_mlir_module(module, &mlir_module));
  MlirOperation op = mlirModuleGetOperation(mlir_module);
  MlirContext mctx = mlirOperationGetContext(op);
  MlirBlock body = mlirModuleGetBody(mlir_module);
  MlirOperation func = mlirOperationGetNextInBlock(mlirBlockGetFirstOperation(body));
  MlirAttribute bad = mlirAttributeParseGet(
      mctx, mlirStringRefCreateFromCString("\"not a sharding\""));
  mlirOperationSetDiscardableAttributeByName(
      func, mlirStringRefCreateFromCString("sdy.sharding"), bad);
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create(f->ctx, "canonicalize", &pipeline));
  ASSERT_ERR(sdy_pipeline_run(pipeline, module), SDY_VERIFICATION_ERROR,
             "the module does not verify: k.mlir:2:1: error: 'func.func' op "
             "attribute 'sdy.sharding' must be a #sdy.sharding_per_value");
  ASSERT_ERR(sdy_module_verify(module), SDY_VERIFICATION_ERROR,
             "must be a #sdy.sharding_per_value");
  sdy_pipeline_destroy(pipeline);
  sdy_module_destroy(module);
}

/* seed-001 style: a dot_general between an argument sharded along "x" and
 * a result sharded along "y". */
static const char *kDotModule =
    "sdy.mesh @mesh_xy = <[\"x\"=2, \"y\"=2]>\n"
    "func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh_xy, [{\"x\"}, {}]>}, %arg1: tensor<8x16xf32>) -> "
    "(tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh_xy, [{}, "
    "{\"y\"}]>}) {\n"
    "  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] "
    ": (tensor<8x8xf32>, tensor<8x16xf32>) -> tensor<8x16xf32>\n"
    "  return %0 : tensor<8x16xf32>\n"
    "}\n";

/* An argument sharding and an unannotated result: propagation carries the
 * sharding through the elementwise ops to the function result. */
static const char *kChainModule =
    "sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>\n"
    "func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>}) -> tensor<8x16xf32> {\n"
    "  %0 = stablehlo.negate %arg0 : tensor<8x16xf32>\n"
    "  %1 = stablehlo.add %0, %0 : tensor<8x16xf32>\n"
    "  return %1 : tensor<8x16xf32>\n"
    "}\n";

static void test_pipeline_propagation_preset(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kChainModule, "chain.mlir", &module));
  sdy_sharding_t *result = NULL;
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  assert_null(result); /* no sharding before propagation */

  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "propagation", &pipeline));
  char *text = NULL;
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "propagation-strategy=aggressive");
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  assert_non_null(result);
  ASSERT_OK(sdy_sharding_print(result, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  sdy_sharding_destroy(result);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "stablehlo.negate %arg0 {sdy.sharding = "
                        "#sdy.sharding_per_value<[<@mesh, [{\"x\"}, "
                        "{\"y\"}]>]>}");
  ASSERT_OK(sdy_module_verify(module));
  sdy_module_destroy(module);

  /* The seed-001 dot_general: the result is sharded along "x" (from the
   * lhs) and "y" (from the function result). */
  ASSERT_OK(sdy_module_parse(f->ctx, kDotModule, "dot.mlir", &module));
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "propagation", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "stablehlo.dot_general %arg0, %arg1, contracting_dims "
                        "= [1] x [0] {sdy.sharding = "
                        "#sdy.sharding_per_value<[<@mesh_xy, [{\"x\"}, "
                        "{\"y\"}]>]>}");
  sdy_module_destroy(module);
}

static void test_pipeline_create_preset_with_options(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  char *text = NULL;
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "propagation",
      "propagation-strategy=basic conservative-propagation=true", &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "sdy-user-priority-propagate{conservative-propagation="
                        "true debug-sharding-origins=false keep-sharding-rules="
                        "false propagation-strategy=basic}");
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kChainModule, "chain.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  sdy_sharding_t *result = NULL;
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  ASSERT_OK(sdy_sharding_print(result, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  sdy_sharding_destroy(result);
  sdy_module_destroy(module);

  /* Any whitespace separates options. */
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "propagation",
      "\tpropagation-strategy=basic\n  conservative-propagation=1 ",
      &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "{conservative-propagation=true debug-sharding-origins="
                        "false keep-sharding-rules=false propagation-strategy="
                        "basic}");
  sdy_pipeline_destroy(pipeline);

  /* keep-sharding-rules keeps the rules on the ops. */
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "propagation", "keep-sharding-rules=true", &pipeline));
  ASSERT_OK(sdy_module_parse(f->ctx, kDotModule, "dot.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], "
                        "[k, j])->([i, j])");
  sdy_module_destroy(module);

  /* NULL and "" options are the defaults; so is whitespace. */
  char *defaults = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "propagation", &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &defaults));
  sdy_pipeline_destroy(pipeline);
  const char *empty_options[] = {NULL, "", "  "};
  for (size_t i = 0; i < 3; ++i) {
    ASSERT_OK(sdy_pipeline_create_preset_with_options(
        f->ctx, "propagation", empty_options[i], &pipeline));
    ASSERT_OK(sdy_pipeline_print(pipeline, &text));
    assert_string(text, defaults);
    sdy_pipeline_destroy(pipeline);
  }
  sdy_string_destroy(defaults);
  ASSERT_OK(sdy_pipeline_create_preset_with_options(f->ctx, "cleanup", NULL,
                                                    &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "symbol-dce");
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create_preset_with_options(f->ctx, "inline", "",
                                                    &pipeline));
  sdy_pipeline_destroy(pipeline);

  /* Errors. */
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(f->ctx, "propagation",
                                                     "bogus=1", &pipeline),
             SDY_PARSE_ERROR,
             "sdy_pipeline_create_preset_with_options: invalid options for "
             "preset 'propagation': pipeline option 'bogus' is not an option "
             "of sdy-propagation-pipeline (its options: keep-sharding-rules, "
             "conservative-propagation, debug-sharding-origins, "
             "propagation-strategy)");
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "propagation",
                 "propagation-strategy=basic conservative-propagation=maybe",
                 &pipeline),
             SDY_PARSE_ERROR,
             "invalid options for preset 'propagation': pipeline option "
             "'conservative-propagation' of sdy-propagation-pipeline: 'maybe' "
             "is not a boolean (true, false, 1 or 0)");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(
                     f->ctx, "cleanup", "max-iterations=1", &pipeline),
                 "preset 'cleanup' takes no options, got 'max-iterations=1'");
  ASSERT_OK(sdy_pipeline_create_preset_with_options(
      f->ctx, "partition", "skip-propagation=true drop-sharding-and-mesh=true",
      &pipeline));
  {
    char *text = NULL;
    ASSERT_OK(sdy_pipeline_print(pipeline, &text));
    assert_non_null(text);
    assert_null(strstr(text, "sdy-lift-inlined-meshes"));
    assert_non_null(strstr(text, "sdy-drop-sharding-and-mesh"));
    sdy_string_destroy(text);
  }
  sdy_pipeline_destroy(pipeline);
  pipeline = NULL;
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "partition", "skip-propagation=perhaps", &pipeline),
             SDY_PARSE_ERROR,
             "invalid options for preset 'partition': pipeline option "
             "'skip-propagation' of sdy-partition-pipeline: 'perhaps' is not "
             "a boolean (true, false, 1 or 0)");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(f->ctx, "fast", NULL,
                                                         &pipeline),
                 "unknown preset 'fast' (known presets: canonicalize, cleanup, "
                 "inline, propagation, partition)");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(f->ctx, "", NULL,
                                                         &pipeline),
                 "string 'name' is empty");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(f->ctx, NULL, NULL,
                                                         &pipeline),
                 "string 'name' is NULL");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(
                     f->ctx, "propagation", "\xff", &pipeline),
                 "string 'options' is not valid UTF-8");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(NULL, "propagation",
                                                         NULL, &pipeline),
                 "'context' is NULL");
  ASSERT_INVALID(sdy_pipeline_create_preset_with_options(f->ctx, "propagation",
                                                         NULL, NULL),
                 "'out_pipeline' is NULL");

  /* An unknown strategy is refused when the pipeline is created. */
  ASSERT_ERR(sdy_pipeline_create_preset_with_options(
                 f->ctx, "propagation", "propagation-strategy=fancy",
                 &pipeline),
             SDY_PARSE_ERROR,
             "pipeline option 'propagation-strategy' of "
             "sdy-propagation-pipeline: 'fancy' is not one of basic, "
             "aggressive, basic-then-aggressive");
  (void)module;
}

static void test_pipeline_sdy_passes(void **state) {
  fixture_t *f = *state;
  sdy_pipeline_t *pipeline = NULL;
  char *text = NULL;
  /* The registered pipeline with options, in a textual pipeline. */
  ASSERT_OK(sdy_pipeline_create(
      f->ctx, "builtin.module(sdy-propagation-pipeline{propagation-strategy="
              "basic})",
      &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "propagation-strategy=basic}");
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kChainModule, "chain.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  sdy_sharding_t *result = NULL;
  ASSERT_OK(sdy_module_get_result_sharding(module, "main", 0, &result));
  ASSERT_OK(sdy_sharding_print(result, &text));
  assert_string(text, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  sdy_sharding_destroy(result);
  sdy_module_destroy(module);

  /* A single sdy pass: inlined meshes are lifted to sdy.mesh symbols. */
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "func.func @main(%arg0: tensor<8xf32> {sdy.sharding = "
      "#sdy.sharding<mesh<[\"x\"=2]>, [{\"x\"}]>}) -> tensor<8xf32> {\n"
      "  return %arg0 : tensor<8xf32>\n}\n",
      "inlined.mlir", &module));
  ASSERT_OK(sdy_pipeline_create(f->ctx, "builtin.module(sdy-lift-inlined-meshes)",
                                &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  size_t count = 0;
  ASSERT_OK(sdy_module_num_meshes(module, &count));
  assert_int_equal(count, 1);
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "sdy.mesh @mesh = <[\"x\"=2]>");
  sdy_module_destroy(module);

  /* Unanchored sdy passes and the sharding-rule pass (nested on func). */
  ASSERT_OK(sdy_pipeline_create(f->ctx, "sdy-lift-inlined-meshes,"
                                        "sdy-basic-propagate",
                                &pipeline));
  ASSERT_OK(sdy_pipeline_print(pipeline, &text));
  assert_contains(text, "builtin.module(sdy-lift-inlined-meshes,"
                        "sdy-basic-propagate");
  sdy_pipeline_destroy(pipeline);
  ASSERT_OK(sdy_pipeline_create(f->ctx, "func.func(sdy-populate-op-sharding-"
                                        "rules)",
                                &pipeline));
  ASSERT_OK(sdy_module_parse(f->ctx, kDotModule, "dot.mlir", &module));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  ASSERT_OK(sdy_module_print(module, 0, &text));
  assert_contains(text, "sdy.sharding_rule = #sdy.op_sharding_rule");
  sdy_module_destroy(module);
  sdy_pipeline_destroy(pipeline);
  ASSERT_ERR(sdy_pipeline_create(f->ctx, "sdy-populate-op-sharding-rules",
                                 &pipeline),
             SDY_PARSE_ERROR, "did you intend to nest?");
}

/*--- mlir_interop.h ----------------------------------------------------------*/

static void test_mlir_interop(void **state) {
  fixture_t *f = *state;
  MlirContext mctx = {NULL};
  ASSERT_OK(sdy_context_get_mlir_context(f->ctx, &mctx));
  assert_non_null(mctx.ptr);
  MlirModule mlir_module = {NULL};
  ASSERT_OK(sdy_module_get_mlir_module(f->module, &mlir_module));
  assert_true(mlirContextEqual(
      mctx, mlirOperationGetContext(mlirModuleGetOperation(mlir_module))));

  /* Build a module through MLIR's C API and wrap it. */
  MlirModule parsed = mlirModuleCreateParse(
      mctx, mlirStringRefCreateFromCString(
                "func.func @g(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
                "  return %a : tensor<2xf32>\n}\n"));
  assert_false(mlirModuleIsNull(parsed));
  sdy_module_t *wrapped = NULL;
  ASSERT_OK(sdy_module_wrap_mlir_module(f->ctx, parsed, &wrapped));
  char *name = NULL;
  ASSERT_OK(sdy_module_function_name(wrapped, 0, &name));
  assert_string(name, "g");
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, parsed, &wrapped),
                 "'mlir_module' is already owned by an sdy_module_t");
  sdy_module_destroy(wrapped);

  /* A module of another MLIR context is rejected; the caller keeps it. */
  MlirContext foreign_ctx = mlirContextCreate();
  MlirModule foreign = mlirModuleCreateEmpty(mlirLocationUnknownGet(foreign_ctx));
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, foreign, &wrapped),
                 "'mlir_module' belongs to another MlirContext than 'context'");
  mlirModuleDestroy(foreign);
  mlirContextDestroy(foreign_ctx);
  MlirModule null_module = {NULL};
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, null_module, &wrapped),
                 "'mlir_module' is a null MlirModule");
  ASSERT_INVALID(sdy_module_wrap_mlir_module(NULL, parsed, &wrapped),
                 "'context' is NULL");
  MlirModule empty = mlirModuleCreateEmpty(mlirLocationUnknownGet(mctx));
  ASSERT_INVALID(sdy_module_wrap_mlir_module(f->ctx, empty, NULL),
                 "'out_module' is NULL");
  mlirModuleDestroy(empty);
  ASSERT_INVALID(sdy_context_get_mlir_context(NULL, &mctx), "'context' is NULL");
  ASSERT_INVALID(sdy_context_get_mlir_context(f->ctx, NULL),
                 "'out_context' is NULL");
  ASSERT_INVALID(sdy_module_get_mlir_module(NULL, &mlir_module),
                 "'module' is NULL");
  ASSERT_INVALID(sdy_module_get_mlir_module(f->module, NULL),
                 "'out_module' is NULL");
}

/*--- dialect.h (Shardy-compatible) -------------------------------------------*/

static MlirStringRef str(const char *s) { return mlirStringRefCreateFromCString(s); }

static void test_dialect_handle(void **state) {
  (void)state;
  MlirContext ctx = mlirContextCreate();
  MlirDialectHandle sdy = mlirGetDialectHandle__sdy__();
  MlirDialectHandle hlo = mlirGetDialectHandle__stablehlo__();
  MlirStringRef ns = mlirDialectHandleGetNamespace(sdy);
  assert_int_equal(ns.length, 3);
  assert_memory_equal(ns.data, "sdy", 3);
  ns = mlirDialectHandleGetNamespace(hlo);
  assert_memory_equal(ns.data, "stablehlo", 9);
  /* Not loaded yet: attribute builders refuse instead of crashing. */
  assert_true(mlirAttributeIsNull(sdyMeshAxisAttrGet(ctx, str("x"), 2)));
  mlirDialectHandleLoadDialect(sdy, ctx);
  mlirDialectHandleLoadDialect(hlo, ctx);
  assert_false(mlirAttributeIsNull(sdyMeshAxisAttrGet(ctx, str("x"), 2)));
  mlirContextDestroy(ctx);
}

static void test_dialect_attributes(void **state) {
  fixture_t *f = *state;
  MlirContext ctx;
  ASSERT_OK(sdy_context_get_mlir_context(f->ctx, &ctx));
  MlirAttribute null_attr = {NULL};

  /* Mesh axes and meshes. */
  MlirAttribute axes[2] = {sdyMeshAxisAttrGet(ctx, str("x"), 2),
                           sdyMeshAxisAttrGet(ctx, str("y"), 4)};
  assert_true(sdyAttributeIsAMeshAxisAttr(axes[0]));
  assert_false(sdyAttributeIsAMeshAxisAttr(null_attr));
  assert_int_equal(sdyMeshAxisAttrGetSize(axes[1]), 4);
  assert_int_equal(sdyMeshAxisAttrGetName(axes[1]).length, 1);
  assert_int_equal(sdyMeshAxisAttrGetName(null_attr).length, 0);
  assert_int_equal(sdyMeshAxisAttrGetSize(null_attr), 0);
  const int64_t ids[] = {7, 6, 5, 4, 3, 2, 1, 0};
  MlirAttribute mesh = sdyMeshAttrGet(ctx, 2, axes, 8, ids);
  assert_true(sdyAttributeIsAMeshAttr(mesh));
  assert_int_equal(sdyMeshAttrGetDeviceIdsSize(mesh), 8);
  assert_int_equal(sdyMeshAttrGetDeviceIdsElem(mesh, 1), 6);
  assert_int_equal(sdyMeshAttrGetDeviceIdsElem(mesh, 8), -1);
  assert_int_equal(sdyMeshAttrGetAxesSize(mesh), 2);
  assert_true(mlirAttributeEqual(sdyMeshAttrGetAxesElem(mesh, 1), axes[1]));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGetAxesElem(mesh, 2)));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(ctx, 2, axes, 3, ids)));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(ctx, 2, NULL, 0, NULL)));
  assert_false(sdyAttributeIsAMeshAttr(axes[0]));
  assert_int_equal(sdyMeshAttrGetAxesSize(axes[0]), 0);
  assert_int_equal(sdyMeshAttrGetDeviceIdsSize(null_attr), 0);

  /* Sub-axes and axis refs. */
  MlirAttribute sub = sdySubAxisInfoAttrGet(ctx, 1, 2);
  assert_true(sdyAttributeIsASubAxisInfoAttr(sub));
  assert_int_equal(sdySubAxisInfoAttrGetPreSize(sub), 1);
  assert_int_equal(sdySubAxisInfoAttrGetSize(sub), 2);
  assert_true(mlirAttributeIsNull(sdySubAxisInfoAttrGet(ctx, 0, 2)));
  assert_int_equal(sdySubAxisInfoAttrGetSize(null_attr), 0);
  assert_int_equal(sdySubAxisInfoAttrGetPreSize(null_attr), 0);
  MlirAttribute x = sdyAxisRefAttrGet(ctx, str("x"), null_attr);
  MlirAttribute y_sub = sdyAxisRefAttrGet(ctx, str("y"), sub);
  assert_true(sdyAttributeIsAnAxisRefAttr(x));
  assert_true(mlirAttributeIsNull(sdyAxisRefAttrGetSubAxisInfo(x)));
  assert_true(mlirAttributeEqual(sdyAxisRefAttrGetSubAxisInfo(y_sub), sub));
  assert_int_equal(sdyAxisRefAttrGetName(y_sub).length, 1);
  assert_int_equal(sdyAxisRefAttrGetName(null_attr).length, 0);
  assert_true(mlirAttributeIsNull(sdyAxisRefAttrGet(ctx, str("y"), x)));

  /* Dimension and tensor shardings. */
  MlirAttribute dim0 = sdyDimensionShardingAttrGet(ctx, 1, &x, true, -1);
  MlirAttribute dim1 = sdyDimensionShardingAttrGet(ctx, 1, &y_sub, false, 2);
  assert_true(sdyAttributeIsADimensionShardingAttr(dim0));
  assert_int_equal(sdyDimensionShardingAttrGetAxesSize(dim0), 1);
  assert_true(mlirAttributeEqual(sdyDimensionShardingAttrGetAxesElem(dim0, 0), x));
  assert_true(mlirAttributeIsNull(sdyDimensionShardingAttrGetAxesElem(dim0, 1)));
  assert_true(sdyDimensionShardingAttrGetIsClosed(dim0));
  assert_false(sdyDimensionShardingAttrGetIsClosed(dim1));
  assert_int_equal(sdyDimensionShardingAttrGetPriority(dim0), -1);
  assert_int_equal(sdyDimensionShardingAttrGetPriority(dim1), 2);
  assert_true(mlirAttributeIsNull(
      sdyDimensionShardingAttrGet(ctx, 0, NULL, true, 1))); /* {}p1 */
  MlirAttribute dims[2] = {dim0, dim1};
  MlirAttribute ref = mlirFlatSymbolRefAttrGet(ctx, str("mesh"));
  MlirAttribute sharding =
      sdyTensorShardingAttrGet(ctx, ref, 2, dims, 0, NULL, 0, NULL);
  assert_true(sdyAttributeIsATensorShardingAttr(sharding));
  assert_true(mlirAttributeEqual(sdyTensorShardingAttrGetMeshOrRef(sharding), ref));
  assert_int_equal(sdyTensorShardingAttrGetDimShardingsSize(sharding), 2);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingAttrGetDimShardingsElem(sharding, 1), dim1));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetDimShardingsElem(sharding, 2)));
  assert_int_equal(sdyTensorShardingAttrGetReplicatedAxesSize(sharding), 0);
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetReplicatedAxesElem(sharding, 0)));
  assert_int_equal(sdyTensorShardingAttrGetUnreducedAxesSize(sharding), 0);
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGetUnreducedAxesElem(sharding, 0)));
  MlirAttribute with_replicated =
      sdyTensorShardingAttrGet(ctx, mesh, 1, dims, 1, &y_sub, 0, NULL);
  assert_int_equal(sdyTensorShardingAttrGetReplicatedAxesSize(with_replicated), 1);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingAttrGetReplicatedAxesElem(with_replicated, 0), y_sub));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(ctx, ref, 2, dims, 0, NULL, 1, &x)));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(ctx, x, 2, dims, 0, NULL, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyTensorShardingAttrGetMeshOrRef(x)));

  MlirAttribute per_value = sdyTensorShardingPerValueAttrGet(ctx, 1, &sharding);
  assert_true(sdyAttributeIsATensorShardingPerValueAttr(per_value));
  assert_int_equal(sdyTensorShardingPerValueAttrGetShardingsSize(per_value), 1);
  assert_true(mlirAttributeEqual(
      sdyTensorShardingPerValueAttrGetShardingsElem(per_value, 0), sharding));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingPerValueAttrGetShardingsElem(per_value, 1)));
  assert_true(mlirAttributeIsNull(sdyTensorShardingPerValueAttrGet(ctx, 1, &x)));

  /* Sharding rules: ([i, k], [k, j])->([i, j]) {i=8, j=16, k=8} reduction={k} */
  const int64_t i_idx[] = {0}, j_idx[] = {1}, k_idx[] = {2};
  MlirAttribute di = sdyDimMappingAttrGet(ctx, 1, i_idx);
  MlirAttribute dj = sdyDimMappingAttrGet(ctx, 1, j_idx);
  MlirAttribute dk = sdyDimMappingAttrGet(ctx, 1, k_idx);
  assert_true(sdyAttributeIsADimMappingAttr(di));
  assert_int_equal(sdyDimMappingAttrGetFactorIndicesSize(dk), 1);
  assert_int_equal(sdyDimMappingAttrGetFactorIndicesElem(dk, 0), 2);
  assert_int_equal(sdyDimMappingAttrGetFactorIndicesElem(dk, 1), -1);
  MlirAttribute lhs_dims[] = {di, dk}, rhs_dims[] = {dk, dj}, out_dims[] = {di, dj};
  MlirAttribute lhs = sdyTensorMappingAttrGet(ctx, 2, lhs_dims);
  MlirAttribute rhs = sdyTensorMappingAttrGet(ctx, 2, rhs_dims);
  MlirAttribute out = sdyTensorMappingAttrGet(ctx, 2, out_dims);
  assert_true(sdyAttributeIsATensorMappingAttr(lhs));
  assert_int_equal(sdyTensorMappingAttrGetRank(lhs), 2);
  assert_int_equal(sdyTensorMappingAttrGetDimMappingsSize(lhs), 2);
  assert_true(mlirAttributeEqual(sdyTensorMappingAttrGetDimMappingsElem(lhs, 1), dk));
  assert_true(mlirAttributeIsNull(sdyTensorMappingAttrGetDimMappingsElem(lhs, 2)));
  MlirAttribute operands[] = {lhs, rhs};
  const int64_t factor_sizes[] = {8, 16, 8};
  const int64_t reduction[] = {2};
  MlirAttribute rule = sdyOpShardingRuleAttrGet(
      ctx, 3, factor_sizes, 2, operands, 1, &out, 1, reduction, 0, NULL, 0,
      NULL, 0, NULL, false);
  assert_true(sdyAttributeIsAOpShardingRuleAttr(rule));
  assert_false(sdyOpShardingRuleAttrGetIsCustom(rule));
  assert_int_equal(sdyOpShardingRuleAttrGetFactorSizesSize(rule), 3);
  assert_int_equal(sdyOpShardingRuleAttrGetFactorSizesElem(rule, 1), 16);
  assert_int_equal(sdyOpShardingRuleAttrGetFactorSizesElem(rule, 3), -1);
  assert_int_equal(sdyOpShardingRuleAttrGetOperandMappingsSize(rule), 2);
  assert_true(mlirAttributeEqual(
      sdyOpShardingRuleAttrGetOperandMappingsElem(rule, 1), rhs));
  assert_true(mlirAttributeIsNull(
      sdyOpShardingRuleAttrGetOperandMappingsElem(rule, 2)));
  assert_int_equal(sdyOpShardingRuleAttrGetResultMappingsSize(rule), 1);
  assert_true(mlirAttributeEqual(
      sdyOpShardingRuleAttrGetResultMappingsElem(rule, 0), out));
  assert_int_equal(sdyOpShardingRuleAttrGetReductionFactorsSize(rule), 1);
  assert_int_equal(sdyOpShardingRuleAttrGetReductionFactorsElem(rule, 0), 2);
  assert_int_equal(sdyOpShardingRuleAttrGetNeedReplicationFactorsSize(rule), 0);
  assert_int_equal(sdyOpShardingRuleAttrGetNeedReplicationFactorsElem(rule, 0), -1);
  assert_int_equal(sdyOpShardingRuleAttrGetPermutationFactorsSize(rule), 0);
  assert_int_equal(sdyOpShardingRuleAttrGetPermutationFactorsElem(rule, 0), -1);
  assert_int_equal(sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize(rule), 0);
  assert_int_equal(
      sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem(rule, 0), -1);
  const int64_t bad_reduction[] = {5};
  assert_true(mlirAttributeIsNull(sdyOpShardingRuleAttrGet(
      ctx, 3, factor_sizes, 2, operands, 1, &out, 1, bad_reduction, 0, NULL, 0,
      NULL, 0, NULL, false)));
  assert_false(sdyOpShardingRuleAttrGetIsCustom(null_attr));

  /* Manual axes. */
  MlirAttribute names[] = {mlirStringAttrGet(ctx, str("x")),
                           mlirStringAttrGet(ctx, str("y"))};
  MlirAttribute manual = sdyManualAxesAttrGet(ctx, 2, names);
  assert_true(sdyAttributeIsAManualAxesAttr(manual));
  assert_int_equal(sdyManualAxesAttrGetSize(manual), 2);
  MlirStringRef second = sdyManualAxesAttrGetAxesElem(manual, 1);
  assert_int_equal(second.length, 1);
  assert_memory_equal(second.data, "y", 1);
  assert_int_equal(sdyManualAxesAttrGetAxesElem(manual, 2).length, 0);
  assert_true(mlirAttributeIsNull(sdyManualAxesAttrGet(ctx, 1, &x)));
  assert_int_equal(sdyManualAxesAttrGetSize(null_attr), 0);

  /* Null contexts. */
  MlirContext null_ctx = {NULL};
  assert_true(mlirAttributeIsNull(sdyMeshAxisAttrGet(null_ctx, str("x"), 2)));
  assert_true(mlirAttributeIsNull(sdyMeshAttrGet(null_ctx, 0, NULL, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdySubAxisInfoAttrGet(null_ctx, 1, 2)));
  assert_true(mlirAttributeIsNull(sdyAxisRefAttrGet(null_ctx, str("x"), null_attr)));
  assert_true(mlirAttributeIsNull(
      sdyDimensionShardingAttrGet(null_ctx, 0, NULL, false, -1)));
  assert_true(mlirAttributeIsNull(
      sdyTensorShardingAttrGet(null_ctx, ref, 0, NULL, 0, NULL, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyTensorShardingPerValueAttrGet(null_ctx, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyDimMappingAttrGet(null_ctx, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyTensorMappingAttrGet(null_ctx, 0, NULL)));
  assert_true(mlirAttributeIsNull(sdyOpShardingRuleAttrGet(
      null_ctx, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL,
      false)));
  assert_true(mlirAttributeIsNull(sdyManualAxesAttrGet(null_ctx, 0, NULL)));
}

/*--- thread safety: meshes and shardings are shared across threads -----------*/

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
    sdy_status_t *s2 = sdy_sharding_local_shape(arg->sharding, shape, 2, local, 2);
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
    assert_int_equal(pthread_create(&threads[i], NULL, use_shared, &args[i]), 0);
  }
  for (int i = 0; i < 4; ++i) {
    pthread_join(threads[i], NULL);
    assert_int_equal(args[i].failures, 0);
  }
  sdy_sharding_destroy(sharding);
}

/*--- backend handles, executables (executable.h) -----------------------------*/

/* Row-parallel matmul partitioned by hand for 2 devices: A [4, 8] split
 * along its columns, B [8, 3] along its rows; the partial products are
 * summed by an all_reduce. Result 1 returns A's local block (gathered along
 * the columns). */
static const char *kPartitionedMatmul =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<4x4xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{}, {\"x\"}]>},\n"
    "                %b: tensor<4x3xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>},\n"
    "        tensor<4x4xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{}, {\"x\"}]>}) {\n"
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
    "(tensor<4x4xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>\n"
    "  %1 = \"stablehlo.all_reduce\"(%0) <{replica_groups = dense<[[0, 1]]> : "
    "tensor<1x2xi64>}> ({\n"
    "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
    "    %s = stablehlo.add %x, %y : tensor<f32>\n"
    "    stablehlo.return %s : tensor<f32>\n"
    "  }) : (tensor<4x3xf32>) -> tensor<4x3xf32>\n"
    "  return %1, %a : tensor<4x3xf32>, tensor<4x4xf32>\n"
    "}\n";

/* The same computation on one device. */
static const char *kGlobalMatmul =
    "func.func @main(%a: tensor<4x8xf32>, %b: tensor<8x3xf32>)\n"
    "    -> (tensor<4x3xf32>, tensor<4x8xf32>) {\n"
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
    "(tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>\n"
    "  return %0, %a : tensor<4x3xf32>, tensor<4x8xf32>\n"
    "}\n";

/* The global program the "partition" preset turns into kPartitionedMatmul. */
static const char *kAnnotatedMatmul =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<4x8xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{}, {\"x\"}]>},\n"
    "                %b: tensor<8x3xf32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<4x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) "
    "{\n"
    "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : "
    "(tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>\n"
    "  return %0 : tensor<4x3xf32>\n"
    "}\n";

/* Rows split over 2 devices, 3 local rows: a global dimension of 5 leaves
 * device 1 a short shard (padded with zeros). Result 2 sums every local
 * element over both devices (so padding that is not zero shows). */
static const char *kIndivisible =
    "sdy.mesh @mesh = <[\"x\"=2]>\n"
    "func.func @main(%a: tensor<3x2xi32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>})\n"
    "    -> (tensor<3x2xi32> {sdy.sharding = "
    "#sdy.sharding<@mesh, [{\"x\"}, {}]>}, tensor<3x2xi32>, tensor<i32>) {\n"
    "  %0 = stablehlo.negate %a : tensor<3x2xi32>\n"
    "  %z = stablehlo.constant dense<0> : tensor<i32>\n"
    "  %s = stablehlo.reduce(%a init: %z) applies stablehlo.add across "
    "dimensions = [0, 1] : (tensor<3x2xi32>, tensor<i32>) -> tensor<i32>\n"
    "  %t = \"stablehlo.all_reduce\"(%s) <{replica_groups = dense<[[0, 1]]> : "
    "tensor<1x2xi64>}> ({\n"
    "  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n"
    "    %u = stablehlo.add %x, %y : tensor<i32>\n"
    "    stablehlo.return %u : tensor<i32>\n"
    "  }) : (tensor<i32>) -> tensor<i32>\n"
    "  return %0, %a, %t : tensor<3x2xi32>, tensor<3x2xi32>, tensor<i32>\n"
    "}\n";

static const char *kNegate =
    "func.func @neg(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
    "  return %0 : tensor<4xf32>\n"
    "}\n";

static sdy_tensor_t make_tensor(void *data, int32_t ndim, int64_t *shape,
                                uint8_t code, uint8_t bits) {
  sdy_tensor_t t;
  memset(&t, 0, sizeof t);
  t.data = data;
  t.device.device_type = SDY_DL_CPU;
  t.ndim = ndim;
  t.dtype.code = code;
  t.dtype.bits = bits;
  t.dtype.lanes = 1;
  t.shape = shape;
  return t;
}

static sdy_tensor_t f32_tensor(float *data, int32_t ndim, int64_t *shape) {
  return make_tensor(data, ndim, shape, SDY_DL_FLOAT, 32);
}

static sdy_executable_t *compile_text(fixture_t *f, const char *text,
                                      const char *function) {
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, text, "exe.mlir", &module));
  sdy_executable_t *exe = NULL;
  ASSERT_OK(sdy_executable_compile(module, function, &exe));
  /* The executable owns a copy: the module may go away. */
  sdy_module_destroy(module);
  return exe;
}

/* A in [4, 8] and B in [8, 3] with small integer values (exact sums). */
static void matmul_inputs(float *a, float *b) {
  for (int i = 0; i < 32; ++i)
    a[i] = (float)((i * 7) % 11) - 5.0f;
  for (int i = 0; i < 24; ++i)
    b[i] = (float)((i * 5) % 9) - 4.0f;
}

/* An in-process backend table: `devices` devices, the first `local` of
 * them driven here; host memory and no collectives. */
typedef struct {
  int32_t devices, local;
} fake_backend_t;

static int32_t fake_device_count(void *user_data, int32_t *count,
                                 sdy_backend_error_t *err) {
  (void)err;
  *count = ((fake_backend_t *)user_data)->devices;
  return SDY_BACKEND_OK;
}

static int32_t fake_local_devices(void *user_data, int64_t *ids,
                                  int32_t capacity, int32_t *n,
                                  sdy_backend_error_t *err) {
  (void)err;
  fake_backend_t *fake = user_data;
  for (int32_t i = 0; i < fake->local && i < capacity; ++i)
    ids[i] = i;
  *n = fake->local;
  return SDY_BACKEND_OK;
}

static sdy_backend_table_t fake_table(fake_backend_t *fake) {
  sdy_backend_table_t table;
  memset(&table, 0, sizeof table);
  table.struct_size = sizeof table;
  table.abi_version = SDY_BACKEND_ABI_VERSION;
  table.flags = SDY_BACKEND_FLAG_HOST_MEMORY;
  table.name = "fake";
  table.user_data = fake;
  table.device_count = fake_device_count;
  table.local_devices = fake_local_devices;
  return table;
}

static void test_backend_local(void **state) {
  (void)state;
  sdy_backend_t *backend = NULL;
  ASSERT_OK(sdy_backend_create_local(2, &backend));
  int32_t count = 0;
  ASSERT_OK(sdy_backend_device_count(backend, &count));
  assert_int_equal(count, 2);
  size_t num_local = 0;
  ASSERT_OK(sdy_backend_local_devices(backend, NULL, 0, &num_local));
  assert_int_equal(num_local, 2);
  int64_t ids[4] = {-1, -1, -1, -1};
  ASSERT_OK(sdy_backend_local_devices(backend, ids, 4, &num_local));
  assert_int_equal(num_local, 2);
  assert_int_equal(ids[0], 0);
  assert_int_equal(ids[1], 1);
  assert_int_equal(ids[2], -1);
  ASSERT_INVALID(sdy_backend_local_devices(backend, ids, 1, &num_local),
                 "sdy_backend_local_devices: capacity 1 is smaller than the 2 "
                 "local devices");
  ASSERT_INVALID(sdy_backend_local_devices(backend, NULL, 2, &num_local),
                 "'out_ids' is NULL");
  ASSERT_INVALID(sdy_backend_local_devices(backend, ids, 4, NULL),
                 "output pointer 'out_count' is NULL");
  ASSERT_INVALID(sdy_backend_local_devices(NULL, ids, 4, &num_local),
                 "sdy_backend_local_devices: 'backend' is NULL");
  ASSERT_INVALID(sdy_backend_device_count(backend, NULL),
                 "sdy_backend_device_count: output pointer 'out_count' is "
                 "NULL");
  ASSERT_INVALID(sdy_backend_device_count(NULL, &count),
                 "sdy_backend_device_count: 'backend' is NULL");
  /* A foreign handle is detected without being dereferenced. */
  int64_t bogus[8] = {0};
  ASSERT_INVALID(sdy_backend_device_count((sdy_backend_t *)bogus,
                                          &count),
                 "not a live sdy_backend_t");
  sdy_backend_destroy(backend);
  ASSERT_INVALID(sdy_backend_device_count(backend, &count),
                 "not a live sdy_backend_t");
  sdy_backend_destroy(backend); /* destroyed: no-op */
  sdy_backend_destroy(NULL);

  ASSERT_INVALID(sdy_backend_create_local(0, &backend),
                 "sdy_backend_create_local: num_devices must be in [1, 4096], "
                 "got 0");
  ASSERT_INVALID(sdy_backend_create_local(5000, &backend),
                 "num_devices must be in [1, 4096], got 5000");
  ASSERT_INVALID(sdy_backend_create_local(2, NULL),
                 "output pointer 'out_backend' is NULL");
}

static void test_backend_load_wrap(void **state) {
  (void)state;
  sdy_backend_t *backend = NULL;
  int32_t count = 0;
  /* A plugin .so. */
  ASSERT_OK(sdy_backend_load(SDY_TEST_BACKEND_PLUGIN, NULL, &backend));
  ASSERT_OK(sdy_backend_device_count(backend, &count));
  assert_int_equal(count, 1);
  sdy_backend_destroy(backend);
  ASSERT_OK(sdy_backend_load(SDY_TEST_BACKEND_PLUGIN, "devices=3", &backend));
  ASSERT_OK(sdy_backend_device_count(backend, &count));
  assert_int_equal(count, 3);
  sdy_backend_destroy(backend);
  ASSERT_ERR(sdy_backend_load(SDY_TEST_BACKEND_PLUGIN, "fail", &backend),
             SDY_FAILED_PRECONDITION, "test plugin asked to fail");
  ASSERT_INVALID(sdy_backend_load("/nonexistent/libsdy_backend_x.so", NULL,
                                  &backend),
                 "sdy_backend_load: cannot load backend plugin "
                 "'/nonexistent/libsdy_backend_x.so'");
  ASSERT_INVALID(sdy_backend_load("libm.so.6", NULL, &backend),
                 "lacks symbol sdy_backend_create");
  ASSERT_INVALID(sdy_backend_load("", NULL, &backend), "string 'path' is empty");
  ASSERT_INVALID(sdy_backend_load(NULL, NULL, &backend), "'path' is NULL");
  ASSERT_INVALID(sdy_backend_load(SDY_TEST_BACKEND_PLUGIN, NULL, NULL),
                 "output pointer 'out_backend' is NULL");

  /* An in-process table (borrowed). */
  fake_backend_t fake = {3, 3};
  sdy_backend_table_t table = fake_table(&fake);
  ASSERT_OK(sdy_backend_wrap(&table, &backend));
  ASSERT_OK(sdy_backend_device_count(backend, &count));
  assert_int_equal(count, 3);
  sdy_backend_destroy(backend);
  ASSERT_INVALID(sdy_backend_wrap(NULL, &backend),
                 "sdy_backend_wrap: 'table' is NULL");
  ASSERT_INVALID(sdy_backend_wrap(&table, NULL),
                 "output pointer 'out_backend' is NULL");
  sdy_backend_table_t small = table;
  small.struct_size = 16;
  ASSERT_INVALID(sdy_backend_wrap(&small, &backend),
                 "the table's struct_size (16) is too small");
  sdy_backend_table_t no_count = table;
  no_count.device_count = NULL;
  ASSERT_INVALID(sdy_backend_wrap(&no_count, &backend),
                 "the table lacks device_count or local_devices");
  sdy_backend_table_t newer = table;
  newer.abi_version = SDY_BACKEND_ABI_VERSION + 1;
  ASSERT_ERR(sdy_backend_wrap(&newer, &backend), SDY_UNIMPLEMENTED,
             "is newer than the runtime's");
}

static void test_executable_compile(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f, kPartitionedMatmul, NULL);
  int64_t num_devices = 0;
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 2);
  size_t num_args = 0, num_results = 0;
  ASSERT_OK(sdy_executable_num_args(exe, &num_args));
  ASSERT_OK(sdy_executable_num_results(exe, &num_results));
  assert_int_equal(num_args, 2);
  assert_int_equal(num_results, 2);
  sdy_dtype_t dtype = {0, 0, 0};
  size_t rank = 0;
  int64_t shape[3] = {0, 0, 0};
  ASSERT_OK(sdy_executable_arg_type(exe, 1, &dtype, &rank, shape, 3));
  assert_int_equal(dtype.code, SDY_DL_FLOAT);
  assert_int_equal(dtype.bits, 32);
  assert_int_equal(dtype.lanes, 1);
  assert_int_equal(rank, 2);
  assert_int_equal(shape[0], 4);
  assert_int_equal(shape[1], 3);
  ASSERT_OK(sdy_executable_arg_type(exe, 0, NULL, &rank, NULL, 0));
  assert_int_equal(rank, 2);
  ASSERT_OK(sdy_executable_result_type(exe, 1, &dtype, &rank, shape, 2));
  assert_int_equal(rank, 2);
  assert_int_equal(shape[0], 4);
  assert_int_equal(shape[1], 4);
  ASSERT_OK(sdy_executable_result_type(exe, 0, &dtype, NULL, NULL, 0));
  assert_int_equal(dtype.code, SDY_DL_FLOAT);
  ASSERT_INVALID(sdy_executable_arg_type(exe, 2, &dtype, &rank, shape, 3),
                 "sdy_executable_arg_type: argument index 2 is out of range: "
                 "@main has 2 arguments");
  ASSERT_INVALID(sdy_executable_result_type(exe, 5, &dtype, &rank, shape, 3),
                 "result index 5 is out of range: @main has 2 results");
  ASSERT_INVALID(sdy_executable_arg_type(exe, 0, &dtype, &rank, shape, 1),
                 "capacity 1 is smaller than the rank 2 of argument 0");
  ASSERT_INVALID(sdy_executable_arg_type(exe, 0, NULL, NULL, NULL, 0),
                 "out_dtype, out_rank and out_shape are all NULL");
  ASSERT_INVALID(sdy_executable_result_type(exe, 0, &dtype, &rank, NULL, 2),
                 "'out_shape' is NULL");
  ASSERT_INVALID(sdy_executable_num_devices(exe, NULL),
                 "sdy_executable_num_devices: output pointer "
                 "'out_num_devices' is NULL");
  ASSERT_INVALID(sdy_executable_num_args(exe, NULL),
                 "output pointer 'out_num_args' is NULL");
  ASSERT_INVALID(sdy_executable_num_results(exe, NULL),
                 "output pointer 'out_num_results' is NULL");

  /* Shard counts. */
  int64_t shards[2] = {0, 0};
  ASSERT_OK(sdy_executable_arg_num_shards(exe, 0, shards, 2));
  assert_int_equal(shards[0], 1);
  assert_int_equal(shards[1], 2);
  ASSERT_OK(sdy_executable_arg_num_shards(exe, 1, shards, 2));
  assert_int_equal(shards[0], 2);
  assert_int_equal(shards[1], 1);
  ASSERT_OK(sdy_executable_result_num_shards(exe, 0, shards, 2));
  assert_int_equal(shards[0], 1);
  assert_int_equal(shards[1], 1);
  ASSERT_OK(sdy_executable_result_num_shards(exe, 1, shards, 2));
  assert_int_equal(shards[1], 2);
  ASSERT_INVALID(sdy_executable_arg_num_shards(exe, 0, shards, 1),
                 "sdy_executable_arg_num_shards: capacity 1 is smaller than "
                 "the rank 2 of argument 0");
  ASSERT_INVALID(sdy_executable_result_num_shards(exe, 2, shards, 2),
                 "sdy_executable_result_num_shards: result index 2 is out of "
                 "range: @main has 2 results");
  ASSERT_INVALID(sdy_executable_result_num_shards(exe, 0, NULL, 2),
                 "'out_num_shards' is NULL");

  /* Slices of a global argument. */
  int64_t global[2] = {4, 8}, starts[2], limits[2];
  ASSERT_OK(sdy_executable_arg_device_slice(exe, 0, global, 2, 1, starts,
                                            limits, 2));
  assert_int_equal(starts[0], 0);
  assert_int_equal(limits[0], 4);
  assert_int_equal(starts[1], 4);
  assert_int_equal(limits[1], 8);
  int64_t bad_global[2] = {4, 10};
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, bad_global, 2, 1,
                                                 starts, limits, 2),
                 "sdy_executable_arg_device_slice: argument 0: global shape "
                 "[4, 10] does not fit the program's local type 4x4xf32: "
                 "dimension 1 of size 10 is split into 2 shards of 5, not 4");
  int64_t bad_rows[2] = {5, 8};
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, bad_rows, 2, 0,
                                                 starts, limits, 2),
                 "dimension 0 is not sharded, so its size must be 4");
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, global, 2, 2, starts,
                                                 limits, 2),
                 "device 2 is out of range: the program runs on 2 devices");
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, global, 1, 0, starts,
                                                 limits, 2),
                 "rank is 1, argument 0 has rank 2");
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 3, global, 2, 0, starts,
                                                 limits, 2),
                 "argument index 3 is out of range");
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, global, 2, 0, starts,
                                                 limits, 1),
                 "capacity 1 is smaller than the rank 2");
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, global, 2, 0, NULL,
                                                 limits, 2),
                 "'out_starts' is NULL");
  int64_t negative[2] = {-4, 8};
  ASSERT_INVALID(sdy_executable_arg_device_slice(exe, 0, negative, 2, 0,
                                                 starts, limits, 2),
                 "negative dimension in global shape [-4, 8]");
  sdy_executable_destroy(exe);
  ASSERT_INVALID(sdy_executable_num_devices(exe, &num_devices),
                 "not a live sdy_executable_t");
  sdy_executable_destroy(exe); /* no-op */
  sdy_executable_destroy(NULL);

  /* Device counts: unpartitioned programs run on one device. */
  exe = compile_text(f, kGlobalMatmul, "main");
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 1);
  sdy_executable_destroy(exe);
  /* A global program still holding sdy ops: one device, shardings ignored. */
  exe = compile_text(
      f,
      "sdy.mesh @mesh = <[\"x\"=4]>\n"
      "func.func @main(%a: tensor<8xf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<8xf32> {\n"
      "  %0 = sdy.sharding_constraint %a <@mesh, [{}]> : tensor<8xf32>\n"
      "  return %0 : tensor<8xf32>\n"
      "}\n",
      NULL);
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 1);
  sdy_executable_destroy(exe);
  /* mhlo.num_partitions decides. */
  exe = compile_text(
      f,
      "module attributes {mhlo.num_partitions = 1 : i64} {\n"
      "sdy.mesh @mesh = <[\"x\"=4]>\n"
      "func.func @main(%a: tensor<8xf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<8xf32> {\n"
      "  return %a : tensor<8xf32>\n"
      "}\n"
      "}\n",
      NULL);
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 1);
  sdy_executable_destroy(exe);
  /* Without shardings, from the collectives' device ids. */
  exe = compile_text(
      f,
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = \"stablehlo.collective_permute\"(%a) <{source_target_pairs = "
      "dense<[[0, 2], [2, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> "
      "tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n",
      NULL);
  ASSERT_OK(sdy_executable_num_devices(exe, &num_devices));
  assert_int_equal(num_devices, 3);
  sdy_executable_destroy(exe);

  /* Errors. */
  sdy_module_t *module = NULL;
  ASSERT_INVALID(sdy_executable_compile(NULL, NULL, &exe),
                 "sdy_executable_compile: 'module' is NULL");
  ASSERT_INVALID(sdy_executable_compile(f->module, NULL, NULL),
                 "output pointer 'out_executable' is NULL");
  ASSERT_INVALID(sdy_executable_compile(f->module, "", &exe),
                 "string 'function' is empty");
  ASSERT_INVALID(sdy_executable_compile(f->module, "nope", &exe),
                 "sdy_executable_compile: the module has no function @nope");
  ASSERT_INVALID(sdy_executable_compile(f->module, "decl", &exe),
                 "@decl is a declaration without a body");
  ASSERT_OK(sdy_module_parse(f->ctx, kNegate, "neg.mlir", &module));
  ASSERT_OK(sdy_executable_compile(module, NULL, &exe)); /* the only one */
  sdy_executable_destroy(exe);
  sdy_module_destroy(module);
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  return %x : tensor<4xf32>\n}\n"
      "func.func @b(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  return %x : tensor<4xf32>\n}\n",
      NULL, &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "the module has no function @main and 2 public functions "
                 "(@a, @b): name the function to run");
  sdy_module_destroy(module);
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {\n"
      "  return %x : tensor<?xf32>\n}\n",
      NULL, &module));
  ASSERT_ERR(sdy_executable_compile(module, NULL, &exe), SDY_UNIMPLEMENTED,
             "argument 0 has type tensor<?xf32>: only statically shaped "
             "tensors can be run");
  sdy_module_destroy(module);
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @m2 = <[\"x\"=2]>\n"
      "sdy.mesh @m4 = <[\"x\"=4]>\n"
      "func.func @main(%x: tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<@m2, [{\"x\"}]>}) -> (tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<@m4, [{\"x\"}]>}) {\n"
      "  return %x : tensor<4xf32>\n}\n",
      NULL, &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "the shardings use meshes of different device counts: "
                 "argument 0 has 2 devices, result 0 4");
  sdy_module_destroy(module);
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "module attributes {mhlo.num_partitions = 8 : i64} {\n"
      "sdy.mesh @m2 = <[\"x\"=2]>\n"
      "func.func @main(%x: tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<@m2, [{\"x\"}]>}) -> tensor<4xf32> {\n"
      "  return %x : tensor<4xf32>\n}\n}\n",
      NULL, &module));
  ASSERT_INVALID(sdy_executable_compile(module, NULL, &exe),
                 "mhlo.num_partitions is 8 but the sharding of argument 0 "
                 "uses a mesh of 2 devices");
  sdy_module_destroy(module);
}

static void test_executable_run_matmul(void **state) {
  fixture_t *f = *state;
  float a[32], b[24];
  matmul_inputs(a, b);
  int64_t a_shape[2] = {4, 8}, b_shape[2] = {8, 3}, c_shape[2] = {3, 0};
  c_shape[0] = 4;
  c_shape[1] = 3;

  /* Reference: the unpartitioned program on one device. */
  sdy_executable_t *ref = compile_text(f, kGlobalMatmul, NULL);
  sdy_backend_t *one = NULL, *two = NULL;
  ASSERT_OK(sdy_backend_create_local(1, &one));
  ASSERT_OK(sdy_backend_create_local(2, &two));
  float expected[12], expected_a[32];
  sdy_tensor_t args[2] = {f32_tensor(a, 2, a_shape), f32_tensor(b, 2, b_shape)};
  sdy_tensor_t results[2] = {f32_tensor(expected, 2, c_shape),
                             f32_tensor(expected_a, 2, a_shape)};
  ASSERT_OK(sdy_executable_run_global(ref, one, args, 2, results, 2));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) {
      float sum = 0;
      for (int k = 0; k < 8; ++k)
        sum += a[i * 8 + k] * b[k * 3 + j];
      assert_true(expected[i * 3 + j] == sum);
    }
  assert_memory_equal(expected_a, a, sizeof a);
  /* run_local on one device is the same run. */
  float local_c[12];
  results[0] = f32_tensor(local_c, 2, c_shape);
  ASSERT_OK(sdy_executable_run_local(ref, one, args, 2, results, 2));
  assert_memory_equal(local_c, expected, sizeof expected);

  /* The partitioned program on 2 devices, with global arrays. */
  sdy_executable_t *exe = compile_text(f, kPartitionedMatmul, NULL);
  float c[12], gathered_a[32];
  memset(c, 0, sizeof c);
  memset(gathered_a, 0, sizeof gathered_a);
  results[0] = f32_tensor(c, 2, c_shape);
  results[1] = f32_tensor(gathered_a, 2, a_shape);
  ASSERT_OK(sdy_executable_run_global(exe, two, args, 2, results, 2));
  assert_memory_equal(c, expected, sizeof expected);
  assert_memory_equal(gathered_a, a, sizeof a);

  /* Strided (column-major) global B gives the same result. */
  float b_col[24];
  for (int k = 0; k < 8; ++k)
    for (int j = 0; j < 3; ++j)
      b_col[j * 8 + k] = b[k * 3 + j];
  int64_t b_strides[2] = {1, 8};
  sdy_tensor_t strided[2] = {args[0], f32_tensor(b_col, 2, b_shape)};
  strided[1].strides = b_strides;
  memset(c, 0, sizeof c);
  ASSERT_OK(sdy_executable_run_global(exe, two, strided, 2, results, 2));
  assert_memory_equal(c, expected, sizeof expected);

  /* Per-device buffers: each device's slices, device-major. */
  float a_loc[2][16], b_loc[2][12], c_loc[2][12], a_out[2][16];
  int64_t la_shape[2] = {4, 4}, lb_shape[2] = {4, 3};
  sdy_tensor_t local_args[4], local_results[4];
  for (int d = 0; d < 2; ++d) {
    int64_t starts[2], limits[2];
    ASSERT_OK(sdy_executable_arg_device_slice(exe, 0, a_shape, 2, d, starts,
                                              limits, 2));
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 4; ++k)
        a_loc[d][i * 4 + k] = a[i * 8 + starts[1] + k];
    ASSERT_OK(sdy_executable_arg_device_slice(exe, 1, b_shape, 2, d, starts,
                                              limits, 2));
    assert_int_equal(limits[0] - starts[0], 4);
    memcpy(b_loc[d], b + starts[0] * 3, sizeof b_loc[d]);
    local_args[2 * d] = f32_tensor(a_loc[d], 2, la_shape);
    local_args[2 * d + 1] = f32_tensor(b_loc[d], 2, lb_shape);
    local_results[2 * d] = f32_tensor(c_loc[d], 2, c_shape);
    local_results[2 * d + 1] = f32_tensor(a_out[d], 2, la_shape);
  }
  ASSERT_OK(sdy_executable_run_local(exe, two, local_args, 2, local_results,
                                     2));
  for (int d = 0; d < 2; ++d) {
    assert_memory_equal(c_loc[d], expected, sizeof expected);
    assert_memory_equal(a_out[d], a_loc[d], sizeof a_loc[d]);
  }

  /* Errors of run_local. */
  ASSERT_INVALID(sdy_executable_run_local(exe, one, local_args, 2,
                                          local_results, 2),
                 "sdy_executable_run_local: the program runs on 2 devices, "
                 "the backend 'local' has 1");
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 1,
                                          local_results, 2),
                 "@main takes 2 arguments, num_args is 1");
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 3),
                 "@main returns 2 results, num_results is 3");
  ASSERT_INVALID(sdy_executable_run_local(exe, two, NULL, 2, local_results, 2),
                 "'args' is NULL");
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2, NULL, 2),
                 "'results' is NULL");
  ASSERT_INVALID(sdy_executable_run_local(NULL, two, local_args, 2,
                                          local_results, 2),
                 "sdy_executable_run_local: 'executable' is NULL");
  ASSERT_INVALID(sdy_executable_run_local(exe, NULL, local_args, 2,
                                          local_results, 2),
                 "'backend' is NULL");
  sdy_tensor_t saved = local_args[3];
  local_args[3] = f32_tensor(b_loc[1], 2, la_shape);
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "argument 1 of device 1 (args[3]): shape [4, 4] does not "
                 "match the program's 4x3xf32");
  local_args[3] = saved;
  local_args[2].dtype.bits = 64;
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "argument 0 of device 1 (args[2]): dtype {code=2, bits=64, "
                 "lanes=1} (f64) does not match the program's f32");
  local_args[2].dtype.bits = 32;
  local_args[2].dtype.lanes = 4;
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "unsupported dtype {code=2, bits=32, lanes=4}");
  local_args[2].dtype.lanes = 1;
  local_args[0].ndim = 1;
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "args[0]): ndim is 1, the program expects rank 2");
  local_args[0].ndim = 2;
  local_args[0].shape = NULL;
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "shape is NULL with ndim 2");
  local_args[0].shape = la_shape;
  local_args[0].data = NULL;
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "argument 0 of device 0 (args[0]): data is NULL");
  local_args[0].data = a_loc[0];
  local_args[0].device.device_type = 2; /* kDLCUDA */
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "device_type 2 is not host memory (kDLCPU = 1)");
  local_args[0].device.device_type = 0; /* unset: host */
  local_results[3].data = NULL;
  ASSERT_INVALID(sdy_executable_run_local(exe, two, local_args, 2,
                                          local_results, 2),
                 "result 1 of device 1 (results[3]): data is NULL");
  local_results[3].data = a_out[1];
  ASSERT_OK(sdy_executable_run_local(exe, two, local_args, 2, local_results,
                                     2));

  /* Errors of run_global. */
  ASSERT_INVALID(sdy_executable_run_global(exe, one, args, 2, results, 2),
                 "sdy_executable_run_global: the program runs on 2 devices, "
                 "the backend 'local' has 1");
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 3, results, 2),
                 "@main takes 2 arguments, num_args is 3");
  ASSERT_INVALID(sdy_executable_run_global(exe, two, NULL, 2, results, 2),
                 "'global_args' is NULL");
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, NULL, 2),
                 "'global_results' is NULL");
  ASSERT_INVALID(sdy_executable_run_global(exe, NULL, args, 2, results, 2),
                 "sdy_executable_run_global: 'backend' is NULL");
  int64_t wrong_b[2] = {6, 3};
  args[1].shape = wrong_b;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "global argument 1: global shape [6, 3] does not fit the "
                 "program's local type 4x3xf32: dimension 0 of size 6 is split "
                 "into 2 shards of 3, not 4");
  args[1].shape = b_shape;
  results[0].shape = a_shape;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "global result 0: global shape [4, 8] does not fit the "
                 "program's local type 4x3xf32: dimension 1 is not sharded, so "
                 "its size must be 3");
  results[0].shape = c_shape;
  int64_t huge[2] = {INT64_MAX / 2, 4};
  args[0].shape = huge;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "global argument 0: shape [4611686018427387903, 4] is too "
                 "large");
  args[0].shape = a_shape;
  int64_t neg[2] = {4, -8};
  args[0].shape = neg;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 2, results, 2),
                 "negative dimension in shape [4, -8]");
  args[0].shape = a_shape;

  sdy_executable_destroy(exe);
  sdy_executable_destroy(ref);
  sdy_backend_destroy(one);
  sdy_backend_destroy(two);
}

static void test_executable_run_indivisible(void **state) {
  fixture_t *f = *state;
  sdy_executable_t *exe = compile_text(f, kIndivisible, NULL);
  sdy_backend_t *two = NULL;
  ASSERT_OK(sdy_backend_create_local(2, &two));
  for (int rows = 5; rows <= 6; ++rows) {
    int32_t in[12], neg[12], first[6], total = -1;
    memset(neg, 0x55, sizeof neg);
    int32_t expected_total = 0;
    for (int i = 0; i < rows * 2; ++i) {
      in[i] = i + 1;
      expected_total += i + 1;
    }
    int64_t shape[2] = {rows, 2}, first_shape[2] = {3, 2};
    sdy_tensor_t args[1] = {make_tensor(in, 2, shape, SDY_DL_INT, 32)};
    sdy_tensor_t results[3] = {
        make_tensor(neg, 2, shape, SDY_DL_INT, 32),
        make_tensor(first, 2, first_shape, SDY_DL_INT, 32),
        make_tensor(&total, 0, NULL, SDY_DL_INT, 32)};
    ASSERT_OK(sdy_executable_run_global(exe, two, args, 1, results, 3));
    for (int i = 0; i < rows * 2; ++i)
      assert_int_equal(neg[i], -in[i]);
    assert_int_equal(neg[rows * 2 < 12 ? rows * 2 : 11],
                     rows * 2 < 12 ? 0x55555555 : -in[11]);
    /* The replicated result 1 comes from device 0: its rows [0, 3). */
    assert_memory_equal(first, in, sizeof first);
    /* Device 1's padding rows are zeros. */
    assert_int_equal(total, expected_total);
    int64_t starts[2], limits[2];
    ASSERT_OK(sdy_executable_arg_device_slice(exe, 0, shape, 2, 1, starts,
                                              limits, 2));
    assert_int_equal(starts[0], 3);
    assert_int_equal(limits[0], rows);
  }
  /* 4 rows: ceil(4 / 2) = 2 is not the local 3. */
  int32_t in[8] = {0}, out[8], first[6], total;
  int64_t shape[2] = {4, 2}, first_shape[2] = {3, 2};
  sdy_tensor_t args[1] = {make_tensor(in, 2, shape, SDY_DL_INT, 32)};
  sdy_tensor_t results[3] = {
      make_tensor(out, 2, shape, SDY_DL_INT, 32),
      make_tensor(first, 2, first_shape, SDY_DL_INT, 32),
      make_tensor(&total, 0, NULL, SDY_DL_INT, 32)};
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 1, results, 3),
                 "dimension 0 of size 4 is split into 2 shards of 2, not 3");
  /* Unsigned ints are not signed ints. */
  args[0].dtype.code = SDY_DL_UINT;
  ASSERT_INVALID(sdy_executable_run_global(exe, two, args, 1, results, 3),
                 "dtype {code=1, bits=32, lanes=1} (ui32) does not match the "
                 "program's i32");
  sdy_executable_destroy(exe);
  sdy_backend_destroy(two);
}

static void test_executable_run_wrapped_and_failures(void **state) {
  fixture_t *f = *state;
  /* A one-device program on an in-process table. */
  fake_backend_t fake = {1, 1};
  sdy_backend_table_t table = fake_table(&fake);
  sdy_backend_t *backend = NULL;
  ASSERT_OK(sdy_backend_wrap(&table, &backend));
  sdy_executable_t *exe = compile_text(f, kNegate, "neg");
  float in[4] = {1, -2, 3, -4}, out[4] = {0};
  int64_t shape[1] = {4};
  sdy_tensor_t arg = f32_tensor(in, 1, shape);
  sdy_tensor_t result = f32_tensor(out, 1, shape);
  ASSERT_OK(sdy_executable_run_global(exe, backend, &arg, 1, &result, 1));
  for (int i = 0; i < 4; ++i)
    assert_true(out[i] == -in[i]);
  /* Strided result (every other element of a buffer of 8). */
  float wide[8];
  memset(wide, 0, sizeof wide);
  int64_t stride[1] = {2};
  sdy_tensor_t strided = f32_tensor(wide, 1, shape);
  strided.strides = stride;
  ASSERT_OK(sdy_executable_run_local(exe, backend, &arg, 1, &strided, 1));
  for (int i = 0; i < 4; ++i) {
    assert_true(wide[2 * i] == -in[i]);
    assert_true(wide[2 * i + 1] == 0);
  }
  /* byte_offset. */
  float shifted[5] = {9, 1, -2, 3, -4};
  sdy_tensor_t offset_arg = f32_tensor(shifted, 1, shape);
  offset_arg.byte_offset = sizeof(float);
  ASSERT_OK(sdy_executable_run_global(exe, backend, &offset_arg, 1, &result,
                                      1));
  for (int i = 0; i < 4; ++i)
    assert_true(out[i] == -in[i]);
  sdy_executable_destroy(exe);
  sdy_backend_destroy(backend);

  /* Two devices, one of them driven here (like mpi): global runs refuse,
   * local runs give this process's device its arguments. */
  fake_backend_t half = {2, 1};
  sdy_backend_table_t half_table = fake_table(&half);
  ASSERT_OK(sdy_backend_wrap(&half_table, &backend));
  exe = compile_text(
      f,
      "module attributes {mhlo.num_partitions = 2 : i64} {\n"
      "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.negate %a : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n"
      "}\n",
      NULL);
  ASSERT_ERR(sdy_executable_run_global(exe, backend, &arg, 1, &result, 1),
             SDY_FAILED_PRECONDITION,
             "global runs need every device in this process; backend 'fake' "
             "drives 1 of 2 devices here (use sdy_executable_run_local)");
  memset(out, 0, sizeof out);
  ASSERT_OK(sdy_executable_run_local(exe, backend, &arg, 1, &result, 1));
  for (int i = 0; i < 4; ++i)
    assert_true(out[i] == -in[i]);
  sdy_executable_destroy(exe);

  /* A collective on a backend without collectives fails cleanly. */
  exe = compile_text(f, kPartitionedMatmul, NULL);
  float a[32], b[24], c[12], a_out[32];
  matmul_inputs(a, b);
  int64_t a_shape[2] = {4, 8}, b_shape[2] = {8, 3}, c_shape[2] = {4, 3};
  half.local = 2;
  sdy_tensor_t args[2] = {f32_tensor(a, 2, a_shape), f32_tensor(b, 2, b_shape)};
  sdy_tensor_t results[2] = {f32_tensor(c, 2, c_shape),
                             f32_tensor(a_out, 2, a_shape)};
  ASSERT_ERR(sdy_executable_run_global(exe, backend, args, 2, results, 2),
             SDY_UNIMPLEMENTED,
             "sdy_executable_run_global: running @main failed: device");
  sdy_executable_destroy(exe);
  sdy_backend_destroy(backend);
}

static void test_executable_partition_preset(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(f->ctx, kAnnotatedMatmul, "global.mlir",
                             &module));
  sdy_executable_t *global = NULL;
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(f->ctx, "partition", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
  char *text = NULL;
  ASSERT_OK(sdy_module_print(module, SDY_PRINT_DEFAULT, &text));
  if (!strstr(text, "stablehlo.all_reduce"))
    fail_msg("partitioned module has no all_reduce:\n%s", text);
  sdy_string_destroy(text);
  ASSERT_OK(sdy_executable_compile(module, NULL, &global));
  int64_t num_devices = 0;
  ASSERT_OK(sdy_executable_num_devices(global, &num_devices));
  assert_int_equal(num_devices, 2);

  float a[32], b[24], c[12], expected[12];
  matmul_inputs(a, b);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) {
      float sum = 0;
      for (int k = 0; k < 8; ++k)
        sum += a[i * 8 + k] * b[k * 3 + j];
      expected[i * 3 + j] = sum;
    }
  int64_t a_shape[2] = {4, 8}, b_shape[2] = {8, 3}, c_shape[2] = {4, 3};
  sdy_tensor_t args[2] = {f32_tensor(a, 2, a_shape), f32_tensor(b, 2, b_shape)};
  sdy_tensor_t result = f32_tensor(c, 2, c_shape);
  sdy_backend_t *two = NULL;
  ASSERT_OK(sdy_backend_create_local(2, &two));
  ASSERT_OK(sdy_executable_run_global(global, two, args, 2, &result, 1));
  assert_memory_equal(c, expected, sizeof expected);
  sdy_executable_destroy(global);
  sdy_backend_destroy(two);
  sdy_module_destroy(module);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_version),
      cmocka_unit_test(test_status),
      cmocka_unit_test(test_context),
      cmocka_unit_test_setup_teardown(test_mesh_create, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_parse_print, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_queries, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_coordinates, setup, teardown),
      cmocka_unit_test_setup_teardown(test_mesh_equal, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_create, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_parse, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_queries, setup, teardown),
      cmocka_unit_test_setup_teardown(test_sharding_validate_local_shape, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_sharding_device_slice, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_sharding_equal, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_parse_print, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_create_clone, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_meshes, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_shardings, setup, teardown),
      cmocka_unit_test_setup_teardown(test_module_constraints, setup, teardown),
      cmocka_unit_test_setup_teardown(test_pipeline, setup, teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_failure_keeps_module, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_propagation_preset, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_create_preset_with_options,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_pipeline_sdy_passes, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_mlir_interop, setup, teardown),
      cmocka_unit_test(test_dialect_handle),
      cmocka_unit_test_setup_teardown(test_threads, setup, teardown),
      cmocka_unit_test_setup_teardown(test_dialect_attributes, setup, teardown),
      cmocka_unit_test(test_backend_local),
      cmocka_unit_test(test_backend_load_wrap),
      cmocka_unit_test_setup_teardown(test_executable_compile, setup, teardown),
      cmocka_unit_test_setup_teardown(test_executable_run_matmul, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_executable_run_indivisible, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_executable_run_wrapped_and_failures,
                                      setup, teardown),
      cmocka_unit_test_setup_teardown(test_executable_partition_preset, setup,
                                      teardown),
  };
  return cmocka_run_group_tests_name("sdy_c", tests, NULL, NULL);
}
