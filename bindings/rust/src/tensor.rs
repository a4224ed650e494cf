//! Host arrays passed to and returned by executables (DLPack layout).

use std::marker::PhantomData;

use crate::sys;

/// DLPack's type codes (`SDY_DL_*`).
pub mod code {
    pub const INT: u8 = 0;
    pub const UINT: u8 = 1;
    pub const FLOAT: u8 = 2;
    pub const BFLOAT: u8 = 4;
    pub const COMPLEX: u8 = 5;
    pub const BOOL: u8 = 6;
}

/// A Rust element type with its DLPack data type.
pub trait Element: Copy + Default + 'static {
    const DTYPE: sys::Dtype;
}

macro_rules! element {
    ($($t:ty => $code:expr),* $(,)?) => {
        $(impl Element for $t {
            const DTYPE: sys::Dtype = sys::Dtype { code: $code, bits: (std::mem::size_of::<$t>() * 8) as u8, lanes: 1 };
        })*
    };
}

element!(f32 => code::FLOAT, f64 => code::FLOAT, i8 => code::INT, i16 => code::INT, i32 => code::INT,
         i64 => code::INT, u8 => code::UINT, u16 => code::UINT, u32 => code::UINT, u64 => code::UINT);

/// A borrowed host array: data, shape and element type (no copy).
#[derive(Clone, Debug)]
pub struct ArrayRef<'a> {
    pub(crate) data: *const u8,
    pub(crate) dtype: sys::Dtype,
    pub(crate) shape: Vec<i64>,
    _data: PhantomData<&'a [u8]>,
}

impl<'a> ArrayRef<'a> {
    /// `data` viewed with `shape` (row-major; the product of `shape` must
    /// be `data.len()`, else `None`).
    pub fn new<T: Element>(data: &'a [T], shape: &[i64]) -> Option<ArrayRef<'a>> {
        if shape.iter().product::<i64>() != data.len() as i64 {
            return None;
        }
        Some(ArrayRef { data: data.as_ptr() as *const u8, dtype: T::DTYPE, shape: shape.to_vec(), _data: PhantomData })
    }
}

/// An owned host array returned by a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Array {
    pub dtype: sys::Dtype,
    pub shape: Vec<i64>,
    pub(crate) data: Vec<u64>, // 8-byte aligned storage
    pub(crate) bytes: usize,
}

impl Array {
    pub(crate) fn zeros(dtype: sys::Dtype, shape: &[i64]) -> Array {
        let n: i64 = shape.iter().product();
        let bytes = n as usize * ((dtype.bits as usize + 7) / 8);
        Array { dtype, shape: shape.to_vec(), data: vec![0u64; (bytes + 7) / 8], bytes }
    }

    /// A borrowed view, to pass a result to another run.
    pub fn view(&self) -> ArrayRef<'_> {
        ArrayRef { data: self.data.as_ptr() as *const u8, dtype: self.dtype, shape: self.shape.clone(), _data: PhantomData }
    }

    /// The raw bytes.
    pub fn bytes(&self) -> &[u8] {
        unsafe { std::slice::from_raw_parts(self.data.as_ptr() as *const u8, self.bytes) }
    }

    pub(crate) fn as_mut_ptr(&mut self) -> *mut u8 {
        self.data.as_mut_ptr() as *mut u8
    }

    /// The elements as `T`, or `None` if `T` is not the array's type.
    pub fn to_vec<T: Element>(&self) -> Option<Vec<T>> {
        if T::DTYPE != self.dtype {
            return None;
        }
        let n = self.bytes / std::mem::size_of::<T>();
        Some(unsafe { std::slice::from_raw_parts(self.data.as_ptr() as *const T, n) }.to_vec())
    }
}

/// A descriptor over `data` of `shape` (kept alive by the caller).
pub(crate) fn descriptor(data: *mut u8, dtype: sys::Dtype, shape: &mut [i64]) -> sys::Tensor {
    sys::Tensor {
        data: data as *mut std::os::raw::c_void,
        device: sys::Device { device_type: 1, device_id: 0 },
        ndim: shape.len() as i32,
        dtype,
        shape: shape.as_mut_ptr(),
        strides: std::ptr::null_mut(),
        byte_offset: 0,
    }
}
