package sdy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// a split by rows over "x" and columns over "y", b by rows over "y": one
// all_reduce over "y" (groups {0,1} and {2,3}).
const program2x2 = `
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @main(%a: tensor<6x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                %b: tensor<4x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>}) -> tensor<6x2xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x2xf32>) -> tensor<6x2xf32>
  return %0 : tensor<6x2xf32>
}
`

func mustCode(t *testing.T, err error, code Code, contains string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != code || !strings.Contains(e.Message, contains) {
		t.Fatalf("want code %d with %q, got %v", code, contains, err)
	}
}

func newTestContext(t *testing.T) (*Library, *Context) {
	lib := openTestLibrary(t)
	ctx, err := lib.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ctx.Close)
	return lib, ctx
}

func compile2x2(t *testing.T, ctx *Context) *Executable {
	m, err := ParseModule(ctx, program2x2)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if err := m.Propagate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := m.Partition(ctx); err != nil {
		t.Fatal(err)
	}
	exe, err := Compile(m, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(exe.Close)
	return exe
}

// compileOnLocal4 is program2x2 compiled, and a local backend of 4
// devices.
func compileOnLocal4(t *testing.T) (*Executable, *Backend) {
	lib, ctx := newTestContext(t)
	exe := compile2x2(t, ctx)
	backend, err := lib.NewLocalBackend(4)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(backend.Close)
	return exe, backend
}

func filled(shape []int64, v float32) Array {
	values := make([]float32, elements(shape))
	for i := range values {
		values[i] = v
	}
	return NewFloat32(shape, values)
}

func TestLibraryVersionsAndCodeNames(t *testing.T) {
	lib := openTestLibrary(t)
	if !lib.IsCompatible(10000) || lib.IsCompatible(20000) {
		t.Fatal("compatibility")
	}
	if p, err := lib.Func("sdyMeshAxisAttrGet"); err != nil || p == nil {
		t.Fatal(p, err)
	}
	_, err := lib.Func("sdy_no_such_function")
	mustCode(t, err, InvalidArgument, `"sdy_no_such_function"`)
	if lib.CodeName(ParseError) != "SDY_PARSE_ERROR" || lib.CodeName(Cancelled) != "SDY_CANCELLED" {
		t.Fatal(lib.CodeName(ParseError), lib.CodeName(Cancelled))
	}
}

func TestContextAndModuleExposeMLIRHandles(t *testing.T) {
	_, ctx := newTestContext(t)
	if p, err := ctx.MLIRContext(); err != nil || p == nil {
		t.Fatal(p, err)
	}
	m, _ := ParseModule(ctx, program2x2)
	defer m.Close()
	if p, err := m.MLIRModule(); err != nil || p == nil {
		t.Fatal(p, err)
	}
	if err := ctx.SetMultithreading(true); err != nil {
		t.Fatal(err)
	}
}

func TestMeshCoordinatesAndDeviceOrder(t *testing.T) {
	_, ctx := newTestContext(t)
	mesh, err := NewMesh(ctx, []Axis{{"x", 2}, {"y", 2}}, []int64{3, 2, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if has, _ := mesh.HasExplicitDeviceIDs(); !has {
		t.Fatal("explicit ids")
	}
	if ids, _ := mesh.DeviceIDs(); !reflect.DeepEqual(ids, []int64{3, 2, 1, 0}) {
		t.Fatal(ids)
	}
	if d, err := mesh.DeviceAt([]int64{0, 1}); err != nil || d != 2 {
		t.Fatal(d, err)
	}
	if c, _ := mesh.Coordinates(0); !reflect.DeepEqual(c, []int64{1, 1}) {
		t.Fatal(c)
	}
	same, _ := ParseMesh(ctx, `<["x"=2, "y"=2], device_ids=[3, 2, 1, 0]>`)
	if eq, err := mesh.Equal(same); err != nil || !eq {
		t.Fatal(eq, err)
	}
	_, err = mesh.DeviceAt([]int64{2, 0})
	mustCode(t, err, InvalidArgument, "2")
	_, err = NewMesh(ctx, []Axis{{"x", 2}}, []int64{0, 0})
	mustCode(t, err, VerificationError, "")
}

func TestShardingsBuiltAndReadBack(t *testing.T) {
	_, ctx := newTestContext(t)
	mesh, _ := NewMesh(ctx, []Axis{{"x", 4}, {"y", 2}}, nil)
	dims := []DimSharding{
		{Axes: []AxisRef{{Name: "x", PreSize: 1, Size: 2}}, Closed: true, Priority: -1},
		{Axes: []AxisRef{{Name: "y"}}, Closed: false, Priority: 1},
	}
	s, err := NewSharding(ctx, mesh, "mesh", dims, []AxisRef{{Name: "x", PreSize: 2, Size: 2}})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != `#sdy.sharding<@mesh, [{"x":(1)2}, {"y", ?}p1], replicated={"x":(2)2}>` {
		t.Fatal(got)
	}
	if got, _ := s.Dims(); !reflect.DeepEqual(got, dims) {
		t.Fatal(got)
	}
	if got, _ := s.ReplicatedAxes(); !reflect.DeepEqual(got, []AxisRef{{"x", 2, 2}}) {
		t.Fatal(got)
	}
	if name, _ := s.MeshName(); name != "mesh" {
		t.Fatal(name)
	}
	if m, _ := s.Mesh(); m == nil || m.String() != mesh.String() {
		t.Fatal(m)
	}
	parsed, _ := ParseSharding(ctx, s.String(), mesh)
	if eq, _ := s.Equal(parsed); !eq {
		t.Fatal("not equal")
	}
	// Device 3 of a 4x2 mesh: x = 1 (x:(1)2 = 0), y = 1.
	if got, _ := s.DeviceSlice([]int64{5, 6}, 3); !reflect.DeepEqual(got, []Range{{0, 3}, {3, 6}}) {
		t.Fatal(got)
	}
	if err := s.Validate([]int64{5, 6}); err != nil {
		t.Fatal(err)
	}
	mustCode(t, s.Validate([]int64{5}), VerificationError, "rank")
	inline, _ := NewSharding(ctx, mesh, "", []DimSharding{ClosedDim()}, nil)
	if name, err := inline.MeshName(); err != nil || name != "" {
		t.Fatal(name, err)
	}
	_, err = NewSharding(ctx, mesh, "mesh", []DimSharding{ClosedDim("z")}, nil)
	mustCode(t, err, VerificationError, `"z"`)
}

func TestModulesEditedAndInspected(t *testing.T) {
	_, ctx := newTestContext(t)
	_, err := ParseModuleNamed(ctx, "func.func @f(", "prog.mlir")
	mustCode(t, err, ParseError, "prog.mlir:1:")
	empty, err := NewEmptyModule(ctx)
	if err != nil {
		t.Fatal(err)
	}
	mesh, _ := NewMesh(ctx, []Axis{{"x", 2}}, nil)
	if err := empty.AddMesh("m", mesh); err != nil {
		t.Fatal(err)
	}
	if names, _ := empty.MeshNames(); !reflect.DeepEqual(names, []string{"m"}) {
		t.Fatal(names)
	}
	if got, err := empty.Mesh("m"); err != nil || got.String() != mesh.String() {
		t.Fatal(got, err)
	}
	_, err = empty.Mesh("nope")
	mustCode(t, err, FailedPrecondition, "nope")
	if err := empty.Verify(); err != nil {
		t.Fatal(err)
	}

	m, _ := ParseModule(ctx, program2x2)
	if a, r, err := m.FunctionSignature("main"); err != nil || a != 2 || r != 1 {
		t.Fatal(a, r, err)
	}
	_, _, err = m.FunctionSignature("nope")
	mustCode(t, err, InvalidArgument, "nope")
	if s, err := m.ResultSharding("main", 0); err != nil || s != nil {
		t.Fatal(s, err)
	}
	meshOf, _ := m.Mesh("mesh")
	rows, _ := NewSharding(ctx, meshOf, "mesh", []DimSharding{ClosedDim("x"), ClosedDim()}, nil)
	if err := m.SetResultSharding("main", 0, rows); err != nil {
		t.Fatal(err)
	}
	if s, _ := m.ResultSharding("main", 0); s == nil || s.String() != rows.String() {
		t.Fatal(s)
	}
	if err := m.SetResultSharding("main", 0, nil); err != nil {
		t.Fatal(err)
	}
	if s, _ := m.ResultSharding("main", 0); s != nil {
		t.Fatal(s)
	}
	if err := m.SetArgSharding("main", 5, rows); err == nil {
		t.Fatal("argument 5 accepted")
	}
	replicated, _ := NewSharding(ctx, meshOf, "mesh", []DimSharding{ClosedDim(), ClosedDim()}, nil)
	if err := m.AddArgShardingConstraint("main", 1, replicated); err != nil {
		t.Fatal(err)
	}
	if err := m.AddResultShardingConstraint("main", 0, rows); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(m.String(), "sdy.sharding_constraint"); n != 2 {
		t.Fatal(m.String())
	}
	if text, _ := m.Text(PrintGeneric); !strings.Contains(text, `"sdy.sharding_constraint"`) {
		t.Fatal(text)
	}
	if text, _ := m.Text(PrintDebugInfo); !strings.Contains(text, "loc(") {
		t.Fatal(text)
	}
	clone, err := m.Clone()
	if err != nil || clone.String() != m.String() {
		t.Fatal(err)
	}
}

func TestPipelinesPresetsAndTiming(t *testing.T) {
	_, ctx := newTestContext(t)
	m, _ := ParseModule(ctx, program2x2)
	p, err := NewPreset(ctx, "propagation", "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.TimingReport()
	mustCode(t, err, FailedPrecondition, "")
	if err := p.EnableTiming(true); err != nil {
		t.Fatal(err)
	}
	if err := p.Run(m); err != nil {
		t.Fatal(err)
	}
	if report, err := p.TimingReport(); err != nil || report == "" {
		t.Fatal(report, err)
	}
	if p.String() == "" {
		t.Fatal("empty pipeline text")
	}
	_, err = NewPreset(ctx, "nope", "")
	mustCode(t, err, InvalidArgument, "nope")
}

func TestExecutableIntrospection(t *testing.T) {
	_, ctx := newTestContext(t)
	exe := compile2x2(t, ctx)
	if _, shape, _ := exe.ArgType(0); !reflect.DeepEqual(shape, []int64{3, 2}) {
		t.Fatal(shape)
	}
	if s, _ := exe.ArgNumShards(0); !reflect.DeepEqual(s, []int64{2, 2}) {
		t.Fatal(s)
	}
	if s, _ := exe.ArgNumShards(1); !reflect.DeepEqual(s, []int64{2, 1}) {
		t.Fatal(s)
	}
	if s, _ := exe.ResultNumShards(0); !reflect.DeepEqual(s, []int64{2, 1}) {
		t.Fatal(s)
	}
	if g, _ := exe.ArgGlobalShape(0); !reflect.DeepEqual(g, GlobalShape{[]int64{6, 4}, true}) {
		t.Fatal(g)
	}
	if g, _ := exe.ResultGlobalShape(0); !reflect.DeepEqual(g.Shape, []int64{6, 2}) {
		t.Fatal(g)
	}
	// Device 3 is x = 1, y = 1: rows 3..6 and columns 2..4 of a.
	if r, _ := exe.ArgDeviceSlice(0, []int64{6, 4}, 3); !reflect.DeepEqual(r, []Range{{3, 6}, {2, 4}}) {
		t.Fatal(r)
	}
	_, _, err := exe.ArgType(2)
	mustCode(t, err, InvalidArgument, "")
	_, err = exe.ArgDeviceSlice(0, []int64{7, 4}, 0)
	mustCode(t, err, InvalidArgument, "")
	_, err = exe.ResultNumShards(1)
	mustCode(t, err, InvalidArgument, "")
}

func TestLocalRunsTakePerDeviceArrays(t *testing.T) {
	exe, backend := compileOnLocal4(t)
	// Device d holds a block of (d + 1)s and b of ones: its partial sum is
	// 2 (d + 1); the all_reduce over y adds the two devices of a row block.
	args := make([][]Array, 4)
	for d := range args {
		args[d] = []Array{filled([]int64{3, 2}, float32(d+1)), filled([]int64{2, 2}, 1)}
	}
	out, err := exe.RunLocal(backend, args)
	if err != nil {
		t.Fatal(err)
	}
	expected := []float32{6, 6, 14, 14}
	for d := range out {
		if got := out[d][0].Float32s(); !reflect.DeepEqual(got, filled([]int64{3, 2}, expected[d]).Float32s()) {
			t.Fatalf("device %d: %v", d, got)
		}
	}
	_, err = exe.RunLocal(backend, [][]Array{{filled([]int64{2, 2}, 1)}})
	if err == nil || err.Error() != "SDY_INVALID_ARGUMENT: local device 0 has 1 arguments; the function takes 2" {
		t.Fatal(err)
	}
	_, err = exe.RunLocal(backend, args[:2])
	mustCode(t, err, InvalidArgument, "")
	wrong := [][]Array{}
	for range args {
		wrong = append(wrong, []Array{filled([]int64{2, 2}, 1), filled([]int64{2, 2}, 1)})
	}
	_, err = exe.RunLocal(backend, wrong)
	mustCode(t, err, InvalidArgument, "shape")
}

func TestRunOptionsCancelAndValidate(t *testing.T) {
	exe, backend := compileOnLocal4(t)
	args := []Array{filled([]int64{6, 4}, 1), filled([]int64{4, 2}, 1)}
	opts := DefaultRunOptions()
	opts.TimeoutMs = 60000
	y, err := exe.RunGlobalWithOptions(backend, args, &opts)
	if err != nil || !reflect.DeepEqual(y[0].Float32s(), filled([]int64{6, 2}, 4).Float32s()) {
		t.Fatal(y, err)
	}
	flag := NewCancelFlag()
	defer flag.Close()
	flag.Set()
	opts = DefaultRunOptions()
	opts.Cancel = flag
	_, err = exe.RunGlobalWithOptions(backend, args, &opts)
	mustCode(t, err, Cancelled, "")
	local := make([][]Array, 4)
	for d := range local {
		local[d] = []Array{filled([]int64{3, 2}, 1), filled([]int64{2, 2}, 1)}
	}
	_, err = exe.RunLocalWithOptions(backend, local, &opts)
	mustCode(t, err, Cancelled, "")
	opts = RunOptions{TimeoutMs: -1}
	_, err = exe.RunGlobalWithOptions(backend, args, &opts)
	mustCode(t, err, InvalidArgument, "timeout_ms")
	closed := NewCancelFlag()
	closed.Close()
	opts = RunOptions{Cancel: closed}
	_, err = exe.RunGlobalWithOptions(backend, args, &opts)
	mustCode(t, err, InvalidArgument, "the cancel flag was closed")
}

// exchangeBackend is a device backend written in Go: devices are the
// library's threads, and every collective is a rendezvous where each
// member of the group posts its bytes and reads everyone's. It reduces
// f32 sums itself and leaves the other reductions to the runtime.
type exchangeBackend struct {
	devices int
	mu      sync.Mutex
	cond    *sync.Cond
	seq     map[string]int
	rounds  map[string]*round
	reduces int32
}

type round struct {
	data          [][]byte
	arrived, left int
}

func newExchangeBackend(devices int) *exchangeBackend {
	b := &exchangeBackend{devices: devices, seq: map[string]int{}, rounds: map[string]*round{}}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// exchange posts data for device and returns every member's, in group
// order.
func (b *exchangeBackend) exchange(device int64, group []int64, data []byte) ([][]byte, error) {
	pos := -1
	for i, g := range group {
		if g == device {
			pos = i
		}
	}
	if pos < 0 {
		return nil, &BackendError{BackendInvalidArgument, fmt.Sprintf("device %d is not in group %v", device, group)}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	g := fmt.Sprint(group)
	s := b.seq[fmt.Sprint(device, g)]
	b.seq[fmt.Sprint(device, g)] = s + 1
	key := fmt.Sprint(g, "#", s)
	r := b.rounds[key]
	if r == nil {
		r = &round{data: make([][]byte, len(group))}
		b.rounds[key] = r
	}
	r.data[pos] = append([]byte(nil), data...)
	r.arrived++
	b.cond.Broadcast()
	for r.arrived < len(group) {
		b.cond.Wait()
	}
	r.left++
	if r.left == len(group) {
		delete(b.rounds, key)
	}
	return r.data, nil
}

func (b *exchangeBackend) Name() string     { return "go-exchange" }
func (b *exchangeBackend) DeviceCount() int { return b.devices }
func (b *exchangeBackend) LocalDevices() []int64 {
	ids := make([]int64, b.devices)
	for i := range ids {
		ids[i] = int64(i)
	}
	return ids
}

func (b *exchangeBackend) AllReduce(device int64, group []int64, send, recv []byte, count int, dtype, op int32, _ int64) error {
	if dtype != BackendF32 || op != ReduceSum {
		return &BackendError{BackendUnsupported, "only f32 sums"}
	}
	atomic.AddInt32(&b.reduces, 1)
	all, err := b.exchange(device, group, send)
	if err != nil {
		return err
	}
	for i := 0; i < count; i++ {
		var sum float32
		for _, d := range all {
			sum += math.Float32frombits(binary.LittleEndian.Uint32(d[4*i:]))
		}
		binary.LittleEndian.PutUint32(recv[4*i:], math.Float32bits(sum))
	}
	return nil
}

func (b *exchangeBackend) AllGather(device int64, group []int64, send, recv []byte, _ int64) error {
	all, err := b.exchange(device, group, send)
	for i, d := range all {
		copy(recv[i*len(send):], d)
	}
	return err
}

func (b *exchangeBackend) AllToAll(device int64, group []int64, send, recv []byte, chunk int, _ int64) error {
	all, err := b.exchange(device, group, send)
	pos := 0
	for i, g := range group {
		if g == device {
			pos = i
		}
	}
	for j, d := range all {
		copy(recv[j*chunk:(j+1)*chunk], d[pos*chunk:(pos+1)*chunk])
	}
	return err
}

func (b *exchangeBackend) ReduceScatter(int64, []int64, []byte, []byte, int, int32, int32, int64) error {
	return &BackendError{BackendUnsupported, "reduce_scatter is not provided"}
}

func (b *exchangeBackend) CollectivePermute(device int64, pairs [][2]int64, send, recv []byte, _ int64) error {
	all, err := b.exchange(device, b.LocalDevices(), send)
	for _, p := range pairs {
		if p[1] == device {
			copy(recv, all[p[0]])
		}
	}
	return err
}

func (b *exchangeBackend) Barrier(device int64, group []int64, _ int64) error {
	_, err := b.exchange(device, group, nil)
	return err
}

func TestRunOnABackendWrittenInGo(t *testing.T) {
	lib, ctx := newTestContext(t)
	exe := compile2x2(t, ctx)
	impl := newExchangeBackend(4)
	backend, err := lib.NewBackend(impl)
	if err != nil {
		t.Fatal(err)
	}
	defer backend.Close()
	if n, _ := backend.DeviceCount(); n != 4 {
		t.Fatal(n)
	}
	if ids, _ := backend.LocalDevices(); !reflect.DeepEqual(ids, []int64{0, 1, 2, 3}) {
		t.Fatal(ids)
	}
	a, b := make([]float32, 24), make([]float32, 8)
	for i := range a {
		a[i] = float32(i%7) - 3
	}
	for i := range b {
		b[i] = float32(i%3) + 0.5
	}
	y, err := exe.RunGlobal(backend, []Array{NewFloat32([]int64{6, 4}, a), NewFloat32([]int64{4, 2}, b)})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]float32, 12)
	for i := range want {
		for k := 0; k < 4; k++ {
			want[i] += a[i/2*4+k] * b[k*2+i%2]
		}
	}
	if got := y[0].Float32s(); !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if atomic.LoadInt32(&impl.reduces) < 4 {
		t.Fatalf("the all_reduce did not go through the Go backend (%d calls)", impl.reduces)
	}
}

// failingBackend fails every collective: the run reports its code and
// message (a panic becomes an internal error of the backend).
type failingBackend struct {
	*exchangeBackend
	panics bool
}

func (b *failingBackend) AllReduce(int64, []int64, []byte, []byte, int, int32, int32, int64) error {
	if b.panics {
		panic("boom")
	}
	return &BackendError{BackendUnavailable, "the interconnect is down"}
}

func TestGoBackendErrorsReachTheCaller(t *testing.T) {
	lib, ctx := newTestContext(t)
	exe := compile2x2(t, ctx)
	args := []Array{filled([]int64{6, 4}, 1), filled([]int64{4, 2}, 1)}
	for _, panics := range []bool{false, true} {
		impl := &failingBackend{exchangeBackend: newExchangeBackend(4), panics: panics}
		backend, err := lib.NewBackend(impl)
		if err != nil {
			t.Fatal(err)
		}
		_, err = exe.RunGlobal(backend, args)
		backend.Close()
		if panics {
			mustCode(t, err, FailedPrecondition, "backend all_reduce failed: the Go backend panicked: boom")
		} else {
			mustCode(t, err, Unavailable, "the interconnect is down")
		}
	}
}

// docs/go.md shows the examples verbatim (the ctests go_example_* run
// them).
func TestDocsShowTheExamplePrograms(t *testing.T) {
	docs, err := os.ReadFile("../../docs/go.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, example := range []string{"quickstart", "pictures", "attributes"} {
		program, err := os.ReadFile("examples/" + example + "/main.go")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(docs), "```go\n"+string(program)+"```\n") {
			t.Errorf("docs/go.md must hold examples/%s/main.go", example)
		}
	}
}
