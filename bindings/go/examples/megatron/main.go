// The Megatron-style MLP of examples/megatron_demo.c from Go: batch over
// "data", W1 column-parallel and W2 row-parallel over "model" on a 2x4
// mesh; propagate, partition, run on 8 local devices, check against a
// reference computed here.
//
//	go run ./examples/megatron [/path/to/libsdy_c.so]
package main

import (
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"sdy"
)

const mlp = `
sdy.mesh @mesh = <["data"=2, "model"=4]>
func.func @main(%x: tensor<16x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                %w1: tensor<64x256xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                %w2: tensor<256x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>}) -> tensor<16x64xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x256xf32>) -> tensor<16x256xf32>
  %y = stablehlo.dot_general %h, %w2, contracting_dims = [1] x [0] : (tensor<16x256xf32>, tensor<256x64xf32>) -> tensor<16x64xf32>
  return %y : tensor<16x64xf32>
}
`

func values(n int, seed uint32) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(((uint32(i)*2654435761+seed)>>16)%17)/8 - 1
	}
	return out
}

func matmul(a, b []float32, n, k, m int) []float32 {
	c := make([]float32, n*m)
	for i := 0; i < n; i++ {
		for l := 0; l < k; l++ {
			for j := 0; j < m; j++ {
				c[i*m+j] += a[i*k+l] * b[l*m+j]
			}
		}
	}
	return c
}

func run(path string) error {
	lib, err := sdy.Open(path)
	if err != nil {
		return err
	}
	fmt.Printf("libsdy_c %s from %s\n", lib.VersionString(), lib.Path())
	ctx, err := lib.NewContext()
	if err != nil {
		return err
	}
	defer ctx.Close()
	module, err := sdy.ParseModule(ctx, mlp)
	if err != nil {
		return err
	}
	defer module.Close()
	if err := module.Propagate(ctx); err != nil {
		return err
	}
	if err := module.Partition(ctx); err != nil {
		return err
	}
	fmt.Printf("collectives: %d all_reduce\n", strings.Count(module.String(), "stablehlo.all_reduce"))
	exe, err := sdy.Compile(module, "")
	if err != nil {
		return err
	}
	defer exe.Close()
	devices, err := exe.NumDevices()
	if err != nil {
		return err
	}
	backend, err := lib.NewLocalBackend(int(devices))
	if err != nil {
		return err
	}
	defer backend.Close()
	x, w1, w2 := values(16*64, 1), values(64*256, 2), values(256*64, 3)
	start := time.Now()
	y, err := exe.RunGlobal(backend, []sdy.Array{
		sdy.NewFloat32([]int64{16, 64}, x),
		sdy.NewFloat32([]int64{64, 256}, w1),
		sdy.NewFloat32([]int64{256, 64}, w2),
	})
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	ref := matmul(matmul(x, w1, 16, 64, 256), w2, 16, 256, 64)
	maxErr := 0.0
	for i, v := range y[0].Float32s() {
		maxErr = math.Max(maxErr, math.Abs(float64(v-ref[i])))
	}
	fmt.Printf("ran on %d devices in %.3f ms; max |error| vs reference: %g\n", devices,
		float64(elapsed.Microseconds())/1e3, maxErr)
	if maxErr > 1e-3 {
		return fmt.Errorf("mismatch with the reference")
	}
	fmt.Println("OK")
	return nil
}

func main() {
	path := ""
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	if err := run(path); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
