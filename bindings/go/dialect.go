package sdy

// #include "mlir_shims.h"
import "C"

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// Typed MLIR attributes of the sdy dialect (dialect.h, Shardy's C API
// names): meshes, axes, shardings, manual axes and op sharding rules,
// built and read without parsing text.
//
// An attribute belongs to the MLIR context of a Context: uniqued and
// immutable, never freed one by one, valid while the Context is open
// (after Close, getters return zero values and builders fail). Being
// immutable, an attribute may be read from several goroutines at once;
// building one uses the Context, one goroutine at a time. A builder whose
// arguments the dialect rejects gives InvalidArgument: to learn why a mesh
// or sharding is invalid, build it with NewMesh / NewSharding, whose
// errors say why.

// mlirAPI holds the functions of MLIR's C API the attributes use.
type mlirAPI struct {
	print, parse, equal, attach, detach, printDiagnostic   unsafe.Pointer
	flatSymbolRefGet, flatSymbolRefValue, isAFlatSymbolRef unsafe.Pointer
	stringAttrGet                                          unsafe.Pointer
}

var mlirAPIs sync.Map // *Library -> *mlirAPI

func (l *Library) mlir() (*mlirAPI, error) {
	if api, ok := mlirAPIs.Load(l); ok {
		return api.(*mlirAPI), nil
	}
	var api mlirAPI
	for _, f := range []struct {
		name string
		p    *unsafe.Pointer
	}{
		{"mlirAttributePrint", &api.print}, {"mlirAttributeParseGet", &api.parse},
		{"mlirAttributeEqual", &api.equal}, {"mlirContextAttachDiagnosticHandler", &api.attach},
		{"mlirContextDetachDiagnosticHandler", &api.detach}, {"mlirDiagnosticPrint", &api.printDiagnostic},
		{"mlirFlatSymbolRefAttrGet", &api.flatSymbolRefGet}, {"mlirFlatSymbolRefAttrGetValue", &api.flatSymbolRefValue},
		{"mlirAttributeIsAFlatSymbolRef", &api.isAFlatSymbolRef}, {"mlirStringAttrGet", &api.stringAttrGet},
	} {
		cname := C.CString(f.name)
		*f.p = C.dlsym(l.handle, cname)
		C.free(unsafe.Pointer(cname))
		if *f.p == nil {
			return nil, &Error{Code: Unimplemented, Name: "SDY_UNIMPLEMENTED", Message: l.path + " does not export " + f.name}
		}
	}
	stored, _ := mlirAPIs.LoadOrStore(l, &api)
	return stored.(*mlirAPI), nil
}

// Attribute is an MLIR attribute of a Context's MLIR context (any kind;
// the typed views below check theirs with AsMeshAttr and the like).
type Attribute struct {
	ctx *Context
	ptr unsafe.Pointer
}

// c is the C attribute: null once the context is closed, which the C
// functions answer with zero values.
func (a Attribute) c() C.MlirAttribute {
	if a.ctx == nil || a.ctx.ptr == nil {
		return C.MlirAttribute{}
	}
	return C.MlirAttribute{ptr: a.ptr}
}

// anyLibrary is a loaded library, for the getters of zero-value
// attributes (every C getter answers a null attribute with a zero value).
var anyLibrary atomic.Value

func (a Attribute) f(name string) unsafe.Pointer {
	if a.ctx != nil {
		return a.ctx.lib.fn(name)
	}
	lib, ok := anyLibrary.Load().(*Library)
	if !ok {
		panic("sdy: an attribute getter before any library was opened")
	}
	return lib.fn(name)
}

func (a Attribute) child(raw C.MlirAttribute) Attribute { return Attribute{ctx: a.ctx, ptr: raw.ptr} }

// IsNull tells whether there is no attribute (the zero value, or an
// absent optional part such as a sub-axis).
func (a Attribute) IsNull() bool { return a.ptr == nil }

// MLIRAttribute is the MlirAttribute (its `ptr` field), for MLIR's C API.
func (a Attribute) MLIRAttribute() unsafe.Pointer { return a.ptr }

// String is the attribute as MLIR prints it ("" for a null attribute).
func (a Attribute) String() string {
	if a.IsNull() || a.ctx.ptr == nil {
		return ""
	}
	api, err := a.ctx.lib.mlir()
	if err != nil {
		return ""
	}
	text := C.sdy_go_print_attribute(api.print, a.c())
	defer C.free(unsafe.Pointer(text))
	return C.GoString(text)
}

// Equal tells whether two attributes are the same (attributes are
// uniqued).
func (a Attribute) Equal(b Attribute) bool {
	if a.IsNull() || b.IsNull() || a.ctx.ptr == nil {
		return a.IsNull() && b.IsNull()
	}
	api, err := a.ctx.lib.mlir()
	return err == nil && bool(C.sdy_go_attribute_equal(api.equal, a.c(), b.c()))
}

func mlirContext(ctx *Context) (C.MlirContext, error) {
	p, err := ctx.MLIRContext()
	return C.MlirContext{ptr: p}, err
}

// stringRef points at s's bytes (valid while the Go string is).
func stringRef(s string) (C.MlirStringRef, func()) {
	cs := C.CString(s)
	return C.MlirStringRef{data: cs, length: C.size_t(len(s))}, func() { C.free(unsafe.Pointer(cs)) }
}

func goStringRef(s C.MlirStringRef) string {
	if s.data == nil {
		return ""
	}
	return C.GoStringN(s.data, C.int(s.length))
}

// ParseAttribute parses MLIR attribute text, e.g. #sdy.mesh<["a"=2]>
// (ParseError with MLIR's diagnostics when it rejects it).
func ParseAttribute(ctx *Context, text string) (Attribute, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return Attribute{}, err
	}
	api, err := ctx.lib.mlir()
	if err != nil {
		return Attribute{}, err
	}
	ref, free := stringRef(text)
	defer free()
	var diagnostics *C.char
	raw := C.sdy_go_parse_attribute(api.parse, api.attach, api.detach, api.printDiagnostic, mctx, ref, &diagnostics)
	defer C.free(unsafe.Pointer(diagnostics))
	if raw.ptr == nil {
		return Attribute{}, &Error{Code: ParseError, Name: "SDY_PARSE_ERROR",
			Message: "'" + text + "' is not a valid MLIR attribute: " + C.GoString(diagnostics)}
	}
	return Attribute{ctx: ctx, ptr: raw.ptr}, nil
}

// built is the attribute a builder returned, or why there is none.
func built(ctx *Context, raw C.MlirAttribute, what string) (Attribute, error) {
	if raw.ptr == nil {
		return Attribute{}, invalid("the sdy dialect rejected this %s", what)
	}
	return Attribute{ctx: ctx, ptr: raw.ptr}, nil
}

func (a Attribute) is(fn string) bool {
	return !a.IsNull() && bool(C.sdy_go_attribute_is_a(a.f(fn), a.c()))
}

// cAttrs is a C array of attributes (one spare element so that &out[0]
// is valid for an empty list).
func cAttrs(n int, at func(int) Attribute) []C.MlirAttribute {
	out := make([]C.MlirAttribute, n+1)
	for i := 0; i < n; i++ {
		out[i] = at(i).c()
	}
	return out
}

// list reads items 0..n-1 of a list getter.
func list[T any](n C.intptr_t, at func(C.intptr_t) T) []T {
	out := make([]T, 0, int(n))
	for i := C.intptr_t(0); i < n; i++ {
		out = append(out, at(i))
	}
	return out
}

// MeshAxisAttr is a mesh axis: "x"=4.
type MeshAxisAttr struct{ Attribute }

// AsMeshAxisAttr is the typed view of a, if a is a mesh axis.
func AsMeshAxisAttr(a Attribute) (MeshAxisAttr, bool) {
	return MeshAxisAttr{a}, a.is("sdyAttributeIsAMeshAxisAttr")
}

// NewMeshAxisAttr is the axis name of size devices.
func NewMeshAxisAttr(ctx *Context, name string, size int64) (MeshAxisAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return MeshAxisAttr{}, err
	}
	ref, free := stringRef(name)
	defer free()
	a, err := built(ctx, C.call_sdyMeshAxisAttrGet(ctx.lib.fn("sdyMeshAxisAttrGet"), mctx, ref, C.int64_t(size)), "mesh axis")
	return MeshAxisAttr{a}, err
}

// Name is the axis name.
func (a MeshAxisAttr) Name() string {
	return goStringRef(C.call_sdyMeshAxisAttrGetName(a.f("sdyMeshAxisAttrGetName"), a.c()))
}

// Size is the number of devices along the axis.
func (a MeshAxisAttr) Size() int64 {
	return int64(C.call_sdyMeshAxisAttrGetSize(a.f("sdyMeshAxisAttrGetSize"), a.c()))
}

// MeshAttr is a mesh: #sdy.mesh<["a"=2, "b"=4]>, with optional device ids.
type MeshAttr struct{ Attribute }

// AsMeshAttr is the typed view of a, if a is a mesh.
func AsMeshAttr(a Attribute) (MeshAttr, bool) { return MeshAttr{a}, a.is("sdyAttributeIsAMeshAttr") }

// NewMeshAttr is a mesh of axes (major first); deviceIDs nil for the
// default order.
func NewMeshAttr(ctx *Context, axes []MeshAxisAttr, deviceIDs []int64) (MeshAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return MeshAttr{}, err
	}
	ca := cAttrs(len(axes), func(i int) Attribute { return axes[i].Attribute })
	ids := toC(deviceIDs)
	a, err := built(ctx, C.call_sdyMeshAttrGet(ctx.lib.fn("sdyMeshAttrGet"), mctx, C.intptr_t(len(axes)), &ca[0],
		C.intptr_t(len(deviceIDs)), &ids[0]), "mesh")
	return MeshAttr{a}, err
}

// Axes are the mesh axes, major first.
func (a MeshAttr) Axes() []MeshAxisAttr {
	n := C.call_sdyMeshAttrGetAxesSize(a.f("sdyMeshAttrGetAxesSize"), a.c())
	return list(n, func(i C.intptr_t) MeshAxisAttr {
		return MeshAxisAttr{a.child(C.call_sdyMeshAttrGetAxesElem(a.f("sdyMeshAttrGetAxesElem"), a.c(), i))}
	})
}

// DeviceIDs are the explicit device ids (empty for the default order).
func (a MeshAttr) DeviceIDs() []int64 {
	n := C.call_sdyMeshAttrGetDeviceIdsSize(a.f("sdyMeshAttrGetDeviceIdsSize"), a.c())
	return list(C.intptr_t(n), func(i C.intptr_t) int64 {
		return int64(C.call_sdyMeshAttrGetDeviceIdsElem(a.f("sdyMeshAttrGetDeviceIdsElem"), a.c(), C.int64_t(i)))
	})
}

// SubAxisInfoAttr is the (preSize)size of a sub-axis reference.
type SubAxisInfoAttr struct{ Attribute }

// AsSubAxisInfoAttr is the typed view of a, if a is a sub-axis info.
func AsSubAxisInfoAttr(a Attribute) (SubAxisInfoAttr, bool) {
	return SubAxisInfoAttr{a}, a.is("sdyAttributeIsASubAxisInfoAttr")
}

// NewSubAxisInfoAttr is (preSize)size.
func NewSubAxisInfoAttr(ctx *Context, preSize, size int64) (SubAxisInfoAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return SubAxisInfoAttr{}, err
	}
	a, err := built(ctx, C.call_sdySubAxisInfoAttrGet(ctx.lib.fn("sdySubAxisInfoAttrGet"), mctx, C.int64_t(preSize),
		C.int64_t(size)), "sub-axis info")
	return SubAxisInfoAttr{a}, err
}

// PreSize is the product of the sizes of the sub-axes before this one.
func (a SubAxisInfoAttr) PreSize() int64 {
	return int64(C.call_sdySubAxisInfoAttrGetPreSize(a.f("sdySubAxisInfoAttrGetPreSize"), a.c()))
}

// Size is the sub-axis size.
func (a SubAxisInfoAttr) Size() int64 {
	return int64(C.call_sdySubAxisInfoAttrGetSize(a.f("sdySubAxisInfoAttrGetSize"), a.c()))
}

// AxisRefAttr is a reference to a mesh axis, "x", or to a sub-axis,
// "x":(1)2.
type AxisRefAttr struct{ Attribute }

// AsAxisRefAttr is the typed view of a, if a is an axis reference.
func AsAxisRefAttr(a Attribute) (AxisRefAttr, bool) {
	return AxisRefAttr{a}, a.is("sdyAttributeIsAnAxisRefAttr")
}

// NewAxisRefAttr is the axis name, or its sub-axis subAxis when that is
// not the zero value.
func NewAxisRefAttr(ctx *Context, name string, subAxis SubAxisInfoAttr) (AxisRefAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return AxisRefAttr{}, err
	}
	ref, free := stringRef(name)
	defer free()
	a, err := built(ctx, C.call_sdyAxisRefAttrGet(ctx.lib.fn("sdyAxisRefAttrGet"), mctx, ref, subAxis.c()),
		"axis reference")
	return AxisRefAttr{a}, err
}

// Name is the axis name.
func (a AxisRefAttr) Name() string {
	return goStringRef(C.call_sdyAxisRefAttrGetName(a.f("sdyAxisRefAttrGetName"), a.c()))
}

// SubAxis is the sub-axis info (IsNull for a whole axis).
func (a AxisRefAttr) SubAxis() SubAxisInfoAttr {
	return SubAxisInfoAttr{a.child(C.call_sdyAxisRefAttrGetSubAxisInfo(a.f("sdyAxisRefAttrGetSubAxisInfo"), a.c()))}
}

// DimensionShardingAttr is the sharding of one dimension: {"x", "y"},
// open {"x", ?}, with an optional priority p1.
type DimensionShardingAttr struct{ Attribute }

// AsDimensionShardingAttr is the typed view of a, if a is a dimension
// sharding.
func AsDimensionShardingAttr(a Attribute) (DimensionShardingAttr, bool) {
	return DimensionShardingAttr{a}, a.is("sdyAttributeIsADimensionShardingAttr")
}

// NewDimensionShardingAttr is a dimension split by axes (major first);
// priority -1 for none.
func NewDimensionShardingAttr(ctx *Context, axes []AxisRefAttr, isClosed bool, priority int64) (DimensionShardingAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return DimensionShardingAttr{}, err
	}
	ca := cAttrs(len(axes), func(i int) Attribute { return axes[i].Attribute })
	a, err := built(ctx, C.call_sdyDimensionShardingAttrGet(ctx.lib.fn("sdyDimensionShardingAttrGet"), mctx,
		C.intptr_t(len(axes)), &ca[0], C.bool(isClosed), C.int64_t(priority)), "dimension sharding")
	return DimensionShardingAttr{a}, err
}

// Axes are the axes splitting the dimension, major first.
func (a DimensionShardingAttr) Axes() []AxisRefAttr {
	n := C.call_sdyDimensionShardingAttrGetAxesSize(a.f("sdyDimensionShardingAttrGetAxesSize"), a.c())
	return list(n, func(i C.intptr_t) AxisRefAttr {
		return AxisRefAttr{a.child(C.call_sdyDimensionShardingAttrGetAxesElem(a.f("sdyDimensionShardingAttrGetAxesElem"), a.c(), i))}
	})
}

// IsClosed tells whether propagation may not add axes.
func (a DimensionShardingAttr) IsClosed() bool {
	return bool(C.call_sdyDimensionShardingAttrGetIsClosed(a.f("sdyDimensionShardingAttrGetIsClosed"), a.c()))
}

// Priority is the priority (0 the highest), -1 for none.
func (a DimensionShardingAttr) Priority() int64 {
	return int64(C.call_sdyDimensionShardingAttrGetPriority(a.f("sdyDimensionShardingAttrGetPriority"), a.c()))
}

// TensorShardingAttr is a tensor sharding:
// #sdy.sharding<@mesh, [{"x"}, {}], replicated={"y"}>.
type TensorShardingAttr struct{ Attribute }

// AsTensorShardingAttr is the typed view of a, if a is a tensor sharding.
func AsTensorShardingAttr(a Attribute) (TensorShardingAttr, bool) {
	return TensorShardingAttr{a}, a.is("sdyAttributeIsATensorShardingAttr")
}

// MeshRef is the mesh of a TensorShardingAttr: the symbol Name (@Name)
// when not empty, else the inlined Mesh.
type MeshRef struct {
	Name string
	Mesh MeshAttr
}

// NewTensorShardingAttr is a sharding over mesh with one dimension
// sharding per dimension, the axes it is replicated over, and its
// unreduced axes (partial values that an all_reduce completes).
func NewTensorShardingAttr(ctx *Context, mesh MeshRef, dims []DimensionShardingAttr, replicated, unreduced []AxisRefAttr) (TensorShardingAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return TensorShardingAttr{}, err
	}
	meshAttr := mesh.Mesh.c()
	if mesh.Name != "" {
		api, err := ctx.lib.mlir()
		if err != nil {
			return TensorShardingAttr{}, err
		}
		ref, free := stringRef(mesh.Name)
		defer free()
		meshAttr = C.sdy_go_attribute_from_string(api.flatSymbolRefGet, mctx, ref)
	}
	cd := cAttrs(len(dims), func(i int) Attribute { return dims[i].Attribute })
	cr := cAttrs(len(replicated), func(i int) Attribute { return replicated[i].Attribute })
	cu := cAttrs(len(unreduced), func(i int) Attribute { return unreduced[i].Attribute })
	a, err := built(ctx, C.call_sdyTensorShardingAttrGet(ctx.lib.fn("sdyTensorShardingAttrGet"), mctx, meshAttr,
		C.intptr_t(len(dims)), &cd[0], C.intptr_t(len(replicated)), &cr[0], C.intptr_t(len(unreduced)), &cu[0]),
		"tensor sharding")
	return TensorShardingAttr{a}, err
}

// Mesh is the mesh: a symbol or an inlined mesh.
func (a TensorShardingAttr) Mesh() MeshRef {
	m := a.child(C.call_sdyTensorShardingAttrGetMeshOrRef(a.f("sdyTensorShardingAttrGetMeshOrRef"), a.c()))
	if m.IsNull() {
		return MeshRef{}
	}
	api, err := a.ctx.lib.mlir()
	if err != nil {
		return MeshRef{}
	}
	if C.sdy_go_attribute_is_a(api.isAFlatSymbolRef, m.c()) {
		return MeshRef{Name: goStringRef(C.sdy_go_attribute_string(api.flatSymbolRefValue, m.c()))}
	}
	return MeshRef{Mesh: MeshAttr{m}}
}

// axes reads a list of axes. The list getters of an attribute share their
// C signatures, so one shim calls any of them (also in ints and mappings
// below).
func (a TensorShardingAttr) axes(size, elem string) []AxisRefAttr {
	n := C.call_sdyTensorShardingAttrGetReplicatedAxesSize(a.f(size), a.c())
	return list(n, func(i C.intptr_t) AxisRefAttr {
		return AxisRefAttr{a.child(C.call_sdyTensorShardingAttrGetReplicatedAxesElem(a.f(elem), a.c(), i))}
	})
}

// Dims are the dimension shardings.
func (a TensorShardingAttr) Dims() []DimensionShardingAttr {
	n := C.call_sdyTensorShardingAttrGetDimShardingsSize(a.f("sdyTensorShardingAttrGetDimShardingsSize"), a.c())
	return list(n, func(i C.intptr_t) DimensionShardingAttr {
		return DimensionShardingAttr{a.child(C.call_sdyTensorShardingAttrGetDimShardingsElem(
			a.f("sdyTensorShardingAttrGetDimShardingsElem"), a.c(), i))}
	})
}

// ReplicatedAxes are the axes the tensor is explicitly replicated over.
func (a TensorShardingAttr) ReplicatedAxes() []AxisRefAttr {
	return a.axes("sdyTensorShardingAttrGetReplicatedAxesSize", "sdyTensorShardingAttrGetReplicatedAxesElem")
}

// UnreducedAxes are the axes over which the tensor holds partial values.
func (a TensorShardingAttr) UnreducedAxes() []AxisRefAttr {
	return a.axes("sdyTensorShardingAttrGetUnreducedAxesSize", "sdyTensorShardingAttrGetUnreducedAxesElem")
}

// TensorShardingPerValueAttr is one sharding per value (the operands or
// results of an op): #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>.
type TensorShardingPerValueAttr struct{ Attribute }

// AsTensorShardingPerValueAttr is the typed view of a, if a is a list of
// shardings.
func AsTensorShardingPerValueAttr(a Attribute) (TensorShardingPerValueAttr, bool) {
	return TensorShardingPerValueAttr{a}, a.is("sdyAttributeIsATensorShardingPerValueAttr")
}

// NewTensorShardingPerValueAttr is the list of shardings.
func NewTensorShardingPerValueAttr(ctx *Context, shardings []TensorShardingAttr) (TensorShardingPerValueAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return TensorShardingPerValueAttr{}, err
	}
	cs := cAttrs(len(shardings), func(i int) Attribute { return shardings[i].Attribute })
	a, err := built(ctx, C.call_sdyTensorShardingPerValueAttrGet(ctx.lib.fn("sdyTensorShardingPerValueAttrGet"), mctx,
		C.intptr_t(len(shardings)), &cs[0]), "list of shardings")
	return TensorShardingPerValueAttr{a}, err
}

// Shardings are the shardings, one per value.
func (a TensorShardingPerValueAttr) Shardings() []TensorShardingAttr {
	n := C.call_sdyTensorShardingPerValueAttrGetShardingsSize(a.f("sdyTensorShardingPerValueAttrGetShardingsSize"), a.c())
	return list(n, func(i C.intptr_t) TensorShardingAttr {
		return TensorShardingAttr{a.child(C.call_sdyTensorShardingPerValueAttrGetShardingsElem(
			a.f("sdyTensorShardingPerValueAttrGetShardingsElem"), a.c(), i))}
	})
}

// ManualAxesAttr is the mesh axes an sdy.manual_computation is manual
// over: #sdy<manual_axes{"x", "y"}>.
type ManualAxesAttr struct{ Attribute }

// AsManualAxesAttr is the typed view of a, if a is a list of manual axes.
func AsManualAxesAttr(a Attribute) (ManualAxesAttr, bool) {
	return ManualAxesAttr{a}, a.is("sdyAttributeIsAManualAxesAttr")
}

// NewManualAxesAttr is the list of axis names.
func NewManualAxesAttr(ctx *Context, axes []string) (ManualAxesAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return ManualAxesAttr{}, err
	}
	api, err := ctx.lib.mlir()
	if err != nil {
		return ManualAxesAttr{}, err
	}
	names := make([]C.MlirAttribute, len(axes)+1)
	for i, name := range axes {
		ref, free := stringRef(name)
		names[i] = C.sdy_go_attribute_from_string(api.stringAttrGet, mctx, ref)
		free()
	}
	a, err := built(ctx, C.call_sdyManualAxesAttrGet(ctx.lib.fn("sdyManualAxesAttrGet"), mctx, C.intptr_t(len(axes)),
		&names[0]), "list of manual axes")
	return ManualAxesAttr{a}, err
}

// Axes are the axis names.
func (a ManualAxesAttr) Axes() []string {
	n := C.call_sdyManualAxesAttrGetAxesSize(a.f("sdyManualAxesAttrGetAxesSize"), a.c())
	return list(n, func(i C.intptr_t) string {
		return goStringRef(C.call_sdyManualAxesAttrGetAxesElem(a.f("sdyManualAxesAttrGetAxesElem"), a.c(), i))
	})
}

// OpShardingRule is the contents of an OpShardingRuleAttr: the factor
// sizes and, per operand and result, per dimension, the factors it maps
// to.
type OpShardingRule struct {
	FactorSizes               []int64
	OperandMappings           [][][]int64
	ResultMappings            [][][]int64
	ReductionFactors          []int64
	NeedReplicationFactors    []int64
	PermutationFactors        []int64
	BlockedPropagationFactors []int64
	IsCustom                  bool
}

// OpShardingRuleAttr is how an op's dimensions map to factors:
// #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=16, k=32} reduction={j}>.
type OpShardingRuleAttr struct{ Attribute }

// AsOpShardingRuleAttr is the typed view of a, if a is an op sharding
// rule.
func AsOpShardingRuleAttr(a Attribute) (OpShardingRuleAttr, bool) {
	return OpShardingRuleAttr{a}, a.is("sdyAttributeIsAOpShardingRuleAttr")
}

// tensorMapping is the TensorMappingAttr of per-dimension factor lists
// (null when the dialect rejects one).
func tensorMapping(ctx *Context, mctx C.MlirContext, dims [][]int64) C.MlirAttribute {
	per := make([]C.MlirAttribute, len(dims)+1)
	for i, d := range dims {
		c := toC(d)
		per[i] = C.call_sdyDimMappingAttrGet(ctx.lib.fn("sdyDimMappingAttrGet"), mctx, C.intptr_t(len(d)), &c[0])
		if per[i].ptr == nil {
			return C.MlirAttribute{}
		}
	}
	return C.call_sdyTensorMappingAttrGet(ctx.lib.fn("sdyTensorMappingAttrGet"), mctx, C.intptr_t(len(dims)), &per[0])
}

// NewOpShardingRuleAttr is the rule.
func NewOpShardingRuleAttr(ctx *Context, rule OpShardingRule) (OpShardingRuleAttr, error) {
	mctx, err := mlirContext(ctx)
	if err != nil {
		return OpShardingRuleAttr{}, err
	}
	mappings := func(ms [][][]int64) ([]C.MlirAttribute, bool) {
		out := make([]C.MlirAttribute, len(ms)+1)
		for i, m := range ms {
			if out[i] = tensorMapping(ctx, mctx, m); out[i].ptr == nil {
				return nil, false
			}
		}
		return out, true
	}
	operands, ok1 := mappings(rule.OperandMappings)
	results, ok2 := mappings(rule.ResultMappings)
	if !ok1 || !ok2 {
		return OpShardingRuleAttr{}, invalid("the sdy dialect rejected a tensor mapping of this op sharding rule")
	}
	fs, rf := toC(rule.FactorSizes), toC(rule.ReductionFactors)
	nf, pf, bf := toC(rule.NeedReplicationFactors), toC(rule.PermutationFactors), toC(rule.BlockedPropagationFactors)
	a, err := built(ctx, C.call_sdyOpShardingRuleAttrGet(ctx.lib.fn("sdyOpShardingRuleAttrGet"), mctx,
		C.intptr_t(len(rule.FactorSizes)), &fs[0], C.intptr_t(len(rule.OperandMappings)), &operands[0],
		C.intptr_t(len(rule.ResultMappings)), &results[0], C.intptr_t(len(rule.ReductionFactors)), &rf[0],
		C.intptr_t(len(rule.NeedReplicationFactors)), &nf[0], C.intptr_t(len(rule.PermutationFactors)), &pf[0],
		C.intptr_t(len(rule.BlockedPropagationFactors)), &bf[0], C.bool(rule.IsCustom)), "op sharding rule")
	return OpShardingRuleAttr{a}, err
}

func (a OpShardingRuleAttr) ints(size, elem string) []int64 {
	n := C.call_sdyOpShardingRuleAttrGetFactorSizesSize(a.f(size), a.c())
	return list(n, func(i C.intptr_t) int64 {
		return int64(C.call_sdyOpShardingRuleAttrGetFactorSizesElem(a.f(elem), a.c(), i))
	})
}

func (a OpShardingRuleAttr) mappings(size, elem string) [][][]int64 {
	n := C.call_sdyOpShardingRuleAttrGetOperandMappingsSize(a.f(size), a.c())
	return list(n, func(i C.intptr_t) [][]int64 {
		t := C.call_sdyOpShardingRuleAttrGetOperandMappingsElem(a.f(elem), a.c(), i)
		dims := C.call_sdyTensorMappingAttrGetDimMappingsSize(a.f("sdyTensorMappingAttrGetDimMappingsSize"), t)
		return list(dims, func(d C.intptr_t) []int64 {
			dim := C.call_sdyTensorMappingAttrGetDimMappingsElem(a.f("sdyTensorMappingAttrGetDimMappingsElem"), t, d)
			factors := C.call_sdyDimMappingAttrGetFactorIndicesSize(a.f("sdyDimMappingAttrGetFactorIndicesSize"), dim)
			return list(factors, func(k C.intptr_t) int64 {
				return int64(C.call_sdyDimMappingAttrGetFactorIndicesElem(a.f("sdyDimMappingAttrGetFactorIndicesElem"), dim, k))
			})
		})
	})
}

// Rule is every field, read back.
func (a OpShardingRuleAttr) Rule() OpShardingRule {
	return OpShardingRule{
		FactorSizes:               a.ints("sdyOpShardingRuleAttrGetFactorSizesSize", "sdyOpShardingRuleAttrGetFactorSizesElem"),
		OperandMappings:           a.mappings("sdyOpShardingRuleAttrGetOperandMappingsSize", "sdyOpShardingRuleAttrGetOperandMappingsElem"),
		ResultMappings:            a.mappings("sdyOpShardingRuleAttrGetResultMappingsSize", "sdyOpShardingRuleAttrGetResultMappingsElem"),
		ReductionFactors:          a.ints("sdyOpShardingRuleAttrGetReductionFactorsSize", "sdyOpShardingRuleAttrGetReductionFactorsElem"),
		NeedReplicationFactors:    a.ints("sdyOpShardingRuleAttrGetNeedReplicationFactorsSize", "sdyOpShardingRuleAttrGetNeedReplicationFactorsElem"),
		PermutationFactors:        a.ints("sdyOpShardingRuleAttrGetPermutationFactorsSize", "sdyOpShardingRuleAttrGetPermutationFactorsElem"),
		BlockedPropagationFactors: a.ints("sdyOpShardingRuleAttrGetBlockedPropagationFactorsSize", "sdyOpShardingRuleAttrGetBlockedPropagationFactorsElem"),
		IsCustom:                  bool(C.call_sdyOpShardingRuleAttrGetIsCustom(a.f("sdyOpShardingRuleAttrGetIsCustom"), a.c())),
	}
}

// Ranks are the rank of each operand's and result's mapping.
func (a OpShardingRuleAttr) Ranks() (operands, results []int64) {
	rank := func(size, elem string) []int64 {
		n := C.call_sdyOpShardingRuleAttrGetOperandMappingsSize(a.f(size), a.c())
		return list(n, func(i C.intptr_t) int64 {
			t := C.call_sdyOpShardingRuleAttrGetOperandMappingsElem(a.f(elem), a.c(), i)
			return int64(C.call_sdyTensorMappingAttrGetRank(a.f("sdyTensorMappingAttrGetRank"), t))
		})
	}
	return rank("sdyOpShardingRuleAttrGetOperandMappingsSize", "sdyOpShardingRuleAttrGetOperandMappingsElem"),
		rank("sdyOpShardingRuleAttrGetResultMappingsSize", "sdyOpShardingRuleAttrGetResultMappingsElem")
}

// RegisterAllPasses registers every sdy pass and pipeline (Shardy's names,
// e.g. sdy-propagation-pipeline) in MLIR's global registry, for MLIR's
// pass parsing. Idempotent (mlirRegisterAllSdyPassesAndPipelines; the Xla
// variant registers the same set).
func (l *Library) RegisterAllPasses() {
	C.call_mlirRegisterAllSdyPassesAndPipelines(l.fn("mlirRegisterAllSdyPassesAndPipelines"))
	C.call_mlirRegisterAllXlaSdyPassesAndPipelines(l.fn("mlirRegisterAllXlaSdyPassesAndPipelines"))
}
