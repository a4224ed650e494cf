//===- Backend.cpp - sdy_backend_t ---------------------------------===//

#include "Runtime.h"

using namespace sdycapi;
namespace rt = ::sdy::runtime;

sdy_status_t *sdycapi::fromRuntime(const char *fn, const rt::Status &status,
                                   const std::string &what) {
  if (status.isOk())
    return nullptr;
  int32_t code = SDY_FAILED_PRECONDITION;
  switch (status.code()) {
  case rt::StatusCode::InvalidArgument:
    code = SDY_INVALID_ARGUMENT;
    break;
  case rt::StatusCode::Unsupported:
    code = SDY_UNIMPLEMENTED;
    break;
  case rt::StatusCode::Internal:
    code = SDY_INTERNAL;
    break;
  case rt::StatusCode::OutOfMemory:
    code = SDY_RESOURCE_EXHAUSTED;
    break;
  case rt::StatusCode::Timeout:
  case rt::StatusCode::DeadlineExceeded:
    code = SDY_DEADLINE_EXCEEDED;
    break;
  case rt::StatusCode::Unavailable:
    code = SDY_UNAVAILABLE;
    break;
  case rt::StatusCode::Cancelled:
    code = SDY_CANCELLED;
    break;
  default:
    break;
  }
  std::string message = std::string(fn) + ": ";
  if (!what.empty())
    message += what + ": ";
  return makeStatus(code, message + status.message());
}

namespace {

sdy_backend_t *newBackend(std::unique_ptr<rt::Backend> backend) {
  auto *handle = new sdy_backend;
  handle->backend = std::move(backend);
  return handle;
}

} // namespace

extern "C" {

sdy_status_t *sdy_backend_create_local(int32_t num_devices,
                                       sdy_backend_t **out_backend) {
  static constexpr const char *fn = "sdy_backend_create_local";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .out(out_backend, "out_backend")
                .require(num_devices >= 1 && num_devices <= 4096, [&] {
                  return "num_devices must be in [1, 4096], got " +
                         std::to_string(num_devices);
                }))
      return s;
    std::unique_ptr<rt::Backend> backend;
    if (sdy_status_t *s =
            fromRuntime(fn, rt::Backend::create("local", num_devices, backend)))
      return s;
    *out_backend = newBackend(std::move(backend));
    return nullptr;
  });
}

sdy_status_t *sdy_backend_load(const char *path, const char *options,
                               sdy_backend_t **out_backend) {
  static constexpr const char *fn = "sdy_backend_load";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .nonEmptyString(path, "path")
                              .optionalString(options, "options")
                              .out(out_backend, "out_backend"))
      return s;
    std::unique_ptr<rt::Backend> backend;
    rt::Status status =
        rt::Backend::load(path, options ? options : "", backend);
    if (!status.isOk()) {
      // A plugin that starts and fails is not an argument error.
      if (status.code() == rt::StatusCode::Internal)
        return makeStatus(SDY_FAILED_PRECONDITION,
                          std::string(fn) + ": " + status.message());
      return fromRuntime(fn, status);
    }
    *out_backend = newBackend(std::move(backend));
    return nullptr;
  });
}

sdy_status_t *sdy_backend_wrap(const sdy_backend_table_t *table,
                               sdy_backend_t **out_backend) {
  static constexpr const char *fn = "sdy_backend_wrap";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .require(table, [] { return "'table' is NULL"; })
                              .out(out_backend, "out_backend"))
      return s;
    if (table->struct_size < offsetof(sdy_backend_table_t, local_devices) +
                                 sizeof(table->local_devices))
      return invalidArgument(
          fn, "the table's struct_size (" + std::to_string(table->struct_size) +
                  ") is too small: it must hold at least device_count and "
                  "local_devices");
    if (!table->device_count || !table->local_devices)
      return invalidArgument(fn, "the table lacks device_count or "
                                 "local_devices");
    std::unique_ptr<rt::Backend> backend;
    // The runtime never writes the table; it is borrowed (not owned).
    if (sdy_status_t *s = fromRuntime(
            fn, rt::Backend::wrap(const_cast<sdy_backend_table_t *>(table),
                                  /*owned=*/false, backend)))
      return s;
    *out_backend = newBackend(std::move(backend));
    return nullptr;
  });
}

void sdy_backend_destroy(sdy_backend_t *backend) { destroyHandle(backend); }

sdy_status_t *sdy_backend_device_count(const sdy_backend_t *backend,
                                       int32_t *out_count) {
  static constexpr const char *fn = "sdy_backend_device_count";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(backend, "backend").out(out_count, "out_count"))
      return s;
    int32_t count = 0;
    if (sdy_status_t *s = fromRuntime(fn, backend->backend->deviceCount(count)))
      return s;
    *out_count = count;
    return nullptr;
  });
}

sdy_status_t *sdy_backend_local_devices(const sdy_backend_t *backend,
                                        int64_t *out_ids, size_t capacity,
                                        size_t *out_count) {
  static constexpr const char *fn = "sdy_backend_local_devices";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(backend, "backend")
                              .out(out_count, "out_count")
                              .array(out_ids, capacity, "out_ids"))
      return s;
    std::vector<int64_t> ids;
    if (sdy_status_t *s = fromRuntime(fn, backend->backend->localDevices(ids)))
      return s;
    if (out_ids && capacity < ids.size())
      return invalidArgument(
          fn, "capacity " + std::to_string(capacity) + " is smaller than the " +
                  std::to_string(ids.size()) + " local devices");
    if (out_ids)
      std::copy(ids.begin(), ids.end(), out_ids);
    *out_count = ids.size();
    return nullptr;
  });
}

} // extern "C"
