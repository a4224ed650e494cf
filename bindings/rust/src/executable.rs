//! Executables: a function prepared to run on N devices.

use std::ops::Range;
use std::sync::atomic::AtomicI32;

use crate::error::{Error, Result};
use crate::library::c_string;
use crate::sys;
use crate::tensor::{descriptor, Array, ArrayRef};
use crate::{Backend, Library, Module};

handle!(
    /// An executable. Runs may happen from several threads at once, so
    /// `Send + Sync`.
    Executable,
    Executable,
    sdy_executable_destroy
);
thread_safety!(Executable, shared);

impl Executable {
    /// Prepares `function` (`None`: "main") of a partitioned `module`.
    pub fn compile(module: &Module, function: Option<&str>) -> Result<Executable> {
        let function = function.map(|f| c_string(f, "the function name")).transpose()?;
        let name = function.as_ref().map_or(std::ptr::null(), |f| f.as_ptr());
        let lib = &module.lib;
        new_handle!(lib, Executable, |out| (lib.raw().sdy_executable_compile)(module.ptr, name, out))
    }

    /// The number of devices the program runs on.
    pub fn num_devices(&self) -> Result<i64> {
        out_value!(self.lib, i64, |out| (self.lib.raw().sdy_executable_num_devices)(self.ptr, out))
    }

    /// The number of arguments.
    pub fn num_args(&self) -> Result<usize> {
        out_value!(self.lib, usize, |out| (self.lib.raw().sdy_executable_num_args)(self.ptr, out))
    }

    /// The number of results.
    pub fn num_results(&self) -> Result<usize> {
        out_value!(self.lib, usize, |out| (self.lib.raw().sdy_executable_num_results)(self.ptr, out))
    }

    /// The local (per-device) element type and shape of argument `index`.
    pub fn arg_type(&self, index: usize) -> Result<(sys::Dtype, Vec<i64>)> {
        self.value_type(index, false)
    }

    /// The local element type and shape of result `index`.
    pub fn result_type(&self, index: usize) -> Result<(sys::Dtype, Vec<i64>)> {
        self.value_type(index, true)
    }

    fn value_type(&self, index: usize, result: bool) -> Result<(sys::Dtype, Vec<i64>)> {
        let f = self.lib.raw();
        let get = if result { f.sdy_executable_result_type } else { f.sdy_executable_arg_type };
        let mut dtype = sys::Dtype::default();
        let mut rank = 0usize;
        self.lib.check(unsafe { get(self.ptr, index, &mut dtype, &mut rank, std::ptr::null_mut(), 0) })?;
        let mut shape = vec![0i64; rank];
        self.lib.check(unsafe { get(self.ptr, index, &mut dtype, &mut rank, shape.as_mut_ptr(), rank) })?;
        Ok((dtype, shape))
    }

    /// How argument `index` is split: the number of shards of each
    /// dimension (1 where it is not split).
    pub fn arg_num_shards(&self, index: usize) -> Result<Vec<i64>> {
        self.num_shards(index, false)
    }

    /// How result `index` is split.
    pub fn result_num_shards(&self, index: usize) -> Result<Vec<i64>> {
        self.num_shards(index, true)
    }

    fn num_shards(&self, index: usize, result: bool) -> Result<Vec<i64>> {
        let rank = self.value_type(index, result)?.1.len();
        let f = self.lib.raw();
        let get = if result { f.sdy_executable_result_num_shards } else { f.sdy_executable_arg_num_shards };
        let mut shards = vec![0i64; rank];
        self.lib.check(unsafe { get(self.ptr, index, shards.as_mut_ptr(), rank) })?;
        Ok(shards)
    }

    /// The global shape of argument `index` (what a global run takes).
    pub fn arg_global_shape(&self, index: usize) -> Result<GlobalShape> {
        self.global_shape(index, false)
    }

    /// The global shape of result `index` (what a global run returns).
    pub fn result_global_shape(&self, index: usize) -> Result<GlobalShape> {
        self.global_shape(index, true)
    }

    fn global_shape(&self, index: usize, result: bool) -> Result<GlobalShape> {
        let rank = self.value_type(index, result)?.1.len();
        let f = self.lib.raw();
        let get = if result { f.sdy_executable_result_global_shape } else { f.sdy_executable_arg_global_shape };
        let mut shape = vec![0i64; rank];
        let mut exact = 0i32;
        self.lib.check(unsafe { get(self.ptr, index, shape.as_mut_ptr(), rank, &mut exact) })?;
        Ok(GlobalShape { shape, exact: exact != 0 })
    }

    /// The part `[start, limit)` of each dimension of a global argument
    /// `index` of `global_shape` that device `device` receives in a global
    /// run.
    pub fn arg_device_slice(&self, index: usize, global_shape: &[i64], device: i64) -> Result<Vec<Range<i64>>> {
        let n = global_shape.len();
        let (mut starts, mut limits) = (vec![0i64; n], vec![0i64; n]);
        self.lib.check(unsafe {
            (self.lib.raw().sdy_executable_arg_device_slice)(
                self.ptr,
                index,
                global_shape.as_ptr(),
                n,
                device,
                starts.as_mut_ptr(),
                limits.as_mut_ptr(),
                n,
            )
        })?;
        Ok(starts.into_iter().zip(limits).map(|(s, l)| s..l).collect())
    }

    /// Runs on the devices of `backend` with global arrays: each argument
    /// is scattered by its sharding, each result gathered by its sharding.
    pub fn run_global(&self, backend: &Backend, args: &[ArrayRef<'_>]) -> Result<Vec<Array>> {
        self.run_global_with(backend, args, None)
    }

    /// [`Executable::run_global`] with limits and cancellation (`None`:
    /// the defaults).
    pub fn run_global_with(
        &self,
        backend: &Backend,
        args: &[ArrayRef<'_>],
        options: Option<&RunOptions<'_>>,
    ) -> Result<Vec<Array>> {
        let mut results = Vec::new();
        for j in 0..self.num_results()? {
            let (dtype, _) = self.result_type(j)?;
            results.push(Array::zeros(dtype, &self.result_global_shape(j)?.shape));
        }
        let counts = (args.len(), results.len());
        self.call(backend, args, &mut results, options, true, counts)?;
        Ok(results)
    }

    /// Runs with per-device arrays: `args[i]` holds the arguments (local
    /// shapes) of the i-th local device of `backend`, in the order of
    /// [`Backend::local_devices`]; returns each device's results likewise.
    pub fn run_local(&self, backend: &Backend, args: &[Vec<ArrayRef<'_>>]) -> Result<Vec<Vec<Array>>> {
        self.run_local_with(backend, args, None)
    }

    /// [`Executable::run_local`] with limits and cancellation.
    pub fn run_local_with(
        &self,
        backend: &Backend,
        args: &[Vec<ArrayRef<'_>>],
        options: Option<&RunOptions<'_>>,
    ) -> Result<Vec<Vec<Array>>> {
        let num_args = self.num_args()?;
        if let Some(i) = args.iter().position(|a| a.len() != num_args) {
            return Err(Error::invalid(format!(
                "local device {} has {} arguments; the function takes {}",
                i,
                args[i].len(),
                num_args
            )));
        }
        let n = self.num_results()?;
        let mut per_device = Vec::with_capacity(n);
        for j in 0..n {
            let (dtype, shape) = self.result_type(j)?;
            per_device.push(Array::zeros(dtype, &shape));
        }
        let flat_args: Vec<ArrayRef<'_>> = args.iter().flatten().cloned().collect();
        let mut results: Vec<Array> = (0..args.len()).flat_map(|_| per_device.clone()).collect();
        self.call(backend, &flat_args, &mut results, options, false, (num_args, n))?;
        let mut out = Vec::with_capacity(args.len());
        let mut it = results.into_iter();
        for _ in 0..args.len() {
            out.push(it.by_ref().take(n).collect());
        }
        Ok(out)
    }

    fn call(
        &self,
        backend: &Backend,
        args: &[ArrayRef<'_>],
        results: &mut [Array],
        options: Option<&RunOptions<'_>>,
        global: bool,
        counts: (usize, usize),
    ) -> Result<()> {
        let mut arg_shapes: Vec<Vec<i64>> = args.iter().map(|a| a.shape.clone()).collect();
        let ins: Vec<sys::Tensor> = args
            .iter()
            .zip(arg_shapes.iter_mut())
            .map(|(a, shape)| descriptor(a.data as *mut u8, a.dtype, shape))
            .collect();
        let mut result_shapes: Vec<Vec<i64>> = results.iter().map(|r| r.shape.clone()).collect();
        let mut outs: Vec<sys::Tensor> = results
            .iter_mut()
            .zip(result_shapes.iter_mut())
            .map(|(r, shape)| descriptor(r.as_mut_ptr(), r.dtype, shape))
            .collect();
        let raw = options.map(|o| o.to_raw(&self.lib));
        let opts = raw.as_ref().map_or(std::ptr::null(), |o| o as *const sys::RunOptions);
        let f = self.lib.raw();
        let run = if global { f.sdy_executable_run_global_with_options } else { f.sdy_executable_run_local_with_options };
        let (args, results) = (ins.as_ptr(), outs.as_mut_ptr());
        self.lib.check(unsafe {
            match (options.is_some(), global) {
                (true, _) => run(self.ptr, backend.ptr, args, counts.0, results, counts.1, opts),
                (false, true) => (f.sdy_executable_run_global)(self.ptr, backend.ptr, args, counts.0, results, counts.1),
                (false, false) => (f.sdy_executable_run_local)(self.ptr, backend.ptr, args, counts.0, results, counts.1),
            }
        })
    }
}

/// The global shape of an argument or result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalShape {
    pub shape: Vec<i64>,
    /// True when global runs require exactly this shape; false for a split
    /// value of a module partitioned by hand (`shape` is then the padded
    /// shape, and any shape whose ceil(size / shards) is the local size
    /// fits).
    pub exact: bool,
}

/// Limits and cancellation of one run (`sdy_run_options_t`).
#[derive(Clone, Copy, Debug)]
pub struct RunOptions<'a> {
    /// Limit on the whole run in milliseconds; 0: none.
    pub timeout_ms: i64,
    /// Longest a device waits for its peers in one collective; 0: forever.
    pub collective_timeout_ms: i64,
    /// A flag another thread may set nonzero to stop the run with
    /// `Code::Cancelled`.
    pub cancel: Option<&'a AtomicI32>,
}

impl Default for RunOptions<'_> {
    /// The library's defaults: no run timeout, 60 s per collective, no
    /// cancel flag.
    fn default() -> Self {
        RunOptions { timeout_ms: 0, collective_timeout_ms: 60000, cancel: None }
    }
}

impl RunOptions<'_> {
    fn to_raw(&self, lib: &Library) -> sys::RunOptions {
        let mut raw = sys::RunOptions { struct_size: 0, timeout_ms: 0, collective_timeout_ms: 0, cancel: std::ptr::null() };
        unsafe { (lib.raw().sdy_run_options_init)(&mut raw) };
        raw.timeout_ms = self.timeout_ms;
        raw.collective_timeout_ms = self.collective_timeout_ms;
        // AtomicI32 has the layout of i32; the library only reads it.
        raw.cancel = self.cancel.map_or(std::ptr::null(), |c| c as *const AtomicI32 as *const i32);
        raw
    }
}
