/* CMocka suite of visualize.h: the text grid and SVG of a sharding read back
 * and compared with sdy_sharding_device_slice for every device, the HTML
 * report of a module, and every error path. */
#include <stdio.h>

#include "capi_fixture.h"

static const char *const kGrid =
    "tensor 4x6 sharded #sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>\n"
    "mesh #sdy.mesh<[\"x\"=2, \"y\"=4]>\n"
    "local shape 2x2\n"
    "rows: dimension 0, columns: dimension 1\n"
    "+-------------+-------------+-------------+-------------+\n"
    "| 0           | 1           | 2           | 3           |\n"
    "| [0,2)x[0,2) | [0,2)x[2,4) | [0,2)x[4,6) | [0,2)x[6,6) |\n"
    "|             |             |             | pad 0x2     |\n"
    "+-------------+-------------+-------------+-------------+\n"
    "| 4           | 5           | 6           | 7           |\n"
    "| [2,4)x[0,2) | [2,4)x[2,4) | [2,4)x[4,6) | [2,4)x[6,6) |\n"
    "|             |             |             | pad 0x2     |\n"
    "+-------------+-------------+-------------+-------------+\n";

static void test_layout_text(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *s =
      parse_sharding(f, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>");
  int64_t shape[2] = {4, 6};
  char *text = NULL;
  ASSERT_OK(
      sdy_sharding_layout_text(s, shape, 2, SDY_LAYOUT_TEXT_ASCII, &text));
  assert_string(text, kGrid);
  ASSERT_OK(
      sdy_sharding_layout_text(s, shape, 2, SDY_LAYOUT_TEXT_DEFAULT, &text));
  assert_contains(text, "\xe2\x94\x82 0           \xe2\x94\x82 1 "); /* │ */
  sdy_sharding_destroy(s);
}

/* Reads a comma-separated list of up to `cap` numbers after `key="`. */
static size_t read_list(const char *from, const char *key, int64_t *out,
                        size_t cap) {
  const char *p = strstr(from, key);
  assert_non_null(p);
  p += strlen(key);
  size_t n = 0;
  while (n < cap) {
    char *end = NULL;
    long long value = strtoll(p, &end, 10);
    if (end == p)
      break;
    out[n++] = value;
    p = end;
    if (*p != ',')
      break;
    ++p;
  }
  return n;
}

/* Every tile of the SVG against sdy_sharding_device_slice. */
static void check_svg(fixture_t *f, const char *sharding_text,
                      const int64_t *shape, size_t rank) {
  sdy_sharding_t *s = parse_sharding(f, sharding_text);
  char *svg = NULL;
  ASSERT_OK(sdy_sharding_layout_svg(s, shape, rank, &svg));
  assert_true(strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39) ==
              0);
  int seen[8] = {0};
  for (const char *tile = strstr(svg, "<g class=\"tile\""); tile;
       tile = strstr(tile + 1, "<g class=\"tile\"")) {
    int64_t devices[8], starts[4], limits[4];
    size_t num_devices = read_list(tile, "data-devices=\"", devices, 8);
    assert_int_equal(read_list(tile, "data-start=\"", starts, 4), rank);
    assert_int_equal(read_list(tile, "data-limit=\"", limits, 4), rank);
    for (size_t i = 0; i < num_devices; ++i) {
      int64_t want_starts[4], want_limits[4];
      ASSERT_OK(sdy_sharding_device_slice(s, shape, rank, devices[i],
                                          want_starts, want_limits, 4));
      for (size_t d = 0; d < rank; ++d) {
        assert_int_equal(starts[d], want_starts[d]);
        assert_int_equal(limits[d], want_limits[d]);
      }
      assert_true(devices[i] >= 0 && devices[i] < 8);
      ++seen[devices[i]];
    }
  }
  for (int device = 0; device < 8; ++device)
    assert_int_equal(seen[device], 1);
  sdy_string_destroy(svg);
  sdy_sharding_destroy(s);
}

static void test_layout_svg(void **state) {
  fixture_t *f = *state;
  int64_t shape2[2] = {5, 6};
  check_svg(f, "#sdy.sharding<@mesh, [{\"x\"}, {\"y\"}]>", shape2, 2);
  check_svg(f, "#sdy.sharding<@mesh, [{\"y\":(2)2}, {}], replicated={\"x\"}>",
            shape2, 2);
  int64_t shape3[3] = {3, 2, 7};
  check_svg(f, "#sdy.sharding<@mesh, [{\"y\":(1)2}, {}, {\"x\"}]>", shape3, 3);
  int64_t shape1[1] = {3};
  check_svg(f, "#sdy.sharding<@mesh, [{\"x\", \"y\"}]>", shape1, 1);
  check_svg(f, "#sdy.sharding<@mesh, []>", NULL, 0);
}

static void test_html_report(void **state) {
  fixture_t *f = *state;
  sdy_module_t *module = NULL;
  ASSERT_OK(sdy_module_parse(
      f->ctx,
      "sdy.mesh @mesh = <[\"x\"=2]>\n"
      "func.func @main(%arg0: tensor<4xf32> {sdy.sharding = "
      "#sdy.sharding<@mesh, [{\"x\"}]>}) -> tensor<4xf32> {\n"
      "  %0 = sdy.all_gather [{\"x\"}] %arg0 out_sharding=<@mesh, [{}]> : "
      "tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n",
      "report.mlir", &module));
  char *before = NULL, *after = NULL, *html = NULL;
  ASSERT_OK(sdy_module_print(module, SDY_PRINT_DEFAULT, &before));
  ASSERT_OK(sdy_module_html_report(module, &html));
  assert_true(strncmp(html, "<!DOCTYPE html>", 15) == 0);
  assert_non_null(strstr(html, "<tr class=\"collective\" "
                               "data-op=\"sdy.all_gather\">"));
  assert_non_null(strstr(html, "16 bytes, 16 per device"));
  assert_null(strstr(html, "<script"));
  sdy_string_destroy(html);
  ASSERT_OK(sdy_module_print(module, SDY_PRINT_DEFAULT, &after));
  assert_string_equal(before, after); /* the module is not changed */
  sdy_string_destroy(before);
  sdy_string_destroy(after);
  sdy_module_destroy(module);
}

static void test_errors(void **state) {
  fixture_t *f = *state;
  sdy_sharding_t *s = parse_sharding(f, "#sdy.sharding<@mesh, [{\"x\"}, {}]>");
  int64_t shape[2] = {4, 6};
  int64_t negative[2] = {4, -1};
  char *keep = (char *)"untouched";
  char *out = keep;
  ASSERT_INVALID(sdy_sharding_layout_text(NULL, shape, 2, 0, &out),
                 "sdy_sharding_layout_text: 'sharding' is NULL");
  ASSERT_INVALID(sdy_sharding_layout_text(s, shape, 2, 2, &out),
                 "sdy_sharding_layout_text: unknown flags 2 (allowed: "
                 "SDY_LAYOUT_TEXT_ASCII)");
  ASSERT_INVALID(sdy_sharding_layout_text(s, shape, 2, 0, NULL), "out_text");
  ASSERT_INVALID(sdy_sharding_layout_text(s, NULL, 2, 0, &out), "shape");
  ASSERT_INVALID(sdy_sharding_layout_svg(s, negative, 2, &out),
                 "sdy_sharding_layout_svg: shape[1] is -1; dimension sizes "
                 "must be >= 0");
  ASSERT_ERR(sdy_sharding_layout_svg(s, shape, 1, &out), SDY_VERIFICATION_ERROR,
             "sdy_sharding_layout_svg: sharding has 2 dimension shardings but "
             "the tensor 'tensor<4xf32>' has rank 1");
  ASSERT_INVALID(sdy_sharding_layout_svg(s, shape, 2, NULL), "out_svg");
  ASSERT_INVALID(sdy_module_html_report(NULL, &out),
                 "sdy_module_html_report: 'module' is NULL");
  ASSERT_INVALID(sdy_module_html_report(f->module, NULL), "out_html");
  assert_ptr_equal(out, keep); /* failures leave the output alone */
  sdy_sharding_destroy(s);

  /* Too many devices to draw. */
  sdy_mesh_t *huge = NULL;
  const char *name = "x";
  int64_t size = 8192;
  ASSERT_OK(sdy_mesh_create(f->ctx, &name, &size, 1, NULL, 0, &huge));
  sdy_sharding_t *wide = NULL;
  ASSERT_OK(sdy_sharding_parse(f->ctx, "#sdy.sharding<@huge, [{\"x\"}]>", huge,
                               &wide));
  int64_t length = 8192;
  ASSERT_INVALID(sdy_sharding_layout_text(wide, &length, 1, 0, &out),
                 "sdy_sharding_layout_text: the mesh has 8192 devices; "
                 "pictures show at most 4096");
  sdy_sharding_destroy(wide);
  sdy_mesh_destroy(huge);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_layout_text, setup, teardown),
      cmocka_unit_test_setup_teardown(test_layout_svg, setup, teardown),
      cmocka_unit_test_setup_teardown(test_html_report, setup, teardown),
      cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
