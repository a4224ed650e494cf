/* CMocka suite of backend handles (executable.h): the local backend,
 * plugins (backend.h) and wrapped tables. */
#include "capi_fixture.h"
#include "fake_backend.h"

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
  ASSERT_INVALID(sdy_backend_device_count((sdy_backend_t *)bogus, &count),
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
  ASSERT_INVALID(
      sdy_backend_load("/nonexistent/libsdy_backend_x.so", NULL, &backend),
      "sdy_backend_load: cannot load backend plugin "
      "'/nonexistent/libsdy_backend_x.so'");
  ASSERT_INVALID(sdy_backend_load("libm.so.6", NULL, &backend),
                 "lacks symbol sdy_backend_create");
  ASSERT_INVALID(sdy_backend_load("", NULL, &backend),
                 "string 'path' is empty");
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

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_backend_local),
      cmocka_unit_test(test_backend_load_wrap),
  };
  return cmocka_run_group_tests_name("sdy_c_backend", tests, NULL, NULL);
}
