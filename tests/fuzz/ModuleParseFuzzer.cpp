//===- ModuleParseFuzzer.cpp - fuzz module parsing and verification -------===//
//
// Input: MLIR text. Parses and verifies it (sdy_module_parse); a module that
// parses must verify again, print in both forms, reparse from its printed
// form to the same text, and answer every query of module.h.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include <string>

using namespace sdy::fuzz;

namespace {

// Every function, mesh and argument/result sharding can be read back.
void query(const sdy_module_t *module) {
  size_t numMeshes = 0;
  mustSucceed(sdy_module_num_meshes(module, &numMeshes), "num_meshes");
  for (size_t i = 0; i < numMeshes; ++i) {
    char *name = nullptr;
    mustSucceed(sdy_module_mesh_name(module, i, &name), "mesh_name");
    sdy_mesh_t *mesh = nullptr;
    mustSucceed(sdy_module_get_mesh(module, name, &mesh), "get_mesh");
    sdy_mesh_destroy(mesh);
    sdy_string_destroy(name);
  }
  size_t numFunctions = 0;
  mustSucceed(sdy_module_num_functions(module, &numFunctions), "num_functions");
  for (size_t i = 0; i < numFunctions; ++i) {
    char *name = nullptr;
    mustSucceed(sdy_module_function_name(module, i, &name), "function_name");
    size_t numArgs = 0, numResults = 0;
    mustSucceed(
        sdy_module_function_signature(module, name, &numArgs, &numResults),
        "function_signature");
    for (size_t a = 0; a < numArgs; ++a) {
      sdy_sharding_t *sharding = nullptr;
      if (consume(sdy_module_get_arg_sharding(module, name, a, &sharding),
                  "get_arg_sharding"))
        sdy_sharding_destroy(sharding);
    }
    for (size_t r = 0; r < numResults; ++r) {
      sdy_sharding_t *sharding = nullptr;
      if (consume(sdy_module_get_result_sharding(module, name, r, &sharding),
                  "get_result_sharding"))
        sdy_sharding_destroy(sharding);
    }
    sdy_string_destroy(name);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sdy_module_t *module = parseInput(data, size);
  if (!module)
    return 0;
  mustSucceed(sdy_module_verify(module), "sdy_module_verify");
  query(module);

  // Printing is a fixed point: print(parse(print(m))) == print(m), in the
  // custom and the generic form.
  for (uint32_t flags : {SDY_PRINT_DEFAULT, SDY_PRINT_GENERIC}) {
    std::string printed = printModule(module, flags);
    sdy_module_t *again = nullptr;
    if (!mustReparse(
            sdy_module_parse(context(), printed.c_str(), "printed", &again),
            "reparse of the printed module"))
      continue;
    std::string reprinted = printModule(again, flags);
    fuzzCheck(printed == reprinted, "printing is not a fixed point",
              printed + "\n----- reprinted:\n" + reprinted);
    sdy_module_destroy(again);
  }

  sdy_module_t *copy = nullptr;
  mustSucceed(sdy_module_clone(module, &copy), "sdy_module_clone");
  sdy_module_destroy(copy);
  sdy_module_destroy(module);
  return 0;
}
