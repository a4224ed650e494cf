//===- CollectiveTests.cpp - local backend and collectives ----------------===//
//
// The backend ABI directly (every collective on 2/4/8 local devices and
// several group layouts), the StableHLO collectives through the interpreter,
// hand-partitioned programs against their unpartitioned versions, timeouts
// and plugin loading errors.
//
//===----------------------------------------------------------------------===//
#include "DivergingProgram.h"
#include "TestUtil.h"
#include "runtime/Backend.h"

#include <chrono>
#include <cstring>
#include <thread>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

// Runs fn(device) on n threads and collects statuses.
template <typename F>
std::vector<Status> onDevices(int n, F fn) {
  std::vector<Status> st(n);
  std::vector<std::thread> ts;
  for (int d = 0; d < n; ++d)
    ts.emplace_back([&, d] { st[d] = fn(d); });
  for (auto &t : ts)
    t.join();
  return st;
}

std::unique_ptr<Backend> local(int n) {
  std::unique_ptr<Backend> b;
  Status s = Backend::create("local", n, b);
  EXPECT_TRUE(s.isOk()) << s.message();
  return b;
}

// Group layouts of n devices: all, pairs, strided, reversed.
std::vector<std::vector<std::vector<int64_t>>> layouts(int n) {
  std::vector<std::vector<std::vector<int64_t>>> ls;
  std::vector<int64_t> all, rev;
  for (int i = 0; i < n; ++i)
    all.push_back(i), rev.insert(rev.begin(), i);
  ls.push_back({all});
  ls.push_back({rev});
  if (n >= 4) {
    std::vector<std::vector<int64_t>> pairs, strided(2);
    for (int i = 0; i < n; i += 2)
      pairs.push_back({i, i + 1});
    for (int i = 0; i < n; ++i)
      strided[i % 2].push_back(i);
    ls.push_back(pairs);
    ls.push_back(strided);
  }
  return ls;
}

const std::vector<int64_t> &groupOf(const std::vector<std::vector<int64_t>> &l,
                                    int d) {
  for (auto &g : l)
    for (int64_t x : g)
      if (x == d)
        return g;
  static std::vector<int64_t> none;
  return none;
}

size_t indexIn(const std::vector<int64_t> &g, int d) {
  return std::find(g.begin(), g.end(), d) - g.begin();
}

} // namespace

class BackendAbi : public ::testing::TestWithParam<int> {};

TEST_P(BackendAbi, AllCollectivesAllLayouts) {
  int n = GetParam();
  auto b = local(n);
  int32_t count = 0;
  ASSERT_TRUE(b->deviceCount(count).isOk());
  EXPECT_EQ(count, n);
  const int64_t T = 10000;
  for (auto &layout : layouts(n)) {
    // all_reduce sum/max/min/prod on f32, i32, f16 (in place for i32).
    const size_t cnt = 1000;
    std::vector<std::vector<float>> recv(n, std::vector<float>(cnt));
    auto st = onDevices(n, [&](int d) -> Status {
      const auto &g = groupOf(layout, d);
      std::vector<float> send(cnt);
      for (size_t i = 0; i < cnt; ++i)
        send[i] = float(d + 1) * float(i % 7);
      SDY_RETURN_IF_ERROR(b->allReduce(d, g, send.data(), recv[d].data(), cnt,
                                       ElementType::F32, CollectiveReduce::Sum,
                                       T));
      std::vector<int32_t> v(cnt, d + 1);
      SDY_RETURN_IF_ERROR(b->allReduce(d, g, v.data(), v.data(), cnt,
                                       ElementType::I32, CollectiveReduce::Max,
                                       T));
      for (int32_t x : v) {
        int64_t mx = 0;
        for (int64_t m : g)
          mx = std::max<int64_t>(mx, m + 1);
        if (x != mx)
          return Status::internal("max wrong");
      }
      std::vector<uint16_t> h(cnt, floatToHalf(float(d + 1)));
      SDY_RETURN_IF_ERROR(b->allReduce(d, g, h.data(), h.data(), cnt,
                                       ElementType::F16, CollectiveReduce::Min,
                                       T));
      int64_t mn = 1 << 20;
      for (int64_t m : g)
        mn = std::min<int64_t>(mn, m + 1);
      if (halfToFloat(h[cnt - 1]) != float(mn))
        return Status::internal("min wrong");
      std::vector<int64_t> p(3, 2);
      SDY_RETURN_IF_ERROR(b->allReduce(d, g, p.data(), p.data(), 3,
                                       ElementType::I64, CollectiveReduce::Prod,
                                       T));
      if (p[0] != (int64_t(1) << g.size()))
        return Status::internal("prod wrong");
      return b->barrier(d, g, T);
    });
    for (auto &s : st)
      ASSERT_TRUE(s.isOk()) << s.message();
    for (int d = 0; d < n; ++d) {
      const auto &g = groupOf(layout, d);
      float sum = 0;
      for (int64_t m : g)
        sum += float(m + 1);
      for (size_t i = 0; i < cnt; ++i)
        ASSERT_EQ(recv[d][i], sum * float(i % 7)) << "device " << d;
    }

    // all_gather / all_to_all / reduce_scatter on bytes and i32.
    st = onDevices(n, [&](int d) -> Status {
      const auto &g = groupOf(layout, d);
      size_t gs = g.size(), me = indexIn(g, d);
      std::vector<int32_t> send(3, d * 10), got(3 * gs);
      SDY_RETURN_IF_ERROR(b->allGather(d, g, send.data(), got.data(), 12, T));
      for (size_t j = 0; j < gs; ++j)
        if (got[3 * j + 2] != g[j] * 10)
          return Status::internal("all_gather wrong");
      std::vector<int32_t> a2a(2 * gs), out(2 * gs);
      for (size_t j = 0; j < gs; ++j)
        a2a[2 * j] = a2a[2 * j + 1] = d * 100 + j;
      SDY_RETURN_IF_ERROR(b->allToAll(d, g, a2a.data(), out.data(), 8, T));
      for (size_t j = 0; j < gs; ++j)
        if (out[2 * j + 1] != g[j] * 100 + int(me))
          return Status::internal("all_to_all wrong");
      std::vector<int32_t> rs(4 * gs), rsOut(4);
      for (size_t i = 0; i < rs.size(); ++i)
        rs[i] = int(i) + d;
      SDY_RETURN_IF_ERROR(b->reduceScatter(d, g, rs.data(), rsOut.data(), 4,
                                           ElementType::I32,
                                           CollectiveReduce::Sum, T));
      int64_t sumIds = 0;
      for (int64_t m : g)
        sumIds += m;
      for (int i = 0; i < 4; ++i)
        if (rsOut[i] != int64_t(gs) * int64_t(me * 4 + i) + sumIds)
          return Status::internal("reduce_scatter wrong");
      return Status::ok();
    });
    for (auto &s : st)
      ASSERT_TRUE(s.isOk()) << s.message();
  }

  // collective_permute: ring shift, and a partial permutation.
  std::vector<int64_t> ring, partial = {0, 1};
  for (int i = 0; i < n; ++i)
    ring.push_back(i), ring.push_back((i + 1) % n);
  auto st = onDevices(n, [&](int d) -> Status {
    int32_t x = d + 1, y = -1;
    SDY_RETURN_IF_ERROR(b->collectivePermute(d, ring, &x, &y, 4, T));
    if (y != (d + n - 1) % n + 1)
      return Status::internal("ring wrong");
    int32_t z = -7;
    SDY_RETURN_IF_ERROR(b->collectivePermute(d, partial, &x, &z, 4, T));
    if (d == 1 && z != 1)
      return Status::internal("partial wrong");
    if (d != 1 && z != -7)
      return Status::internal("non-target written");
    return Status::ok();
  });
  for (auto &s : st)
    ASSERT_TRUE(s.isOk()) << s.message();
}

INSTANTIATE_TEST_SUITE_P(Devices, BackendAbi, ::testing::Values(2, 4, 8));

TEST(BackendAbi, LargeAllReduceInPlace) {
  int n = 4;
  auto b = local(n);
  size_t cnt = (1 << 20) + 3;
  std::vector<std::vector<float>> bufs(n);
  auto st = onDevices(n, [&](int d) -> Status {
    bufs[d].assign(cnt, float(d));
    return b->allReduce(d, {0, 1, 2, 3}, bufs[d].data(), bufs[d].data(), cnt,
                        ElementType::F32, CollectiveReduce::Sum, 10000);
  });
  for (auto &s : st)
    ASSERT_TRUE(s.isOk()) << s.message();
  for (int d = 0; d < n; ++d) {
    ASSERT_EQ(bufs[d][0], 6.0f);
    ASSERT_EQ(bufs[d][cnt - 1], 6.0f);
    ASSERT_EQ(bufs[d][cnt / 2 + 1], 6.0f);
  }
}

// Sizes above the local backend's streaming (non-temporal store) threshold,
// with odd sizes so that unaligned heads and tails are exercised.
TEST(BackendAbi, LargeCollectivesStreamingPath) {
  int n = 2;
  auto b = local(n);
  size_t cnt = (size_t(5) << 20) + 7; // 20 MiB of f32 per device
  size_t gbytes = (size_t(9) << 20) + 13, abytes = (size_t(9) << 20) + 5;
  std::vector<std::vector<float>> in(n), out(n), inplace(n);
  std::vector<std::vector<char>> gs(n), gr(n), as(n), ar(n);
  auto st = onDevices(n, [&](int d) -> Status {
    in[d].resize(cnt);
    for (size_t i = 0; i < cnt; ++i)
      in[d][i] = float((i % 1000) * (d + 1));
    out[d].assign(cnt, -1.0f);
    inplace[d] = in[d];
    SDY_RETURN_IF_ERROR(b->allReduce(d, {0, 1}, in[d].data(), out[d].data(),
                                     cnt, ElementType::F32,
                                     CollectiveReduce::Sum, 10000));
    SDY_RETURN_IF_ERROR(b->allReduce(d, {0, 1}, inplace[d].data(),
                                     inplace[d].data(), cnt, ElementType::F32,
                                     CollectiveReduce::Sum, 10000));
    gs[d].resize(gbytes);
    for (size_t i = 0; i < gbytes; ++i)
      gs[d][i] = char(i * 7 + d);
    gr[d].assign(gbytes * n, 0);
    SDY_RETURN_IF_ERROR(
        b->allGather(d, {0, 1}, gs[d].data(), gr[d].data(), gbytes, 10000));
    as[d].resize(abytes * n);
    for (size_t i = 0; i < abytes * n; ++i)
      as[d][i] = char(i * 3 + 5 * d);
    ar[d].assign(abytes * n, 0);
    return b->allToAll(d, {0, 1}, as[d].data(), ar[d].data(), abytes, 10000);
  });
  for (auto &s : st)
    ASSERT_TRUE(s.isOk()) << s.message();
  for (int d = 0; d < n; ++d) {
    for (size_t i = 0; i < cnt; ++i) {
      float want = float((i % 1000) * 3);
      ASSERT_EQ(out[d][i], want) << "device " << d << " element " << i;
      ASSERT_EQ(inplace[d][i], want) << "device " << d << " element " << i;
    }
    for (int j = 0; j < n; ++j)
      ASSERT_EQ(0, std::memcmp(gr[d].data() + j * gbytes, gs[j].data(), gbytes))
          << "all_gather chunk " << j << " on device " << d;
    for (int j = 0; j < n; ++j)
      ASSERT_EQ(0, std::memcmp(ar[d].data() + j * abytes,
                               as[j].data() + d * abytes, abytes))
          << "all_to_all chunk " << j << " on device " << d;
  }
}

TEST(BackendAbi, TimeoutWhenPeerNeverJoins) {
  auto b = local(2);
  float x = 1, y = 0;
  auto t0 = std::chrono::steady_clock::now();
  Status s = b->allReduce(0, {0, 1}, &x, &y, 1, ElementType::F32,
                          CollectiveReduce::Sum, 200);
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_EQ(s.code(), StatusCode::Timeout) << s.message();
  EXPECT_LT(secs, 5.0);
  EXPECT_GE(secs, 0.19);
  // The group works again afterwards.
  auto st = onDevices(2, [&](int d) -> Status {
    float v = float(d + 1), r = 0;
    SDY_RETURN_IF_ERROR(b->allReduce(d, {0, 1}, &v, &r, 1, ElementType::F32,
                                     CollectiveReduce::Sum, 5000));
    return r == 3.0f ? Status::ok() : Status::internal("bad sum");
  });
  for (auto &s2 : st)
    EXPECT_TRUE(s2.isOk()) << s2.message();
}

TEST(BackendAbi, ErrorsAreValues) {
  auto b = local(2);
  float x = 0, y = 0;
  Status s = b->allReduce(0, {0, 5}, &x, &y, 1, ElementType::F32,
                          CollectiveReduce::Sum, 100);
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument) << s.message();
  s = b->allGather(1, {0}, &x, &y, 4, 100);
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument) << s.message();
  std::unique_ptr<Backend> p;
  s = Backend::load("/nonexistent/libnothing.so", "", p);
  EXPECT_FALSE(s.isOk());
  EXPECT_NE(s.message().find("cannot load"), std::string::npos);
  // A table with a newer ABI major version is refused.
  sdy_backend_table_t t{};
  t.struct_size = sizeof t;
  t.abi_version = SDY_BACKEND_ABI_VERSION + 1;
  EXPECT_EQ(Backend::wrap(&t, false, p).code(), StatusCode::Unsupported);
  // A minimal table without collectives reports them as unsupported.
  t.abi_version = SDY_BACKEND_ABI_VERSION;
  t.name = "empty";
  ASSERT_TRUE(Backend::wrap(&t, false, p).isOk());
  EXPECT_EQ(p->barrier(0, {0}, 10).code(), StatusCode::Unsupported);
}

// --- StableHLO collectives through the interpreter -------------------------

namespace {
std::vector<std::vector<Tensor>> perDevice(int n,
                                           std::function<Tensor(int)> f) {
  std::vector<std::vector<Tensor>> in(n);
  for (int d = 0; d < n; ++d)
    in[d].push_back(f(d));
  return in;
}
} // namespace

TEST(Collectives, AllGatherAllDims) {
  std::string s = R"(
func.func @main(%a: tensor<2x2xf32>) -> (tensor<8x2xf32>, tensor<2x8xf32>, tensor<4x2xf32>) {
  %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<8x2xf32>
  %1 = "stablehlo.all_gather"(%a) <{all_gather_dim = 1 : i64, replica_groups = dense<> : tensor<0x0xi64>}> : (tensor<2x2xf32>) -> tensor<2x8xf32>
  %2 = "stablehlo.all_gather"(%a) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<4x2xf32>
  return %0, %1, %2 : tensor<8x2xf32>, tensor<2x8xf32>, tensor<4x2xf32>
}
)";
  auto out = runN(s, 4, perDevice(4, [](int d) {
                    return f32({2, 2}, {d * 10.0, d * 10.0 + 1, d * 10.0 + 2,
                                        d * 10.0 + 3});
                  }));
  ASSERT_EQ(out.size(), 4u);
  for (int d = 0; d < 4; ++d) {
    std::vector<double> g0, g1;
    for (int k = 0; k < 4; ++k)
      for (int j = 0; j < 4; ++j)
        g0.push_back(k * 10 + j);
    for (int r = 0; r < 2; ++r)
      for (int k = 0; k < 4; ++k)
        g1.push_back(k * 10 + 2 * r), g1.push_back(k * 10 + 2 * r + 1);
    expectTensor(out[d][0], ElementType::F32, {8, 2}, g0);
    expectTensor(out[d][1], ElementType::F32, {2, 8}, g1);
    int a = d % 2, b = a + 2;
    expectTensor(out[d][2], ElementType::F32, {4, 2},
                 {a * 10.0, a * 10.0 + 1, a * 10.0 + 2, a * 10.0 + 3, b * 10.0,
                  b * 10.0 + 1, b * 10.0 + 2, b * 10.0 + 3});
  }
}

TEST(Collectives, AllReduceBodiesAndTypes) {
  std::string s = R"(
func.func @main(%a: tensor<3xTY>) -> (tensor<3xTY>, tensor<3xTY>, tensor<3xTY>, tensor<3xTY>) {
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, use_global_device_ids}> ({
  ^bb0(%x: tensor<TY>, %y: tensor<TY>):
    %1 = stablehlo.add %x, %y : tensor<TY>
    stablehlo.return %1 : tensor<TY>
  }) : (tensor<3xTY>) -> tensor<3xTY>
  %2 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
  ^bb0(%x: tensor<TY>, %y: tensor<TY>):
    %1 = stablehlo.maximum %x, %y : tensor<TY>
    stablehlo.return %1 : tensor<TY>
  }) : (tensor<3xTY>) -> tensor<3xTY>
  %3 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 2, -1], [1, 3, -1]]> : tensor<2x3xi64>}> ({
  ^bb0(%x: tensor<TY>, %y: tensor<TY>):
    %1 = stablehlo.minimum %x, %y : tensor<TY>
    stablehlo.return %1 : tensor<TY>
  }) : (tensor<3xTY>) -> tensor<3xTY>
  %4 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[3, 2, 1, 0]]> : tensor<1x4xi64>}> ({
  ^bb0(%x: tensor<TY>, %y: tensor<TY>):
    %u = stablehlo.add %x, %y : tensor<TY>
    %v = stablehlo.add %u, %x : tensor<TY>
    %w = stablehlo.subtract %v, %x : tensor<TY>
    stablehlo.return %w : tensor<TY>
  }) : (tensor<3xTY>) -> tensor<3xTY>
  return %0, %2, %3, %4 : tensor<3xTY>, tensor<3xTY>, tensor<3xTY>, tensor<3xTY>
}
)";
  for (ElementType t : numericTypes()) {
    SCOPED_TRACE(elementTypeName(t));
    auto out = runN(replaceAll(s, "TY", elementTypeName(t)), 4,
                    perDevice(4, [&](int d) {
                      return make(t, {3}, {double(d + 1), 2.0 * (d + 1), 1});
                    }));
    ASSERT_EQ(out.size(), 4u);
    for (int d = 0; d < 4; ++d) {
      double pairSum = d < 2 ? 3 : 7;
      expectTensor(out[d][0], t, {3}, {pairSum, 2 * pairSum, 2});
      expectTensor(out[d][1], t, {3}, {4, 8, 1});
      double mn = (d % 2) + 1;
      expectTensor(out[d][2], t, {3}, {mn, 2 * mn, 1});
      expectTensor(out[d][3], t, {3}, {10, 20, 4}); // generic body
    }
  }
  // pred all_reduce with or / and.
  std::string p = R"(
func.func @main(%a: tensor<2xi1>) -> (tensor<2xi1>, tensor<2xi1>) {
  %0 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    %1 = stablehlo.or %x, %y : tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2xi1>) -> tensor<2xi1>
  %2 = "stablehlo.all_reduce"(%a) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%x: tensor<i1>, %y: tensor<i1>):
    %1 = stablehlo.and %x, %y : tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<2xi1>) -> tensor<2xi1>
  return %0, %2 : tensor<2xi1>, tensor<2xi1>
}
)";
  auto out = runN(p, 2, perDevice(2, [](int d) {
                    return make(ElementType::Pred, {2}, {double(d), 1});
                  }));
  expectTensor(out[1][0], ElementType::Pred, {2}, {1, 1});
  expectTensor(out[1][1], ElementType::Pred, {2}, {0, 1});
}

TEST(Collectives, AllToAllReduceScatterPermute) {
  std::string s = R"(
func.func @main(%a: tensor<4x2xi32>) -> (tensor<2x4xi32>, tensor<4x2xi32>, tensor<4x1xi32>, tensor<4x2xi32>) {
  %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 1 : i64, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x2xi32>) -> tensor<2x4xi32>
  %1 = "stablehlo.all_to_all"(%a) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>}> : (tensor<4x2xi32>) -> tensor<4x2xi32>
  %2 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, scatter_dimension = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids}> ({
  ^bb0(%x: tensor<i32>, %y: tensor<i32>):
    %3 = stablehlo.add %x, %y : tensor<i32>
    stablehlo.return %3 : tensor<i32>
  }) : (tensor<4x2xi32>) -> tensor<4x1xi32>
  %4 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> : (tensor<4x2xi32>) -> tensor<4x2xi32>
  return %0, %1, %2, %4 : tensor<2x4xi32>, tensor<4x2xi32>, tensor<4x1xi32>, tensor<4x2xi32>
}
)";
  // Device d holds a[i][j] = 100 d + 10 i + j.
  auto val = [](int d, int i, int j) { return 100.0 * d + 10 * i + j; };
  auto out = runN(s, 4, perDevice(4, [&](int d) {
                    std::vector<double> v;
                    for (int i = 0; i < 4; ++i)
                      for (int j = 0; j < 2; ++j)
                        v.push_back(val(d, i, j));
                    return i32({4, 2}, v);
                  }));
  ASSERT_EQ(out.size(), 4u);
  for (int d = 0; d < 4; ++d) {
    int g0 = d < 2 ? 0 : 2, me = d % 2;
    // all_to_all split rows into 2 chunks; chunk me of member j, concat cols.
    std::vector<double> a2a;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        for (int c = 0; c < 2; ++c)
          a2a.push_back(val(g0 + j, me * 2 + i, c));
    expectTensor(out[d][0], ElementType::I32, {2, 4}, a2a);
    std::vector<double> a2b;
    for (int j = 0; j < 4; ++j)
      for (int c = 0; c < 2; ++c)
        a2b.push_back(val(j, d, c));
    expectTensor(out[d][1], ElementType::I32, {4, 2}, a2b);
    std::vector<double> rs;
    for (int i = 0; i < 4; ++i)
      rs.push_back(val(g0, i, me) + val(g0 + 1, i, me));
    expectTensor(out[d][2], ElementType::I32, {4, 1}, rs);
    int src = (d + 3) % 4;
    std::vector<double> cp;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 2; ++j)
        cp.push_back(val(src, i, j));
    expectTensor(out[d][3], ElementType::I32, {4, 2}, cp);
  }
}

TEST(Collectives, EightDevicesReduceScatterGenericBody) {
  std::string s = R"(
func.func @main(%a: tensor<8x2xf32>) -> tensor<2x2xf32> {
  %0 = "stablehlo.reduce_scatter"(%a) <{replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, use_global_device_ids}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %1 = stablehlo.maximum %x, %y : tensor<f32>
    %2 = stablehlo.maximum %1, %x : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }) : (tensor<8x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
)";
  auto out = runN(s, 8, perDevice(8, [](int d) {
                    std::vector<double> v;
                    for (int i = 0; i < 16; ++i)
                      v.push_back(d + i);
                    return f32({8, 2}, v);
                  }));
  ASSERT_EQ(out.size(), 8u);
  for (int d = 0; d < 8; ++d) {
    int maxDev = d % 2 == 0 ? 6 : 7, me = d / 2;
    std::vector<double> want;
    for (int i = 0; i < 4; ++i)
      want.push_back(maxDev + me * 4 + i);
    expectTensor(out[d][0], ElementType::F32, {2, 2}, want);
  }
}

// --- Partitioned programs against the unpartitioned reference -------------

TEST(Partitioned, RowParallelMatmulMatchesReference) {
  // Global: y = relu(x @ w) with x: 4x8, w: 8x6. Partitioned on 2 devices
  // along the contracting dim: device d has x[:, 4d:4d+4], w[4d:4d+4, :].
  std::string global = R"(
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x6xf32>
  %1 = stablehlo.maximum %0, %z : tensor<4x6xf32>
  return %1 : tensor<4x6xf32>
}
)";
  std::string local = R"(
module attributes {mhlo.num_partitions = 2 : i32} {
func.func @main(%x: tensor<4x4xf32>, %w: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = "stablehlo.all_reduce"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4x6xf32>
  %2 = stablehlo.maximum %1, %z : tensor<4x6xf32>
  return %2 : tensor<4x6xf32>
}
}
)";
  Tensor x(ElementType::F32, {4, 8}), w(ElementType::F32, {8, 6});
  for (int i = 0; i < 32; ++i)
    x.data<float>()[i] = float((i * 7) % 5) - 2;
  for (int i = 0; i < 48; ++i)
    w.data<float>()[i] = float((i * 3) % 7) - 3;
  auto ref = run1(global, {x, w});
  ASSERT_EQ(ref.size(), 1u);
  std::vector<std::vector<Tensor>> in(2);
  for (int d = 0; d < 2; ++d) {
    in[d].push_back(kernels::slice(x, {0, 4 * d}, {4, 4 * d + 4}, {1, 1}));
    in[d].push_back(kernels::slice(w, {4 * d, 0}, {4 * d + 4, 6}, {1, 1}));
  }
  auto out = runN(local, 2, in);
  ASSERT_EQ(out.size(), 2u);
  for (int d = 0; d < 2; ++d)
    EXPECT_TRUE(out[d][0].bitEqual(ref[0])) << d;
}

TEST(Partitioned, ColumnParallelWithPartitionIdSlicing) {
  // y = x @ w on 4 devices: x replicated, w sliced by columns on device via
  // partition_id + a constant offset table (all_slice), then all_gather.
  std::string global = R"(
func.func @main(%x: tensor<3x5xf32>, %w: tensor<5x8xf32>) -> tensor<3x8xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x8xf32>) -> tensor<3x8xf32>
  return %0 : tensor<3x8xf32>
}
)";
  std::string local = R"(
func.func @main(%x: tensor<3x5xf32>, %w: tensor<5x8xf32>) -> tensor<3x8xf32> {
  %table = stablehlo.constant dense<[0, 2, 4, 6]> : tensor<4xi64>
  %pid = stablehlo.partition_id : tensor<ui32>
  %p = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i64>
  %off = stablehlo.dynamic_slice %table, %p, sizes = [1] : (tensor<4xi64>, tensor<i64>) -> tensor<1xi64>
  %o = stablehlo.reshape %off : (tensor<1xi64>) -> tensor<i64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %ws = stablehlo.dynamic_slice %w, %z, %o, sizes = [5, 2] : (tensor<5x8xf32>, tensor<i64>, tensor<i64>) -> tensor<5x2xf32>
  %y = stablehlo.dot_general %x, %ws, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x2xf32>) -> tensor<3x2xf32>
  %g = "stablehlo.all_gather"(%y) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<3x2xf32>) -> tensor<3x8xf32>
  return %g : tensor<3x8xf32>
}
)";
  Tensor x(ElementType::F32, {3, 5}), w(ElementType::F32, {5, 8});
  for (int i = 0; i < 15; ++i)
    x.data<float>()[i] = float(i % 4) * 0.5f;
  for (int i = 0; i < 40; ++i)
    w.data<float>()[i] = float(i % 9) - 4;
  auto ref = run1(global, {x, w});
  std::vector<std::vector<Tensor>> in(4, {x, w});
  auto out = runN(local, 4, in);
  ASSERT_EQ(out.size(), 4u);
  for (int d = 0; d < 4; ++d)
    EXPECT_TRUE(out[d][0].bitEqual(ref[0])) << d;
}

TEST(Partitioned, DeviceThatNeverJoinsGivesTimeoutError) {
  // Only device 0 enters the all_reduce: device 1 takes the other branch.
  std::string s = diverging("stablehlo.return %a : tensor<2xf32>");
  Status st;
  auto t0 = std::chrono::steady_clock::now();
  runN(s, 2, {{f32({2}, {1, 2})}, {f32({2}, {3, 4})}}, &st, 300);
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  EXPECT_EQ(st.code(), StatusCode::Timeout) << st.message();
  EXPECT_NE(st.message().find("device 0"), std::string::npos) << st.message();
  EXPECT_LT(secs, 5.0);
}
