//===- ChloRaggedDot.cpp - chlo.ragged_dot syntax and verifier ------------===//

#include "ir/chlo/ChloDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::chlo {

namespace {
constexpr StringLiteral kRaggedDotFields[] = {
    "lhs_batching_dimensions",    "rhs_batching_dimensions",
    "lhs_contracting_dimensions", "rhs_contracting_dimensions",
    "lhs_ragged_dimensions",      "rhs_group_dimensions"};
} // namespace

Attribute RaggedDotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lists[std::size(kRaggedDotFields)];
  bool seen[std::size(kRaggedDotFields)] = {};
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    do {
      SMLoc loc = parser.getCurrentLocation();
      StringRef name;
      if (parser.parseKeyword(&name))
        return {};
      const auto *field = llvm::find(kRaggedDotFields, name);
      if (field == std::end(kRaggedDotFields)) {
        parser.emitError(loc)
            << "unknown field '" << name << "', expected one of: "
            << llvm::join(ArrayRef<StringLiteral>(kRaggedDotFields), ", ");
        return {};
      }
      size_t index = field - std::begin(kRaggedDotFields);
      if (seen[index]) {
        parser.emitError(loc) << "duplicate field '" << name << "'";
        return {};
      }
      seen[index] = true;
      if (parser.parseEqual() ||
          parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
            return parser.parseInteger(lists[index].emplace_back());
          }))
        return {};
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
  }
  return get(parser.getContext(), lists[0], lists[1], lists[2], lists[3],
             lists[4], lists[5]);
}

void RaggedDotDimensionNumbersAttr::print(AsmPrinter &p) const {
  ArrayRef<int64_t> lists[] = {
      getLhsBatchingDimensions(),    getRhsBatchingDimensions(),
      getLhsContractingDimensions(), getRhsContractingDimensions(),
      getLhsRaggedDimensions(),      getRhsGroupDimensions()};
  p << '<';
  bool first = true;
  for (auto [name, dims] : llvm::zip(kRaggedDotFields, lists)) {
    if (dims.empty())
      continue;
    p << (first ? "" : ", ") << name << " = [";
    llvm::interleaveComma(dims, p);
    p << ']';
    first = false;
  }
  p << '>';
}

RaggedDotMode getRaggedDotMode(RaggedDotDimensionNumbersAttr dims) {
  if (dims.getLhsRaggedDimensions().size() != 1)
    return RaggedDotMode::kNonContracting;
  int64_t ragged = dims.getLhsRaggedDimensions().front();
  if (llvm::is_contained(dims.getLhsContractingDimensions(), ragged))
    return RaggedDotMode::kContracting;
  if (llvm::is_contained(dims.getLhsBatchingDimensions(), ragged))
    return RaggedDotMode::kBatch;
  return RaggedDotMode::kNonContracting;
}

SmallVector<int64_t> getRaggedDotFreeDims(int64_t rank,
                                          ArrayRef<int64_t> batching,
                                          ArrayRef<int64_t> contracting,
                                          ArrayRef<int64_t> group) {
  SmallVector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(batching, d) &&
        !llvm::is_contained(contracting, d) && !llvm::is_contained(group, d))
      free.push_back(d);
  return free;
}

/// Each dimension of `lists` (named lists of one operand of rank `rank`) is
/// in [0, rank) and in at most one list.
static LogicalResult
checkDims(Operation *op, int64_t rank,
          ArrayRef<std::pair<StringRef, ArrayRef<int64_t>>> lists) {
  llvm::SmallDenseMap<int64_t, StringRef> seen;
  for (auto [name, dims] : lists)
    for (int64_t d : dims) {
      if (d < 0 || d >= rank)
        return op->emitError() << name << " value: " << d
                               << " is out of range: [0, " << rank << ")";
      auto [it, inserted] = seen.try_emplace(d, name);
      if (!inserted)
        return op->emitError() << "has duplicated dimension from " << it->second
                               << " and " << name << ": " << d;
    }
  return success();
}

// Messages follow upstream's verifier, so that the same bad input reads the
// same; group_sizes of rank > 1 (per-batch groups) are not supported.
LogicalResult RaggedDotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  auto groups = cast<RankedTensorType>(getGroupSizes().getType());
  auto result = cast<RankedTensorType>(getType());
  RaggedDotDimensionNumbersAttr dims = getRaggedDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = dims.getRhsContractingDimensions();
  ArrayRef<int64_t> lhsRagged = dims.getLhsRaggedDimensions();
  ArrayRef<int64_t> rhsGroup = dims.getRhsGroupDimensions();
  if (lhsBatch.size() != rhsBatch.size())
    return emitError()
           << "lhs and rhs should have the same number of batching dimensions";
  if (lhsContract.size() != rhsContract.size())
    return emitError() << "lhs and rhs should have the same number of "
                          "contracting dimensions";
  if (failed(checkDims(*this, lhs.getRank(),
                       {{"lhs_batching_dimensions", lhsBatch},
                        {"lhs_contracting_dimensions", lhsContract}})) ||
      failed(checkDims(*this, rhs.getRank(),
                       {{"rhs_group_dimensions", rhsGroup},
                        {"rhs_batching_dimensions", rhsBatch},
                        {"rhs_contracting_dimensions", rhsContract}})))
    return failure();
  for (auto [l, r] : llvm::zip(lhsBatch, rhsBatch))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return emitError() << "batching dimension sizes must match for lhs/rhs";
  for (auto [l, r] : llvm::zip(lhsContract, rhsContract))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return emitError()
             << "contracting dimension sizes must match for lhs/rhs";
  if (lhsRagged.size() != 1)
    return emitError() << "There must be exactly one ragged dimension in the "
                          "lhs.";
  int64_t ragged = lhsRagged.front();
  if (ragged < 0 || ragged >= lhs.getRank())
    return emitError() << "Expects lhs_ragged_dim to be in range [0, "
                          "lhs_rank) i.e. [0, "
                       << lhs.getRank() << "). got: " << ragged << ".";
  if (groups.getRank() != 1)
    return emitError() << "expected group_sizes to have rank 1, got "
                       << groups.getRank()
                       << (lhsBatch.empty()
                               ? ""
                               : " (group sizes per batch are not supported)");
  int64_t numGroups = groups.getDimSize(0);
  RaggedDotMode mode = getRaggedDotMode(dims);
  if (mode == RaggedDotMode::kNonContracting) {
    if (rhsGroup.size() != 1)
      return emitError() << "There must be exactly one group dimension in the "
                            "rhs when the lhs ragged dimension is "
                            "non-contracting.";
    if (rhs.getDimSize(rhsGroup.front()) != numGroups)
      return emitError() << "rhs group dimension is expected to have size="
                         << numGroups << ", got "
                         << rhs.getDimSize(rhsGroup.front());
  } else if (!rhsGroup.empty()) {
    return emitError() << "There must be zero group dimensions in the rhs "
                          "when the ragged dimension is batch or contracting.";
  }
  if (auto precision = getPrecisionConfig())
    if (precision->size() > 2)
      return emitError() << "expects precision config to be empty or have <= "
                            "2 elements, got "
                         << precision->size();
  SmallVector<int64_t> shape;
  if (mode == RaggedDotMode::kContracting)
    shape.push_back(numGroups);
  for (int64_t d : lhsBatch)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d :
       getRaggedDotFreeDims(lhs.getRank(), lhsBatch, lhsContract, {}))
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d :
       getRaggedDotFreeDims(rhs.getRank(), rhsBatch, rhsContract, rhsGroup))
    shape.push_back(rhs.getDimSize(d));
  if (ArrayRef<int64_t>(shape) != result.getShape()) {
    InFlightDiagnostic diag = emitError() << "inferred shape '[";
    llvm::interleaveComma(shape, diag);
    return diag << "]' is incompatible with return type of operation "
                << result;
  }
  return success();
}

} // namespace mlir::chlo
