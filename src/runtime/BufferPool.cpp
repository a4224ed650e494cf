//===- BufferPool.cpp - reuse of a device's freed tensor buffers ----------===//
#include "runtime/BufferPool.h"
#include "runtime/Tensor.h"

#include <cstdlib>

namespace sdy::runtime {

namespace {
thread_local std::shared_ptr<BufferPool> currentPool;
thread_local std::shared_ptr<Storage> loan;
thread_local bool loanTaken = false;
} // namespace

BufferPool::BufferPool(size_t maxRetainedBytes)
    : max_(maxRetainedBytes ? maxRetainedBytes
                            : static_cast<size_t>(physicalMemoryBytes() / 4)) {}

BufferPool::~BufferPool() {
  for (auto &sizeAndBlocks : free_)
    for (void *block : sizeAndBlocks.second)
      std::free(block);
}

void *BufferPool::take(size_t bytes) {
  {
    std::lock_guard<std::mutex> l(mu_);
    ++taken_;
    auto it = free_.find(bytes);
    if (it != free_.end() && !it->second.empty()) {
      void *block = it->second.back();
      it->second.pop_back();
      retained_ -= bytes;
      ++reused_;
      return block;
    }
  }
  return std::aligned_alloc(64, bytes);
}

void BufferPool::give(void *block, size_t bytes) {
  {
    std::lock_guard<std::mutex> l(mu_);
    if (retained_ + bytes <= max_) {
      free_[bytes].push_back(block);
      retained_ += bytes;
      return;
    }
  }
  std::free(block);
}

BufferPool::Stats BufferPool::stats() const {
  std::lock_guard<std::mutex> l(mu_);
  Stats s;
  s.taken = taken_;
  s.reused = reused_;
  s.retainedBytes = retained_;
  return s;
}

BufferPoolScope::BufferPoolScope(std::shared_ptr<BufferPool> pool)
    : saved_(std::move(currentPool)) {
  currentPool = std::move(pool);
}

BufferPoolScope::~BufferPoolScope() { currentPool = std::move(saved_); }

const std::shared_ptr<BufferPool> &BufferPoolScope::current() {
  return currentPool;
}

InPlaceScope::InPlaceScope(const Tensor &operand) {
  loan = operand.holdsStorageAlone() ? operand.storage_ : nullptr;
  loanTaken = false;
}

InPlaceScope::~InPlaceScope() { loan.reset(); }

bool InPlaceScope::taken() const { return loanTaken; }

std::shared_ptr<Storage> InPlaceScope::takeLoan(size_t bytes) {
  if (!loan || loan->size() != bytes)
    return nullptr;
  loanTaken = true;
  return std::move(loan);
}

} // namespace sdy::runtime
