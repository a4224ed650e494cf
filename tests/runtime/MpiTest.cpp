//===- MpiTest.cpp - the mpi backend under mpirun -------------------------===//
//
// Run as `mpirun -n N sdy-runtime-mpi-test`: every rank loads the mpi
// plugin, runs a module with every collective on N devices (one per rank)
// and checks its own results; rank failures make mpirun exit non-zero.
//
//===----------------------------------------------------------------------===//
#include "runtime/Backend.h"
#include "runtime/Executable.h"
#include "runtime/Kernels.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

using namespace sdy::runtime;

static int failures = 0;
#define CHECK(c, ...)                                                          \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::fprintf(stderr, "rank check failed: %s: ", #c);                     \
      std::fprintf(stderr, __VA_ARGS__);                                       \
      std::fprintf(stderr, "\n");                                              \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

int main() {
  std::unique_ptr<Backend> b;
  Status s = Backend::create("mpi", 0, b);
  if (!s.isOk()) {
    std::fprintf(stderr, "%s\n", s.message().c_str());
    return 1;
  }
  int32_t n = 0;
  std::vector<int64_t> local;
  (void)b->deviceCount(n);
  (void)b->localDevices(local);
  int64_t d = local.at(0);
  std::string N = std::to_string(n), N2 = std::to_string(2 * n);
  std::string groups = "[[";
  for (int i = 0; i < n; ++i) groups += (i ? ", " : "") + std::to_string(i);
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
  s = Executable::fromText(text, o, exe);
  if (!s.isOk()) {
    std::fprintf(stderr, "%s\n", s.message().c_str());
    return 1;
  }
  Tensor a(ElementType::F32, {2});
  a.data<float>()[0] = float(d + 1);
  a.data<float>()[1] = float(10 * (d + 1));
  Tensor h = kernels::convert(a, ElementType::F16);
  std::vector<std::vector<Tensor>> out;
  s = exe->run(*b, {{a, h}}, out);
  if (!s.isOk()) {
    std::fprintf(stderr, "rank %lld: %s\n", (long long)d, s.message().c_str());
    return 1;
  }
  const auto &r = out[0];
  double sum = n * (n + 1) / 2.0;
  CHECK(r[0].getDouble(0) == sum && r[0].getDouble(1) == 10 * sum, "%s", r[0].toString().c_str());
  for (int i = 0; i < n; ++i)
    CHECK(r[1].getDouble(2 * i) == i + 1, "%s", r[1].toString().c_str());
  int64_t src = (d + n - 1) % n;
  CHECK(r[2].getDouble(0) == src + 1, "%s", r[2].toString().c_str());
  CHECK(r[3].getDouble(1) == 10.0 * n, "%s", r[3].toString().c_str());
  CHECK(r[4].getDouble(1) == 10 * sum, "f16 (generic fallback) %s", r[4].toString().c_str());
  // all_to_all: entry j comes from device j, whose rows are all a_j[0..].
  for (int j = 0; j < n; ++j)
    CHECK(r[5].getDouble(j) == (2 * d < n ? j + 1 : 10.0 * (j + 1)), "%s",
          r[5].toString().c_str());
  double rsWant = 2 * d < n ? sum : 10 * sum;
  CHECK(r[6].getDouble(0) == rsWant && r[6].getDouble(1) == rsWant, "%s",
        r[6].toString().c_str());
  // A peer that never joins: a large all_reduce times out within the
  // timeout on the other ranks; the backend is then unusable, so the next
  // (small) one fails at once. The last rank sits these out; this is the
  // end of the job.
  {
    std::vector<int64_t> all;
    for (int i = 0; i < n; ++i) all.push_back(i);
    // Everyone is here first, so the timeouts below are about the absent rank.
    CHECK(b->barrier(d, all, 30000).isOk(), "barrier before the timeout test");
    if (d != n - 1) {
      for (size_t count : {size_t(1) << 20, size_t(256)}) {
        bool first = count > 256;
        std::vector<float> in(count, 1.0f), outv(count, -1.0f);
        auto t0 = std::chrono::steady_clock::now();
        Status st = b->allReduce(d, all, in.data(), outv.data(), count,
                                 ElementType::F32, CollectiveReduce::Sum, 300);
        double ms = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
        if (first)
          CHECK(st.code() == StatusCode::Timeout &&
                    st.message().find("timed out after 300 ms") !=
                        std::string::npos,
                "count %zu: %s", count, st.message().c_str());
        else
          CHECK(!st.isOk() && st.message().find("unusable after an earlier "
                                                "failure") != std::string::npos,
                "count %zu: %s", count, st.message().c_str());
        CHECK(ms < (first ? 300 + 2000 : 100), "count %zu: failed after %.0f ms",
              count, ms);
        CHECK(outv[0] == -1.0f, "count %zu: recv written on failure", count);
      }
    }
  }
  if (d == 0 && failures == 0) std::printf("mpi test passed on %d ranks\n", n);
  b.reset();
  return failures ? 1 : 0;
}
