//===- CheckOps.td - the check dialect of interpreter tests -*- tablegen -*-===//
//
// Assertions that interpreter test files make about computed values
// (`sdy-run --interpret`). Names, attributes and syntax follow the check
// dialect of StableHLO's interpreter tests so that those files parse
// unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_CHECK_OPS
#define SDY_CHECK_OPS

include "mlir/IR/OpBase.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::mlir::check";
  let summary = "Value checks of interpreter tests.";
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

// Any element type: the checks run on whatever the interpreter computes.
def Check_Tensor : RankedTensorOf<[AnyType]>;

def Check_ExpectEqOp : Check_Op<"expect_eq", [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Fails unless both operands are equal element by element.";
  let arguments = (ins Check_Tensor:$lhs, Check_Tensor:$rhs);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
}

def Check_ExpectEqConstOp : Check_Op<"expect_eq_const",
    [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "Fails unless the operand equals a constant.";
  let arguments = (ins Check_Tensor:$lhs, ElementsAttr:$value);
  let assemblyFormat = "$lhs `,` $value attr-dict";
}

def Check_ExpectAlmostEqOp : Check_Op<"expect_almost_eq",
    [AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Fails unless both operands are equal within a tolerance.";
  let arguments = (ins Check_Tensor:$lhs, Check_Tensor:$rhs,
                       DefaultValuedAttr<F64Attr, "0.0001">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $rhs (`,` `tolerance` `=` $tolerance^)? attr-dict `:` type($lhs)
  }];
}

def Check_ExpectAlmostEqConstOp : Check_Op<"expect_almost_eq_const",
    [AllTypesMatch<["lhs", "value"]>]> {
  let summary = "Fails unless the operand equals a constant within a "
                "tolerance.";
  let arguments = (ins Check_Tensor:$lhs, ElementsAttr:$value,
                       DefaultValuedAttr<F64Attr, "0.0001">:$tolerance);
  let assemblyFormat = [{
    $lhs `,` $value (`,` `tolerance` `=` $tolerance^)? attr-dict
  }];
}

def Check_ExpectCloseOp : Check_Op<"expect_close",
    [AllShapesMatch<["actual", "expected"]>]> {
  let summary = "Fails unless the operands are within a number of ULPs.";
  let arguments = (ins Check_Tensor:$actual, Check_Tensor:$expected,
                       DefaultValuedAttr<UI64Attr, "1">:$max_ulp_difference,
                       DefaultValuedAttr<UI64Attr, "0">:$min_ulp_difference);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Check_ExpectSerializedEqOp : Check_Op<"expect_serialized_eq"> {
  let summary = "Compares with a value that an interpreter probe recorded.";
  let arguments = (ins Check_Tensor:$expected, StrAttr:$probe_id,
                       DefaultValuedAttr<UI32Attr, "0">:$iteration);
  let assemblyFormat = [{
    $expected `,` `probe_id` `=` $probe_id (`,` `iter` `=` $iteration^)?
      attr-dict `:` type($expected)
  }];
}

#endif // SDY_CHECK_OPS
