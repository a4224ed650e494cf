//===- MhloOps.td - the MHLO ops that JAX hands to Shardy ----*- tablegen -*-===//
//
// JAX lowers lax.top_k to mhlo.topk when it compiles for XLA, so the
// modules XLA hands to Shardy carry it. Only that op is provided; its name,
// attributes and pretty form follow the upstream printer.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_MHLO_OPS
#define SDY_MHLO_OPS

include "ir/stablehlo/StablehloBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Mhlo_Dialect : Dialect {
  let name = "mhlo";
  let cppNamespace = "::mlir::mhlo";
  let summary = "The MHLO ops that JAX emits for XLA and sdy supports.";
  let description = [{
    mhlo.topk, the form of top_k in the modules XLA hands to Shardy.
  }];
}

def MHLO_TopKOp : Op<Mhlo_Dialect, "topk", [Pure, InferTypeOpAdaptor,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>]> {
  let summary = "The k largest (or smallest) elements along the last "
                "dimension.";
  let description = [{
    `values` holds the k largest elements of each slice along the last
    dimension in descending order (with `largest = false`: the k smallest in
    ascending order; ties: lower index first); `indices` their positions, as
    i32. Like chlo.top_k, except for `largest`.
  }];
  let arguments = (ins HLO_Tensor:$operand, I64Attr:$k,
                       OptionalAttr<BoolAttr>:$largest);
  let results = (outs HLO_Tensor:$values,
                      StaticShapeTensorOf<[I32]>:$indices);
  let assemblyFormat = [{
    `(` $operand `,` `k` `=` $k (`,` `largest` `=` $largest^)? `)` attr-dict
      `:` type($operand) `->` `(` type($values) `,` type($indices) `)`
  }];
  let extraClassDeclaration = [{
    /// Whether the op selects the largest elements (the default).
    bool selectsLargest() {
      return !getLargest().has_value() || *getLargest();
    }
  }];
}

#endif // SDY_MHLO_OPS
