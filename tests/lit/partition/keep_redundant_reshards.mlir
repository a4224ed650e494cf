// A reshard between identical layouts is removed, or kept with
// keep-redundant-reshards=true. The CHECK lines are the real Shardy's output.
// RUN: sdy-opt %s -sdy-reshard-to-collectives='keep-redundant-reshards=true' | FileCheck %s --check-prefix=KEEP
// RUN: sdy-opt %s -sdy-reshard-to-collectives | FileCheck %s --check-prefix=DROP

sdy.mesh @mesh = <["x"=2, "y"=4]>
// KEEP: %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<16x8xf32>
// KEEP-NEXT: %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<16x8xf32>
// KEEP-NEXT: %2 = sdy.all_slice [{}, {"y"}] %1 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<16x8xf32>
// KEEP-NEXT: return %2 : tensor<16x8xf32>
// DROP: %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<16x8xf32>
// DROP-NEXT: %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<16x8xf32>
// DROP-NEXT: return %1 : tensor<16x8xf32>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.reshard %arg0 <@mesh, [{"x"}, {}]> : tensor<16x8xf32>
  %1 = stablehlo.negate %0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<16x8xf32>
  %2 = sdy.reshard %1 <@mesh, [{"x"}, {"y"}]> : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}
