// A partitioned program whose device count only its mesh gives (no
// mhlo.num_partitions): each device holds 2 of the 8 elements of the global
// argument, and all devices sum their shards. sdy-run and the C ABI both
// run it on 4 devices.
module {
  sdy.mesh @mesh = <["x"=4]>
  func.func @main(%x: tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
    %s = "stablehlo.all_reduce"(%x) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>}> ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %t = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %t : tensor<i32>
    }) : (tensor<2xi32>) -> tensor<2xi32>
    return %s : tensor<2xi32>
  }
}
