//===- Runtime.h - handles over the execution runtime -----------*- C++ -*-===//
//
// sdy_backend_t wraps runtime::Backend, sdy_executable_t wraps
// runtime::ShardedExecutable (the program with the shard layout of every
// argument and result). Internal to libsdy_c.so.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CAPI_RUNTIME_H
#define SDY_CAPI_RUNTIME_H

#include "Internal.h"

#include "runtime/Backend.h"
#include "runtime/ShardedExecutable.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sdycapi {

constexpr uint64_t kBackendMagic = 0x5344594241430001ull;
constexpr uint64_t kExecutableMagic = 0x5344594558450001ull;

/// Maps a runtime status to an sdy status (`fn: what: message`).
sdy_status_t *fromRuntime(const char *fn, const sdy::runtime::Status &status,
                          const std::string &what = "");

} // namespace sdycapi

struct sdy_backend {
  uint64_t magic = sdycapi::kBackendMagic;
  std::unique_ptr<sdy::runtime::Backend> backend;
  /// One program at a time on a backend.
  mutable std::mutex runMutex;
};

struct sdy_executable {
  uint64_t magic = sdycapi::kExecutableMagic;
  std::unique_ptr<sdy::runtime::ShardedExecutable> exe;
};

#endif // SDY_CAPI_RUNTIME_H
