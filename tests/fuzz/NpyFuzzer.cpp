//===- NpyFuzzer.cpp - fuzz the .npy reader -------------------------------===//
//
// Input: the bytes of a .npy file, read by sdy::runtime::readNpy through an
// in-memory file (memfd). A file that reads must describe exactly the bytes
// it holds, and write back (writeNpy) to a file that reads to the same
// tensor.
//
//===----------------------------------------------------------------------===//
#include "runtime/Npy.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <sys/mman.h>
#include <unistd.h>

// Same sanitizer options as the C ABI harnesses (see FuzzSupport.cpp).
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0:detect_leaks=1";
}
extern "C" const char *__ubsan_default_options() {
  return "print_stacktrace=1:halt_on_error=1";
}

using namespace sdy::runtime;

namespace {

[[noreturn]] void fail(const char *what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

// An in-memory file reachable by path, reused for every input.
struct MemFile {
  int fd;
  std::string path;
  explicit MemFile(const char *name) {
    fd = memfd_create(name, 0);
    if (fd < 0)
      fail("memfd_create failed");
    path = "/proc/self/fd/" + std::to_string(fd);
  }
  void assign(const uint8_t *data, size_t size) {
    if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != ssize_t(size))
      fail("cannot write the memfd");
  }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static MemFile input("npy-input"), output("npy-output");
  input.assign(data, size);
  Tensor tensor;
  Status status = readNpy(input.path, tensor);
  if (!status.isOk()) {
    if (status.message().empty())
      fail("readNpy failed without a message");
    return 0;
  }
  if (!tensor.valid() ||
      tensor.byteSize() !=
          size_t(tensor.numElements()) * elementSize(tensor.type()) ||
      tensor.byteSize() > size)
    fail("readNpy gave a tensor that its file does not hold");
  // Writing and reading back gives the same tensor (bf16 is written as its
  // '<u2' bit patterns, so only the bytes are compared for it).
  if (ftruncate(output.fd, 0) != 0)
    fail("cannot truncate the memfd");
  if (!writeNpy(output.path, tensor).isOk())
    fail("writeNpy failed on a tensor readNpy gave");
  Tensor back;
  if (!readNpy(output.path, back).isOk())
    fail("readNpy failed on a file writeNpy wrote");
  bool same =
      tensor.type() == ElementType::BF16
          ? back.shape() == tensor.shape() &&
                back.byteSize() == tensor.byteSize() &&
                std::memcmp(back.raw(), tensor.raw(), tensor.byteSize()) == 0
          : back.bitEqual(tensor);
  if (!same)
    fail("writeNpy + readNpy changed the tensor");
  return 0;
}
