module @jit_elementwise attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2048x2048xf32>) -> (tensor<2048x2048xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<2048x2048xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<2048x2048xf32>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<2048x2048xf32>
    %4 = stablehlo.add %arg0, %3 : tensor<2048x2048xf32>
    %cst_0 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %6 = stablehlo.multiply %5, %4 : tensor<2048x2048xf32>
    %7 = stablehlo.tanh %6 : tensor<2048x2048xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %9 = stablehlo.add %8, %7 : tensor<2048x2048xf32>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %11 = stablehlo.multiply %10, %9 : tensor<2048x2048xf32>
    %12 = stablehlo.multiply %arg0, %11 : tensor<2048x2048xf32>
    %13 = stablehlo.multiply %12, %12 : tensor<2048x2048xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<2048x2048xf32>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %16 = stablehlo.multiply %15, %14 : tensor<2048x2048xf32>
    %17 = stablehlo.add %12, %16 : tensor<2048x2048xf32>
    %cst_4 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %19 = stablehlo.multiply %18, %17 : tensor<2048x2048xf32>
    %20 = stablehlo.tanh %19 : tensor<2048x2048xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %22 = stablehlo.add %21, %20 : tensor<2048x2048xf32>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %24 = stablehlo.multiply %23, %22 : tensor<2048x2048xf32>
    %25 = stablehlo.multiply %12, %24 : tensor<2048x2048xf32>
    %26 = stablehlo.multiply %25, %25 : tensor<2048x2048xf32>
    %27 = stablehlo.multiply %26, %25 : tensor<2048x2048xf32>
    %cst_7 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %29 = stablehlo.multiply %28, %27 : tensor<2048x2048xf32>
    %30 = stablehlo.add %25, %29 : tensor<2048x2048xf32>
    %cst_8 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %32 = stablehlo.multiply %31, %30 : tensor<2048x2048xf32>
    %33 = stablehlo.tanh %32 : tensor<2048x2048xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %35 = stablehlo.add %34, %33 : tensor<2048x2048xf32>
    %cst_10 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %37 = stablehlo.multiply %36, %35 : tensor<2048x2048xf32>
    %38 = stablehlo.multiply %25, %37 : tensor<2048x2048xf32>
    %39 = stablehlo.multiply %38, %38 : tensor<2048x2048xf32>
    %40 = stablehlo.multiply %39, %38 : tensor<2048x2048xf32>
    %cst_11 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %42 = stablehlo.multiply %41, %40 : tensor<2048x2048xf32>
    %43 = stablehlo.add %38, %42 : tensor<2048x2048xf32>
    %cst_12 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %45 = stablehlo.multiply %44, %43 : tensor<2048x2048xf32>
    %46 = stablehlo.tanh %45 : tensor<2048x2048xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %48 = stablehlo.add %47, %46 : tensor<2048x2048xf32>
    %cst_14 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2048x2048xf32>
    %50 = stablehlo.multiply %49, %48 : tensor<2048x2048xf32>
    %51 = stablehlo.multiply %38, %50 : tensor<2048x2048xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_15) applies stablehlo.add across dimensions = [1] : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_16 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %55 = stablehlo.divide %53, %54 : tensor<2048x1xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x2048xf32>
    %57 = stablehlo.subtract %51, %56 : tensor<2048x2048xf32>
    %58 = stablehlo.multiply %57, %57 : tensor<2048x2048xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_17) applies stablehlo.add across dimensions = [1] : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048xf32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0] : (tensor<2048xf32>) -> tensor<2048x1xf32>
    %cst_18 = stablehlo.constant dense<2.048000e+03> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %62 = stablehlo.divide %60, %61 : tensor<2048x1xf32>
    %cst_19 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2048x1xf32>
    %64 = stablehlo.add %62, %63 : tensor<2048x1xf32>
    %65 = stablehlo.rsqrt %64 : tensor<2048x1xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1] : (tensor<2048x1xf32>) -> tensor<2048x2048xf32>
    %67 = stablehlo.multiply %57, %66 : tensor<2048x2048xf32>
    return %67 : tensor<2048x2048xf32>
  }
}
