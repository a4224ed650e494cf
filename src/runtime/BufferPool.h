//===- BufferPool.h - reuse of a device's freed tensor buffers --*- C++ -*-===//
//
// A steady-state step of a program allocates the same buffer sizes as the
// step before. Buffers of that size that came back from the heap's mmap
// threshold or trimming would page-fault on every first touch; a pool keeps
// the freed buffers of one device by size and hands them out again. A buffer
// returns to its pool only when the last tensor that holds it goes away, so a
// result the caller still holds is never handed out.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_RUNTIME_BUFFERPOOL_H
#define SDY_RUNTIME_BUFFERPOOL_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace sdy::runtime {

class Storage;
class Tensor;

class BufferPool {
public:
  // Keeps at most `maxRetainedBytes` of freed buffers (the rest goes back to
  // the heap). The default is a quarter of physical memory.
  explicit BufferPool(size_t maxRetainedBytes = 0);
  ~BufferPool();
  BufferPool(const BufferPool &) = delete;
  BufferPool &operator=(const BufferPool &) = delete;

  // A 64-byte aligned block of `bytes` (a multiple of 64, > 0): a pooled one
  // of that size, else a new one; null when the heap has none. Thread-safe.
  void *take(size_t bytes);
  // Keeps `block` (from take(bytes)) for reuse, or frees it when the pool is
  // full. Thread-safe.
  void give(void *block, size_t bytes);

  struct Stats {
    uint64_t taken = 0;  // blocks handed out
    uint64_t reused = 0; // of which came from the pool
    uint64_t retainedBytes = 0;
  };
  Stats stats() const;

private:
  mutable std::mutex mu_;
  std::unordered_map<size_t, std::vector<void *>> free_;
  size_t retained_ = 0;
  size_t max_;
  uint64_t taken_ = 0, reused_ = 0;
};

// While alive, the tensors this thread allocates take their buffers from
// `pool` (null: from the heap); scopes nest.
class BufferPoolScope {
public:
  explicit BufferPoolScope(std::shared_ptr<BufferPool> pool);
  ~BufferPoolScope();
  BufferPoolScope(const BufferPoolScope &) = delete;
  BufferPoolScope &operator=(const BufferPoolScope &) = delete;
  // The pool of this thread's innermost scope (null when none).
  static const std::shared_ptr<BufferPool> &current();

private:
  std::shared_ptr<BufferPool> saved_;
};

// While alive, the next tensor this thread allocates with exactly the byte
// size of `operand` takes over `operand`'s buffer instead of a new one, when
// `operand` is its only holder (Tensor::holdsStorageAlone). For elementwise
// kernels whose result element i is computed from operand element i only:
// the kernel then overwrites the operand in place. The interpreter lends an
// operand only when no later op reads it.
class InPlaceScope {
public:
  explicit InPlaceScope(const Tensor &operand);
  ~InPlaceScope();
  InPlaceScope(const InPlaceScope &) = delete;
  InPlaceScope &operator=(const InPlaceScope &) = delete;
  // Whether the lent buffer was taken.
  bool taken() const;
  // The lent buffer when it has `bytes` (and clears the loan), else null.
  static std::shared_ptr<Storage> takeLoan(size_t bytes);
};

} // namespace sdy::runtime

#endif // SDY_RUNTIME_BUFFERPOOL_H
