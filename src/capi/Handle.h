//===- Handle.h - handle kinds and the live-handle registry -----*- C++ -*-===//
//
// Every handle struct derives from Handle<Kind>, which places it in the
// handle storage (Handle.cpp). That storage is also the registry: NULL,
// foreign, wrong-kind and destroyed handles are told apart from live ones
// without dereferencing them.
//
// An address that held a handle never holds another one, so a destroyed
// handle stays refused for the life of the process, even after many new
// handles of its kind. A destroyed handle releases what it owns at once;
// its slot (16 to 128 bytes) keeps only address space once every slot of
// its page is destroyed, and the page's memory goes back to the system.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CAPI_HANDLE_H
#define SDY_CAPI_HANDLE_H

#include <cstddef>
#include <cstdint>

namespace sdycapi {

enum class HandleKind : uint32_t {
  Status = 1,
  Context,
  Mesh,
  Sharding,
  Module,
  Pipeline,
  Backend,
  Executable,
  Query,
};

/// The C type name of a kind (`sdy_mesh_t`), for messages.
const char *handleKindName(HandleKind kind);

/// Marks `handle` destroyed. Returns false if it was not a live handle of
/// `kind` (then nothing changes).
bool unregisterHandle(const void *handle, HandleKind kind);
bool isLiveHandle(const void *handle, HandleKind kind);

/// A fresh slot of `size` bytes for a live handle of `kind`, at an address
/// no handle ever had.
void *allocateHandleStorage(HandleKind kind, std::size_t size);
/// Ends a slot: its handle is no longer live, and the slot is never reused.
void releaseHandleStorage(void *storage);

/// Base of every handle struct: gives it its kind and its storage.
template <HandleKind K>
struct Handle {
  static constexpr HandleKind kind = K;
  static void *operator new(std::size_t size) {
    return allocateHandleStorage(K, size);
  }
  static void operator delete(void *storage) noexcept {
    releaseHandleStorage(storage);
  }
};

/// Runs the destructor of a live handle of its kind; ignores NULL and
/// anything else (the `*_destroy` functions).
template <typename T>
void destroyHandle(T *handle) {
  if (handle && unregisterHandle(handle, T::kind))
    delete handle;
}

} // namespace sdycapi

#endif // SDY_CAPI_HANDLE_H
