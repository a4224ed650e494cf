/* Assertions on sdy statuses shared by the CMocka suites of the C ABI, and
 * the calls every suite makes through them. Include after <cmocka.h> and
 * sdy_c/sdy_c.h. */
#ifndef SDY_TESTS_CAPI_STATUS_ASSERT_H
#define SDY_TESTS_CAPI_STATUS_ASSERT_H

#include <string.h>

/* `expr` returns NULL (success); otherwise fails with the message. */
#define ASSERT_OK(expr)                                                        \
  do {                                                                         \
    sdy_status_t *status_ = (expr);                                            \
    if (status_)                                                               \
      fail_msg("%s failed: %s", #expr, sdy_status_message(status_));           \
  } while (0)

/* `expr` fails with `expected_code` and a message containing `substring`;
 * the status is released. */
#define ASSERT_ERR(expr, expected_code, substring)                             \
  do {                                                                         \
    sdy_status_t *status_ = (expr);                                            \
    if (!status_)                                                              \
      fail_msg("%s succeeded, expected %s", #expr,                             \
               sdy_status_code_name(expected_code));                           \
    if (sdy_status_code(status_) != (expected_code))                           \
      fail_msg("%s: expected %s, got %s: %s", #expr,                           \
               sdy_status_code_name(expected_code),                            \
               sdy_status_code_name(sdy_status_code(status_)),                 \
               sdy_status_message(status_));                                   \
    if (!strstr(sdy_status_message(status_), (substring)))                     \
      fail_msg("%s: message '%s' does not contain '%s'", #expr,                \
               sdy_status_message(status_), (substring));                      \
    sdy_status_destroy(status_);                                               \
  } while (0)

#define ASSERT_INVALID(expr, substring)                                        \
  ASSERT_ERR(expr, SDY_INVALID_ARGUMENT, substring)

/* A compact row-major host tensor of `ndim` dimensions over `data`. */
static inline sdy_tensor_t make_tensor(void *data, int32_t ndim, int64_t *shape,
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

/* Runs the "partition" preset on `module`, which must succeed. */
static inline void partition_module(sdy_context_t *ctx, sdy_module_t *module) {
  sdy_pipeline_t *pipeline = NULL;
  ASSERT_OK(sdy_pipeline_create_preset(ctx, "partition", &pipeline));
  ASSERT_OK(sdy_pipeline_run(pipeline, module));
  sdy_pipeline_destroy(pipeline);
}

#endif /* SDY_TESTS_CAPI_STATUS_ASSERT_H */
