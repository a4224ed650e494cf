//! Device backends: the built-in local one, plugins, and backends
//! implemented in Rust through the device-backend table (backend.h).

use std::ffi::CString;
use std::os::raw::{c_char, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::Arc;

use crate::error::Result;
use crate::library::c_string;
use crate::sys;
use crate::Library;

/// A device backend. `Send` (it runs one program at a time), not `Sync`.
pub struct Backend {
    pub(crate) lib: Arc<Library>,
    pub(crate) ptr: *mut sys::Backend,
    // A Rust backend's table and implementation, borrowed by the handle.
    _table: Option<Box<RustTable>>,
}

unsafe impl Send for Backend {}

impl Backend {
    /// The built-in local backend: `num_devices` threads of this process.
    pub fn local(lib: &Arc<Library>, num_devices: i32) -> Result<Backend> {
        let mut raw = std::ptr::null_mut();
        lib.check(unsafe { (lib.raw().sdy_backend_create_local)(num_devices, &mut raw) })?;
        Ok(Backend { lib: lib.clone(), ptr: raw, _table: None })
    }

    /// Loads a backend plugin (.so) with backend-defined `options`.
    pub fn load(lib: &Arc<Library>, path: &Path, options: Option<&str>) -> Result<Backend> {
        let path = c_string(&path.to_string_lossy(), "the plugin path")?;
        let options = options.map(|o| c_string(o, "the options")).transpose()?;
        let opts = options.as_ref().map_or(std::ptr::null(), |o| o.as_ptr());
        let mut raw = std::ptr::null_mut();
        lib.check(unsafe { (lib.raw().sdy_backend_load)(path.as_ptr(), opts, &mut raw) })?;
        Ok(Backend { lib: lib.clone(), ptr: raw, _table: None })
    }

    /// A backend implemented in Rust: the library calls `imp` through the
    /// device-backend table. Device memory is host memory.
    pub fn from_impl(lib: &Arc<Library>, imp: Box<dyn DeviceBackend>) -> Result<Backend> {
        let name = CString::new(imp.name()).unwrap_or_default();
        let mut boxed = Box::new(RustTable { table: empty_table(), imp, name });
        boxed.table.name = boxed.name.as_ptr();
        boxed.table.user_data = &mut *boxed as *mut RustTable as *mut c_void;
        let mut raw = std::ptr::null_mut();
        lib.check(unsafe { (lib.raw().sdy_backend_wrap)(&boxed.table, &mut raw) })?;
        Ok(Backend { lib: lib.clone(), ptr: raw, _table: Some(boxed) })
    }

    /// The number of devices of the whole system.
    pub fn device_count(&self) -> Result<i32> {
        let mut n = 0i32;
        self.lib.check(unsafe { (self.lib.raw().sdy_backend_device_count)(self.ptr, &mut n) })?;
        Ok(n)
    }

    /// The devices this process drives.
    pub fn local_devices(&self) -> Result<Vec<i64>> {
        let f = self.lib.raw();
        let mut n = 0usize;
        self.lib.check(unsafe { (f.sdy_backend_local_devices)(self.ptr, std::ptr::null_mut(), 0, &mut n) })?;
        let mut ids = vec![0i64; n];
        self.lib.check(unsafe { (f.sdy_backend_local_devices)(self.ptr, ids.as_mut_ptr(), n, &mut n) })?;
        Ok(ids)
    }

    /// The raw handle (still owned by this object).
    pub fn as_raw(&self) -> *mut sys::Backend {
        self.ptr
    }
}

impl std::fmt::Debug for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Backend({:p})", self.ptr)
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        // The handle goes first: it borrows the Rust table.
        unsafe { (self.lib.raw().sdy_backend_destroy)(self.ptr) }
    }
}

/// The error codes of a backend (`SDY_BACKEND_ERR_*`).
pub mod backend_code {
    pub const INVALID_ARGUMENT: i32 = 1;
    pub const UNSUPPORTED: i32 = 2;
    pub const OUT_OF_MEMORY: i32 = 3;
    pub const TIMEOUT: i32 = 4;
    pub const MISMATCH: i32 = 5;
    pub const INTERNAL: i32 = 6;
    pub const UNAVAILABLE: i32 = 7;
}

/// A failed backend call: a `backend_code` and a message.
#[derive(Clone, Debug)]
pub struct BackendFailure {
    pub code: i32,
    pub message: String,
}

/// The result of a backend call.
pub type BackendResult = std::result::Result<(), BackendFailure>;

/// A device backend written in Rust (see backend.h for what each call
/// must do). The library may call it from several threads at once (one per
/// local device), hence `Send + Sync`. Memory is host memory.
#[allow(clippy::too_many_arguments)]
pub trait DeviceBackend: Send + Sync {
    /// The backend's name.
    fn name(&self) -> &str;
    /// Number of devices of the whole system.
    fn device_count(&self) -> i32;
    /// The devices this process drives.
    fn local_devices(&self) -> Vec<i64> {
        (0..self.device_count() as i64).collect()
    }
    /// recv[i] = op over the group of every member's send[i]; `count`
    /// elements of `dtype` (`SDY_BACKEND_DTYPE_*`), `op` a
    /// `SDY_BACKEND_REDUCE_*`.
    fn all_reduce(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], count: usize, dtype: i32,
                  op: i32, timeout_ms: i64) -> BackendResult;
    /// recv = every member's `send`, concatenated in group order.
    fn all_gather(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], timeout_ms: i64)
                  -> BackendResult;
    /// Chunk j of `send` goes to member j; chunk j of `recv` comes from it.
    fn all_to_all(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], chunk_bytes: usize,
                  timeout_ms: i64) -> BackendResult;
    /// Member j receives the reduction of chunk j over all members.
    fn reduce_scatter(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], count: usize, dtype: i32,
                      op: i32, timeout_ms: i64) -> BackendResult;
    /// Each (source, target) pair: the source's `send` to the target's
    /// `recv` (`send` is empty on a device that is no source).
    fn collective_permute(&self, device: i64, pairs: &[(i64, i64)], send: &[u8], recv: &mut [u8],
                          timeout_ms: i64) -> BackendResult;
    /// Waits for every member of `group`.
    fn barrier(&self, device: i64, group: &[i64], timeout_ms: i64) -> BackendResult;
}

/// A shared implementation: the caller may keep a clone of the `Arc` (to
/// inspect its state after runs) while the library calls it.
impl<T: DeviceBackend + ?Sized> DeviceBackend for Arc<T> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn device_count(&self) -> i32 {
        (**self).device_count()
    }
    fn local_devices(&self) -> Vec<i64> {
        (**self).local_devices()
    }
    fn all_reduce(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], count: usize, dtype: i32,
                  op: i32, timeout_ms: i64) -> BackendResult {
        (**self).all_reduce(device, group, send, recv, count, dtype, op, timeout_ms)
    }
    fn all_gather(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], timeout_ms: i64)
                  -> BackendResult {
        (**self).all_gather(device, group, send, recv, timeout_ms)
    }
    fn all_to_all(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], chunk_bytes: usize,
                  timeout_ms: i64) -> BackendResult {
        (**self).all_to_all(device, group, send, recv, chunk_bytes, timeout_ms)
    }
    fn reduce_scatter(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], count: usize, dtype: i32,
                      op: i32, timeout_ms: i64) -> BackendResult {
        (**self).reduce_scatter(device, group, send, recv, count, dtype, op, timeout_ms)
    }
    fn collective_permute(&self, device: i64, pairs: &[(i64, i64)], send: &[u8], recv: &mut [u8],
                          timeout_ms: i64) -> BackendResult {
        (**self).collective_permute(device, pairs, send, recv, timeout_ms)
    }
    fn barrier(&self, device: i64, group: &[i64], timeout_ms: i64) -> BackendResult {
        (**self).barrier(device, group, timeout_ms)
    }
}

struct RustTable {
    table: sys::BackendTable,
    imp: Box<dyn DeviceBackend>,
    name: CString,
}

/// Bytes per element of a `SDY_BACKEND_DTYPE_*`.
fn dtype_size(dtype: i32) -> usize {
    match dtype {
        2 | 6 | 9 | 10 => 2,
        3 | 7 | 11 => 4,
        4 | 8 | 12 | 13 => 8,
        14 => 16,
        _ => 1,
    }
}

extern "C" {
    fn malloc(size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
}

unsafe fn imp<'a>(ud: *mut c_void) -> &'a dyn DeviceBackend {
    &*(*(ud as *const RustTable)).imp
}

unsafe fn fail(err: *mut sys::BackendError, code: i32, message: &str) -> i32 {
    (*err).code = code;
    let bytes = message.as_bytes();
    let n = bytes.len().min((*err).message.len() - 1);
    for (i, b) in bytes[..n].iter().enumerate() {
        (*err).message[i] = *b as c_char;
    }
    (*err).message[n] = 0;
    code
}

/// Runs `f`, turning a failure or a panic into a backend error code.
unsafe fn guard(err: *mut sys::BackendError, f: impl FnOnce() -> BackendResult) -> i32 {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => fail(err, e.code, &e.message),
        Err(_) => fail(err, backend_code::INTERNAL, "the Rust backend panicked"),
    }
}

unsafe fn bytes<'a>(p: *const c_void, n: usize) -> &'a [u8] {
    if p.is_null() || n == 0 { &[] } else { std::slice::from_raw_parts(p as *const u8, n) }
}

unsafe fn bytes_mut<'a>(p: *mut c_void, n: usize) -> &'a mut [u8] {
    if p.is_null() || n == 0 { &mut [] } else { std::slice::from_raw_parts_mut(p as *mut u8, n) }
}

unsafe fn ids<'a>(p: *const i64, n: i32) -> &'a [i64] {
    if p.is_null() || n <= 0 { &[] } else { std::slice::from_raw_parts(p, n as usize) }
}

/// `send` as a slice that does not alias `recv` (all_reduce may be in
/// place: then a copy).
unsafe fn input(send: *const c_void, recv: *mut c_void, n: usize) -> std::borrow::Cow<'static, [u8]> {
    if send as *const u8 == recv as *const u8 {
        std::borrow::Cow::Owned(bytes(send, n).to_vec())
    } else {
        std::borrow::Cow::Borrowed(std::mem::transmute::<&[u8], &'static [u8]>(bytes(send, n)))
    }
}

unsafe extern "C" fn t_destroy(_: *mut c_void) {}

unsafe extern "C" fn t_device_count(ud: *mut c_void, count: *mut i32, err: *mut sys::BackendError) -> i32 {
    guard(err, || {
        *count = imp(ud).device_count();
        Ok(())
    })
}

unsafe extern "C" fn t_local_devices(ud: *mut c_void, out: *mut i64, capacity: i32, n: *mut i32,
                                     err: *mut sys::BackendError) -> i32 {
    guard(err, || {
        let devices = imp(ud).local_devices();
        for (i, d) in devices.iter().take(capacity.max(0) as usize).enumerate() {
            *out.add(i) = *d;
        }
        *n = devices.len() as i32;
        Ok(())
    })
}

unsafe extern "C" fn t_alloc(_: *mut c_void, _: i64, size: usize, out: *mut *mut c_void,
                             err: *mut sys::BackendError) -> i32 {
    let p = malloc(size.max(1));
    if p.is_null() {
        return fail(err, backend_code::OUT_OF_MEMORY, "out of host memory");
    }
    *out = p;
    0
}

unsafe extern "C" fn t_free(_: *mut c_void, _: i64, p: *mut c_void, _: *mut sys::BackendError) -> i32 {
    free(p);
    0
}

unsafe extern "C" fn t_copy(_: *mut c_void, _: i64, dst: *mut c_void, src: *const c_void, n: usize,
                            _: *mut sys::BackendError) -> i32 {
    if n > 0 {
        std::ptr::copy(src as *const u8, dst as *mut u8, n);
    }
    0
}

unsafe extern "C" fn t_all_reduce(ud: *mut c_void, device: i64, group: *const i64, group_size: i32,
                                  send: *const c_void, recv: *mut c_void, count: usize, dtype: i32, op: i32,
                                  timeout_ms: i64, err: *mut sys::BackendError) -> i32 {
    let n = count * dtype_size(dtype);
    guard(err, || {
        let s = input(send, recv, n);
        imp(ud).all_reduce(device, ids(group, group_size), &s, bytes_mut(recv, n), count, dtype, op, timeout_ms)
    })
}

unsafe extern "C" fn t_all_gather(ud: *mut c_void, device: i64, group: *const i64, group_size: i32,
                                  send: *const c_void, recv: *mut c_void, n: usize, timeout_ms: i64,
                                  err: *mut sys::BackendError) -> i32 {
    guard(err, || {
        imp(ud).all_gather(device, ids(group, group_size), bytes(send, n),
                           bytes_mut(recv, n * group_size.max(0) as usize), timeout_ms)
    })
}

unsafe extern "C" fn t_all_to_all(ud: *mut c_void, device: i64, group: *const i64, group_size: i32,
                                  send: *const c_void, recv: *mut c_void, chunk: usize, timeout_ms: i64,
                                  err: *mut sys::BackendError) -> i32 {
    let n = chunk * group_size.max(0) as usize;
    guard(err, || {
        imp(ud).all_to_all(device, ids(group, group_size), bytes(send, n), bytes_mut(recv, n), chunk, timeout_ms)
    })
}

unsafe extern "C" fn t_reduce_scatter(ud: *mut c_void, device: i64, group: *const i64, group_size: i32,
                                      send: *const c_void, recv: *mut c_void, count: usize, dtype: i32, op: i32,
                                      timeout_ms: i64, err: *mut sys::BackendError) -> i32 {
    let n = count * dtype_size(dtype);
    guard(err, || {
        imp(ud).reduce_scatter(device, ids(group, group_size), bytes(send, n * group_size.max(0) as usize),
                               bytes_mut(recv, n), count, dtype, op, timeout_ms)
    })
}

unsafe extern "C" fn t_permute(ud: *mut c_void, device: i64, pairs: *const i64, num_pairs: i32,
                               send: *const c_void, recv: *mut c_void, n: usize, timeout_ms: i64,
                               err: *mut sys::BackendError) -> i32 {
    guard(err, || {
        let flat = ids(pairs, num_pairs.max(0) * 2);
        let pairs: Vec<(i64, i64)> = flat.chunks(2).map(|p| (p[0], p[1])).collect();
        let is_source = pairs.iter().any(|p| p.0 == device);
        let s = if is_source { bytes(send, n) } else { &[] };
        imp(ud).collective_permute(device, &pairs, s, bytes_mut(recv, n), timeout_ms)
    })
}

unsafe extern "C" fn t_barrier(ud: *mut c_void, device: i64, group: *const i64, group_size: i32,
                               timeout_ms: i64, err: *mut sys::BackendError) -> i32 {
    guard(err, || imp(ud).barrier(device, ids(group, group_size), timeout_ms))
}

fn empty_table() -> sys::BackendTable {
    sys::BackendTable {
        struct_size: std::mem::size_of::<sys::BackendTable>(),
        abi_version: 1,
        flags: 1, // SDY_BACKEND_FLAG_HOST_MEMORY
        name: std::ptr::null(),
        user_data: std::ptr::null_mut(),
        destroy: Some(t_destroy),
        device_count: Some(t_device_count),
        local_devices: Some(t_local_devices),
        buffer_alloc: Some(t_alloc),
        buffer_free: Some(t_free),
        copy_to_device: Some(t_copy),
        copy_to_host: Some(t_copy),
        all_reduce: Some(t_all_reduce),
        all_gather: Some(t_all_gather),
        all_to_all: Some(t_all_to_all),
        reduce_scatter: Some(t_reduce_scatter),
        collective_permute: Some(t_permute),
        barrier: Some(t_barrier),
    }
}
