// slice then pad back (a shift), then concatenate and reverse: pure data
// movement on a sharded f32 tensor.
// MESH @mesh = xy
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.slice %a [1:16, 0:8] : (tensor<16x8xf32>) -> tensor<15x8xf32>
  %z = stablehlo.constant dense<0.5> : tensor<f32>
  %1 = stablehlo.pad %0, %z, low = [0, 0], high = [1, 0], interior = [0, 0] : (tensor<15x8xf32>, tensor<f32>) -> tensor<16x8xf32>
  %2 = stablehlo.reverse %1, dims = [0, 1] : tensor<16x8xf32>
  %3 = stablehlo.add %2, %a : tensor<16x8xf32>
  return %3 : tensor<16x8xf32>
}
