//===- Runtime.h - handles over the execution runtime -----------*- C++ -*-===//
//
// sdy_backend_t wraps runtime::Backend, sdy_executable_t wraps
// runtime::Executable plus what the C ABI needs to scatter and gather global
// arrays (the shard layout of every argument and result). Internal to
// libsdy_c.so.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CAPI_RUNTIME_H
#define SDY_CAPI_RUNTIME_H

#include "Internal.h"

#include "runtime/Backend.h"
#include "runtime/Executable.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace sdycapi {

/// How a function argument or result is split over the devices.
struct ValueLayout {
  sdy::runtime::TensorSpec spec; // local type
  /// Shards per dimension (1 = not split); empty when replicated/unsharded.
  std::vector<int64_t> numShards;
  /// shardIndex[device][dim] for device ids 0..N-1 (empty when unsharded).
  std::vector<std::vector<int64_t>> shardIndex;
  /// The exact global shape, when the module records it (`sdy.global_type`
  /// of a partitioned function) or the program runs on one device.
  bool hasGlobalShape = false;
  std::vector<int64_t> globalShape;
  bool sharded() const { return !numShards.empty(); }
};

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
  std::unique_ptr<sdy::runtime::Executable> exe;
  std::string function;
  int64_t numDevices = 1;
  std::vector<sdycapi::ValueLayout> args, results;
};

#endif // SDY_CAPI_RUNTIME_H
