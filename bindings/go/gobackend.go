package sdy

/*
#include <stdint.h>
#include <stdlib.h>
#include "sdy_c/backend.h"

sdy_backend_table_t *sdy_go_backend_table(uintptr_t handle, const char *name);
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime/cgo"
	"unsafe"
)

// BackendCode is an error code of a backend (SDY_BACKEND_ERR_*).
type BackendCode int32

// The backend error codes.
const (
	BackendInvalidArgument BackendCode = 1
	BackendUnsupported     BackendCode = 2
	BackendOutOfMemory     BackendCode = 3
	BackendTimeout         BackendCode = 4
	BackendMismatch        BackendCode = 5
	BackendInternal        BackendCode = 6
	BackendUnavailable     BackendCode = 7
)

// BackendError is what a DeviceBackend returns to fail a call with a
// code. Any other error fails it with BackendInternal and its text.
type BackendError struct {
	Code    BackendCode
	Message string
}

func (e *BackendError) Error() string { return fmt.Sprintf("backend error %d: %s", e.Code, e.Message) }

// Element types of reductions (SDY_BACKEND_DTYPE_*; the others are in
// backend.h) and reduction operations (SDY_BACKEND_REDUCE_*).
const (
	BackendF32 = 11
	BackendF64 = 12
	BackendI32 = 3
	BackendI64 = 4

	ReduceSum  = 0
	ReduceMax  = 1
	ReduceMin  = 2
	ReduceProd = 3
)

// DeviceBackend is a device backend written in Go (see backend.h for what
// each call must do). The library calls it from several threads at once
// (one per local device): implementations must be safe for concurrent
// use. Device memory is host memory; the byte slices alias the library's
// buffers during the call only. A reduction that returns BackendUnsupported
// makes the runtime reduce on the host from an AllGather.
type DeviceBackend interface {
	Name() string
	// DeviceCount is the number of devices of the whole system.
	DeviceCount() int
	// LocalDevices are the devices this process drives.
	LocalDevices() []int64
	// AllReduce: recv[i] = op over the group of every member's send[i];
	// count elements of dtype (SDY_BACKEND_DTYPE_*).
	AllReduce(device int64, group []int64, send, recv []byte, count int, dtype, op int32, timeoutMs int64) error
	// AllGather: recv = every member's send, concatenated in group order.
	AllGather(device int64, group []int64, send, recv []byte, timeoutMs int64) error
	// AllToAll: chunk j of send goes to member j; chunk j of recv comes
	// from it.
	AllToAll(device int64, group []int64, send, recv []byte, chunkBytes int, timeoutMs int64) error
	// ReduceScatter: member j receives the reduction of chunk j over all
	// members.
	ReduceScatter(device int64, group []int64, send, recv []byte, count int, dtype, op int32, timeoutMs int64) error
	// CollectivePermute: each (source, target) pair sends the source's send
	// to the target's recv (send is nil on a device that is no source; recv
	// of a device that is no target must be left untouched).
	CollectivePermute(device int64, pairs [][2]int64, send, recv []byte, timeoutMs int64) error
	// Barrier waits for every member of group.
	Barrier(device int64, group []int64, timeoutMs int64) error
}

// goTable is the C table of a Go backend and what it refers to.
type goTable struct {
	table  *C.sdy_backend_table_t
	name   *C.char
	handle cgo.Handle
}

func (t *goTable) free() {
	C.free(unsafe.Pointer(t.table))
	C.free(unsafe.Pointer(t.name))
	t.handle.Delete()
}

// NewBackend hands a backend written in Go to the library through the
// device-backend table (sdy_backend_wrap).
func (l *Library) NewBackend(impl DeviceBackend) (*Backend, error) {
	t := &goTable{name: C.CString(impl.Name()), handle: cgo.NewHandle(impl)}
	t.table = C.sdy_go_backend_table(C.uintptr_t(t.handle), t.name)
	b, err := l.wrapTable(unsafe.Pointer(t.table))
	if err != nil {
		t.free()
		return nil, err
	}
	b.goTable = t
	return b, nil
}

func backendOf(h C.uintptr_t) DeviceBackend { return cgo.Handle(h).Value().(DeviceBackend) }

func report(err *C.sdy_backend_error_t, e error) C.int32_t {
	if e == nil {
		return 0
	}
	code, msg := BackendInternal, e.Error()
	var be *BackendError
	if errors.As(e, &be) {
		code, msg = be.Code, be.Message
	}
	buf := unsafe.Slice((*byte)(unsafe.Pointer(&err.message[0])), len(err.message))
	n := copy(buf[:len(buf)-1], msg)
	buf[n] = 0
	err.code = C.int32_t(code)
	return C.int32_t(code)
}

// guard runs f, turning an error or a panic into a backend error code.
func guard(err *C.sdy_backend_error_t, f func() error) (rc C.int32_t) {
	defer func() {
		if r := recover(); r != nil {
			rc = report(err, &BackendError{BackendInternal, fmt.Sprint("the Go backend panicked: ", r)})
		}
	}()
	return report(err, f())
}

func cBytes(p unsafe.Pointer, n int) []byte {
	if p == nil || n <= 0 {
		return nil
	}
	return unsafe.Slice((*byte)(p), n)
}

func cIDs(p *C.int64_t, n int) []int64 {
	if p == nil || n <= 0 {
		return nil
	}
	return fromC(unsafe.Slice(p, n))
}

// backendDtypeSize is the size in bytes of an SDY_BACKEND_DTYPE_*.
func backendDtypeSize(dtype C.int32_t) int {
	switch dtype {
	case 2, 6, 9, 10:
		return 2
	case 3, 7, 11:
		return 4
	case 4, 8, 12, 13:
		return 8
	case 14:
		return 16
	}
	return 1
}

//export goBackendDeviceCount
func goBackendDeviceCount(h C.uintptr_t, count *C.int32_t, err *C.sdy_backend_error_t) C.int32_t {
	return guard(err, func() error {
		*count = C.int32_t(backendOf(h).DeviceCount())
		return nil
	})
}

//export goBackendLocalDevices
func goBackendLocalDevices(h C.uintptr_t, ids *C.int64_t, capacity C.int32_t, n *C.int32_t, err *C.sdy_backend_error_t) C.int32_t {
	return guard(err, func() error {
		devices := backendOf(h).LocalDevices()
		if capacity > 0 && ids != nil {
			out := unsafe.Slice(ids, int(capacity))
			for i := 0; i < len(devices) && i < len(out); i++ {
				out[i] = C.int64_t(devices[i])
			}
		}
		*n = C.int32_t(len(devices))
		return nil
	})
}

//export goBackendAllReduce
func goBackendAllReduce(h C.uintptr_t, device C.int64_t, group *C.int64_t, groupSize C.int32_t, send, recv unsafe.Pointer,
	count C.size_t, dtype, op C.int32_t, timeoutMs C.int64_t, err *C.sdy_backend_error_t) C.int32_t {
	n := int(count) * backendDtypeSize(dtype)
	return guard(err, func() error {
		in := cBytes(send, n)
		if send == recv {
			in = append([]byte(nil), in...) // in place: the input is copied
		}
		return backendOf(h).AllReduce(int64(device), cIDs(group, int(groupSize)), in, cBytes(recv, n), int(count),
			int32(dtype), int32(op), int64(timeoutMs))
	})
}

//export goBackendAllGather
func goBackendAllGather(h C.uintptr_t, device C.int64_t, group *C.int64_t, groupSize C.int32_t, send, recv unsafe.Pointer,
	bytes C.size_t, timeoutMs C.int64_t, err *C.sdy_backend_error_t) C.int32_t {
	return guard(err, func() error {
		return backendOf(h).AllGather(int64(device), cIDs(group, int(groupSize)), cBytes(send, int(bytes)),
			cBytes(recv, int(bytes)*int(groupSize)), int64(timeoutMs))
	})
}

//export goBackendAllToAll
func goBackendAllToAll(h C.uintptr_t, device C.int64_t, group *C.int64_t, groupSize C.int32_t, send, recv unsafe.Pointer,
	chunk C.size_t, timeoutMs C.int64_t, err *C.sdy_backend_error_t) C.int32_t {
	n := int(chunk) * int(groupSize)
	return guard(err, func() error {
		return backendOf(h).AllToAll(int64(device), cIDs(group, int(groupSize)), cBytes(send, n), cBytes(recv, n),
			int(chunk), int64(timeoutMs))
	})
}

//export goBackendReduceScatter
func goBackendReduceScatter(h C.uintptr_t, device C.int64_t, group *C.int64_t, groupSize C.int32_t, send, recv unsafe.Pointer,
	count C.size_t, dtype, op C.int32_t, timeoutMs C.int64_t, err *C.sdy_backend_error_t) C.int32_t {
	n := int(count) * backendDtypeSize(dtype)
	return guard(err, func() error {
		return backendOf(h).ReduceScatter(int64(device), cIDs(group, int(groupSize)), cBytes(send, n*int(groupSize)),
			cBytes(recv, n), int(count), int32(dtype), int32(op), int64(timeoutMs))
	})
}

//export goBackendCollectivePermute
func goBackendCollectivePermute(h C.uintptr_t, device C.int64_t, pairs *C.int64_t, numPairs C.int32_t, send, recv unsafe.Pointer,
	bytes C.size_t, timeoutMs C.int64_t, err *C.sdy_backend_error_t) C.int32_t {
	return guard(err, func() error {
		flat := cIDs(pairs, 2*int(numPairs))
		ps := make([][2]int64, int(numPairs))
		var in []byte
		for i := range ps {
			ps[i] = [2]int64{flat[2*i], flat[2*i+1]}
			if ps[i][0] == int64(device) {
				in = cBytes(send, int(bytes))
			}
		}
		return backendOf(h).CollectivePermute(int64(device), ps, in, cBytes(recv, int(bytes)), int64(timeoutMs))
	})
}

//export goBackendBarrier
func goBackendBarrier(h C.uintptr_t, device C.int64_t, group *C.int64_t, groupSize C.int32_t, timeoutMs C.int64_t,
	err *C.sdy_backend_error_t) C.int32_t {
	return guard(err, func() error {
		return backendOf(h).Barrier(int64(device), cIDs(group, int(groupSize)), int64(timeoutMs))
	})
}
