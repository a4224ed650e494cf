//===- Backend.h - C++ side of the device-backend ABI -----------*- C++ -*-===//
//
// `Backend` owns an sdy_backend_table_t table (include/sdy_c/backend.h), checks
// its version, and offers typed calls that handle missing functions and,
// for backends whose memory is not host memory, the staging copies. Built-in
// backends: `createLocalBackend` (threads in one process) and the mpi plugin
// (`Backend::load("libsdy_backend_mpi.so")`).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_BACKEND_H
#define SDY_RUNTIME_BACKEND_H

#include "runtime/Status.h"
#include "runtime/Tensor.h"
#include "sdy_c/backend.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sdy::runtime {

enum class CollectiveReduce { Sum = 0, Max = 1, Min = 2, Prod = 3 };

class Backend {
public:
  // Wraps a table. With `owned`, the table's destroy() is called by the
  // destructor; `dlHandle` (from dlopen) is closed after that.
  static Status wrap(sdy_backend_table_t *table, bool owned,
                     std::unique_ptr<Backend> &out, void *dlHandle = nullptr);
  // dlopen()s `path` and calls its SDY_BACKEND_ENTRY_SYMBOL with `options`.
  static Status load(const std::string &path, const std::string &options,
                     std::unique_ptr<Backend> &out);
  // "local" (needs numDevices), "mpi" (the plugin next to the runtime or on
  // the loader path) or a path to a plugin .so.
  static Status create(const std::string &nameOrPath, int32_t numDevices,
                       std::unique_ptr<Backend> &out);
  ~Backend();
  Backend(const Backend &) = delete;
  Backend &operator=(const Backend &) = delete;

  const sdy_backend_table_t &table() const { return *table_; }
  std::string name() const;
  bool hostMemory() const {
    return (table_->flags & SDY_BACKEND_FLAG_HOST_MEMORY) != 0;
  }

  Status deviceCount(int32_t &count) const;
  Status localDevices(std::vector<int64_t> &ids) const;

  // Collectives over host memory (staged through device buffers when the
  // backend's memory is not host memory). Sizes in elements or bytes as in
  // backend.h.
  Status allReduce(int64_t device, const std::vector<int64_t> &group,
                   const void *send, void *recv, size_t count, ElementType t,
                   CollectiveReduce op, int64_t timeoutMs) const;
  Status allGather(int64_t device, const std::vector<int64_t> &group,
                   const void *send, void *recv, size_t bytes,
                   int64_t timeoutMs) const;
  Status allToAll(int64_t device, const std::vector<int64_t> &group,
                  const void *send, void *recv, size_t chunkBytes,
                  int64_t timeoutMs) const;
  Status reduceScatter(int64_t device, const std::vector<int64_t> &group,
                       const void *send, void *recv, size_t count,
                       ElementType t, CollectiveReduce op,
                       int64_t timeoutMs) const;
  // pairs: flattened (source, target) list.
  Status collectivePermute(int64_t device, const std::vector<int64_t> &pairs,
                           const void *send, void *recv, size_t bytes,
                           int64_t timeoutMs) const;
  Status barrier(int64_t device, const std::vector<int64_t> &group,
                 int64_t timeoutMs) const;

private:
  Backend() = default;
  bool has(size_t offset, const void *fn) const;
  // Runs a collective as call(send, recv). When the backend's memory is not
  // host memory, send (sendBytes) and recv (recvBytes; copied in too when
  // `recvIsInput`) are staged through device buffers that are freed on
  // every path.
  using CollectiveCall = std::function<Status(const void *send, void *recv)>;
  Status staged(int64_t device, const void *send, size_t sendBytes, void *recv,
                size_t recvBytes, bool recvIsInput,
                const CollectiveCall &call) const;
  class StagingBuffer;
  // Allocates a device buffer of `bytes`, copying them from `host` unless
  // it is null.
  Status toDevice(int64_t device, const void *host, size_t bytes,
                  void *&dev) const;
  Status toHost(int64_t device, const void *dev, void *host,
                size_t bytes) const;
  Status freeDev(int64_t device, void *dev) const;

  sdy_backend_table_t *table_ = nullptr;
  bool owned_ = false;
  void *dlHandle_ = nullptr;
};

// The local backend: `numDevices` devices as threads of this process, with
// shared-memory collectives. The table is heap-allocated; destroy() frees it.
sdy_backend_table_t *createLocalBackendTable(int32_t numDevices);

// The local backend's abort hook (internal, not in the public ABI): wakes
// every device waiting to enter a collective (it fails with
// SDY_BACKEND_ERR_UNAVAILABLE) and makes new collectives fail at once, until
// localBackendReset. Both return false, doing nothing, for any other table.
bool localBackendAbort(const sdy_backend_table_t &table);
bool localBackendReset(const sdy_backend_table_t &table);

} // namespace sdy::runtime

#endif // SDY_RUNTIME_BACKEND_H
