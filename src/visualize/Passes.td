//===- Passes.td - passes that draw shardings ---------------*- tablegen -*-===//
//
// Both passes leave the IR unchanged (docs/visualize.md).
//
//===----------------------------------------------------------------------===//

#ifndef SDY_VISUALIZE_PASSES
#define SDY_VISUALIZE_PASSES

include "mlir/Pass/PassBase.td"

def HtmlReportPass : Pass<"sdy-html-report", "ModuleOp"> {
  let summary = "Writes an HTML page of every op's shardings and collectives.";
  let description = [{
    Writes a self-contained HTML page to `file`: the meshes, every function's
    arguments and ops with their result shardings (text and SVG tiles) and
    sharding origins, collectives highlighted with their axes and bytes.
    `-sdy-html-report=PATH` is short for `-sdy-html-report=file=PATH` when
    PATH has no `=`. The IR is unchanged.
  }];
  let options = [
    Option<"file", "file", "std::string", /*default=*/"",
           "The HTML file to write ('-' for standard output).">,
    Option<"maxTiles", "max-tiles", "int64_t", /*default=*/"100000",
           "Values after this many tiles in all get no picture.">
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

def PrintLayoutPass : Pass<"sdy-print-layout", "ModuleOp"> {
  let summary = "Writes a text grid of the tiles of every sharded value.";
  let description = [{
    For every function argument and op result with a sharding and a static
    shape, writes which device holds which tile as a text grid to `file`
    (standard output by default). The IR is unchanged.
  }];
  let options = [
    Option<"file", "file", "std::string", /*default=*/"\"-\"",
           "The file to write ('-' for standard output).">,
    Option<"ascii", "ascii", "bool", /*default=*/"false",
           "Plain ASCII instead of box-drawing characters.">,
    Option<"maxTiles", "max-tiles", "int64_t", /*default=*/"100000",
           "Values after this many tiles in all get no picture.">
  ];
  let dependentDialects = ["mlir::sdy::SdyDialect"];
}

#endif // SDY_VISUALIZE_PASSES
