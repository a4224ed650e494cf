//! Errors: the code and message of an `sdy_status_t`, or why the library
//! could not be loaded.

use std::fmt;

/// The status codes of `status.h` (plus [`Code::LibraryNotFound`] for a
/// library that cannot be loaded). Unknown codes are kept as
/// [`Code::Unknown`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    InvalidArgument,
    ParseError,
    VerificationError,
    FailedPrecondition,
    Unimplemented,
    Internal,
    DeadlineExceeded,
    Unavailable,
    ResourceExhausted,
    Cancelled,
    /// libsdy_c could not be found or loaded (not a C status).
    LibraryNotFound,
    /// A code this binding does not know (treat like `Internal`).
    Unknown(i32),
}

impl Code {
    /// The code of an `sdy_status_code()` value.
    pub fn from_raw(code: i32) -> Code {
        match code {
            1 => Code::InvalidArgument,
            2 => Code::ParseError,
            3 => Code::VerificationError,
            4 => Code::FailedPrecondition,
            5 => Code::Unimplemented,
            6 => Code::Internal,
            7 => Code::DeadlineExceeded,
            8 => Code::Unavailable,
            9 => Code::ResourceExhausted,
            10 => Code::Cancelled,
            other => Code::Unknown(other),
        }
    }
}

/// An error of the library: its code and message (the diagnostics, one
/// per line, for errors that come from MLIR).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    code: Code,
    name: String,
    message: String,
}

impl Error {
    pub(crate) fn new(code: Code, name: &str, message: String) -> Error {
        Error { code, name: name.to_string(), message }
    }

    pub(crate) fn not_found(message: String) -> Error {
        Error::new(Code::LibraryNotFound, "SDY_LIBRARY_NOT_FOUND", message)
    }

    pub(crate) fn invalid(message: String) -> Error {
        Error::new(Code::InvalidArgument, "SDY_INVALID_ARGUMENT", message)
    }

    pub(crate) fn internal(message: String) -> Error {
        Error::new(Code::Internal, "SDY_INTERNAL", message)
    }

    /// The status code.
    pub fn code(&self) -> Code {
        self.code
    }

    /// The name of the code, e.g. `"SDY_PARSE_ERROR"`.
    pub fn code_name(&self) -> &str {
        &self.name
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

impl std::error::Error for Error {}

/// The result of every fallible call.
pub type Result<T> = std::result::Result<T, Error>;
