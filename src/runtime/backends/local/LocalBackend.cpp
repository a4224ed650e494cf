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
// all_reduce is a reduce-scatter + all-gather in shared memory: the elements
// are split in one chunk per member; member i reduces chunk i over all send
// buffers, block by block (a block stays in L1), into a stack buffer with a
// vectorizable two-operand loop, and copies the block into every member's
// receive buffer. Only member i ever touches chunk i of any buffer, which
// makes in-place (send == recv) safe. all_gather and all_to_all are one
// memcpy per chunk, each member pulling the peers' chunks straight into its
// own receive buffer (the writes stay in its own cache).
//
// The rendezvous is a reusable barrier on one atomic word (generation, count,
// broken bit): members arrive with a fetch_add, the last one bumps the
// generation; the others spin briefly (pause, then yield) and then sleep on a
// condition variable with the deadline. A member that waits longer than the
// timeout marks the rendezvous broken (a CAS, so it cannot race with the last
// arrival): it and every member still waiting return
// SDY_BACKEND_ERR_TIMEOUT, and the group gets a fresh rendezvous for later
// calls. The runtime can abort the backend (localBackendAbort, when a device
// of the run stops): members waiting to enter a collective are woken and
// leave the same way (SDY_BACKEND_ERR_UNAVAILABLE), and collectives fail at
// once until localBackendReset. The wait after the data exchange is never
// aborted: every member is then past the rendezvous and only copies, and
// leaving early would free buffers that peers still read. The group ->
// rendezvous lookup goes through a small per-device cache, so a collective does
// no allocation and takes no shared lock.
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
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SDY_CPU_RELAX() _mm_pause()
#elif defined(__aarch64__)
#define SDY_CPU_RELAX() asm volatile("yield" ::: "memory")
#else
#define SDY_CPU_RELAX() ((void)0)
#endif

namespace sdy::runtime {
namespace {

using Clock = std::chrono::steady_clock;

enum class Kind {
  AllReduce,
  AllGather,
  AllToAll,
  ReduceScatter,
  Permute,
  Barrier
};

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

// How long a waiting member spins before it sleeps on the condition variable.
constexpr auto kSpinTime = std::chrono::microseconds(50);
constexpr int kPauseIterations = 256; // then sched_yield between checks

struct Rendezvous {
  // state = generation << kGenShift | broken << 32 | arrived count.
  static constexpr uint64_t kCountMask = 0xffffffffull;
  static constexpr uint64_t kBroken = 1ull << 32;
  static constexpr int kGenShift = 33;

  explicit Rendezvous(size_t n) : n(n), slots(n) {}
  const size_t n;
  alignas(64) std::atomic<uint64_t> state{0};
  alignas(64) std::atomic<int> sleepers{0};
  std::mutex mu;
  std::condition_variable cv;
  std::vector<Slot> slots;

  bool broken() const {
    return (state.load(std::memory_order_acquire) & kBroken) != 0;
  }

  // A reusable barrier with a deadline. Returns 0 or an error code. With
  // `abort` (non-NULL), a waiter also leaves once *abort is set.
  int32_t wait(int64_t timeoutMs, sdy_backend_error_t *err, const char *what,
               const std::atomic<bool> *abort = nullptr) {
    if (abort && abort->load(std::memory_order_seq_cst))
      return aborted(err, what);
    uint64_t old = state.fetch_add(1, std::memory_order_acq_rel);
    if (old & kBroken)
      return fail(err, SDY_BACKEND_ERR_TIMEOUT,
                  std::string(what) +
                      ": group broken by an earlier timeout or abort");
    const uint64_t gen = old >> kGenShift;
    if ((old & kCountMask) + 1 == n) {
      // Last to arrive: nobody else modifies the state until the new
      // generation is visible (a timeout CAS needs count < n).
      state.store((gen + 1) << kGenShift, std::memory_order_seq_cst);
      if (sleepers.load(std::memory_order_seq_cst) > 0) {
        std::lock_guard<std::mutex> l(mu);
        cv.notify_all();
      }
      return SDY_BACKEND_OK;
    }
    // Spin briefly: small collectives complete in microseconds.
    auto spinStart = Clock::now();
    for (int i = 0;; ++i) {
      uint64_t s = state.load(std::memory_order_acquire);
      if ((s >> kGenShift) != gen)
        return SDY_BACKEND_OK;
      if (s & kBroken)
        return peerTimedOut(err, what);
      if (abort && abort->load(std::memory_order_relaxed))
        break;
      if (i < kPauseIterations) {
        SDY_CPU_RELAX();
        continue;
      }
      if (Clock::now() - spinStart > kSpinTime)
        break;
      std::this_thread::yield();
    }
    // Sleep until the generation changes, the group breaks or the deadline.
    sleepers.fetch_add(1, std::memory_order_seq_cst);
    struct Leave {
      std::atomic<int> &s;
      ~Leave() { s.fetch_sub(1, std::memory_order_relaxed); }
    } leave{sleepers};
    auto deadline = spinStart + std::chrono::milliseconds(timeoutMs);
    std::unique_lock<std::mutex> l(mu);
    for (;;) {
      uint64_t s = state.load(std::memory_order_seq_cst);
      if ((s >> kGenShift) != gen)
        return SDY_BACKEND_OK;
      if (s & kBroken)
        return peerTimedOut(err, what);
      // localBackendAbort sets the flag before it takes `mu` to notify, so
      // reading it under `mu` cannot miss the wake-up.
      bool stop = abort && abort->load(std::memory_order_seq_cst);
      if (!stop) {
        if (timeoutMs <= 0) {
          cv.wait(l);
          continue;
        }
        if (cv.wait_until(l, deadline) != std::cv_status::timeout)
          continue;
      }
      // Deadline passed or aborted: break the group unless everyone has
      // arrived (then the last member is about to publish the new
      // generation).
      s = state.load(std::memory_order_seq_cst);
      while ((s >> kGenShift) == gen && !(s & kBroken)) {
        if ((s & kCountMask) >= n) {
          l.unlock();
          std::this_thread::yield();
          l.lock();
          s = state.load(std::memory_order_seq_cst);
          continue;
        }
        if (state.compare_exchange_weak(s, s | kBroken,
                                        std::memory_order_seq_cst)) {
          cv.notify_all();
          if (stop)
            return aborted(err, what);
          return fail(err, SDY_BACKEND_ERR_TIMEOUT,
                      std::string(what) + ": timed out after " +
                          std::to_string(timeoutMs) + " ms waiting for " +
                          std::to_string(n - (s & kCountMask)) + " of " +
                          std::to_string(n) + " devices");
        }
      }
    }
  }

  static int32_t aborted(sdy_backend_error_t *err, const char *what) {
    return fail(err, SDY_BACKEND_ERR_UNAVAILABLE,
                std::string(what) +
                    ": aborted: another device of the run stopped");
  }

  static int32_t peerTimedOut(sdy_backend_error_t *err, const char *what) {
    return fail(err, SDY_BACKEND_ERR_TIMEOUT,
                std::string(what) + ": a peer timed out");
  }
};

struct LocalBackend {
  sdy_backend_table_t table;
  int32_t numDevices;
  // Set by localBackendAbort: collectives fail until localBackendReset.
  std::atomic<bool> abortFlag{false};
  std::mutex mapMu;
  std::map<std::vector<int64_t>, std::shared_ptr<Rendezvous>> groups;

  // Per-device cache of group -> rendezvous. Only the thread driving a
  // device uses its cache; the mutex is uncontended and only guards misuse.
  struct CacheEntry {
    std::vector<int64_t> key;
    std::shared_ptr<Rendezvous> r;
  };
  struct alignas(64) DeviceCache {
    std::mutex mu;
    std::vector<CacheEntry> entries;
  };
  std::unique_ptr<DeviceCache[]> caches;
  static constexpr size_t kCacheEntries = 16;

  std::shared_ptr<Rendezvous> getGlobal(const std::vector<int64_t> &key,
                                        size_t n) {
    std::lock_guard<std::mutex> l(mapMu);
    auto &r = groups[key];
    if (!r || r->broken())
      r = std::make_shared<Rendezvous>(n);
    return r;
  }

  // `key` of length `len` (the ordered group, or a tagged member list);
  // `device` must be a valid device id.
  Rendezvous *get(int64_t device, const int64_t *key, size_t len, size_t n) {
    DeviceCache &c = caches[device];
    std::lock_guard<std::mutex> l(c.mu);
    for (size_t i = 0; i < c.entries.size(); ++i) {
      CacheEntry &e = c.entries[i];
      if (e.key.size() != len || !std::equal(e.key.begin(), e.key.end(), key))
        continue;
      if (!e.r->broken()) {
        if (i)
          std::swap(c.entries[i], c.entries[0]); // most recent first
        return c.entries[0].r.get();
      }
      e.r = getGlobal(e.key, n);
      return e.r.get();
    }
    std::vector<int64_t> k(key, key + len);
    auto r = getGlobal(k, n);
    if (c.entries.size() >= kCacheEntries)
      c.entries.pop_back();
    c.entries.insert(c.entries.begin(), CacheEntry{std::move(k), r});
    return c.entries[0].r.get();
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
int32_t enter(LocalBackend *b, Rendezvous &r, size_t me, const Slot &slot,
              int64_t timeoutMs, sdy_backend_error_t *err, const char *what) {
  r.slots[me] = slot;
  if (int32_t rc = r.wait(timeoutMs, err, what, &b->abortFlag))
    return rc;
  for (size_t i = 0; i < r.n; ++i) {
    const Slot &o = r.slots[i];
    if (o.kind != slot.kind ||
        (slot.kind != (int)Kind::Permute &&
         (o.size != slot.size || o.dtype != slot.dtype || o.op != slot.op))) {
      // Every member sees the same slots, so all fail alike.
      return fail(err, SDY_BACKEND_ERR_MISMATCH,
                  std::string(what) +
                      ": group members called different collectives or "
                      "sizes");
    }
  }
  return SDY_BACKEND_OK;
}

// Copies of at least this many bytes per call and member bypass the cache
// (non-temporal stores): such buffers do not stay in cache anyway, and the
// stores then skip the read-for-ownership of the destination lines (glibc's
// memcpy does the same, but only from ~3/4 of the L3 size, which on large
// shared L3s is far beyond the point where copies already miss).
constexpr size_t kStreamBytes = size_t(16) << 20;

// memcpy with non-temporal stores where available; the caller issues
// storeFence() before publishing the data (the rendezvous).
void streamCopy(void *dst, const void *src, size_t bytes) {
#if defined(__SSE2__)
  char *d = static_cast<char *>(dst);
  const char *s = static_cast<const char *>(src);
  size_t head = (16 - (reinterpret_cast<uintptr_t>(d) & 15)) & 15;
  if (head > bytes)
    head = bytes;
  std::memcpy(d, s, head);
  d += head;
  s += head;
  bytes -= head;
  size_t n64 = bytes / 64;
  for (size_t i = 0; i < n64; ++i, d += 64, s += 64) {
    __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s));
    __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + 16));
    __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + 32));
    __m128i e = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + 48));
    _mm_stream_si128(reinterpret_cast<__m128i *>(d), a);
    _mm_stream_si128(reinterpret_cast<__m128i *>(d + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i *>(d + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i *>(d + 48), e);
  }
  std::memcpy(d, s, bytes % 64);
#else
  std::memcpy(dst, src, bytes);
#endif
}

void storeFence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

void copyChunk(void *dst, const void *src, size_t bytes, bool stream) {
  if (stream)
    streamCopy(dst, src, bytes);
  else
    std::memcpy(dst, src, bytes);
}

// Reduction blocks live in a stack buffer that stays in L1.
constexpr size_t kBlockBytes = 16 * 1024;

using kernels::ReduceKind;

// out = a (op) b, elementwise; out is a private buffer.
template <typename T, ReduceKind K>
void combine2(T *__restrict out, const T *__restrict a, const T *__restrict b,
              size_t count) {
  using C = compute_t<T>;
  for (size_t i = 0; i < count; ++i)
    out[i] = store<T>(kernels::apply<C>(K, load(a[i]), load(b[i])));
}

// acc = acc (op) s, elementwise; acc is a private buffer.
template <typename T, ReduceKind K>
void combineInto(T *__restrict acc, const T *__restrict s, size_t count) {
  using C = compute_t<T>;
  for (size_t i = 0; i < count; ++i)
    acc[i] = store<T>(kernels::apply<C>(K, load(acc[i]), load(s[i])));
}

ReduceKind reduceKindOf(int32_t op) {
  return op == SDY_BACKEND_REDUCE_SUM   ? ReduceKind::Add
         : op == SDY_BACKEND_REDUCE_MAX ? ReduceKind::Max
         : op == SDY_BACKEND_REDUCE_MIN ? ReduceKind::Min
                                        : ReduceKind::Mul;
}

template <typename T, ReduceKind K>
void reduceBlockT(T *acc, const void *const *srcs, size_t nsrc, size_t offset,
                  size_t count) {
  auto src = [&](size_t j) { return static_cast<const T *>(srcs[j]) + offset; };
  if (nsrc == 1) {
    std::memcpy(acc, src(0), count * sizeof(T));
    return;
  }
  combine2<T, K>(acc, src(0), src(1), count);
  for (size_t j = 2; j < nsrc; ++j)
    combineInto<T, K>(acc, src(j), count);
}

// acc[0, count) = (op) over j of srcs[j][offset, offset + count), in member
// order (so every chunk is reduced in the same order).
void reduceBlock(void *acc, const void *const *srcs, size_t nsrc, size_t offset,
                 size_t count, int32_t dtype, ReduceKind k) {
  dispatch(static_cast<ElementType>(dtype), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T *a = static_cast<T *>(acc);
    switch (k) {
    case ReduceKind::Add:
      return reduceBlockT<T, ReduceKind::Add>(a, srcs, nsrc, offset, count);
    case ReduceKind::Max:
      return reduceBlockT<T, ReduceKind::Max>(a, srcs, nsrc, offset, count);
    case ReduceKind::Min:
      return reduceBlockT<T, ReduceKind::Min>(a, srcs, nsrc, offset, count);
    default:
      return reduceBlockT<T, ReduceKind::Mul>(a, srcs, nsrc, offset, count);
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

constexpr size_t kMaxStackMembers = 64;

// Reduces elements [begin, end) of all members' `send + sendBase` and copies
// each reduced block to `dst[d] + (b - begin)` for every destination d
// (`dstBase[d]` points at the element `begin`). Blocks are reduced into a
// stack buffer first, so a destination may alias a source (in-place).
void reduceRange(const Rendezvous &r, size_t me, size_t begin, size_t end,
                 size_t es, int32_t dtype, int32_t op, size_t sendBase,
                 char *const *dstBase, size_t ndst) {
  alignas(64) char block[kBlockBytes];
  const void *srcsStack[kMaxStackMembers];
  std::vector<const void *> srcsHeap;
  const void **srcs = srcsStack;
  if (r.n > kMaxStackMembers) {
    srcsHeap.resize(r.n);
    srcs = srcsHeap.data();
  }
  for (size_t j = 0; j < r.n; ++j)
    srcs[j] = static_cast<const char *>(r.slots[j].send) + sendBase * es;
  ReduceKind k = reduceKindOf(op);
  size_t blockElems = std::max<size_t>(1, kBlockBytes / es);
  bool stream = (end - begin) * es * ndst >= kStreamBytes;
  for (size_t b = begin; b < end; b += blockElems) {
    size_t cnt = std::min(blockElems, end - b);
    reduceBlock(block, srcs, r.n, b, cnt, dtype, k);
    for (size_t d = 0; d < ndst; ++d) {
      size_t dd = (me + d) % ndst; // spread the writes over the members
      copyChunk(dstBase[dd] + (b - begin) * es, block, cnt * es, stream);
    }
  }
  if (stream)
    storeFence();
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
  for (int32_t i = 0; i < nd && i < cap; ++i)
    ids[i] = i;
  *n = nd;
  return SDY_BACKEND_OK;
}

int32_t lbAlloc(void *, int64_t, size_t bytes, void **out,
                sdy_backend_error_t *err) {
  size_t rounded = (std::max<size_t>(bytes, 1) + 63) / 64 * 64;
  *out = std::aligned_alloc(64, rounded);
  if (!*out)
    return fail(err, SDY_BACKEND_ERR_OUT_OF_MEMORY, "out of memory");
  return SDY_BACKEND_OK;
}

int32_t lbFree(void *, int64_t, void *p, sdy_backend_error_t *) {
  std::free(p);
  return SDY_BACKEND_OK;
}

int32_t lbCopy(void *, int64_t, void *dst, const void *src, size_t bytes,
               sdy_backend_error_t *) {
  if (bytes)
    std::memcpy(dst, src, bytes);
  return SDY_BACKEND_OK;
}

// The start all group collectives share: finds me in the group, checks the
// dtype and op of a reduction (`reduces`; `slot.size` then counts elements,
// else bytes), copies `send` to `recv` when the group is only me, and
// otherwise enters the group's rendezvous. `r` stays null when nothing is left
// to do.
int32_t startGroup(void *ud, const int64_t *group, int32_t gsize,
                   const Slot &slot, bool reduces, int64_t timeoutMs,
                   sdy_backend_error_t *err, const char *what, size_t &me,
                   Rendezvous *&r) {
  LocalBackend *b = self(ud);
  r = nullptr;
  if (int32_t rc = memberIndex(b, slot.device, group, gsize, me, err))
    return rc;
  size_t bytes = slot.size;
  if (reduces) {
    if (int32_t rc = checkReduceArgs(slot.dtype, slot.op, err))
      return rc;
    bytes *= elementSize(static_cast<ElementType>(slot.dtype));
  }
  if (gsize == 1) {
    if (bytes && slot.recv != slot.send)
      std::memcpy(slot.recv, slot.send, bytes);
    return SDY_BACKEND_OK;
  }
  r = b->get(slot.device, group, gsize, gsize);
  return enter(b, *r, me, slot, timeoutMs, err, what);
}

int32_t lbAllReduce(void *ud, int64_t device, const int64_t *group,
                    int32_t gsize, const void *send, void *recv, size_t count,
                    int32_t dtype, int32_t op, int64_t timeoutMs,
                    sdy_backend_error_t *err) {
  size_t me;
  Rendezvous *r;
  if (int32_t rc = startGroup(
          ud, group, gsize,
          {send, recv, count, (int)Kind::AllReduce, dtype, op, device},
          /*reduces=*/true, timeoutMs, err, "all_reduce", me, r);
      rc || !r)
    return rc;
  size_t es = elementSize(static_cast<ElementType>(dtype));
  // Chunk `me`, aligned to 64 bytes.
  size_t align = std::max<size_t>(1, 64 / es);
  size_t chunk = (count + gsize - 1) / gsize;
  chunk = (chunk + align - 1) / align * align;
  size_t begin = std::min(count, me * chunk),
         end = std::min(count, begin + chunk);
  if (begin < end) {
    char *dstStack[kMaxStackMembers];
    std::vector<char *> dstHeap;
    char **dst = dstStack;
    if (r->n > kMaxStackMembers) {
      dstHeap.resize(r->n);
      dst = dstHeap.data();
    }
    for (size_t j = 0; j < r->n; ++j)
      dst[j] = static_cast<char *>(r->slots[j].recv) + begin * es;
    reduceRange(*r, me, begin, end, es, dtype, op, 0, dst, r->n);
  }
  return r->wait(timeoutMs, err, "all_reduce");
}

// all_gather and all_to_all: every member sends one `chunkBytes` chunk to
// every member; member j's chunk for me lies at `me * chunkBytes` in its send
// buffer when `perPeerSend` (all_to_all) and at its start otherwise
// (all_gather). Pull every chunk straight into my buffer (the writes stay in
// my cache; the peers' sends are only read). Start with the next peer so the
// members read different buffers at a time.
int32_t exchangeChunks(void *ud, int64_t device, const int64_t *group,
                       int32_t gsize, const void *send, void *recv,
                       size_t chunkBytes, bool perPeerSend, Kind kind,
                       const char *what, int64_t timeoutMs,
                       sdy_backend_error_t *err) {
  size_t me;
  Rendezvous *r;
  if (int32_t rc = startGroup(ud, group, gsize,
                              {send, recv, chunkBytes, (int)kind, 0, 0, device},
                              /*reduces=*/false, timeoutMs, err, what, me, r);
      rc || !r)
    return rc;
  if (chunkBytes) {
    size_t srcOffset = perPeerSend ? me * chunkBytes : 0;
    bool stream = chunkBytes * r->n >= kStreamBytes;
    for (size_t k = 1; k <= r->n; ++k) {
      size_t j = (me + k) % r->n;
      char *dst = static_cast<char *>(recv) + j * chunkBytes;
      const char *src = static_cast<const char *>(r->slots[j].send) + srcOffset;
      if (dst != src)
        copyChunk(dst, src, chunkBytes, stream);
    }
    if (stream)
      storeFence();
  }
  return r->wait(timeoutMs, err, what);
}

int32_t lbAllGather(void *ud, int64_t device, const int64_t *group,
                    int32_t gsize, const void *send, void *recv, size_t bytes,
                    int64_t timeoutMs, sdy_backend_error_t *err) {
  return exchangeChunks(ud, device, group, gsize, send, recv, bytes,
                        /*perPeerSend=*/false, Kind::AllGather, "all_gather",
                        timeoutMs, err);
}

int32_t lbAllToAll(void *ud, int64_t device, const int64_t *group,
                   int32_t gsize, const void *send, void *recv,
                   size_t chunkBytes, int64_t timeoutMs,
                   sdy_backend_error_t *err) {
  return exchangeChunks(ud, device, group, gsize, send, recv, chunkBytes,
                        /*perPeerSend=*/true, Kind::AllToAll, "all_to_all",
                        timeoutMs, err);
}

int32_t lbReduceScatter(void *ud, int64_t device, const int64_t *group,
                        int32_t gsize, const void *send, void *recv,
                        size_t count, int32_t dtype, int32_t op,
                        int64_t timeoutMs, sdy_backend_error_t *err) {
  size_t me;
  Rendezvous *r;
  if (int32_t rc = startGroup(
          ud, group, gsize,
          {send, recv, count, (int)Kind::ReduceScatter, dtype, op, device},
          /*reduces=*/true, timeoutMs, err, "reduce_scatter", me, r);
      rc || !r)
    return rc;
  size_t es = elementSize(static_cast<ElementType>(dtype));
  char *dst = static_cast<char *>(recv);
  reduceRange(*r, 0, 0, count, es, dtype, op, me * count, &dst, 1);
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
    if (t == device)
      source = s;
  }
  std::sort(members.begin(), members.end());
  members.erase(std::unique(members.begin(), members.end()), members.end());
  auto it = std::find(members.begin(), members.end(), device);
  if (it == members.end())
    return SDY_BACKEND_OK; // not involved
  size_t me = it - members.begin();
  if (members.size() == 1) {
    if (source == device && bytes)
      std::memmove(recv, send, bytes);
    return SDY_BACKEND_OK;
  }
  std::vector<int64_t> key = members;
  key.insert(key.begin(), -2); // distinct from a plain group
  Rendezvous *r = b->get(device, key.data(), key.size(), members.size());
  Slot slot{send, recv, bytes, (int)Kind::Permute, 0, 0, device};
  if (int32_t rc = enter(b, *r, me, slot, timeoutMs, err, "collective_permute"))
    return rc;
  if (source >= 0 && bytes) {
    size_t si =
        std::find(members.begin(), members.end(), source) - members.begin();
    if (r->slots[si].size != bytes)
      return fail(err, SDY_BACKEND_ERR_MISMATCH,
                  "collective_permute: source and target sizes differ");
    std::memcpy(recv, r->slots[si].send, bytes);
  }
  return r->wait(timeoutMs, err, "collective_permute");
}

int32_t lbBarrier(void *ud, int64_t device, const int64_t *group, int32_t gsize,
                  int64_t timeoutMs, sdy_backend_error_t *err) {
  LocalBackend *b = self(ud);
  size_t me;
  if (int32_t rc = memberIndex(b, device, group, gsize, me, err))
    return rc;
  if (gsize == 1)
    return SDY_BACKEND_OK;
  Rendezvous *r = b->get(device, group, gsize, gsize);
  Slot slot{nullptr, nullptr, 0, (int)Kind::Barrier, 0, 0, device};
  return enter(b, *r, me, slot, timeoutMs, err, "barrier");
}

} // namespace

bool localBackendAbort(const sdy_backend_table_t &table) {
  if (table.destroy != lbDestroy)
    return false;
  LocalBackend *b = self(table.user_data);
  b->abortFlag.store(true, std::memory_order_seq_cst);
  std::lock_guard<std::mutex> l(b->mapMu);
  for (auto &entry : b->groups) {
    std::lock_guard<std::mutex> rl(entry.second->mu);
    entry.second->cv.notify_all();
  }
  return true;
}

bool localBackendReset(const sdy_backend_table_t &table) {
  if (table.destroy != lbDestroy)
    return false;
  self(table.user_data)->abortFlag.store(false, std::memory_order_seq_cst);
  return true;
}

sdy_backend_table_t *createLocalBackendTable(int32_t numDevices) {
  auto *b = new LocalBackend();
  b->numDevices = numDevices;
  b->caches.reset(new LocalBackend::DeviceCache[std::max(numDevices, 1)]);
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
