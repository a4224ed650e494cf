package sdy

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

func testMesh2x4(t *testing.T, ctx *Context) *Mesh {
	mesh, err := NewMesh(ctx, []Axis{{"x", 2}, {"y", 4}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(mesh.Close)
	return mesh
}

func mustSharding(t *testing.T, ctx *Context, text string, mesh *Mesh) *Sharding {
	s, err := ParseSharding(ctx, text, mesh)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func TestLayoutTextListsTheDevicesOfEachTile(t *testing.T) {
	_, ctx := newTestContext(t)
	s := mustSharding(t, ctx, `#sdy.sharding<@mesh, [{"x"}, {"y"}]>`, testMesh2x4(t, ctx))
	grid, err := s.LayoutText([]int64{2, 3}, true)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"+-------------+-------------+-------------+-------------+",
		"| 0           | 1           | 2           | 3           |",
		"| [0,1)x[0,1) | [0,1)x[1,2) | [0,1)x[2,3) | [0,1)x[3,3) |",
		"|             |             |             | pad 0x1     |",
	}
	if lines := strings.Split(grid, "\n"); !reflect.DeepEqual(lines[4:8], want) {
		t.Fatalf("grid:\n%s", grid)
	}
	boxes, err := s.LayoutText([]int64{2, 3}, false)
	if err != nil || !strings.Contains(boxes, "\u2502") {
		t.Fatalf("%v\n%s", err, boxes)
	}
}

var tileRE = regexp.MustCompile(`<g class="tile"[^>]*data-devices="([0-9,]*)"[^>]*data-start="([0-9,]*)" data-limit="([0-9,]*)"`)

func ints(text string) []int64 {
	var out []int64
	for _, v := range strings.Split(text, ",") {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func TestLayoutSVGTilesAreTheDeviceSlices(t *testing.T) {
	_, ctx := newTestContext(t)
	s := mustSharding(t, ctx, `#sdy.sharding<@mesh, [{"y"}, {"x"}]>`, testMesh2x4(t, ctx))
	shape := []int64{5, 3}
	svg, err := s.LayoutSVG(shape)
	if err != nil {
		t.Fatal(err)
	}
	var seen []int
	for _, m := range tileRE.FindAllStringSubmatch(svg, -1) {
		starts, limits := ints(m[2]), ints(m[3])
		for _, d := range ints(m[1]) {
			slice, err := s.DeviceSlice(shape, d)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range slice {
				if r.Start != starts[i] || r.Limit != limits[i] {
					t.Errorf("device %d: svg %v..%v, device slice %v", d, starts, limits, slice)
				}
			}
			seen = append(seen, int(d))
		}
	}
	sort.Ints(seen)
	if !reflect.DeepEqual(seen, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("devices in the SVG tiles: %v\n%s", seen, svg)
	}
}

func TestPictureErrors(t *testing.T) {
	_, ctx := newTestContext(t)
	s := mustSharding(t, ctx, `#sdy.sharding<@mesh, [{"x"}, {}]>`, testMesh2x4(t, ctx))
	_, err := s.LayoutSVG([]int64{4})
	mustCode(t, err, VerificationError, "sharding has 2 dimension shardings but the tensor 'tensor<4xf32>' has rank 1")
	_, err = s.LayoutText([]int64{4, -2}, false)
	mustCode(t, err, InvalidArgument, "shape[1] is -2; dimension sizes must be >= 0")
	huge, err := NewMesh(ctx, []Axis{{"x", 8192}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer huge.Close()
	wide := mustSharding(t, ctx, `#sdy.sharding<@huge, [{"x"}]>`, huge)
	_, err = wide.LayoutText([]int64{8192}, false)
	mustCode(t, err, InvalidArgument, "the mesh has 8192 devices; pictures show at most 4096")
}

func TestHTMLReport(t *testing.T) {
	_, ctx := newTestContext(t)
	m, err := ParseModule(ctx, `sdy.mesh @mesh = <["x"=2]>
func.func @main(%arg0: tensor<4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<4xf32> {
  %0 = sdy.all_gather [{"x"}] %arg0 out_sharding=<@mesh, [{}]> : tensor<4xf32>
  return %0 : tensor<4xf32>
}
`)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	before := m.String()
	html, err := m.HTMLReport()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"<!DOCTYPE html>", `<tr class="collective" data-op="sdy.all_gather">`, "16 bytes, 16 per device"} {
		if !strings.Contains(html, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if m.String() != before {
		t.Error("the report changed the module")
	}
}

// partitionedModule parses a partitioned program for 4 devices (shared
// with the Rust tests): an all_reduce of 10 x f32 (40 B) over all of them
// and an all_gather of 4 x f32 (16 B) over pairs.
func partitionedModule(t *testing.T, ctx *Context) *Module {
	text, err := os.ReadFile("../rust/tests/common/partitioned_4.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseModule(ctx, string(text))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Close)
	return m
}

func TestCollectiveReport(t *testing.T) {
	_, ctx := newTestContext(t)
	m := partitionedModule(t, ctx)
	r, err := m.CollectiveReport(ReportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	cs := r.Collectives
	if len(cs) != 2 || cs[0].Kind != "stablehlo.all_reduce" || cs[1].Kind != "stablehlo.all_gather" {
		t.Fatalf("collectives: %+v", cs)
	}
	// Local backend: device 0 owns the whole (64-byte aligned) part of the
	// all_reduce: 3 x 40 B; the others only send their 40 B.
	check := func(what string, got, want interface{}) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", what, got, want)
		}
	}
	check("all_reduce sent", cs[0].Sent, []int64{120, 40, 40, 40})
	check("all_reduce received", cs[0].Received, []int64{120, 40, 40, 40})
	check("all_reduce axes", cs[0].Axes, []string{"x", "y"})
	check("all_reduce send buffers", cs[0].SendBufferBytes, []int64{40, 40, 40, 40})
	check("all_reduce counted, nested, function", []interface{}{cs[0].Counted, cs[0].Nested, cs[0].Function}, []interface{}{true, false, "main"})
	check("all_gather groups", cs[1].Groups, [][]int64{{0, 2}, {1, 3}})
	check("all_gather sent", cs[1].Sent, []int64{16, 16, 16, 16})
	check("all_gather axes", cs[1].Axes, []string{"x"})
	check("all_gather recv buffers", cs[1].RecvBufferBytes, []int64{32, 32, 32, 32})
	check("all_gather operand types", cs[1].OperandTypes, []string{"tensor<4xf32>"})
	if sum := cs[0].EstimatedSeconds + cs[1].EstimatedSeconds; cs[1].EstimatedSeconds <= 0 || r.EstimatedSeconds < sum*(1-1e-9) || r.EstimatedSeconds > sum*(1+1e-9) {
		t.Errorf("estimated seconds: total %g, collectives %g + %g", r.EstimatedSeconds, cs[0].EstimatedSeconds, cs[1].EstimatedSeconds)
	}
	// The mpi backend sends small buffers whole to every member.
	mpi, err := m.CollectiveReport(ReportOptions{Backend: "mpi"})
	if err != nil {
		t.Fatal(err)
	}
	check("mpi all_reduce sent", mpi.Collectives[0].Sent, []int64{120, 120, 120, 120})
	text, err := m.CollectiveReportText(ReportOptions{})
	if err != nil || !strings.HasPrefix(text, "collective report: 4 device(s), backend local") ||
		!strings.Contains(text, "per device sent/received: 0:120/120 1:40/40") {
		t.Errorf("%v\n%s", err, text)
	}
	if js, err := m.CollectiveReportJSON(ReportOptions{}); err != nil || !strings.HasPrefix(js, "{") {
		t.Errorf("%v\n%s", err, js)
	}
	if n := strings.Count(m.String(), "stablehlo.all_reduce"); n != 1 {
		t.Errorf("the report changed the module: %d all_reduce", n)
	}
}

func TestCollectiveReportErrors(t *testing.T) {
	_, ctx := newTestContext(t)
	m := partitionedModule(t, ctx)
	_, err := m.CollectiveReportText(ReportOptions{Backend: "nccl"})
	mustCode(t, err, InvalidArgument, "unknown backend 'nccl' (local or mpi)")
	_, err = m.CollectiveReport(ReportOptions{NumDevices: 8})
	mustCode(t, err, FailedPrecondition, "device 4 is in no replica group")
	_, err = m.CollectiveReportJSON(ReportOptions{Model: "a b"})
	mustCode(t, err, InvalidArgument, "option 'model=a b' must not contain spaces")
	bad := filepath.Join(t.TempDir(), "bad.model")
	if err := os.WriteFile(bad, []byte("sdy-comm-model 1\nbackend local\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = m.CollectiveReportText(ReportOptions{Model: bad})
	mustCode(t, err, InvalidArgument, "no 'all_reduce' line")
}
