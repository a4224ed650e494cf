//===- MpiTest.cpp - the mpi backend under mpirun -------------------------===//
//
// Run as `mpirun -n N sdy-runtime-mpi-test`: every rank loads the mpi
// plugin, runs a module with every collective on N devices (one per rank)
// and checks its own results (GoogleTest on each rank); rank failures make
// mpirun exit non-zero.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Executable.h"
#include "runtime/Kernels.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

using namespace sdy::runtime;

namespace {

// One mpi backend per process (MPI is initialized once), shared by the
// tests of the suite.
class MpiBackendTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    Status s = Backend::create("mpi", 0, backend);
    if (!s.isOk()) {
      createError = s.message();
      return;
    }
    std::vector<int64_t> local;
    (void)backend->deviceCount(n);
    (void)backend->localDevices(local);
    d = local.at(0);
  }
  static void TearDownTestSuite() { backend.reset(); }
  void SetUp() override { ASSERT_TRUE(backend) << createError; }

  static inline std::unique_ptr<Backend> backend;
  static inline std::string createError;
  static inline int32_t n = 0; // devices, one per rank
  static inline int64_t d = 0; // this rank's device
};

TEST_F(MpiBackendTest, EveryCollective) {
  std::string N = std::to_string(n), N2 = std::to_string(2 * n);
  std::string groups = "[[";
  for (int i = 0; i < n; ++i)
    groups += (i ? ", " : "") + std::to_string(i);
  groups += "]]";
  std::string pairs = "[";
  for (int i = 0; i < n; ++i)
    pairs += (i ? ", [" : "[") + std::to_string(i) + ", " +
             std::to_string((i + 1) % n) + "]";
  pairs += "]";
  std::string text = R"(
func.func @main(%a: tensor<2xf32>, %h: tensor<2xf16>) -> (tensor<2xf32>, tensor<NNx2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf16>, tensor<NNxf32>, tensor<2xf32>) {
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<GROUPS> : tensor<1xNNxi64>, use_global_device_ids, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  %r = stablehlo.reshape %a : (tensor<2xf32>) -> tensor<1x2xf32>
  %1 = "stablehlo.all_gather"(%r) <{all_gather_dim = 0 : i64, replica_groups = dense<GROUPS> : tensor<1xNNxi64>}> : (tensor<1x2xf32>) -> tensor<NNx2xf32>
  %2 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<PAIRS> : tensor<NNx2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<GROUPS> : tensor<1xNNxi64>}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.maximum %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "stablehlo.all_reduce"(%h) <{replica_groups = dense<GROUPS> : tensor<1xNNxi64>}> ({
  ^bb0(%x: tensor<f16>, %y: tensor<f16>):
    %s = stablehlo.add %x, %y : tensor<f16>
    stablehlo.return %s : tensor<f16>
  }) : (tensor<2xf16>) -> tensor<2xf16>
  %b = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<2xf32>) -> tensor<2xNNxf32>
  %t = stablehlo.reshape %b : (tensor<2xNNxf32>) -> tensor<NN2xf32>
  %5 = "stablehlo.reduce_scatter"(%t) <{replica_groups = dense<GROUPS> : tensor<1xNNxi64>, scatter_dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<NN2xf32>) -> tensor<2xf32>
  %6 = stablehlo.reshape %b : (tensor<2xNNxf32>) -> tensor<NN2xf32>
  %7 = stablehlo.reshape %6 : (tensor<NN2xf32>) -> tensor<NNx2xf32>
  %8 = "stablehlo.all_to_all"(%7) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = NN : i64, replica_groups = dense<GROUPS> : tensor<1xNNxi64>}> : (tensor<NNx2xf32>) -> tensor<NNx2xf32>
  %9 = stablehlo.slice %8 [0:NN, 0:1] : (tensor<NNx2xf32>) -> tensor<NNx1xf32>
  %10 = stablehlo.reshape %9 : (tensor<NNx1xf32>) -> tensor<NNxf32>
  return %0, %1, %2, %3, %4, %10, %5 : tensor<2xf32>, tensor<NNx2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf16>, tensor<NNxf32>, tensor<2xf32>
}
)";
  auto rep = [](std::string s, const std::string &a, const std::string &b2) {
    size_t p = 0;
    while ((p = s.find(a, p)) != std::string::npos) {
      s.replace(p, a.size(), b2);
      p += b2.size();
    }
    return s;
  };
  text = rep(text, "NN2", N2);
  text = rep(text, "NN", N);
  text = rep(text, "GROUPS", groups);
  text = rep(text, "PAIRS", pairs);
  std::unique_ptr<Executable> exe;
  ExecutableOptions o;
  o.timeoutMs = 30000;
  Status s = Executable::fromText(text, o, exe);
  ASSERT_TRUE(s.isOk()) << s.message();
  Tensor a(ElementType::F32, {2});
  a.data<float>()[0] = float(d + 1);
  a.data<float>()[1] = float(10 * (d + 1));
  Tensor h = kernels::convert(a, ElementType::F16);
  std::vector<std::vector<Tensor>> out;
  s = exe->run(*backend, {{a, h}}, out);
  ASSERT_TRUE(s.isOk()) << "rank " << d << ": " << s.message();
  const auto &r = out[0];
  double sum = n * (n + 1) / 2.0;
  EXPECT_EQ(r[0].getDouble(0), sum) << r[0].toString();
  EXPECT_EQ(r[0].getDouble(1), 10 * sum) << r[0].toString();
  for (int i = 0; i < n; ++i)
    EXPECT_EQ(r[1].getDouble(2 * i), i + 1) << r[1].toString();
  int64_t src = (d + n - 1) % n;
  EXPECT_EQ(r[2].getDouble(0), src + 1) << r[2].toString();
  EXPECT_EQ(r[3].getDouble(1), 10.0 * n) << r[3].toString();
  EXPECT_EQ(r[4].getDouble(1), 10 * sum)
      << "f16 (generic fallback) " << r[4].toString();
  // all_to_all: entry j comes from device j, whose rows are all a_j[0..].
  for (int j = 0; j < n; ++j)
    EXPECT_EQ(r[5].getDouble(j), 2 * d < n ? j + 1 : 10.0 * (j + 1))
        << r[5].toString();
  double rsWant = 2 * d < n ? sum : 10 * sum;
  EXPECT_EQ(r[6].getDouble(0), rsWant) << r[6].toString();
  EXPECT_EQ(r[6].getDouble(1), rsWant) << r[6].toString();
}

// A peer that never joins: a large all_reduce times out within the timeout
// on the other ranks; the backend is then unusable, so the next (small) one
// fails at once. The last rank sits these out. Defined last (GoogleTest
// runs the tests in order): the backend is unusable afterwards.
TEST_F(MpiBackendTest, AbsentPeerTimesOut) {
  std::vector<int64_t> all;
  for (int i = 0; i < n; ++i)
    all.push_back(i);
  // Everyone is here first, so the timeouts below are about the absent rank.
  EXPECT_TRUE(backend->barrier(d, all, 30000).isOk())
      << "barrier before the timeout test";
  if (d == n - 1)
    return;
  for (size_t count : {size_t(1) << 20, size_t(256)}) {
    bool first = count > 256;
    std::vector<float> in(count, 1.0f), outv(count, -1.0f);
    auto t0 = std::chrono::steady_clock::now();
    Status st =
        backend->allReduce(d, all, in.data(), outv.data(), count,
                           ElementType::F32, CollectiveReduce::Sum, 300);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    if (first) {
      EXPECT_EQ(st.code(), StatusCode::Timeout)
          << "count " << count << ": " << st.message();
      EXPECT_NE(st.message().find("timed out after 300 ms"), std::string::npos)
          << "count " << count << ": " << st.message();
    } else {
      EXPECT_FALSE(st.isOk()) << "count " << count;
      EXPECT_NE(st.message().find("unusable after an earlier failure"),
                std::string::npos)
          << "count " << count << ": " << st.message();
    }
    EXPECT_LT(ms, first ? 300 + 2000 : 100)
        << "count " << count << ": failed after " << ms << " ms";
    EXPECT_EQ(outv[0], -1.0f)
        << "count " << count << ": recv written on failure";
  }
}

} // namespace
