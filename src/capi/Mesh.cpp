//===- Mesh.cpp - sdy_mesh_t ----------------------------------------------===//

#include "Internal.h"

#include "ir/utils/DeviceLayout.h"
#include "mlir/AsmParser/AsmParser.h"
#include "llvm/ADT/STLExtras.h"

using namespace sdycapi;
using namespace mlir;
using namespace mlir::sdy;

sdy_mesh_t *sdycapi::newMesh(const ContextRef &ctx, MeshAttr attr) {
  auto *mesh = new sdy_mesh;
  mesh->ctx = ctx;
  mesh->attr = attr;
  for (MeshAxisAttr axis : attr.getAxes())
    mesh->axisNames.push_back(axis.getName().str());
  return mesh;
}

std::string sdycapi::withPrefix(const char *text, llvm::StringRef prefix,
                                int *added) {
  llvm::StringRef view(text);
  llvm::StringRef trimmed = view.ltrim();
  int removed = static_cast<int>(view.size() - trimmed.size());
  if (trimmed.starts_with("<")) {
    if (added)
      *added = static_cast<int>(prefix.size()) - removed;
    return prefix.str() + trimmed.str();
  }
  if (added)
    *added = 0;
  return view.str();
}

namespace {
/// An opened bracket or string of mesh/sharding text, for messages.
struct Opened {
  char close;
  unsigned line, column;
  std::string what;
  int children = 0; // `{` lists opened directly inside (dimension index)
};

/// What the bracket `open` at `pos` of `text` opens, given its parent.
std::string describe(llvm::StringRef text, size_t pos, char open,
                     const Opened *parent, llvm::StringRef kind) {
  llvm::StringRef before = text.take_front(pos).rtrim();
  switch (open) {
  case '<':
    if (!parent)
      return "the " + kind.str();
    return before.ends_with("mesh") ? "the inlined mesh" : "the '<'";
  case '[':
    if (before.ends_with("device_ids=") || before.ends_with("device_ids ="))
      return "the device ids";
    if (parent && llvm::StringRef(parent->what).ends_with("mesh"))
      return "the mesh axes";
    if (parent && parent->what == "the sharding")
      return "the dimension shardings";
    return "the list";
  case '{':
    if (before.ends_with("replicated=") || before.ends_with("replicated ="))
      return "the replicated axes";
    if (parent && parent->what == "the dimension shardings")
      return "the axes of dimension " + std::to_string(parent->children);
    return "the '{'";
  case '(':
    return "the sub-axis";
  }
  return "the bracket";
}

/// Coordinates name one index per mesh axis.
sdy_status_t *checkNumCoords(const char *fn, const sdy_mesh_t *mesh,
                             size_t numCoords) {
  size_t rank = mesh->attr.getAxes().size();
  if (numCoords == rank)
    return nullptr;
  return invalidArgument(fn, "num_coords is " + std::to_string(numCoords) +
                                 " but the mesh has " + std::to_string(rank) +
                                 " axes");
}
} // namespace

std::string sdycapi::checkBrackets(llvm::StringRef text, llvm::StringRef kind,
                                   llvm::StringRef displayName) {
  std::vector<Opened> stack;
  unsigned line = 1, column = 1;
  auto where = [&](unsigned l, unsigned c) {
    return displayName.str() + ":" + std::to_string(l) + ":" +
           std::to_string(c) + ": error: ";
  };
  auto opened = [](const Opened &o) {
    return o.what + " opened at " +
           (o.line > 1 ? "line " + std::to_string(o.line) + ", " : "") +
           "column " + std::to_string(o.column);
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      Opened str{'"', line, column, "the string"};
      for (++i, ++column; i < text.size() && text[i] != '"'; ++i, ++column) {
        if (text[i] == '\\' && i + 1 < text.size()) {
          ++i;
          ++column;
        }
        if (text[i] == '\n')
          return where(line, column) +
                 "unexpected end of line: expected '\"' to close " +
                 opened(str);
      }
      if (i == text.size())
        return where(line, column) +
               "unexpected end of text: expected '\"' to close " + opened(str);
      ++column;
      continue;
    }
    if (c == '<' || c == '[' || c == '{' || c == '(') {
      const Opened *parent = stack.empty() ? nullptr : &stack.back();
      std::string what = describe(text, i, c, parent, kind);
      if (c == '{' && !stack.empty())
        ++stack.back().children;
      char close = c == '<' ? '>' : c == '[' ? ']' : c == '{' ? '}' : ')';
      stack.push_back({close, line, column, what});
    } else if (c == '>' || c == ']' || c == '}' || c == ')') {
      if (stack.empty())
        break; // an extra closer: the parser reports it
      if (stack.back().close != c)
        return where(line, column) + "expected '" +
               std::string(1, stack.back().close) + "' to close " +
               opened(stack.back()) + ", got '" + std::string(1, c) + "'";
      stack.pop_back();
    }
    if (c == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  if (stack.empty())
    return "";
  return where(line, column) + "unexpected end of text: expected '" +
         std::string(1, stack.back().close) + "' to close " +
         opened(stack.back());
}

extern "C" {

sdy_status_t *sdy_mesh_create(sdy_context_t *context,
                              const char *const *axis_names,
                              const int64_t *axis_sizes, size_t num_axes,
                              const int64_t *device_ids, size_t num_device_ids,
                              sdy_mesh_t **out_mesh) {
  static constexpr const char *fn = "sdy_mesh_create";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .array(axis_names, num_axes, "axis_names")
                              .array(axis_sizes, num_axes, "axis_sizes")
                              .array(device_ids, num_device_ids, "device_ids")
                              .out(out_mesh, "out_mesh")
                              .strings(axis_names, num_axes, "axis_names"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    MLIRContext *mlirCtx = &ctx->context;
    SmallVector<MeshAxisAttr> axes;
    for (size_t i = 0; i < num_axes; ++i)
      axes.push_back(MeshAxisAttr::get(mlirCtx, axis_names[i], axis_sizes[i]));
    SmallVector<int64_t> ids(device_ids, device_ids + num_device_ids);
    // An explicit iota is the default order: drop it.
    if (!axes.empty() && !ids.empty()) {
      bool iota = true;
      for (auto [index, id] : llvm::enumerate(ids))
        iota &= id == static_cast<int64_t>(index);
      if (iota) {
        int64_t total = 1;
        for (size_t i = 0; i < num_axes; ++i)
          total = axis_sizes[i] > 0 && total < (int64_t(1) << 40)
                      ? total * axis_sizes[i]
                      : total;
        if (total == static_cast<int64_t>(ids.size()))
          ids.clear();
      }
    }
    DiagnosticCapture diags(mlirCtx);
    if (failed(MeshAttr::verify([&] { return emitUnknownLocError(mlirCtx); },
                                axes, ids)))
      return makeStatus(SDY_VERIFICATION_ERROR,
                        std::string(fn) + ": " + diags.take("invalid mesh"));
    MeshAttr attr = MeshAttr::get(mlirCtx, axes, ids);
    *out_mesh = newMesh(ctx, attr);
    return nullptr;
  });
}

sdy_status_t *sdy_mesh_parse(sdy_context_t *context, const char *text,
                             sdy_mesh_t **out_mesh) {
  static constexpr const char *fn = "sdy_mesh_parse";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(context, "context")
                              .string(text, "text")
                              .out(out_mesh, "out_mesh"))
      return s;
    ContextRef ctx = context->impl;
    std::lock_guard<std::recursive_mutex> lock(ctx->mutex);
    MLIRContext *mlirCtx = &ctx->context;
    std::string unbalanced = checkBrackets(text, "mesh", "<mesh>");
    if (!unbalanced.empty())
      return makeStatus(SDY_PARSE_ERROR, std::string(fn) + ": " + unbalanced);
    DiagnosticCapture diags(mlirCtx);
    VerifierErrorWatch watch(mlirCtx);
    Attribute attr =
        parseAttributeText(mlirCtx, text, "#sdy.mesh", "<mesh>", diags);
    if (!attr) {
      return makeStatus(watch.parseFailureCode(),
                        std::string(fn) + ": " +
                            diags.take("invalid mesh syntax"));
    }
    auto mesh = dyn_cast<MeshAttr>(attr);
    if (!mesh)
      return makeStatus(SDY_PARSE_ERROR, std::string(fn) +
                                             ": expected a mesh, got " +
                                             printAttribute(attr));
    *out_mesh = newMesh(ctx, mesh);
    return nullptr;
  });
}

void sdy_mesh_destroy(sdy_mesh_t *mesh) { destroyHandle(mesh); }

sdy_status_t *sdy_mesh_print(const sdy_mesh_t *mesh, char **out_text) {
  return query("sdy_mesh_print", mesh, "mesh", out_text, "out_text",
               [](const sdy_mesh &mesh) {
                 std::lock_guard<std::recursive_mutex> lock(mesh.ctx->mutex);
                 std::string text = printAttribute(mesh.attr);
                 llvm::StringRef view(text);
                 view.consume_front("#sdy.mesh");
                 return copyString(view);
               });
}

sdy_status_t *sdy_mesh_num_axes(const sdy_mesh_t *mesh, size_t *out_num_axes) {
  return query("sdy_mesh_num_axes", mesh, "mesh", out_num_axes, "out_num_axes",
               [](const sdy_mesh &mesh) { return mesh.axisNames.size(); });
}

sdy_status_t *sdy_mesh_axis(const sdy_mesh_t *mesh, size_t index,
                            const char **out_name, int64_t *out_size) {
  static constexpr const char *fn = "sdy_mesh_axis";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s =
            ArgCheck(fn)
                .handle(mesh, "mesh")
                .anyOut(out_name, "out_name", out_size, "out_size"))
      return s;
    if (index >= mesh->axisNames.size())
      return invalidArgument(fn, "axis index " + std::to_string(index) +
                                     " is out of range: the mesh has " +
                                     std::to_string(mesh->axisNames.size()) +
                                     " axes");
    if (out_name)
      *out_name = mesh->axisNames[index].c_str();
    if (out_size)
      *out_size = mesh->attr.getAxes()[index].getSize();
    return nullptr;
  });
}

sdy_status_t *sdy_mesh_num_devices(const sdy_mesh_t *mesh,
                                   int64_t *out_num_devices) {
  return query("sdy_mesh_num_devices", mesh, "mesh", out_num_devices,
               "out_num_devices",
               [](const sdy_mesh &mesh) { return mesh.attr.getTotalSize(); });
}

sdy_status_t *sdy_mesh_device_ids(const sdy_mesh_t *mesh,
                                  int64_t *out_device_ids, size_t capacity) {
  static constexpr const char *fn = "sdy_mesh_device_ids";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(mesh, "mesh")
                              .out(out_device_ids, "out_device_ids"))
      return s;
    int64_t total = mesh->attr.getTotalSize();
    if (sdy_status_t *s = ArgCheck(fn).capacity(capacity, total, [&] {
          return "the number of devices (" + std::to_string(total) + ")";
        }))
      return s;
    for (int64_t i = 0; i < total; ++i)
      out_device_ids[i] = mesh->attr.getDeviceId(i);
    return nullptr;
  });
}

sdy_status_t *sdy_mesh_has_explicit_device_ids(const sdy_mesh_t *mesh,
                                               int32_t *out_has_ids) {
  return query("sdy_mesh_has_explicit_device_ids", mesh, "mesh", out_has_ids,
               "out_has_ids", [](const sdy_mesh &mesh) {
                 return mesh.attr.getDeviceIds().empty() ? 0 : 1;
               });
}

sdy_status_t *sdy_mesh_device_coordinates(const sdy_mesh_t *mesh,
                                          int64_t device_id,
                                          int64_t *out_coords,
                                          size_t num_coords) {
  static constexpr const char *fn = "sdy_mesh_device_coordinates";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(mesh, "mesh")
                              .array(out_coords, num_coords, "out_coords"))
      return s;
    if (sdy_status_t *s = checkNumCoords(fn, mesh, num_coords))
      return s;
    std::optional<SmallVector<int64_t>> coords =
        getMeshCoordinates(mesh->attr, device_id);
    if (!coords)
      return invalidArgument(fn, "device " + std::to_string(device_id) +
                                     " is not in the mesh");
    llvm::copy(*coords, out_coords);
    return nullptr;
  });
}

sdy_status_t *sdy_mesh_device_at(const sdy_mesh_t *mesh, const int64_t *coords,
                                 size_t num_coords, int64_t *out_device_id) {
  static constexpr const char *fn = "sdy_mesh_device_at";
  return guarded(fn, [&]() -> sdy_status_t * {
    if (sdy_status_t *s = ArgCheck(fn)
                              .handle(mesh, "mesh")
                              .array(coords, num_coords, "coords")
                              .out(out_device_id, "out_device_id"))
      return s;
    if (sdy_status_t *s = checkNumCoords(fn, mesh, num_coords))
      return s;
    ArrayRef<MeshAxisAttr> axes = mesh->attr.getAxes();
    for (size_t i = 0; i < axes.size(); ++i)
      if (coords[i] < 0 || coords[i] >= axes[i].getSize())
        return invalidArgument(fn, "coordinate " + std::to_string(coords[i]) +
                                       " of axis \"" + mesh->axisNames[i] +
                                       "\" is out of range [0, " +
                                       std::to_string(axes[i].getSize()) + ")");
    std::optional<int64_t> id =
        getDeviceId(mesh->attr, ArrayRef<int64_t>(coords, num_coords));
    if (!id)
      return makeStatus(SDY_INTERNAL,
                        std::string(fn) + ": no device at the coordinates");
    *out_device_id = *id;
    return nullptr;
  });
}

sdy_status_t *sdy_mesh_equal(const sdy_mesh_t *a, const sdy_mesh_t *b,
                             int32_t *out_equal) {
  return equalHandles(
      "sdy_mesh_equal", a, b, out_equal,
      [](const sdy_mesh &a, const sdy_mesh &b) { return a.attr == b.attr; },
      [](const sdy_mesh &mesh) { return printAttribute(mesh.attr); });
}

} // extern "C"
