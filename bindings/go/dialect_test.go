package sdy

import (
	"reflect"
	"strings"
	"testing"
)

// printsAs checks that attr prints as text and that text parses to attr.
func printsAs(t *testing.T, ctx *Context, attr Attribute, text string) {
	t.Helper()
	if got := attr.String(); got != text {
		t.Fatalf("prints as %s, want %s", got, text)
	}
	parsed, err := ParseAttribute(ctx, text)
	if err != nil {
		t.Fatal(err)
	}
	if !parsed.Equal(attr) {
		t.Fatalf("%s parses to another attribute", text)
	}
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestMeshAttr(t *testing.T) {
	_, ctx := newTestContext(t)
	axis := must[MeshAxisAttr](t)
	a, b := axis(NewMeshAxisAttr(ctx, "a", 2)), axis(NewMeshAxisAttr(ctx, "b", 4))
	if a.Name() != "a" || a.Size() != 2 {
		t.Fatalf("axis %s: %q %d", a, a.Name(), a.Size())
	}
	mesh := must[MeshAttr](t)(NewMeshAttr(ctx, []MeshAxisAttr{a, b}, nil))
	if axes := mesh.Axes(); len(axes) != 2 || !axes[0].Equal(a.Attribute) || axes[1].Name() != "b" || len(mesh.DeviceIDs()) != 0 {
		t.Fatalf("mesh %s: axes %v, ids %v", mesh, axes, mesh.DeviceIDs())
	}
	printsAs(t, ctx, mesh.Attribute, `#sdy.mesh<["a"=2, "b"=4]>`)
	ids := []int64{7, 6, 5, 4, 3, 2, 1, 0}
	reordered := must[MeshAttr](t)(NewMeshAttr(ctx, []MeshAxisAttr{a, b}, ids))
	if !reflect.DeepEqual(reordered.DeviceIDs(), ids) {
		t.Fatalf("device ids %v", reordered.DeviceIDs())
	}
	printsAs(t, ctx, reordered.Attribute, `#sdy.mesh<["a"=2, "b"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>`)
	if _, ok := AsMeshAxisAttr(mesh.Attribute); ok {
		t.Error("a mesh is not a mesh axis")
	}
	if m, ok := AsMeshAttr(reordered.Attribute); !ok || m.Axes()[1].Size() != 4 {
		t.Error("AsMeshAttr")
	}
}

func TestShardingAttrs(t *testing.T) {
	_, ctx := newTestContext(t)
	ref := must[AxisRefAttr](t)
	dim := must[DimensionShardingAttr](t)
	sub := must[SubAxisInfoAttr](t)(NewSubAxisInfoAttr(ctx, 1, 2))
	if sub.PreSize() != 1 || sub.Size() != 2 {
		t.Fatalf("sub-axis %s", sub)
	}
	x, ySub := ref(NewAxisRefAttr(ctx, "x", SubAxisInfoAttr{})), ref(NewAxisRefAttr(ctx, "y", sub))
	if x.Name() != "x" || !x.SubAxis().IsNull() || !ySub.SubAxis().Equal(sub.Attribute) {
		t.Fatalf("axis refs %s %s", x, ySub)
	}
	d0 := dim(NewDimensionShardingAttr(ctx, []AxisRefAttr{x, ySub}, true, -1))
	d1 := dim(NewDimensionShardingAttr(ctx, nil, false, 1))
	if axes := d0.Axes(); len(axes) != 2 || !axes[1].Equal(ySub.Attribute) || !d0.IsClosed() || d0.Priority() != -1 {
		t.Fatalf("dim %s", d0)
	}
	if len(d1.Axes()) != 0 || d1.IsClosed() || d1.Priority() != 1 {
		t.Fatalf("dim %s", d1)
	}
	z, w := ref(NewAxisRefAttr(ctx, "z", SubAxisInfoAttr{})), ref(NewAxisRefAttr(ctx, "w", SubAxisInfoAttr{}))
	s := must[TensorShardingAttr](t)(NewTensorShardingAttr(ctx, MeshRef{Name: "mesh"}, []DimensionShardingAttr{d0, d1},
		[]AxisRefAttr{z}, []AxisRefAttr{w}))
	if s.Mesh().Name != "mesh" || len(s.Dims()) != 2 || !s.Dims()[1].Equal(d1.Attribute) ||
		len(s.ReplicatedAxes()) != 1 || s.ReplicatedAxes()[0].Name() != "z" ||
		len(s.UnreducedAxes()) != 1 || s.UnreducedAxes()[0].Name() != "w" {
		t.Fatalf("sharding %s", s)
	}
	printsAs(t, ctx, s.Attribute, `#sdy.sharding<@mesh, [{"x", "y":(1)2}, {?}p1], replicated={"z"}, unreduced={"w"}>`)
	inline := must[MeshAttr](t)(NewMeshAttr(ctx, []MeshAxisAttr{must[MeshAxisAttr](t)(NewMeshAxisAttr(ctx, "x", 4))}, nil))
	s2 := must[TensorShardingAttr](t)(NewTensorShardingAttr(ctx, MeshRef{Mesh: inline}, []DimensionShardingAttr{d1}, nil, nil))
	if m := s2.Mesh(); m.Name != "" || !m.Mesh.Equal(inline.Attribute) {
		t.Fatalf("inline mesh %+v", m)
	}
	printsAs(t, ctx, s2.Attribute, `#sdy.sharding<mesh<["x"=4]>, [{?}p1]>`)
	perValue := must[TensorShardingPerValueAttr](t)(NewTensorShardingPerValueAttr(ctx, []TensorShardingAttr{s, s2}))
	if got := perValue.Shardings(); len(got) != 2 || !got[0].Equal(s.Attribute) || !got[1].Equal(s2.Attribute) {
		t.Fatalf("per value %s", perValue)
	}
	printsAs(t, ctx, perValue.Attribute,
		`#sdy.sharding_per_value<[<@mesh, [{"x", "y":(1)2}, {?}p1], replicated={"z"}, unreduced={"w"}>, <mesh<["x"=4]>, [{?}p1]>]>`)
}

func TestManualAxesAndOpShardingRule(t *testing.T) {
	_, ctx := newTestContext(t)
	manual := must[ManualAxesAttr](t)(NewManualAxesAttr(ctx, []string{"x", "y"}))
	if !reflect.DeepEqual(manual.Axes(), []string{"x", "y"}) {
		t.Fatalf("manual axes %v", manual.Axes())
	}
	printsAs(t, ctx, manual.Attribute, `#sdy<manual_axes{"x", "y"}>`)
	// A matmul: ([i, j], [j, k]) -> ([i, k]), j reduced.
	rule := OpShardingRule{
		FactorSizes:               []int64{8, 16, 32},
		OperandMappings:           [][][]int64{{{0}, {1}}, {{1}, {2}}},
		ResultMappings:            [][][]int64{{{0}, {2}}},
		ReductionFactors:          []int64{1},
		NeedReplicationFactors:    []int64{},
		PermutationFactors:        []int64{},
		BlockedPropagationFactors: []int64{},
	}
	attr := must[OpShardingRuleAttr](t)(NewOpShardingRuleAttr(ctx, rule))
	if got := attr.Rule(); !reflect.DeepEqual(got, rule) {
		t.Fatalf("rule %+v, want %+v", got, rule)
	}
	if ops, res := attr.Ranks(); !reflect.DeepEqual(ops, []int64{2, 2}) || !reflect.DeepEqual(res, []int64{2}) {
		t.Fatalf("ranks %v %v", ops, res)
	}
	printsAs(t, ctx, attr.Attribute, "#sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=32} reduction={j}>")
	full := OpShardingRule{
		FactorSizes:               []int64{2, 3, 4, 5},
		OperandMappings:           [][][]int64{{{0, 1}, {2}, {3}}},
		ResultMappings:            [][][]int64{{{0, 1}, {}, {3}}},
		ReductionFactors:          []int64{},
		NeedReplicationFactors:    []int64{2},
		PermutationFactors:        []int64{3},
		BlockedPropagationFactors: []int64{0},
		IsCustom:                  true,
	}
	attr = must[OpShardingRuleAttr](t)(NewOpShardingRuleAttr(ctx, full))
	if got := attr.Rule(); !reflect.DeepEqual(got, full) {
		t.Fatalf("rule %+v, want %+v", got, full)
	}
	text := attr.String()
	printsAs(t, ctx, attr.Attribute, text)
	for _, want := range []string{"need_replication={k}", "permutation={l}", "custom"} {
		if !strings.Contains(text, want) {
			t.Errorf("%s lacks %s", text, want)
		}
	}
}

func TestInvalidAttributes(t *testing.T) {
	_, ctx := newTestContext(t)
	// An axis alone is not verified; a mesh of it is.
	zero := must[MeshAxisAttr](t)(NewMeshAxisAttr(ctx, "x", 0))
	_, err := NewMeshAttr(ctx, []MeshAxisAttr{zero}, nil)
	mustCode(t, err, InvalidArgument, "the sdy dialect rejected this mesh")
	a := must[MeshAxisAttr](t)(NewMeshAxisAttr(ctx, "a", 2))
	_, err = NewMeshAttr(ctx, []MeshAxisAttr{a}, []int64{0, 0})
	mustCode(t, err, InvalidArgument, "the sdy dialect rejected this mesh")
	_, err = NewOpShardingRuleAttr(ctx, OpShardingRule{FactorSizes: []int64{4}, OperandMappings: [][][]int64{{{-1}}}})
	mustCode(t, err, InvalidArgument, "op sharding rule")
	_, err = ParseAttribute(ctx, "#sdy.mesh<[")
	mustCode(t, err, ParseError, "'#sdy.mesh<[' is not a valid MLIR attribute: unbalanced '[' character in pretty dialect name")
	// After Close, getters give zero values and builders fail.
	_, other := newTestContext(t)
	b := must[MeshAxisAttr](t)(NewMeshAxisAttr(other, "b", 4))
	other.Close()
	if b.Name() != "" || b.Size() != 0 || b.String() != "" {
		t.Errorf("a closed context's axis: %q %d %q", b.Name(), b.Size(), b.String())
	}
	if _, err := NewMeshAxisAttr(other, "c", 2); err == nil {
		t.Error("a closed context built an attribute")
	}
	// The zero values are null attributes.
	var none TensorShardingAttr
	if !none.IsNull() || len(none.Dims()) != 0 || none.Mesh() != (MeshRef{}) || none.String() != "" ||
		(OpShardingRuleAttr{}).Rule().IsCustom || (SubAxisInfoAttr{}).Size() != 0 || !(Attribute{}).Equal(Attribute{}) {
		t.Error("zero-value attributes")
	}
}
