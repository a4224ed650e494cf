/* A minimal device-backend plugin for the C ABI tests (sdy_backend_load):
 * host memory, no collectives. Options: NULL or "devices=N" (N devices, all
 * local), "fail" (the entry function reports an error). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sdy_c/backend.h"

typedef struct {
  sdy_backend_table_t table;
  int32_t devices;
} plugin_t;

static void plugin_destroy(void *user_data) { free(user_data); }

static int32_t plugin_device_count(void *user_data, int32_t *count,
                                   sdy_backend_error_t *err) {
  (void)err;
  *count = ((plugin_t *)user_data)->devices;
  return SDY_BACKEND_OK;
}

static int32_t plugin_local_devices(void *user_data, int64_t *ids,
                                    int32_t capacity, int32_t *n,
                                    sdy_backend_error_t *err) {
  (void)err;
  plugin_t *p = user_data;
  for (int32_t i = 0; i < p->devices && i < capacity; ++i)
    ids[i] = i;
  *n = p->devices;
  return SDY_BACKEND_OK;
}

sdy_backend_table_t *sdy_backend_create(const char *options,
                                        sdy_backend_error_t *err) {
  int devices = 1;
  if (options && !strcmp(options, "fail")) {
    snprintf(err->message, sizeof err->message, "test plugin asked to fail");
    err->code = SDY_BACKEND_ERR_INVALID_ARGUMENT;
    return NULL;
  }
  if (options && sscanf(options, "devices=%d", &devices) != 1)
    devices = 1;
  plugin_t *p = calloc(1, sizeof *p);
  p->devices = devices;
  p->table.struct_size = sizeof(sdy_backend_table_t);
  p->table.abi_version = SDY_BACKEND_ABI_VERSION;
  p->table.flags = SDY_BACKEND_FLAG_HOST_MEMORY;
  p->table.name = "test-plugin";
  p->table.user_data = p;
  p->table.destroy = plugin_destroy;
  p->table.device_count = plugin_device_count;
  p->table.local_devices = plugin_local_devices;
  return &p->table;
}
