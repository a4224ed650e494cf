//===- SdyDialect.cpp - the sdy dialect -----------------------------------===//

#include "ir/sdy/SdyDialect.h"

#include "ir/sdy/ShardingUtils.h"
#include "ir/sdy/ShardingVerifier.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::sdy;

#include "ir/sdy/SdyDialect.cpp.inc"
#include "ir/sdy/SdyEnums.cpp.inc"

// The generated attribute parser/printer are unused: attributes are
// dispatched by hand below (stripped forms, `<>` wrapping).
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "ir/sdy/SdyAttrs.cpp.inc"
#pragma clang diagnostic pop

void SdyDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "ir/sdy/SdyAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "ir/sdy/SdyOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Standalone attribute syntax, as Shardy prints it: attributes whose stripped
// form starts with `<` are `#sdy.<mnemonic><...>`; the others are
// `#sdy<mnemonic stripped-form>`, e.g. `#sdy<axis_ref_list{"a"}>`. The older
// `#sdy.axis_ref_list<{"a"}>` form is still accepted.
//===----------------------------------------------------------------------===//

Attribute SdyDialect::parseAttribute(DialectAsmParser &parser,
                                     Type type) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  if (parser.parseKeyword(&mnemonic))
    return {};
  using ParseFn = Attribute (*)(AsmParser &, Type);
  auto [parseFn, selfDelimited] =
      llvm::StringSwitch<std::pair<ParseFn, bool>>(mnemonic)
          .Case("mesh", {&MeshAttr::parse, true})
          .Case("sharding", {&TensorShardingAttr::parse, true})
          .Case("sharding_per_value",
                {&TensorShardingPerValueAttr::parse, true})
          .Case("op_sharding_rule", {&OpShardingRuleAttr::parse, true})
          .Case("mesh_axis", {&MeshAxisAttr::parse, false})
          .Case("sub_axis_info", {&SubAxisInfoAttr::parse, false})
          .Case("axis_ref", {&AxisRefAttr::parse, false})
          .Case("axis_ref_list", {&AxisRefListAttr::parse, false})
          .Case("list_of_axis_ref_lists",
                {&ListOfAxisRefListsAttr::parse, false})
          .Case("manual_axes", {&ManualAxesAttr::parse, false})
          .Case("dimension_sharding", {&DimensionShardingAttr::parse, false})
          .Case("dim_mapping", {&DimMappingAttr::parse, false})
          .Case("tensor_mapping", {&TensorMappingAttr::parse, false})
          .Case("all_to_all_param", {&AllToAllParamAttr::parse, false})
          .Case("all_to_all_param_list", {&AlltoAllParamListAttr::parse, false})
          .Case("propagation_edges", {&PropagationEdgesAttr::parse, true})
          .Case("propagation_one_step", {&PropagationOneStepAttr::parse, false})
          .Case("axis_to_propagation_details",
                {&AxisToPropagationDetailsAttr::parse, false})
          .Case("edge_value_ref", {&EdgeValueRefAttr::parse, false})
          .Default({nullptr, false});
  if (!parseFn) {
    parser.emitError(loc) << "unknown sdy attribute '" << mnemonic << "'";
    return {};
  }
  if (selfDelimited || failed(parser.parseOptionalLess()))
    return parseFn(parser, type);
  Attribute attr = parseFn(parser, type);
  if (!attr || parser.parseGreater())
    return {};
  return attr;
}

void SdyDialect::printAttribute(Attribute attr,
                                DialectAsmPrinter &printer) const {
  StringRef mnemonic =
      llvm::TypeSwitch<Attribute, StringRef>(attr)
          .Case([](MeshAttr) { return "mesh"; })
          .Case([](TensorShardingAttr) { return "sharding"; })
          .Case([](TensorShardingPerValueAttr) { return "sharding_per_value"; })
          .Case([](OpShardingRuleAttr) { return "op_sharding_rule"; })
          .Case([](MeshAxisAttr) { return "mesh_axis"; })
          .Case([](SubAxisInfoAttr) { return "sub_axis_info"; })
          .Case([](AxisRefAttr) { return "axis_ref"; })
          .Case([](AxisRefListAttr) { return "axis_ref_list"; })
          .Case([](ListOfAxisRefListsAttr) { return "list_of_axis_ref_lists"; })
          .Case([](ManualAxesAttr) { return "manual_axes"; })
          .Case([](DimensionShardingAttr) { return "dimension_sharding"; })
          .Case([](DimMappingAttr) { return "dim_mapping"; })
          .Case([](TensorMappingAttr) { return "tensor_mapping"; })
          .Case([](AllToAllParamAttr) { return "all_to_all_param"; })
          .Case([](AlltoAllParamListAttr) { return "all_to_all_param_list"; })
          .Case([](PropagationEdgesAttr) { return "propagation_edges"; })
          .Case([](PropagationOneStepAttr) { return "propagation_one_step"; })
          .Case([](AxisToPropagationDetailsAttr) {
            return "axis_to_propagation_details";
          })
          .Case([](EdgeValueRefAttr) { return "edge_value_ref"; })
          .Default([](Attribute) { return "unknown"; });
  printer << mnemonic;
  // Without a space `dim_mappingi` would read back as one unknown mnemonic.
  if (isa<DimMappingAttr>(attr))
    printer << " ";
  llvm::TypeSwitch<Attribute>(attr)
      .Case<MeshAttr, TensorShardingAttr, TensorShardingPerValueAttr,
            OpShardingRuleAttr, MeshAxisAttr, SubAxisInfoAttr, AxisRefAttr,
            AxisRefListAttr, ListOfAxisRefListsAttr, ManualAxesAttr,
            DimensionShardingAttr, DimMappingAttr, TensorMappingAttr,
            AllToAllParamAttr, AlltoAllParamListAttr, PropagationEdgesAttr,
            PropagationOneStepAttr, AxisToPropagationDetailsAttr,
            EdgeValueRefAttr>([&](auto typed) { typed.print(printer); });
}

//===----------------------------------------------------------------------===//
// Discardable attributes: `sdy.sharding` and `sdy.sharding_rule`.
//===----------------------------------------------------------------------===//

namespace {
/// Shardy's checks of an op's `sdy.propagation_edges`: the op has a sharding,
/// every value ref names one of its operands or results, every axis is one
/// of its meshes'.
LogicalResult verifyPropagationEdges(Operation *op, Attribute value) {
  auto edges = dyn_cast<PropagationEdgesAttr>(value);
  if (!edges)
    return op->emitOpError() << "attribute 'sdy.propagation_edges' must be a "
                                "#sdy.propagation_edges, got "
                             << value;
  SmallVector<MeshAttr> meshes;
  for (Value result : op->getResults())
    if (TensorShardingAttr sharding = getSharding(result))
      if (MeshAttr mesh = lookupMesh(op, sharding.getMeshOrRef()))
        meshes.push_back(mesh);
  if (meshes.empty())
    return op->emitOpError(
        "expected propagation edges attr to reference a sharding.");
  auto checkRef = [&](EdgeValueRefAttr ref) -> LogicalResult {
    int64_t count =
        ref.getIsResult() ? op->getNumResults() : op->getNumOperands();
    if (ref.getIndex() >= 0 && ref.getIndex() < count)
      return success();
    return op->emitOpError("expected a value ref to have ")
           << (ref.getIsResult() ? "a result" : "an operand")
           << " index in range [0, " << count << "), got: " << ref.getIndex();
  };
  for (PropagationOneStepAttr step : edges.getValue())
    for (AxisToPropagationDetailsAttr entry : step.getAxisEntries()) {
      StringRef name = entry.getAxisName().getName();
      if (llvm::none_of(meshes,
                        [&](MeshAttr mesh) { return mesh.hasAxis(name); }))
        return op->emitOpError("expected axis ref to be in one of the meshes");
      if (failed(checkRef(entry.getSource())))
        return failure();
      for (EdgeValueRefAttr target : entry.getTargets())
        if (failed(checkRef(target)))
          return failure();
    }
  return success();
}
} // namespace

LogicalResult SdyDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == "sdy.propagation_edges")
    return verifyPropagationEdges(op, attr.getValue());
  if (attr.getName() == kShardingAttr) {
    auto perValue = dyn_cast<TensorShardingPerValueAttr>(attr.getValue());
    if (!perValue)
      return op->emitOpError() << "attribute '" << kShardingAttr
                               << "' must be a #sdy.sharding_per_value (one "
                                  "sharding per result), "
                                  "got "
                               << attr.getValue();
    return verifyShardingPerValue(perValue, op->getResultTypes(), op, "result");
  }
  if (attr.getName() == kShardingRuleAttr) {
    auto rule = dyn_cast<OpShardingRuleAttr>(attr.getValue());
    if (!rule)
      return op->emitOpError()
             << "attribute '" << kShardingRuleAttr
             << "' must be a #sdy.op_sharding_rule, got " << attr.getValue();
    return verifyShardingRuleForOp(rule, op);
  }
  return success();
}

namespace {
LogicalResult verifyFunctionValueAttribute(Operation *op, unsigned index,
                                           Type type, NamedAttribute attr,
                                           StringRef kind) {
  if (attr.getName() != SdyDialect::kShardingAttr)
    return success();
  auto sharding = dyn_cast<TensorShardingAttr>(attr.getValue());
  if (!sharding)
    return op->emitOpError()
           << "attribute '" << SdyDialect::kShardingAttr << "' of " << kind
           << " " << index << " must be a #sdy.sharding, got "
           << attr.getValue();
  return verifyTensorSharding(sharding, type, op, [&] {
    return op->emitOpError() << "sharding of " << kind << " " << index << ": ";
  });
}
} // namespace

LogicalResult SdyDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned regionIndex,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  // Declarations have no body: take the type from the function type.
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    if (argIndex >= func.getArgumentTypes().size())
      return success();
    return verifyFunctionValueAttribute(
        op, argIndex, func.getArgumentTypes()[argIndex], attr, "argument");
  }
  Region &region = op->getRegion(regionIndex);
  if (region.empty() || argIndex >= region.getNumArguments())
    return success();
  return verifyFunctionValueAttribute(
      op, argIndex, region.getArgument(argIndex).getType(), attr, "argument");
}

LogicalResult SdyDialect::verifyRegionResultAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || resultIndex >= func.getResultTypes().size())
    return success();
  return verifyFunctionValueAttribute(
      op, resultIndex, func.getResultTypes()[resultIndex], attr, "result");
}
