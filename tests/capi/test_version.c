/* CMocka suite of version.h: the version and its compatibility check. */
#include "capi_fixture.h"

static void test_version(void **state) {
  (void)state;
  assert_int_equal(sdy_version(), SDY_C_API_VERSION);
  assert_string_equal(sdy_version_string(), "1.4.0");
  assert_int_equal(sdy_version_is_compatible(SDY_C_API_VERSION), 1);
  assert_int_equal(sdy_version_is_compatible(10000), 1); /* 1.0.0 */
  assert_int_equal(sdy_version_is_compatible(10100), 1); /* 1.1.0 */
  assert_int_equal(sdy_version_is_compatible(10200), 1); /* 1.2.0 */
  assert_int_equal(sdy_version_is_compatible(10300), 1); /* 1.3.0 */
  assert_int_equal(sdy_version_is_compatible(10400), 1); /* 1.4.0 */
  assert_int_equal(sdy_version_is_compatible(10500), 0); /* newer minor */
  assert_int_equal(sdy_version_is_compatible(20000), 0); /* other major */
  assert_int_equal(sdy_version_is_compatible(0), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_version),
  };
  return cmocka_run_group_tests_name("sdy_c_version", tests, NULL, NULL);
}
