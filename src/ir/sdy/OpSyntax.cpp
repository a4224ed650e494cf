//===- OpSyntax.cpp - custom assembly pieces of sdy ops -------------------===//

#include "ir/sdy/SdyDialect.h"

using namespace mlir;
using namespace mlir::sdy;

namespace {

/// `[<@mesh, [{"a"}]>, <@mesh, []>]`: a TensorShardingPerValueAttr without its
/// `<`/`>` wrapper, as manual_computation and named_computation print it.
ParseResult
parseStrippedTensorShardingPerValueAttr(OpAsmParser &parser,
                                        TensorShardingPerValueAttr &result) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        Attribute sharding = TensorShardingAttr::parse(parser, Type());
        if (!sharding)
          return failure();
        shardings.push_back(cast<TensorShardingAttr>(sharding));
        return success();
      }))
    return failure();
  result = TensorShardingPerValueAttr::get(parser.getContext(), shardings);
  return success();
}

void printStrippedTensorShardingPerValueAttr(
    OpAsmPrinter &printer, Operation *, TensorShardingPerValueAttr shardings) {
  printer << "[";
  llvm::interleaveComma(shardings.getShardings(), printer,
                        [&](TensorShardingAttr s) { s.print(printer); });
  printer << "]";
}

/// `(%arg0: tensor<8xf32>) { ... }`: the block arguments in parentheses, then
/// the region without a block label.
ParseResult parseSingleBlockRegionNoBlockId(OpAsmParser &parser,
                                            Region &region) {
  SmallVector<OpAsmParser::Argument> arguments;
  llvm::SMLoc loc = parser.getCurrentLocation();
  if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseRegion(region, arguments))
    return failure();
  // `{}` means a body that returns nothing: add the implicit sdy.return.
  if (region.empty())
    region.emplaceBlock();
  Block &block = region.front();
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
    // The region has no parent op yet: take the context from the parser.
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToEnd(&block);
    ReturnOp::create(builder, parser.getEncodedSourceLoc(loc));
  }
  return success();
}

void printSingleBlockRegionNoBlockId(OpAsmPrinter &printer, Operation *,
                                     Region &region) {
  printer << "(";
  if (!region.empty())
    llvm::interleaveComma(
        region.getArguments(), printer,
        [&](BlockArgument arg) { printer.printRegionArgument(arg); });
  printer << ") ";
  printer.printRegion(region, /*printEntryBlockArgs=*/false);
}

} // namespace

LogicalResult
ConstantOp::inferReturnTypes(MLIRContext *, std::optional<Location> location,
                             ValueRange, DictionaryAttr attributes,
                             OpaqueProperties properties, RegionRange,
                             SmallVectorImpl<Type> &inferredReturnTypes) {
  ConstantOp::Adaptor adaptor(ValueRange(), attributes, properties);
  if (!adaptor.getValue())
    return emitOptionalError(location, "sdy.constant requires a value");
  inferredReturnTypes.push_back(cast<TypedAttr>(adaptor.getValue()).getType());
  return success();
}

#define GET_OP_CLASSES
#include "ir/sdy/SdyOps.cpp.inc"
