/* CMocka suite of status.h: codes, names, messages and foreign statuses. */
#include "capi_fixture.h"

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
  assert_string_equal(
      sdy_status_message(status),
      "sdy_context_create: output pointer 'out_context' is NULL");
  int not_a_status = 0;
  assert_int_equal(sdy_status_code((sdy_status_t *)&not_a_status),
                   SDY_INVALID_ARGUMENT);
  assert_non_null(strstr(sdy_status_message((sdy_status_t *)&not_a_status),
                         "not a live sdy_status_t"));
  sdy_status_destroy((sdy_status_t *)&not_a_status); /* ignored */
  sdy_status_destroy(status);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_status),
  };
  return cmocka_run_group_tests_name("sdy_c_status", tests, NULL, NULL);
}
