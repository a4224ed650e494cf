//===- PartitionRunFuzzer.cpp - fuzz partition, compile and run -----------===//
//
// Input: MLIR text. A module that parses goes through the "partition" preset
// (or, for a quarter of the inputs, is compiled as written), is compiled and
// run once with global arrays on the local backend when it needs at most
// kMaxDevices devices.
//
// Runs are bounded: programs with a tensor of more than kMaxElements
// elements (before or after partitioning), with `stablehlo.while` (the
// interpreter runs loops to completion) or with collectives under
// data-dependent control flow (devices may then wait for each other until
// the collective timeout) are not run.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include <cstring>
#include <string>
#include <vector>

using namespace sdy::fuzz;

namespace {

constexpr int64_t kMaxElements = 4096;
constexpr int64_t kMaxDevices = 8;

// True if every `tensor<AxBx...>` of the generic form (where every value's
// type is written) has at most kMaxElements elements.
bool withinBudget(const std::string &text) {
  for (size_t p = text.find("tensor<"); p != std::string::npos;
       p = text.find("tensor<", p + 1)) {
    int64_t elements = 1;
    size_t i = p + 7;
    while (true) {
      size_t start = i;
      int64_t dim = 0;
      while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        dim = dim * 10 + (text[i] - '0');
        if (dim > kMaxElements)
          return false;
        ++i;
      }
      if (i == start || i >= text.size() || text[i] != 'x')
        break; // the element type (or `?`, rejected by compile)
      elements *= dim;
      if (elements > kMaxElements)
        return false;
      ++i;
    }
  }
  return true;
}

bool contains(const std::string &text, const char *needle) {
  return text.find(needle) != std::string::npos;
}

bool runnable(const std::string &generic) {
  if (!withinBudget(generic) || contains(generic, "\"stablehlo.while\""))
    return false;
  bool collectives = contains(generic, "\"stablehlo.all_") ||
                     contains(generic, "\"stablehlo.reduce_scatter\"") ||
                     contains(generic, "\"stablehlo.collective_");
  bool branches = contains(generic, "\"stablehlo.case\"") ||
                  contains(generic, "\"stablehlo.if\"");
  return !(collectives && branches);
}

sdy_pipeline_t *partitionPipeline() {
  static sdy_pipeline_t *pipeline = [] {
    sdy_pipeline_t *p = nullptr;
    mustSucceed(sdy_pipeline_create_preset(context(), "partition", &p),
                "sdy_pipeline_create_preset(partition)");
    return p;
  }();
  return pipeline;
}

sdy_backend_t *localBackend(int64_t numDevices) {
  static sdy_backend_t *backends[kMaxDevices + 1] = {};
  if (!backends[numDevices])
    mustSucceed(sdy_backend_create_local(static_cast<int32_t>(numDevices),
                                         &backends[numDevices]),
                "sdy_backend_create_local");
  return backends[numDevices];
}

// A host array of a global shape, filled with small values (0/1 for i1).
struct Array {
  std::vector<int64_t> shape;
  std::vector<uint8_t> bytes;
  sdy_tensor_t tensor;
};

// The padded global shape of argument/result `index`: local size times the
// number of shards of each dimension.
bool globalArray(const sdy_executable_t *exe, size_t index, bool isArg,
                 Array &out) {
  sdy_dtype_t dtype;
  size_t rank = 0;
  int64_t local[16], shards[16];
  sdy_status_t *s =
      isArg ? sdy_executable_arg_type(exe, index, &dtype, &rank, local, 16)
            : sdy_executable_result_type(exe, index, &dtype, &rank, local, 16);
  if (!consume(s, "executable type") || rank > 16)
    return false;
  s = isArg ? sdy_executable_arg_num_shards(exe, index, shards, 16)
            : sdy_executable_result_num_shards(exe, index, shards, 16);
  mustSucceed(s, "executable num_shards");
  int64_t elements = 1;
  out.shape.assign(rank, 0);
  for (size_t d = 0; d < rank; ++d) {
    out.shape[d] = local[d] * shards[d];
    elements *= out.shape[d];
  }
  int64_t width = dtype.bits / 8;
  out.bytes.assign(elements * width + 1, 0);
  for (int64_t i = 0; i < elements; ++i) {
    uint8_t *p = out.bytes.data() + i * width;
    int64_t v = i % 5 - 2;
    if (dtype.code == SDY_DL_BOOL) {
      p[0] = i % 2;
    } else if (dtype.code == SDY_DL_FLOAT && dtype.bits == 32) {
      float f = 0.5f * v;
      std::memcpy(p, &f, 4);
    } else if (dtype.code == SDY_DL_FLOAT && dtype.bits == 64) {
      double f = 0.5 * v;
      std::memcpy(p, &f, 8);
    } else if (dtype.code == SDY_DL_FLOAT || dtype.code == SDY_DL_BFLOAT) {
      p[1] = v == 0 ? 0 : 0x3f; // about +-1.9 for f16 and bf16
    } else {
      std::memcpy(p, &v, width); // little-endian low bytes
    }
  }
  out.tensor = {};
  out.tensor.data = out.bytes.data();
  out.tensor.device.device_type = SDY_DL_CPU;
  out.tensor.ndim = static_cast<int32_t>(rank);
  out.tensor.dtype = dtype;
  out.tensor.shape = out.shape.data();
  return true;
}

void compileAndRun(const sdy_module_t *module) {
  sdy_executable_t *exe = nullptr;
  if (!consume(sdy_executable_compile(module, nullptr, &exe),
               "sdy_executable_compile"))
    return;
  int64_t numDevices = 0;
  size_t numArgs = 0, numResults = 0;
  mustSucceed(sdy_executable_num_devices(exe, &numDevices), "num_devices");
  mustSucceed(sdy_executable_num_args(exe, &numArgs), "num_args");
  mustSucceed(sdy_executable_num_results(exe, &numResults), "num_results");
  std::vector<Array> args(numArgs), results(numResults);
  bool ok = numDevices >= 1 && numDevices <= kMaxDevices;
  for (size_t i = 0; ok && i < numArgs; ++i)
    ok = globalArray(exe, i, true, args[i]);
  for (size_t i = 0; ok && i < numResults; ++i)
    ok = globalArray(exe, i, false, results[i]);
  if (ok) {
    std::vector<sdy_tensor_t> in, out;
    for (Array &a : args)
      in.push_back(a.tensor);
    for (Array &r : results)
      out.push_back(r.tensor);
    consume(sdy_executable_run_global(exe, localBackend(numDevices), in.data(),
                                      in.size(), out.data(), out.size()),
            "sdy_executable_run_global");
  }
  sdy_executable_destroy(exe);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sdy_module_t *module = parseInput(data, size);
  if (!module)
    return 0;
  if (runnable(printModule(module))) {
    bool partition = hash(data, size) % 4 != 0;
    if (!partition || (consume(sdy_pipeline_run(partitionPipeline(), module),
                               "sdy_pipeline_run(partition)") &&
                       runnable(printModule(module))))
      compileAndRun(module);
  }
  sdy_module_destroy(module);
  return 0;
}
