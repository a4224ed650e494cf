//! Executables: a function prepared to run on N devices.

use crate::error::Result;
use crate::library::c_string;
use crate::sys;
use crate::tensor::{descriptor, Array, ArrayRef};
use crate::{Backend, Module};

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

    /// The global shape of result `index` (what a global run returns).
    pub fn result_global_shape(&self, index: usize) -> Result<Vec<i64>> {
        let (_, local) = self.result_type(index)?;
        let mut shape = vec![0i64; local.len()];
        self.lib.check(unsafe {
            (self.lib.raw().sdy_executable_result_global_shape)(
                self.ptr,
                index,
                shape.as_mut_ptr(),
                shape.len(),
                std::ptr::null_mut(),
            )
        })?;
        Ok(shape)
    }

    /// Runs on the devices of `backend` with global arrays: each argument
    /// is scattered by its sharding, each result gathered by its sharding.
    pub fn run_global(&self, backend: &Backend, args: &[ArrayRef<'_>]) -> Result<Vec<Array>> {
        let mut arg_shapes: Vec<Vec<i64>> = args.iter().map(|a| a.shape.clone()).collect();
        let ins: Vec<sys::Tensor> = args
            .iter()
            .zip(arg_shapes.iter_mut())
            .map(|(a, shape)| descriptor(a.data as *mut u8, a.dtype, shape))
            .collect();
        let n = self.num_results()?;
        let mut results = Vec::with_capacity(n);
        for j in 0..n {
            let (dtype, _) = self.result_type(j)?;
            results.push(Array::zeros(dtype, &self.result_global_shape(j)?));
        }
        let mut result_shapes: Vec<Vec<i64>> = results.iter().map(|r| r.shape.clone()).collect();
        let mut outs: Vec<sys::Tensor> = results
            .iter_mut()
            .zip(result_shapes.iter_mut())
            .map(|(r, shape)| descriptor(r.as_mut_ptr(), r.dtype, shape))
            .collect();
        self.lib.check(unsafe {
            (self.lib.raw().sdy_executable_run_global)(
                self.ptr,
                backend.ptr,
                ins.as_ptr(),
                ins.len(),
                outs.as_mut_ptr(),
                outs.len(),
            )
        })?;
        Ok(results)
    }
}
