package sdy

// #include "shims.h"
import "C"

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"unsafe"
)

// ReportOptions are the options of the communication report (the zero
// value: the defaults).
type ReportOptions struct {
	// Backend is "local" or "mpi": whose byte counts and default model
	// apply ("": the model file's, else local).
	Backend string
	// Model is a model file written by bench-comm-calibrate.
	Model string
	// NumDevices is the device count; 0 infers it as sdy-run does.
	NumDevices int64
}

func (o ReportOptions) toC(format string) (string, error) {
	parts := []string{"format=" + format}
	if o.Backend != "" {
		parts = append(parts, "backend="+o.Backend)
	}
	if o.Model != "" {
		parts = append(parts, "model="+o.Model)
	}
	if o.NumDevices != 0 {
		parts = append(parts, fmt.Sprintf("num-devices=%d", o.NumDevices))
	}
	for _, p := range parts {
		if strings.ContainsAny(p, " \t\n\r\v\f") {
			return "", invalid("option '%s' must not contain spaces", p)
		}
	}
	return strings.Join(parts, " "), nil
}

// Collective is one collective of the communication report.
type Collective struct {
	// Kind is the op, e.g. "stablehlo.all_reduce".
	Kind     string `json:"kind"`
	Function string `json:"function"`
	Location string `json:"location"`
	// Nested: inside a loop, a branch or another region op.
	Nested bool `json:"nested"`
	// Axes are the mesh axes it communicates over.
	Axes []string `json:"axes"`
	// Groups are the device groups (for collective_permute, the
	// (source, target) pairs).
	Groups       [][]int64 `json:"groups"`
	OperandTypes []string  `json:"operand_types"`
	// Counted tells whether the runtime's calls were counted (the fields
	// below are empty otherwise).
	Counted bool `json:"counted"`
	// Sent and Received are the bytes per device.
	Sent     []int64 `json:"sent"`
	Received []int64 `json:"received"`
	// SendBufferBytes and RecvBufferBytes are, per device, the sizes of
	// the buffers handed to the backend.
	SendBufferBytes  []int64 `json:"send_buffer_bytes"`
	RecvBufferBytes  []int64 `json:"recv_buffer_bytes"`
	EstimatedSeconds float64 `json:"estimated_seconds"`
}

// CollectiveReport is the JSON communication report, decoded.
type CollectiveReport struct {
	Collectives []Collective `json:"collectives"`
	// Functions holds the totals per function, as the JSON has them.
	Functions        json.RawMessage `json:"functions"`
	EstimatedSeconds float64         `json:"estimated_seconds"`
}

func (m *Module) collectiveReport(format string, options ReportOptions) (string, error) {
	opts, err := options.toC(format)
	if err != nil {
		return "", err
	}
	copts := C.CString(opts)
	defer C.free(unsafe.Pointer(copts))
	var out *C.char
	err = m.lib.check(C.call_sdy_module_collective_report(m.lib.fn("sdy_module_collective_report"), m.ptr, copts, &out))
	runtime.KeepAlive(m)
	if err != nil {
		return "", err
	}
	return m.lib.takeString(out), nil
}

// CollectiveReportText is the communication report as text (sdy-opt
// -sdy-collective-report). InvalidArgument for a bad option or model
// file, FailedPrecondition when the module names groups the runtime
// refuses. The module is not changed.
func (m *Module) CollectiveReportText(options ReportOptions) (string, error) {
	return m.collectiveReport("text", options)
}

// CollectiveReportJSON is the report as JSON text. Errors as
// CollectiveReportText.
func (m *Module) CollectiveReportJSON(options ReportOptions) (string, error) {
	return m.collectiveReport("json", options)
}

// CollectiveReport is the report, decoded. Errors as CollectiveReportText.
func (m *Module) CollectiveReport(options ReportOptions) (*CollectiveReport, error) {
	text, err := m.collectiveReport("json", options)
	if err != nil {
		return nil, err
	}
	var r CollectiveReport
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		return nil, &Error{Code: Internal, Name: "SDY_INTERNAL", Message: "the library's JSON report: " + err.Error()}
	}
	return &r, nil
}
