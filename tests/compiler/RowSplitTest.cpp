//===- RowSplitTest.cpp - compiled clusters run in blocks of rows --------===//
//
// Large clusters that keep their leading dimension independent are run in
// row blocks spread over the device's threads; the results must equal the
// hand-computed ones (integer-valued floats: every sum is exact) whatever
// the blocks and threads.
//
//===----------------------------------------------------------------------===//
#include "runtime/Executable.h"
#include "runtime/ThreadPool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

using namespace sdy::runtime;
using sdy::compiler::ExecMode;

namespace {

std::unique_ptr<Executable> compile(const std::string &text) {
  ExecutableOptions opts;
  opts.execMode = ExecMode::Compile;
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(text, opts, exe);
  EXPECT_TRUE(s.isOk()) << s.message();
  return exe;
}

// x[i][j] = (i * 7 + j * 3) % 11 - 5, a 256 x 256 f32 matrix.
constexpr int kN = 256;
float xAt(int i, int j) { return float((i * 7 + j * 3) % 11 - 5); }

Tensor matrix() {
  std::vector<float> v(kN * kN);
  for (int i = 0; i < kN; ++i)
    for (int j = 0; j < kN; ++j)
      v[i * kN + j] = xAt(i, j);
  return Tensor::fromVector<float>(ElementType::F32, {kN, kN}, v);
}

Tensor row() {
  std::vector<float> v(kN);
  for (int j = 0; j < kN; ++j)
    v[j] = float(j % 5);
  return Tensor::fromVector<float>(ElementType::F32, {kN}, v);
}

// y = x + rowsum(x) (broadcast along rows) + b (broadcast along columns,
// read whole by every block) * 2 (a splat constant), and y > 0 as pred.
const char *kRowProgram = R"(
func.func @main(%x: tensor<256x256xf32>, %b: tensor<256xf32>) -> (tensor<256x256xf32>, tensor<256x256xi1>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %two = stablehlo.constant dense<2.0> : tensor<256x256xf32>
  %zeros = stablehlo.constant dense<0.0> : tensor<256x256xf32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<256xf32>) -> tensor<256x256xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<256xf32>) -> tensor<256x256xf32>
  %b2 = stablehlo.multiply %bb, %two : tensor<256x256xf32>
  %a = stablehlo.add %x, %sb : tensor<256x256xf32>
  %y = stablehlo.add %a, %b2 : tensor<256x256xf32>
  %p = stablehlo.compare GT, %y, %zeros : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xi1>
  return %y, %p : tensor<256x256xf32>, tensor<256x256xi1>
})";

void checkRowProgram(const Tensor &y, const Tensor &p) {
  for (int i = 0; i < kN; ++i) {
    float sum = 0;
    for (int j = 0; j < kN; ++j)
      sum += xAt(i, j);
    for (int j = 0; j < kN; ++j) {
      float want = xAt(i, j) + sum + float(j % 5) * 2;
      ASSERT_EQ(y.data<float>()[i * kN + j], want) << i << "," << j;
      ASSERT_EQ(p.data<uint8_t>()[i * kN + j], want > 0 ? 1 : 0)
          << i << "," << j;
    }
  }
}

TEST(RowSplit, RowIndependentClusterRunsInBlocks) {
  auto exe = compile(kRowProgram);
  ASSERT_TRUE(exe);
  // 65536 elements: 4 blocks of at least 16384.
  EXPECT_NE(exe->compileReport().find(": compiled in 4 row blocks"),
            std::string::npos)
      << exe->compileReport();
  std::vector<Tensor> out;
  ASSERT_TRUE(exe->runSingle({matrix(), row()}, out).isOk());
  ASSERT_EQ(out.size(), 2u);
  checkRowProgram(out[0], out[1]);
}

TEST(RowSplit, BlocksOnSeveralDevices) {
  auto exe = compile(kRowProgram);
  ASSERT_TRUE(exe);
  std::vector<std::vector<Tensor>> in(2, {matrix(), row()}), out;
  ASSERT_TRUE(exe->runLocal(2, in, out).isOk());
  for (int d = 0; d < 2; ++d)
    checkRowProgram(out[d][0], out[d][1]);
}

TEST(RowSplit, ReductionOverRowsIsNotSplit) {
  // The column sums need every row: one block.
  auto exe = compile(R"(
func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<256xf32>) -> tensor<256x256xf32>
  %y = stablehlo.add %x, %sb : tensor<256x256xf32>
  return %y : tensor<256x256xf32>
})");
  ASSERT_TRUE(exe);
  std::string report = exe->compileReport();
  EXPECT_NE(report.find(": compiled\n"), std::string::npos) << report;
  EXPECT_EQ(report.find("row blocks"), std::string::npos) << report;
  std::vector<Tensor> out;
  ASSERT_TRUE(exe->runSingle({matrix()}, out).isOk());
  for (int j = 0; j < kN; ++j) {
    float sum = 0;
    for (int i = 0; i < kN; ++i)
      sum += xAt(i, j);
    for (int i = 0; i < kN; ++i)
      ASSERT_EQ(out[0].data<float>()[i * kN + j], xAt(i, j) + sum);
  }
}

TEST(RowSplit, TransposeMovingRowsIsNotSplit) {
  auto exe = compile(R"(
func.func @main(%x: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = stablehlo.add %t, %x : tensor<256x256xf32>
  return %y : tensor<256x256xf32>
})");
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->compileReport().find("row blocks"), std::string::npos)
      << exe->compileReport();
  std::vector<Tensor> out;
  ASSERT_TRUE(exe->runSingle({matrix()}, out).isOk());
  for (int i = 0; i < kN; ++i)
    for (int j = 0; j < kN; ++j)
      ASSERT_EQ(out[0].data<float>()[i * kN + j], xAt(j, i) + xAt(i, j));
}

TEST(RowSplit, ThreeDimensionalReshapeAndTransposeKeepingRows) {
  // [16, 64, 64] -> transpose [0, 2, 1] -> reshape [16, 4096]: 16 rows,
  // 65536 elements, 4 blocks of 4 rows.
  auto exe = compile(R"(
func.func @main(%x: tensor<16x64x64xf32>) -> tensor<16x4096xf32> {
  %t = stablehlo.transpose %x, dims = [0, 2, 1] : (tensor<16x64x64xf32>) -> tensor<16x64x64xf32>
  %n = stablehlo.negate %t : tensor<16x64x64xf32>
  %r = stablehlo.reshape %n : (tensor<16x64x64xf32>) -> tensor<16x4096xf32>
  return %r : tensor<16x4096xf32>
})");
  ASSERT_TRUE(exe);
  EXPECT_NE(exe->compileReport().find("in 4 row blocks"), std::string::npos)
      << exe->compileReport();
  std::vector<float> v(16 * 64 * 64);
  for (size_t k = 0; k < v.size(); ++k)
    v[k] = float(k % 1000);
  std::vector<Tensor> out;
  ASSERT_TRUE(exe->runSingle({Tensor::fromVector<float>(ElementType::F32,
                                                        {16, 64, 64}, v)},
                             out)
                  .isOk());
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 64; ++b)
      for (int c = 0; c < 64; ++c)
        ASSERT_EQ(out[0].data<float>()[a * 4096 + b * 64 + c],
                  -v[a * 4096 + c * 64 + b]);
}

TEST(ThreadPool, EveryPieceRunsOnce) {
  for (int threads : {1, 2, 8}) {
    std::vector<std::atomic<int>> hits(1000);
    parallelFor(1000, threads, [&](int64_t i) { ++hits[i]; });
    for (int i = 0; i < 1000; ++i)
      ASSERT_EQ(hits[i].load(), 1) << "threads " << threads << " piece " << i;
  }
  int calls = 0;
  parallelFor(0, 4, [&](int64_t) { ++calls; });
  EXPECT_EQ(calls, 0);
}

TEST(ThreadPool, ThreadsPerDeviceShareTheCores) {
  EXPECT_GE(threadsPerDevice(1), 1);
  EXPECT_EQ(threadsPerDevice(1 << 20), 1);
  EXPECT_LE(threadsPerDevice(2), threadsPerDevice(1));
  EXPECT_EQ(threadsPerDevice(0), threadsPerDevice(1));
}

} // namespace
