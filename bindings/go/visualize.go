package sdy

// #include "shims.h"
import "C"

import "runtime"

// layoutTextASCII is SDY_LAYOUT_TEXT_ASCII.
const layoutTextASCII = 1

// LayoutText is the text grid of a tensor of shape sharded as s: a header,
// then one box per tile with the devices holding it, its [start,limit)
// ranges and its padding. ascii draws with +-| instead of box-drawing
// characters. VerificationError when the sharding does not fit shape,
// InvalidArgument for negative sizes or meshes of more than 4096 devices.
func (s *Sharding) LayoutText(shape []int64, ascii bool) (string, error) {
	c := toC(shape)
	var flags C.uint32_t
	if ascii {
		flags = layoutTextASCII
	}
	var out *C.char
	err := s.lib.check(C.call_sdy_sharding_layout_text(s.lib.fn("sdy_sharding_layout_text"), s.ptr, &c[0],
		C.size_t(len(shape)), flags, &out))
	runtime.KeepAlive(s)
	if err != nil {
		return "", err
	}
	return s.lib.takeString(out), nil
}

// LayoutSVG is the same layout as an SVG document: every tile is a
// <g class="tile"> with data-devices, data-start, data-limit and
// data-padding. Errors as LayoutText.
func (s *Sharding) LayoutSVG(shape []int64) (string, error) {
	c := toC(shape)
	var out *C.char
	err := s.lib.check(C.call_sdy_sharding_layout_svg(s.lib.fn("sdy_sharding_layout_svg"), s.ptr, &c[0],
		C.size_t(len(shape)), &out))
	runtime.KeepAlive(s)
	if err != nil {
		return "", err
	}
	return s.lib.takeString(out), nil
}

// HTMLReport is the HTML report of m: meshes, then every function's
// arguments and ops with their shardings (text and SVG), sharding origins
// and, for collectives, kind, axes and bytes. One self-contained page; the
// module is not changed.
func (m *Module) HTMLReport() (string, error) {
	var out *C.char
	err := m.lib.check(C.call_sdy_module_html_report(m.lib.fn("sdy_module_html_report"), m.ptr, &out))
	runtime.KeepAlive(m)
	if err != nil {
		return "", err
	}
	return m.lib.takeString(out), nil
}
