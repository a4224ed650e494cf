// Complex numbers built from sharded parts, squared, Fourier-transformed
// over the last dimension (which needs replication, so the complex tensor
// is resharded) and taken apart again.
// MESH @mesh = xy
// TOL: 1e-4
sdy.mesh @mesh = MESH
func.func @main(%re: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %im: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<8x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) {
  %0 = stablehlo.complex %re, %im : tensor<8x8xcomplex<f32>>
  %1 = stablehlo.multiply %0, %0 : tensor<8x8xcomplex<f32>>
  %2 = stablehlo.fft %1, type = FFT, length = [8] : (tensor<8x8xcomplex<f32>>) -> tensor<8x8xcomplex<f32>>
  %3 = stablehlo.real %2 : (tensor<8x8xcomplex<f32>>) -> tensor<8x8xf32>
  %4 = stablehlo.abs %2 : (tensor<8x8xcomplex<f32>>) -> tensor<8x8xf32>
  %5 = stablehlo.fft %re, type = RFFT, length = [8] : (tensor<8x8xf32>) -> tensor<8x5xcomplex<f32>>
  %6 = stablehlo.imag %5 : (tensor<8x5xcomplex<f32>>) -> tensor<8x5xf32>
  return %3, %4, %6 : tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x5xf32>
}
