// Shifts, bit counts, rounding and reduce_precision on sharded operands;
// get_dimension_size of a sharded dimension gives the global size.
// MESH @mesh = xy
// TOL: 1e-6
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %f: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>})
    -> (tensor<16x8xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
        tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
        tensor<i32>) {
  %0 = stablehlo.shift_left %a, %b : tensor<16x8xi32>
  %1 = stablehlo.shift_right_arithmetic %0, %b : tensor<16x8xi32>
  %2 = stablehlo.shift_right_logical %1, %a : tensor<16x8xi32>
  %3 = stablehlo.popcnt %2 : tensor<16x8xi32>
  %4 = stablehlo.count_leading_zeros %1 : tensor<16x8xi32>
  %5 = stablehlo.add %3, %4 : tensor<16x8xi32>
  %6 = stablehlo.round_nearest_afz %f : tensor<16x8xf32>
  %7 = stablehlo.reduce_precision %f, format = e5m2 : tensor<16x8xf32>
  %8 = stablehlo.add %6, %7 : tensor<16x8xf32>
  %9 = stablehlo.get_dimension_size %a, dim = 0 : (tensor<16x8xi32>) -> tensor<i32>
  return %5, %8, %9 : tensor<16x8xi32>, tensor<16x8xf32>, tensor<i32>
}
