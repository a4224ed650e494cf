package sdy

import (
	"reflect"
	"strings"
	"testing"
)

const queryProgram = `sdy.mesh @mesh = <["x"=2, "y"=4]>
func.func @main(%arg0: tensor<8x16xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x32xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = stablehlo.negate %0 : tensor<8x32xf32>
  return %1 : tensor<8x32xf32>
}
`

func propagatedQueryModule(t *testing.T) (*Context, *Module) {
	lib := openTestLibrary(t)
	ctx, err := lib.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseModule(ctx, queryProgram)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPreset(ctx, "propagation", "debug-sharding-origins=true")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Run(m); err != nil {
		t.Fatal(err)
	}
	return ctx, m
}

func TestQuery(t *testing.T) {
	_, m := propagatedQueryModule(t)
	q, err := NewQuery(m, "main")
	if err != nil {
		t.Fatal(err)
	}
	m.Close() // the snapshot keeps its copy
	var names []string
	for _, op := range q.Ops {
		names = append(names, op.Name)
	}
	if !reflect.DeepEqual(names, []string{"stablehlo.dot_general", "stablehlo.negate", "func.return"}) {
		t.Fatalf("ops %v", names)
	}
	dot := q.Ops[0]
	if dot.Location != "<input>:3:8" || dot.Line != 3 || dot.Column != 8 || dot.Parent != -1 || dot.Depth != 0 {
		t.Fatalf("dot_general %+v", dot)
	}
	if !reflect.DeepEqual(dot.Operands, []int{0, 1}) || !reflect.DeepEqual(dot.Results, []int{2}) {
		t.Fatalf("dot_general values %v %v", dot.Operands, dot.Results)
	}
	kinds := []ValueKind{ValueArgument, ValueArgument, ValueOpResult, ValueOpResult, ValueFunctionResult}
	xy := `#sdy.sharding<@mesh, [{"x"}, {"y"}]>`
	shardings := []string{`#sdy.sharding<@mesh, [{"x"}, {}]>`, `#sdy.sharding<@mesh, [{}, {"y"}]>`, xy, xy, xy}
	if len(q.Values) != len(kinds) {
		t.Fatalf("%d values", len(q.Values))
	}
	for i, v := range q.Values {
		if v.Kind != kinds[i] || v.Sharding == nil || v.Sharding.String() != shardings[i] {
			t.Fatalf("value %d: %+v %v", i, v, v.Sharding)
		}
	}
	if v := q.Values[1]; v.Type != "tensor<16x32xf32>" || v.ElementType != "f32" ||
		!reflect.DeepEqual(v.Shape, []int64{16, 32}) {
		t.Fatalf("value 1: %+v", v)
	}
	want := []Origin{{"x", "input: 0", OriginInput, 0, 0}, {"y", "input: 1", OriginInput, 1, 1}}
	if !reflect.DeepEqual(q.Values[2].Origins, want) {
		t.Fatalf("origins %+v", q.Values[2].Origins)
	}
}

func TestQueryUnknownFunction(t *testing.T) {
	_, m := propagatedQueryModule(t)
	defer m.Close()
	_, err := NewQuery(m, "nope")
	e, ok := err.(*Error)
	if !ok || e.Code != InvalidArgument || !strings.Contains(e.Message, "sdy_query_create: the module has no function @nope") {
		t.Fatalf("got %v", err)
	}
}
