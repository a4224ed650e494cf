//===- BufferPoolTests.cpp - buffer pool, liveness and in-place rule ------===//
#include "TestUtil.h"
#include "runtime/BufferPool.h"
#include "runtime/Liveness.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

TEST(BufferPool, ReusesAFreedBlockOfTheSameSize) {
  BufferPool pool;
  void *a = pool.take(128);
  ASSERT_NE(a, nullptr);
  pool.give(a, 128);
  EXPECT_EQ(pool.stats().retainedBytes, 128u);
  void *other = pool.take(256); // another size: a new block
  EXPECT_NE(other, a);
  EXPECT_EQ(pool.take(128), a);
  BufferPool::Stats s = pool.stats();
  EXPECT_EQ(s.taken, 3u);
  EXPECT_EQ(s.reused, 1u);
  EXPECT_EQ(s.retainedBytes, 0u);
  pool.give(a, 128);
  pool.give(other, 256);
}

TEST(BufferPool, FreesWhatExceedsItsLimit) {
  BufferPool pool(192);
  void *a = pool.take(128), *b = pool.take(128);
  pool.give(a, 128);
  pool.give(b, 128); // 256 > 192: freed
  EXPECT_EQ(pool.stats().retainedBytes, 128u);
}

TEST(BufferPool, TensorsOfAScopeReturnTheirBuffersWhenTheLastHolderGoes) {
  auto pool = std::make_shared<BufferPool>();
  BufferPoolScope scope(pool);
  const void *first, *second;
  {
    Tensor a(ElementType::F32, {100});
    first = a.raw();
    Tensor shared = a.reshaped({10, 10});
    Tensor b(ElementType::F32, {100}); // a is alive: another block
    second = b.raw();
    EXPECT_NE(second, first);
  }
  EXPECT_EQ(pool->stats().retainedBytes, 2u * 448); // 400 rounded to 64
  Tensor c(ElementType::I32, {100}); // the same byte size: reused
  EXPECT_TRUE(c.raw() == first || c.raw() == second);
  EXPECT_EQ(pool->stats().reused, 1u);
  {
    BufferPoolScope none(nullptr); // the heap again
    Tensor d(ElementType::F32, {100});
    EXPECT_EQ(pool->stats().taken, 3u);
  }
}

TEST(InPlace, AnOperandHeldAloneLendsItsBuffer) {
  Tensor x = f32({4}, {1, 2, 3, 4});
  const void *buffer = x.raw();
  {
    InPlaceScope lend(x);
    Tensor smaller(ElementType::F32, {2}); // another size: not taken
    EXPECT_FALSE(lend.taken());
    Tensor r(ElementType::F32, {4});
    EXPECT_TRUE(lend.taken());
    EXPECT_EQ(r.raw(), buffer);
    Tensor next(ElementType::F32, {4}); // lent once only
    EXPECT_NE(next.raw(), buffer);
  }
}

TEST(InPlace, ASharedOperandIsNeverLent) {
  Tensor x = f32({4}, {1, 2, 3, 4});
  Tensor alias = x; // another holder, e.g. the caller
  EXPECT_FALSE(x.holdsStorageAlone());
  InPlaceScope lend(x);
  Tensor r(ElementType::F32, {4});
  EXPECT_FALSE(lend.taken());
  EXPECT_NE(r.raw(), x.raw());
  // A reshape that is the only holder of the whole buffer may lend it.
  Tensor view = f32({4}, {1, 2, 3, 4}).reshaped({2, 2});
  EXPECT_TRUE(view.holdsStorageAlone());
}

std::unique_ptr<Executable> compile(const std::string &text) {
  std::unique_ptr<Executable> exe;
  Status s = Executable::fromText(text, ExecutableOptions(), exe);
  EXPECT_TRUE(s.isOk()) << s.message();
  return exe;
}

// %x dies at %z, not at %y: negate must not overwrite it, and the caller's
// arguments are never overwritten.
TEST(InPlace, AnOperandUsedLaterIsNeverOverwritten) {
  auto exe = compile(R"(
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %x = stablehlo.add %a, %b : tensor<4xf32>
  %y = stablehlo.negate %x : tensor<4xf32>
  %z = stablehlo.multiply %x, %y : tensor<4xf32>
  %w = stablehlo.exponential %a : tensor<4xf32>
  %v = stablehlo.subtract %z, %z : tensor<4xf32>
  return %z, %y, %v : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
)");
  ASSERT_TRUE(exe);
  Tensor a = f32({4}, {1, 2, 3, 4}), b = f32({4}, {1, 1, 1, 1});
  for (int run = 0; run < 3; ++run) {
    std::vector<Tensor> out;
    ASSERT_TRUE(exe->runSingle({a, b}, out).isOk());
    ASSERT_EQ(out.size(), 3u);
    // x = 2 3 4 5, y = -x, z = x * y = -x^2.
    expectTensor(out[0], ElementType::F32, {4}, {-4, -9, -16, -25});
    expectTensor(out[1], ElementType::F32, {4}, {-2, -3, -4, -5});
    expectTensor(out[2], ElementType::F32, {4}, {0, 0, 0, 0});
    expectTensor(a, ElementType::F32, {4}, {1, 2, 3, 4});
    expectTensor(b, ElementType::F32, {4}, {1, 1, 1, 1});
  }
}

// Results the caller holds keep their values while later runs reuse the
// pool, and two results never share a buffer.
TEST(BufferPool, ResultsNeverAliasReusedMemory) {
  auto exe = compile(R"(
func.func @main(%a: tensor<256xf32>) -> tensor<256xf32> {
  %0 = stablehlo.exponential %a : tensor<256xf32>
  %1 = stablehlo.add %0, %a : tensor<256xf32>
  %2 = stablehlo.negate %1 : tensor<256xf32>
  return %2 : tensor<256xf32>
}
)");
  ASSERT_TRUE(exe);
  std::vector<double> in(256), want(256);
  for (int i = 0; i < 256; ++i) {
    in[i] = (i % 7) * 0.25;
    want[i] = -(std::exp(in[i]) + in[i]);
  }
  Tensor a = f32({256}, in);
  std::vector<std::vector<Tensor>> kept;
  for (int run = 0; run < 4; ++run) {
    std::vector<Tensor> out;
    ASSERT_TRUE(exe->runSingle({a}, out).isOk());
    kept.push_back(out);
    if (run == 1)
      kept.erase(kept.begin()); // its buffer goes back to the pool
  }
  for (size_t i = 0; i < kept.size(); ++i) {
    expectTensor(kept[i][0], ElementType::F32, {256}, want);
    for (size_t j = 0; j < i; ++j)
      EXPECT_NE(kept[i][0].raw(), kept[j][0].raw());
  }
}

TEST(Liveness, ValuesDieAtTheirLastUseInTheirBlock) {
  mlir::MLIRContext ctx;
  registerRuntimeDialects(ctx);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(R"(
func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %x = stablehlo.add %a, %b : tensor<f32>
  %unused = stablehlo.negate %a : tensor<f32>
  %y = stablehlo.multiply %x, %x : tensor<f32>
  return %y : tensor<f32>
}
)",
                                                        &ctx);
  ASSERT_TRUE(module);
  Liveness live(module->getOperation());
  auto f = *module->getOps<mlir::func::FuncOp>().begin();
  auto ops = llvm::to_vector(llvm::make_pointer_range(f.front()));
  mlir::Value a = f.getArgument(0), b = f.getArgument(1);
  mlir::Value x = ops[0]->getResult(0), unused = ops[1]->getResult(0),
              y = ops[2]->getResult(0);
  EXPECT_TRUE(live.diesAt(b, ops[0]));
  EXPECT_FALSE(live.diesAt(a, ops[0])); // read again by negate
  EXPECT_TRUE(live.diesAt(a, ops[1]));
  EXPECT_TRUE(live.diesAt(unused, ops[1]));  // nothing reads it
  EXPECT_EQ(live.diesAt(ops[2]).size(), 1u); // x, once
  EXPECT_TRUE(live.diesAt(x, ops[2]));
  EXPECT_TRUE(live.diesAt(y, ops[3]));
}

} // namespace
