//! The few functions of MLIR's C API (exported by libsdy_c beside its own
//! ABI) that the typed attributes need: printing, parsing, equality, and
//! the builtin symbol-reference and string attributes.

use std::os::raw::{c_char, c_void};

use crate::sys::{self, MlirAttribute, MlirContext, MlirStringRef};

type StringCallback = unsafe extern "C" fn(MlirStringRef, *mut c_void);

/// `MlirDiagnostic` and `MlirLogicalResult` of mlir-c.
#[repr(C)]
#[derive(Clone, Copy)]
pub(crate) struct MlirDiagnostic {
    ptr: *mut c_void,
}

#[repr(C)]
pub(crate) struct MlirLogicalResult {
    value: i8,
}

type DiagnosticHandler = unsafe extern "C" fn(MlirDiagnostic, *mut c_void) -> MlirLogicalResult;

/// Resolved from the loaded library with the ABI's functions.
pub(crate) struct MlirApi {
    pub print: unsafe extern "C" fn(MlirAttribute, StringCallback, *mut c_void),
    pub parse: unsafe extern "C" fn(MlirContext, MlirStringRef) -> MlirAttribute,
    pub equal: unsafe extern "C" fn(MlirAttribute, MlirAttribute) -> bool,
    pub flat_symbol_ref_get: unsafe extern "C" fn(MlirContext, MlirStringRef) -> MlirAttribute,
    pub flat_symbol_ref_value: unsafe extern "C" fn(MlirAttribute) -> MlirStringRef,
    pub is_flat_symbol_ref: unsafe extern "C" fn(MlirAttribute) -> bool,
    pub string_attr_get: unsafe extern "C" fn(MlirContext, MlirStringRef) -> MlirAttribute,
    attach_handler:
        unsafe extern "C" fn(MlirContext, DiagnosticHandler, *mut c_void, Option<unsafe extern "C" fn(*mut c_void)>) -> u64,
    detach_handler: unsafe extern "C" fn(MlirContext, u64),
    print_diagnostic: unsafe extern "C" fn(MlirDiagnostic, StringCallback, *mut c_void),
}

unsafe fn resolve<T>(handle: *mut c_void, name: &str) -> Result<T, String> {
    let c_name = format!("{}\0", name);
    let p = sys::dlsym(handle, c_name.as_ptr() as *const c_char);
    if p.is_null() {
        return Err(format!("the library does not export {}", name));
    }
    Ok(std::mem::transmute_copy::<*mut c_void, T>(&p))
}

impl MlirApi {
    /// # Safety
    /// `handle` must be a live dlopen handle of libsdy_c.
    pub(crate) unsafe fn load(handle: *mut c_void) -> Result<MlirApi, String> {
        Ok(MlirApi {
            print: resolve(handle, "mlirAttributePrint")?,
            parse: resolve(handle, "mlirAttributeParseGet")?,
            equal: resolve(handle, "mlirAttributeEqual")?,
            flat_symbol_ref_get: resolve(handle, "mlirFlatSymbolRefAttrGet")?,
            flat_symbol_ref_value: resolve(handle, "mlirFlatSymbolRefAttrGetValue")?,
            is_flat_symbol_ref: resolve(handle, "mlirAttributeIsAFlatSymbolRef")?,
            string_attr_get: resolve(handle, "mlirStringAttrGet")?,
            attach_handler: resolve(handle, "mlirContextAttachDiagnosticHandler")?,
            detach_handler: resolve(handle, "mlirContextDetachDiagnosticHandler")?,
            print_diagnostic: resolve(handle, "mlirDiagnosticPrint")?,
        })
    }
}

unsafe extern "C" fn append(piece: MlirStringRef, user_data: *mut c_void) {
    let out = &mut *(user_data as *mut Vec<u8>);
    out.extend_from_slice(bytes(&piece));
}

fn bytes(s: &MlirStringRef) -> &[u8] {
    if s.data.is_null() || s.length == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) }
    }
}

/// An owned copy of an `MlirStringRef`.
pub(crate) fn string(s: MlirStringRef) -> String {
    String::from_utf8_lossy(bytes(&s)).into_owned()
}

/// A string reference to `s` (valid while `s` is).
pub(crate) fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const c_char, length: s.len() }
}

impl MlirApi {
    pub(crate) fn print_attribute(&self, attr: MlirAttribute) -> String {
        let mut out: Vec<u8> = Vec::new();
        unsafe { (self.print)(attr, append, &mut out as *mut Vec<u8> as *mut c_void) };
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// Where [`MlirApi::parse_attribute`] collects diagnostics.
struct Diagnostics<'a> {
    api: &'a MlirApi,
    text: Vec<u8>,
}

unsafe extern "C" fn collect(diagnostic: MlirDiagnostic, user_data: *mut c_void) -> MlirLogicalResult {
    let d = &mut *(user_data as *mut Diagnostics);
    if !d.text.is_empty() {
        d.text.push(b'\n');
    }
    (d.api.print_diagnostic)(diagnostic, append, &mut d.text as *mut Vec<u8> as *mut c_void);
    MlirLogicalResult { value: 1 }
}

impl MlirApi {
    /// Parses attribute text; on failure the diagnostics (caught, so that
    /// nothing reaches stderr).
    pub(crate) fn parse_attribute(&self, ctx: MlirContext, text: &str) -> Result<MlirAttribute, String> {
        let mut diagnostics = Diagnostics { api: self, text: Vec::new() };
        let user_data = &mut diagnostics as *mut Diagnostics as *mut c_void;
        let attr = unsafe {
            let id = (self.attach_handler)(ctx, collect, user_data, None);
            let attr = (self.parse)(ctx, string_ref(text));
            (self.detach_handler)(ctx, id);
            attr
        };
        if attr.ptr.is_null() {
            Err(String::from_utf8_lossy(&diagnostics.text).into_owned())
        } else {
            Ok(attr)
        }
    }
}
