//! A device backend written in Rust, handed to the library through the
//! backend table, running a partitioned program with an all_reduce over
//! groups of 2 on 4 devices; and its failures reaching the caller.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use sdy::{
    backend_code, ArrayRef, Backend, BackendFailure, BackendResult, Code, Context, DeviceBackend, Executable, Library,
    Module,
};

const PROGRAM: &str = include_str!("common/program_2x2.mlir");

const F32: i32 = 11; // SDY_BACKEND_DTYPE_F32
const SUM: i32 = 0; // SDY_BACKEND_REDUCE_SUM

#[derive(Default)]
struct Round {
    data: Vec<Vec<u8>>,
    arrived: usize,
    left: usize,
}

/// Devices are the library's threads; every collective is a rendezvous
/// where each member of the group posts its bytes and reads everyone's.
/// Reduces f32 sums itself and leaves the other reductions to the runtime.
struct Exchange {
    devices: i32,
    state: Mutex<(HashMap<String, usize>, HashMap<String, Round>)>,
    cond: Condvar,
    reduces: AtomicUsize,
    fail: Option<&'static str>,
}

impl Exchange {
    fn new(devices: i32, fail: Option<&'static str>) -> Exchange {
        Exchange { devices, state: Mutex::default(), cond: Condvar::new(), reduces: AtomicUsize::new(0), fail }
    }

    fn exchange(&self, device: i64, group: &[i64], data: &[u8]) -> Result<Vec<Vec<u8>>, BackendFailure> {
        let pos = group.iter().position(|d| *d == device).ok_or_else(|| BackendFailure {
            code: backend_code::INVALID_ARGUMENT,
            message: format!("device {} is not in group {:?}", device, group),
        })?;
        let mut state = self.state.lock().unwrap();
        let seq_key = format!("{}{:?}", device, group);
        let seq = *state.0.get(&seq_key).unwrap_or(&0);
        state.0.insert(seq_key, seq + 1);
        let key = format!("{:?}#{}", group, seq);
        {
            let round = state.1.entry(key.clone()).or_insert_with(Round::default);
            if round.data.is_empty() {
                round.data = vec![Vec::new(); group.len()];
            }
            round.data[pos] = data.to_vec();
            round.arrived += 1;
        }
        self.cond.notify_all();
        while state.1[&key].arrived < group.len() {
            state = self.cond.wait(state).unwrap();
        }
        let round = state.1.get_mut(&key).unwrap();
        round.left += 1;
        let out = round.data.clone();
        if round.left == group.len() {
            state.1.remove(&key);
        }
        Ok(out)
    }
}

impl DeviceBackend for Exchange {
    fn name(&self) -> &str {
        "rust-exchange"
    }
    fn device_count(&self) -> i32 {
        self.devices
    }
    fn all_reduce(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], count: usize, dtype: i32, op: i32,
                  _: i64) -> BackendResult {
        match self.fail {
            Some("panic") => panic!("boom"),
            Some(message) => return Err(BackendFailure { code: backend_code::UNAVAILABLE, message: message.into() }),
            None => {}
        }
        if dtype != F32 || op != SUM {
            return Err(BackendFailure { code: backend_code::UNSUPPORTED, message: "only f32 sums".into() });
        }
        self.reduces.fetch_add(1, Ordering::SeqCst);
        let all = self.exchange(device, group, send)?;
        for i in 0..count {
            let sum: f32 = all.iter().map(|d| f32::from_le_bytes([d[4 * i], d[4 * i + 1], d[4 * i + 2], d[4 * i + 3]])).sum();
            recv[4 * i..4 * i + 4].copy_from_slice(&sum.to_le_bytes());
        }
        Ok(())
    }
    fn all_gather(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], _: i64) -> BackendResult {
        for (i, d) in self.exchange(device, group, send)?.iter().enumerate() {
            recv[i * send.len()..(i + 1) * send.len()].copy_from_slice(d);
        }
        Ok(())
    }
    fn all_to_all(&self, device: i64, group: &[i64], send: &[u8], recv: &mut [u8], chunk: usize, _: i64) -> BackendResult {
        let all = self.exchange(device, group, send)?;
        let pos = group.iter().position(|d| *d == device).unwrap();
        for (j, d) in all.iter().enumerate() {
            recv[j * chunk..(j + 1) * chunk].copy_from_slice(&d[pos * chunk..(pos + 1) * chunk]);
        }
        Ok(())
    }
    fn reduce_scatter(&self, _: i64, _: &[i64], _: &[u8], _: &mut [u8], _: usize, _: i32, _: i32, _: i64) -> BackendResult {
        Err(BackendFailure { code: backend_code::UNSUPPORTED, message: "reduce_scatter is not provided".into() })
    }
    fn collective_permute(&self, device: i64, pairs: &[(i64, i64)], send: &[u8], recv: &mut [u8], _: i64) -> BackendResult {
        let everyone: Vec<i64> = (0..self.devices as i64).collect();
        let all = self.exchange(device, &everyone, send)?;
        for (source, target) in pairs {
            if *target == device {
                recv.copy_from_slice(&all[*source as usize]);
            }
        }
        Ok(())
    }
    fn barrier(&self, device: i64, group: &[i64], _: i64) -> BackendResult {
        self.exchange(device, group, &[]).map(|_| ())
    }
}

fn compiled(lib: &Arc<Library>) -> Executable {
    let ctx = Context::new(lib).unwrap();
    let mut module = Module::parse(&ctx, PROGRAM).unwrap();
    module.propagate(&ctx).unwrap();
    module.partition(&ctx).unwrap();
    Executable::compile(&module, None).unwrap()
}

#[test]
fn a_rust_backend_runs_the_all_reduce_on_4_devices() {
    let lib = Library::open(None).unwrap();
    let exe = compiled(&lib);
    let imp = Arc::new(Exchange::new(4, None));
    let backend = Backend::from_impl(&lib, Box::new(imp.clone())).unwrap();
    assert_eq!(backend.device_count().unwrap(), 4);
    assert_eq!(backend.local_devices().unwrap(), vec![0, 1, 2, 3]);
    let a: Vec<f32> = (0..24).map(|i| (i % 7) as f32 - 3.0).collect();
    let b: Vec<f32> = (0..8).map(|i| (i % 3) as f32 + 0.5).collect();
    let y = exe.run_global(&backend, &[ArrayRef::new(&a, &[6, 4]).unwrap(), ArrayRef::new(&b, &[4, 2]).unwrap()]).unwrap();
    let want: Vec<f32> = (0..12).map(|i| (0..4).map(|k| a[i / 2 * 4 + k] * b[k * 2 + i % 2]).sum()).collect();
    assert_eq!(y[0].to_vec::<f32>().unwrap(), want);
    assert!(imp.reduces.load(Ordering::SeqCst) >= 4, "the all_reduce went through the Rust backend");
}

#[test]
fn rust_backend_failures_reach_the_caller() {
    let lib = Library::open(None).unwrap();
    let exe = compiled(&lib);
    let (a, b) = (vec![1f32; 24], vec![1f32; 8]);
    let args = [ArrayRef::new(&a, &[6, 4]).unwrap(), ArrayRef::new(&b, &[4, 2]).unwrap()];
    let backend = Backend::from_impl(&lib, Box::new(Exchange::new(4, Some("the interconnect is down")))).unwrap();
    let err = exe.run_global(&backend, &args).unwrap_err();
    assert_eq!(err.code(), Code::Unavailable, "{}", err);
    assert!(err.message().contains("the interconnect is down"), "{}", err);
    let backend = Backend::from_impl(&lib, Box::new(Exchange::new(4, Some("panic")))).unwrap();
    let err = exe.run_global(&backend, &args).unwrap_err();
    assert_eq!(err.code(), Code::FailedPrecondition, "{}", err);
    assert!(err.message().contains("backend all_reduce failed: the Rust backend panicked"), "{}", err);
}
