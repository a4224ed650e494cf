//===- StablehloSyntax.h - custom assembly directives -----------*- C++ -*-===//
//
// The `custom<...>` directives of the op assembly formats, matching what the
// upstream StableHLO printer emits (and so what JAX exports).
//
//===----------------------------------------------------------------------===//
#ifndef SDY_IR_STABLEHLO_STABLEHLOSYNTAX_H
#define SDY_IR_STABLEHLO_STABLEHLOSYNTAX_H

#include "ir/stablehlo/StablehloDialect.h"

namespace mlir::stablehlo {

// `type` when all operand types equal the result type, else the functional
// type `(operands) -> result`.
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &a,
                                           Type &result);
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &a,
                                           Type &b, Type &result);
ParseResult parseSameOperandsAndResultType(OpAsmParser &parser, Type &a,
                                           Type &b, Type &c, Type &result);
void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *op, Type a,
                                    Type result);
void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *op, Type a,
                                    Type b, Type result);
void printSameOperandsAndResultType(OpAsmPrinter &p, Operation *op, Type a,
                                    Type b, Type c, Type result);

// `pred_type, result_type`, or the functional type when the branches differ
// from the result.
ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result);
void printSelectOpType(OpAsmPrinter &p, Operation *op, Type pred, Type onTrue,
                       Type onFalse, Type result);

// `t0, t1, ...`: the results have the operands' types.
ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                SmallVectorImpl<Type> &operands,
                                SmallVectorImpl<Type> &results);
void printPairwiseOpType(OpAsmPrinter &p, Operation *op, TypeRange operands,
                         TypeRange results);

// `[1, 2, 3]`.
ParseResult parseDenseI64Array(OpAsmParser &parser, DenseI64ArrayAttr &attr);
void printDenseI64Array(OpAsmPrinter &p, Operation *op, DenseI64ArrayAttr attr);

// `%a, %b, ` (each operand followed by a comma).
ParseResult parseVariadicOperandWithAttribute(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands);
void printVariadicOperandWithAttribute(OpAsmPrinter &p, Operation *op,
                                       OperandRange operands);

// `[start:limit(:stride)?, ...]`.
ParseResult parseSliceRanges(OpAsmParser &parser, DenseI64ArrayAttr &start,
                             DenseI64ArrayAttr &limit,
                             DenseI64ArrayAttr &strides);
void printSliceRanges(OpAsmPrinter &p, Operation *op, DenseI64ArrayAttr start,
                      DenseI64ArrayAttr limit, DenseI64ArrayAttr strides);

// `batching_dims = [0] x [0], contracting_dims = [2] x [1]`.
ParseResult parseDotDimensionNumbers(OpAsmParser &parser,
                                     DotDimensionNumbersAttr &attr);
void printDotDimensionNumbers(OpAsmPrinter &p, Operation *op,
                              DotDimensionNumbersAttr attr);

// `, precision = [DEFAULT, HIGH]` or nothing.
ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &attr);
void printPrecisionConfig(OpAsmPrinter &p, Operation *op, ArrayAttr attr);

// `, precision = [...]` and/or `, algorithm = <...>`, or nothing.
ParseResult parsePrecisionConfigAndAlgorithm(OpAsmParser &parser,
                                             ArrayAttr &precision,
                                             DotAlgorithmAttr &algorithm);
void printPrecisionConfigAndAlgorithm(OpAsmPrinter &p, Operation *op,
                                      ArrayAttr precision,
                                      DotAlgorithmAttr algorithm);

// The bare enum keyword (`LT`, `FLOAT`), printed with a single leading space
// as the current upstream printer does.
ParseResult parseEnumKeyword(OpAsmParser &parser,
                             ComparisonDirectionAttr &attr);
ParseResult parseEnumKeyword(OpAsmParser &parser, ComparisonTypeAttr &attr);
void printEnumKeyword(OpAsmPrinter &p, Operation *op,
                      ComparisonDirectionAttr attr);
void printEnumKeyword(OpAsmPrinter &p, Operation *op, ComparisonTypeAttr attr);

// `@target` (also `@"quoted target"`).
ParseResult parseCustomCallTarget(OpAsmParser &parser, StringAttr &target);
void printCustomCallTarget(OpAsmPrinter &p, Operation *op, StringAttr target);

} // namespace mlir::stablehlo

#endif // SDY_IR_STABLEHLO_STABLEHLOSYNTAX_H
