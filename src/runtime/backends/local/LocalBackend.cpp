//===- LocalBackend.cpp - devices as threads, shared-memory collectives ---===//
//
// N devices live in this process; the runtime drives each from its own
// thread. Device memory is host memory. A collective is a rendezvous of the
// group's members on a per-group object (keyed by the ordered group): every
// member publishes its buffer pointers, waits until all have arrived, then
// copies/reduces its share straight from the peers' buffers (no staging),
// and waits again so that no buffer is reused while a peer still reads it.
// All members work in parallel, so the bandwidth is that of memcpy.
//
// all_reduce splits the elements in one chunk per member: member i reduces
// chunk i over all send buffers (in blocks that stay in cache) and writes it
// into every member's receive buffer. Only member i ever touches chunk i of
// any buffer, which makes in-place (send == recv) safe.
//
// A member that waits longer than the timeout marks the rendezvous broken:
// it and every member still waiting return SDY_BACKEND_ERR_TIMEOUT, and the
// group gets a fresh rendezvous for later calls.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Dispatch.h"
#include "runtime/ReduceApply.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <map>
#include <mutex>
#include <thread>

namespace sdy::runtime {
namespace {

using Clock = std::chrono::steady_clock;

enum class Kind { AllReduce, AllGather, AllToAll, ReduceScatter, Permute, Barrier };

struct Slot {
  const void *send = nullptr;
  void *recv = nullptr;
  size_t size = 0;
  int kind = 0, dtype = 0, op = 0;
  int64_t device = -1;
};

int32_t fail(sdy_backend_error_t *err, int32_t code, const std::string &m) {
  err->code = code;
  std::snprintf(err->message, SDY_BACKEND_MESSAGE_SIZE, "%s", m.c_str());
  return code;
}

constexpr int kSpinIterations = 4000;

struct Rendezvous {
  explicit Rendezvous(size_t n) : n(n), slots(n) {}
  std::mutex mu;
  std::condition_variable cv;
  size_t n;
  size_t arrived = 0;
  uint64_t generation = 0;
  std::atomic<uint64_t> publishedGeneration{0}; // mirrors generation
  bool broken = false;
  std::atomic<bool> brokenFlag{false};
  std::vector<Slot> slots;

  // A reusable barrier with a deadline. Returns 0 or an error code.
  int32_t wait(int64_t timeoutMs, sdy_backend_error_t *err,
               const char *what) {
    std::unique_lock<std::mutex> l(mu);
    if (broken)
      return fail(err, SDY_BACKEND_ERR_TIMEOUT,
                  std::string(what) + ": group broken by an earlier timeout");
    uint64_t gen = generation;
    if (++arrived == n) {
      arrived = 0;
      ++generation;
      publishedGeneration.store(generation, std::memory_order_release);
      cv.notify_all();
      return SDY_BACKEND_OK;
    }
    // Spin briefly (small collectives complete in microseconds), then sleep.
    l.unlock();
    for (int i = 0; i < kSpinIterations; ++i) {
      if (publishedGeneration.load(std::memory_order_acquire) != gen)
        return SDY_BACKEND_OK;
      if (brokenFlag.load(std::memory_order_relaxed)) break;
      if ((i & 63) == 63) std::this_thread::yield();
    }
    l.lock();
    auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    while (generation == gen && !broken) {
      if (timeoutMs > 0) {
        if (cv.wait_until(l, deadline) == std::cv_status::timeout &&
            generation == gen && !broken) {
          broken = true;
          brokenFlag.store(true);
          cv.notify_all();
          return fail(err, SDY_BACKEND_ERR_TIMEOUT,
                      std::string(what) + ": timed out after " +
                          std::to_string(timeoutMs) + " ms waiting for " +
                          std::to_string(n - arrived) + " of " +
                          std::to_string(n) + " devices");
        }
      } else {
        cv.wait(l);
      }
    }
    if (generation == gen)
      return fail(err, SDY_BACKEND_ERR_TIMEOUT,
                  std::string(what) + ": a peer timed out");
    return SDY_BACKEND_OK;
  }
};

struct LocalBackend {
  sdy_backend_table_t table;
  int32_t numDevices;
  std::mutex mapMu;
  std::map<std::vector<int64_t>, std::shared_ptr<Rendezvous>> groups;

  std::shared_ptr<Rendezvous> get(const std::vector<int64_t> &key,
                                  size_t n) {
    std::lock_guard<std::mutex> l(mapMu);
    auto &r = groups[key];
    if (!r || r->broken) r = std::make_shared<Rendezvous>(n);
    return r;
  }
};

LocalBackend *self(void *ud) { return static_cast<LocalBackend *>(ud); }

// Validates the group and finds `device` in it.
int32_t memberIndex(LocalBackend *b, int64_t device, const int64_t *group,
                    int32_t n, size_t &me, sdy_backend_error_t *err) {
  if (n <= 0 || !group)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT, "empty group");
  bool found = false;
  for (int32_t i = 0; i < n; ++i) {
    if (group[i] < 0 || group[i] >= b->numDevices)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "device id " + std::to_string(group[i]) + " out of range");
    for (int32_t j = 0; j < i; ++j)
      if (group[j] == group[i])
        return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                    "device id repeated in group");
    if (group[i] == device) {
      me = i;
      found = true;
    }
  }
  if (!found)
    return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                "device " + std::to_string(device) + " is not in the group");
  return SDY_BACKEND_OK;
}

// Publishes `slot`, waits for all members and checks they agree.
int32_t enter(Rendezvous &r, size_t me, const Slot &slot, int64_t timeoutMs,
              sdy_backend_error_t *err, const char *what) {
  r.slots[me] = slot;
  if (int32_t rc = r.wait(timeoutMs, err, what)) return rc;
  for (size_t i = 0; i < r.n; ++i) {
    const Slot &o = r.slots[i];
    if (o.kind != slot.kind || (slot.kind != (int)Kind::Permute &&
                                (o.size != slot.size || o.dtype != slot.dtype ||
                                 o.op != slot.op))) {
      // Every member sees the same slots, so all fail alike.
      return fail(err, SDY_BACKEND_ERR_MISMATCH,
                  std::string(what) +
                      ": group members called different collectives or "
                      "sizes");
    }
  }
  return SDY_BACKEND_OK;
}

constexpr size_t kBlockBytes = 32 * 1024;

// dst[i] = dst[i] (op) src[i] for `count` elements.
void reduceInto(void *dst, const void *src, size_t count, int32_t dtype,
                int32_t op) {
  using kernels::ReduceKind;
  ReduceKind k = op == SDY_BACKEND_REDUCE_SUM   ? ReduceKind::Add
                 : op == SDY_BACKEND_REDUCE_MAX ? ReduceKind::Max
                 : op == SDY_BACKEND_REDUCE_MIN ? ReduceKind::Min
                                                : ReduceKind::Mul;
  dispatch(static_cast<ElementType>(dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using C = compute_t<T>;
    T *d = static_cast<T *>(dst);
    const T *s = static_cast<const T *>(src);
    switch (k) {
    case ReduceKind::Add:
      for (size_t i = 0; i < count; ++i)
        d[i] = store<T>(kernels::apply<C>(ReduceKind::Add, load(d[i]), load(s[i])));
      break;
    case ReduceKind::Max:
      for (size_t i = 0; i < count; ++i)
        d[i] = store<T>(kernels::apply<C>(ReduceKind::Max, load(d[i]), load(s[i])));
      break;
    case ReduceKind::Min:
      for (size_t i = 0; i < count; ++i)
        d[i] = store<T>(kernels::apply<C>(ReduceKind::Min, load(d[i]), load(s[i])));
      break;
    default:
      for (size_t i = 0; i < count; ++i)
        d[i] = store<T>(kernels::apply<C>(ReduceKind::Mul, load(d[i]), load(s[i])));
      break;
    }
  });
}

int32_t checkReduceArgs(int32_t dtype, int32_t op, sdy_backend_error_t *err) {
  if (dtype < 0 || dtype > SDY_BACKEND_DTYPE_F64)
    return fail(err, SDY_BACKEND_ERR_UNSUPPORTED, "unknown dtype");
  if (op < 0 || op > SDY_BACKEND_REDUCE_PROD)
    return fail(err, SDY_BACKEND_ERR_UNSUPPORTED, "unknown reduce op");
  return SDY_BACKEND_OK;
}

// Reduces elements [begin, end) over all members' `send + base` into `acc`.
void reduceRange(const Rendezvous &r, size_t me, size_t begin, size_t end,
                 size_t es, int32_t dtype, int32_t op, size_t sendBase,
                 char *acc) {
  size_t blockElems = std::max<size_t>(1, kBlockBytes / es);
  for (size_t b = begin; b < end; b += blockElems) {
    size_t cnt = std::min(blockElems, end - b);
    char *a = acc + (b - begin) * es;
    const char *mine =
        static_cast<const char *>(r.slots[me].send) + (sendBase + b) * es;
    if (a != mine) std::memmove(a, mine, cnt * es);
    for (size_t j = 0; j < r.n; ++j) {
      if (j == me) continue;
      reduceInto(a,
                 static_cast<const char *>(r.slots[j].send) + (sendBase + b) * es,
                 cnt, dtype, op);
    }
  }
}

// --- table functions -------------------------------------------------------

void lbDestroy(void *ud) { delete self(ud); }

int32_t lbDeviceCount(void *ud, int32_t *count, sdy_backend_error_t *) {
  *count = self(ud)->numDevices;
  return SDY_BACKEND_OK;
}

int32_t lbLocalDevices(void *ud, int64_t *ids, int32_t cap, int32_t *n,
                       sdy_backend_error_t *) {
  int32_t nd = self(ud)->numDevices;
  for (int32_t i = 0; i < nd && i < cap; ++i) ids[i] = i;
  *n = nd;
  return SDY_BACKEND_OK;
}

int32_t lbAlloc(void *, int64_t, size_t bytes, void **out,
                sdy_backend_error_t *err) {
  size_t rounded = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
  *out = std::aligned_alloc(64, rounded);
  if (!*out) return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY, "out of memory");
  return SDY_BACKEND_OK;
}

int32_t lbFree(void *, int64_t, void *p, sdy_backend_error_t *) {
  std::free(p);
  return SDY_BACKEND_OK;
}

int32_t lbCopy(void *, int64_t, void *dst, const void *src, size_t bytes,
               sdy_backend_error_t *) {
  if (bytes) std::memcpy(dst, src, bytes);
  return SDY_BACKEND_OK;
}

int32_t lbAllReduce(void *ud, int64_t device, const int64_t *group,
                    int32_t gsize, const void *send, void *recv, size_t count,
                    int32_t dtype, int32_t op, int64_t timeoutMs,
                    sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  size_t me;
  if (int32_t rc = memberIndex(b, device, group, gsize, me, err)) return rc;
  if (int32_t rc = checkReduceArgs(dtype, op, err)) return rc;
  size_t es = elementSize(static_cast<ElementType>(dtype));
  if (gsize == 1) {
    if (recv != send) std::memcpy(recv, send, count * es);
    return SDY_BACKEND_OK;
  }
  auto r = b->get(std::vector<int64_t>(group, group + gsize), gsize);
  Slot slot{send, recv, count, (int)Kind::AllReduce, dtype, op, device};
  if (int32_t rc = enter(*r, me, slot, timeoutMs, err, "all_reduce")) return rc;
  // Chunk `me`, aligned to 64 bytes.
  size_t align = std::max<size_t>(1, 64 / es);
  size_t chunk = (count + gsize - 1) / gsize;
  chunk = (chunk + align - 1) / align * align;
  size_t begin = std::min(count, me * chunk), end = std::min(count, begin + chunk);
  if (begin < end) {
    char *acc = static_cast<char *>(recv) + begin * es;
    reduceRange(*r, me, begin, end, es, dtype, op, 0, acc);
    for (size_t j = 0; j < r->n; ++j)
      if (j != me)
        std::memcpy(static_cast<char *>(r->slots[j].recv) + begin * es, acc,
                    (end - begin) * es);
  }
  return r->wait(timeoutMs, err, "all_reduce");
}

int32_t lbAllGather(void *ud, int64_t device, const int64_t *group,
                    int32_t gsize, const void *send, void *recv, size_t bytes,
                    int64_t timeoutMs, sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  size_t me;
  if (int32_t rc = memberIndex(b, device, group, gsize, me, err)) return rc;
  if (gsize == 1) {
    if (bytes) std::memcpy(recv, send, bytes);
    return SDY_BACKEND_OK;
  }
  auto r = b->get(std::vector<int64_t>(group, group + gsize), gsize);
  Slot slot{send, recv, bytes, (int)Kind::AllGather, 0, 0, device};
  if (int32_t rc = enter(*r, me, slot, timeoutMs, err, "all_gather")) return rc;
  // Push my chunk into every member's buffer (spreads the writes).
  for (size_t k = 0; k < r->n; ++k) {
    size_t j = (me + k) % r->n;
    if (bytes)
      std::memcpy(static_cast<char *>(r->slots[j].recv) + me * bytes, send,
                  bytes);
  }
  return r->wait(timeoutMs, err, "all_gather");
}

int32_t lbAllToAll(void *ud, int64_t device, const int64_t *group,
                   int32_t gsize, const void *send, void *recv,
                   size_t chunkBytes, int64_t timeoutMs,
                   sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  size_t me;
  if (int32_t rc = memberIndex(b, device, group, gsize, me, err)) return rc;
  if (gsize == 1) {
    if (chunkBytes) std::memcpy(recv, send, chunkBytes);
    return SDY_BACKEND_OK;
  }
  auto r = b->get(std::vector<int64_t>(group, group + gsize), gsize);
  Slot slot{send, recv, chunkBytes, (int)Kind::AllToAll, 0, 0, device};
  if (int32_t rc = enter(*r, me, slot, timeoutMs, err, "all_to_all")) return rc;
  for (size_t k = 0; k < r->n; ++k) {
    size_t j = (me + k) % r->n;
    if (chunkBytes)
      std::memcpy(static_cast<char *>(recv) + j * chunkBytes,
                  static_cast<const char *>(r->slots[j].send) + me * chunkBytes,
                  chunkBytes);
  }
  return r->wait(timeoutMs, err, "all_to_all");
}

int32_t lbReduceScatter(void *ud, int64_t device, const int64_t *group,
                        int32_t gsize, const void *send, void *recv,
                        size_t count, int32_t dtype, int32_t op,
                        int64_t timeoutMs, sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  size_t me;
  if (int32_t rc = memberIndex(b, device, group, gsize, me, err)) return rc;
  if (int32_t rc = checkReduceArgs(dtype, op, err)) return rc;
  size_t es = elementSize(static_cast<ElementType>(dtype));
  if (gsize == 1) {
    if (count) std::memcpy(recv, send, count * es);
    return SDY_BACKEND_OK;
  }
  auto r = b->get(std::vector<int64_t>(group, group + gsize), gsize);
  Slot slot{send, recv, count, (int)Kind::ReduceScatter, dtype, op, device};
  if (int32_t rc = enter(*r, me, slot, timeoutMs, err, "reduce_scatter"))
    return rc;
  reduceRange(*r, me, 0, count, es, dtype, op, me * count,
              static_cast<char *>(recv));
  return r->wait(timeoutMs, err, "reduce_scatter");
}

int32_t lbPermute(void *ud, int64_t device, const int64_t *pairs,
                  int32_t npairs, const void *send, void *recv, size_t bytes,
                  int64_t timeoutMs, sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  std::vector<int64_t> members;
  int64_t source = -1;
  for (int32_t i = 0; i < npairs; ++i) {
    int64_t s = pairs[2 * i], t = pairs[2 * i + 1];
    if (s < 0 || t < 0 || s >= b->numDevices || t >= b->numDevices)
      return fail(err, SDY_BACKEND_ERR_INVALID_ARGUMENT,
                  "collective_permute: device id out of range");
    members.push_back(s);
    members.push_back(t);
    if (t == device) source = s;
  }
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  auto it = std::find(members.begin(), members.end(), device);
  if (it == members.end()) return SDY_BACKEND_OK; // not involved
  size_t me = it - members.begin();
  if (members.size() == 1) {
    if (source == device && bytes) std::memmove(recv, send, bytes);
    return SDY_BACKEND_OK;
  }
  std::vector<int64_t> key = members;
  key.insert(key.begin(), -2); // distinct from a plain group
  auto r = b->get(key, members.size());
  Slot slot{send, recv, bytes, (int)Kind::Permute, 0, 0, device};
  if (int32_t rc = enter(*r, me, slot, timeoutMs, err, "collective_permute"))
    return rc;
  if (source >= 0 && bytes) {
    size_t si = std::find(members.begin(), members.end(), source) -
                members.begin();
    if (r->slots[si].size != bytes)
      return fail(err, SDY_BACKEND_ERR_MISMATCH,
                  "collective_permute: source and target sizes differ");
    std::memcpy(recv, r->slots[si].send, bytes);
  }
  return r->wait(timeoutMs, err, "collective_permute");
}

int32_t lbBarrier(void *ud, int64_t device, const int64_t *group,
                  int32_t gsize, int64_t timeoutMs, sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  size_t me;
  if (int32_t rc = memberIndex(b, device, group, gsize, me, err)) return rc;
  if (gsize == 1) return SDY_BACKEND_OK;
  auto r = b->get(std::vector<int64_t>(group, group + gsize), gsize);
  Slot slot{nullptr, nullptr, 0, (int)Kind::Barrier, 0, 0, device};
  return enter(*r, me, slot, timeoutMs, err, "barrier");
}

} // namespace

sdy_backend_table_t *createLocalBackendTable(int32_t numDevices) {
  auto *b = new LocalBackend();
  b->numDevices = numDevices;
  sdy_backend_table_t &t = b->table;
  std::memset(&t, 0, sizeof(t));
  t.struct_size = sizeof(sdy_backend_table_t);
  t.abi_version = SDY_BACKEND_ABI_VERSION;
  t.flags = SDY_BACKEND_FLAG_HOST_MEMORY;
  t.name = "local";
  t.user_data = b;
  t.destroy = lbDestroy;
  t.device_count = lbDeviceCount;
  t.local_devices = lbLocalDevices;
  t.buffer_alloc = lbAlloc;
  t.buffer_free = lbFree;
  t.copy_to_device = lbCopy;
  t.copy_to_host = lbCopy;
  t.all_reduce = lbAllReduce;
  t.all_gather = lbAllGather;
  t.all_to_all = lbAllToAll;
  t.reduce_scatter = lbReduceScatter;
  t.collective_permute = lbPermute;
  t.barrier = lbBarrier;
  return &t;
}

} // namespace sdy::runtime
