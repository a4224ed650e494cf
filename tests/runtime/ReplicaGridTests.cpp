//===- ReplicaGridTests.cpp - replicas x partitions -----------------------===//
//
// Modules with mhlo.num_replicas = 2 and mhlo.num_partitions = 2 run on 4
// local devices; every replica_groups mode is checked against values
// computed by hand. Device d = r * 2 + p gets the input [d + 1, 10 * (d + 1)].
// The same modes through interpreter.run_parallel are in
// tests/interpret/run_parallel.mlir; here one program checks that
// run_parallel's check failures and results reach the caller.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"
#include "runtime/ShardedExecutable.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

const char kHeader[] = "module attributes {mhlo.num_replicas = 2 : i32, "
                       "mhlo.num_partitions = 2 : i32} {\n"
                       "func.func @main(%x: tensor<2xi64>) -> ";

std::string sumBody(const std::string &attrs, const std::string &op,
                    const std::string &resultType) {
  return resultType + " {\n  %0 = \"stablehlo." + op + "\"(%x) ({\n" +
         "  ^bb0(%a: tensor<i64>, %b: tensor<i64>):\n" +
         "    %s = stablehlo.add %a, %b : tensor<i64>\n" +
         "    stablehlo.return %s : tensor<i64>\n" + "  }) {" + attrs +
         "} : (tensor<2xi64>) -> " + resultType +
         "\n  return %0 : " + resultType + "\n}\n}\n";
}

std::string plainBody(const std::string &attrs, const std::string &op,
                      const std::string &resultType) {
  return resultType + " {\n  %0 = \"stablehlo." + op + "\"(%x) {" + attrs +
         "} : (tensor<2xi64>) -> " + resultType +
         "\n  return %0 : " + resultType + "\n}\n}\n";
}

// Runs `text` on its devices and returns each device's result 0.
std::vector<std::vector<double>> runGrid(const std::string &text) {
  mlir::MLIRContext ctx(mlir::MLIRContext::Threading::DISABLED);
  registerRuntimeDialects(ctx);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  EXPECT_TRUE(module) << text;
  if (!module)
    return {};
  ShardedExecutableOptions opts;
  std::unique_ptr<ShardedExecutable> exe;
  Status s = ShardedExecutable::fromModule(*module, opts, exe);
  EXPECT_TRUE(s.isOk()) << s.message();
  if (!exe)
    return {};
  EXPECT_EQ(exe->numDevices(), 4);
  std::vector<std::vector<Tensor>> inputs, outputs;
  for (int d = 0; d < 4; ++d)
    inputs.push_back({make(ElementType::I64, {2}, {d + 1.0, 10.0 * (d + 1)})});
  s = exe->executable().runLocal(4, inputs, outputs);
  EXPECT_TRUE(s.isOk()) << s.message();
  std::vector<std::vector<double>> r;
  for (auto &o : outputs)
    r.push_back(o.empty() ? std::vector<double>() : values(o[0]));
  return r;
}

using Grid = std::vector<std::vector<double>>;

TEST(ReplicaGrid, Ids) {
  std::string text =
      "module attributes {mhlo.num_replicas = 2 : i32, "
      "mhlo.num_partitions = 2 : i32} {\n"
      "func.func @main(%x: tensor<2xi64>) -> tensor<2xui32> {\n"
      "  %r = stablehlo.replica_id : tensor<ui32>\n"
      "  %p = stablehlo.partition_id : tensor<ui32>\n"
      "  %r1 = stablehlo.reshape %r : (tensor<ui32>) -> tensor<1xui32>\n"
      "  %p1 = stablehlo.reshape %p : (tensor<ui32>) -> tensor<1xui32>\n"
      "  %0 = stablehlo.concatenate %r1, %p1, dim = 0 : (tensor<1xui32>, "
      "tensor<1xui32>) -> tensor<2xui32>\n"
      "  return %0 : tensor<2xui32>\n}\n}\n";
  EXPECT_EQ(runGrid(text), (Grid{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
}

TEST(ReplicaGrid, AllReduceCrossReplica) {
  // Groups {0, 2} and {1, 3}.
  std::string text =
      kHeader + sumBody("replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>",
                        "all_reduce", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{4, 40}, {6, 60}, {4, 40}, {6, 60}}));
}

TEST(ReplicaGrid, AllReduceCrossReplicaAndPartition) {
  // [[0], [1]]: groups {0, 1} and {2, 3}.
  std::string text =
      kHeader +
      sumBody("replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>, "
              "channel_handle = #stablehlo.channel_handle<handle = 1, "
              "type = 1>",
              "all_reduce", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{3, 30}, {3, 30}, {7, 70}, {7, 70}}));
}

TEST(ReplicaGrid, AllReduceFlattenedIds) {
  std::string text =
      kHeader +
      sumBody("replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>, "
              "channel_handle = #stablehlo.channel_handle<handle = 1, "
              "type = 1>, use_global_device_ids",
              "all_reduce", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{5, 50}, {5, 50}, {5, 50}, {5, 50}}));
}

TEST(ReplicaGrid, AllGatherCrossReplicaAndPartitionOrder) {
  // [[0, 1]]: one group ordered (0,0), (1,0), (0,1), (1,1) = 0, 2, 1, 3.
  std::string text =
      kHeader +
      plainBody("all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> "
                ": tensor<1x2xi64>, channel_handle = "
                "#stablehlo.channel_handle<handle = 1, type = 1>",
                "all_gather", "tensor<8xi64>");
  std::vector<double> all{1, 10, 3, 30, 2, 20, 4, 40};
  EXPECT_EQ(runGrid(text), (Grid{all, all, all, all}));
}

TEST(ReplicaGrid, ReduceScatterCrossReplica) {
  // Groups {0, 2} and {1, 3}; member j keeps chunk j.
  std::string text =
      kHeader + sumBody("scatter_dimension = 0 : i64, replica_groups = "
                        "dense<[[0, 1]]> : tensor<1x2xi64>",
                        "reduce_scatter", "tensor<1xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{4}, {6}, {40}, {60}}));
}

TEST(ReplicaGrid, AllToAllCrossPartition) {
  // Groups {0, 1} and {2, 3}.
  std::string text =
      kHeader +
      plainBody("split_dimension = 0 : i64, concat_dimension = 0 : i64, "
                "split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : "
                "tensor<1x2xi64>, channel_handle = "
                "#stablehlo.channel_handle<handle = 1, type = 1>",
                "all_to_all", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{1, 2}, {10, 20}, {3, 4}, {30, 40}}));
}

TEST(ReplicaGrid, CollectivePermuteCrossReplica) {
  // Replica 0 -> 1 in each partition; replica 0 gets zeros.
  std::string text =
      kHeader + plainBody("source_target_pairs = dense<[[0, 1]]> : "
                          "tensor<1x2xi64>",
                          "collective_permute", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{0, 0}, {0, 0}, {1, 10}, {2, 20}}));
}

TEST(ReplicaGrid, CollectiveBroadcastCrossPartition) {
  // Partition 1 sends to partition 0 in each replica.
  std::string text =
      kHeader +
      plainBody("replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>, "
                "channel_handle = #stablehlo.channel_handle<handle = 1, "
                "type = 1>",
                "collective_broadcast", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{2, 20}, {2, 20}, {4, 40}, {4, 40}}));
}

TEST(ReplicaGrid, OneReplicaKeepsDeviceIds) {
  // Without replicas, replica_groups name devices (what the partitioner
  // emits), whatever the channel.
  std::string text =
      "module attributes {mhlo.num_partitions = 4 : i32} {\n"
      "func.func @main(%x: tensor<2xi64>) -> " +
      sumBody("replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>",
              "all_reduce", "tensor<2xi64>");
  EXPECT_EQ(runGrid(text), (Grid{{3, 30}, {3, 30}, {7, 70}, {7, 70}}));
}

TEST(ReplicaGrid, RunParallelReportsFailedCheck) {
  const char *text = R"(
func.func @p() -> tensor<ui32> {
  %r = stablehlo.replica_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  return %r : tensor<ui32>
}
func.func @main() -> (tensor<ui32>, tensor<ui32>) {
  %0:2 = "interpreter.run_parallel"() {programs = [[@p, @p]]} : () -> (tensor<ui32>, tensor<ui32>)
  return %0#0, %0#1 : tensor<ui32>, tensor<ui32>
}
func.func @bad() -> (tensor<ui32>, tensor<ui32>) {
  %0:2 = "interpreter.run_parallel"() {programs = [[@p], [@p]]} : () -> (tensor<ui32>, tensor<ui32>)
  return %0#0, %0#1 : tensor<ui32>, tensor<ui32>
}
)";
  for (const char *entry : {"main", "bad"}) {
    ExecutableOptions opts;
    opts.entry = entry;
    std::unique_ptr<Executable> exe;
    Status s = Executable::fromText(text, opts, exe);
    ASSERT_TRUE(s.isOk()) << s.message();
    std::vector<Tensor> out;
    s = exe->runSingle({}, out);
    if (std::string(entry) == "main") {
      ASSERT_TRUE(s.isOk()) << s.message();
      ASSERT_EQ(out.size(), 2u);
      EXPECT_EQ(out[1].getInt(0), 0);
    } else {
      EXPECT_EQ(s.code(), StatusCode::Mismatch);
      EXPECT_NE(s.message().find("program @p of replica 1, partition 0"),
                std::string::npos)
          << s.message();
    }
  }
}

} // namespace
