//===- StablehloSyntax.cpp - custom assembly of stablehlo ops -------------===//
//
// Parsers and printers for the pretty forms of the upstream StableHLO printer.
// Each printer emits exactly what upstream emits; each parser also accepts
// what the printer emits.
//
//===----------------------------------------------------------------------===//

#include "ir/stablehlo/StablehloSyntax.h"
#include "ir/stablehlo/StablehloComplex.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace mlir::stablehlo;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

namespace {
ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> operands,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto fnType = dyn_cast<FunctionType>(type)) {
    if (fnType.getNumInputs() != operands.size())
      return parser.emitError(loc)
             << "expected " << operands.size() << " operand type(s) but got "
             << fnType.getNumInputs();
    if (fnType.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected 1 result type but got " << fnType.getNumResults();
    for (auto [to, from] : llvm::zip(operands, fnType.getInputs()))
      *to = from;
    result = fnType.getResult(0);
    return success();
  }
  for (Type *t : operands)
    *t = type;
  result = type;
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &p, Operation *op,
                                        TypeRange operands, Type result) {
  if (llvm::all_of(operands, [&](Type t) { return t == result; })) {
    p.printType(result);
    return;
  }
  p.printFunctionalType(op);
}
} // namespace

ParseResult mlir::stablehlo::parseSameOperandsAndResultType(OpAsmParser &parser,
                                                            Type &a,
                                                            Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&a}, result);
}
ParseResult mlir::stablehlo::parseSameOperandsAndResultType(OpAsmParser &parser,
                                                            Type &a, Type &b,
                                                            Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&a, &b}, result);
}
ParseResult mlir::stablehlo::parseSameOperandsAndResultType(OpAsmParser &parser,
                                                            Type &a, Type &b,
                                                            Type &c,
                                                            Type &result) {
  return parseSameOperandsAndResultTypeImpl(parser, {&a, &b, &c}, result);
}
void mlir::stablehlo::printSameOperandsAndResultType(OpAsmPrinter &p,
                                                     Operation *op, Type a,
                                                     Type result) {
  printSameOperandsAndResultTypeImpl(p, op, {a}, result);
}
void mlir::stablehlo::printSameOperandsAndResultType(OpAsmPrinter &p,
                                                     Operation *op, Type a,
                                                     Type b, Type result) {
  printSameOperandsAndResultTypeImpl(p, op, {a, b}, result);
}
void mlir::stablehlo::printSameOperandsAndResultType(OpAsmPrinter &p,
                                                     Operation *op, Type a,
                                                     Type b, Type c,
                                                     Type result) {
  printSameOperandsAndResultTypeImpl(p, op, {a, b, c}, result);
}

ParseResult mlir::stablehlo::parseSelectOpType(OpAsmParser &parser, Type &pred,
                                               Type &onTrue, Type &onFalse,
                                               Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> types;
  if (parser.parseTypeList(types))
    return failure();
  if (types.size() == 1) {
    auto fnType = dyn_cast<FunctionType>(types.front());
    if (!fnType || fnType.getNumInputs() != 3 || fnType.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected `pred_type, result_type` or a function type with "
                "3 inputs and 1 result";
    pred = fnType.getInput(0);
    onTrue = fnType.getInput(1);
    onFalse = fnType.getInput(2);
    result = fnType.getResult(0);
    return success();
  }
  if (types.size() != 2)
    return parser.emitError(loc) << "expected `pred_type, result_type`";
  pred = types[0];
  onTrue = onFalse = result = types[1];
  return success();
}

void mlir::stablehlo::printSelectOpType(OpAsmPrinter &p, Operation *op,
                                        Type pred, Type onTrue, Type onFalse,
                                        Type result) {
  if (onTrue != result || onFalse != result) {
    p.printFunctionalType(op);
    return;
  }
  p << pred << ", " << result;
}

ParseResult
mlir::stablehlo::parsePairwiseOpType(OpAsmParser &parser,
                                     SmallVectorImpl<Type> &operands,
                                     SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}

void mlir::stablehlo::printPairwiseOpType(OpAsmPrinter &p, Operation *op,
                                          TypeRange operands,
                                          TypeRange results) {
  llvm::interleaveComma(operands, p);
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

namespace {
ParseResult parseI64List(AsmParser &parser, SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    return parser.parseInteger(values.emplace_back());
  });
}

void printI64List(AsmPrinter &p, ArrayRef<int64_t> values) {
  p << '[';
  llvm::interleaveComma(values, p);
  p << ']';
}
} // namespace

ParseResult mlir::stablehlo::parseDenseI64Array(OpAsmParser &parser,
                                                DenseI64ArrayAttr &attr) {
  SmallVector<int64_t> values;
  if (parseI64List(parser, values))
    return failure();
  attr = parser.getBuilder().getDenseI64ArrayAttr(values);
  return success();
}

void mlir::stablehlo::printDenseI64Array(OpAsmPrinter &p, Operation *,
                                         DenseI64ArrayAttr attr) {
  printI64List(p, attr.asArrayRef());
}

ParseResult mlir::stablehlo::parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult result = parser.parseOptionalOperand(operand);
  while (result.has_value()) {
    if (failed(*result))
      return failure();
    operands.push_back(operand);
    if (parser.parseComma())
      return failure();
    result = parser.parseOptionalOperand(operand);
  }
  return success();
}

void mlir::stablehlo::printVariadicOperandWithAttribute(OpAsmPrinter &p,
                                                        Operation *,
                                                        OperandRange operands) {
  // Upstream prints a trailing comma after each operand; with no operands
  // nothing is printed so that the output parses back.
  if (operands.empty())
    return;
  llvm::interleaveComma(operands, p);
  p << ",";
}

ParseResult mlir::stablehlo::parseSliceRanges(OpAsmParser &parser,
                                              DenseI64ArrayAttr &start,
                                              DenseI64ArrayAttr &limit,
                                              DenseI64ArrayAttr &strides) {
  SmallVector<int64_t> starts, limits, steps;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t s, l, st = 1;
        if (parser.parseInteger(s) || parser.parseColon() ||
            parser.parseInteger(l))
          return failure();
        if (succeeded(parser.parseOptionalColon()) && parser.parseInteger(st))
          return failure();
        starts.push_back(s);
        limits.push_back(l);
        steps.push_back(st);
        return success();
      }))
    return failure();
  Builder &b = parser.getBuilder();
  start = b.getDenseI64ArrayAttr(starts);
  limit = b.getDenseI64ArrayAttr(limits);
  strides = b.getDenseI64ArrayAttr(steps);
  return success();
}

void mlir::stablehlo::printSliceRanges(OpAsmPrinter &p, Operation *,
                                       DenseI64ArrayAttr start,
                                       DenseI64ArrayAttr limit,
                                       DenseI64ArrayAttr strides) {
  ArrayRef<int64_t> s = start.asArrayRef(), l = limit.asArrayRef(),
                    st = strides.asArrayRef();
  p << '[';
  // Invalid IR (mismatched sizes) cannot be printed as ranges; print the
  // arrays so the diagnostic shows what is there.
  if (s.size() != l.size() || s.size() != st.size()) {
    p << "start_indices: ";
    llvm::interleaveComma(s, p);
    p << ", limit_indices: ";
    llvm::interleaveComma(l, p);
    p << ", strides: ";
    llvm::interleaveComma(st, p);
    p << ']';
    return;
  }
  llvm::interleaveComma(llvm::seq<size_t>(0, s.size()), p, [&](size_t i) {
    p << s[i] << ':' << l[i];
    if (st[i] != 1)
      p << ':' << st[i];
  });
  p << ']';
}

ParseResult
mlir::stablehlo::parseDotDimensionNumbers(OpAsmParser &parser,
                                          DotDimensionNumbersAttr &attr) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  if (succeeded(parser.parseOptionalKeyword("batching_dims"))) {
    if (parser.parseEqual() || parseI64List(parser, lhsBatch) ||
        parser.parseKeyword("x") || parseI64List(parser, rhsBatch) ||
        parser.parseComma())
      return failure();
  }
  if (parser.parseKeyword("contracting_dims") || parser.parseEqual() ||
      parseI64List(parser, lhsContract) || parser.parseKeyword("x") ||
      parseI64List(parser, rhsContract))
    return failure();
  attr = DotDimensionNumbersAttr::get(parser.getContext(), lhsBatch, rhsBatch,
                                      lhsContract, rhsContract);
  return success();
}

void mlir::stablehlo::printDotDimensionNumbers(OpAsmPrinter &p, Operation *,
                                               DotDimensionNumbersAttr attr) {
  if (!attr.getLhsBatchingDimensions().empty() ||
      !attr.getRhsBatchingDimensions().empty()) {
    p << "batching_dims = ";
    printI64List(p, attr.getLhsBatchingDimensions());
    p << " x ";
    printI64List(p, attr.getRhsBatchingDimensions());
    p << ", ";
  }
  p << "contracting_dims = ";
  printI64List(p, attr.getLhsContractingDimensions());
  p << " x ";
  printI64List(p, attr.getRhsContractingDimensions());
}

namespace {
ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &attr) {
  SmallVector<Attribute> precisions;
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            StringRef keyword;
            if (parser.parseKeyword(&keyword))
              return failure();
            std::optional<Precision> precision = symbolizePrecision(keyword);
            if (!precision)
              return parser.emitError(loc)
                     << "expected precision DEFAULT, HIGH or HIGHEST, got '"
                     << keyword << "'";
            precisions.push_back(
                PrecisionAttr::get(parser.getContext(), *precision));
            return success();
          }))
    return failure();
  attr = parser.getBuilder().getArrayAttr(precisions);
  return success();
}

void printPrecisionList(OpAsmPrinter &p, ArrayAttr attr) {
  p << "precision = [";
  llvm::interleaveComma(attr, p, [&](Attribute a) {
    if (auto precision = dyn_cast<PrecisionAttr>(a))
      p << stringifyPrecision(precision.getValue());
    else
      p << a;
  });
  p << ']';
}
} // namespace

ParseResult mlir::stablehlo::parsePrecisionConfig(OpAsmParser &parser,
                                                  ArrayAttr &attr) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision"))
    return failure();
  return parsePrecisionList(parser, attr);
}

void mlir::stablehlo::printPrecisionConfig(OpAsmPrinter &p, Operation *,
                                           ArrayAttr attr) {
  if (!attr)
    return;
  p << ", ";
  printPrecisionList(p, attr);
}

ParseResult mlir::stablehlo::parsePrecisionConfigAndAlgorithm(
    OpAsmParser &parser, ArrayAttr &precision, DotAlgorithmAttr &algorithm) {
  auto parseAlgorithm = [&]() -> ParseResult {
    if (parser.parseEqual())
      return failure();
    algorithm = dyn_cast_or_null<DotAlgorithmAttr>(
        DotAlgorithmAttr::parse(parser, Type()));
    return success(algorithm != nullptr);
  };
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "precision" && !precision) {
      if (parsePrecisionList(parser, precision))
        return failure();
    } else if (keyword == "algorithm" && !algorithm) {
      if (parseAlgorithm())
        return failure();
    } else {
      return parser.emitError(loc)
             << "expected 'precision' or 'algorithm' (each at most once), got '"
             << keyword << "'";
    }
  }
  return success();
}

void mlir::stablehlo::printPrecisionConfigAndAlgorithm(
    OpAsmPrinter &p, Operation *, ArrayAttr precision,
    DotAlgorithmAttr algorithm) {
  if (precision) {
    p << ", ";
    printPrecisionList(p, precision);
  }
  if (algorithm) {
    p << ", algorithm = ";
    algorithm.print(p);
  }
}

namespace {
template <typename AttrT, typename SymbolizeFn>
ParseResult parseEnumKeywordImpl(OpAsmParser &parser, AttrT &attr,
                                 SymbolizeFn symbolize, StringRef what) {
  SMLoc loc = parser.getCurrentLocation();
  std::string keyword;
  if (parser.parseKeywordOrString(&keyword))
    return failure();
  auto value = symbolize(keyword);
  if (!value)
    return parser.emitError(loc)
           << "unknown " << what << " '" << keyword << "'";
  attr = AttrT::get(parser.getContext(), *value);
  return success();
}
} // namespace

ParseResult mlir::stablehlo::parseEnumKeyword(OpAsmParser &parser,
                                              ComparisonDirectionAttr &attr) {
  return parseEnumKeywordImpl(
      parser, attr, [](StringRef s) { return symbolizeComparisonDirection(s); },
      "comparison direction");
}

ParseResult mlir::stablehlo::parseEnumKeyword(OpAsmParser &parser,
                                              ComparisonTypeAttr &attr) {
  return parseEnumKeywordImpl(
      parser, attr, [](StringRef s) { return symbolizeComparisonType(s); },
      "comparison type");
}

void mlir::stablehlo::printEnumKeyword(OpAsmPrinter &p, Operation *,
                                       ComparisonDirectionAttr attr) {
  p << stringifyComparisonDirection(attr.getValue());
}

void mlir::stablehlo::printEnumKeyword(OpAsmPrinter &p, Operation *,
                                       ComparisonTypeAttr attr) {
  p << stringifyComparisonType(attr.getValue());
}

ParseResult mlir::stablehlo::parseCustomCallTarget(OpAsmParser &parser,
                                                   StringAttr &target) {
  return parser.parseSymbolName(target);
}

void mlir::stablehlo::printCustomCallTarget(OpAsmPrinter &p, Operation *,
                                            StringAttr target) {
  p.printSymbolName(target.getValue());
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

// `stablehlo.constant dense<...> : tensor<...>`; also the generic-looking
// `stablehlo.constant() <{value = ...}> : () -> tensor<...>`.
ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalLess())) {
      if (parser.parseAttribute(result.propertiesAttr) || parser.parseGreater())
        return failure();
    }
    FunctionType fnType;
    if (parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColonType(fnType))
      return failure();
    result.addTypes(fnType.getResults());
    return success();
  }
  ElementsAttr value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parseConstantValue(parser, value, result.attributes))
    return failure();
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  // A value whose type differs from the result only prints generically.
  if (getValue().getType() != getType()) {
    p.printGenericOp(getOperation(), /*printOpName=*/false);
    return;
  }
  p.printOptionalAttrDict((*this)->getAttrs(), /*elidedAttrs=*/{"value"});
  p << ' ';
  p.printAttribute(getValue());
}

void ConstantOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  // As upstream: %c for integer constants, %cst otherwise.
  if (isa<IntegerType>(getType().getElementType()))
    setNameFn(getResult(), "c");
  else
    setNameFn(getResult(), "cst");
}

//===----------------------------------------------------------------------===//
// ReduceOp
//===----------------------------------------------------------------------===//

namespace {
// Binary elementwise ops: one type for operands and result (up to
// quantization parameters, which a compact body cannot spell).
bool hasSameTypesTrait(OperationName name) {
  return name.hasTrait<OpTrait::SameOperandsAndResultType>() ||
         name.hasTrait<stablehlo::QuantTrait::SameBaselineType>() ||
         name.hasTrait<stablehlo::QuantTrait::QuantizedAddTypes>();
}

// The compact form `applies <op>` is used when the body is one commutative
// binary stablehlo op on the two block arguments, in order, returned as is.
bool isEligibleForCompactPrint(ReduceOp op) {
  if (op.getInputs().size() != 1 || op.getBody().empty())
    return false;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 ||
      !llvm::hasSingleElement(block.without_terminator()))
    return false;
  Operation &inner = block.front();
  if (inner.getDialect() != op->getDialect() || inner.getNumOperands() != 2 ||
      inner.getNumResults() != 1 || inner.getNumRegions() != 0 ||
      !inner.hasTrait<OpTrait::IsCommutative>() ||
      !hasSameTypesTrait(inner.getName()) ||
      inner.getOperand(1).getType() != inner.getOperand(0).getType() ||
      inner.getResult(0).getType() != inner.getOperand(0).getType() ||
      !inner.getAttrDictionary().empty())
    return false;
  auto elementType =
      cast<ShapedType>(op.getInputs().front().getType()).getElementType();
  if (inner.getOperand(0).getType() != RankedTensorType::get({}, elementType))
    return false;
  if (!llvm::equal(block.getArguments(), inner.getOperands()))
    return false;
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  return ret && llvm::equal(inner.getResults(), ret.getOperands());
}
} // namespace

void ReduceOp::print(OpAsmPrinter &p) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    if (i)
      p << ", ";
    p << '(' << getInputs()[i] << " init: " << getInitValues()[i] << ')';
  }
  if (isEligibleForCompactPrint(*this)) {
    p << " applies ";
    p.printKeywordOrString(getBody().front().front().getName().getStringRef());
  }
  p << " across dimensions = ";
  printI64List(p, getDimensions());
  p.printOptionalAttrDict((*this)->getAttrs(), {getDimensionsAttrName()});
  p << " : ";
  p.printFunctionalType(*this);
  if (isEligibleForCompactPrint(*this))
    return;
  p.printNewline();
  p << " reducer";
  // Block arguments are printed pairwise: (element_i, accumulator_i).
  Block &block = getBody().front();
  if (block.getNumArguments() == 2 * n) {
    for (size_t i = 0; i < n; ++i) {
      p << '(';
      p.printRegionArgument(block.getArgument(i));
      p << ", ";
      p.printRegionArgument(block.getArgument(i + n));
      p << ") ";
    }
    p << ' ';
    p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  } else {
    // Invalid IR: print the block arguments in the region itself.
    p << ' ';
    p.printRegion(getBody(), /*printEntryBlockArgs=*/true);
  }
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  Location currLoc = parser.getEncodedSourceLoc(loc);
  Builder &b = parser.getBuilder();

  // (%input init: %init), ...
  SmallVector<OpAsmParser::UnresolvedOperand> operands, inits;
  do {
    if (failed(parser.parseOptionalLParen()))
      break;
    OpAsmParser::UnresolvedOperand operand, init;
    if (parser.parseOperand(operand) || parser.parseKeyword("init") ||
        parser.parseColon() || parser.parseOperand(init) ||
        parser.parseRParen())
      return failure();
    operands.push_back(operand);
    inits.push_back(init);
  } while (succeeded(parser.parseOptionalComma()));
  operands.append(inits);

  std::optional<OperationName> innerName;
  SMLoc innerLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    innerLoc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    innerName = *name;
  }

  SmallVector<int64_t> dimensions;
  FunctionType fnType;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseI64List(parser, dimensions) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(fnType))
    return failure();
  result.addAttribute(getDimensionsAttrName(result.name),
                      b.getDenseI64ArrayAttr(dimensions));
  if (parser.resolveOperands(operands, fnType.getInputs(), loc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  Region *body = result.addRegion();

  if (innerName) {
    if (!innerName->getDialect() ||
        innerName->getDialectNamespace() != result.name.getDialectNamespace() ||
        !innerName->hasTrait<OpTrait::IsCommutative>() ||
        !hasSameTypesTrait(*innerName) ||
        !innerName->hasTrait<OpTrait::NOperands<2>::Impl>() ||
        !innerName->hasTrait<OpTrait::OneResult>() ||
        !innerName->hasTrait<OpTrait::ZeroRegions>())
      return parser.emitError(innerLoc)
             << "expected the inner op to be a commutative binary stablehlo "
                "op with one result and no region, got '"
             << innerName->getStringRef() << "'";
    if (fnType.getNumInputs() != 2)
      return parser.emitError(loc)
             << "the compact form of reduce takes one input and one init "
                "value";
    auto type =
        RankedTensorType::get({}, getElementTypeOrSelf(fnType.getInput(0)));
    Block &block = body->emplaceBlock();
    Value lhs = block.addArgument(type, currLoc);
    Value rhs = block.addArgument(type, currLoc);
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToStart(&block);
    OperationState innerState(currLoc, *innerName);
    innerState.addOperands({lhs, rhs});
    innerState.addTypes(type);
    Operation *inner = builder.create(innerState);
    ReturnOp::create(builder, currLoc, inner->getResults());
    return success();
  }

  // reducer(%elem: type, %acc: type) ... { body }
  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> elems, accs;
  while (succeeded(parser.parseOptionalLParen())) {
    OpAsmParser::Argument elem, acc;
    if (parser.parseArgument(elem, /*allowType=*/true, /*allowAttrs=*/false) ||
        parser.parseComma() ||
        parser.parseArgument(acc, /*allowType=*/true, /*allowAttrs=*/false) ||
        parser.parseRParen())
      return failure();
    elems.push_back(elem);
    accs.push_back(acc);
  }
  elems.append(accs);
  return parser.parseRegion(*body, elems);
}

//===----------------------------------------------------------------------===//
// WhileOp
//===----------------------------------------------------------------------===//

void WhileOp::print(OpAsmPrinter &p) {
  p << '(';
  Block *body = getBody().empty() ? nullptr : &getBody().front();
  bool namedArgs = body && body->getNumArguments() == getNumOperands();
  if (namedArgs) {
    llvm::interleaveComma(llvm::zip(body->getArguments(), getOperands()), p,
                          [&](auto pair) {
                            p.printOperand(std::get<0>(pair));
                            p << " = ";
                            p.printOperand(std::get<1>(pair));
                          });
  } else {
    // Invalid IR: the regions print their own block arguments below.
    p.printOperands(getOperands());
  }
  p << ')';
  if (getNumOperands()) {
    p << " : ";
    llvm::interleaveComma(getOperandTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << "cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/!namedArgs);
  p << " do ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/!namedArgs);
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  // (%iterArg = %init, ...): the block arguments of both regions are named
  // by %iterArg.
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument arg;
            OpAsmParser::UnresolvedOperand operand;
            if (parser.parseArgument(arg) || parser.parseEqual() ||
                parser.parseOperand(operand))
              return failure();
            args.push_back(arg);
            operands.push_back(operand);
            return success();
          }))
    return failure();
  SmallVector<Type> types;
  if (!operands.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc) << "expected " << operands.size()
                                 << " types but got " << types.size();
  for (auto [arg, type] : llvm::zip(args, types))
    arg.type = type;
  result.addTypes(types);
  if (parser.resolveOperands(operands, types, loc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("cond") ||
      parser.parseRegion(*result.addRegion(), args) ||
      parser.parseKeyword("do") ||
      parser.parseRegion(*result.addRegion(), args))
    return failure();
  return success();
}

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

//===----------------------------------------------------------------------===//
// CaseOp and IfOp
//===----------------------------------------------------------------------===//

namespace {
// `(operands) <{props}>? (regions) attr-dict? : functional-type`: the generic
// form without the quoted name, accepted for robustness.
ParseResult parseGenericBody(OpAsmParser &parser, OperationState &result) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseOperandList(operands, AsmParser::Delimiter::Paren))
    return failure();
  if (succeeded(parser.parseOptionalLess())) {
    if (parser.parseAttribute(result.propertiesAttr) || parser.parseGreater())
      return failure();
  }
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Paren, [&] {
        return parser.parseRegion(*result.addRegion());
      }))
    return failure();
  FunctionType fnType;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(fnType) ||
      parser.resolveOperands(operands, fnType.getInputs(), loc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  return success();
}
} // namespace

ParseResult CaseOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseGenericBody(parser, result);
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parseGenericBody(parser, result))
    return failure();
  if (result.regions.size() != 2)
    return parser.emitError(parser.getCurrentLocation())
           << "expects 2 regions but got " << result.regions.size();
  return success();
}
