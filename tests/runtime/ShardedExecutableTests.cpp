//===- ShardedExecutableTests.cpp - entry, device count, layouts ----------===//
//
// runtime::ShardedExecutable directly: the entry function, every rule of the
// device count (and its errors, whose messages the C ABI passes on), the
// shard layouts, and scatter/gather round trips with uneven (padded) shards
// and strided host arrays.
//
//===----------------------------------------------------------------------===//
#include "TestUtil.h"
#include "runtime/ShardedExecutable.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include <numeric>

using namespace sdy::runtime;
using namespace sdy::runtime::test;

namespace {

class ShardedExecutableTest : public ::testing::Test {
protected:
  ShardedExecutableTest() : context_(mlir::MLIRContext::Threading::DISABLED) {
    registerRuntimeDialects(context_);
  }

  // Parses `text` and prepares it; the status of ShardedExecutable::fromModule.
  Status build(const std::string &text,
               const ShardedExecutableOptions &options = {}) {
    module_ = mlir::parseSourceString<mlir::ModuleOp>(text, &context_);
    EXPECT_TRUE(module_) << text;
    if (!module_)
      return Status::invalid("parse error");
    exe_.reset();
    return ShardedExecutable::fromModule(*module_, options, exe_);
  }
  // Builds `text`, expecting success.
  const ShardedExecutable &ok(const std::string &text,
                              const ShardedExecutableOptions &options = {}) {
    Status s = build(text, options);
    if (!s.isOk()) {
      ADD_FAILURE() << s.message();
      // Carry on with a trivial program rather than a null executable.
      (void)build("func.func @main() { return }");
    }
    return *exe_;
  }

  mlir::MLIRContext context_;
  mlir::OwningOpRef<mlir::ModuleOp> module_;
  std::unique_ptr<ShardedExecutable> exe_;
};

const char kIdentity[] = R"(
func.func @FN(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
})";

std::string identity(const std::string &name) {
  return replaceAll(kIdentity, "FN", name);
}

// A function of `arg` -> `result` types with `attrs` on the module and
// `argAttr`/`resultAttr` on the value; `mesh` is an sdy.mesh op or empty.
std::string program(const std::string &mesh, const std::string &type,
                    const std::string &argAttr, const std::string &resultAttr,
                    const std::string &attrs = "",
                    const std::string &body = "") {
  return "module " + (attrs.empty() ? "" : "attributes {" + attrs + "} ") +
         "{\n" + mesh + "\nfunc.func @main(%x: " + type + argAttr + ") -> (" +
         type + resultAttr + ") {\n" + body + "return %x : " + type + "\n}\n}";
}

std::string sharding(const std::string &dims) {
  return " {sdy.sharding = #sdy.sharding<@mesh, " + dims + ">}";
}

const char kMesh4[] = R"(sdy.mesh @mesh = <["x"=4]>)";
const char kMesh2x2[] = R"(sdy.mesh @mesh = <["x"=2, "y"=2]>)";

// An all_reduce over devices [0, maxId].
std::string allReduce(int maxId, const std::string &type) {
  std::string ids;
  for (int i = 0; i <= maxId; ++i)
    ids += (i ? ", " : "") + std::to_string(i);
  return "%r = \"stablehlo.all_reduce\"(%x) <{replica_groups = dense<[[" + ids +
         "]]> : tensor<1x" + std::to_string(maxId + 1) +
         "xi64>, use_global_device_ids, channel_handle = "
         "#stablehlo.channel_handle<handle = 1, type = 1>}> ({\n^bb0(%a: "
         "tensor<i32>, %b: tensor<i32>):\n"
         "%t = stablehlo.add %a, %b : tensor<i32>\n"
         "stablehlo.return %t : tensor<i32>\n}) : (" +
         type + ") -> " + type + "\n";
}

//--- entry function --------------------------------------------------------//

TEST_F(ShardedExecutableTest, EntryIsMainOrTheOnlyPublicFunction) {
  EXPECT_EQ(ok(identity("main") + identity("other")).function(), "main");
  EXPECT_EQ(ok(identity("only")).function(), "only");
  ShardedExecutableOptions named;
  named.entry = "other";
  EXPECT_EQ(ok(identity("main") + identity("other"), named).function(),
            "other");
  // A private function is not a candidate.
  EXPECT_EQ(ok(identity("only") +
               replaceAll(identity("hidden"), "func.func", "func.func private"))
                .function(),
            "only");
}

TEST_F(ShardedExecutableTest, EntryErrors) {
  ShardedExecutableOptions named;
  named.entry = "nope";
  Status s = build(identity("main"), named);
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.message(),
            "the module has no function @nope (public functions: @main)");
  s = build(identity("a") + identity("b"));
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.message(), "the module has no function @main and 2 public "
                         "functions (@a, @b): name the function to run");
  s = build("func.func private @main(tensor<2xi32>) -> tensor<2xi32>");
  EXPECT_EQ(s.message(), "@main is a declaration without a body");
  s = build("func.func @main(%x: tensor<?xi32>) -> tensor<?xi32> {\n"
            "  return %x : tensor<?xi32>\n}");
  EXPECT_EQ(s.code(), StatusCode::Unsupported);
  EXPECT_EQ(s.message(), "argument 0 has type tensor<?xi32>: only statically "
                         "shaped tensors can be run");
}

//--- device count ----------------------------------------------------------//

TEST_F(ShardedExecutableTest, NumPartitionsComesFirst) {
  EXPECT_EQ(
      ok(program("", "tensor<2xi32>", "", "", "mhlo.num_partitions = 3 : i32"))
          .numDevices(),
      3);
  // 1 runs the global program: its shardings are ignored.
  const ShardedExecutable &global =
      ok(program(kMesh4, "tensor<8xi32>", sharding("[{\"x\"}]"), "",
                 "mhlo.num_partitions = 1 : i32"));
  EXPECT_EQ(global.numDevices(), 1);
  EXPECT_FALSE(global.args()[0].sharded());
  EXPECT_EQ(global.args()[0].globalShape, (Shape{8}));
}

TEST_F(ShardedExecutableTest, NumPartitionsErrors) {
  Status s = build(
      program("", "tensor<2xi32>", "", "", "mhlo.num_partitions = 0 : i32"));
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.message(), "mhlo.num_partitions is 0, expected 1..4096");
  s = build(program(kMesh4, "tensor<2xi32>", sharding("[{\"x\"}]"), "",
                    "mhlo.num_partitions = 8 : i32"));
  EXPECT_EQ(s.message(), "mhlo.num_partitions is 8 but the sharding of "
                         "argument 0 uses a mesh of 4 devices");
}

TEST_F(ShardedExecutableTest, SdyOpsMakeAGlobalProgram) {
  const ShardedExecutable &exe = ok(program(
      kMesh4, "tensor<8xi32>", sharding("[{\"x\"}]"), "", "",
      "%c = sdy.sharding_constraint %x <@mesh, [{\"x\"}]> : tensor<8xi32>\n"));
  EXPECT_EQ(exe.numDevices(), 1);
  EXPECT_FALSE(exe.args()[0].sharded());
}

TEST_F(ShardedExecutableTest, MeshGivesTheCount) {
  const ShardedExecutable &exe =
      ok(program(kMesh4, "tensor<2xi32>", sharding("[{\"x\"}]"),
                 sharding("[{}]"), "", allReduce(3, "tensor<2xi32>")));
  EXPECT_EQ(exe.numDevices(), 4);
  EXPECT_EQ(exe.args()[0].numShards, (std::vector<int64_t>{4}));
  EXPECT_FALSE(exe.results()[0].sharded());
}

TEST_F(ShardedExecutableTest, MeshesMustAgree) {
  std::string text =
      "module {\nsdy.mesh @a = <[\"x\"=4]>\nsdy.mesh @b = <[\"x\"=2]>\n"
      "func.func @main(%x: tensor<4xi32> {sdy.sharding = #sdy.sharding<@a, "
      "[{\"x\"}]>}) -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@b, "
      "[{\"x\"}]>}) {\nreturn %x : tensor<4xi32>\n}\n}";
  Status s = build(text);
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.message(), "the shardings use meshes of different device "
                         "counts: argument 0 has 4 devices, result 0 2");
}

TEST_F(ShardedExecutableTest, CollectivesGiveTheCount) {
  EXPECT_EQ(ok(program("", "tensor<2xi32>", "", "", "",
                       allReduce(5, "tensor<2xi32>")))
                .numDevices(),
            6);
  EXPECT_EQ(ok(identity("main")).numDevices(), 1);
  Status s = build(replaceAll(
      program("", "tensor<2xi32>", "", "", "", allReduce(1, "tensor<2xi32>")),
      "[[0, 1]]", "[[0, 4096]]"));
  EXPECT_EQ(s.code(), StatusCode::InvalidArgument);
  EXPECT_EQ(s.message(),
            "a collective names device 4096, more than 4096 devices");
}

TEST_F(ShardedExecutableTest, UnpartitionedModuleIsRefused) {
  Status s = build(program(kMesh4, "tensor<8xi32>", sharding("[{\"x\"}]"), ""));
  EXPECT_EQ(s.code(), StatusCode::Mismatch);
  EXPECT_EQ(s.message().rfind("the module is not partitioned: the "
                              "sdy.sharding of argument 0 of @main splits it "
                              "over a mesh of 4 devices",
                              0),
            0u)
      << s.message();
}

TEST_F(ShardedExecutableTest, CallerFixesTheCount) {
  ShardedExecutableOptions options;
  options.numDevices = 4;
  // No inference, so no "not partitioned" error; the mesh has 4 devices, so
  // its sharding gives the layout.
  const ShardedExecutable &exe = ok(
      program(kMesh4, "tensor<2xi32>", sharding("[{\"x\"}]"), "", ""), options);
  EXPECT_EQ(exe.numDevices(), 4);
  EXPECT_TRUE(exe.args()[0].sharded());
  // A mesh of another size is ignored.
  options.numDevices = 2;
  const ShardedExecutable &other = ok(
      program(kMesh4, "tensor<2xi32>", sharding("[{\"x\"}]"), "", ""), options);
  EXPECT_EQ(other.numDevices(), 2);
  EXPECT_FALSE(other.args()[0].sharded());
}

//--- layouts ---------------------------------------------------------------//

TEST_F(ShardedExecutableTest, LayoutOfATwoDimensionalMesh) {
  // 5x3 split over "x" into 3-row shards; replicated along "y".
  const ShardedExecutable &exe = ok(
      program(kMesh2x2, "tensor<3x3xi32>", sharding("[{\"x\"}, {}]"),
              sharding("[{\"x\"}, {}]"), "", allReduce(3, "tensor<3x3xi32>")));
  const ValueLayout &layout = exe.args()[0];
  EXPECT_EQ(exe.numDevices(), 4);
  EXPECT_EQ(layout.numShards, (std::vector<int64_t>{2, 1}));
  ASSERT_EQ(layout.shardIndex.size(), 4u);
  EXPECT_EQ(layout.shardIndex[1], (std::vector<int64_t>{0, 0}));
  EXPECT_EQ(layout.shardIndex[2], (std::vector<int64_t>{1, 0}));
  EXPECT_FALSE(layout.isGlobalShapeExact());
  EXPECT_EQ(layout.boundingGlobalShape(), (Shape{6, 3}));
  EXPECT_TRUE(layout.checkGlobalShape("g", {5, 3}).isOk());
  Shape starts, limits;
  layout.deviceSlice({5, 3}, 3, starts, limits);
  EXPECT_EQ(starts, (Shape{3, 0}));
  EXPECT_EQ(limits, (Shape{5, 3}));
  Status s = layout.checkGlobalShape("g", {7, 3});
  EXPECT_EQ(s.message(), "g: global shape [7, 3] does not fit the program's "
                         "local type 3x3xi32: dimension 0 of size 7 is split "
                         "into 2 shards of 4, not 3");
  s = layout.checkGlobalShape("g", {5, 4});
  EXPECT_EQ(s.message(), "g: global shape [5, 4] does not fit the program's "
                         "local type 3x3xi32: dimension 1 is not sharded, so "
                         "its size must be 3");
}

TEST_F(ShardedExecutableTest, GlobalTypeIsRecorded) {
  std::string text = replaceAll(
      program(kMesh4, "tensor<2xi32>", sharding("[{\"x\"}]"),
              sharding("[{\"x\"}]"), "", allReduce(3, "tensor<2xi32>")),
      ") {\n%r",
      ") attributes {sdy.global_type = (tensor<7xi32>) -> "
      "tensor<7xi32>} {\n%r");
  const ShardedExecutable &exe = ok(text);
  const ValueLayout &layout = exe.args()[0];
  EXPECT_TRUE(layout.isGlobalShapeExact());
  EXPECT_EQ(layout.boundingGlobalShape(), (Shape{7}));
  EXPECT_TRUE(layout.checkGlobalShape("g", {7}).isOk());
  EXPECT_EQ(layout.checkGlobalShape("g", {8}).message(),
            "g: global shape [8] does not match the program's global type "
            "7xi32 (local type 2xi32)");
}

//--- scatter and gather ----------------------------------------------------//

HostArray arrayOf(Tensor &t) {
  return {t.type(), static_cast<char *>(t.raw()), t.shape(),
          rowMajorStrides(t.shape())};
}

TEST_F(ShardedExecutableTest, ScatterGatherRoundTripWithPadding) {
  const ShardedExecutable &exe = ok(program(
      kMesh2x2, "tensor<3x2xi32>", sharding("[{\"x\"}, {\"y\"}]"),
      sharding("[{\"x\"}, {\"y\"}]"), "", allReduce(3, "tensor<3x2xi32>")));
  // 5x3 global: rows split 3 + 2 (padded), columns 2 + 1 (padded).
  std::vector<double> values(15);
  std::iota(values.begin(), values.end(), 1);
  Tensor global = i32({5, 3}, values);
  std::vector<int64_t> local = {3, 1, 0, 2};
  std::vector<std::vector<Tensor>> inputs;
  exe.scatter({arrayOf(global)}, local, inputs);
  ASSERT_EQ(inputs.size(), 4u);
  expectTensor(inputs[2][0], ElementType::I32, {3, 2}, {1, 2, 4, 5, 7, 8});
  expectTensor(inputs[1][0], ElementType::I32, {3, 2}, {3, 0, 6, 0, 9, 0});
  expectTensor(inputs[3][0], ElementType::I32, {3, 2}, {10, 11, 13, 14, 0, 0});
  expectTensor(inputs[0][0], ElementType::I32, {3, 2}, {12, 0, 15, 0, 0, 0});
  Tensor back = Tensor::zeros(ElementType::I32, {5, 3});
  EXPECT_TRUE(exe.checkOutputs(inputs).isOk());
  exe.gather(inputs, local, {arrayOf(back)});
  expectTensor(back, ElementType::I32, {5, 3}, values);
}

TEST_F(ShardedExecutableTest, GatherTakesReplicasFromTheLowestDevice) {
  // Split over "x" only: devices 0 and 1 (and 2 and 3) hold the same shard.
  const ShardedExecutable &exe =
      ok(program(kMesh2x2, "tensor<2xi32>", sharding("[{\"x\"}]"),
                 sharding("[{\"x\"}]"), "", allReduce(3, "tensor<2xi32>")));
  std::vector<int64_t> local = {0, 1, 2, 3};
  std::vector<std::vector<Tensor>> outputs = {{i32({2}, {1, 2})},
                                              {i32({2}, {-1, -2})},
                                              {i32({2}, {3, 4})},
                                              {i32({2}, {-3, -4})}};
  Tensor global = Tensor::zeros(ElementType::I32, {4});
  exe.gather(outputs, local, {arrayOf(global)});
  expectTensor(global, ElementType::I32, {4}, {1, 2, 3, 4});
}

TEST_F(ShardedExecutableTest, StridedHostArrays) {
  // A column-major 2x3 array is read and written through its strides.
  std::vector<int32_t> storage = {1, 4, 2, 5, 3, 6};
  HostArray array{ElementType::I32,
                  reinterpret_cast<char *>(storage.data()),
                  {2, 3},
                  {1, 2}};
  Tensor t = readHostArray(array);
  expectTensor(t, ElementType::I32, {2, 3}, {1, 2, 3, 4, 5, 6});
  writeHostArray(i32({2, 3}, {6, 5, 4, 3, 2, 1}), array);
  EXPECT_EQ(storage, (std::vector<int32_t>{6, 3, 5, 2, 4, 1}));
}

TEST_F(ShardedExecutableTest, CheckOutputsNamesTheMismatch) {
  const ShardedExecutable &exe = ok(identity("main"));
  Status s = exe.checkOutputs({{i32({3}, {1, 2, 3})}});
  EXPECT_EQ(s.code(), StatusCode::Internal);
  EXPECT_EQ(s.message(), "result 0 has type 3xi32, the signature says 2xi32");
  EXPECT_EQ(exe.checkOutputs({{}}).message(), "the runtime returned 0 results");
}

TEST_F(ShardedExecutableTest, ToolAndLibraryShareTheInputsModule) {
  // sdy-run runs inputs/mesh_all_reduce.mlir on this many devices
  // (sdy_run_test.cmake): only its mesh gives the count.
  auto buffer =
      llvm::MemoryBuffer::getFile(SDY_RUNTIME_INPUTS "/mesh_all_reduce.mlir");
  ASSERT_TRUE(bool(buffer));
  EXPECT_EQ(ok((*buffer)->getBuffer().str()).numDevices(), 4);
}

} // namespace
