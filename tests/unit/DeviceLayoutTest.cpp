//===- DeviceLayoutTest.cpp - devices, coordinates and shards -------------===//
//
// Where a device sits in a mesh and which slice of a sharded tensor it holds
// (ir/utils/DeviceLayout.h): device order with and without explicit ids,
// sub-axis coordinates, shard indices, and even and uneven slices.
//
//===----------------------------------------------------------------------===//

#include "ir/utils/DeviceLayout.h"
#include "UnitTestSupport.h"

using namespace mlir;
using namespace mlir::sdy;
using namespace mlir::sdy::unittest;

namespace {

using Coords = SmallVector<int64_t>;

class DeviceLayoutTest : public SdyTest {
protected:
  void SetUp() override {
    parse(R"mlir(
sdy.mesh @mesh = <["x"=2, "y"=4]>
sdy.mesh @permuted = <["a"=2, "b"=2], device_ids=[3, 1, 2, 0]>
sdy.mesh @line = <["z"=8]>
)mlir");
  }

  /// The slices of a tensor of `shape` held by devices 0..n-1 of `meshName`,
  /// as "[start, limit)" per dimension, one device per line.
  std::string slices(llvm::StringRef meshName, llvm::StringRef shardingText,
                     ArrayRef<int64_t> shape) {
    MeshAttr mesh = getMesh(meshName);
    TensorShardingAttr s = sharding(shardingText);
    std::string text;
    for (int64_t id = 0; id < mesh.getTotalSize(); ++id) {
      std::optional<DeviceSlice> slice = getDeviceSlice(s, mesh, shape, id);
      if (!slice)
        return "no slice for device " + std::to_string(id);
      for (auto [start, limit] : llvm::zip(slice->starts, slice->limits))
        text += "[" + std::to_string(start) + "," + std::to_string(limit) + ")";
      text += "\n";
    }
    return text;
  }
};

TEST_F(DeviceLayoutTest, RowMajorDeviceOrder) {
  MeshAttr mesh = getMesh();
  EXPECT_EQ(getMeshCoordinates(mesh, 6), Coords({1, 2}));
  EXPECT_EQ(getDeviceId(mesh, {1, 2}), 6);
  EXPECT_EQ(delinearizeMeshIndex(mesh, 3), Coords({0, 3}));
  EXPECT_EQ(getDeviceLinearIndex(mesh, 5), 5);
}

TEST_F(DeviceLayoutTest, ExplicitDeviceIds) {
  MeshAttr mesh = getMesh("permuted");
  // Device 3 is first in the list: coordinates (0, 0).
  EXPECT_EQ(getDeviceLinearIndex(mesh, 3), 0);
  EXPECT_EQ(getMeshCoordinates(mesh, 3), Coords({0, 0}));
  EXPECT_EQ(getMeshCoordinates(mesh, 2), Coords({1, 0}));
  EXPECT_EQ(getDeviceId(mesh, {0, 1}), 1);
}

TEST_F(DeviceLayoutTest, UnknownDevicesAndCoordinates) {
  MeshAttr mesh = getMesh();
  EXPECT_EQ(getMeshCoordinates(mesh, 8), std::nullopt);
  EXPECT_EQ(getMeshCoordinates(mesh, -1), std::nullopt);
  EXPECT_EQ(getDeviceLinearIndex(getMesh("permuted"), 4), std::nullopt);
  EXPECT_EQ(getDeviceId(mesh, {2, 0}), std::nullopt);
  EXPECT_EQ(getDeviceId(mesh, {0}), std::nullopt);
  EXPECT_EQ(getDeviceSlice(sharding(R"(@mesh, [{"x"}])"), mesh, {8}, 8),
            std::nullopt);
}

TEST_F(DeviceLayoutTest, SubAxisCoordinates) {
  MeshAttr mesh = getMesh("line");
  TensorShardingAttr s = sharding(R"(@line, [{"z":(2)2}])");
  AxisRefAttr middle = s.getDimShardings()[0].getAxes()[0];
  // "z":(2)2 of "z"=8: reshape 8 to [2, 2, 2] and take the middle index.
  SmallVector<int64_t> coordinates;
  for (int64_t z = 0; z < 8; ++z)
    coordinates.push_back(getAxisCoordinate(middle, mesh, {z}));
  EXPECT_EQ(coordinates, Coords({0, 0, 1, 1, 0, 0, 1, 1}));
}

TEST_F(DeviceLayoutTest, ShardIndices) {
  MeshAttr mesh = getMesh();
  // Dimension 0 by "y" then "x" ("y" major), dimension 1 unsharded.
  TensorShardingAttr s = sharding(R"(@mesh, [{"y", "x"}, {}])");
  EXPECT_EQ(s.getDimShardings()[0].getShardedSize(mesh), 8);
  EXPECT_EQ(s.getDimShardings()[1].getShardedSize(mesh), 1);
  // Device 6 is at (x=1, y=2): shard 2 * 2 + 1 along dimension 0.
  EXPECT_EQ(getShardIndices(s, mesh, 6), Coords({5, 0}));
  EXPECT_EQ(getShardIndices(s, mesh, 9), std::nullopt);
}

TEST_F(DeviceLayoutTest, EvenSlices) {
  EXPECT_EQ(slices("mesh", R"(@mesh, [{"x"}, {"y"}])", {4, 8}),
            "[0,2)[0,2)\n[0,2)[2,4)\n[0,2)[4,6)\n[0,2)[6,8)\n"
            "[2,4)[0,2)\n[2,4)[2,4)\n[2,4)[4,6)\n[2,4)[6,8)\n");
}

TEST_F(DeviceLayoutTest, UnevenSlices) {
  // 10 rows on 4 shards: ceil(10 / 4) = 3 rows each, the last shard short.
  EXPECT_EQ(slices("line", R"(@line, [{"z":(1)4}])", {10}),
            "[0,3)\n[0,3)\n[3,6)\n[3,6)\n[6,9)\n[6,9)\n[9,10)\n[9,10)\n");
  // 5 rows on 4 shards: 2 rows each, the last shard empty.
  EXPECT_EQ(slices("mesh", R"(@mesh, [{"y"}])", {5}),
            "[0,2)\n[2,4)\n[4,5)\n[5,5)\n[0,2)\n[2,4)\n[4,5)\n[5,5)\n");
  EXPECT_EQ(getShardBounds(0, 4, 3), (std::pair<int64_t, int64_t>(0, 0)));
  // Bounds are clamped rather than overflowing.
  EXPECT_EQ(getShardBounds(INT64_MAX, 2, 1).second, INT64_MAX);
}

} // namespace
