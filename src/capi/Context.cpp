//===- Context.cpp - sdy_context_t ----------------------------------------===//

#include "Internal.h"

#include "ir/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "transforms/Registration.h"

using namespace sdycapi;

sdycapi::ContextImpl::ContextImpl()
    : context(mlir::MLIRContext::Threading::DISABLED) {
  mlir::DialectRegistry registry;
  mlir::sdy::registerAllDialects(registry);
  mlir::sdy::registerAllExtensions(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
  // Diagnostics go into statuses: keep them to the point.
  context.printOpOnDiagnostic(false);
  context.printStackTraceOnDiagnostic(false);
}

sdycapi::ContextImpl::~ContextImpl() = default;

extern "C" {

sdy_status_t *sdy_context_create(sdy_context_t **out_context) {
  static constexpr const char *fn = "sdy_context_create";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).out(out_context, "out_context"))
      return s;
    mlir::sdy::registerAllPassesAndPipelines();
    auto *context = new sdy_context;
    context->impl = std::make_shared<ContextImpl>();
    *out_context = context;
    return nullptr;
  });
}

void sdy_context_destroy(sdy_context_t *context) { destroyHandle(context); }

sdy_status_t *sdy_context_set_multithreading(sdy_context_t *context,
                                             int32_t enable) {
  static constexpr const char *fn = "sdy_context_set_multithreading";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).handle(context, "context"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(context->impl->mutex);
    context->impl->context.enableMultithreading(enable != 0);
    return nullptr;
  });
}

} // extern "C"
