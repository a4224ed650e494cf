//===- FactorPropagationTest.cpp - one propagation step on one op ---------===//
//
// Which axes each factor gains (transforms/propagation/FactorPropagation.h):
// compatible axes spread, conflicts stop them (aggressively too), closed
// prefixes stop basic propagation only, directions, closed dimensions, axes in
// use elsewhere, need-replication factors, conservative mode, sub-axis prefixes
// and hidden priorities.
//
//===----------------------------------------------------------------------===//

#include "transforms/propagation/FactorPropagation.h"
#include "UnitTestSupport.h"
#include "ir/sdy/ShardingUtils.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::unittest;

namespace {

class FactorPropagationTest : public SdyTest {
protected:
  /// Parses `%r = custom_call(%a, %b)` on tensor<8x16xf32> with mesh
  /// ["x"=2, "y"=4], the shardings `a`, `b`, `r` (the text inside
  /// `#sdy.sharding<@mesh, ...>`) and the rule `ruleText`, and projects them.
  void
  setUp(llvm::StringRef a, llvm::StringRef b, llvm::StringRef r,
        llvm::StringRef ruleText = "([i, j], [i, j])->([i, j]) {i=8, j=16}",
        llvm::StringRef type = "tensor<8x16xf32>",
        int64_t visiblePriority = INT64_MAX) {
    std::string t = type.str();
    parse(R"(sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @f(%a: )" +
          t + R"( {sdy.sharding = #sdy.sharding<@mesh, )" + a.str() +
          R"(>}, %b: )" + t + R"( {sdy.sharding = #sdy.sharding<@mesh, )" +
          b.str() + R"(>}) -> )" + t + R"( {
  %r = stablehlo.custom_call @op(%a, %b) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, )" +
          r.str() + R"(>]>, sdy.sharding_rule = #sdy.op_sharding_rule<)" +
          ruleText.str() + R"(>} : ()" + t + ", " + t + ") -> " + t + R"(
  return %r : )" +
          t + R"(
})");
    Operation *op = getOp("stablehlo.custom_call");
    ASSERT_TRUE(op);
    options.mesh = getMesh();
    options.rule =
        op->getAttrOfType<OpShardingRuleAttr>(SdyDialect::kShardingRuleAttr);
    projection = ShardingProjection::build(
        {getSharding(op->getOperand(0)), getSharding(op->getOperand(1))},
        {getSharding(op->getResult(0))}, options.rule, options.mesh,
        visiblePriority);
  }

  /// The axes of `factor` in tensor `t` (operands then results).
  std::string axes(int64_t t, int64_t factor) {
    return str(projection.getTensor(t).factors[factor].axisRefs);
  }

  SmallVector<bool> propagate() {
    return propagateFactors(projection, options);
  }

  FactorPropagationOptions options;
  ShardingProjection projection;
};

TEST_F(FactorPropagationTest, CompatibleAxesSpreadToOpenTensors) {
  setUp(R"([{"x", ?}, {?}])", R"([{?}, {?}])", R"([{?}, {?}])");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(1, 0), R"({"x"})");
  EXPECT_EQ(axes(2, 0), R"({"x"})");
  EXPECT_EQ(axes(2, 1), "{}");
}

TEST_F(FactorPropagationTest, ConflictBlocksBasicPropagation) {
  setUp(R"([{"x", ?}, {?}])", R"([{"y", ?}, {?}])", R"([{?}, {?}])");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
  EXPECT_EQ(axes(2, 0), "{}");
}

TEST_F(FactorPropagationTest, AggressiveLeavesAConflictingFactor) {
  // As in Shardy, aggressive propagation resolves conflicts between factors
  // only: tensors disagreeing on a factor leave it alone, whichever tensor
  // is larger or more sharded.
  for (SmallVector<int64_t> sizes :
       {SmallVector<int64_t>{128, 128, 128}, {256, 128, 128}}) {
    setUp(R"([{"x", ?}, {?}])", R"([{"y", ?}, {?}])", R"([{?}, {?}])");
    options.aggressive = true;
    options.tensorSizes = sizes;
    EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
    EXPECT_EQ(axes(2, 0), "{}");
  }
}

TEST_F(FactorPropagationTest, AggressiveGrowsPastAClosedPrefix) {
  // A closed tensor holding a prefix keeps its sharding but, unlike in basic
  // propagation, does not stop the longer list (as in Shardy).
  setUp(R"([{"x"}, {?}])", R"([{"x", "y", ?}, {?}])", R"([{?}, {?}])");
  options.aggressive = true;
  SmallVector<int64_t> sizes = {128, 128, 128};
  options.tensorSizes = sizes;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, true}));
  EXPECT_EQ(axes(0, 0), R"({"x"})");
  EXPECT_EQ(axes(2, 0), R"({"x", "y"})");

  setUp(R"([{"x"}, {?}])", R"([{"x", "y", ?}, {?}])", R"([{?}, {?}])");
  options.aggressive = false;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, true}));
  EXPECT_EQ(axes(2, 0), R"({"x"})");
}

TEST_F(FactorPropagationTest, DirectionLimitsReceivers) {
  setUp(R"([{"x", ?}, {?}])", R"([{?}, {?}])", R"([{?}, {?}])");
  options.direction = PropagationDirection::FORWARD;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, true}));
  EXPECT_EQ(axes(1, 0), "{}");

  setUp(R"([{?}, {?}])", R"([{?}, {?}])", R"([{"x", ?}, {?}])");
  options.direction = PropagationDirection::NONE;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
}

TEST_F(FactorPropagationTest, ClosedDimensionDoesNotReceive) {
  setUp(R"([{"x", ?}, {?}])", R"([{?}, {?}])", R"([{}, {?}])");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
  EXPECT_EQ(axes(1, 0), "{}");
  EXPECT_EQ(axes(2, 0), "{}");
}

TEST_F(FactorPropagationTest, AxisUsedElsewhereInATensorIsNotTaken) {
  // %b already uses "x" for factor j, so it cannot take "x" for factor i,
  // and %a cannot take "x" for j: nothing moves.
  setUp(R"([{"x", ?}, {?}])", R"([{?}, {"x", ?}])", R"([{?}, {?}])");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
  EXPECT_EQ(axes(2, 0), "{}");
  EXPECT_EQ(axes(2, 1), "{}");
}

TEST_F(FactorPropagationTest, NeedReplicationFactorPropagates) {
  // As in Shardy: only blocked factors stop propagation; the partitioner
  // replicates need_replication factors locally.
  setUp(R"([{?}, {"y", ?}])", R"([{?}, {?}])", R"([{?}, {?}])",
        "([i, j], [i, j])->([i, j]) {i=8, j=16} need_replication={j}");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(2, 1), R"({"y"})");
}

TEST_F(FactorPropagationTest, BlockedFactorDoesNotPropagate) {
  setUp(R"([{?}, {"y", ?}])", R"([{?}, {?}])", R"([{?}, {?}])",
        "([i, j], [i, j])->([i, j]) {i=8, j=16} need_replication={j} "
        "blocked_propagation={j}");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
  EXPECT_EQ(axes(2, 1), "{}");
}

TEST_F(FactorPropagationTest, MinorMostFactorTakesIndivisibleAxes) {
  // Factor i has size 6: "y" (4) fits into the minor-most factor unevenly;
  // as in Shardy, conservative propagation allows that too (it only
  // refuses to create sub-axes).
  llvm::StringRef rule = "([i], [i])->([i]) {i=6}";
  setUp(R"([{"y", ?}])", R"([{?}])", R"([{?}])", rule, "tensor<6xf32>");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(2, 0), R"({"y"})");

  setUp(R"([{"y", ?}])", R"([{?}])", R"([{?}])", rule, "tensor<6xf32>");
  options.conservative = true;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(2, 0), R"({"y"})");
}

TEST_F(FactorPropagationTest, MinorMostFactorTakesAxesLargerThanItself) {
  // Factor i has size 2: as in Shardy, the minor-most factor takes all of
  // "y" (4), more devices than elements, with or without conservative.
  llvm::StringRef rule = "([i], [i])->([i]) {i=2}";
  setUp(R"([{"y", ?}])", R"([{?}])", R"([{?}])", rule, "tensor<2xf32>");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(1, 0), R"({"y"})");
  EXPECT_EQ(axes(2, 0), R"({"y"})");

  setUp(R"([{"y", ?}])", R"([{?}])", R"([{?}])", rule, "tensor<2xf32>");
  options.conservative = true;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(2, 0), R"({"y"})");
}

TEST_F(FactorPropagationTest, NonMinorFactorIsCutToADividingSubAxis) {
  // Factor i (size 2) is major in the compound dimension [ij]: of "y" (4)
  // only "y":(1)2 keeps it divisible, and only when sub-axes may be created.
  llvm::StringRef rule = "([ij], [ij])->([ij]) {i=2, j=4}";
  setUp(R"([{"y", ?}])", R"([{?}])", R"([{?}])", rule, "tensor<8xf32>");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(2, 0), R"({"y":(1)2})");
}

TEST_F(FactorPropagationTest, SubAxisPrefixGrowsToTheAxis) {
  // "y":(1)2 is a prefix of "y": an open tensor ending in it grows to "y",
  // as in Shardy, unless sub-axes are not allowed (conservative).
  setUp(R"([{"y":(1)2, ?}, {?}])", R"([{"y", ?}, {?}])", R"([{?}, {?}])");
  EXPECT_EQ(propagate(), SmallVector<bool>({true, false, true}));
  EXPECT_EQ(axes(0, 0), R"({"y"})");
  EXPECT_EQ(axes(2, 0), R"({"y"})");

  setUp(R"([{"y":(1)2, ?}, {?}])", R"([{"y", ?}, {?}])", R"([{?}, {?}])");
  options.conservative = true;
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
}

TEST_F(FactorPropagationTest, ClosedSubAxisPrefixDoesNotGrow) {
  // A closed "y":(1)2 cannot grow: the common part "y":(1)2 is all that
  // spreads.
  setUp(R"([{"y":(1)2}, {?}])", R"([{"y", ?}, {?}])", R"([{?}, {?}])");
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, true}));
  EXPECT_EQ(axes(2, 0), R"({"y":(1)2})");
}

TEST_F(FactorPropagationTest, HiddenPriorityDoesNotPropagateYet) {
  llvm::StringRef rule = "([i, j], [i, j])->([i, j]) {i=8, j=16}";
  setUp(R"([{"x", ?}p1, {?}])", R"([{?}, {?}])", R"([{?}, {?}])", rule,
        "tensor<8x16xf32>", /*visiblePriority=*/0);
  EXPECT_EQ(propagate(), SmallVector<bool>({false, false, false}));
  EXPECT_EQ(axes(2, 0), "{}");

  setUp(R"([{"x", ?}p1, {?}])", R"([{?}, {?}])", R"([{?}, {?}])", rule,
        "tensor<8x16xf32>", /*visiblePriority=*/1);
  EXPECT_EQ(propagate(), SmallVector<bool>({false, true, true}));
  EXPECT_EQ(axes(2, 0), R"({"x"})");
}

} // namespace
