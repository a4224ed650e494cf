// Load libsdy_c, build a mesh and shardings, propagate, partition, and run
// on 4 local devices with global arrays and with per-device arrays.
//
//	go run ./examples/quickstart [/path/to/libsdy_c.so]
package main

import (
	"errors"
	"fmt"
	"log"
	"os"
	"reflect"

	"sdy"
)

// y = x · w, without shardings: they are attached below.
const program = `
func.func @main(%x: tensor<8x4xf32>, %w: tensor<4x6xf32>) -> tensor<8x6xf32> {
  %y = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  return %y : tensor<8x6xf32>
}`

// block is the part rows x cols of a row-major matrix with width columns.
func block(data []float32, width int64, rows, cols sdy.Range) []float32 {
	var out []float32
	for r := rows.Start; r < rows.Limit; r++ {
		out = append(out, data[r*width+cols.Start:r*width+cols.Limit]...)
	}
	return out
}

func run() error {
	// The path given, else SDY_C_LIBRARY, else the usual search.
	path := ""
	if len(os.Args) > 1 {
		path = os.Args[1]
	}
	lib, err := sdy.Open(path)
	if err != nil {
		return err
	}
	ctx, err := lib.NewContext()
	if err != nil {
		return err
	}
	defer ctx.Close()

	// A 2x2 mesh: x split by rows over "data", w along the contracted
	// dimension over "model" (the partitioner inserts an all_reduce).
	mesh, err := sdy.NewMesh(ctx, []sdy.Axis{{Name: "data", Size: 2}, {Name: "model", Size: 2}}, nil)
	if err != nil {
		return err
	}
	module, err := sdy.ParseModule(ctx, program)
	if err != nil {
		return err
	}
	defer module.Close()
	if err := module.AddMesh("mesh", mesh); err != nil {
		return err
	}
	xSharding, err := sdy.NewSharding(ctx, mesh, "mesh", []sdy.DimSharding{sdy.ClosedDim("data"), sdy.OpenDim()}, nil)
	if err != nil {
		return err
	}
	wSharding, err := sdy.NewSharding(ctx, mesh, "mesh", []sdy.DimSharding{sdy.ClosedDim("model"), sdy.ClosedDim()}, nil)
	if err != nil {
		return err
	}
	if err := module.SetArgSharding("main", 0, xSharding); err != nil {
		return err
	}
	if err := module.SetArgSharding("main", 1, wSharding); err != nil {
		return err
	}

	if err := module.Propagate(ctx); err != nil {
		return err
	}
	ySharding, err := module.ResultSharding("main", 0)
	if err != nil {
		return err
	}
	fmt.Println("y:", ySharding)
	if err := module.Partition(ctx); err != nil {
		return err
	}
	exe, err := sdy.Compile(module, "")
	if err != nil {
		return err
	}
	defer exe.Close()
	n, err := exe.NumDevices()
	if err != nil {
		return err
	}
	backend, err := lib.NewLocalBackend(int(n))
	if err != nil {
		return err
	}
	defer backend.Close()

	// Global arrays: the library scatters the arguments and gathers y.
	x, w := make([]float32, 32), make([]float32, 24)
	for i := range x {
		x[i] = float32(i)
	}
	for i := range w {
		w[i] = float32(i%5) - 2
	}
	global := []sdy.Array{sdy.NewFloat32([]int64{8, 4}, x), sdy.NewFloat32([]int64{4, 6}, w)}
	results, err := exe.RunGlobal(backend, global)
	if err != nil {
		return err
	}
	expected := make([]float32, 48)
	for i := range expected {
		for k := 0; k < 4; k++ {
			expected[i] += x[i/6*4+k] * w[k*6+i%6]
		}
	}
	if y := results[0].Float32s(); !reflect.DeepEqual(y, expected) {
		return fmt.Errorf("global run: %v, want %v", y, expected)
	}

	// Per-device arrays: each device gets the slices a global run would
	// give it, in the order of the backend's local devices.
	devices, err := backend.LocalDevices()
	if err != nil {
		return err
	}
	var local [][]sdy.Array
	for _, d := range devices {
		var args []sdy.Array
		for i, a := range []struct {
			data  []float32
			shape []int64
		}{{x, []int64{8, 4}}, {w, []int64{4, 6}}} {
			slice, err := exe.ArgDeviceSlice(i, a.shape, d)
			if err != nil {
				return err
			}
			shape := []int64{slice[0].Limit - slice[0].Start, slice[1].Limit - slice[1].Start}
			args = append(args, sdy.NewFloat32(shape, block(a.data, a.shape[1], slice[0], slice[1])))
		}
		local = append(local, args)
	}
	perDevice, err := exe.RunLocal(backend, local)
	if err != nil {
		return err
	}
	for i, d := range devices {
		// Device d holds the rows of y its sharding gives it.
		rows, err := ySharding.DeviceSlice([]int64{8, 6}, d)
		if err != nil {
			return err
		}
		if got, want := perDevice[i][0].Float32s(), block(expected, 6, rows[0], rows[1]); !reflect.DeepEqual(got, want) {
			return fmt.Errorf("device %d: %v, want %v", d, got, want)
		}
	}

	// Errors carry a code and the library's message.
	_, err = exe.RunGlobal(backend, global[:1])
	var e *sdy.Error
	if !errors.As(err, &e) || e.Code != sdy.InvalidArgument {
		return fmt.Errorf("expected SDY_INVALID_ARGUMENT, got %v", err)
	}
	fmt.Println("expected error:", err)

	fmt.Printf("ran on %d devices; OK\n", len(devices))
	return nil
}

func main() {
	if err := run(); err != nil {
		log.Fatal(err)
	}
}
