// The partitioner refuses unreduced axes with a diagnostic instead of
// partitioning (and silently dropping the pending reduction): at the start
// of -sdy-partition-pipeline and in -sdy-convert-global-to-local.
// RUN: sdy-opt %s -split-input-file -sdy-partition-pipeline -verify-diagnostics
// RUN: sdy-opt %s -split-input-file -sdy-convert-global-to-local -verify-diagnostics

sdy.mesh @mesh = <["a"=2, "b"=2]>

// expected-error @+1 {{the partitioner does not support unreduced axes yet (sharding #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>); complete the reduction with sdy.all_reduce before partitioning}}
func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}], unreduced={"b"}>}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=2]>

func.func @main(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{the partitioner does not support unreduced axes yet}}
  %0 = sdy.sharded_to_unreduced [{"a"}, {}] %arg0 out_sharding=<@mesh, [{}, {}], unreduced={"a"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
