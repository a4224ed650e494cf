//===- BackendStagingTests.cpp - collectives on device memory -------------===//
//
// A backend whose memory is not host memory makes the runtime stage every
// collective's buffers through buffer_alloc/copy_to_device/copy_to_host.
// This fake one-device backend counts the live buffers and fails a chosen
// step, to check that the staging buffers are freed on every path.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>

using namespace sdy::runtime;

namespace {

// The step to fail, by name ("" for none).
struct FakeDevice {
  int live = 0;
  std::string failAt;
  int copiesToDevice = 0;
  int failCopyToDevice = -1; // fail the n-th copy_to_device (0-based)
};

int32_t fail(sdy_backend_error_t *err, const char *what) {
  std::snprintf(err->message, sizeof err->message, "injected %s failure", what);
  return SDY_BACKEND_ERR_INTERNAL;
}

FakeDevice &fake(void *userData) {
  return *static_cast<FakeDevice *>(userData);
}

sdy_backend_table_t makeTable(FakeDevice &device) {
  sdy_backend_table_t t{};
  t.struct_size = sizeof t;
  t.abi_version = SDY_BACKEND_ABI_VERSION;
  t.flags = 0; // device memory: the runtime must stage
  t.name = "fake-device";
  t.user_data = &device;
  t.buffer_alloc = [](void *u, int64_t, size_t bytes, void **out,
                      sdy_backend_error_t *err) -> int32_t {
    if (fake(u).failAt == "alloc")
      return fail(err, "alloc");
    *out = std::malloc(bytes);
    ++fake(u).live;
    return SDY_BACKEND_OK;
  };
  t.buffer_free = [](void *u, int64_t, void *buffer,
                     sdy_backend_error_t *) -> int32_t {
    std::free(buffer);
    --fake(u).live;
    return SDY_BACKEND_OK;
  };
  t.copy_to_device = [](void *u, int64_t, void *dst, const void *src,
                        size_t bytes, sdy_backend_error_t *err) -> int32_t {
    if (fake(u).copiesToDevice++ == fake(u).failCopyToDevice)
      return fail(err, "copy_to_device");
    std::memcpy(dst, src, bytes);
    return SDY_BACKEND_OK;
  };
  t.copy_to_host = [](void *u, int64_t, void *dst, const void *src,
                      size_t bytes, sdy_backend_error_t *err) -> int32_t {
    if (fake(u).failAt == "copy_to_host")
      return fail(err, "copy_to_host");
    std::memcpy(dst, src, bytes);
    return SDY_BACKEND_OK;
  };
  // One device: every collective copies send to recv.
  t.all_reduce = [](void *u, int64_t, const int64_t *, int32_t,
                    const void *send, void *recv, size_t count, int32_t,
                    int32_t, int64_t, sdy_backend_error_t *err) -> int32_t {
    if (fake(u).failAt == "collective")
      return fail(err, "collective");
    std::memcpy(recv, send, count * sizeof(float));
    return SDY_BACKEND_OK;
  };
  t.collective_permute = [](void *u, int64_t, const int64_t *, int32_t,
                            const void *, void *, size_t, int64_t,
                            sdy_backend_error_t *err) -> int32_t {
    // No pair names this device: recv keeps what it held.
    if (fake(u).failAt == "collective")
      return fail(err, "collective");
    return SDY_BACKEND_OK;
  };
  return t;
}

TEST(BackendStaging, CollectivesStageThroughDeviceBuffers) {
  FakeDevice device;
  sdy_backend_table_t table = makeTable(device);
  std::unique_ptr<Backend> backend;
  ASSERT_TRUE(Backend::wrap(&table, false, backend).isOk());
  float send[2] = {1, 2}, recv[2] = {0, 0};
  Status s = backend->allReduce(0, {0}, send, recv, 2, ElementType::F32,
                                CollectiveReduce::Sum, 100);
  ASSERT_TRUE(s.isOk()) << s.message();
  EXPECT_EQ(recv[1], 2);
  EXPECT_EQ(device.live, 0);
  // collective_permute stages recv in too, so a device that receives
  // nothing keeps its values.
  float kept[2] = {7, 8};
  s = backend->collectivePermute(0, {}, send, kept, sizeof kept, 100);
  ASSERT_TRUE(s.isOk()) << s.message();
  EXPECT_EQ(kept[0], 7);
  EXPECT_EQ(device.live, 0);
}

TEST(BackendStaging, BuffersAreFreedOnEveryError) {
  struct Case {
    std::string failAt;
    int failCopyToDevice;
    const char *message;
  };
  for (const Case &c :
       {Case{"alloc", -1, "injected alloc failure"},
        Case{"", 0, "injected copy_to_device failure"},
        Case{"", 1, "injected copy_to_device failure"},
        Case{"collective", -1, "injected collective failure"},
        Case{"copy_to_host", -1, "injected copy_to_host failure"}}) {
    for (bool permute : {false, true}) {
      // all_reduce copies only send to the device, so a failed second copy
      // does not apply to it.
      if (!permute && c.failCopyToDevice == 1)
        continue;
      SCOPED_TRACE(c.message + std::string(permute ? " (permute)" : ""));
      FakeDevice device;
      device.failAt = c.failAt;
      device.failCopyToDevice = c.failCopyToDevice;
      sdy_backend_table_t table = makeTable(device);
      std::unique_ptr<Backend> backend;
      ASSERT_TRUE(Backend::wrap(&table, false, backend).isOk());
      float send[2] = {1, 2}, recv[2] = {0, 0};
      Status s =
          permute
              ? backend->collectivePermute(0, {}, send, recv, sizeof recv, 100)
              : backend->allReduce(0, {0}, send, recv, 2, ElementType::F32,
                                   CollectiveReduce::Sum, 100);
      EXPECT_FALSE(s.isOk());
      EXPECT_NE(s.message().find(c.message), std::string::npos) << s.message();
      EXPECT_EQ(device.live, 0);
    }
  }
}

} // namespace
