/* The device-backend table of a backend written in Go: each entry calls the
 * Go function exported by gobackend.go with the table's cgo handle. Device
 * memory is host memory, so allocation and copies stay in C. */
#include <stdlib.h>
#include <string.h>

#include "_cgo_export.h"

static void goTableDestroy(void *ud) { (void)ud; }

static int32_t goTableDeviceCount(void *ud, int32_t *count,
                                  sdy_backend_error_t *err) {
  return goBackendDeviceCount((uintptr_t)ud, count, err);
}

static int32_t goTableLocalDevices(void *ud, int64_t *ids, int32_t capacity,
                                   int32_t *n, sdy_backend_error_t *err) {
  return goBackendLocalDevices((uintptr_t)ud, ids, capacity, n, err);
}

static int32_t goTableAlloc(void *ud, int64_t device, size_t bytes, void **out,
                            sdy_backend_error_t *err) {
  (void)ud;
  (void)device;
  *out = malloc(bytes ? bytes : 1);
  if (*out)
    return SDY_BACKEND_OK;
  err->code = SDY_BACKEND_ERR_OUT_OF_MEMORY;
  strcpy(err->message, "out of host memory");
  return SDY_BACKEND_ERR_OUT_OF_MEMORY;
}

static int32_t goTableFree(void *ud, int64_t device, void *buffer,
                           sdy_backend_error_t *err) {
  (void)ud;
  (void)device;
  (void)err;
  free(buffer);
  return SDY_BACKEND_OK;
}

static int32_t goTableCopy(void *ud, int64_t device, void *dst, const void *src,
                           size_t bytes, sdy_backend_error_t *err) {
  (void)ud;
  (void)device;
  (void)err;
  if (bytes)
    memmove(dst, src, bytes);
  return SDY_BACKEND_OK;
}

static int32_t goTableAllReduce(void *ud, int64_t device, const int64_t *group,
                                int32_t group_size, const void *send,
                                void *recv, size_t count, int32_t dtype,
                                int32_t op, int64_t timeout_ms,
                                sdy_backend_error_t *err) {
  return goBackendAllReduce((uintptr_t)ud, device, (int64_t *)group, group_size,
                            (void *)send, recv, count, dtype, op, timeout_ms,
                            err);
}

static int32_t goTableAllGather(void *ud, int64_t device, const int64_t *group,
                                int32_t group_size, const void *send,
                                void *recv, size_t bytes, int64_t timeout_ms,
                                sdy_backend_error_t *err) {
  return goBackendAllGather((uintptr_t)ud, device, (int64_t *)group, group_size,
                            (void *)send, recv, bytes, timeout_ms, err);
}

static int32_t goTableAllToAll(void *ud, int64_t device, const int64_t *group,
                               int32_t group_size, const void *send, void *recv,
                               size_t chunk_bytes, int64_t timeout_ms,
                               sdy_backend_error_t *err) {
  return goBackendAllToAll((uintptr_t)ud, device, (int64_t *)group, group_size,
                           (void *)send, recv, chunk_bytes, timeout_ms, err);
}

static int32_t goTableReduceScatter(void *ud, int64_t device,
                                    const int64_t *group, int32_t group_size,
                                    const void *send, void *recv, size_t count,
                                    int32_t dtype, int32_t op,
                                    int64_t timeout_ms,
                                    sdy_backend_error_t *err) {
  return goBackendReduceScatter((uintptr_t)ud, device, (int64_t *)group,
                                group_size, (void *)send, recv, count, dtype,
                                op, timeout_ms, err);
}

static int32_t goTablePermute(void *ud, int64_t device, const int64_t *pairs,
                              int32_t num_pairs, const void *send, void *recv,
                              size_t bytes, int64_t timeout_ms,
                              sdy_backend_error_t *err) {
  return goBackendCollectivePermute((uintptr_t)ud, device, (int64_t *)pairs,
                                    num_pairs, (void *)send, recv, bytes,
                                    timeout_ms, err);
}

static int32_t goTableBarrier(void *ud, int64_t device, const int64_t *group,
                              int32_t group_size, int64_t timeout_ms,
                              sdy_backend_error_t *err) {
  return goBackendBarrier((uintptr_t)ud, device, (int64_t *)group, group_size,
                          timeout_ms, err);
}

sdy_backend_table_t *sdy_go_backend_table(uintptr_t handle, const char *name) {
  sdy_backend_table_t *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->struct_size = sizeof *t;
  t->abi_version = SDY_BACKEND_ABI_VERSION;
  t->flags = SDY_BACKEND_FLAG_HOST_MEMORY;
  t->name = name;
  t->user_data = (void *)handle;
  t->destroy = goTableDestroy;
  t->device_count = goTableDeviceCount;
  t->local_devices = goTableLocalDevices;
  t->buffer_alloc = goTableAlloc;
  t->buffer_free = goTableFree;
  t->copy_to_device = goTableCopy;
  t->copy_to_host = goTableCopy;
  t->all_reduce = goTableAllReduce;
  t->all_gather = goTableAllGather;
  t->all_to_all = goTableAllToAll;
  t->reduce_scatter = goTableReduceScatter;
  t->collective_permute = goTablePermute;
  t->barrier = goTableBarrier;
  return t;
}
