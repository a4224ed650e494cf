//===- StablehloConvolution.cpp - convolution syntax and verifier ---------===//
//
// The pretty form of stablehlo.convolution as the upstream printer writes it:
//
//   stablehlo.convolution(%lhs, %rhs)
//       dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],
//       window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1],
//                 rhs_dilate = [1, 1], reverse = [false, false]}
//       {batch_group_count = 1 : i64, feature_group_count = 1 : i64}
//       : (tensor<...>, tensor<...>) -> tensor<...>
//
// Window entries are printed when present and may be left out; `window = {}`
// may be absent. The verifier checks every constraint of the op and the
// result shape formula (result element types may differ from the operands').
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloCommon.h"
#include "ir/stablehlo/StablehloDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

#include <functional>

using namespace mlir;
using namespace mlir::stablehlo;
using namespace mlir::stablehlo::detail;

//===----------------------------------------------------------------------===//
// ConvDimensionNumbersAttr
//===----------------------------------------------------------------------===//

namespace {
// The dimension numbers of one tensor: two named dimensions (batch and
// feature, or kernel input and output feature) and the spatial dimensions.
struct TensorDims {
  int64_t first = -1, second = -1;
  SmallVector<int64_t> spatial;
};

// Whether `dims` can be written as `[b, 0, f]`: every position of a rank
// `2 + spatial` tensor is named exactly once.
bool isCompact(const TensorDims &dims) {
  int64_t rank = dims.spatial.size() + 2;
  llvm::SmallSet<int64_t, 8> seen;
  auto add = [&](int64_t d) {
    return d >= 0 && d < rank && seen.insert(d).second;
  };
  if (!add(dims.first) || !add(dims.second))
    return false;
  return llvm::all_of(dims.spatial, add);
}

void printCompact(AsmPrinter &p, const TensorDims &dims, char first,
                  char second) {
  int64_t rank = dims.spatial.size() + 2;
  SmallVector<std::string> names(rank);
  names[dims.first] = std::string(1, first);
  names[dims.second] = std::string(1, second);
  for (auto [i, d] : llvm::enumerate(dims.spatial))
    names[d] = std::to_string(i);
  p << '[';
  llvm::interleaveComma(names, p);
  p << ']';
}

// `[b, 0, 1, f]` with `first`/`second` the letters of the named dimensions.
ParseResult parseCompact(AsmParser &parser, TensorDims &dims, StringRef first,
                         StringRef second) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<std::optional<int64_t>> spatialAt; // position -> spatial index
  SmallVector<int64_t> positionOfSpatial;
  int64_t position = 0;
  std::string error;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t index;
            OptionalParseResult intResult = parser.parseOptionalInteger(index);
            if (intResult.has_value()) {
              if (failed(*intResult))
                return failure();
              if (index < 0 || index > 64)
                return parser.emitError(parser.getCurrentLocation())
                       << "spatial dimension index " << index
                       << " out of range";
              if (static_cast<int64_t>(positionOfSpatial.size()) <= index)
                positionOfSpatial.resize(index + 1, -1);
              if (positionOfSpatial[index] != -1)
                return parser.emitError(parser.getCurrentLocation())
                       << "duplicate spatial dimension " << index;
              positionOfSpatial[index] = position++;
              return success();
            }
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            int64_t *slot = keyword == first    ? &dims.first
                            : keyword == second ? &dims.second
                                                : nullptr;
            if (!slot)
              return parser.emitError(parser.getCurrentLocation())
                     << "expected '" << first << "', '" << second
                     << "' or a spatial dimension index, got '" << keyword
                     << "'";
            if (*slot != -1)
              return parser.emitError(parser.getCurrentLocation())
                     << "duplicate dimension '" << keyword << "'";
            *slot = position++;
            return success();
          }))
    return failure();
  if (dims.first == -1 || dims.second == -1)
    return parser.emitError(loc)
           << "expected dimensions '" << first << "' and '" << second << "'";
  for (auto [i, p] : llvm::enumerate(positionOfSpatial))
    if (p == -1)
      return parser.emitError(loc) << "missing spatial dimension " << i;
  dims.spatial = positionOfSpatial;
  return success();
}

// `raw input_batch_dimension = 0, ...` (any order, each field once).
ParseResult parseRaw(AsmParser &parser, TensorDims &in, TensorDims &kernel,
                     TensorDims &out) {
  struct Field {
    StringRef name;
    int64_t *value;
    SmallVector<int64_t> *list;
    bool seen = false;
  };
  Field fields[] = {
      {"input_batch_dimension", &in.first, nullptr},
      {"input_feature_dimension", &in.second, nullptr},
      {"input_spatial_dimensions", nullptr, &in.spatial},
      {"kernel_input_feature_dimension", &kernel.first, nullptr},
      {"kernel_output_feature_dimension", &kernel.second, nullptr},
      {"kernel_spatial_dimensions", nullptr, &kernel.spatial},
      {"output_batch_dimension", &out.first, nullptr},
      {"output_feature_dimension", &out.second, nullptr},
      {"output_spatial_dimensions", nullptr, &out.spatial}};
  auto parseField = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name) || parser.parseEqual())
      return failure();
    Field *field =
        llvm::find_if(fields, [&](Field &f) { return f.name == name; });
    if (field == std::end(fields))
      return parser.emitError(loc)
             << "unknown convolution dimension field '" << name << "'";
    if (field->seen)
      return parser.emitError(loc) << "duplicate field '" << name << "'";
    field->seen = true;
    if (field->value)
      return parser.parseInteger(*field->value);
    return parser.parseCommaSeparatedList(
        AsmParser::Delimiter::Square, [&]() -> ParseResult {
          return parser.parseInteger(field->list->emplace_back());
        });
  };
  if (parser.parseCommaSeparatedList(parseField))
    return failure();
  for (Field &field : fields)
    if (!field.seen)
      return parser.emitError(parser.getCurrentLocation())
             << "missing field '" << field.name << "'";
  return success();
}

ParseResult parseConvDims(AsmParser &parser, ConvDimensionNumbersAttr &attr) {
  TensorDims in, kernel, out;
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    if (parseRaw(parser, in, kernel, out))
      return failure();
  } else if (parseCompact(parser, in, "b", "f") || parser.parseKeyword("x") ||
             parseCompact(parser, kernel, "i", "o") || parser.parseArrow() ||
             parseCompact(parser, out, "b", "f")) {
    return failure();
  }
  attr = ConvDimensionNumbersAttr::get(
      parser.getContext(), in.first, in.second, in.spatial, kernel.first,
      kernel.second, kernel.spatial, out.first, out.second, out.spatial);
  return success();
}

void printConvDims(AsmPrinter &p, ConvDimensionNumbersAttr attr) {
  TensorDims in{attr.getInputBatchDimension(), attr.getInputFeatureDimension(),
                SmallVector<int64_t>(attr.getInputSpatialDimensions())};
  TensorDims kernel{attr.getKernelInputFeatureDimension(),
                    attr.getKernelOutputFeatureDimension(),
                    SmallVector<int64_t>(attr.getKernelSpatialDimensions())};
  TensorDims out{attr.getOutputBatchDimension(),
                 attr.getOutputFeatureDimension(),
                 SmallVector<int64_t>(attr.getOutputSpatialDimensions())};
  if (isCompact(in) && isCompact(kernel) && isCompact(out) &&
      in.spatial.size() == kernel.spatial.size() &&
      in.spatial.size() == out.spatial.size()) {
    printCompact(p, in, 'b', 'f');
    p << 'x';
    printCompact(p, kernel, 'i', 'o');
    p << "->";
    printCompact(p, out, 'b', 'f');
    return;
  }
  // Dimension numbers that the compact form cannot hold (invalid IR) are
  // printed field by field.
  auto list = [&](ArrayRef<int64_t> dims) {
    p << '[';
    llvm::interleaveComma(dims, p);
    p << ']';
  };
  p << "raw input_batch_dimension = " << in.first
    << ", input_feature_dimension = " << in.second
    << ", input_spatial_dimensions = ";
  list(in.spatial);
  p << ", kernel_input_feature_dimension = " << kernel.first
    << ", kernel_output_feature_dimension = " << kernel.second
    << ", kernel_spatial_dimensions = ";
  list(kernel.spatial);
  p << ", output_batch_dimension = " << out.first
    << ", output_feature_dimension = " << out.second
    << ", output_spatial_dimensions = ";
  list(out.spatial);
}
} // namespace

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  ConvDimensionNumbersAttr attr;
  if (parser.parseLess() || parseConvDims(parser, attr) ||
      parser.parseGreater())
    return {};
  return attr;
}

void ConvDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << '<';
  printConvDims(p, *this);
  p << '>';
}

//===----------------------------------------------------------------------===//
// ConvolutionOp syntax
//===----------------------------------------------------------------------===//

namespace {
constexpr StringLiteral kWindowKeys[] = {"stride", "pad", "lhs_dilate",
                                         "rhs_dilate", "reverse"};

ParseResult parseI64Values(OpAsmParser &parser, SmallVectorImpl<int64_t> &out) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    return parser.parseInteger(out.emplace_back());
  });
}

// `{stride = [..], pad = [[lo, hi], ..], lhs_dilate = [..], rhs_dilate =
// [..], reverse = [..]}`, each entry optional and at most once.
ParseResult parseWindow(OpAsmParser &parser, OperationState &state) {
  Builder &b = parser.getBuilder();
  llvm::SmallSet<StringRef, 5> seen;
  auto parseEntry = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (!llvm::is_contained(kWindowKeys, key))
      return parser.emitError(loc)
             << "expected 'stride', 'pad', 'lhs_dilate', 'rhs_dilate' or "
                "'reverse', got '"
             << key << "'";
    if (!seen.insert(key).second)
      return parser.emitError(loc) << "duplicate window entry '" << key << "'";
    if (key == "pad") {
      SmallVector<int64_t> values;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                ++rows;
                SMLoc rowLoc = parser.getCurrentLocation();
                size_t before = values.size();
                if (parseI64Values(parser, values))
                  return failure();
                if (values.size() - before != 2)
                  return parser.emitError(rowLoc)
                         << "expected padding [low, high]";
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, b.getI64Type());
      state.addAttribute("padding", DenseIntElementsAttr::get(type, values));
      return success();
    }
    if (key == "reverse") {
      SmallVector<bool> values;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  values.push_back(true);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("false"))) {
                  values.push_back(false);
                  return success();
                }
                SMLoc valueLoc = parser.getCurrentLocation();
                int64_t value;
                if (parser.parseInteger(value))
                  return failure();
                if (value != 0 && value != 1)
                  return parser.emitError(valueLoc)
                         << "expected true, false, 0 or 1";
                values.push_back(value == 1);
                return success();
              }))
        return failure();
      state.addAttribute("window_reversal", b.getDenseBoolArrayAttr(values));
      return success();
    }
    SmallVector<int64_t> values;
    if (parseI64Values(parser, values))
      return failure();
    StringRef name = key == "stride"       ? "window_strides"
                     : key == "lhs_dilate" ? "lhs_dilation"
                                           : "rhs_dilation";
    state.addAttribute(name, b.getDenseI64ArrayAttr(values));
    return success();
  };
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces,
                                        parseEntry);
}
} // namespace

ParseResult ConvolutionOp::parse(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::UnresolvedOperand, 2> operands;
  SMLoc operandsLoc = parser.getCurrentLocation();
  ConvDimensionNumbersAttr dims;
  if (parser.parseOperandList(operands, OpAsmParser::Delimiter::Paren) ||
      parser.parseKeyword("dim_numbers") || parser.parseEqual() ||
      parseConvDims(parser, dims))
    return failure();
  state.addAttribute("dimension_numbers", dims);
  if (succeeded(parser.parseOptionalComma()) &&
      (parser.parseKeyword("window") || parser.parseEqual() ||
       parseWindow(parser, state)))
    return failure();
  FunctionType type;
  if (parser.parseOptionalAttrDict(state.attributes) ||
      parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(operandsLoc)
           << "expected a function type with 2 inputs and 1 result";
  if (parser.resolveOperands(operands, type.getInputs(), operandsLoc,
                             state.operands))
    return failure();
  state.addTypes(type.getResults());
  return success();
}

namespace {
// The padding as low/high pairs if it has shape [n, 2].
std::optional<SmallVector<std::pair<int64_t, int64_t>>>
paddingPairs(DenseIntElementsAttr padding) {
  auto type = padding.getType();
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return std::nullopt;
  SmallVector<int64_t> values(padding.getValues<int64_t>());
  SmallVector<std::pair<int64_t, int64_t>> pairs;
  for (size_t i = 0; i + 1 < values.size(); i += 2)
    pairs.emplace_back(values[i], values[i + 1]);
  return pairs;
}
} // namespace

void ConvolutionOp::print(OpAsmPrinter &p) {
  p << '(' << getLhs() << ", " << getRhs() << ") dim_numbers = ";
  printConvDims(p, getDimensionNumbers());
  SmallVector<StringRef> elided = {"dimension_numbers"};
  SmallVector<std::function<void()>> entries;
  auto i64Entry = [&](StringRef key, StringRef name,
                      std::optional<ArrayRef<int64_t>> values) {
    if (!values)
      return;
    elided.push_back(name);
    entries.push_back([&p, key, list = SmallVector<int64_t>(*values)] {
      p << key << " = [";
      llvm::interleaveComma(list, p);
      p << ']';
    });
  };
  i64Entry("stride", "window_strides", getWindowStrides());
  if (auto padding = getPaddingAttr())
    if (auto pairs = paddingPairs(padding)) {
      elided.push_back("padding");
      entries.push_back([&p, pairs = *pairs] {
        p << "pad = [";
        llvm::interleaveComma(pairs, p, [&](auto pair) {
          p << '[' << pair.first << ", " << pair.second << ']';
        });
        p << ']';
      });
    }
  i64Entry("lhs_dilate", "lhs_dilation", getLhsDilation());
  i64Entry("rhs_dilate", "rhs_dilation", getRhsDilation());
  if (auto reversal = getWindowReversal()) {
    elided.push_back("window_reversal");
    entries.push_back([&p, values = SmallVector<bool>(*reversal)] {
      p << "reverse = [";
      llvm::interleaveComma(values, p,
                            [&](bool v) { p << (v ? "true" : "false"); });
      p << ']';
    });
  }
  p << ", window = {";
  llvm::interleaveComma(entries, p, [](const auto &entry) { entry(); });
  p << '}';
  p.printOptionalAttrDict((*this)->getAttrs(), elided);
  p << " : ";
  p.printFunctionalType(*this);
}

//===----------------------------------------------------------------------===//
// ConvolutionOp window defaults and verifier
//===----------------------------------------------------------------------===//

namespace {
int64_t numSpatialDims(ConvolutionOp op) {
  return op.getDimensionNumbers().getInputSpatialDimensions().size();
}

SmallVector<int64_t> orDefault(std::optional<ArrayRef<int64_t>> values,
                               int64_t n, int64_t fallback) {
  if (!values)
    return SmallVector<int64_t>(n, fallback);
  if (static_cast<int64_t>(values->size()) != n)
    return {};
  return SmallVector<int64_t>(*values);
}
} // namespace

SmallVector<int64_t> ConvolutionOp::getWindowStridesOrDefault() {
  return orDefault(getWindowStrides(), numSpatialDims(*this), 1);
}

SmallVector<int64_t> ConvolutionOp::getLhsDilationOrDefault() {
  return orDefault(getLhsDilation(), numSpatialDims(*this), 1);
}

SmallVector<int64_t> ConvolutionOp::getRhsDilationOrDefault() {
  return orDefault(getRhsDilation(), numSpatialDims(*this), 1);
}

SmallVector<std::pair<int64_t, int64_t>> ConvolutionOp::getPaddingOrDefault() {
  int64_t n = numSpatialDims(*this);
  if (!getPaddingAttr())
    return SmallVector<std::pair<int64_t, int64_t>>(n, {0, 0});
  auto pairs = paddingPairs(getPaddingAttr());
  if (!pairs || static_cast<int64_t>(pairs->size()) != n)
    return {};
  return *pairs;
}

SmallVector<bool> ConvolutionOp::getWindowReversalOrDefault() {
  int64_t n = numSpatialDims(*this);
  std::optional<ArrayRef<bool>> reversal = getWindowReversal();
  if (!reversal)
    return SmallVector<bool>(n, false);
  if (static_cast<int64_t>(reversal->size()) != n)
    return {};
  return SmallVector<bool>(*reversal);
}

namespace {
// Checks that `first`, `second` and `spatial` are `n + 2` distinct
// dimensions of a rank `rank` tensor.
LogicalResult checkTensorDims(ConvolutionOp op, StringRef what, int64_t first,
                              int64_t second, ArrayRef<int64_t> spatial,
                              int64_t rank) {
  if (static_cast<int64_t>(spatial.size()) != rank - 2)
    return op.emitOpError()
           << what << " spatial dimensions " << formatDims(spatial)
           << " must number rank - 2 = " << rank - 2;
  SmallVector<int64_t> all = {first, second};
  all.append(spatial.begin(), spatial.end());
  return checkDims(op.getLoc(), "convolution",
                   (what + " dimensions (batch/feature, then spatial)").str(),
                   all, rank);
}

// The number of windows along one spatial dimension.
int64_t numWindows(int64_t input, int64_t window, int64_t stride,
                   int64_t lowPad, int64_t highPad, int64_t lhsDilation,
                   int64_t rhsDilation) {
  int64_t dilatedInput = input == 0 ? 0 : (input - 1) * lhsDilation + 1;
  int64_t paddedInput = lowPad + dilatedInput + highPad;
  int64_t dilatedWindow = window == 0 ? 0 : (window - 1) * rhsDilation + 1;
  if (paddedInput <= 0 || dilatedWindow > paddedInput)
    return 0;
  return (paddedInput - dilatedWindow) / stride + 1;
}
} // namespace

LogicalResult ConvolutionOp::verify() {
  auto lhsType = cast<RankedTensorType>(getLhs().getType());
  auto rhsType = cast<RankedTensorType>(getRhs().getType());
  auto resultType = cast<RankedTensorType>(getType());
  ConvDimensionNumbersAttr dims = getDimensionNumbers();
  int64_t rank = lhsType.getRank();
  if (rhsType.getRank() != rank)
    return emitOpError() << "expects lhs and rhs of the same rank, got " << rank
                         << " and " << rhsType.getRank();
  if (rank < 2)
    return emitOpError() << "expects operands of rank >= 2, got " << rank;
  if (resultType.getRank() != rank)
    return emitOpError() << "expects a result of rank " << rank << ", got "
                         << resultType.getRank();
  if (failed(checkTensorDims(*this, "input", dims.getInputBatchDimension(),
                             dims.getInputFeatureDimension(),
                             dims.getInputSpatialDimensions(), rank)) ||
      failed(checkTensorDims(*this, "kernel",
                             dims.getKernelInputFeatureDimension(),
                             dims.getKernelOutputFeatureDimension(),
                             dims.getKernelSpatialDimensions(), rank)) ||
      failed(checkTensorDims(*this, "output", dims.getOutputBatchDimension(),
                             dims.getOutputFeatureDimension(),
                             dims.getOutputSpatialDimensions(), rank)))
    return failure();

  int64_t n = rank - 2;
  auto checkSize = [&](StringRef name,
                       std::optional<size_t> size) -> LogicalResult {
    if (size && static_cast<int64_t>(*size) != n)
      return emitOpError() << name << " must have one entry per spatial "
                           << "dimension (" << n << "), got " << *size;
    return success();
  };
  auto sizeOf = [](auto values) -> std::optional<size_t> {
    if (!values)
      return std::nullopt;
    return values->size();
  };
  if (failed(checkSize("window_strides", sizeOf(getWindowStrides()))) ||
      failed(checkSize("lhs_dilation", sizeOf(getLhsDilation()))) ||
      failed(checkSize("rhs_dilation", sizeOf(getRhsDilation()))) ||
      failed(checkSize("window_reversal", sizeOf(getWindowReversal()))))
    return failure();
  if (auto padding = getPaddingAttr()) {
    auto type = padding.getType();
    if (type.getRank() != 2 || type.getDimSize(0) != n ||
        type.getDimSize(1) != 2)
      return emitOpError() << "padding must have shape [" << n << ", 2], got "
                           << type;
  }
  SmallVector<int64_t> strides = getWindowStridesOrDefault();
  SmallVector<int64_t> lhsDilation = getLhsDilationOrDefault();
  SmallVector<int64_t> rhsDilation = getRhsDilationOrDefault();
  SmallVector<std::pair<int64_t, int64_t>> padding = getPaddingOrDefault();
  auto checkPositive = [&](StringRef name,
                           ArrayRef<int64_t> values) -> LogicalResult {
    for (auto [i, v] : llvm::enumerate(values))
      if (v <= 0)
        return emitOpError() << name << " must be positive, got " << v
                             << " for spatial dimension " << i;
    return success();
  };
  if (failed(checkPositive("window_strides", strides)) ||
      failed(checkPositive("lhs_dilation", lhsDilation)) ||
      failed(checkPositive("rhs_dilation", rhsDilation)))
    return failure();

  int64_t featureGroups = getFeatureGroupCount();
  int64_t batchGroups = getBatchGroupCount();
  if (featureGroups > 1 && batchGroups > 1)
    return emitOpError() << "expects feature_group_count (" << featureGroups
                         << ") or batch_group_count (" << batchGroups
                         << ") to be 1";
  int64_t inputBatch = lhsType.getDimSize(dims.getInputBatchDimension());
  int64_t inputFeatures = lhsType.getDimSize(dims.getInputFeatureDimension());
  int64_t kernelInput =
      rhsType.getDimSize(dims.getKernelInputFeatureDimension());
  int64_t kernelOutput =
      rhsType.getDimSize(dims.getKernelOutputFeatureDimension());
  if (inputBatch % batchGroups != 0)
    return emitOpError() << "input batch dimension size " << inputBatch
                         << " must be divisible by batch_group_count "
                         << batchGroups;
  if (inputFeatures % featureGroups != 0)
    return emitOpError() << "input feature dimension size " << inputFeatures
                         << " must be divisible by feature_group_count "
                         << featureGroups;
  if (inputFeatures / featureGroups != kernelInput)
    return emitOpError() << "input feature dimension size " << inputFeatures
                         << " / feature_group_count " << featureGroups
                         << " must equal the kernel input feature dimension "
                            "size "
                         << kernelInput;
  if (kernelOutput % batchGroups != 0)
    return emitOpError() << "kernel output feature dimension size "
                         << kernelOutput
                         << " must be divisible by batch_group_count "
                         << batchGroups;
  if (kernelOutput % featureGroups != 0)
    return emitOpError() << "kernel output feature dimension size "
                         << kernelOutput
                         << " must be divisible by feature_group_count "
                         << featureGroups;
  if (auto precision = getPrecisionConfig(); precision && precision->size() > 2)
    return emitOpError() << "expects at most 2 precision config values, got "
                         << precision->size();

  SmallVector<int64_t> expected(rank);
  expected[dims.getOutputBatchDimension()] = inputBatch / batchGroups;
  expected[dims.getOutputFeatureDimension()] = kernelOutput;
  for (int64_t i = 0; i < n; ++i)
    expected[dims.getOutputSpatialDimensions()[i]] = numWindows(
        lhsType.getDimSize(dims.getInputSpatialDimensions()[i]),
        rhsType.getDimSize(dims.getKernelSpatialDimensions()[i]), strides[i],
        padding[i].first, padding[i].second, lhsDilation[i], rhsDilation[i]);
  if (resultType.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "inferred result shape " << formatDims(expected)
                         << " differs from the result type " << resultType;
  return success();
}
