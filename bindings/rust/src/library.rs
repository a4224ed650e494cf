//! Loading libsdy_c with dlopen, and the status and string conventions.

use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_void};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use crate::error::{Code, Error, Result};
use crate::mlir_api::MlirApi;
use crate::sys;

/// The header version this binding was written for
/// (MAJOR * 10000 + MINOR * 100 + PATCH).
pub const HEADER_VERSION: u32 = 10400;

/// The loaded library: every function of the C ABI. Shared by the objects
/// made from it (`Arc<Library>`); unloaded when the last one is dropped.
pub struct Library {
    handle: *mut c_void,
    path: String,
    functions: sys::Functions,
    mlir: MlirApi,
}

// The library handle and function pointers are immutable after loading;
// the C functions themselves say which handles may cross threads.
unsafe impl Send for Library {}
unsafe impl Sync for Library {}

impl Library {
    /// Loads libsdy_c: from `path` when given, else from the environment
    /// variable `SDY_C_LIBRARY` (a full path; nothing else is tried), else
    /// the usual search: `libsdy_c.so.1` on the dynamic loader's path
    /// (`LD_LIBRARY_PATH`, the system's), then pkg-config's `libdir` of
    /// `sdy_c`, then `/usr/local/lib`.
    pub fn open(path: Option<&Path>) -> Result<Arc<Library>> {
        let candidates: Vec<PathBuf> = match path {
            Some(p) => vec![p.to_path_buf()],
            None => match std::env::var_os("SDY_C_LIBRARY") {
                Some(p) if !p.is_empty() => vec![PathBuf::from(p)],
                _ => search_path(),
            },
        };
        let mut errors = Vec::new();
        for candidate in &candidates {
            match Library::open_one(candidate) {
                Ok(lib) => return Ok(Arc::new(lib)),
                Err(e) => errors.push(e),
            }
        }
        Err(Error::not_found(format!(
            "cannot load libsdy_c (pass its path to Library::open or set \
             SDY_C_LIBRARY): {}",
            errors.join("; ")
        )))
    }

    fn open_one(path: &Path) -> std::result::Result<Library, String> {
        let name = path.to_string_lossy().into_owned();
        let c_name = CString::new(name.clone()).map_err(|_| format!("{}: NUL in path", name))?;
        unsafe {
            let handle = sys::dlopen(c_name.as_ptr(), sys::RTLD_NOW);
            if handle.is_null() {
                let err = sys::dlerror();
                return Err(if err.is_null() {
                    format!("{}: cannot be loaded", name)
                } else {
                    CStr::from_ptr(err).to_string_lossy().into_owned()
                });
            }
            let functions = match sys::Functions::load(handle) {
                Ok(f) => f,
                Err(e) => {
                    sys::dlclose(handle);
                    return Err(format!("{}: {}", name, e));
                }
            };
            if (functions.sdy_version_is_compatible)(HEADER_VERSION) == 0 {
                let version = CStr::from_ptr((functions.sdy_version_string)())
                    .to_string_lossy()
                    .into_owned();
                sys::dlclose(handle);
                return Err(format!(
                    "{}: C ABI version {} is not compatible with this binding (written for {})",
                    name, version, "1.4.0"
                ));
            }
            let mlir = match MlirApi::load(handle) {
                Ok(m) => m,
                Err(e) => {
                    sys::dlclose(handle);
                    return Err(format!("{}: {}", name, e));
                }
            };
            Ok(Library { handle, path: name, functions, mlir })
        }
    }

    /// The path the library was loaded from.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The raw functions, for what the safe API does not cover (the
    /// MLIR-style functions of `dialect.h`, ...).
    pub fn raw(&self) -> &sys::Functions {
        &self.functions
    }

    pub(crate) fn mlir(&self) -> &MlirApi {
        &self.mlir
    }

    /// The C ABI version of the library (MAJOR * 10000 + MINOR * 100 +
    /// PATCH).
    pub fn version(&self) -> u32 {
        unsafe { (self.functions.sdy_version)() }
    }

    /// The version as "MAJOR.MINOR.PATCH".
    pub fn version_string(&self) -> String {
        unsafe { CStr::from_ptr((self.functions.sdy_version_string)()) }
            .to_string_lossy()
            .into_owned()
    }

    /// Whether this library can serve a binding written for header version
    /// `version` (MAJOR * 10000 + MINOR * 100 + PATCH).
    pub fn is_compatible(&self, version: u32) -> bool {
        unsafe { (self.functions.sdy_version_is_compatible)(version) != 0 }
    }

    /// The name of status code `code`, e.g. `"SDY_PARSE_ERROR"`.
    pub fn code_name(&self, code: i32) -> String {
        unsafe { CStr::from_ptr((self.functions.sdy_status_code_name)(code)) }.to_string_lossy().into_owned()
    }

    /// Ok for a NULL status; otherwise the error, and the status released.
    pub(crate) fn check(&self, status: *mut sys::Status) -> Result<()> {
        if status.is_null() {
            return Ok(());
        }
        let f = &self.functions;
        unsafe {
            let code = (f.sdy_status_code)(status);
            let name = CStr::from_ptr((f.sdy_status_code_name)(code)).to_string_lossy().into_owned();
            let message = CStr::from_ptr((f.sdy_status_message)(status)).to_string_lossy().into_owned();
            (f.sdy_status_destroy)(status);
            Err(Error::new(Code::from_raw(code), &name, message))
        }
    }

    /// Takes a caller-owned string returned through `char **`.
    pub(crate) fn take_string(&self, s: *mut c_char) -> String {
        if s.is_null() {
            return String::new();
        }
        unsafe {
            let out = CStr::from_ptr(s).to_string_lossy().into_owned();
            (self.functions.sdy_string_destroy)(s);
            out
        }
    }
}

impl Drop for Library {
    fn drop(&mut self) {
        unsafe {
            sys::dlclose(self.handle);
        }
    }
}

/// A NUL-terminated copy of `s` (a NUL inside gives SDY_INVALID_ARGUMENT).
pub(crate) fn c_string(s: &str, what: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error::invalid(format!("{} contains a NUL byte", what)))
}

fn search_path() -> Vec<PathBuf> {
    let mut out = vec![PathBuf::from("libsdy_c.so.1")];
    if let Ok(o) = Command::new("pkg-config").args(["--variable=libdir", "sdy_c"]).output() {
        let dir = String::from_utf8_lossy(&o.stdout).trim().to_string();
        if o.status.success() && !dir.is_empty() {
            out.push(Path::new(&dir).join("libsdy_c.so.1"));
        }
    }
    out.push(PathBuf::from("/usr/local/lib/libsdy_c.so.1"));
    out
}
