/* An in-process backend table shared by the backend and executable suites.
 * Include after capi_fixture.h. */
#ifndef SDY_TESTS_CAPI_FAKE_BACKEND_H
#define SDY_TESTS_CAPI_FAKE_BACKEND_H

/* An in-process backend table: `devices` devices, the first `local` of
 * them driven here; host memory and no collectives. */
typedef struct {
  int32_t devices, local;
} fake_backend_t;

static inline int32_t fake_device_count(void *user_data, int32_t *count,
                                        sdy_backend_error_t *err) {
  (void)err;
  *count = ((fake_backend_t *)user_data)->devices;
  return SDY_BACKEND_OK;
}

static inline int32_t fake_local_devices(void *user_data, int64_t *ids,
                                         int32_t capacity, int32_t *n,
                                         sdy_backend_error_t *err) {
  (void)err;
  fake_backend_t *fake = user_data;
  for (int32_t i = 0; i < fake->local && i < capacity; ++i)
    ids[i] = i;
  *n = fake->local;
  return SDY_BACKEND_OK;
}

static inline sdy_backend_table_t fake_table(fake_backend_t *fake) {
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

#endif /* SDY_TESTS_CAPI_FAKE_BACKEND_H */
