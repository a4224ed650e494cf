//===- Executable.cpp - sdy_executable_t ----------------------------------===//
//
// The C face of runtime::ShardedExecutable, which chooses the entry
// function, the device count and the shard layouts, and scatters and
// gathers global arrays. This layer checks the arguments, converts
// DLTensor descriptors and dtypes, and maps runtime errors to sdy_status_t
// (prefixed with the C function's name).
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "sdy_c/version.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

#include <algorithm>
#include <cstddef>
#include <new>

using namespace sdycapi;
using namespace mlir;
namespace rt = ::sdy::runtime;

// sdy_tensor_t is DLTensor field for field.
static_assert(sizeof(sdy_dtype_t) == 4, "DLDataType is 4 bytes");
static_assert(sizeof(sdy_device_t) == 8, "DLDevice is 8 bytes");
static_assert(offsetof(sdy_tensor_t, data) == 0, "DLTensor.data");
static_assert(offsetof(sdy_tensor_t, device) == 8, "DLTensor.device");
static_assert(offsetof(sdy_tensor_t, ndim) == 16, "DLTensor.ndim");
static_assert(offsetof(sdy_tensor_t, dtype) == 20, "DLTensor.dtype");
static_assert(offsetof(sdy_tensor_t, shape) == 24, "DLTensor.shape");
static_assert(offsetof(sdy_tensor_t, strides) == 32, "DLTensor.strides");
static_assert(offsetof(sdy_tensor_t, byte_offset) == 40,
              "DLTensor.byte_offset");
static_assert(sizeof(sdy_tensor_t) == 48, "DLTensor is 48 bytes");

namespace {

//--- element types ---------------------------------------------------------//

sdy_dtype_t toDtype(rt::ElementType t) {
  using E = rt::ElementType;
  switch (t) {
  case E::Pred:
    return {SDY_DL_BOOL, 8, 1};
  case E::I8:
    return {SDY_DL_INT, 8, 1};
  case E::I16:
    return {SDY_DL_INT, 16, 1};
  case E::I32:
    return {SDY_DL_INT, 32, 1};
  case E::I64:
    return {SDY_DL_INT, 64, 1};
  case E::U8:
    return {SDY_DL_UINT, 8, 1};
  case E::U16:
    return {SDY_DL_UINT, 16, 1};
  case E::U32:
    return {SDY_DL_UINT, 32, 1};
  case E::U64:
    return {SDY_DL_UINT, 64, 1};
  case E::F16:
    return {SDY_DL_FLOAT, 16, 1};
  case E::BF16:
    return {SDY_DL_BFLOAT, 16, 1};
  case E::F32:
    return {SDY_DL_FLOAT, 32, 1};
  case E::F64:
    return {SDY_DL_FLOAT, 64, 1};
  case E::C64:
    return {SDY_DL_COMPLEX, 64, 1};
  case E::C128:
    return {SDY_DL_COMPLEX, 128, 1};
  case E::I2:
    return {SDY_DL_INT, 2, 1};
  case E::I4:
    return {SDY_DL_INT, 4, 1};
  case E::U2:
    return {SDY_DL_UINT, 2, 1};
  case E::U4:
    return {SDY_DL_UINT, 4, 1};
  case E::F8E4M3FN:
    return {SDY_DL_FLOAT8_E4M3FN, 8, 1};
  case E::F8E5M2:
    return {SDY_DL_FLOAT8_E5M2, 8, 1};
  case E::F8E4M3FNUZ:
    return {SDY_DL_FLOAT8_E4M3FNUZ, 8, 1};
  case E::F8E5M2FNUZ:
    return {SDY_DL_FLOAT8_E5M2FNUZ, 8, 1};
  case E::F8E4M3B11FNUZ:
    return {SDY_DL_FLOAT8_E4M3B11FNUZ, 8, 1};
  case E::F8E4M3:
    return {SDY_DL_FLOAT8_E4M3, 8, 1};
  case E::F8E3M4:
    return {SDY_DL_FLOAT8_E3M4, 8, 1};
  case E::F8E8M0FNU:
    return {SDY_DL_FLOAT8_E8M0FNU, 8, 1};
  case E::F4E2M1FN:
    return {SDY_DL_FLOAT4_E2M1FN, 8, 1};
  case E::F6E2M3FN:
    return {SDY_DL_FLOAT6_E2M3FN, 8, 1};
  case E::F6E3M2FN:
    return {SDY_DL_FLOAT6_E3M2FN, 8, 1};
  }
  return {0, 0, 0};
}

/// false when the descriptor's dtype is none of ours.
bool fromDtype(sdy_dtype_t d, rt::ElementType &out) {
  if (d.lanes != 1)
    return false;
  for (int i = 0; i < rt::kNumElementTypes; ++i) {
    auto t = static_cast<rt::ElementType>(i);
    sdy_dtype_t ours = toDtype(t);
    if (ours.code == d.code && ours.bits == d.bits) {
      out = t;
      return true;
    }
  }
  return false;
}

std::string dtypeString(sdy_dtype_t d) {
  std::string s = "{code=" + std::to_string(d.code) +
                  ", bits=" + std::to_string(d.bits) +
                  ", lanes=" + std::to_string(d.lanes) + "}";
  rt::ElementType t;
  if (fromDtype(d, t))
    s += " (" + std::string(rt::elementTypeName(t)) + ")";
  return s;
}

//--- descriptors -----------------------------------------------------------//

/// Checks everything but the shape against the expected type; fills `view`
/// with the descriptor's own shape.
sdy_status_t *checkDescriptor(const char *fn, const std::string &what,
                              const sdy_tensor_t &t, rt::ElementType type,
                              size_t rank, rt::HostArray &view) {
  if (t.device.device_type != 0 && t.device.device_type != SDY_DL_CPU &&
      t.device.device_type != SDY_DL_CUDA_HOST)
    return invalidArgument(fn, what + ": device_type " +
                                   std::to_string(t.device.device_type) +
                                   " is not host memory (kDLCPU = 1)");
  rt::ElementType got;
  if (!fromDtype(t.dtype, got))
    return invalidArgument(fn, what + ": unsupported dtype " +
                                   dtypeString(t.dtype));
  if (got != type)
    return invalidArgument(fn, what + ": dtype " + dtypeString(t.dtype) +
                                   " does not match the program's " +
                                   rt::elementTypeName(type));
  if (t.ndim < 0 || static_cast<size_t>(t.ndim) != rank)
    return invalidArgument(fn, what + ": ndim is " + std::to_string(t.ndim) +
                                   ", the program expects rank " +
                                   std::to_string(rank));
  if (rank > 0 && !t.shape)
    return invalidArgument(fn, what + ": shape is NULL with ndim " +
                                   std::to_string(rank));
  view.type = type;
  view.shape.assign(t.shape, t.shape + rank);
  int64_t count = 1;
  for (size_t i = 0; i < rank; ++i) {
    if (view.shape[i] < 0)
      return invalidArgument(fn, what + ": negative dimension in shape " +
                                     rt::dimsString(view.shape));
    if (__builtin_mul_overflow(count, view.shape[i], &count) ||
        count > (int64_t(1) << 48))
      return invalidArgument(
          fn, what + ": shape " + rt::dimsString(view.shape) + " is too large");
  }
  size_t elemSize = rt::elementSize(type);
  if (count > 0 && !t.data)
    return invalidArgument(fn, what + ": data is NULL");
  // Elements must be naturally aligned (DLPack's rule; kernels may load
  // them as typed values).
  uintptr_t address = reinterpret_cast<uintptr_t>(t.data) + t.byte_offset;
  if (count > 0 && address % elemSize != 0)
    return invalidArgument(
        fn, what + ": data + byte_offset (byte_offset " +
                std::to_string(t.byte_offset) + ") is not aligned to " +
                std::to_string(elemSize) + " bytes, the size of " +
                rt::elementTypeName(type) + " elements");
  view.base = static_cast<char *>(t.data) + t.byte_offset;
  if (t.strides)
    view.strides.assign(t.strides, t.strides + rank);
  else
    view.strides = rt::rowMajorStrides(view.shape);
  return nullptr;
}

/// A descriptor with exactly the local type `spec`.
sdy_status_t *checkLocal(const char *fn, const std::string &what,
                         const sdy_tensor_t &t, const rt::TensorSpec &spec,
                         rt::HostArray &view) {
  if (sdy_status_t *s =
          checkDescriptor(fn, what, t, spec.type, spec.shape.size(), view))
    return s;
  if (view.shape != spec.shape)
    return invalidArgument(fn, what + ": shape " + rt::dimsString(view.shape) +
                                   " does not match the program's " +
                                   rt::shapeString(spec.shape, spec.type));
  return nullptr;
}

//--- compile ---------------------------------------------------------------//

sdy_status_t *
compile(const char *fn, const sdy_module_t *module, const char *function,
        sdy_executable_t **out,
        ::sdy::compiler::ExecMode mode = ::sdy::compiler::ExecMode::Interpret) {
  ContextRef ctx = module->ctx;
  auto exe = std::make_unique<sdy_executable>();
  {
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    DiagnosticCapture diags(&ctx->context);
    ModuleOp op = *module->module;
    if (failed(verify(op)))
      return makeStatus(SDY_VERIFICATION_ERROR,
                        std::string(fn) + ": the module does not verify: " +
                            diags.take("verification failed"));
    rt::ShardedExecutableOptions options;
    if (function)
      options.entry = function;
    options.executable.execMode = mode;
    if (sdy_status_t *s = fromRuntime(
            fn, rt::ShardedExecutable::fromModule(op, options, exe->exe)))
      return s;
  }
  *out = exe.release();
  return nullptr;
}

//--- runs ------------------------------------------------------------------//

/// The backend's local devices, checking its device count is N.
sdy_status_t *backendDevices(const char *fn, const sdy_executable_t *exe,
                             const sdy_backend_t *backend,
                             std::vector<int64_t> &local) {
  return fromRuntime(fn, exe->exe->localDevices(*backend->backend, local));
}

sdy_status_t *checkCounts(const char *fn, const sdy_executable_t *exe,
                          size_t numArgs, size_t numResults) {
  if (numArgs != exe->exe->args().size())
    return invalidArgument(fn, "@" + exe->exe->function() + " takes " +
                                   std::to_string(exe->exe->args().size()) +
                                   " arguments, num_args is " +
                                   std::to_string(numArgs));
  if (numResults != exe->exe->results().size())
    return invalidArgument(fn, "@" + exe->exe->function() + " returns " +
                                   std::to_string(exe->exe->results().size()) +
                                   " results, num_results is " +
                                   std::to_string(numResults));
  return nullptr;
}

/// The C code of a failed run: the program's own errors (a bad replica
/// group, a backend mismatch, ...) are SDY_FAILED_PRECONDITION.
int32_t runFailureCode(rt::StatusCode code) {
  switch (code) {
  case rt::StatusCode::Unsupported:
    return SDY_UNIMPLEMENTED;
  case rt::StatusCode::OutOfMemory:
    return SDY_RESOURCE_EXHAUSTED;
  case rt::StatusCode::Timeout:
  case rt::StatusCode::DeadlineExceeded:
    return SDY_DEADLINE_EXCEEDED;
  case rt::StatusCode::Unavailable:
    return SDY_UNAVAILABLE;
  case rt::StatusCode::Cancelled:
    return SDY_CANCELLED;
  default:
    return SDY_FAILED_PRECONDITION;
  }
}

/// Validates `options` (NULL: defaults) into `mode`.
sdy_status_t *readExecutableOptions(const char *fn,
                                    const sdy_executable_options_t *options,
                                    ::sdy::compiler::ExecMode &mode) {
  static_assert(sizeof(sdy_executable_options_t) ==
                    SDY_EXECUTABLE_OPTIONS_SIZE_1_3,
                "sdy_executable_options_t is the version 1.3 layout");
  mode = ::sdy::compiler::ExecMode::Interpret;
  if (!options)
    return nullptr;
  size_t size = options->struct_size;
  if (size < SDY_EXECUTABLE_OPTIONS_SIZE_1_3 || size > 4096)
    return invalidArgument(
        fn, "options->struct_size is " + std::to_string(size) +
                ", not the size of an sdy_executable_options_t (call "
                "sdy_executable_options_init() first)");
  const unsigned char *bytes = reinterpret_cast<const unsigned char *>(options);
  for (size_t i = sizeof(sdy_executable_options_t); i < size; ++i)
    if (bytes[i])
      return makeStatus(SDY_UNIMPLEMENTED,
                        std::string(fn) +
                            ": options set fields of a newer version (byte " +
                            std::to_string(i) + " of " + std::to_string(size) +
                            ") that this library does not know");
  switch (options->exec_mode) {
  case SDY_EXEC_MODE_INTERPRET:
    return nullptr;
  case SDY_EXEC_MODE_AUTO:
    mode = ::sdy::compiler::ExecMode::Auto;
    return nullptr;
  case SDY_EXEC_MODE_COMPILE:
    mode = ::sdy::compiler::ExecMode::Compile;
    return nullptr;
  default:
    return invalidArgument(fn, "options->exec_mode is " +
                                   std::to_string(options->exec_mode) +
                                   ": use SDY_EXEC_MODE_INTERPRET (0), "
                                   "SDY_EXEC_MODE_AUTO (1) or "
                                   "SDY_EXEC_MODE_COMPILE (2)");
  }
}

/// Validates `options` (NULL: defaults) into `out`.
sdy_status_t *readRunOptions(const char *fn, const sdy_run_options_t *options,
                             rt::RunOptions &out) {
  static_assert(sizeof(sdy_run_options_t) == SDY_RUN_OPTIONS_SIZE_1_1,
                "sdy_run_options_t is the version 1.1 layout");
  out = rt::RunOptions();
  out.collectiveTimeoutMs = 60000;
  if (!options)
    return nullptr;
  size_t size = options->struct_size;
  if (size < SDY_RUN_OPTIONS_SIZE_1_1)
    return invalidArgument(
        fn, "options->struct_size is " + std::to_string(size) +
                ", smaller than the " +
                std::to_string(SDY_RUN_OPTIONS_SIZE_1_1) +
                " bytes of the first version of sdy_run_options_t (call "
                "sdy_run_options_init() first)");
  if (size > 4096)
    return invalidArgument(fn, "options->struct_size is " +
                                   std::to_string(size) +
                                   ", not the size of an sdy_run_options_t "
                                   "(call sdy_run_options_init() first)");
  const unsigned char *bytes = reinterpret_cast<const unsigned char *>(options);
  for (size_t i = sizeof(sdy_run_options_t); i < size; ++i)
    if (bytes[i])
      return makeStatus(
          SDY_UNIMPLEMENTED,
          std::string(fn) + ": options set fields of a newer version (byte " +
              std::to_string(i) + " of " + std::to_string(size) +
              ") that this library (" +
              std::to_string(SDY_C_API_VERSION_MAJOR) + "." +
              std::to_string(SDY_C_API_VERSION_MINOR) + ") does not know");
  if (options->timeout_ms < 0)
    return invalidArgument(fn, "options->timeout_ms is " +
                                   std::to_string(options->timeout_ms) +
                                   ": use 0 for no limit, or a positive "
                                   "number of milliseconds");
  if (options->collective_timeout_ms < 0)
    return invalidArgument(fn,
                           "options->collective_timeout_ms is " +
                               std::to_string(options->collective_timeout_ms) +
                               ": use 0 to wait forever, or a positive "
                               "number of milliseconds");
  out.timeoutMs = options->timeout_ms;
  out.collectiveTimeoutMs = options->collective_timeout_ms;
  out.cancel = options->cancel;
  return nullptr;
}

/// Runs under the backend's lock.
sdy_status_t *execute(const char *fn, const sdy_executable_t *exe,
                      const sdy_backend_t *backend,
                      const std::vector<std::vector<rt::Tensor>> &inputs,
                      std::vector<std::vector<rt::Tensor>> &outputs,
                      const rt::RunOptions &options) {
  rt::Status status;
  {
    std::lock_guard<std::mutex> lock(backend->runMutex);
    status =
        exe->exe->executable().run(*backend->backend, inputs, outputs, options);
  }
  if (!status.isOk())
    return makeStatus(runFailureCode(status.code()),
                      std::string(fn) + ": running @" + exe->exe->function() +
                          " failed: " + status.message());
  return fromRuntime(fn, exe->exe->checkOutputs(outputs));
}

sdy_status_t *runLocal(const char *fn, const sdy_executable_t *exe,
                       const sdy_backend_t *backend, const sdy_tensor_t *args,
                       size_t numArgs, sdy_tensor_t *results, size_t numResults,
                       const rt::RunOptions &options) {
  if (sdy_status_t *s = checkCounts(fn, exe, numArgs, numResults))
    return s;
  std::vector<int64_t> local;
  if (sdy_status_t *s = backendDevices(fn, exe, backend, local))
    return s;
  size_t L = local.size();
  if (sdy_status_t *s = ArgCheck(fn)
                            .array(args, L * numArgs, "args")
                            .array(results, L * numResults, "results"))
    return s;
  const auto &argLayouts = exe->exe->args();
  const auto &resultLayouts = exe->exe->results();
  std::vector<std::vector<rt::Tensor>> inputs(L), outputs;
  for (size_t k = 0; k < L; ++k)
    for (size_t i = 0; i < numArgs; ++i) {
      rt::HostArray view;
      if (sdy_status_t *s =
              checkLocal(fn,
                         "argument " + std::to_string(i) + " of device " +
                             std::to_string(local[k]) + " (args[" +
                             std::to_string(k * numArgs + i) + "])",
                         args[k * numArgs + i], argLayouts[i].spec, view))
        return s;
      inputs[k].push_back(rt::readHostArray(view));
    }
  std::vector<rt::HostArray> outViews(L * numResults);
  for (size_t k = 0; k < L; ++k)
    for (size_t j = 0; j < numResults; ++j)
      if (sdy_status_t *s =
              checkLocal(fn,
                         "result " + std::to_string(j) + " of device " +
                             std::to_string(local[k]) + " (results[" +
                             std::to_string(k * numResults + j) + "])",
                         results[k * numResults + j], resultLayouts[j].spec,
                         outViews[k * numResults + j]))
        return s;
  if (sdy_status_t *s = execute(fn, exe, backend, inputs, outputs, options))
    return s;
  for (size_t k = 0; k < L; ++k)
    for (size_t j = 0; j < numResults; ++j)
      rt::writeHostArray(outputs[k][j], outViews[k * numResults + j]);
  return nullptr;
}

/// Checks global descriptors against the layouts (`what` names them).
sdy_status_t *checkGlobal(const char *fn, const char *what,
                          const sdy_tensor_t *tensors,
                          const std::vector<rt::ValueLayout> &layouts,
                          std::vector<rt::HostArray> &views) {
  views.resize(layouts.size());
  for (size_t i = 0; i < layouts.size(); ++i) {
    std::string name = std::string(what) + " " + std::to_string(i);
    const rt::ValueLayout &layout = layouts[i];
    if (sdy_status_t *s =
            checkDescriptor(fn, name, tensors[i], layout.spec.type,
                            layout.spec.shape.size(), views[i]))
      return s;
    if (sdy_status_t *s =
            fromRuntime(fn, layout.checkGlobalShape(name, views[i].shape)))
      return s;
  }
  return nullptr;
}

sdy_status_t *runGlobal(const char *fn, const sdy_executable_t *exe,
                        const sdy_backend_t *backend, const sdy_tensor_t *args,
                        size_t numArgs, sdy_tensor_t *results,
                        size_t numResults, const rt::RunOptions &options) {
  if (sdy_status_t *s = checkCounts(fn, exe, numArgs, numResults))
    return s;
  if (sdy_status_t *s = ArgCheck(fn)
                            .array(args, numArgs, "global_args")
                            .array(results, numResults, "global_results"))
    return s;
  std::vector<int64_t> local;
  if (sdy_status_t *s = backendDevices(fn, exe, backend, local))
    return s;
  int64_t numDevices = exe->exe->numDevices();
  if (static_cast<int64_t>(local.size()) != numDevices)
    return makeStatus(SDY_FAILED_PRECONDITION,
                      std::string(fn) +
                          ": global runs need every device in this process; "
                          "backend '" +
                          backend->backend->name() + "' drives " +
                          std::to_string(local.size()) + " of " +
                          std::to_string(numDevices) +
                          " devices here (use sdy_executable_run_local)");
  std::vector<rt::HostArray> argViews, resultViews;
  if (sdy_status_t *s =
          checkGlobal(fn, "global argument", args, exe->exe->args(), argViews))
    return s;
  if (sdy_status_t *s = checkGlobal(fn, "global result", results,
                                    exe->exe->results(), resultViews))
    return s;
  std::vector<std::vector<rt::Tensor>> inputs, outputs;
  exe->exe->scatter(argViews, local, inputs);
  if (sdy_status_t *s = execute(fn, exe, backend, inputs, outputs, options))
    return s;
  exe->exe->gather(outputs, local, resultViews);
  return nullptr;
}

/// Checks `exe` and finds its argument or result `index`.
sdy_status_t *findLayout(const char *fn, const sdy_executable_t *exe,
                         bool isArg, size_t index,
                         const rt::ValueLayout *&layout) {
  if (sdy_status_t *s = ArgCheck(fn).handle(exe, "executable"))
    return s;
  const auto &values = isArg ? exe->exe->args() : exe->exe->results();
  const char *what = isArg ? "argument" : "result";
  if (index >= values.size())
    return invalidArgument(
        fn, std::string(what) + " index " + std::to_string(index) +
                " is out of range: @" + exe->exe->function() + " has " +
                std::to_string(values.size()) + " " + what + "s");
  layout = &values[index];
  return nullptr;
}

/// The message for an output array of `capacity` entries that cannot hold
/// the `rank` of argument or result `index`.
std::string capacityMessage(size_t capacity, size_t rank, bool isArg,
                            size_t index) {
  return "capacity " + std::to_string(capacity) + " is smaller than the rank " +
         std::to_string(rank) + " of " + (isArg ? "argument " : "result ") +
         std::to_string(index);
}

sdy_status_t *valueType(const char *fn, const sdy_executable_t *exe, bool isArg,
                        size_t index, sdy_dtype_t *outDtype, size_t *outRank,
                        int64_t *outShape, size_t capacity) {
  return guarded(fn, [&]() -> sdy_status_t * {
    const rt::ValueLayout *layout = nullptr;
    if (sdy_status_t *s = findLayout(fn, exe, isArg, index, layout))
      return s;
    const rt::TensorSpec &spec = layout->spec;
    size_t rank = spec.shape.size();
    if (sdy_status_t *s =
            ArgCheck(fn)
                .require(outDtype || outRank || outShape,
                         [] {
                           return "out_dtype, out_rank and out_shape are all "
                                  "NULL";
                         })
                .array(outShape, capacity, "out_shape")
                .require(!outShape || capacity >= rank, [&] {
                  return capacityMessage(capacity, rank, isArg, index);
                }))
      return s;
    if (outDtype)
      *outDtype = toDtype(spec.type);
    if (outRank)
      *outRank = rank;
    if (outShape)
      std::copy(spec.shape.begin(), spec.shape.end(), outShape);
    return nullptr;
  });
}

/// Checks `exe` and finds its argument or result `index`, whose per-dimension
/// values go to `out` (`param`, `capacity` entries).
sdy_status_t *findRankedLayout(const char *fn, const sdy_executable_t *exe,
                               bool isArg, size_t index, const int64_t *out,
                               const char *param, size_t capacity,
                               const rt::ValueLayout *&layout) {
  if (sdy_status_t *s = findLayout(fn, exe, isArg, index, layout))
    return s;
  size_t rank = layout->spec.shape.size();
  return ArgCheck(fn).array(out, rank, param).require(capacity >= rank, [&] {
    return capacityMessage(capacity, rank, isArg, index);
  });
}

sdy_status_t *numShards(const char *fn, const sdy_executable_t *exe, bool isArg,
                        size_t index, int64_t *out, size_t capacity) {
  return guarded(fn, [&]() -> sdy_status_t * {
    const rt::ValueLayout *layout = nullptr;
    if (sdy_status_t *s = findRankedLayout(fn, exe, isArg, index, out,
                                           "out_num_shards", capacity, layout))
      return s;
    for (size_t d = 0, rank = layout->spec.shape.size(); d < rank; ++d)
      out[d] = layout->sharded() ? layout->numShards[d] : 1;
    return nullptr;
  });
}

/// Runs `body` turning a failed host allocation (the per-device copies of
/// the arguments) into SDY_RESOURCE_EXHAUSTED.
template <typename Fn>
sdy_status_t *guardedRun(const char *fn, Fn &&body) {
  return guarded(fn, [&]() -> sdy_status_t * {
    try {
      return body();
    } catch (const std::bad_alloc &) {
      return makeStatus(SDY_RESOURCE_EXHAUSTED,
                        std::string(fn) +
                            ": out of host memory for the per-device copies "
                            "of the arguments");
    }
  });
}

sdy_status_t *globalShape(const char *fn, const sdy_executable_t *exe,
                          bool isArg, size_t index, int64_t *out,
                          size_t capacity, int32_t *outExact) {
  return guarded(fn, [&]() -> sdy_status_t * {
    const rt::ValueLayout *layout = nullptr;
    if (sdy_status_t *s = findRankedLayout(fn, exe, isArg, index, out,
                                           "out_shape", capacity, layout))
      return s;
    rt::Shape shape = layout->boundingGlobalShape();
    std::copy(shape.begin(), shape.end(), out);
    if (outExact)
      *outExact = layout->isGlobalShapeExact() ? 1 : 0;
    return nullptr;
  });
}

/// The whole body of the sdy_executable_run_* functions; `options` may be
/// NULL (the defaults).
sdy_status_t *run(const char *fn, bool global, const sdy_executable_t *exe,
                  const sdy_backend_t *backend, const sdy_tensor_t *args,
                  size_t numArgs, sdy_tensor_t *results, size_t numResults,
                  const sdy_run_options_t *options) {
  return guardedRun(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn).handle(exe, "executable").handle(backend, "backend"))
      return s;
    rt::RunOptions runOptions;
    if (sdy_status_t *s = readRunOptions(fn, options, runOptions))
      return s;
    return (global ? runGlobal : runLocal)(fn, exe, backend, args, numArgs,
                                           results, numResults, runOptions);
  });
}

} // namespace

extern "C" {

sdy_status_t *
sdy_executable_arg_global_shape(const sdy_executable_t *executable,
                                size_t index, int64_t *out_shape,
                                size_t capacity, int32_t *out_exact) {
  return globalShape("sdy_executable_arg_global_shape", executable, true, index,
                     out_shape, capacity, out_exact);
}

sdy_status_t *
sdy_executable_result_global_shape(const sdy_executable_t *executable,
                                   size_t index, int64_t *out_shape,
                                   size_t capacity, int32_t *out_exact) {
  return globalShape("sdy_executable_result_global_shape", executable, false,
                     index, out_shape, capacity, out_exact);
}

sdy_status_t *sdy_executable_arg_num_shards(const sdy_executable_t *executable,
                                            size_t index,
                                            int64_t *out_num_shards,
                                            size_t capacity) {
  return numShards("sdy_executable_arg_num_shards", executable, true, index,
                   out_num_shards, capacity);
}

sdy_status_t *
sdy_executable_result_num_shards(const sdy_executable_t *executable,
                                 size_t index, int64_t *out_num_shards,
                                 size_t capacity) {
  return numShards("sdy_executable_result_num_shards", executable, false, index,
                   out_num_shards, capacity);
}

sdy_status_t *sdy_executable_compile(const sdy_module_t *module,
                                     const char *function,
                                     sdy_executable_t **out_executable) {
  static constexpr const char *fn = "sdy_executable_compile";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .optionalNonEmptyString(function, "function")
                              .out(out_executable, "out_executable"))
      return s;
    return compile(fn, module, function, out_executable);
  });
}

void sdy_executable_options_init(sdy_executable_options_t *options) {
  if (!options)
    return;
  options->struct_size = SDY_EXECUTABLE_OPTIONS_SIZE_1_3;
  options->exec_mode = SDY_EXEC_MODE_INTERPRET;
}

sdy_status_t *
sdy_executable_compile_with_options(const sdy_module_t *module,
                                    const char *function,
                                    const sdy_executable_options_t *options,
                                    sdy_executable_t **out_executable) {
  static constexpr const char *fn = "sdy_executable_compile_with_options";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(module, "module")
                              .optionalNonEmptyString(function, "function")
                              .out(out_executable, "out_executable"))
      return s;
    ::sdy::compiler::ExecMode mode;
    if (sdy_status_t *s = readExecutableOptions(fn, options, mode))
      return s;
    return compile(fn, module, function, out_executable, mode);
  });
}

sdy_status_t *sdy_executable_compile_report(const sdy_executable_t *executable,
                                            char **out_report) {
  static constexpr const char *fn = "sdy_executable_compile_report";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(executable, "executable")
                              .out(out_report, "out_report"))
      return s;
    *out_report = copyString(executable->exe->executable().compileReport());
    return nullptr;
  });
}

void sdy_executable_destroy(sdy_executable_t *executable) {
  destroyHandle(executable);
}

sdy_status_t *sdy_executable_num_devices(const sdy_executable_t *executable,
                                         int64_t *out_num_devices) {
  return query("sdy_executable_num_devices", executable, "executable",
               out_num_devices, "out_num_devices",
               [](const sdy_executable_t &e) { return e.exe->numDevices(); });
}

sdy_status_t *sdy_executable_num_args(const sdy_executable_t *executable,
                                      size_t *out_num_args) {
  return query("sdy_executable_num_args", executable, "executable",
               out_num_args, "out_num_args",
               [](const sdy_executable_t &e) { return e.exe->args().size(); });
}

sdy_status_t *sdy_executable_num_results(const sdy_executable_t *executable,
                                         size_t *out_num_results) {
  return query(
      "sdy_executable_num_results", executable, "executable", out_num_results,
      "out_num_results",
      [](const sdy_executable_t &e) { return e.exe->results().size(); });
}

sdy_status_t *sdy_executable_arg_type(const sdy_executable_t *executable,
                                      size_t index, sdy_dtype_t *out_dtype,
                                      size_t *out_rank, int64_t *out_shape,
                                      size_t capacity) {
  return valueType("sdy_executable_arg_type", executable, true, index,
                   out_dtype, out_rank, out_shape, capacity);
}

sdy_status_t *sdy_executable_result_type(const sdy_executable_t *executable,
                                         size_t index, sdy_dtype_t *out_dtype,
                                         size_t *out_rank, int64_t *out_shape,
                                         size_t capacity) {
  return valueType("sdy_executable_result_type", executable, false, index,
                   out_dtype, out_rank, out_shape, capacity);
}

sdy_status_t *sdy_executable_arg_device_slice(
    const sdy_executable_t *executable, size_t index,
    const int64_t *global_shape, size_t rank, int64_t device,
    int64_t *out_starts, int64_t *out_limits, size_t capacity) {
  static constexpr const char *fn = "sdy_executable_arg_device_slice";
  return guarded(fn, [&]() -> sdy_status_t * {
    const rt::ValueLayout *found = nullptr;
    if (sdy_status_t *s =
            findLayout(fn, executable, /*isArg=*/true, index, found))
      return s;
    const rt::ValueLayout &layout = *found;
    size_t valueRank = layout.spec.shape.size();
    int64_t numDevices = executable->exe->numDevices();
    if (sdy_status_t *s =
            ArgCheck(fn)
                .array(global_shape, rank, "global_shape")
                .require(rank == valueRank,
                         [&] {
                           return "rank is " + std::to_string(rank) +
                                  ", argument " + std::to_string(index) +
                                  " has rank " + std::to_string(valueRank);
                         })
                .require(device >= 0 && device < numDevices,
                         [&] {
                           return "device " + std::to_string(device) +
                                  " is out of range: the program runs on " +
                                  std::to_string(numDevices) + " devices";
                         })
                .array(out_starts, rank, "out_starts")
                .array(out_limits, rank, "out_limits")
                .require(capacity >= rank, [&] {
                  return "capacity " + std::to_string(capacity) +
                         " is smaller than the rank " + std::to_string(rank);
                }))
      return s;
    std::vector<int64_t> global(global_shape, global_shape + rank);
    for (int64_t g : global)
      if (g < 0)
        return invalidArgument(fn, "negative dimension in global shape " +
                                       rt::dimsString(global));
    if (sdy_status_t *s =
            fromRuntime(fn, layout.checkGlobalShape(
                                "argument " + std::to_string(index), global)))
      return s;
    std::vector<int64_t> starts, limits;
    layout.deviceSlice(global, device, starts, limits);
    std::copy(starts.begin(), starts.end(), out_starts);
    std::copy(limits.begin(), limits.end(), out_limits);
    return nullptr;
  });
}

void sdy_run_options_init(sdy_run_options_t *options) {
  if (!options)
    return;
  options->struct_size = SDY_RUN_OPTIONS_SIZE_1_1;
  options->timeout_ms = 0;
  options->collective_timeout_ms = 60000;
  options->cancel = nullptr;
}

sdy_status_t *sdy_executable_run_local(const sdy_executable_t *executable,
                                       const sdy_backend_t *backend,
                                       const sdy_tensor_t *args,
                                       size_t num_args, sdy_tensor_t *results,
                                       size_t num_results) {
  return run("sdy_executable_run_local", false, executable, backend, args,
             num_args, results, num_results, nullptr);
}

sdy_status_t *sdy_executable_run_local_with_options(
    const sdy_executable_t *executable, const sdy_backend_t *backend,
    const sdy_tensor_t *args, size_t num_args, sdy_tensor_t *results,
    size_t num_results, const sdy_run_options_t *options) {
  return run("sdy_executable_run_local_with_options", false, executable,
             backend, args, num_args, results, num_results, options);
}

sdy_status_t *sdy_executable_run_global(const sdy_executable_t *executable,
                                        const sdy_backend_t *backend,
                                        const sdy_tensor_t *global_args,
                                        size_t num_args,
                                        sdy_tensor_t *global_results,
                                        size_t num_results) {
  return run("sdy_executable_run_global", true, executable, backend,
             global_args, num_args, global_results, num_results, nullptr);
}

sdy_status_t *sdy_executable_run_global_with_options(
    const sdy_executable_t *executable, const sdy_backend_t *backend,
    const sdy_tensor_t *global_args, size_t num_args,
    sdy_tensor_t *global_results, size_t num_results,
    const sdy_run_options_t *options) {
  return run("sdy_executable_run_global_with_options", true, executable,
             backend, global_args, num_args, global_results, num_results,
             options);
}

} // extern "C"
