//===- FuzzSupport.h - shared helpers of the libFuzzer harnesses -*- C++
//-*-===//
//
// The harnesses drive the engine through the C ABI. Every input must end in
// either success or a status with a known code and a non-empty message; any
// other outcome (a crash, a sanitizer report, a leak, a broken invariant
// checked here) is a finding. `fuzzCheck` turns a broken invariant into an
// abort so that libFuzzer records the input.
//
//===----------------------------------------------------------------------===//
#ifndef SDY_TESTS_FUZZ_FUZZSUPPORT_H
#define SDY_TESTS_FUZZ_FUZZSUPPORT_H

#include "sdy_c/sdy_c.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace sdy::fuzz {

// Prints `what` (and `detail`) and aborts: libFuzzer saves the input.
[[noreturn]] void fail(const char *what, const std::string &detail = "");

inline void fuzzCheck(bool condition, const char *what,
                      const std::string &detail = "") {
  if (!condition)
    fail(what, detail);
}

// The process-wide context. One long-lived context per process: MLIR keeps
// uniqued attributes and types for the context's lifetime, so a context per
// input would only measure its teardown; the context is reachable from a
// global and therefore not a leak.
sdy_context_t *context();

// True when SDY_FUZZ_DEBUG is set: consume() then prints every outcome (to
// see how far inputs get; the library itself prints nothing).
bool debug();

// True for success. A failure must carry a known code and a message; the
// status is destroyed.
bool consume(sdy_status_t *status, const char *call);

// Like consume(), but the call must succeed (an invariant of the harness).
void mustSucceed(sdy_status_t *status, const char *call);

// For reparsing printed text: success, or false when the printed form nests
// deeper than the C ABI's bracket limit (printing may add brackets per
// level, e.g. the generic form); any other failure is a finding.
bool mustReparse(sdy_status_t *status, const char *call);

// The input as a NUL-terminated string (the C ABI takes C strings), cut at
// the first NUL byte.
std::string asText(const uint8_t *data, size_t size);

// The input parsed as a module (sdy_module_parse through consume()), or null
// when it does not parse. The caller owns the module.
sdy_module_t *parseInput(const uint8_t *data, size_t size);

// `text` (an owned string from the C ABI) as a std::string; `text` is
// destroyed.
std::string takeString(char *text);

// The module printed with `flags`; printing a parsed module must succeed.
std::string printModule(const sdy_module_t *module,
                        uint32_t flags = SDY_PRINT_GENERIC);

// A cheap deterministic hash of the input (to pick options per input).
uint64_t hash(const uint8_t *data, size_t size);

} // namespace sdy::fuzz

#endif // SDY_TESTS_FUZZ_FUZZSUPPORT_H
