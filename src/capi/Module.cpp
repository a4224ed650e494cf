//===- Module.cpp - sdy_module_t ------------------------------------------===//

#include "Internal.h"
#include "ir/utils/BoolHexConstants.h"
#include "ir/utils/TextNesting.h"

#include "ir/sdy/ShardingUtils.h"
#include "ir/sdy/ShardingVerifier.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

using namespace sdycapi;
using namespace mlir;
using namespace mlir::sdy;

namespace {

sdy_module_t *newModule(const ContextRef &ctx, OwningOpRef<ModuleOp> op) {
  auto *module = new sdy_module;
  module->ctx = ctx;
  ctx->ownedModules.insert(op->getOperation());
  module->module = std::move(op);
  return module;
}

/// The number of `OpT` ops directly in the module.
template <typename OpT>
size_t countOps(const sdy_module &module) {
  std::lock_guard<std::recursive_mutex> lock(module.ctx->mutex);
  auto ops = module.module->getOps<OpT>();
  return std::distance(ops.begin(), ops.end());
}

/// The symbol name of the `index`-th `OpT` op directly in the module (`what`
/// and `whats` name the ops in messages).
template <typename OpT>
sdy_status_t *opName(const char *fn, const sdy_module_t *module, size_t index,
                     char **out_name, const char *what, const char *whats) {
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(module, "module").out(out_name, "out_name"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    size_t i = 0;
    for (OpT op : module->module->getOps<OpT>())
      if (i++ == index) {
        *out_name = copyString(op.getSymName());
        return nullptr;
      }
    return invalidArgument(fn, std::string(what) + " index " +
                                   std::to_string(index) +
                                   " is out of range: the module has " +
                                   std::to_string(i) + " " + whats);
  });
}

/// Finds `func.func @name` directly in the module.
sdy_status_t *lookupFunction(const char *fn, const sdy_module_t *module,
                             const char *name, func::FuncOp &result) {
  if (sdy_status_t *s = ArgCheck(fn).nonEmptyString(name, "function"))
    return s;
  ModuleOp op = *module->module;
  auto func = op.lookupSymbol<func::FuncOp>(name);
  if (!func)
    return invalidArgument(fn,
                           std::string("the module has no function @") + name);
  result = func;
  return nullptr;
}

sdy_status_t *checkIndex(const char *fn, const char *what, size_t index,
                         size_t count, func::FuncOp func) {
  if (index >= count)
    return invalidArgument(
        fn, std::string(what) + " index " + std::to_string(index) +
                " is out of range: @" + func.getSymName().str() + " has " +
                std::to_string(count) + " " + what + "s");
  return nullptr;
}

/// Common checks of the functions that take (module, function, index).
sdy_status_t *checkValueArgs(const char *fn, const sdy_module_t *module,
                             const char *function, size_t index, bool isArg,
                             func::FuncOp &func) {
  if (sdy_status_t *s = ArgCheck(fn).handle(module, "module"))
    return s;
  if (sdy_status_t *s = lookupFunction(fn, module, function, func))
    return s;
  return isArg ? checkIndex(fn, "argument", index, func.getNumArguments(), func)
               : checkIndex(fn, "result", index, func.getNumResults(), func);
}

/// Checks (module, function, index), then runs `body(func)` under the
/// context's lock.
template <typename Body>
sdy_status_t *withValue(const char *fn, const sdy_module_t *module,
                        const char *function, size_t index, bool isArg,
                        Body &&body) {
  func::FuncOp func;
  if (sdy_status_t *s =
          checkValueArgs(fn, module, function, index, isArg, func))
    return s;
  std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
  return body(func);
}

Type valueType(func::FuncOp func, size_t index, bool isArg) {
  return isArg ? func.getArgumentTypes()[index] : func.getResultTypes()[index];
}

/// Checks that `sharding` may be attached to a value of `type` in `func`:
/// its mesh symbol exists in the module with the same mesh, and the dialect
/// verifier accepts it.
sdy_status_t *checkShardingForValue(const char *fn, sdy_module_t *module,
                                    const sdy_sharding_t *sharding,
                                    func::FuncOp func, Type type,
                                    const std::string &what) {
  if (sdy_status_t *s = ArgCheck(fn)
                            .handle(sharding, "sharding")
                            .sameContext(module, sharding, "sharding"))
    return s;
  if (!sharding->meshName.empty()) {
    MeshAttr mesh = lookupMesh(*module->module, sharding->attr.getMeshOrRef());
    if (!mesh) {
      // Say why the lookup failed.
      Operation *symbol =
          SymbolTable::lookupSymbolIn(*module->module, sharding->meshName);
      if (!symbol)
        return makeStatus(SDY_FAILED_PRECONDITION,
                          std::string(fn) + ": the module has no sdy.mesh @" +
                              sharding->meshName +
                              " (add it with sdy_module_add_mesh)");
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": symbol @" + sharding->meshName +
                            " is a '" + symbol->getName().getStringRef().str() +
                            "', not an sdy.mesh");
    }
    if (mesh != sharding->mesh)
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": sdy.mesh @" + sharding->meshName +
                            " of the module is " + printAttribute(mesh) +
                            " but the sharding's mesh is " +
                            printAttribute(sharding->mesh));
  }
  DiagnosticCapture diags(&module->ctx->context);
  if (failed(verifyTensorSharding(sharding->attr, type, func, [&] {
        return func.emitOpError() << what << ": ";
      })))
    return makeStatus(SDY_VERIFICATION_ERROR,
                      std::string(fn) + ": " + diags.take("invalid sharding"));
  return nullptr;
}

/// Wraps the `sdy.sharding` attribute `attr` (may be null) of a value.
sdy_status_t *wrapValueSharding(const char *fn, const sdy_module_t *module,
                                Attribute attr, func::FuncOp func,
                                const std::string &what, sdy_sharding_t **out) {
  if (!attr) {
    *out = nullptr;
    return nullptr;
  }
  auto sharding = dyn_cast<TensorShardingAttr>(attr);
  if (!sharding)
    return makeStatus(SDY_VERIFICATION_ERROR,
                      std::string(fn) + ": the sdy.sharding of " + what +
                          " is not a #sdy.sharding: " + printAttribute(attr));
  DiagnosticCapture diags(&module->ctx->context);
  MeshAttr mesh = lookupMeshOrError(
      sharding, func, [&] { return func.emitOpError() << what << ": "; });
  if (!mesh)
    return makeStatus(SDY_VERIFICATION_ERROR,
                      std::string(fn) + ": " + diags.take("unknown mesh"));
  *out = newSharding(module->ctx, sharding, mesh);
  return nullptr;
}

std::string valueName(bool isArg, size_t index) {
  return std::string(isArg ? "argument " : "result ") + std::to_string(index);
}

sdy_status_t *getValueSharding(const char *fn, const sdy_module_t *module,
                               const char *function, size_t index, bool isArg,
                               sdy_sharding_t **out) {
  return withValue(fn, module, function, index, isArg, [&](func::FuncOp func) {
    if (sdy_status_t *s = ArgCheck(fn).out(out, "out_sharding"))
      return s;
    Attribute attr = isArg
                         ? func.getArgAttr(index, SdyDialect::kShardingAttr)
                         : func.getResultAttr(index, SdyDialect::kShardingAttr);
    return wrapValueSharding(fn, module, attr, func,
                             "sharding of " + valueName(isArg, index), out);
  });
}

sdy_status_t *setValueSharding(const char *fn, sdy_module_t *module,
                               const char *function, size_t index, bool isArg,
                               const sdy_sharding_t *sharding) {
  return withValue(
      fn, module, function, index, isArg,
      [&](func::FuncOp func) -> sdy_status_t * {
        if (!sharding) {
          if (isArg)
            func.removeArgAttr(index, SdyDialect::kShardingAttr);
          else
            func.removeResultAttr(index,
                                  StringAttr::get(&module->ctx->context,
                                                  SdyDialect::kShardingAttr));
          return nullptr;
        }
        if (sdy_status_t *s = checkShardingForValue(
                fn, module, sharding, func, valueType(func, index, isArg),
                "sharding of " + valueName(isArg, index)))
          return s;
        if (isArg)
          func.setArgAttr(index, SdyDialect::kShardingAttr, sharding->attr);
        else
          func.setResultAttr(index, SdyDialect::kShardingAttr, sharding->attr);
        return nullptr;
      });
}

sdy_status_t *addConstraint(const char *fn, sdy_module_t *module,
                            const char *function, size_t index, bool isArg,
                            const sdy_sharding_t *sharding) {
  return withValue(
      fn, module, function, index, isArg,
      [&](func::FuncOp func) -> sdy_status_t * {
        if (func.isExternal())
          return makeStatus(SDY_FAILED_PRECONDITION,
                            std::string(fn) + ": @" + func.getSymName().str() +
                                " is a declaration without a body");
        Type type = valueType(func, index, isArg);
        if (sdy_status_t *s = checkShardingForValue(
                fn, module, sharding, func, type,
                "sharding constraint on " + valueName(isArg, index)))
          return s;
        OpBuilder builder(&module->ctx->context);
        if (isArg) {
          BlockArgument arg = func.getArgument(index);
          builder.setInsertionPointToStart(&func.getBody().front());
          auto constraint = ShardingConstraintOp::create(
              builder, arg.getLoc(), type, arg, sharding->attr);
          arg.replaceAllUsesExcept(constraint.getResult(), constraint);
          return nullptr;
        }
        SmallVector<func::ReturnOp> returns;
        for (Block &block : func.getBody())
          if (auto ret = dyn_cast<func::ReturnOp>(block.getTerminator()))
            returns.push_back(ret);
        if (returns.empty())
          return makeStatus(SDY_FAILED_PRECONDITION,
                            std::string(fn) + ": @" + func.getSymName().str() +
                                " has no func.return");
        for (func::ReturnOp ret : returns) {
          builder.setInsertionPoint(ret);
          Value value = ret.getOperand(index);
          auto constraint = ShardingConstraintOp::create(
              builder, ret.getLoc(), type, value, sharding->attr);
          ret->setOperand(index, constraint.getResult());
        }
        return nullptr;
      });
}

} // namespace

extern "C" {

sdy_status_t *sdy_module_parse(sdy_context_t *context, const char *text,
                               const char *source_name,
                               sdy_module_t **out_module) {
  static constexpr const char *fn = "sdy_module_parse";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .string(text, "text")
                              .optionalString(source_name, "source_name")
                              .out(out_module, "out_module"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    MLIRContext *mlirCtx = &ctx->context;
    DiagnosticCapture diags(mlirCtx);
    if (auto at = findExcessiveNesting(text)) {
      emitError(FileLineColLoc::get(mlirCtx,
                                    source_name ? source_name : "<input>",
                                    at->first, at->second))
          << "nesting deeper than " << kMaxTextNesting << " brackets";
      return makeStatus(SDY_PARSE_ERROR,
                        std::string(fn) + ": " + diags.take("parse error"));
    }
    VerifierErrorWatch watch(mlirCtx);
    ParserConfig config(mlirCtx, /*verifyAfterParse=*/false);
    std::optional<std::string> packed = packBoolHexConstants(text);
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
        packed ? StringRef(*packed) : StringRef(text), config,
        source_name ? source_name : "<input>");
    if (!module)
      return makeStatus(watch.parseFailureCode(),
                        std::string(fn) + ": " + diags.take("parse error"));
    if (failed(verify(*module)))
      return makeStatus(SDY_VERIFICATION_ERROR,
                        std::string(fn) + ": " +
                            diags.take("verification failed"));
    *out_module = newModule(ctx, std::move(module));
    return nullptr;
  });
}

sdy_status_t *sdy_module_create_empty(sdy_context_t *context,
                                      sdy_module_t **out_module) {
  static constexpr const char *fn = "sdy_module_create_empty";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .out(out_module, "out_module"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    OwningOpRef<ModuleOp> module =
        ModuleOp::create(UnknownLoc::get(&ctx->context));
    *out_module = newModule(ctx, std::move(module));
    return nullptr;
  });
}

sdy_status_t *sdy_module_clone(const sdy_module_t *module,
                               sdy_module_t **out_module) {
  return query("sdy_module_clone", module, "module", out_module, "out_module",
               [](const sdy_module &module) {
                 std::lock_guard<std::recursive_mutex> lock(module.ctx->mutex);
                 return newModule(
                     module.ctx, OwningOpRef<ModuleOp>(module.module->clone()));
               });
}

sdy_module::~sdy_module() {
  if (!ctx || !module)
    return;
  std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
  ctx->ownedModules.erase(module->getOperation());
  module = nullptr;
}

void sdy_module_destroy(sdy_module_t *module) { destroyHandle(module); }

sdy_status_t *sdy_module_verify(const sdy_module_t *module) {
  static constexpr const char *fn = "sdy_module_verify";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn).handle(module, "module"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    DiagnosticCapture diags(&module->ctx->context);
    if (failed(verify(*module->module)))
      return makeStatus(SDY_VERIFICATION_ERROR,
                        std::string(fn) + ": " +
                            diags.take("verification failed"));
    return nullptr;
  });
}

sdy_status_t *sdy_module_print(const sdy_module_t *module, uint32_t flags,
                               char **out_text) {
  static constexpr const char *fn = "sdy_module_print";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .handle(module, "module")
                .require(!(flags &
                           ~uint32_t(SDY_PRINT_GENERIC | SDY_PRINT_DEBUG_INFO)),
                         [&] {
                           return "unknown flags " + std::to_string(flags) +
                                  " (allowed: SDY_PRINT_GENERIC | "
                                  "SDY_PRINT_DEBUG_INFO)";
                         })
                .out(out_text, "out_text"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    OpPrintingFlags printing;
    if (flags & SDY_PRINT_GENERIC)
      printing.printGenericOpForm();
    if (flags & SDY_PRINT_DEBUG_INFO)
      printing.enableDebugInfo();
    std::string text;
    llvm::raw_string_ostream os(text);
    // The printer verifies first and falls back to the generic form itself
    // if the module is invalid; diagnostics of that check are not errors.
    DiagnosticCapture diags(&module->ctx->context);
    module->module->print(os, printing);
    os.flush();
    *out_text = copyString(text);
    return nullptr;
  });
}

sdy_status_t *sdy_module_num_functions(const sdy_module_t *module,
                                       size_t *out_count) {
  return query("sdy_module_num_functions", module, "module", out_count,
               "out_count", countOps<func::FuncOp>);
}

sdy_status_t *sdy_module_function_name(const sdy_module_t *module, size_t index,
                                       char **out_name) {
  return opName<func::FuncOp>("sdy_module_function_name", module, index,
                              out_name, "function", "functions");
}

sdy_status_t *sdy_module_function_signature(const sdy_module_t *module,
                                            const char *function,
                                            size_t *out_num_args,
                                            size_t *out_num_results) {
  static constexpr const char *fn = "sdy_module_function_signature";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .anyOut(out_num_args, "out_num_args",
                                      out_num_results, "out_num_results"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    func::FuncOp func;
    if (sdy_status_t *s = lookupFunction(fn, module, function, func))
      return s;
    if (out_num_args)
      *out_num_args = func.getNumArguments();
    if (out_num_results)
      *out_num_results = func.getNumResults();
    return nullptr;
  });
}

sdy_status_t *sdy_module_add_mesh(sdy_module_t *module, const char *name,
                                  const sdy_mesh_t *mesh) {
  static constexpr const char *fn = "sdy_module_add_mesh";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .nonEmptyString(name, "name")
                              .handle(mesh, "mesh")
                              .sameContext(module, mesh, "mesh"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    ModuleOp op = *module->module;
    if (Operation *symbol = SymbolTable::lookupSymbolIn(op, name)) {
      auto meshOp = dyn_cast<MeshOp>(symbol);
      if (meshOp && meshOp.getMesh() == mesh->attr)
        return nullptr;
      return makeStatus(
          SDY_FAILED_PRECONDITION,
          std::string(fn) + ": the module already has a symbol @" + name +
              (meshOp ? " with a different mesh " +
                            printAttribute(meshOp.getMesh())
                      : " ('" + symbol->getName().getStringRef().str() + "')"));
    }
    OpBuilder builder = OpBuilder::atBlockBegin(op.getBody());
    MeshOp::create(builder, UnknownLoc::get(&module->ctx->context), name,
                   mesh->attr);
    return nullptr;
  });
}

sdy_status_t *sdy_module_num_meshes(const sdy_module_t *module,
                                    size_t *out_count) {
  return query("sdy_module_num_meshes", module, "module", out_count,
               "out_count", countOps<MeshOp>);
}

sdy_status_t *sdy_module_mesh_name(const sdy_module_t *module, size_t index,
                                   char **out_name) {
  return opName<MeshOp>("sdy_module_mesh_name", module, index, out_name, "mesh",
                        "meshes");
}

sdy_status_t *sdy_module_get_mesh(const sdy_module_t *module, const char *name,
                                  sdy_mesh_t **out_mesh) {
  static constexpr const char *fn = "sdy_module_get_mesh";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .nonEmptyString(name, "name")
                              .out(out_mesh, "out_mesh"))
      return s;
    std::lock_guard<std::recursive_mutex> lock(module->ctx->mutex);
    MeshAttr mesh = lookupMesh(
        *module->module, FlatSymbolRefAttr::get(&module->ctx->context, name));
    if (!mesh)
      return makeStatus(SDY_FAILED_PRECONDITION,
                        std::string(fn) + ": the module has no sdy.mesh @" +
                            name);
    *out_mesh = newMesh(module->ctx, mesh);
    return nullptr;
  });
}

sdy_status_t *sdy_module_get_arg_sharding(const sdy_module_t *module,
                                          const char *function, size_t arg,
                                          sdy_sharding_t **out_sharding) {
  return guarded("sdy_module_get_arg_sharding", [&] {
    return getValueSharding("sdy_module_get_arg_sharding", module, function,
                            arg, true, out_sharding);
  });
}

sdy_status_t *sdy_module_get_result_sharding(const sdy_module_t *module,
                                             const char *function,
                                             size_t result,
                                             sdy_sharding_t **out_sharding) {
  return guarded("sdy_module_get_result_sharding", [&] {
    return getValueSharding("sdy_module_get_result_sharding", module, function,
                            result, false, out_sharding);
  });
}

sdy_status_t *sdy_module_set_arg_sharding(sdy_module_t *module,
                                          const char *function, size_t arg,
                                          const sdy_sharding_t *sharding) {
  return guarded("sdy_module_set_arg_sharding", [&] {
    return setValueSharding("sdy_module_set_arg_sharding", module, function,
                            arg, true, sharding);
  });
}

sdy_status_t *sdy_module_set_result_sharding(sdy_module_t *module,
                                             const char *function,
                                             size_t result,
                                             const sdy_sharding_t *sharding) {
  return guarded("sdy_module_set_result_sharding", [&] {
    return setValueSharding("sdy_module_set_result_sharding", module, function,
                            result, false, sharding);
  });
}

sdy_status_t *
sdy_module_add_arg_sharding_constraint(sdy_module_t *module,
                                       const char *function, size_t arg,
                                       const sdy_sharding_t *sharding) {
  return guarded("sdy_module_add_arg_sharding_constraint", [&] {
    return addConstraint("sdy_module_add_arg_sharding_constraint", module,
                         function, arg, true, sharding);
  });
}

sdy_status_t *
sdy_module_add_result_sharding_constraint(sdy_module_t *module,
                                          const char *function, size_t result,
                                          const sdy_sharding_t *sharding) {
  return guarded("sdy_module_add_result_sharding_constraint", [&] {
    return addConstraint("sdy_module_add_result_sharding_constraint", module,
                         function, result, false, sharding);
  });
}

} // extern "C"

//===----------------------------------------------------------------------===//
// MLIR interop (mlir_interop.h)
//===----------------------------------------------------------------------===//

#include "mlir/CAPI/IR.h"
#include "sdy_c/mlir_interop.h"

extern "C" {

sdy_status_t *sdy_context_get_mlir_context(sdy_context_t *context,
                                           MlirContext *out_context) {
  return query("sdy_context_get_mlir_context", context, "context", out_context,
               "out_context", [](const sdy_context &context) {
                 return wrap(&context.impl->context);
               });
}

sdy_status_t *sdy_module_get_mlir_module(sdy_module_t *module,
                                         MlirModule *out_module) {
  return query("sdy_module_get_mlir_module", module, "module", out_module,
               "out_module",
               [](const sdy_module &module) { return wrap(*module.module); });
}

sdy_status_t *sdy_module_wrap_mlir_module(sdy_context_t *context,
                                          MlirModule mlir_module,
                                          sdy_module_t **out_module) {
  static constexpr const char *fn = "sdy_module_wrap_mlir_module";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .handle(context, "context")
                .require(!mlirModuleIsNull(mlir_module),
                         [] { return "'mlir_module' is a null MlirModule"; })
                .out(out_module, "out_module"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    ModuleOp op = unwrap(mlir_module);
    if (op.getContext() != &ctx->context)
      return invalidArgument(
          fn, "'mlir_module' belongs to another MlirContext than 'context'");
    if (op->getParentOp())
      return invalidArgument(fn, "'mlir_module' is nested in another op");
    if (ctx->ownedModules.count(op.getOperation()))
      return invalidArgument(
          fn, "'mlir_module' is already owned by an sdy_module_t");
    *out_module = newModule(ctx, OwningOpRef<ModuleOp>(op));
    return nullptr;
  });
}

} // extern "C"
