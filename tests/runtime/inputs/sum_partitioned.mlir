// A partitioned program: every device adds its partition id to its input and
// all devices sum the results (run by sdy-run on 4 devices).
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @main(%x: tensor<2xi32>) -> tensor<2xi32> {
    %pid = stablehlo.partition_id : tensor<ui32>
    %p = stablehlo.convert %pid : (tensor<ui32>) -> tensor<i32>
    %pb = stablehlo.broadcast_in_dim %p, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %y = stablehlo.add %x, %pb : tensor<2xi32>
    %s = "stablehlo.all_reduce"(%y) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %t = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<2xi32>
    return %s : tensor<2xi32>
  }
}
