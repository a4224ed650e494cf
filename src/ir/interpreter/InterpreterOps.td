//===- InterpreterOps.td - multi-device interpreter tests ---*- tablegen -*-===//
//
// The `interpreter` dialect of StableHLO's interpreter tests: run_parallel
// runs a grid of functions, one per (replica, partition), as one program.
//
//===----------------------------------------------------------------------===//

#ifndef SDY_INTERPRETER_OPS
#define SDY_INTERPRETER_OPS

include "mlir/IR/OpBase.td"

def Interpreter_Dialect : Dialect {
  let name = "interpreter";
  let cppNamespace = "::mlir::interpreter";
  let summary = "Multi-device execution in interpreter tests.";
}

def Interpreter_RunParallelOp : Op<Interpreter_Dialect, "run_parallel"> {
  let summary = "Runs a [replicas][partitions] grid of functions in parallel.";
  let description = [{
    `programs[r][p]` names the function that device (r, p) runs. The inputs
    are handed out to the programs in row-major order, each taking as many
    as its function has arguments; the results are their results, in the
    same order.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, ArrayAttr:$programs,
                       OptionalAttr<ArrayAttr>:$infeed);
  let results = (outs Variadic<AnyType>:$results);
  let hasVerifier = 1;
}

#endif // SDY_INTERPRETER_OPS
