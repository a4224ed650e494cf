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

/// Maps a runtime status to an sdy status (`fn: what: message`).
sdy_status_t *fromRuntime(const char *fn, const sdy::runtime::Status &status,
                          const std::string &what = "");

} // namespace sdycapi

struct sdy_backend : sdycapi::Handle<sdycapi::HandleKind::Backend> {
  std::unique_ptr<sdy::runtime::Backend> backend;
  /// One program at a time on a backend.
  mutable std::mutex runMutex;
};

struct sdy_executable : sdycapi::Handle<sdycapi::HandleKind::Executable> {
  std::unique_ptr<sdy::runtime::ShardedExecutable> exe;
};

#endif // SDY_CAPI_RUNTIME_H
