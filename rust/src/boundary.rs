//! The edge between the JVM and Rust: result codes, argument checks, panic containment, the failing-path record and
//! the result buffers of tree operations (ABI.md, "Conventions").
//!
//! Nothing here may unwind into the caller: every entry point runs its body through [`guard`], which turns a panic into
//! `FSB_E_PANIC`. A null pointer is EINVAL before anything is touched.

use crate::sys;
use std::cell::{Cell, RefCell};
use std::ffi::CStr;
use std::os::raw::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Fail, Outcome, FSB_E_PANIC, FSB_E_RANGE};

/// Runs an entry point's body: the code of its outcome, `FSB_E_PANIC` if it panicked.
#[inline]
pub(crate) fn guard(body: impl FnOnce() -> Outcome) -> i32 {
    guard_value(FSB_E_PANIC, || match body() {
        Ok(()) => 0,
        Err(f) => f.code,
    })
}

/// As [`guard`], and on failure records the failing path for `fsb_last_error_path` (tree operations, copies).
#[inline]
pub(crate) fn guard_recording(body: impl FnOnce() -> Outcome) -> i32 {
    guard_value(FSB_E_PANIC, || match body() {
        Ok(()) => 0,
        Err(f) => {
            record_error_path(f.path.as_deref().unwrap_or(b""));
            f.code
        }
    })
}

/// Runs `body`, returning `on_panic` if it panics. The panic message still reaches stderr through the default hook.
#[inline]
pub(crate) fn guard_value<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(|| {
        testing::probe();
        body()
    }))
    .unwrap_or(on_panic)
}

// ------------------------------------------------------------------------------------------------ arguments

/// A path argument: EINVAL for null; the empty path means the working directory, as it does to NIO.
///
/// # Safety
/// A non-null `p` must point to a NUL-terminated string that outlives the call.
#[inline]
pub(crate) unsafe fn path_arg<'a>(p: *const c_char) -> Result<&'a CStr, Fail> {
    let s = str_arg(p)?;
    Ok(if s.is_empty() { c"." } else { s })
}

/// A string argument taken verbatim (a link target, a mkdtemp prefix): EINVAL for null.
///
/// # Safety
/// As [`path_arg`].
#[inline]
pub(crate) unsafe fn str_arg<'a>(p: *const c_char) -> Result<&'a CStr, Fail> {
    if p.is_null() {
        return Err(sys::EINVAL.into());
    }
    Ok(CStr::from_ptr(p))
}

/// An input buffer: null is allowed only with length 0.
///
/// # Safety
/// A non-null `data` must be readable for `len` bytes.
#[inline]
pub(crate) unsafe fn in_bytes<'a>(data: *const u8, len: i64) -> Result<&'a [u8], Fail> {
    if len < 0 || (data.is_null() && len != 0) {
        return Err(sys::EINVAL.into());
    }
    if len == 0 {
        return Ok(&[]);
    }
    Ok(std::slice::from_raw_parts(data, len as usize))
}

/// An output buffer of `cap` bytes: null is allowed only with capacity 0.
///
/// # Safety
/// A non-null `buf` must be writable for `cap` bytes.
#[inline]
pub(crate) unsafe fn out_bytes<'a>(buf: *mut u8, cap: i64) -> Result<&'a mut [u8], Fail> {
    if cap < 0 || (buf.is_null() && cap != 0) {
        return Err(sys::EINVAL.into());
    }
    if cap == 0 {
        return Ok(&mut []);
    }
    Ok(std::slice::from_raw_parts_mut(buf, cap as usize))
}

/// An output array of `len` `int64`: null is allowed only with length 0.
///
/// # Safety
/// A non-null `p` must be writable for `len` values.
#[inline]
pub(crate) unsafe fn out_longs<'a>(p: *mut i64, len: usize) -> Result<&'a mut [i64], Fail> {
    if len == 0 {
        return Ok(&mut []);
    }
    if p.is_null() {
        return Err(sys::EINVAL.into());
    }
    Ok(std::slice::from_raw_parts_mut(p, len))
}

/// A required input parameter.
///
/// # Safety
/// A non-null `p` must be valid for reads of `T`.
#[inline]
pub(crate) unsafe fn in_ref<'a, T>(p: *const T) -> Result<&'a T, Fail> {
    p.as_ref().ok_or_else(|| sys::EINVAL.into())
}

/// A required out-parameter.
///
/// # Safety
/// A non-null `p` must be valid for writes of `T`.
#[inline]
pub(crate) unsafe fn out_ref<'a, T>(p: *mut T) -> Result<&'a mut T, Fail> {
    p.as_mut().ok_or_else(|| sys::EINVAL.into())
}

/// Copies `value` into the caller's buffer, or says how large it must be (`FSB_E_RANGE`, nothing written).
pub(crate) fn give_bytes(value: &[u8], out: &mut [u8], out_len: &mut i64) -> Outcome {
    *out_len = value.len() as i64;
    if value.len() > out.len() {
        return Err(FSB_E_RANGE.into());
    }
    out[..value.len()].copy_from_slice(value);
    Ok(())
}

// ------------------------------------------------------------------------------------------------ result buffers

/// Hands a tree operation's result to the caller as (address, length); `fsb_free` takes it back.
pub(crate) fn hand_over(result: Vec<u8>, out: &mut [i64; 2]) {
    if result.is_empty() {
        *out = [0, 0];
        return;
    }
    // A boxed slice's allocation is exactly `len` bytes, so the length alone is enough to free it.
    let boxed: Box<[u8]> = result.into_boxed_slice();
    let len = boxed.len();
    let address = Box::into_raw(boxed) as *mut u8 as usize;
    *out = [address as i64, len as i64];
}

/// Releases what [`hand_over`] gave out.
///
/// # Safety
/// `(address, length)` must be a pair [`hand_over`] produced and not yet freed, or `(0, 0)`.
pub(crate) unsafe fn take_back(address: i64, length: i64) {
    if address == 0 || length <= 0 {
        return;
    }
    let slice = std::ptr::slice_from_raw_parts_mut(address as usize as *mut u8, length as usize);
    drop(Box::from_raw(slice));
}

// ------------------------------------------------------------------------------------------------ failing path

thread_local! {
    static LAST_ERROR_PATH: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

pub(crate) fn record_error_path(path: &[u8]) {
    LAST_ERROR_PATH.with(|p| {
        let mut p = p.borrow_mut();
        p.clear();
        p.extend_from_slice(path);
    });
}

/// Copies up to `out.len()` bytes of the calling thread's recorded path; returns its whole length.
pub(crate) fn last_error_path(out: &mut [u8]) -> i64 {
    LAST_ERROR_PATH.with(|p| {
        let p = p.borrow();
        let n = p.len().min(out.len());
        out[..n].copy_from_slice(&p[..n]);
        p.len() as i64
    })
}

// ------------------------------------------------------------------------------------------------ test probe

/// Hooks for tests: make the next entry point called on a thread panic (to check that the panic is contained), or
/// make tree walks fan out without delay.
///
/// Costs one relaxed load of a static per call while no test armed it (the thread-local is read only after one did), so
/// the release build carries it too and its tests exercise the very guard the binding calls through.
#[doc(hidden)]
pub mod testing {
    use super::*;

    static ARMED: AtomicBool = AtomicBool::new(false);

    thread_local! {
        static PANIC_NEXT_CALL: Cell<bool> = const { Cell::new(false) };
    }

    /// The next `fsb_*` call on this thread panics inside its guard.
    pub fn panic_in_next_call() {
        ARMED.store(true, Ordering::Relaxed);
        PANIC_NEXT_CALL.with(|c| c.set(true));
    }

    /// From now on, in this process, tree walks fan out as soon as enough directories are pending, without waiting for
    /// the measured gate (`walk::ALONE_FOR` wake-ups), and with as many participants as the call asks even beyond the
    /// cores: lets tests on small trees, on any machine, exercise the parallel path.
    pub fn fan_out_without_delay() {
        crate::hooks::NO_DELAY.store(true, Ordering::Relaxed);
    }

    /// From now on, in this process, a tree call's result may be at most `bytes` long (0: the library's own cap,
    /// what the binding can take): lets tests reach the cap without building gigabytes.
    pub fn limit_results(bytes: usize) {
        crate::hooks::TEST_RESULT_LIMIT.store(bytes, Ordering::Relaxed);
    }

    #[inline]
    pub(crate) fn probe() {
        if ARMED.load(Ordering::Relaxed) && PANIC_NEXT_CALL.with(|c| c.replace(false)) {
            panic!("fsbench-native test probe: deliberate panic inside an entry point");
        }
    }
}
