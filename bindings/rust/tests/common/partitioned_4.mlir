sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<10xf32>, %b: tensor<4xf32>) -> (tensor<10xf32>, tensor<8xf32>) {
  %0 = "stablehlo.all_reduce"(%a) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %t = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<10xf32>) -> tensor<10xf32>
  %1 = "stablehlo.all_gather"(%b) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<4xf32>) -> tensor<8xf32>
  return %0, %1 : tensor<10xf32>, tensor<8xf32>
}
