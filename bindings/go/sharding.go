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
