// The options of -sdy-convert-global-to-local are the real Shardy's, with its
// defaults; every expected output below is the real Shardy's (JAX 0.10.2),
// except that one partition id (and its i64 conversion) serves every offset
// table where Shardy creates one per table.
// RUN: sdy-opt %s -sdy-convert-global-to-local | FileCheck %s --check-prefix=DEFAULT
// RUN: sdy-opt %s -sdy-convert-global-to-local='per-dim-all-gather=true' | FileCheck %s --check-prefix=PERDIM
// RUN: sdy-opt %s -sdy-convert-global-to-local='combine-multi-dimension-reduce-scatter=true' | FileCheck %s --check-prefix=COMBINE
// RUN: sdy-opt %s -sdy-convert-global-to-local='keep-named-computations=false' | FileCheck %s --check-prefix=INLINE
// RUN: not sdy-opt %s -sdy-convert-global-to-local='enable-rgv3=true' 2>&1 | FileCheck %s --check-prefix=RGV3

// RGV3: error: enable-rgv3 (replica groups as mesh axes) is not supported: the runtime takes replica groups of device ids

sdy.mesh @mesh = <["x"=2, "y"=2, "z"=2]>

// An all_gather of two dimensions, keeping "x" on the first: by default one
// all_gather over "z" then "y" (dimension order), the parts moved next to
// their dimensions; per-dim-all-gather gathers the minor dimension first,
// then the major one.
// DEFAULT-LABEL: func.func @gather_3d(
// DEFAULT-SAME: %arg0: tensor<2x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "z"}, {}, {"y"}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) attributes {sdy.global_type = (tensor<8x6x8xf32>) -> tensor<8x6x8xf32>} {
// DEFAULT-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.reshape %arg0 : (tensor<2x6x4xf32>) -> tensor<1x2x6x4xf32>
// DEFAULT-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V0]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 2, 1, 3], [4, 6, 5, 7]]> : tensor<2x4xi64>, use_global_device_ids}> : (tensor<1x2x6x4xf32>) -> tensor<4x2x6x4xf32>
// DEFAULT-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.reshape [[V1]] : (tensor<4x2x6x4xf32>) -> tensor<2x2x2x6x4xf32>
// DEFAULT-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.transpose [[V2]], dims = [0, 2, 3, 1, 4] : (tensor<2x2x2x6x4xf32>) -> tensor<2x2x6x2x4xf32>
// DEFAULT-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<2x2x6x2x4xf32>) -> tensor<4x6x8xf32>
// DEFAULT-NEXT: return [[V4]] : tensor<4x6x8xf32>
// PERDIM-LABEL: func.func @gather_3d(
// PERDIM-SAME: %arg0: tensor<2x6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "z"}, {}, {"y"}]>}) -> (tensor<4x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) attributes {sdy.global_type = (tensor<8x6x8xf32>) -> tensor<8x6x8xf32>} {
// PERDIM-NEXT: [[V0:%[^ ,:)#]+]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 2 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 2], [1, 3], [4, 6], [5, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<2x6x4xf32>) -> tensor<2x6x8xf32>
// PERDIM-NEXT: [[V1:%[^ ,:)#]+]] = "stablehlo.all_gather"([[V0]]) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}0, 1], [2, 3], [4, 5], [6, 7]]> : tensor<4x2xi64>, use_global_device_ids}> : (tensor<2x6x8xf32>) -> tensor<4x6x8xf32>
// PERDIM-NEXT: return [[V1]] : tensor<4x6x8xf32>
func.func @gather_3d(%arg0: tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "z"}, {}, {"y"}]>}) -> (tensor<8x6x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  %0 = sdy.all_gather [{"z"}, {}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {}, {}]> : tensor<8x6x8xf32>
  return %0 : tensor<8x6x8xf32>
}

// A reduce_scatter over two dimensions: by default an all_reduce over both
// axes and this device's slice (offsets from i64 tables indexed by the
// partition id); combine-multi-dimension-reduce-scatter splits each
// dimension into (parts, part), moves the parts in front and scatters them
// with one reduce_scatter.
// DEFAULT-LABEL: func.func @scatter_2d(
// DEFAULT-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// DEFAULT-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.partition_id : tensor<ui32>
// DEFAULT-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.convert [[V0]] : (tensor<ui32>) -> tensor<i64>
// DEFAULT-NEXT: [[V2:%[^ ,:)#]+]] = "stablehlo.all_reduce"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}0, 4, 2, 6], [1, 5, 3, 7]]> : tensor<2x4xi64>, use_global_device_ids}> ({
// DEFAULT-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// DEFAULT-NEXT: [[V8:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// DEFAULT-NEXT: stablehlo.return [[V8]] : tensor<f32>
// DEFAULT-NEXT: }) : (tensor<8x16xf32>) -> tensor<8x16xf32>
// DEFAULT-NEXT: [[C:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 4, 4, 0, 0, 4, 4]> : tensor<8xi64>
// DEFAULT-NEXT: [[V3:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// DEFAULT-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1xi64>) -> tensor<i64>
// DEFAULT-NEXT: [[C_0:%[^ ,:)#]+]] = stablehlo.constant dense<[0, 0, 0, 0, 8, 8, 8, 8]> : tensor<8xi64>
// DEFAULT-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[C_0]], [[V1]], sizes = [1] : (tensor<8xi64>, tensor<i64>) -> tensor<1xi64>
// DEFAULT-NEXT: [[V6:%[^ ,:)#]+]] = stablehlo.reshape [[V5]] : (tensor<1xi64>) -> tensor<i64>
// DEFAULT-NEXT: [[V7:%[^ ,:)#]+]] = stablehlo.dynamic_slice [[V2]], [[V4]], [[V6]], sizes = [4, 8] : (tensor<8x16xf32>, tensor<i64>, tensor<i64>) -> tensor<4x8xf32>
// DEFAULT-NEXT: return [[V7]] : tensor<4x8xf32>
// COMBINE-LABEL: func.func @scatter_2d(
// COMBINE-SAME: %arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) attributes {sdy.global_type = (tensor<8x16xf32>) -> tensor<8x16xf32>} {
// COMBINE-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.reshape %arg0 : (tensor<8x16xf32>) -> tensor<2x4x2x8xf32>
// COMBINE-NEXT: [[V1:%[^ ,:)#]+]] = stablehlo.transpose [[V0]], dims = [0, 2, 1, 3] : (tensor<2x4x2x8xf32>) -> tensor<2x2x4x8xf32>
// COMBINE-NEXT: [[V2:%[^ ,:)#]+]] = stablehlo.reshape [[V1]] : (tensor<2x2x4x8xf32>) -> tensor<4x4x8xf32>
// COMBINE-NEXT: [[V3:%[^ ,:)#]+]] = "stablehlo.reduce_scatter"([[V2]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<{{\[\[}}0, 4, 2, 6], [1, 5, 3, 7]]> : tensor<2x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
// COMBINE-NEXT: ^bb0([[ARG1:%[^ ,:)#]+]]: tensor<f32>, [[ARG2:%[^ ,:)#]+]]: tensor<f32>):
// COMBINE-NEXT: [[V5:%[^ ,:)#]+]] = stablehlo.add [[ARG1]], [[ARG2]] : tensor<f32>
// COMBINE-NEXT: stablehlo.return [[V5]] : tensor<f32>
// COMBINE-NEXT: }) : (tensor<4x4x8xf32>) -> tensor<1x4x8xf32>
// COMBINE-NEXT: [[V4:%[^ ,:)#]+]] = stablehlo.reshape [[V3]] : (tensor<1x4x8xf32>) -> tensor<4x8xf32>
// COMBINE-NEXT: return [[V4]] : tensor<4x8xf32>
func.func @scatter_2d(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {"x"}]>}) {
  %0 = sdy.reduce_scatter [{"y"}, {"x"}] %arg0 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}

// A named computation is kept with local types by default (as the real
// Shardy keeps it); keep-named-computations=false inlines it.
// DEFAULT-LABEL: func.func @named(
// DEFAULT-NEXT: sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: tensor<4x16xf32>) {
// DEFAULT-NEXT: stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4x16xf32>
// DEFAULT: } : (tensor<4x16xf32>) -> tensor<4x16xf32>
// INLINE-LABEL: func.func @named(
// INLINE-NEXT: [[V0:%[^ ,:)#]+]] = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<4x16xf32>
// INLINE-NEXT: return [[V0]] : tensor<4x16xf32>
func.func @named(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = sdy.named_computation<"foo">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: tensor<8x16xf32>) {
    %1 = stablehlo.add %arg1, %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x16xf32>
    sdy.return %1 : tensor<8x16xf32>
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %0 : tensor<8x16xf32>
}
