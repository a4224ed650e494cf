//===- StablehloAttrs.cpp - StableHLO attributes --------------------------===//
//
// Custom syntax of the struct-like attributes: `<name = value, ...>` where
// fields may come in any order and empty dimension lists are left out when
// printed, as upstream does.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <array>

using namespace mlir;
using namespace mlir::stablehlo;

namespace {
// One `name = value` field of a struct-like attribute.
struct Field {
  StringRef name;
  SmallVector<int64_t> *dims = nullptr; // A `[1, 2]` list, or
  int64_t *value = nullptr;             // an integer.
  bool required = false;
  bool seen = false;
};

ParseResult parseStruct(AsmParser &parser, MutableArrayRef<Field> fields) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    Field *field =
        llvm::find_if(fields, [&](Field &f) { return f.name == name; });
    if (field == fields.end()) {
      return parser.emitError(loc)
             << "unknown field '" << name << "', expected one of: "
             << llvm::join(
                    llvm::map_range(fields, [](Field &f) { return f.name; }),
                    ", ");
    }
    if (field->seen)
      return parser.emitError(loc) << "duplicate field '" << name << "'";
    field->seen = true;
    if (parser.parseEqual())
      return failure();
    if (field->dims) {
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
            return parser.parseInteger(field->dims->emplace_back());
          }))
        return failure();
    } else if (parser.parseInteger(*field->value)) {
      return failure();
    }
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return failure();
  for (Field &field : fields)
    if (field.required && !field.seen)
      return parser.emitError(parser.getCurrentLocation())
             << "missing required field '" << field.name << "'";
  return success();
}

// A field to print: a dimension list (left out when empty unless `always`)
// or an integer.
struct PrintField {
  StringRef name;
  std::optional<ArrayRef<int64_t>> dims;
  int64_t value = 0;
  bool always = false;
};

void printStruct(AsmPrinter &p, ArrayRef<PrintField> fields) {
  p << '<';
  bool first = true;
  for (const PrintField &field : fields) {
    if (field.dims && field.dims->empty() && !field.always)
      continue;
    if (!first)
      p << ", ";
    first = false;
    p << field.name << " = ";
    if (field.dims) {
      p << '[';
      llvm::interleaveComma(*field.dims, p);
      p << ']';
    } else {
      p << field.value;
    }
  }
  p << '>';
}

PrintField dimsField(StringRef name, ArrayRef<int64_t> dims,
                     bool always = false) {
  return PrintField{name, dims, 0, always};
}
PrintField intField(StringRef name, int64_t value) {
  return PrintField{name, std::nullopt, value, true};
}
} // namespace

//===----------------------------------------------------------------------===//
// DotDimensionNumbersAttr
//===----------------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  Field fields[] = {{"lhs_batching_dimensions", &lhsBatch},
                    {"rhs_batching_dimensions", &rhsBatch},
                    {"lhs_contracting_dimensions", &lhsContract},
                    {"rhs_contracting_dimensions", &rhsContract}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), lhsBatch, rhsBatch, lhsContract, rhsContract);
}

void DotDimensionNumbersAttr::print(AsmPrinter &p) const {
  printStruct(
      p,
      {dimsField("lhs_batching_dimensions", getLhsBatchingDimensions()),
       dimsField("rhs_batching_dimensions", getRhsBatchingDimensions()),
       dimsField("lhs_contracting_dimensions", getLhsContractingDimensions()),
       dimsField("rhs_contracting_dimensions", getRhsContractingDimensions())});
}

//===----------------------------------------------------------------------===//
// GatherDimensionNumbersAttr and ScatterDimensionNumbersAttr
//===----------------------------------------------------------------------===//

namespace {
// Gather and scatter dimension numbers alike: five dimension lists, then an
// index_vector_dim that upstream leaves out when it is 0.
const StringRef kGatherDims[] = {
    "offset_dims", "collapsed_slice_dims", "operand_batching_dims",
    "start_indices_batching_dims", "start_index_map"};
const StringRef kScatterDims[] = {
    "update_window_dims", "inserted_window_dims", "input_batching_dims",
    "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"};

template <typename AttrT>
Attribute parseIndexingFields(AsmParser &parser, ArrayRef<StringRef> names) {
  std::array<SmallVector<int64_t>, 5> lists;
  int64_t indexVectorDim = 0;
  SmallVector<Field, 6> fields;
  for (auto [name, list] : llvm::zip_equal(names, lists))
    fields.push_back({name, &list});
  fields.push_back({"index_vector_dim", nullptr, &indexVectorDim});
  if (parseStruct(parser, fields))
    return {};
  return AttrT::get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
                    lists[4], indexVectorDim);
}

void printIndexingFields(AsmPrinter &p, ArrayRef<StringRef> names,
                         ArrayRef<ArrayRef<int64_t>> dims,
                         int64_t indexVectorDim) {
  SmallVector<PrintField, 6> fields;
  for (auto [name, list] : llvm::zip_equal(names, dims))
    fields.push_back(dimsField(name, list));
  if (indexVectorDim != 0)
    fields.push_back(intField("index_vector_dim", indexVectorDim));
  printStruct(p, fields);
}
} // namespace

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  return parseIndexingFields<GatherDimensionNumbersAttr>(parser, kGatherDims);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &p) const {
  printIndexingFields(p, kGatherDims,
                      {getOffsetDims(), getCollapsedSliceDims(),
                       getOperandBatchingDims(), getStartIndicesBatchingDims(),
                       getStartIndexMap()},
                      getIndexVectorDim());
}

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  return parseIndexingFields<ScatterDimensionNumbersAttr>(parser, kScatterDims);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &p) const {
  printIndexingFields(p, kScatterDims,
                      {getUpdateWindowDims(), getInsertedWindowDims(),
                       getInputBatchingDims(), getScatterIndicesBatchingDims(),
                       getScatterDimsToOperandDims()},
                      getIndexVectorDim());
}

//===----------------------------------------------------------------------===//
// OutputOperandAliasAttr
//===----------------------------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> outputTupleIndices, operandTupleIndices;
  int64_t operandIndex = 0;
  Field fields[] = {
      {"output_tuple_indices", &outputTupleIndices},
      {"operand_index", nullptr, &operandIndex, /*required=*/true},
      {"operand_tuple_indices", &operandTupleIndices}};
  if (parseStruct(parser, fields))
    return {};
  return get(parser.getContext(), outputTupleIndices, operandIndex,
             operandTupleIndices);
}

void OutputOperandAliasAttr::print(AsmPrinter &p) const {
  // Upstream prints every field of this attribute, empty lists included.
  printStruct(p, {dimsField("output_tuple_indices", getOutputTupleIndices(),
                            /*always=*/true),
                  intField("operand_index", getOperandIndex()),
                  dimsField("operand_tuple_indices", getOperandTupleIndices(),
                            /*always=*/true)});
}

//===----------------------------------------------------------------------===//
// DotAlgorithmAttr
//===----------------------------------------------------------------------===//

LogicalResult DotAlgorithmAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, Type lhsPrecisionType,
    Type rhsPrecisionType, Type accumulationType, int64_t lhsComponentCount,
    int64_t rhsComponentCount, int64_t numPrimitiveOperations,
    bool allowImpreciseAccumulation) {
  if (lhsComponentCount < 1)
    return emitError() << "lhs_component_count must be positive, got "
                       << lhsComponentCount;
  if (rhsComponentCount < 1)
    return emitError() << "rhs_component_count must be positive, got "
                       << rhsComponentCount;
  if (numPrimitiveOperations < 1)
    return emitError() << "num_primitive_operations must be positive, got "
                       << numPrimitiveOperations;
  return success();
}

//===----------------------------------------------------------------------===//
// ResultAccuracyAttr
//===----------------------------------------------------------------------===//

// `<[atol = F,] [rtol = F,] [ulps = N,] mode = #stablehlo.result_accuracy_mode<
// M>>`: the fields in this order, zero tolerances optional, as upstream.
Attribute ResultAccuracyAttr::parse(AsmParser &parser, Type) {
  double atol = 0.0, rtol = 0.0;
  int64_t ulps = 0;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("atol")) &&
      (parser.parseEqual() || parser.parseFloat(atol) || parser.parseComma()))
    return {};
  if (succeeded(parser.parseOptionalKeyword("rtol")) &&
      (parser.parseEqual() || parser.parseFloat(rtol) || parser.parseComma()))
    return {};
  if (succeeded(parser.parseOptionalKeyword("ulps")) &&
      (parser.parseEqual() || parser.parseInteger(ulps) || parser.parseComma()))
    return {};
  ResultAccuracyModeAttr mode;
  if (parser.parseKeyword("mode") || parser.parseEqual() ||
      parser.parseAttribute(mode) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), APFloat(atol), APFloat(rtol), ulps,
                    mode);
}

void ResultAccuracyAttr::print(AsmPrinter &p) const {
  p << '<';
  if (!getAtol().isZero()) {
    p << "atol = ";
    p.printFloat(getAtol());
    p << ", ";
  }
  if (!getRtol().isZero()) {
    p << "rtol = ";
    p.printFloat(getRtol());
    p << ", ";
  }
  if (getUlps() != 0)
    p << "ulps = " << getUlps() << ", ";
  p << "mode = ";
  p.printAttribute(getMode());
  p << '>';
}

LogicalResult
ResultAccuracyAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           APFloat atol, APFloat rtol, int64_t ulps,
                           ResultAccuracyModeAttr mode) {
  if (!mode)
    return emitError() << "result_accuracy needs a mode";
  if (atol.isNegative() || rtol.isNegative() || ulps < 0)
    return emitError() << "Negative tolerance";
  if (mode.getValue() != ResultAccuracyMode::TOLERANCE &&
      (!atol.isZero() || !rtol.isZero() || ulps != 0))
    return emitError() << "Invalid tolerances for ResultAccuracyAttr with mode "
                       << stringifyResultAccuracyMode(mode.getValue())
                       << ", must be all zero.";
  return success();
}
