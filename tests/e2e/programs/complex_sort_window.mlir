// Complex numbers sorted lexicographically along the last dimension (the
// first dimension stays sharded), summed over windows of two along it and
// compared with a sharded operand.
// MESH @mesh = xy
// TOL: 1e-5
sdy.mesh @mesh = MESH
func.func @main(%re: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %im: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x7xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}, tensor<8x8xi1> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
  %0 = stablehlo.complex %re, %im : tensor<8x8xcomplex<f32>>
  %1 = "stablehlo.sort"(%0) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %c = stablehlo.compare LT, %a, %b, FLOAT : (tensor<complex<f32>>, tensor<complex<f32>>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) {dimension = 1 : i64} : (tensor<8x8xcomplex<f32>>) -> tensor<8x8xcomplex<f32>>
  %2 = stablehlo.real %1 : (tensor<8x8xcomplex<f32>>) -> tensor<8x8xf32>
  %3 = stablehlo.imag %1 : (tensor<8x8xcomplex<f32>>) -> tensor<8x8xf32>
  %4 = stablehlo.add %2, %3 : tensor<8x8xf32>
  %zero = stablehlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %5 = "stablehlo.reduce_window"(%1, %zero) ({
  ^bb0(%a: tensor<complex<f32>>, %b: tensor<complex<f32>>):
    %s = stablehlo.add %a, %b : tensor<complex<f32>>
    stablehlo.return %s : tensor<complex<f32>>
  }) {window_dimensions = array<i64: 1, 2>} : (tensor<8x8xcomplex<f32>>, tensor<complex<f32>>) -> tensor<8x7xcomplex<f32>>
  %6 = stablehlo.imag %5 : (tensor<8x7xcomplex<f32>>) -> tensor<8x7xf32>
  %7 = stablehlo.compare GE, %1, %0, FLOAT : (tensor<8x8xcomplex<f32>>, tensor<8x8xcomplex<f32>>) -> tensor<8x8xi1>
  return %4, %6, %7 : tensor<8x8xf32>, tensor<8x7xf32>, tensor<8x8xi1>
}
