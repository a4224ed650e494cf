//===- FuzzSupport.cpp - shared helpers of the libFuzzer harnesses --------===//
#include "FuzzSupport.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

// MLIR's static libraries are not instrumented, while LLVM allocator code
// inlined into our instrumented objects poisons memory those libraries then
// use: manual poisoning is off (as for the C ABI tests). Leaks are checked.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=1";
}
extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}

namespace sdy::fuzz {

void fail(const char *what, const std::string &detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n%s\n", what, detail.c_str());
  std::abort();
}

sdy_context_t *context() {
  static sdy_context_t *ctx = [] {
    sdy_context_t *c = nullptr;
    sdy_status_t *s = sdy_context_create(&c);
    if (s || !c)
      fail("sdy_context_create failed", sdy_status_message(s));
    return c;
  }();
  return ctx;
}

bool debug() {
  static const bool enabled = std::getenv("SDY_FUZZ_DEBUG") != nullptr;
  return enabled;
}

bool consume(sdy_status_t *status, const char *call) {
  if (!status) {
    if (debug())
      std::fprintf(stderr, "fuzz: %s: ok\n", call);
    return true;
  }
  int32_t code = sdy_status_code(status);
  const char *message = sdy_status_message(status);
  std::string detail = std::string(call) + ": " + sdy_status_code_name(code) +
                       ": " + (message ? message : "(null)");
  bool known = code >= SDY_INVALID_ARGUMENT && code <= SDY_UNIMPLEMENTED;
  bool hasMessage = message && *message;
  sdy_status_destroy(status);
  if (debug())
    std::fprintf(stderr, "fuzz: %s\n", detail.c_str());
  // SDY_INTERNAL is reserved for bugs: fuzzed input must never reach it.
  fuzzCheck(known, "failure with an unexpected status code", detail);
  fuzzCheck(hasMessage, "failure without a message", detail);
  return false;
}

void mustSucceed(sdy_status_t *status, const char *call) {
  if (!status)
    return;
  std::string detail = std::string(call) + ": " +
                       sdy_status_code_name(sdy_status_code(status)) + ": " +
                       sdy_status_message(status);
  sdy_status_destroy(status);
  fail("a call that must succeed failed", detail);
}

bool mustReparse(sdy_status_t *status, const char *call) {
  if (status && sdy_status_code(status) == SDY_PARSE_ERROR &&
      std::strstr(sdy_status_message(status), "error: nesting deeper than")) {
    sdy_status_destroy(status);
    return false;
  }
  mustSucceed(status, call);
  return true;
}

std::string asText(const uint8_t *data, size_t size) {
  const void *nul = std::memchr(data, 0, size);
  size_t n = nul ? static_cast<const uint8_t *>(nul) - data : size;
  return std::string(reinterpret_cast<const char *>(data), n);
}

sdy_module_t *parseInput(const uint8_t *data, size_t size) {
  std::string text = asText(data, size);
  sdy_module_t *module = nullptr;
  if (!consume(sdy_module_parse(context(), text.c_str(), "fuzz", &module),
               "sdy_module_parse"))
    return nullptr;
  return module;
}

std::string takeString(char *text) {
  std::string result = text;
  sdy_string_destroy(text);
  return result;
}

std::string printModule(const sdy_module_t *module, uint32_t flags) {
  char *text = nullptr;
  mustSucceed(sdy_module_print(module, flags, &text), "sdy_module_print");
  return takeString(text);
}

uint64_t hash(const uint8_t *data, size_t size) {
  uint64_t h = 1469598103934665603ull; // FNV-1a
  for (size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

} // namespace sdy::fuzz
