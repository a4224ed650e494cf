//===- Backend.cpp - C++ side of the device-backend ABI -------------------===//
#include "runtime/Backend.h"

#include <cstddef>
#include <cstdlib>
#include <dlfcn.h>

namespace sdy::runtime {

namespace {
Status fromBackend(int32_t code, const sdy_backend_error_t &err,
                   const char *what) {
  if (code == SDY_BACKEND_OK)
    return Status::ok();
  std::string msg = std::string("backend ") + what + " failed";
  if (err.message[0])
    msg += ": " + std::string(err.message);
  int c = code;
  if (c < 1 || c > SDY_BACKEND_ERR_UNAVAILABLE)
    c = static_cast<int>(StatusCode::Internal);
  return Status(static_cast<StatusCode>(c), msg);
}

int32_t dtypeOf(ElementType t) { return static_cast<int32_t>(t); }
} // namespace

#define SDY_HAS(field)                                                         \
  has(offsetof(sdy_backend_table_t, field), (const void *)table_->field)
#define SDY_CALL(field, what, ...)                                             \
  do {                                                                         \
    if (!SDY_HAS(field))                                                       \
      return Status::unsupported(std::string("backend '") + name() +           \
                                 "' does not provide " what);                  \
    sdy_backend_error_t err;                                                   \
    err.code = 0;                                                              \
    err.message[0] = 0;                                                        \
    int32_t rc = table_->field(table_->user_data, __VA_ARGS__, &err);          \
    if (rc != SDY_BACKEND_OK)                                                  \
      return fromBackend(rc, err, what);                                       \
  } while (0)

Status Backend::wrap(sdy_backend_table_t *table, bool owned,
                     std::unique_ptr<Backend> &out, void *dlHandle) {
  if (!table)
    return Status::invalid("null backend table");
  if (table->struct_size < offsetof(sdy_backend_table_t, destroy))
    return Status::invalid("backend table too small (struct_size)");
  if (table->abi_version > SDY_BACKEND_ABI_VERSION)
    return Status::unsupported("backend ABI version " +
                               std::to_string(table->abi_version) +
                               " is newer than the runtime's " +
                               std::to_string(SDY_BACKEND_ABI_VERSION));
  out.reset(new Backend());
  out->table_ = table;
  out->owned_ = owned;
  out->dlHandle_ = dlHandle;
  return Status::ok();
}

Status Backend::load(const std::string &path, const std::string &options,
                     std::unique_ptr<Backend> &out) {
  void *h = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return Status::invalid("cannot load backend plugin '" + path +
                           "': " + dlerror());
  auto fn = reinterpret_cast<sdy_backend_create_fn>(
      dlsym(h, SDY_BACKEND_ENTRY_SYMBOL));
  if (!fn) {
    dlclose(h);
    return Status::invalid("backend plugin '" + path + "' lacks symbol " +
                           SDY_BACKEND_ENTRY_SYMBOL);
  }
  sdy_backend_error_t err;
  err.code = 0;
  err.message[0] = 0;
  sdy_backend_table_t *t =
      fn(options.empty() ? nullptr : options.c_str(), &err);
  if (!t) {
    dlclose(h);
    return Status(StatusCode::Internal,
                  "backend plugin '" + path +
                      "' failed to start: " + err.message);
  }
  Status s = wrap(t, true, out, h);
  if (!s.isOk()) {
    if (t->destroy)
      t->destroy(t->user_data);
    dlclose(h);
  }
  return s;
}

Status Backend::create(const std::string &nameOrPath, int32_t numDevices,
                       std::unique_ptr<Backend> &out) {
  if (nameOrPath.empty() || nameOrPath == "local") {
    if (numDevices < 1)
      return Status::invalid("local backend needs >= 1 device");
    return wrap(createLocalBackendTable(numDevices), true, out);
  }
  if (nameOrPath == "mpi") {
    std::vector<std::string> candidates;
    if (const char *env = std::getenv("SDY_BACKEND_MPI_PATH"))
      candidates.push_back(env);
#ifdef SDY_MPI_PLUGIN_PATH
    candidates.push_back(SDY_MPI_PLUGIN_PATH);
#endif
    candidates.push_back("libsdy_backend_mpi.so");
    Status last;
    for (const std::string &c : candidates) {
      last = load(c, "", out);
      if (last.isOk())
        return last;
    }
    return last;
  }
  return load(nameOrPath, "", out);
}

Backend::~Backend() {
  if (owned_ && table_ && table_->destroy)
    table_->destroy(table_->user_data);
  if (dlHandle_)
    dlclose(dlHandle_);
}

std::string Backend::name() const {
  return table_->name ? table_->name : "unnamed";
}

bool Backend::has(size_t offset, const void *fn) const {
  return offset + sizeof(void *) <= table_->struct_size && fn != nullptr;
}

Status Backend::deviceCount(int32_t &count) const {
  SDY_CALL(device_count, "device_count", &count);
  return Status::ok();
}

Status Backend::localDevices(std::vector<int64_t> &ids) const {
  int32_t n = 0;
  ids.assign(4096, 0);
  SDY_CALL(local_devices, "local_devices", ids.data(), 4096, &n);
  ids.resize(n);
  return Status::ok();
}

Status Backend::toDevice(int64_t device, const void *host, size_t bytes,
                         void *&dev) const {
  SDY_CALL(buffer_alloc, "buffer_alloc", device, bytes ? bytes : 1, &dev);
  if (host && bytes) {
    Status s = [&]() -> Status {
      SDY_CALL(copy_to_device, "copy_to_device", device, dev, host, bytes);
      return Status::ok();
    }();
    if (!s.isOk()) {
      (void)freeDev(device, dev);
      dev = nullptr;
      return s;
    }
  }
  return Status::ok();
}

Status Backend::toHost(int64_t device, const void *dev, void *host,
                       size_t bytes) const {
  if (bytes)
    SDY_CALL(copy_to_host, "copy_to_host", device, host,
             const_cast<void *>(dev), bytes);
  return Status::ok();
}

Status Backend::freeDev(int64_t device, void *dev) const {
  SDY_CALL(buffer_free, "buffer_free", device, dev);
  return Status::ok();
}

/// A device buffer staging host memory for one collective. It is freed on
/// every path: by release() (which reports a failed free) or, on an early
/// error, by the destructor.
class Backend::StagingBuffer {
public:
  StagingBuffer(const Backend &backend, int64_t device)
      : backend_(backend), device_(device) {}
  ~StagingBuffer() {
    if (buffer_)
      (void)backend_.freeDev(device_, buffer_);
  }
  StagingBuffer(const StagingBuffer &) = delete;
  StagingBuffer &operator=(const StagingBuffer &) = delete;

  /// Allocates `bytes`, copying them from `host` unless it is null.
  Status stage(const void *host, size_t bytes) {
    return backend_.toDevice(device_, host, bytes, buffer_);
  }
  void *get() const { return buffer_; }
  /// Copies `bytes` back to `host`, then frees the buffer.
  Status unstage(void *host, size_t bytes) {
    Status s = backend_.toHost(device_, buffer_, host, bytes);
    Status f = release();
    return s.isOk() ? f : s;
  }
  Status release() {
    void *buffer = buffer_;
    buffer_ = nullptr;
    return backend_.freeDev(device_, buffer);
  }

private:
  const Backend &backend_;
  int64_t device_;
  void *buffer_ = nullptr;
};

Status Backend::staged(int64_t device, const void *send, size_t sendBytes,
                       void *recv, size_t recvBytes, bool recvIsInput,
                       const CollectiveCall &call) const {
  if (hostMemory())
    return call(send, recv);
  StagingBuffer sendBuffer(*this, device), recvBuffer(*this, device);
  SDY_RETURN_IF_ERROR(sendBuffer.stage(send, sendBytes));
  SDY_RETURN_IF_ERROR(
      recvBuffer.stage(recvIsInput ? recv : nullptr, recvBytes));
  SDY_RETURN_IF_ERROR(call(sendBuffer.get(), recvBuffer.get()));
  SDY_RETURN_IF_ERROR(sendBuffer.release());
  return recvBuffer.unstage(recv, recvBytes);
}

Status Backend::allReduce(int64_t device, const std::vector<int64_t> &group,
                          const void *send, void *recv, size_t count,
                          ElementType t, CollectiveReduce op,
                          int64_t timeoutMs) const {
  size_t bytes = count * elementSize(t);
  return staged(device, send, bytes, recv, bytes, false,
                [&](const void *s, void *r) -> Status {
                  SDY_CALL(all_reduce, "all_reduce", device, group.data(),
                           static_cast<int32_t>(group.size()), s, r, count,
                           dtypeOf(t), static_cast<int32_t>(op), timeoutMs);
                  return Status::ok();
                });
}

Status Backend::allGather(int64_t device, const std::vector<int64_t> &group,
                          const void *send, void *recv, size_t bytes,
                          int64_t timeoutMs) const {
  return staged(device, send, bytes, recv, bytes * group.size(), false,
                [&](const void *s, void *r) -> Status {
                  SDY_CALL(all_gather, "all_gather", device, group.data(),
                           static_cast<int32_t>(group.size()), s, r, bytes,
                           timeoutMs);
                  return Status::ok();
                });
}

Status Backend::allToAll(int64_t device, const std::vector<int64_t> &group,
                         const void *send, void *recv, size_t chunkBytes,
                         int64_t timeoutMs) const {
  size_t total = chunkBytes * group.size();
  return staged(device, send, total, recv, total, false,
                [&](const void *s, void *r) -> Status {
                  SDY_CALL(all_to_all, "all_to_all", device, group.data(),
                           static_cast<int32_t>(group.size()), s, r, chunkBytes,
                           timeoutMs);
                  return Status::ok();
                });
}

Status Backend::reduceScatter(int64_t device, const std::vector<int64_t> &group,
                              const void *send, void *recv, size_t count,
                              ElementType t, CollectiveReduce op,
                              int64_t timeoutMs) const {
  size_t bytes = count * elementSize(t);
  return staged(device, send, bytes * group.size(), recv, bytes, false,
                [&](const void *s, void *r) -> Status {
                  SDY_CALL(reduce_scatter, "reduce_scatter", device,
                           group.data(), static_cast<int32_t>(group.size()), s,
                           r, count, dtypeOf(t), static_cast<int32_t>(op),
                           timeoutMs);
                  return Status::ok();
                });
}

Status Backend::collectivePermute(int64_t device,
                                  const std::vector<int64_t> &pairs,
                                  const void *send, void *recv, size_t bytes,
                                  int64_t timeoutMs) const {
  // A device that receives nothing keeps its recv contents.
  return staged(device, send, bytes, recv, bytes, true,
                [&](const void *s, void *r) -> Status {
                  SDY_CALL(collective_permute, "collective_permute", device,
                           pairs.data(), static_cast<int32_t>(pairs.size() / 2),
                           s, r, bytes, timeoutMs);
                  return Status::ok();
                });
}

Status Backend::barrier(int64_t device, const std::vector<int64_t> &group,
                        int64_t timeoutMs) const {
  SDY_CALL(barrier, "barrier", device, group.data(),
           static_cast<int32_t>(group.size()), timeoutMs);
  return Status::ok();
}

} // namespace sdy::runtime
