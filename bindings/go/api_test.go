package sdy

import (
	"errors"
	"strings"
	"sync"
	"testing"
)

func openTestLibrary(t *testing.T) *Library {
	lib, err := Open("")
	if err != nil {
		t.Fatalf("SDY_C_LIBRARY must name libsdy_c.so (the ctest sets it): %v", err)
	}
	return lib
}

const matmul = `
sdy.mesh @mesh = <["x"=2]>
func.func @main(%a: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                %b: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<4x4xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}
`

func TestOpenMissingLibrary(t *testing.T) {
	_, err := Open("/nonexistent/libsdy_c.so")
	var e *Error
	if !errors.As(err, &e) || e.Code != LibraryNotFound {
		t.Fatalf("got %v", err)
	}
	if !strings.HasPrefix(e.Message, "cannot load libsdy_c (pass its path to sdy.Open or set SDY_C_LIBRARY): /nonexistent/libsdy_c.so") {
		t.Fatalf("message: %s", e.Message)
	}
}

func TestErrorsCarryTheCode(t *testing.T) {
	lib := openTestLibrary(t)
	ctx, err := lib.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Close()
	_, err = ParseModule(ctx, "func.func @f(")
	var e *Error
	if !errors.As(err, &e) || e.Code != ParseError || e.Name != "SDY_PARSE_ERROR" {
		t.Fatalf("got %v", err)
	}
	if !strings.HasPrefix(e.Message, "sdy_module_parse: <input>:1:") {
		t.Fatalf("message: %s", e.Message)
	}
	_, err = NewMesh(ctx, []Axis{{"x", 2}, {"x", 4}}, nil)
	if !errors.As(err, &e) || e.Code != VerificationError {
		t.Fatalf("got %v", err)
	}
	_, err = NewPreset(ctx, "propagation", "propagation-strategy=fast")
	if err == nil || !strings.Contains(err.Error(), "'fast' is not one of basic, aggressive, basic-then-aggressive") {
		t.Fatalf("got %v", err)
	}
}

func TestMeshesAndShardings(t *testing.T) {
	lib := openTestLibrary(t)
	ctx, _ := lib.NewContext()
	defer ctx.Close()
	mesh, err := NewMesh(ctx, []Axis{{"x", 2}, {"y", 4}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer mesh.Close()
	if s := mesh.String(); s != `<["x"=2, "y"=4]>` {
		t.Fatal(s)
	}
	if n, _ := mesh.NumDevices(); n != 8 {
		t.Fatal(n)
	}
	axes, _ := mesh.Axes()
	if len(axes) != 2 || axes[1] != (Axis{"y", 4}) {
		t.Fatal(axes)
	}
	s, err := ParseSharding(ctx, `#sdy.sharding<@mesh, [{"x"}, {"y"}]>`, mesh)
	if err != nil {
		t.Fatal(err)
	}
	// A sharding is safe for concurrent use.
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if got, err := s.LocalShape([]int64{7, 16}); err != nil || got[0] != 4 || got[1] != 4 {
				t.Errorf("%v %v", got, err)
			}
		}()
	}
	wg.Wait()
	s.Close()
	s.Close() // a second Close does nothing
	mesh.Close()
	if _, err := mesh.NumDevices(); err == nil || err.(*Error).Code != InvalidArgument {
		t.Fatalf("a closed mesh: %v", err)
	}
}

func TestPartitionAndRun(t *testing.T) {
	lib := openTestLibrary(t)
	ctx, _ := lib.NewContext()
	defer ctx.Close()
	m, err := ParseModule(ctx, matmul)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if names, _ := m.FunctionNames(); len(names) != 1 || names[0] != "main" {
		t.Fatal(names)
	}
	if s, _ := m.ArgSharding("main", 0); s == nil || s.String() != `#sdy.sharding<@mesh, [{}, {"x"}]>` {
		t.Fatal(s)
	}
	if err := m.Partition(ctx); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.String(), "stablehlo.all_reduce") {
		t.Fatal(m.String())
	}
	exe, err := Compile(m, "")
	if err != nil {
		t.Fatal(err)
	}
	defer exe.Close()
	if n, _ := exe.NumDevices(); n != 2 {
		t.Fatal(n)
	}
	backend, err := lib.NewLocalBackend(2)
	if err != nil {
		t.Fatal(err)
	}
	defer backend.Close()
	if ids, _ := backend.LocalDevices(); len(ids) != 2 || ids[1] != 1 {
		t.Fatal(ids)
	}
	a, b := make([]float32, 32), make([]float32, 32)
	for i := range a {
		a[i], b[i] = float32(i%7), float32(i%3)
	}
	y, err := exe.RunGlobal(backend, []Array{NewFloat32([]int64{4, 8}, a), NewFloat32([]int64{8, 4}, b)})
	if err != nil {
		t.Fatal(err)
	}
	got := y[0].Float32s()
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			var want float32
			for k := 0; k < 8; k++ {
				want += a[i*8+k] * b[k*4+j]
			}
			if got[i*4+j] != want {
				t.Fatalf("y[%d][%d] = %v, want %v", i, j, got[i*4+j], want)
			}
		}
	}
	_, err = exe.RunGlobal(backend, []Array{NewFloat32([]int64{8, 4}, a), NewFloat32([]int64{8, 4}, b)})
	if e, ok := err.(*Error); !ok || e.Code != InvalidArgument {
		t.Fatalf("wrong shape: %v", err)
	}
	_, err = exe.RunGlobal(backend, []Array{{Dtype: Float32, Shape: []int64{4, 8}}, NewFloat32([]int64{8, 4}, b)})
	if err == nil || err.Error() != "SDY_INVALID_ARGUMENT: argument 0: 0 bytes of data for shape [4 8]" {
		t.Fatalf("short data: %v", err)
	}
}
