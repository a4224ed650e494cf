//===- ArgCheck.h - argument checks of the C entry points -------*- C++ -*-===//
//
// Every `sdy_*` function checks its arguments before it touches them: NULL
// out-pointers, live handles of the right kind and context, NUL-terminated
// UTF-8 strings, array/count pairs and capacities. The messages (which the
// tests and bindings match) are written here and nowhere else.
//
// An entry point lists its checks in order; the first failure is returned:
//
//   if (sdy_status_t *s = ArgCheck(fn)
//                             .handle(mesh, "mesh")
//                             .string(text, "text")
//                             .out(out_mesh, "out_mesh"))
//     return s;
//
// Once a check has failed the later ones do nothing, so a check may read a
// handle that an earlier check accepted (sameContext).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CAPI_ARGCHECK_H
#define SDY_CAPI_ARGCHECK_H

#include "Handle.h"

#include <cstddef>
#include <memory>
#include <string>

#include "sdy_c/sdy_c.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace sdycapi {

struct ContextImpl;

/// The context state a handle belongs to (for sameContext).
const ContextImpl *contextOf(const sdy_context_t *context);
const ContextImpl *contextOf(const sdy_mesh_t *mesh);
const ContextImpl *contextOf(const sdy_sharding_t *sharding);
const ContextImpl *contextOf(const sdy_module_t *module);
const ContextImpl *contextOf(const sdy_pipeline_t *pipeline);

/// The argument checks of one call of `fn`, in order; converts to the first
/// failure (NULL when all passed).
class ArgCheck {
public:
  explicit ArgCheck(const char *fn) : fn(fn) {}
  ArgCheck(const ArgCheck &) = delete;
  ArgCheck &operator=(const ArgCheck &) = delete;

  /// A live handle of T's kind.
  template <typename T>
  ArgCheck &handle(const T *handle, const char *param) {
    return handleOfKind(handle, T::kind, param);
  }
  /// NULL, or a live handle of T's kind.
  template <typename T>
  ArgCheck &optionalHandle(const T *handle, const char *param) {
    return handle ? this->handle(handle, param) : *this;
  }
  /// `handle` (already checked; skipped when NULL) lives in `owner`'s
  /// context.
  template <typename A, typename B>
  ArgCheck &sameContext(const A *owner, const B *handle, const char *param) {
    // contextOf reads the handles: only once the earlier checks passed.
    if (failure || !handle)
      return *this;
    return contexts(contextOf(owner), contextOf(handle), param);
  }

  ArgCheck &out(const void *out, const char *param);
  /// At least one of two optional out pointers.
  ArgCheck &anyOut(const void *a, const char *paramA, const void *b,
                   const char *paramB);
  /// A NUL-terminated UTF-8 string.
  ArgCheck &string(const char *text, const char *param);
  ArgCheck &nonEmptyString(const char *text, const char *param);
  /// NULL, or a string.
  ArgCheck &optionalString(const char *text, const char *param);
  ArgCheck &optionalNonEmptyString(const char *text, const char *param);
  /// `count` strings, named `param[i]` in messages (`texts` checked by array).
  ArgCheck &strings(const char *const *texts, size_t count, const char *param);
  ArgCheck &array(const void *array, size_t count, const char *param);
  /// An output array of `capacity` entries holds `needed`; `what` says what
  /// it must hold ("rank 3").
  ArgCheck &capacity(size_t capacity, size_t needed,
                     llvm::function_ref<std::string()> what);
  /// Any other condition: `fn: message()` when `ok` is false. `ok` is
  /// computed before the chain runs, so it must not read a handle that the
  /// same chain checks (check it in a later statement).
  ArgCheck &require(bool ok, llvm::function_ref<std::string()> message);

  operator sdy_status_t *() const { return failure; }

private:
  // Out of line, so the single checks stay private to ArgCheck.cpp.
  ArgCheck &handleOfKind(const void *handle, HandleKind kind,
                         const char *param);
  ArgCheck &contexts(const ContextImpl *a, const ContextImpl *b,
                     const char *param);

  const char *fn;
  sdy_status_t *failure = nullptr;
};

} // namespace sdycapi

#endif // SDY_CAPI_ARGCHECK_H
