package sdy

import "fmt"

// Code is a status code of the C ABI (status.h).
type Code int32

// The status codes; LibraryNotFound is the binding's own (Open failed).
const (
	LibraryNotFound    Code = -1
	InvalidArgument    Code = 1
	ParseError         Code = 2
	VerificationError  Code = 3
	FailedPrecondition Code = 4
	Unimplemented      Code = 5
	Internal           Code = 6
	DeadlineExceeded   Code = 7
	Unavailable        Code = 8
	ResourceExhausted  Code = 9
	Cancelled          Code = 10
)

// Error is an error of the library: its code, the code's name (e.g.
// "SDY_PARSE_ERROR") and the message. Use errors.As to get it.
type Error struct {
	Code    Code
	Name    string
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Name, e.Message) }

func invalid(format string, args ...interface{}) error {
	return &Error{Code: InvalidArgument, Name: "SDY_INVALID_ARGUMENT", Message: fmt.Sprintf(format, args...)}
}
