// RUN: sdy-opt %s -sdy-html-report=%t.html -o %t.mlir
// RUN: sdy-opt %s -o %t.before.mlir
// RUN: diff %t.mlir %t.before.mlir
// RUN: FileCheck %s < %t.html
// RUN: sdy-opt %s "-sdy-html-report=file=%t.2.html" -o /dev/null
// RUN: diff %t.html %t.2.html
// RUN: sdy-opt %s -sdy-propagation-pipeline -sdy-html-report=%t.3.html -o /dev/null
// RUN: FileCheck %s --check-prefix=PROPAGATED < %t.3.html
// RUN: sdy-opt %s "-sdy-html-report=file=%t.4.html max-tiles=4" -o /dev/null
// RUN: FileCheck %s --check-prefix=BUDGET < %t.4.html

// The report is written, the IR is unchanged.

// CHECK: <!DOCTYPE html>
// CHECK: <title>sdy report: module</title>
// CHECK: <td id="num-collectives">1</td>
// CHECK: <h2>Meshes</h2>
// CHECK: <code>@mesh = #sdy.mesh&lt;[&quot;x&quot;=2, &quot;y&quot;=2]&gt;</code><br><span class="swatch" style="background:#1f77b4">0</span><span class="swatch" style="background:#ff7f0e">1</span>
// CHECK: <h2>func @main</h2>
// CHECK: <td>%arg0</td><td><code>tensor&lt;4x4xf32&gt;</code></td><td><code>#sdy.sharding&lt;@mesh, [{&quot;x&quot;}, {&quot;y&quot;}]&gt;</code><br><svg
// CHECK: <g class="tile" data-devices="0" data-shard="0,0" data-start="0,0" data-limit="2,2" data-padding="0,0">
// CHECK: <g class="tile" data-devices="3" data-shard="1,1" data-start="2,2" data-limit="4,4" data-padding="0,0">
// CHECK: <tr data-op="stablehlo.add">
// CHECK: <tr class="collective" data-op="sdy.all_reduce">
// CHECK: <b>all_reduce</b><br><code>reduction_axes = #sdy&lt;axis_ref_list{&quot;x&quot;}&gt;</code><br>64 bytes, 32 per device</td><td>{{.*}} us (local backend model); busiest device sends 32 B, receives 32 B</td></tr>
// CHECK: <tr data-op="func.return">
// CHECK: </html>

// The argument's 4 tiles are drawn, then the budget of 4 is spent.
// BUDGET: <td>%arg0</td>
// BUDGET-SAME: <svg
// BUDGET: <tr data-op="stablehlo.add">
// BUDGET-SAME: no picture: the report already draws 4 tiles

// PROPAGATED: <tr data-op="stablehlo.multiply">
// PROPAGATED-SAME: <code>#sdy.sharding&lt;@mesh, [{&quot;x&quot;}, {&quot;y&quot;}]&gt;</code>

sdy.mesh @mesh = <["x"=2, "y"=2]>

func.func @main(%arg0: tensor<4x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>} : tensor<4x4xf32>
  %1 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}, {"y"}]> : tensor<4x4xf32>
  %2 = stablehlo.multiply %arg0, %arg0 : tensor<4x4xf32>
  %3 = stablehlo.add %1, %2 : tensor<4x4xf32>
  return %3 : tensor<4x4xf32>
}
