//===- ArgCheck.cpp - argument checks of the C entry points ---------------===//

#include "ArgCheck.h"
#include "Internal.h"

#include <cstring>

#include "llvm/Support/ConvertUTF.h"

using namespace sdycapi;

const ContextImpl *sdycapi::contextOf(const sdy_context_t *context) {
  return context->impl.get();
}
const ContextImpl *sdycapi::contextOf(const sdy_mesh_t *mesh) {
  return mesh->ctx.get();
}
const ContextImpl *sdycapi::contextOf(const sdy_sharding_t *sharding) {
  return sharding->ctx.get();
}
const ContextImpl *sdycapi::contextOf(const sdy_module_t *module) {
  return module->ctx.get();
}
const ContextImpl *sdycapi::contextOf(const sdy_pipeline_t *pipeline) {
  return pipeline->ctx.get();
}

// Single checks, each returning NULL or an SDY_INVALID_ARGUMENT status
// `fn: message`.

static sdy_status_t *checkHandle(const char *fn, const char *param,
                                 const void *handle, HandleKind kind) {
  if (!handle)
    return invalidArgument(fn, std::string("'") + param + "' is NULL");
  if (!isLiveHandle(handle, kind))
    return invalidArgument(fn, std::string("'") + param + "' is not a live " +
                                   handleKindName(kind) +
                                   " (foreign or already destroyed handle)");
  return nullptr;
}

static sdy_status_t *checkOut(const char *fn, const char *param,
                              const void *out) {
  if (!out)
    return invalidArgument(fn, std::string("output pointer '") + param +
                                   "' is NULL");
  return nullptr;
}

static sdy_status_t *checkString(const char *fn, const char *param,
                                 const char *text, bool allowEmpty = true) {
  if (!text)
    return invalidArgument(fn, std::string("string '") + param + "' is NULL");
  size_t length = std::strlen(text);
  if (!allowEmpty && length == 0)
    return invalidArgument(fn, std::string("string '") + param + "' is empty");
  const auto *begin = reinterpret_cast<const llvm::UTF8 *>(text);
  if (!llvm::isLegalUTF8String(&begin, begin + length))
    return invalidArgument(
        fn, std::string("string '") + param + "' is not valid UTF-8 (byte " +
                std::to_string(reinterpret_cast<const char *>(begin) - text) +
                ")");
  return nullptr;
}

static sdy_status_t *checkArray(const char *fn, const char *param,
                                const void *array, size_t count) {
  if (!array && count != 0)
    return invalidArgument(fn, std::string("array '") + param +
                                   "' is NULL but its count is " +
                                   std::to_string(count));
  return nullptr;
}

static sdy_status_t *checkSameContext(const char *fn, const char *param,
                                      const ContextImpl *a,
                                      const ContextImpl *b) {
  if (a != b)
    return invalidArgument(fn, std::string("'") + param +
                                   "' belongs to a different sdy_context_t");
  return nullptr;
}

ArgCheck &ArgCheck::handleOfKind(const void *handle, HandleKind kind,
                                 const char *param) {
  if (!failure)
    failure = checkHandle(fn, param, handle, kind);
  return *this;
}

ArgCheck &ArgCheck::contexts(const ContextImpl *a, const ContextImpl *b,
                             const char *param) {
  if (!failure)
    failure = checkSameContext(fn, param, a, b);
  return *this;
}

ArgCheck &ArgCheck::out(const void *out, const char *param) {
  if (!failure)
    failure = checkOut(fn, param, out);
  return *this;
}

ArgCheck &ArgCheck::anyOut(const void *a, const char *paramA, const void *b,
                           const char *paramB) {
  return require(a || b, [&] {
    return std::string("both '") + paramA + "' and '" + paramB + "' are NULL";
  });
}

ArgCheck &ArgCheck::string(const char *text, const char *param) {
  if (!failure)
    failure = checkString(fn, param, text);
  return *this;
}

ArgCheck &ArgCheck::nonEmptyString(const char *text, const char *param) {
  if (!failure)
    failure = checkString(fn, param, text, /*allowEmpty=*/false);
  return *this;
}

ArgCheck &ArgCheck::optionalString(const char *text, const char *param) {
  return text ? string(text, param) : *this;
}

ArgCheck &ArgCheck::optionalNonEmptyString(const char *text,
                                           const char *param) {
  return text ? nonEmptyString(text, param) : *this;
}

ArgCheck &ArgCheck::strings(const char *const *texts, size_t count,
                            const char *param) {
  array(texts, count, param);
  for (size_t i = 0; i < count && !failure; ++i) {
    std::string name = std::string(param) + "[" + std::to_string(i) + "]";
    failure = checkString(fn, name.c_str(), texts[i]);
  }
  return *this;
}

ArgCheck &ArgCheck::array(const void *array, size_t count, const char *param) {
  if (!failure)
    failure = checkArray(fn, param, array, count);
  return *this;
}

ArgCheck &ArgCheck::capacity(size_t capacity, size_t needed,
                             llvm::function_ref<std::string()> what) {
  return require(capacity >= needed, [&] {
    return "capacity " + std::to_string(capacity) + " is less than " + what();
  });
}

ArgCheck &ArgCheck::require(bool ok,
                            llvm::function_ref<std::string()> message) {
  if (!failure && !ok)
    failure = invalidArgument(fn, message());
  return *this;
}
