// Package sdy is the Go binding of libsdy_c, the C ABI of the sdy
// tensor-sharding engine.
//
// The library is loaded at run time with dlopen (Open: a path, the
// environment variable SDY_C_LIBRARY, or the usual search); nothing links
// against it. Every object owns one C handle: Close releases it, and a
// finalizer does if Close was not called. Errors of the library are
// *Error values carrying the status code and message.
//
// Goroutine safety follows the C headers: a Mesh, a Sharding and an
// Executable may be used from several goroutines at once; a Context, a
// Module, a Pipeline and a Backend by one goroutine at a time (they may
// move between goroutines). A Library is safe for concurrent use. The
// typed MLIR attributes of dialect.go are immutable: read them from any
// goroutine; building one uses its Context (one goroutine at a time).
package sdy

/*
#cgo CFLAGS: -I${SRCDIR}/../../include
#cgo LDFLAGS: -ldl
#include "shims.h"
*/
import "C"

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"unsafe"
)

// HeaderVersion is the C ABI version this binding was written for
// (MAJOR*10000 + MINOR*100 + PATCH).
const HeaderVersion = 10400

// Library is the loaded libsdy_c with every function of the C ABI
// resolved.
type Library struct {
	handle unsafe.Pointer
	path   string
	fns    map[string]unsafe.Pointer
}

// Open loads libsdy_c: from path when it is not empty, else from
// SDY_C_LIBRARY (a full path; nothing else is tried), else the usual
// search: libsdy_c.so.1 on the dynamic loader's path (LD_LIBRARY_PATH, the
// system's), pkg-config's libdir of sdy_c, /usr/local/lib. The library
// stays loaded for the life of the process.
func Open(path string) (*Library, error) {
	var candidates []string
	switch {
	case path != "":
		candidates = []string{path}
	case os.Getenv("SDY_C_LIBRARY") != "":
		candidates = []string{os.Getenv("SDY_C_LIBRARY")}
	default:
		candidates = searchPath()
	}
	var problems []string
	for _, c := range candidates {
		lib, err := openOne(c)
		if err == nil {
			return lib, nil
		}
		problems = append(problems, err.Error())
	}
	return nil, &Error{Code: LibraryNotFound, Name: "SDY_LIBRARY_NOT_FOUND",
		Message: "cannot load libsdy_c (pass its path to sdy.Open or set SDY_C_LIBRARY): " +
			strings.Join(problems, "; ")}
}

func searchPath() []string {
	out := []string{"libsdy_c.so.1"}
	if b, err := exec.Command("pkg-config", "--variable=libdir", "sdy_c").Output(); err == nil {
		if dir := strings.TrimSpace(string(b)); dir != "" {
			out = append(out, filepath.Join(dir, "libsdy_c.so.1"))
		}
	}
	return append(out, "/usr/local/lib/libsdy_c.so.1")
}

func openOne(path string) (*Library, error) {
	cpath := C.CString(path)
	defer C.free(unsafe.Pointer(cpath))
	handle := C.dlopen(cpath, C.RTLD_NOW)
	if handle == nil {
		return nil, fmt.Errorf("%s", C.GoString(C.dlerror()))
	}
	lib := &Library{handle: handle, path: path, fns: make(map[string]unsafe.Pointer, len(boundFunctions))}
	for _, name := range boundFunctions {
		cname := C.CString(name)
		p := C.dlsym(handle, cname)
		C.free(unsafe.Pointer(cname))
		if p == nil {
			C.dlclose(handle)
			return nil, fmt.Errorf("%s does not export %s", path, name)
		}
		lib.fns[name] = p
	}
	if C.call_sdy_version_is_compatible(lib.fn("sdy_version_is_compatible"), HeaderVersion) == 0 {
		version := lib.VersionString()
		C.dlclose(handle)
		return nil, fmt.Errorf("%s: C ABI version %s is not compatible with this binding (written for 1.4.0)",
			path, version)
	}
	anyLibrary.Store(lib)
	return lib, nil
}

func (l *Library) fn(name string) unsafe.Pointer {
	p, ok := l.fns[name]
	if !ok {
		panic("sdy: function not bound: " + name)
	}
	return p
}

// Func is the address of C function name of the library (any function of
// the ABI manifest, e.g. the MLIR-style ones of dialect.h, which have no
// Go wrapper): call it from your own cgo code through a function pointer
// of its C type. An unknown name gives InvalidArgument.
func (l *Library) Func(name string) (unsafe.Pointer, error) {
	p, ok := l.fns[name]
	if !ok {
		return nil, invalid("libsdy_c has no bound function %q", name)
	}
	return p, nil
}

// Path is the path the library was loaded from.
func (l *Library) Path() string { return l.path }

// Version is the C ABI version of the library (MAJOR*10000+MINOR*100+PATCH).
func (l *Library) Version() uint32 {
	return uint32(C.call_sdy_version(l.fn("sdy_version")))
}

// VersionString is the version as "MAJOR.MINOR.PATCH".
func (l *Library) VersionString() string {
	return C.GoString(C.call_sdy_version_string(l.fn("sdy_version_string")))
}

// IsCompatible tells whether this library can serve a binding written for
// header version version (MAJOR*10000+MINOR*100+PATCH).
func (l *Library) IsCompatible(version uint32) bool {
	return C.call_sdy_version_is_compatible(l.fn("sdy_version_is_compatible"), C.uint32_t(version)) != 0
}

// CodeName is the name of a status code, e.g. "SDY_PARSE_ERROR".
func (l *Library) CodeName(code Code) string {
	return C.GoString(C.call_sdy_status_code_name(l.fn("sdy_status_code_name"), C.int32_t(code)))
}

// check turns a status into nil or an *Error, releasing the status.
func (l *Library) check(status *C.sdy_status_t) error {
	if status == nil {
		return nil
	}
	code := C.call_sdy_status_code(l.fn("sdy_status_code"), status)
	err := &Error{
		Code:    Code(code),
		Name:    C.GoString(C.call_sdy_status_code_name(l.fn("sdy_status_code_name"), code)),
		Message: C.GoString(C.call_sdy_status_message(l.fn("sdy_status_message"), status)),
	}
	C.call_sdy_status_destroy(l.fn("sdy_status_destroy"), status)
	return err
}

// takeString copies and releases a string returned through char **.
func (l *Library) takeString(s *C.char) string {
	if s == nil {
		return ""
	}
	out := C.GoString(s)
	C.call_sdy_string_destroy(l.fn("sdy_string_destroy"), s)
	return out
}
