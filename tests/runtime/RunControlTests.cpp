//===- RunControlTests.cpp - run limits, peer release, allocation ---------===//
//
// Executable::run with RunOptions: the run deadline and the cancel flag stop
// every device, a failing device releases its peers waiting in a local
// collective at once, the root cause is reported first, and tensors that
// cannot be allocated give OutOfMemory statuses instead of aborting.
//
//===----------------------------------------------------------------------===//
#include "DivergingProgram.h"
#include "TestUtil.h"

#include "runtime/Backend.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace sdy::runtime::test {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

const char *kLoop = R"(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %n = stablehlo.constant dense<1099511627776> : tensor<i64>
  %w:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i64>, tensor<2xf32>
   cond {
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i64>
    %j = stablehlo.add %i, %c1 : tensor<i64>
    stablehlo.return %j, %x : tensor<i64>, tensor<2xf32>
  }
  return %w#1 : tensor<2xf32>
}
)";

Status runWith(const std::string &text, const RunOptions &options,
               int devices = 2) {
  auto exe = compile(text);
  if (!exe)
    return Status::internal("no executable");
  std::unique_ptr<Backend> backend;
  Status s = Backend::create("local", devices, backend);
  if (!s.isOk())
    return s;
  std::vector<std::vector<Tensor>> in(devices, {f32({2}, {1, 2})}), out;
  return exe->run(*backend, in, out, options);
}

TEST(RunControl, FailingDeviceReleasesWaitingPeerAndIsTheRootCause) {
  // Device 1 cannot allocate its tensor; device 0 would wait forever.
  RunOptions options;
  options.collectiveTimeoutMs = 0;
  auto t0 = Clock::now();
  Status s = runWith(diverging(R"(
    %c = stablehlo.constant dense<1.0> : tensor<f32>
    %big = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<4611686018427387904xf32>
    stablehlo.return %a : tensor<2xf32>)"),
                     options);
  EXPECT_LT(secondsSince(t0), 5.0);
  EXPECT_EQ(s.code(), StatusCode::OutOfMemory) << s.message();
  EXPECT_NE(s.message().find("device 1"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("more bytes than can be addressed"),
            std::string::npos)
      << s.message();
}

TEST(RunControl, CollectiveTimeoutNamesTheLimit) {
  RunOptions options;
  options.collectiveTimeoutMs = 100;
  Status s = runWith(diverging("stablehlo.return %a : tensor<2xf32>"), options);
  EXPECT_EQ(s.code(), StatusCode::Timeout) << s.message();
  EXPECT_NE(s.message().find("collective timeout of 100 ms exceeded"),
            std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("device 0"), std::string::npos) << s.message();
}

TEST(RunControl, DeadlineStopsLoopsAndWaits) {
  RunOptions options;
  options.timeoutMs = 80;
  auto t0 = Clock::now();
  Status s = runWith(kLoop, options);
  double secs = secondsSince(t0);
  EXPECT_EQ(s.code(), StatusCode::DeadlineExceeded) << s.message();
  EXPECT_NE(s.message().find("run timeout of 80 ms exceeded"),
            std::string::npos)
      << s.message();
  EXPECT_GE(secs, 0.075);
  EXPECT_LT(secs, 5.0);
  // One device, no backend.
  auto exe = compile(kLoop);
  std::vector<Tensor> out;
  s = exe->runSingle({f32({2}, {1, 2})}, out, options);
  EXPECT_EQ(s.code(), StatusCode::DeadlineExceeded) << s.message();
  // A device waiting forever in a collective is bounded by the deadline.
  options.collectiveTimeoutMs = 0;
  s = runWith(diverging("stablehlo.return %a : tensor<2xf32>"), options);
  EXPECT_EQ(s.code(), StatusCode::DeadlineExceeded) << s.message();
  EXPECT_NE(s.message().find("in a collective"), std::string::npos)
      << s.message();
}

TEST(RunControl, CancelFromAnotherThread) {
  volatile int32_t flag = 0;
  RunOptions options;
  options.cancel = &flag;
  options.collectiveTimeoutMs = 0;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    flag = 1;
  });
  auto t0 = Clock::now();
  Status s = runWith(diverging("stablehlo.return %a : tensor<2xf32>"), options);
  canceller.join();
  EXPECT_LT(secondsSince(t0), 5.0);
  EXPECT_EQ(s.code(), StatusCode::Cancelled) << s.message();
  // The backend is usable again afterwards (the abort is reset).
  flag = 0;
  auto exe = compile(R"(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
)");
  std::unique_ptr<Backend> backend;
  ASSERT_TRUE(Backend::create("local", 2, backend).isOk());
  std::vector<std::vector<Tensor>> in(2, {f32({2}, {1, 2})}), out;
  ASSERT_TRUE(localBackendAbort(backend->table()));
  s = exe->run(*backend, in, out, options);
  ASSERT_TRUE(s.isOk()) << s.message();
  expectTensor(out[1][0], ElementType::F32, {2}, {2, 4});
}

TEST(RunControl, AbortHookIsLocalOnly) {
  sdy_backend_table_t table;
  std::memset(&table, 0, sizeof table);
  EXPECT_FALSE(localBackendAbort(table));
  EXPECT_FALSE(localBackendReset(table));
}

TEST(Allocation, HugeShapesAreStatusesNotAborts) {
  uint64_t bytes = 0;
  EXPECT_FALSE(byteSizeOf(ElementType::F64, {1ll << 40, 1ll << 40}, bytes));
  EXPECT_TRUE(byteSizeOf(ElementType::F32, {3, 5}, bytes));
  EXPECT_EQ(bytes, 60u);
  Status s = checkAllocatable(ElementType::F32, {1ll << 62});
  EXPECT_EQ(s.code(), StatusCode::OutOfMemory);
  EXPECT_NE(s.message().find("tensor<4611686018427387904xf32> has more bytes "
                             "than can be addressed"),
            std::string::npos)
      << s.message();
  s = checkAllocatable(ElementType::F32, {1ll << 50});
  EXPECT_EQ(s.code(), StatusCode::OutOfMemory);
  EXPECT_NE(s.message().find("more than this machine's"), std::string::npos)
      << s.message();
  EXPECT_TRUE(checkAllocatable(ElementType::F32, {16}).isOk());
  EXPECT_THROW(Tensor(ElementType::F32, {1ll << 50}), std::bad_alloc);
  // Through the interpreter: an OutOfMemory status naming the op.
  auto exe = compile(R"(
func.func @main() -> tensor<f32> {
  %c = stablehlo.constant dense<1.0> : tensor<f32>
  %big = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<1000000x1000000xf32>
  return %c : tensor<f32>
}
)");
  std::vector<Tensor> out;
  s = exe->runSingle({}, out);
  EXPECT_EQ(s.code(), StatusCode::OutOfMemory) << s.message();
  EXPECT_NE(s.message().find("'stablehlo.broadcast_in_dim' at"),
            std::string::npos)
      << s.message();
}

} // namespace
} // namespace sdy::runtime::test
