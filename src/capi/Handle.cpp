//===- Handle.cpp - handle storage and the live-handle registry -----------===//
//
// Handles live in slots of per-kind regions, handed out in address order and
// never reused. The registry is the regions themselves: a pointer is a live
// handle of a kind iff it is the start of a slot of a region of that kind
// whose alive bit is set. A page whose slots have all been handed out and
// destroyed is returned to the system (madvise); its addresses stay
// reserved, so only address space is spent on destroyed handles.
//
//===----------------------------------------------------------------------===//

#include "Handle.h"

#include <cstdlib>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <vector>

#include <sys/mman.h>
#include <unistd.h>

#include "llvm/ADT/bit.h"

using namespace sdycapi;

namespace {

constexpr size_t kNumKinds = static_cast<size_t>(HandleKind::Query) + 1;
constexpr size_t kFirstRegionSize = size_t(1) << 20;
constexpr size_t kMaxRegionSize = size_t(1) << 30;

size_t pageSize() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

/// A run of slots of one kind and size.
struct Region {
  char *base;
  size_t size;
  size_t slotSize;
  HandleKind kind;
  /// Bytes handed out from `base`.
  size_t used = 0;
  /// One bit per slot: handed out and not destroyed.
  std::vector<uint64_t> alive;
  /// Per page: slots handed out whose storage is not released yet.
  std::vector<uint32_t> occupied;

  size_t slotIndex(const char *slot) const {
    return static_cast<size_t>(slot - base) / slotSize;
  }
  bool isAlive(size_t slot) const {
    return alive[slot / 64] >> (slot % 64) & 1;
  }
  void setAlive(size_t slot, bool value) {
    uint64_t bit = uint64_t(1) << (slot % 64);
    alive[slot / 64] = value ? alive[slot / 64] | bit : alive[slot / 64] & ~bit;
  }
  /// Gives page `page` back to the system once every slot on it has been
  /// handed out and released. Its addresses stay ours (and read as zeros).
  void releasePageIfDone(size_t page) {
    size_t end = (page + 1) * pageSize();
    if (occupied[page] == 0 && used >= end)
      madvise(base + page * pageSize(), pageSize(), MADV_DONTNEED);
  }
};

struct Registry {
  std::mutex mutex;
  /// Every region, by base address.
  std::map<const char *, std::unique_ptr<Region>> regions;
  /// The region of each kind that slots are handed out from.
  Region *current[kNumKinds] = {};
  size_t nextRegionSize[kNumKinds] = {};

  /// The slot `handle` starts, or null when it starts none.
  std::pair<Region *, size_t> find(const void *handle) {
    const char *p = static_cast<const char *>(handle);
    auto it = regions.upper_bound(p);
    if (it == regions.begin())
      return {nullptr, 0};
    Region *region = std::prev(it)->second.get();
    if (p >= region->base + region->used ||
        static_cast<size_t>(p - region->base) % region->slotSize != 0)
      return {nullptr, 0};
    return {region, region->slotIndex(p)};
  }

  Region &regionFor(HandleKind kind, size_t slotSize) {
    size_t k = static_cast<size_t>(kind);
    Region *region = current[k];
    if (region && region->used + slotSize <= region->size)
      return *region;
    size_t size = nextRegionSize[k] ? nextRegionSize[k] : kFirstRegionSize;
    nextRegionSize[k] = std::min(size * 2, kMaxRegionSize);
    // Never freed: the region's addresses must never be reused.
    void *base = std::aligned_alloc(pageSize(), size);
    if (!base)
      throw std::bad_alloc();
    auto owned = std::make_unique<Region>();
    owned->base = static_cast<char *>(base);
    owned->size = size;
    owned->slotSize = slotSize;
    owned->kind = kind;
    owned->alive.assign((size / slotSize + 63) / 64, 0);
    owned->occupied.assign(size / pageSize(), 0);
    region = owned.get();
    regions.emplace(region->base, std::move(owned));
    current[k] = region;
    return *region;
  }
};

Registry &registry() {
  // Leaked on purpose: handles may be destroyed during static destruction.
  static Registry *instance = new Registry;
  return *instance;
}

} // namespace

const char *sdycapi::handleKindName(HandleKind kind) {
  // Indexed by HandleKind (which starts at 1).
  static const char *const names[] = {
      "handle",           "sdy_status_t", "sdy_context_t",  "sdy_mesh_t",
      "sdy_sharding_t",   "sdy_module_t", "sdy_pipeline_t", "sdy_backend_t",
      "sdy_executable_t", "sdy_query_t"};
  auto index = static_cast<size_t>(kind);
  return index < std::size(names) ? names[index] : names[0];
}

void *sdycapi::allocateHandleStorage(HandleKind kind, size_t size) {
  // Power-of-two slots no larger than a page never straddle pages.
  size_t slotSize = llvm::bit_ceil(std::max<size_t>(size, 16));
  if (slotSize > pageSize())
    throw std::bad_alloc();
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  Region &region = r.regionFor(kind, slotSize);
  char *slot = region.base + region.used;
  region.used += slotSize;
  ++region.occupied[(slot - region.base) / pageSize()];
  // Live from here: the slot's pointer reaches callers only once constructed.
  region.setAlive(region.slotIndex(slot), true);
  return slot;
}

void sdycapi::releaseHandleStorage(void *storage) {
  if (!storage)
    return;
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto [region, slot] = r.find(storage);
  if (!region)
    return;
  region->setAlive(slot, false);
  size_t page = (static_cast<char *>(storage) - region->base) / pageSize();
  --region->occupied[page];
  region->releasePageIfDone(page);
}

bool sdycapi::unregisterHandle(const void *handle, HandleKind kind) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto [region, slot] = r.find(handle);
  if (!region || region->kind != kind || !region->isAlive(slot))
    return false;
  region->setAlive(slot, false);
  return true;
}

bool sdycapi::isLiveHandle(const void *handle, HandleKind kind) {
  Registry &r = registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  auto [region, slot] = r.find(handle);
  return region && region->kind == kind && region->isAlive(slot);
}
