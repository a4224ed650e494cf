/* CMocka suite of context.h: creation, multithreading, destroyed and
 * foreign handles. */
#include "capi_fixture.h"

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
  sdy_context_destroy(ctx); /* double destroy is ignored */
  sdy_context_destroy(NULL);
  int foreign = 0;
  ASSERT_INVALID(sdy_context_set_multithreading((sdy_context_t *)&foreign, 1),
                 "foreign or already destroyed");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_context),
  };
  return cmocka_run_group_tests_name("sdy_c_context", tests, NULL, NULL);
}
