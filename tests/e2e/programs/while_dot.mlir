// A while loop whose body does a sharded matmul and tanh, 3 iterations.
// MESH @mesh = xy
// TOL: 1e-5
// MPI
sdy.mesh @mesh = MESH
func.func @main(%a: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %w: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.while(%i = %c0, %x = %a) : tensor<i32>, tensor<8x8xf32>
  cond {
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %1 = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %i, %c1 : tensor<i32>
    %2 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %3 = stablehlo.tanh %2 : tensor<8x8xf32>
    stablehlo.return %1, %3 : tensor<i32>, tensor<8x8xf32>
  }
  return %0#1 : tensor<8x8xf32>
}
