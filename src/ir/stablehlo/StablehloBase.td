//===- StablehloBase.td - our StableHLO-compatible dialect --*- tablegen -*-===//
//
// The op subset of the public StableHLO spec that sdy supports
// (docs/execution.md#supported-ops).
// Op names, attributes and syntax follow StableHLO so that modules exported by
// frameworks parse unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_STABLEHLO_BASE
#define SDY_STABLEHLO_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Stablehlo_Dialect : Dialect {
  let name = "stablehlo";
  let cppNamespace = "::mlir::stablehlo";
  let summary = "The StableHLO op subset supported by sdy.";
  let description = [{
    Our own implementation of the part of the public StableHLO spec that sdy
    shards, partitions and executes. Only statically shaped tensors of the
    element types f16, bf16, f32, f64, i1, i8, i16, i32, i64, ui8, ui32 and
    ui64 are accepted.
  }];
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (AKA boolean or 1-bit integer)">;
def HLO_SInt : AnyTypeOf<[I8, I16, I32, I64], "signless integer">;
def HLO_UInt : AnyTypeOf<[UI8, UI32, UI64], "unsigned integer">;
def HLO_Int : AnyTypeOf<[HLO_SInt, HLO_UInt], "integer">;
def HLO_Float : AnyTypeOf<[F16, BF16, F32, F64], "floating-point">;
def HLO_Element : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float],
                            "pred, integer or floating-point">;

// Static shapes only: the partitioner and the interpreter need sizes.
def HLO_Tensor : StaticShapeTensorOf<[HLO_Element]>;
def HLO_FpTensor : StaticShapeTensorOf<[HLO_Float]>;
def HLO_PredTensor : StaticShapeTensorOf<[HLO_Pred]>;
def HLO_IntTensor : StaticShapeTensorOf<[HLO_Int]>;
def HLO_PredOrIntTensor : StaticShapeTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_IntOrFpTensor : StaticShapeTensorOf<[HLO_Int, HLO_Float]>;
def HLO_SIntOrFpTensor : StaticShapeTensorOf<[HLO_SInt, HLO_Float]>;
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;
def HLO_ScalarPredTensor : 0DTensorOf<[HLO_Pred]>;
def HLO_ScalarUI32Tensor : 0DTensorOf<[UI32]>;

#endif // SDY_STABLEHLO_BASE
