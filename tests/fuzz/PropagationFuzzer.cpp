//===- PropagationFuzzer.cpp - fuzz the propagation preset ----------------===//
//
// Input: MLIR text. A module that parses goes through the "propagation"
// preset with one of its strategies (picked from the input's hash). A failed
// run must leave the module as it was; a successful one must give a module
// that verifies and reparses from its printed form.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include <string>

using namespace sdy::fuzz;

namespace {

const char *const kOptions[] = {
    "",
    "propagation-strategy=basic",
    "propagation-strategy=basic-then-aggressive conservative-propagation=true",
    "keep-sharding-rules=true debug-sharding-origins=true",
};
constexpr size_t kNumOptions = sizeof(kOptions) / sizeof(kOptions[0]);

// One pipeline per option set, built once (pipelines are reusable).
sdy_pipeline_t *pipeline(size_t index) {
  static sdy_pipeline_t *pipelines[kNumOptions] = {};
  if (!pipelines[index])
    mustSucceed(
        sdy_pipeline_create_preset_with_options(
            context(), "propagation", kOptions[index], &pipelines[index]),
        "sdy_pipeline_create_preset_with_options");
  return pipelines[index];
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sdy_module_t *module = parseInput(data, size);
  if (!module)
    return 0;
  std::string before = printModule(module);
  if (consume(
          sdy_pipeline_run(pipeline(hash(data, size) % kNumOptions), module),
          "sdy_pipeline_run")) {
    mustSucceed(sdy_module_verify(module), "verify after propagation");
    std::string after = printModule(module);
    sdy_module_t *again = nullptr;
    if (mustReparse(
            sdy_module_parse(context(), after.c_str(), "propagated", &again),
            "reparse of the propagated module"))
      sdy_module_destroy(again);
  } else {
    fuzzCheck(printModule(module) == before, "a failed run changed the module");
  }
  sdy_module_destroy(module);
  return 0;
}
