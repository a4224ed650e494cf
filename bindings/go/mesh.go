package sdy

// #include "shims.h"
import "C"

import (
	"runtime"
	"unsafe"
)

// Axis is a mesh axis: a name and a size.
type Axis struct {
	Name string
	Size int64
}

// Mesh is a logical device mesh. Immutable: safe for concurrent use.
type Mesh struct {
	lib *Library
	ptr *C.sdy_mesh_t
}

func newMesh(l *Library, ptr *C.sdy_mesh_t) *Mesh {
	m := &Mesh{lib: l, ptr: ptr}
	runtime.SetFinalizer(m, (*Mesh).Close)
	return m
}

// NewMesh creates a mesh of axes; deviceIDs (may be nil) gives the device
// order.
func NewMesh(ctx *Context, axes []Axis, deviceIDs []int64) (*Mesh, error) {
	names := make([]*C.char, len(axes)+1)
	sizes := make([]C.int64_t, len(axes)+1)
	for i, a := range axes {
		names[i] = C.CString(a.Name)
		defer C.free(unsafe.Pointer(names[i]))
		sizes[i] = C.int64_t(a.Size)
	}
	ids := make([]C.int64_t, len(deviceIDs)+1)
	for i, d := range deviceIDs {
		ids[i] = C.int64_t(d)
	}
	var out *C.sdy_mesh_t
	l := ctx.lib
	err := l.check(C.call_sdy_mesh_create(l.fn("sdy_mesh_create"), ctx.ptr, &names[0], &sizes[0],
		C.size_t(len(axes)), &ids[0], C.size_t(len(deviceIDs)), &out))
	if err != nil {
		return nil, err
	}
	return newMesh(l, out), nil
}

// ParseMesh parses `<["x"=2, "y"=4]>` (or `#sdy.mesh<...>`).
func ParseMesh(ctx *Context, text string) (*Mesh, error) {
	ctext := C.CString(text)
	defer C.free(unsafe.Pointer(ctext))
	var out *C.sdy_mesh_t
	l := ctx.lib
	if err := l.check(C.call_sdy_mesh_parse(l.fn("sdy_mesh_parse"), ctx.ptr, ctext, &out)); err != nil {
		return nil, err
	}
	return newMesh(l, out), nil
}

// Axes returns the axes in order.
func (m *Mesh) Axes() ([]Axis, error) {
	var n C.size_t
	if err := m.lib.check(C.call_sdy_mesh_num_axes(m.lib.fn("sdy_mesh_num_axes"), m.ptr, &n)); err != nil {
		return nil, err
	}
	axes := make([]Axis, n)
	for i := range axes {
		var name *C.char
		var size C.int64_t
		if err := m.lib.check(C.call_sdy_mesh_axis(m.lib.fn("sdy_mesh_axis"), m.ptr, C.size_t(i), &name, &size)); err != nil {
			return nil, err
		}
		axes[i] = Axis{Name: C.GoString(name), Size: int64(size)}
	}
	return axes, nil
}

// NumDevices is the product of the axis sizes.
func (m *Mesh) NumDevices() (int64, error) {
	var n C.int64_t
	err := m.lib.check(C.call_sdy_mesh_num_devices(m.lib.fn("sdy_mesh_num_devices"), m.ptr, &n))
	return int64(n), err
}

// String prints the mesh, e.g. `<["x"=2, "y"=4]>` ("" after Close).
func (m *Mesh) String() string {
	var s *C.char
	if m.lib.check(C.call_sdy_mesh_print(m.lib.fn("sdy_mesh_print"), m.ptr, &s)) != nil {
		return ""
	}
	return m.lib.takeString(s)
}

// Close releases the mesh. Calling it again does nothing.
func (m *Mesh) Close() {
	if m.ptr != nil {
		C.call_sdy_mesh_destroy(m.lib.fn("sdy_mesh_destroy"), m.ptr)
		m.ptr = nil
		runtime.SetFinalizer(m, nil)
	}
}

// DeviceIDs are the device ids in mesh order.
func (m *Mesh) DeviceIDs() ([]int64, error) {
	n, err := m.NumDevices()
	if err != nil {
		return nil, err
	}
	ids := make([]C.int64_t, n+1)
	if err := m.lib.check(C.call_sdy_mesh_device_ids(m.lib.fn("sdy_mesh_device_ids"), m.ptr, &ids[0], C.size_t(n))); err != nil {
		return nil, err
	}
	return fromC(ids[:n]), nil
}

// HasExplicitDeviceIDs tells whether the mesh has an explicit device order.
func (m *Mesh) HasExplicitDeviceIDs() (bool, error) {
	var has C.int32_t
	err := m.lib.check(C.call_sdy_mesh_has_explicit_device_ids(m.lib.fn("sdy_mesh_has_explicit_device_ids"), m.ptr, &has))
	return has != 0, err
}

// Coordinates are the mesh coordinates (one per axis) of device deviceID.
func (m *Mesh) Coordinates(deviceID int64) ([]int64, error) {
	axes, err := m.Axes()
	if err != nil {
		return nil, err
	}
	coords := make([]C.int64_t, len(axes)+1)
	err = m.lib.check(C.call_sdy_mesh_device_coordinates(m.lib.fn("sdy_mesh_device_coordinates"), m.ptr,
		C.int64_t(deviceID), &coords[0], C.size_t(len(axes))))
	if err != nil {
		return nil, err
	}
	return fromC(coords[:len(axes)]), nil
}

// DeviceAt is the device at mesh coordinates coords (one per axis).
func (m *Mesh) DeviceAt(coords []int64) (int64, error) {
	c := toC(coords)
	var id C.int64_t
	err := m.lib.check(C.call_sdy_mesh_device_at(m.lib.fn("sdy_mesh_device_at"), m.ptr, &c[0], C.size_t(len(coords)), &id))
	return int64(id), err
}

// Equal tells whether two meshes have the same axes and device order.
func (m *Mesh) Equal(other *Mesh) (bool, error) {
	var eq C.int32_t
	err := m.lib.check(C.call_sdy_mesh_equal(m.lib.fn("sdy_mesh_equal"), m.ptr, other.ptr, &eq))
	return eq != 0, err
}
