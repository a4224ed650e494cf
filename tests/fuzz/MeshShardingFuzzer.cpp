//===- MeshShardingFuzzer.cpp - fuzz mesh and sharding text ---------------===//
//
// Input: `MESH\nSHARDING` (a mesh for sdy_mesh_parse, then a sharding for
// sdy_sharding_parse over that mesh), or a single line parsed both as a mesh
// and as a sharding with an inlined mesh. Whatever parses must print to text
// that parses to an equal value, and answer every query of mesh.h and
// sharding.h consistently.
//
//===----------------------------------------------------------------------===//
#include "FuzzSupport.h"

#include <string>
#include <vector>

using namespace sdy::fuzz;

namespace {

// Larger meshes are parsed and printed but not enumerated device by device.
constexpr int64_t kMaxDevices = 4096;

std::string printMesh(const sdy_mesh_t *mesh) {
  char *text = nullptr;
  mustSucceed(sdy_mesh_print(mesh, &text), "sdy_mesh_print");
  return takeString(text);
}

std::string printSharding(const sdy_sharding_t *sharding) {
  char *text = nullptr;
  mustSucceed(sdy_sharding_print(sharding, &text), "sdy_sharding_print");
  return takeString(text);
}

void checkMesh(const sdy_mesh_t *mesh) {
  std::string printed = printMesh(mesh);
  sdy_mesh_t *again = nullptr;
  mustSucceed(sdy_mesh_parse(context(), printed.c_str(), &again),
              "reparse of a printed mesh");
  int32_t equal = 0;
  mustSucceed(sdy_mesh_equal(mesh, again, &equal), "sdy_mesh_equal");
  fuzzCheck(equal == 1, "printed mesh reparses to another mesh", printed);
  sdy_mesh_destroy(again);

  size_t numAxes = 0;
  mustSucceed(sdy_mesh_num_axes(mesh, &numAxes), "sdy_mesh_num_axes");
  for (size_t i = 0; i < numAxes; ++i) {
    const char *name = nullptr;
    int64_t size = 0;
    mustSucceed(sdy_mesh_axis(mesh, i, &name, &size), "sdy_mesh_axis");
    fuzzCheck(name && *name && size >= 1, "bad axis", printed);
  }
  int64_t numDevices = 0;
  mustSucceed(sdy_mesh_num_devices(mesh, &numDevices), "sdy_mesh_num_devices");
  fuzzCheck(numDevices >= 1, "mesh without devices", printed);
  int32_t explicitIds = 0;
  mustSucceed(sdy_mesh_has_explicit_device_ids(mesh, &explicitIds),
              "has_explicit_device_ids");
  if (numDevices > kMaxDevices)
    return;
  std::vector<int64_t> ids(numDevices);
  mustSucceed(sdy_mesh_device_ids(mesh, ids.data(), ids.size()),
              "sdy_mesh_device_ids");
  std::vector<int64_t> coords(numAxes + 1);
  for (int64_t id : ids) {
    mustSucceed(sdy_mesh_device_coordinates(mesh, id, coords.data(), numAxes),
                "sdy_mesh_device_coordinates");
    int64_t back = -1;
    mustSucceed(sdy_mesh_device_at(mesh, coords.data(), numAxes, &back),
                "sdy_mesh_device_at");
    fuzzCheck(back == id, "device_at(device_coordinates(id)) != id", printed);
  }
  // Ids outside the mesh are errors, not crashes.
  consume(sdy_mesh_device_coordinates(mesh, numDevices, coords.data(), numAxes),
          "device_coordinates(out of range)");
  consume(sdy_mesh_device_coordinates(mesh, -1, coords.data(), numAxes),
          "device_coordinates(-1)");
}

void checkSharding(const sdy_sharding_t *sharding, const sdy_mesh_t *mesh,
                   uint64_t seed) {
  std::string printed = printSharding(sharding);
  sdy_sharding_t *again = nullptr;
  mustSucceed(sdy_sharding_parse(context(), printed.c_str(), mesh, &again),
              "reparse of a printed sharding");
  int32_t equal = 0;
  mustSucceed(sdy_sharding_equal(sharding, again, &equal),
              "sdy_sharding_equal");
  fuzzCheck(equal == 1, "printed sharding reparses to another sharding",
            printed);
  sdy_sharding_destroy(again);

  sdy_mesh_t *own = nullptr;
  mustSucceed(sdy_sharding_get_mesh(sharding, &own), "sharding_get_mesh");
  char *meshName = nullptr;
  mustSucceed(sdy_sharding_mesh_name(sharding, &meshName), "mesh_name");
  sdy_string_destroy(meshName);

  size_t rank = 0;
  mustSucceed(sdy_sharding_rank(sharding, &rank), "sdy_sharding_rank");
  for (size_t d = 0; d < rank; ++d) {
    size_t numAxes = 0;
    int32_t closed = 0;
    int64_t priority = 0;
    mustSucceed(sdy_sharding_dim(sharding, d, &numAxes, &closed, &priority),
                "sdy_sharding_dim");
    for (size_t a = 0; a < numAxes; ++a) {
      sdy_axis_ref_t axis;
      mustSucceed(sdy_sharding_dim_axis(sharding, d, a, &axis),
                  "sdy_sharding_dim_axis");
    }
  }
  size_t numReplicated = 0;
  mustSucceed(sdy_sharding_num_replicated(sharding, &numReplicated),
              "num_replicated");
  for (size_t r = 0; r < numReplicated; ++r) {
    sdy_axis_ref_t axis;
    mustSucceed(sdy_sharding_replicated_axis(sharding, r, &axis),
                "replicated_axis");
  }

  // A shape from the input: sizes 0..15, or one huge size.
  std::vector<int64_t> shape(rank + 1);
  for (size_t d = 0; d < rank; ++d)
    shape[d] = (seed >> (4 * (d % 16))) & 15;
  if (rank && (seed & 1))
    shape[0] = INT64_MAX - static_cast<int64_t>(seed % 7);
  if (consume(sdy_sharding_validate(sharding, shape.data(), rank),
              "sdy_sharding_validate")) {
    std::vector<int64_t> local(rank + 1), starts(rank + 1), limits(rank + 1);
    mustSucceed(sdy_sharding_local_shape(sharding, shape.data(), rank,
                                         local.data(), rank),
                "sdy_sharding_local_shape");
    int64_t numDevices = 0;
    mustSucceed(sdy_mesh_num_devices(own, &numDevices), "num_devices");
    if (numDevices <= kMaxDevices) {
      std::vector<int64_t> ids(numDevices);
      mustSucceed(sdy_mesh_device_ids(own, ids.data(), ids.size()),
                  "device_ids");
      for (int64_t id : ids) {
        mustSucceed(sdy_sharding_device_slice(sharding, shape.data(), rank, id,
                                              starts.data(), limits.data(),
                                              rank),
                    "sdy_sharding_device_slice");
        for (size_t d = 0; d < rank; ++d)
          fuzzCheck(
              0 <= starts[d] && starts[d] <= limits[d] &&
                  limits[d] <= shape[d] && limits[d] - starts[d] <= local[d],
              "device slice outside the tensor or the local shape", printed);
      }
    }
  }
  sdy_mesh_destroy(own);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text = asText(data, size);
  uint64_t seed = hash(data, size);
  size_t newline = text.find('\n');
  std::string meshText = text.substr(0, newline);
  sdy_mesh_t *mesh = nullptr;
  if (consume(sdy_mesh_parse(context(), meshText.c_str(), &mesh),
              "sdy_mesh_parse"))
    checkMesh(mesh);
  // One line: a sharding with an inlined mesh; two: a sharding over `mesh`.
  std::string shardingText =
      newline == std::string::npos ? text : text.substr(newline + 1);
  const sdy_mesh_t *over = newline == std::string::npos ? nullptr : mesh;
  sdy_sharding_t *sharding = nullptr;
  if (consume(
          sdy_sharding_parse(context(), shardingText.c_str(), over, &sharding),
          "sdy_sharding_parse")) {
    checkSharding(sharding, over, seed);
    sdy_sharding_destroy(sharding);
  }
  sdy_mesh_destroy(mesh);
  return 0;
}
