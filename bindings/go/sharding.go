package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Sharding is a tensor sharding. Immutable: safe for concurrent use.
type Sharding struct {
	lib *Library
	ptr *C.sdy_sharding_t
}

func newSharding(l *Library, ptr *C.sdy_sharding_t) *Sharding {
	s := &Sharding{lib: l, ptr: ptr}
	runtime.SetFinalizer(s, (*Sharding).Close)
	return s
}

// ParseSharding parses `#sdy.sharding<@mesh, [{"x"}, {}]>`; a sharding
// that names its mesh by symbol needs that mesh (else nil).
func ParseSharding(ctx *Context, text string, mesh *Mesh) (*Sharding, error) {
	ctext := C.CString(text)
	defer C.free(unsafe.Pointer(ctext))
	var m *C.sdy_mesh_t
	if mesh != nil {
		m = mesh.ptr
	}
	var out *C.sdy_sharding_t
	l := ctx.lib
	if err := l.check(C.call_sdy_sharding_parse(l.fn("sdy_sharding_parse"), ctx.ptr, ctext, m, &out)); err != nil {
		return nil, err
	}
	return newSharding(l, out), nil
}

// LocalShape is the per-device shape of a tensor of shape.
func (s *Sharding) LocalShape(shape []int64) ([]int64, error) {
	in := toC(shape)
	out := make([]C.int64_t, len(shape)+1)
	err := s.lib.check(C.call_sdy_sharding_local_shape(s.lib.fn("sdy_sharding_local_shape"), s.ptr, &in[0],
		C.size_t(len(shape)), &out[0], C.size_t(len(shape))))
	if err != nil {
		return nil, err
	}
	return fromC(out[:len(shape)]), nil
}

// String prints the sharding ("" after Close).
func (s *Sharding) String() string {
	var out *C.char
	if s.lib.check(C.call_sdy_sharding_print(s.lib.fn("sdy_sharding_print"), s.ptr, &out)) != nil {
		return ""
	}
	return s.lib.takeString(out)
}

// Close releases the sharding. Calling it again does nothing.
func (s *Sharding) Close() {
	if s.ptr != nil {
		C.call_sdy_sharding_destroy(s.lib.fn("sdy_sharding_destroy"), s.ptr)
		s.ptr = nil
		runtime.SetFinalizer(s, nil)
	}
}

// toC copies ints to a C array (one spare element so that &out[0] is
// valid for an empty slice).
func toC(v []int64) []C.int64_t {
	out := make([]C.int64_t, len(v)+1)
	for i, x := range v {
		out[i] = C.int64_t(x)
	}
	return out
}

func fromC(v []C.int64_t) []int64 {
	out := make([]int64, len(v))
	for i, x := range v {
		out[i] = int64(x)
	}
	return out
}

// AxisRef is an axis of a dimension sharding or a replicated axis: a full
// mesh axis (PreSize and Size 0) or the sub-axis "Name":(PreSize)Size.
type AxisRef struct {
	Name    string
	PreSize int64
	Size    int64
}

// DimSharding is the sharding of one dimension: the axes that split it
// (major first), whether it is closed ({"x"}) or open ({"x", ?}), and its
// priority (-1: none; 0 is the highest).
type DimSharding struct {
	Axes     []AxisRef
	Closed   bool
	Priority int64
}

// ClosedDim is a closed dimension split by the full axes (none: replicated).
func ClosedDim(axes ...string) DimSharding {
	d := DimSharding{Closed: true, Priority: -1}
	for _, a := range axes {
		d.Axes = append(d.Axes, AxisRef{Name: a})
	}
	return d
}

// OpenDim is an open dimension (propagation may add axes) split by axes.
func OpenDim(axes ...string) DimSharding {
	d := ClosedDim(axes...)
	d.Closed = false
	return d
}

// cAxes holds axis references in C memory (cgo forbids C structs in Go
// memory that point to Go memory).
type cAxes struct {
	ptr   *C.sdy_axis_ref_t
	frees []unsafe.Pointer
}

func newCAxes(axes []AxisRef) cAxes {
	p := (*C.sdy_axis_ref_t)(C.calloc(C.size_t(len(axes)+1), C.size_t(unsafe.Sizeof(C.sdy_axis_ref_t{}))))
	c := cAxes{ptr: p, frees: []unsafe.Pointer{unsafe.Pointer(p)}}
	refs := unsafe.Slice(p, len(axes)+1)
	for i, a := range axes {
		refs[i].name = C.CString(a.Name)
		refs[i].pre_size = C.int64_t(a.PreSize)
		refs[i].size = C.int64_t(a.Size)
		c.frees = append(c.frees, unsafe.Pointer(refs[i].name))
	}
	return c
}

func (c cAxes) free() {
	for _, p := range c.frees {
		C.free(p)
	}
}

// NewSharding builds a sharding over mesh from its dimension shardings and
// replicated axes. meshName is the symbol it refers to (@meshName), or ""
// to inline the mesh. It is checked against the mesh (axes exist, valid
// sub-axes, no axis used twice).
func NewSharding(ctx *Context, mesh *Mesh, meshName string, dims []DimSharding, replicated []AxisRef) (*Sharding, error) {
	var cname *C.char
	if meshName != "" {
		cname = C.CString(meshName)
		defer C.free(unsafe.Pointer(cname))
	}
	cdims := (*C.sdy_dim_sharding_t)(C.calloc(C.size_t(len(dims)+1), C.size_t(unsafe.Sizeof(C.sdy_dim_sharding_t{}))))
	defer C.free(unsafe.Pointer(cdims))
	ds := unsafe.Slice(cdims, len(dims)+1)
	for i, d := range dims {
		axes := newCAxes(d.Axes)
		defer axes.free()
		ds[i].axes = axes.ptr
		ds[i].num_axes = C.size_t(len(d.Axes))
		ds[i].priority = C.int64_t(d.Priority)
		if d.Closed {
			ds[i].is_closed = 1
		}
	}
	rep := newCAxes(replicated)
	defer rep.free()
	var out *C.sdy_sharding_t
	l := ctx.lib
	err := l.check(C.call_sdy_sharding_create(l.fn("sdy_sharding_create"), ctx.ptr, mesh.ptr, cname, cdims,
		C.size_t(len(dims)), rep.ptr, C.size_t(len(replicated)), &out))
	if err != nil {
		return nil, err
	}
	return newSharding(l, out), nil
}

// Rank is the number of dimension shardings.
func (s *Sharding) Rank() (int, error) {
	var n C.size_t
	err := s.lib.check(C.call_sdy_sharding_rank(s.lib.fn("sdy_sharding_rank"), s.ptr, &n))
	return int(n), err
}

func goAxisRef(a *C.sdy_axis_ref_t) AxisRef {
	return AxisRef{Name: C.GoString(a.name), PreSize: int64(a.pre_size), Size: int64(a.size)}
}

// Dims are the dimension shardings.
func (s *Sharding) Dims() ([]DimSharding, error) {
	rank, err := s.Rank()
	if err != nil {
		return nil, err
	}
	dims := make([]DimSharding, rank)
	for d := range dims {
		var n C.size_t
		var closed C.int32_t
		var priority C.int64_t
		if err := s.lib.check(C.call_sdy_sharding_dim(s.lib.fn("sdy_sharding_dim"), s.ptr, C.size_t(d), &n, &closed, &priority)); err != nil {
			return nil, err
		}
		dims[d] = DimSharding{Closed: closed != 0, Priority: int64(priority), Axes: make([]AxisRef, n)}
		for i := range dims[d].Axes {
			var a C.sdy_axis_ref_t
			if err := s.lib.check(C.call_sdy_sharding_dim_axis(s.lib.fn("sdy_sharding_dim_axis"), s.ptr, C.size_t(d), C.size_t(i), &a)); err != nil {
				return nil, err
			}
			dims[d].Axes[i] = goAxisRef(&a)
		}
	}
	return dims, nil
}

// ReplicatedAxes are the replicated axes (mesh order).
func (s *Sharding) ReplicatedAxes() ([]AxisRef, error) {
	var n C.size_t
	if err := s.lib.check(C.call_sdy_sharding_num_replicated(s.lib.fn("sdy_sharding_num_replicated"), s.ptr, &n)); err != nil {
		return nil, err
	}
	axes := make([]AxisRef, n)
	for i := range axes {
		var a C.sdy_axis_ref_t
		if err := s.lib.check(C.call_sdy_sharding_replicated_axis(s.lib.fn("sdy_sharding_replicated_axis"), s.ptr, C.size_t(i), &a)); err != nil {
			return nil, err
		}
		axes[i] = goAxisRef(&a)
	}
	return axes, nil
}

// Mesh is the mesh the sharding is over.
func (s *Sharding) Mesh() (*Mesh, error) {
	var out *C.sdy_mesh_t
	if err := s.lib.check(C.call_sdy_sharding_get_mesh(s.lib.fn("sdy_sharding_get_mesh"), s.ptr, &out)); err != nil {
		return nil, err
	}
	return newMesh(s.lib, out), nil
}

// MeshName is the mesh symbol the sharding refers to ("" for an inlined
// mesh).
func (s *Sharding) MeshName() (string, error) {
	var out *C.char
	if err := s.lib.check(C.call_sdy_sharding_mesh_name(s.lib.fn("sdy_sharding_mesh_name"), s.ptr, &out)); err != nil {
		return "", err
	}
	return s.lib.takeString(out), nil
}

// Validate checks that the sharding fits a tensor of shape (the reason in
// the error otherwise).
func (s *Sharding) Validate(shape []int64) error {
	c := toC(shape)
	return s.lib.check(C.call_sdy_sharding_validate(s.lib.fn("sdy_sharding_validate"), s.ptr, &c[0], C.size_t(len(shape))))
}

// DeviceSlice is the part [start, limit) of each dimension of a tensor of
// shape that device deviceID of the mesh holds.
func (s *Sharding) DeviceSlice(shape []int64, deviceID int64) ([]Range, error) {
	c := toC(shape)
	starts, limits := make([]C.int64_t, len(shape)+1), make([]C.int64_t, len(shape)+1)
	err := s.lib.check(C.call_sdy_sharding_device_slice(s.lib.fn("sdy_sharding_device_slice"), s.ptr, &c[0],
		C.size_t(len(shape)), C.int64_t(deviceID), &starts[0], &limits[0], C.size_t(len(shape))))
	if err != nil {
		return nil, err
	}
	return ranges(starts, limits, len(shape)), nil
}

// Equal tells whether two shardings are the same.
func (s *Sharding) Equal(other *Sharding) (bool, error) {
	var eq C.int32_t
	err := s.lib.check(C.call_sdy_sharding_equal(s.lib.fn("sdy_sharding_equal"), s.ptr, other.ptr, &eq))
	return eq != 0, err
}

// Range is the half-open interval [Start, Limit) of a dimension.
type Range struct {
	Start, Limit int64
}

func ranges(starts, limits []C.int64_t, n int) []Range {
	out := make([]Range, n)
	for i := range out {
		out[i] = Range{int64(starts[i]), int64(limits[i])}
	}
	return out
}
