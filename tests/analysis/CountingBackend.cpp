//===- CountingBackend.cpp - a backend that counts what it moves ----------===//

#include "CountingBackend.h"

#include "runtime/Tensor.h"

#include <algorithm>
#include <cstring>

namespace sdy::test {
namespace {

// The backend dtypes are the runtime's element types.
size_t dtypeBytes(int32_t dtype) {
  return sdy::runtime::elementSize(
      static_cast<sdy::runtime::ElementType>(dtype));
}

// Forwards a host/device copy to the same function of the wrapped table.
template <auto Copy>
int32_t forwardCopy(void *ud, int64_t device, void *dst, const void *src,
                    size_t bytes, sdy_backend_error_t *err) {
  const sdy_backend_table_t *in = static_cast<CountingBackend *>(ud)->inner();
  return (in->*Copy)(in->user_data, device, dst, src, bytes, err);
}

int64_t indexIn(const int64_t *group, int32_t n, int64_t device) {
  for (int32_t i = 0; i < n; ++i)
    if (group[i] == device)
      return i;
  return -1;
}

} // namespace

CountingBackend::CountingBackend(const sdy_backend_table_t *inner, bool isMpi,
                                 int32_t numDevices)
    : inner_(inner), isMpi_(isMpi), calls_(numDevices) {
  table_ = *inner;
  table_.struct_size = sizeof(table_);
  table_.name = "counting";
  table_.destroy = nullptr;
  table_.all_reduce = allReduce;
  table_.all_gather = allGather;
  table_.all_to_all = allToAll;
  table_.reduce_scatter = reduceScatter;
  table_.collective_permute = permute;
  table_.user_data = this;
  table_.device_count = [](void *ud, int32_t *count, sdy_backend_error_t *err) {
    const sdy_backend_table_t *in = self(ud)->inner_;
    return in->device_count(in->user_data, count, err);
  };
  table_.local_devices = [](void *ud, int64_t *ids, int32_t capacity,
                            int32_t *n, sdy_backend_error_t *err) {
    const sdy_backend_table_t *in = self(ud)->inner_;
    return in->local_devices(in->user_data, ids, capacity, n, err);
  };
  table_.buffer_alloc = [](void *ud, int64_t device, size_t bytes, void **out,
                           sdy_backend_error_t *err) {
    const sdy_backend_table_t *in = self(ud)->inner_;
    return in->buffer_alloc(in->user_data, device, bytes, out, err);
  };
  table_.buffer_free = [](void *ud, int64_t device, void *buffer,
                          sdy_backend_error_t *err) {
    const sdy_backend_table_t *in = self(ud)->inner_;
    return in->buffer_free(in->user_data, device, buffer, err);
  };
  table_.copy_to_device = forwardCopy<&sdy_backend_table_t::copy_to_device>;
  table_.copy_to_host = forwardCopy<&sdy_backend_table_t::copy_to_host>;
  table_.barrier = [](void *ud, int64_t device, const int64_t *group, int32_t n,
                      int64_t timeout, sdy_backend_error_t *err) {
    const sdy_backend_table_t *in = self(ud)->inner_;
    return in->barrier(in->user_data, device, group, n, timeout, err);
  };
}

void CountingBackend::record(int64_t device, const char *kind, uint64_t size,
                             uint64_t sent, uint64_t received,
                             uint64_t sendBuffer, uint64_t recvBuffer) {
  // Each device's thread only touches its own list.
  if (device >= 0 && device < static_cast<int64_t>(calls_.size()))
    calls_[device].push_back(
        {kind, size, sent, received, sendBuffer, recvBuffer});
}

int32_t CountingBackend::allReduce(void *ud, int64_t device,
                                   const int64_t *group, int32_t n,
                                   const void *send, void *recv, size_t count,
                                   int32_t dtype, int32_t op, int64_t timeout,
                                   sdy_backend_error_t *err) {
  CountingBackend *b = self(ud);
  int64_t me = indexIn(group, n, device);
  size_t es = dtypeBytes(dtype), bytes = count * es;
  uint64_t moved = 0;
  if (me >= 0 && n > 1) {
    if (b->isMpi_ && bytes <= 65536) {
      // small_all_reduce: my buffer to every other member, theirs to me.
      moved = (n - 1) * bytes;
    } else {
      // Part `me` of the elements: mpi balances, local aligns to 64 bytes.
      size_t mine;
      if (b->isMpi_) {
        mine = count / n + (static_cast<size_t>(me) < count % n ? 1 : 0);
      } else {
        size_t align = std::max<size_t>(1, 64 / es);
        size_t chunk = (count + n - 1) / n;
        chunk = (chunk + align - 1) / align * align;
        size_t begin = std::min(count, me * chunk);
        mine = std::min(count, begin + chunk) - begin;
      }
      // Reduce-scatter: every other part of my send buffer leaves, my part
      // of every peer's buffer arrives; all-gather: my reduced part leaves
      // n - 1 times, the other reduced parts arrive.
      moved = (count - mine) * es + (n - 1) * mine * es;
    }
  }
  b->record(device, "all_reduce", count, moved, moved, bytes, bytes);
  return b->inner_->all_reduce(b->inner_->user_data, device, group, n, send,
                               recv, count, dtype, op, timeout, err);
}

int32_t CountingBackend::allGather(void *ud, int64_t device,
                                   const int64_t *group, int32_t n,
                                   const void *send, void *recv, size_t bytes,
                                   int64_t timeout, sdy_backend_error_t *err) {
  CountingBackend *b = self(ud);
  uint64_t moved = indexIn(group, n, device) >= 0 ? (n - 1) * bytes : 0;
  b->record(device, "all_gather", bytes, moved, moved, bytes, n * bytes);
  return b->inner_->all_gather(b->inner_->user_data, device, group, n, send,
                               recv, bytes, timeout, err);
}

int32_t CountingBackend::allToAll(void *ud, int64_t device,
                                  const int64_t *group, int32_t n,
                                  const void *send, void *recv, size_t chunk,
                                  int64_t timeout, sdy_backend_error_t *err) {
  CountingBackend *b = self(ud);
  uint64_t moved = indexIn(group, n, device) >= 0 ? (n - 1) * chunk : 0;
  b->record(device, "all_to_all", chunk, moved, moved, n * chunk, n * chunk);
  return b->inner_->all_to_all(b->inner_->user_data, device, group, n, send,
                               recv, chunk, timeout, err);
}

int32_t CountingBackend::reduceScatter(void *ud, int64_t device,
                                       const int64_t *group, int32_t n,
                                       const void *send, void *recv,
                                       size_t count, int32_t dtype, int32_t op,
                                       int64_t timeout,
                                       sdy_backend_error_t *err) {
  CountingBackend *b = self(ud);
  uint64_t moved =
      indexIn(group, n, device) >= 0 ? (n - 1) * count * dtypeBytes(dtype) : 0;
  size_t chunkBytes = count * dtypeBytes(dtype);
  b->record(device, "reduce_scatter", count, moved, moved, n * chunkBytes,
            chunkBytes);
  return b->inner_->reduce_scatter(b->inner_->user_data, device, group, n, send,
                                   recv, count, dtype, op, timeout, err);
}

int32_t CountingBackend::permute(void *ud, int64_t device, const int64_t *pairs,
                                 int32_t numPairs, const void *send, void *recv,
                                 size_t bytes, int64_t timeout,
                                 sdy_backend_error_t *err) {
  CountingBackend *b = self(ud);
  uint64_t sent = 0, received = 0, sendBuffer = 0, recvBuffer = 0;
  for (int32_t i = 0; i < numPairs; ++i) {
    int64_t s = pairs[2 * i], t = pairs[2 * i + 1];
    if (s == device)
      sendBuffer = bytes;
    if (t == device)
      recvBuffer = bytes;
    if (s == t)
      continue; // a copy within the device
    if (s == device)
      sent += bytes;
    if (t == device)
      received += bytes;
  }
  b->record(device, "collective_permute", bytes, sent, received, sendBuffer,
            recvBuffer);
  return b->inner_->collective_permute(b->inner_->user_data, device, pairs,
                                       numPairs, send, recv, bytes, timeout,
                                       err);
}

} // namespace sdy::test
