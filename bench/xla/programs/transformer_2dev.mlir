module @jit_transformer attributes {mhlo.num_partitions = 2 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["model"=2]> {stablehlo.mesh = {axes = [{name = "model", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<256x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg2: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg3: tensor<512x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg4: tensor<512x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg5: tensor<512x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg6: tensor<512x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg7: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg8: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}, %arg9: tensor<512x2048xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>}, %arg10: tensor<2048xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>}, %arg11: tensor<2048x512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}, %arg12: tensor<512xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) -> (tensor<256x512xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_0 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<256x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x512xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<256x512xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<256x512xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_2 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<256x1xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %12 = stablehlo.add %10, %11 : tensor<256x1xf32>
    %13 = stablehlo.rsqrt %12 : tensor<256x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x512xf32>
    %15 = stablehlo.multiply %5, %14 : tensor<256x512xf32>
    %16 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<256x512xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<256x512xf32>
    %19 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<256x512xf32>
    %21 = stablehlo.add %18, %20 : tensor<256x512xf32>
    %22 = stablehlo.dot_general %21, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x512xf32>, tensor<512x512xf32>) -> tensor<256x512xf32>
    %23 = stablehlo.reshape %22 : (tensor<256x512xf32>) -> tensor<256x8x64xf32>
    %24 = stablehlo.dot_general %21, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x512xf32>, tensor<512x512xf32>) -> tensor<256x512xf32>
    %25 = stablehlo.reshape %24 : (tensor<256x512xf32>) -> tensor<256x8x64xf32>
    %26 = stablehlo.dot_general %21, %arg5, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x512xf32>, tensor<512x512xf32>) -> tensor<256x512xf32>
    %27 = stablehlo.reshape %26 : (tensor<256x512xf32>) -> tensor<256x8x64xf32>
    %28 = stablehlo.dot_general %23, %25, batching_dims = [1] x [1], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<256x8x64xf32>, tensor<256x8x64xf32>) -> tensor<8x256x256xf32>
    %cst_4 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %29 = stablehlo.sqrt %cst_4 : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [] : (tensor<f32>) -> tensor<8x256x256xf32>
    %31 = stablehlo.divide %28, %30 : tensor<8x256x256xf32>
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_5) applies stablehlo.maximum across dimensions = [2] : (tensor<8x256x256xf32>, tensor<f32>) -> tensor<8x256xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x256xf32>
    %34 = stablehlo.maximum %33, %32 : tensor<8x256xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1] : (tensor<8x256xf32>) -> tensor<8x256x1xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2] : (tensor<8x256x1xf32>) -> tensor<8x256x256xf32>
    %37 = stablehlo.subtract %31, %36 : tensor<8x256x256xf32>
    %38 = stablehlo.exponential %37 : tensor<8x256x256xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<8x256x256xf32>, tensor<f32>) -> tensor<8x256xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<8x256xf32>) -> tensor<8x256x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2] : (tensor<8x256x1xf32>) -> tensor<8x256x256xf32>
    %42 = stablehlo.divide %38, %41 : tensor<8x256x256xf32>
    %43 = stablehlo.dot_general %27, %42, batching_dims = [1] x [0], contracting_dims = [0] x [2], precision = [DEFAULT, DEFAULT] : (tensor<256x8x64xf32>, tensor<8x256x256xf32>) -> tensor<8x64x256xf32>
    %44 = stablehlo.transpose %43, dims = [2, 0, 1] : (tensor<8x64x256xf32>) -> tensor<256x8x64xf32>
    %45 = stablehlo.reshape %44 : (tensor<256x8x64xf32>) -> tensor<256x512xf32>
    %46 = stablehlo.dot_general %45, %arg6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x512xf32>, tensor<512x512xf32>) -> tensor<256x512xf32>
    %47 = stablehlo.add %arg0, %46 : tensor<256x512xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.reduce(%47 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_9 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %51 = stablehlo.divide %49, %50 : tensor<256x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x512xf32>
    %53 = stablehlo.subtract %47, %52 : tensor<256x512xf32>
    %54 = stablehlo.multiply %53, %53 : tensor<256x512xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_10) applies stablehlo.add across dimensions = [1] : (tensor<256x512xf32>, tensor<f32>) -> tensor<256xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_11 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %58 = stablehlo.divide %56, %57 : tensor<256x1xf32>
    %cst_12 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %60 = stablehlo.add %58, %59 : tensor<256x1xf32>
    %61 = stablehlo.rsqrt %60 : tensor<256x1xf32>
    %62 = stablehlo.broadcast_in_dim %61, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x512xf32>
    %63 = stablehlo.multiply %53, %62 : tensor<256x512xf32>
    %64 = stablehlo.broadcast_in_dim %arg7, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<256x512xf32>
    %66 = stablehlo.multiply %63, %65 : tensor<256x512xf32>
    %67 = stablehlo.broadcast_in_dim %arg8, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<256x512xf32>
    %69 = stablehlo.add %66, %68 : tensor<256x512xf32>
    %70 = stablehlo.dot_general %69, %arg9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x512xf32>, tensor<512x2048xf32>) -> tensor<256x2048xf32>
    %71 = stablehlo.broadcast_in_dim %arg10, dims = [1] : (tensor<2048xf32>) -> tensor<1x2048xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1] : (tensor<1x2048xf32>) -> tensor<256x2048xf32>
    %73 = stablehlo.add %70, %72 : tensor<256x2048xf32>
    %74 = stablehlo.multiply %73, %73 : tensor<256x2048xf32>
    %75 = stablehlo.multiply %74, %73 : tensor<256x2048xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %77 = stablehlo.multiply %76, %75 : tensor<256x2048xf32>
    %78 = stablehlo.add %73, %77 : tensor<256x2048xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %80 = stablehlo.multiply %79, %78 : tensor<256x2048xf32>
    %81 = stablehlo.tanh %80 : tensor<256x2048xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %83 = stablehlo.add %82, %81 : tensor<256x2048xf32>
    %cst_16 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<256x2048xf32>
    %85 = stablehlo.multiply %84, %83 : tensor<256x2048xf32>
    %86 = stablehlo.multiply %73, %85 : tensor<256x2048xf32>
    %87 = stablehlo.dot_general %86, %arg11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<256x2048xf32>, tensor<2048x512xf32>) -> tensor<256x512xf32>
    %88 = stablehlo.broadcast_in_dim %arg12, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [0, 1] : (tensor<1x512xf32>) -> tensor<256x512xf32>
    %90 = stablehlo.add %87, %89 : tensor<256x512xf32>
    %91 = stablehlo.add %47, %90 : tensor<256x512xf32>
    return %91 : tensor<256x512xf32>
  }
}
