//! The handle types: each owns one C handle, released by `Drop`.

/// Defines a handle type over `sys::$raw`, released by `$destroy`.
macro_rules! handle {
    ($(#[$doc:meta])* $name:ident, $raw:ident, $destroy:ident) => {
        $(#[$doc])*
        pub struct $name {
            pub(crate) lib: std::sync::Arc<crate::Library>,
            pub(crate) ptr: *mut crate::sys::$raw,
        }

        impl $name {
            /// The raw handle (still owned by this object).
            pub fn as_raw(&self) -> *mut crate::sys::$raw {
                self.ptr
            }

            /// The library this object comes from.
            pub fn library(&self) -> &std::sync::Arc<crate::Library> {
                &self.lib
            }

            pub(crate) fn from_raw(
                lib: &std::sync::Arc<crate::Library>,
                ptr: *mut crate::sys::$raw,
            ) -> $name {
                $name { lib: lib.clone(), ptr }
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({:p})", stringify!($name), self.ptr)
            }
        }

        impl Drop for $name {
            fn drop(&mut self) {
                unsafe { (self.lib.raw().$destroy)(self.ptr) }
            }
        }
    };
}

/// Makes a handle type `Send` (headers: "movable", one thread at a time)
/// or `Send + Sync` ("shared", usable from several threads at once).
macro_rules! thread_safety {
    ($name:ident, movable) => {
        unsafe impl Send for $name {}
    };
    ($name:ident, shared) => {
        unsafe impl Send for $name {}
        unsafe impl Sync for $name {}
    };
}

/// Calls `$f` with a pointer to a NULL out-handle and wraps the handle.
macro_rules! new_handle {
    ($lib:expr, $ty:ident, |$out:ident| $call:expr) => {{
        let lib: &std::sync::Arc<crate::Library> = $lib;
        let mut raw = std::ptr::null_mut();
        let $out = &mut raw as *mut _;
        lib.check(unsafe { $call })?;
        Ok($ty::from_raw(lib, raw))
    }};
}

/// Calls `$f` with an out-parameter of type `$t` and returns its value.
macro_rules! out_value {
    ($lib:expr, $t:ty, |$out:ident| $call:expr) => {{
        let mut value: $t = Default::default();
        let $out = &mut value as *mut $t;
        $lib.check(unsafe { $call })?;
        Ok(value)
    }};
}

/// Calls `$f` with a `char **` out-parameter and returns the string.
macro_rules! out_string {
    ($lib:expr, |$out:ident| $call:expr) => {{
        let mut s: *mut std::os::raw::c_char = std::ptr::null_mut();
        let $out = &mut s as *mut _;
        $lib.check(unsafe { $call })?;
        Ok($lib.take_string(s))
    }};
}
