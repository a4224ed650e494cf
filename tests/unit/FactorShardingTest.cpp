//===- FactorShardingTest.cpp - dimension shardings <-> factor shardings --===//
//
// Projection of dimension shardings onto the factors of a sharding rule and
// back (transforms/propagation/FactorSharding.h): one factor per dimension,
// reshape factors that split an axis into sub-axes, indivisible (overflowing)
// factors, hidden priorities and replicated axes.
//
//===----------------------------------------------------------------------===//

#include "transforms/propagation/FactorSharding.h"
#include "UnitTestSupport.h"
#include "ir/sdy/ShardingUtils.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::unittest;

namespace {

class FactorShardingTest : public SdyTest {
protected:
  /// Parses a module with mesh ["x"=2, "y"=4] and the function `funcText`,
  /// then projects the shardings of its custom_call onto the call's rule.
  ShardingProjection project(llvm::StringRef funcText,
                             int64_t visiblePriority = INT64_MAX) {
    parse((R"mlir(sdy.mesh @mesh = <["x"=2, "y"=4]>
)mlir" + funcText)
              .str());
    op = getOp("stablehlo.custom_call");
    if (!op)
      return {};
    opRule =
        op->getAttrOfType<OpShardingRuleAttr>(SdyDialect::kShardingRuleAttr);
    SmallVector<TensorShardingAttr> operands, results;
    for (Value v : op->getOperands())
      operands.push_back(getSharding(v));
    for (Value v : op->getResults())
      results.push_back(getSharding(v));
    return ShardingProjection::build(operands, results, opRule, getMesh(),
                                     visiblePriority);
  }

  /// The sharding of operand `index` rebuilt from `projection`.
  TensorShardingAttr buildOperand(const ShardingProjection &projection,
                                  unsigned index,
                                  int64_t visiblePriority = INT64_MAX) {
    TensorShardingAttr original = getSharding(op->getOperand(index));
    return buildTensorSharding(
        projection.operands[index], opRule.getOperandMappings()[index],
        opRule.getFactorSizes(), original, original.getMeshOrRef(), getMesh(),
        visiblePriority);
  }

  Operation *op = nullptr;
  OpShardingRuleAttr opRule;
};

TEST_F(FactorShardingTest, OneFactorPerDimension) {
  ShardingProjection p = project(R"mlir(
func.func @f(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y", ?}]>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @op(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
})mlir");
  ASSERT_EQ(p.operands.size(), 1u);
  ASSERT_EQ(p.results.size(), 1u);
  const TensorFactorShardings &in = p.operands[0];
  ASSERT_EQ(in.factors.size(), 2u);
  EXPECT_EQ(str(in.factors.lookup(0).axisRefs), R"({"x"})");
  EXPECT_TRUE(in.factors.lookup(0).isClosed);
  EXPECT_TRUE(in.factors.lookup(0).isMinorMost);
  EXPECT_EQ(str(in.factors.lookup(1).axisRefs), R"({"y"})");
  EXPECT_FALSE(in.factors.lookup(1).isClosed);
  // The result has no sharding: open and empty.
  EXPECT_TRUE(p.results[0].factors.lookup(0).axisRefs.empty());
  EXPECT_FALSE(p.results[0].factors.lookup(0).isClosed);
  // Back to dimensions: unchanged.
  EXPECT_EQ(str(buildOperand(p, 0)), str(getSharding(op->getOperand(0))));
}

TEST_F(FactorShardingTest, ReshapeFactorsSplitAnAxisIntoSubAxes) {
  // tensor<8> -> tensor<2x4>: the operand dimension is factors i (2) and j
  // (4); "y" (4) is split into "y":(1)2 for i and "y":(2)2 for j.
  ShardingProjection p = project(R"mlir(
func.func @f(%a: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}]>}) -> tensor<2x4xf32> {
  %0 = stablehlo.custom_call @op(%a) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"y":(1)2}, {"y":(2)2}]>]>, sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=2, j=4}>} : (tensor<8xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
})mlir");
  const TensorFactorShardings &in = p.operands[0];
  EXPECT_EQ(str(in.factors.lookup(0).axisRefs), R"({"y":(1)2})");
  EXPECT_FALSE(in.factors.lookup(0).isMinorMost);
  EXPECT_EQ(str(in.factors.lookup(1).axisRefs), R"({"y":(2)2})");
  EXPECT_TRUE(in.factors.lookup(1).isMinorMost);
  // The result, sharded by the sub-axes per dimension, has the same factor
  // shardings.
  const TensorFactorShardings &out = p.results[0];
  EXPECT_EQ(str(out.factors.lookup(0).axisRefs), R"({"y":(1)2})");
  EXPECT_EQ(str(out.factors.lookup(1).axisRefs), R"({"y":(2)2})");
  // Projecting back merges the sub-axes into the full axis again.
  EXPECT_EQ(str(buildOperand(p, 0)), R"(#sdy.sharding<@mesh, [{"y"}]>)");
}

TEST_F(FactorShardingTest, IndivisibleFactorOverflows) {
  // tensor<12> -> tensor<3x4>: "x" (2) does not divide factor i (3) nor the
  // other way round, so the dimension's axes overflow: factor i takes none,
  // factor j is closed, and projecting back loses nothing.
  ShardingProjection p = project(R"mlir(
func.func @f(%a: tensor<12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", ?}]>}) -> tensor<3x4xf32> {
  %0 = stablehlo.custom_call @op(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([ij])->([i, j]) {i=3, j=4}>} : (tensor<12xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
})mlir");
  const TensorFactorShardings &in = p.operands[0];
  EXPECT_TRUE(in.factors.lookup(0).axisRefs.empty());
  EXPECT_EQ(str(in.factors.lookup(0).overflowAxes), R"({"x"})");
  EXPECT_FALSE(in.factors.lookup(0).isClosed);
  EXPECT_TRUE(in.factors.lookup(1).axisRefs.empty());
  EXPECT_TRUE(in.factors.lookup(1).isClosed);
  // The overflowing axis is in use for every factor, its own included.
  EXPECT_EQ(str(in.getAxesUsedOutside(0)), R"({"x"})");
  EXPECT_EQ(str(buildOperand(p, 0)), R"(#sdy.sharding<@mesh, [{"x", ?}]>)");
}

TEST_F(FactorShardingTest, HiddenPriorityAndReplicatedAxes) {
  llvm::StringRef func = R"mlir(
func.func @f(%a: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}p1, {?}], replicated={"y"}>}) -> tensor<8x16xf32> {
  %0 = stablehlo.custom_call @op(%a) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=16}>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
})mlir";
  // Priority 1 is not visible yet: the dimension is hidden, closed and
  // empty, and its axes may not be used by any factor.
  ShardingProjection hidden = project(func, /*visiblePriority=*/0);
  const TensorFactorShardings &in = hidden.operands[0];
  EXPECT_TRUE(in.factors.lookup(0).axisRefs.empty());
  EXPECT_TRUE(in.factors.lookup(0).isClosed);
  EXPECT_EQ(str(in.hiddenAxes), R"({"x"})");
  EXPECT_EQ(str(in.replicatedAxes), R"({"y"})");
  EXPECT_EQ(str(in.getAxesUsedOutside(1)), R"({"y", "x"})");
  // Projecting back keeps the hidden dimension as it was.
  EXPECT_EQ(str(buildOperand(hidden, 0, /*visiblePriority=*/0)),
            str(getSharding(op->getOperand(0))));

  // Once priority 1 is visible the axis belongs to factor i.
  ShardingProjection visible = project(func, /*visiblePriority=*/1);
  EXPECT_EQ(str(visible.operands[0].factors.lookup(0).axisRefs), R"({"x"})");
  EXPECT_TRUE(visible.operands[0].hiddenAxes.empty());
  EXPECT_EQ(str(visible.operands[0].getAxesUsedOutside(0)), R"({"y"})");
}

} // namespace
