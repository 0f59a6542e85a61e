//! The entry points the JVM binding calls: one JNI function per call of ABI.md, bound by name to the native methods of
//! `dev.fsbench.nativefs.LibFsb`, over the same family functions as the C ABI in `abi.rs`.
//!
//! # Why JNI, and why paths arrive as Java strings
//!
//! The binding first called the C ABI through JNA's direct mapping, after encoding each path to UTF-8 in Java into
//! thread-local native memory. On the single-path families at batch-256 that lost to `java.nio.file`, whose call is one
//! JNI method over bytes its `Path` already holds. Measured on tmpfs (access, 256 existing files, ns per call):
//!
//! - JNA's dispatch (an ffi closure, `ffi_call`, an exception check and the last-error bookkeeping) took ~100 ns per
//!   call in every JIT tier: 14% of the samples of a steady-state profile were in `libjnidispatch.so`, against a whole
//!   NIO access of ~360 ns. A JNI method whose arguments are primitives or references costs the JVM's own native-call
//!   stub, as NIO's does.
//! - Encoding in Java cost more than the syscall while the code was still interpreted or C1-compiled (the harness's
//!   single-shot samples run there): ~20 interpreted method calls a path (a per-character loop over `ByteBuffer.put`,
//!   each put five calls deep). Here a path costs two JNI calls (`GetStringLength`, `GetStringRegion`) and a compiled
//!   loop, from the first call on.
//!
//! What it costs: the symbol names tie this module to one Java class (renaming it, or one of its natives, means
//! renaming here too; the binding checks at load time that every native method has its symbol), and the JNI function
//! table is read by index (`jni.h` and the JNI specification number every function, and never renumber them). The C
//! ABI stays the library's contract for everything else: the Rust tests and `examples/` call it.
//!
//! # Conventions (ABI.md, "JNI entry points")
//!
//! - A path is a `java.lang.String`, passed as `Path.toString()`; it reaches the family as `String.getBytes(UTF_8)`
//!   would encode it (an unpaired surrogate becomes `?`), NUL-terminated. The empty path is `.`, except for a link
//!   target and a mkdtemp prefix, which are taken verbatim. A null reference, or a NUL character inside (which would end
//!   the C string early), is EINVAL.
//! - Out-parameters are Java `long[]` arrays, checked for length before the call does anything (EINVAL if short).
//! - A call that returns a `byte[]` returns null on failure, and `fsb_last_result` then gives its code; a `byte[]` the
//!   JVM cannot allocate is null with the `OutOfMemoryError` pending, which the JVM throws on return.
//! - Buffers for content and tree results are addresses, as in the C ABI.
#![allow(clippy::missing_safety_doc)]

use crate::boundary::{
    guard, guard_recording, guard_value, hand_over, in_bytes, out_bytes, take_back, Fail, FSB_ABI_VERSION, FSB_E_PANIC,
};
use crate::{copy, single, sys};
use std::cell::Cell;
use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::os::raw::c_void;

/// A JNI reference (`jstring`, `jbyteArray`, `jlongArray`, `jclass`): opaque, valid for the call.
pub type JObject = *mut c_void;

/// `JNIEnv *`: a pointer to the pointer to the JVM's function table.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Env(*mut *const *const c_void);

/// Indexes into the JNI function table (`struct JNINativeInterface_` in `jni.h`).
mod slot {
    pub const GET_STRING_LENGTH: usize = 164;
    pub const GET_ARRAY_LENGTH: usize = 171;
    pub const NEW_BYTE_ARRAY: usize = 176;
    pub const SET_BYTE_ARRAY_REGION: usize = 208;
    pub const SET_LONG_ARRAY_REGION: usize = 212;
    pub const GET_STRING_REGION: usize = 220;
}

impl Env {
    /// The function at `index` of the table.
    ///
    /// # Safety
    /// `self` is the `JNIEnv *` of the current call, and `F` is the exact type of that function.
    #[inline]
    unsafe fn function<F: Copy>(self, index: usize) -> F {
        let entry = *(*self.0).add(index);
        std::mem::transmute_copy(&entry)
    }

    #[inline]
    unsafe fn string_length(self, s: JObject) -> usize {
        let f: unsafe extern "system" fn(Env, JObject) -> i32 = self.function(slot::GET_STRING_LENGTH);
        f(self, s).max(0) as usize
    }

    /// Copies `len` UTF-16 units of `s` into `out`.
    #[inline]
    unsafe fn string_region(self, s: JObject, len: usize, out: *mut u16) {
        let f: unsafe extern "system" fn(Env, JObject, i32, i32, *mut u16) = self.function(slot::GET_STRING_REGION);
        f(self, s, 0, len as i32, out)
    }

    #[inline]
    unsafe fn array_length(self, array: JObject) -> usize {
        let f: unsafe extern "system" fn(Env, JObject) -> i32 = self.function(slot::GET_ARRAY_LENGTH);
        f(self, array).max(0) as usize
    }

    /// A new `byte[]` holding `bytes`; null with an `OutOfMemoryError` pending if the JVM cannot allocate it.
    unsafe fn byte_array(self, bytes: &[u8]) -> JObject {
        let new: unsafe extern "system" fn(Env, i32) -> JObject = self.function(slot::NEW_BYTE_ARRAY);
        let set: unsafe extern "system" fn(Env, JObject, i32, i32, *const u8) =
            self.function(slot::SET_BYTE_ARRAY_REGION);
        let Ok(len) = i32::try_from(bytes.len()) else {
            return std::ptr::null_mut();
        };
        let array = new(self, len);
        if !array.is_null() {
            set(self, array, 0, len, bytes.as_ptr());
        }
        array
    }

    /// Checks that `array` is a `long[]` of at least `len` elements: EINVAL if it is null or shorter.
    #[inline]
    unsafe fn check_longs(self, array: JObject, len: usize) -> Result<(), Fail> {
        if array.is_null() || self.array_length(array) < len {
            return Err(sys::EINVAL.into());
        }
        Ok(())
    }

    /// Stores `values` at the start of `array`, which [`Env::check_longs`] accepted for at least their length.
    #[inline]
    unsafe fn set_longs(self, array: JObject, values: &[i64]) {
        let f: unsafe extern "system" fn(Env, JObject, i32, i32, *const i64) =
            self.function(slot::SET_LONG_ARRAY_REGION);
        f(self, array, 0, values.len() as i32, values.as_ptr())
    }
}

// ------------------------------------------------------------------------------------------------ path arguments

/// Paths of up to this many UTF-16 units are encoded on the stack (4.5 KiB of it); longer ones on the heap.
const STACK_UNITS: usize = 768;

/// Calls `body` with Java string `s` as a path argument: its UTF-8 bytes, NUL-terminated, the empty string as `.`.
unsafe fn with_path<R>(env: Env, s: JObject, body: impl FnOnce(&CStr) -> Result<R, Fail>) -> Result<R, Fail> {
    with_utf8(env, s, |p| body(if p.is_empty() { c"." } else { p }))
}

/// Calls `body` with Java string `s` as `String.getBytes(UTF_8)` encodes it, NUL-terminated, taken verbatim.
unsafe fn with_utf8<R>(env: Env, s: JObject, body: impl FnOnce(&CStr) -> Result<R, Fail>) -> Result<R, Fail> {
    if s.is_null() {
        return Err(sys::EINVAL.into());
    }
    let len = env.string_length(s);
    if len <= STACK_UNITS {
        let mut units = [MaybeUninit::<u16>::uninit(); STACK_UNITS];
        let mut bytes = [MaybeUninit::<u8>::uninit(); 3 * STACK_UNITS + 1];
        env.string_region(s, len, units.as_mut_ptr().cast());
        // SAFETY: GetStringRegion initialized the first len units.
        let units = std::slice::from_raw_parts(units.as_ptr().cast::<u16>(), len);
        body(encode(units, &mut bytes)?)
    } else {
        let mut units = Vec::<u16>::with_capacity(len);
        let mut bytes = Vec::<u8>::with_capacity(3 * len + 1);
        env.string_region(s, len, units.as_mut_ptr());
        // SAFETY: GetStringRegion initialized len units, within the capacity.
        units.set_len(len);
        body(encode(&units, bytes.spare_capacity_mut())?)
    }
}

/// Writes the UTF-8 form of `units` and a NUL into `out`, which has room for three bytes a unit and the NUL, and returns
/// it as a C string. The encoding is `String.getBytes(UTF_8)`'s: a surrogate pair is one four-byte character, an
/// unpaired surrogate is `?`. A NUL unit is EINVAL.
pub(crate) fn encode<'a>(units: &[u16], out: &'a mut [MaybeUninit<u8>]) -> Result<&'a CStr, Fail> {
    assert!(out.len() > 3 * units.len(), "encode needs 3 bytes a unit and the NUL");
    // The ASCII run every path starts with (all of most paths) byte for byte, 16 units at a time with no early exit
    // inside a block, so that the compiler vectorizes both the test and the copy: the general loop below costs a few
    // nanoseconds a unit, as much as the rest of the call for a path of 60 characters, and a scalar scan half that.
    let is_ascii = |u: u16| u.wrapping_sub(1) < 0x7f; // 1..=0x7f: NUL goes to the general loop, which refuses it
    let mut at = 0;
    while let Some(block) = units.get(at..at + 16) {
        if !block.iter().fold(true, |all, &u| all & is_ascii(u)) {
            break;
        }
        for (byte, &unit) in out[at..at + 16].iter_mut().zip(block) {
            byte.write(unit as u8);
        }
        at += 16;
    }
    while at < units.len() && is_ascii(units[at]) {
        out[at].write(units[at] as u8);
        at += 1;
    }
    for decoded in char::decode_utf16(units[at..].iter().copied()) {
        let c = decoded.unwrap_or('?');
        if c == '\0' {
            return Err(sys::EINVAL.into());
        }
        let mut utf8 = [0u8; 4];
        for &b in c.encode_utf8(&mut utf8).as_bytes() {
            out[at].write(b);
            at += 1;
        }
    }
    out[at].write(0);
    // SAFETY: the first at + 1 bytes were written just above: no NUL among the first at, a NUL at at.
    Ok(unsafe { CStr::from_bytes_with_nul_unchecked(std::slice::from_raw_parts(out.as_ptr().cast(), at + 1)) })
}

// ------------------------------------------------------------------------------------------------ byte[] results

thread_local! {
    /// The code of this thread's last call that returned a null `byte[]`.
    static LAST_RESULT: Cell<i32> = const { Cell::new(0) };
}

/// Runs the body of a call that returns a `byte[]`: the array, or null with the code kept for `fsb_last_result`.
fn array_or_null(body: impl FnOnce() -> Result<JObject, Fail>) -> JObject {
    match guard_value(Err(Fail::panic()), body) {
        Ok(array) => array,
        Err(f) => {
            LAST_RESULT.with(|r| r.set(f.code));
            std::ptr::null_mut()
        }
    }
}

// ------------------------------------------------------------------------------------------------ entry points
//
// In the order of ABI.md. The symbol is `Java_` + the class's binary name with `.` as `_` + `_` + the method name, where
// the `_` inside a Java name is written `_1`: `fsb_access` of `dev.fsbench.nativefs.LibFsb` is
// `Java_dev_fsbench_nativefs_LibFsb_fsb_1access`.

#[no_mangle]
pub extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1abi_1version(_env: Env, _class: JObject) -> i32 {
    FSB_ABI_VERSION
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1access(
    env: Env,
    _class: JObject,
    path: JObject,
    mode: i32,
) -> i32 {
    guard(|| with_path(env, path, |p| single::access(p, mode)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1exists(
    env: Env,
    _class: JObject,
    path: JObject,
) -> i32 {
    guard_value(FSB_E_PANIC, || with_path(env, path, |p| Ok(single::exists(p) as i32)).unwrap_or(0))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1read_1file(
    env: Env,
    _class: JObject,
    path: JObject,
    buf: i64,
    cap: i64,
    out_len: JObject,
) -> i32 {
    guard(|| {
        env.check_longs(out_len, 1)?;
        let mut len = 0;
        let result = with_path(env, path, |p| single::read_file(p, out_bytes(buf as usize as *mut u8, cap)?, &mut len));
        env.set_longs(out_len, &[len]);
        result
    })
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1write_1file(
    env: Env,
    _class: JObject,
    path: JObject,
    data: i64,
    len: i64,
) -> i32 {
    guard(|| with_path(env, path, |p| single::write_file(p, in_bytes(data as usize as *const u8, len)?, false)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1append_1file(
    env: Env,
    _class: JObject,
    path: JObject,
    data: i64,
    len: i64,
) -> i32 {
    guard(|| with_path(env, path, |p| single::write_file(p, in_bytes(data as usize as *const u8, len)?, true)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1truncate(
    env: Env,
    _class: JObject,
    path: JObject,
    length: i64,
) -> i32 {
    guard(|| with_path(env, path, |p| single::truncate(p, length)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1copy_1file(
    env: Env,
    _class: JObject,
    src: JObject,
    dst: JObject,
    flags: i32,
) -> i32 {
    guard_recording(|| with_path(env, src, |s| with_path(env, dst, |d| copy::copy_file(s, d, flags))))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1stat(
    env: Env,
    _class: JObject,
    path: JObject,
    follow: i32,
    out: JObject,
) -> i32 {
    guard(|| {
        env.check_longs(out, 10)?;
        let mut fields = [0; 10];
        with_path(env, path, |p| single::stat(p, follow != 0, &mut fields))?;
        env.set_longs(out, &fields);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1chmod(
    env: Env,
    _class: JObject,
    path: JObject,
    mode: i32,
) -> i32 {
    guard(|| with_path(env, path, |p| single::chmod(p, mode)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1chown(
    env: Env,
    _class: JObject,
    path: JObject,
    uid: i32,
    gid: i32,
) -> i32 {
    guard(|| with_path(env, path, |p| single::chown(p, uid, gid)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1utimes(
    env: Env,
    _class: JObject,
    path: JObject,
    atime_ns: i64,
    mtime_ns: i64,
) -> i32 {
    guard(|| with_path(env, path, |p| single::utimes(p, atime_ns, mtime_ns)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1mkdir(
    env: Env,
    _class: JObject,
    path: JObject,
    mode: i32,
    recursive: i32,
) -> i32 {
    guard(|| with_path(env, path, |p| single::mkdir(p, mode, recursive != 0)))
}

/// The created directory's path, or null (see `fsb_last_result`).
#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1mkdtemp(
    env: Env,
    _class: JObject,
    prefix: JObject,
) -> JObject {
    array_or_null(|| with_utf8(env, prefix, |p| single::mkdtemp_then(p, |created| env.byte_array(created))))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1rmdir(
    env: Env,
    _class: JObject,
    path: JObject,
) -> i32 {
    guard(|| with_path(env, path, single::rmdir))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1unlink(
    env: Env,
    _class: JObject,
    path: JObject,
) -> i32 {
    guard(|| with_path(env, path, single::unlink))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1rename(
    env: Env,
    _class: JObject,
    src: JObject,
    dst: JObject,
) -> i32 {
    guard(|| with_path(env, src, |s| with_path(env, dst, |d| single::rename(s, d))))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1link(
    env: Env,
    _class: JObject,
    existing: JObject,
    link: JObject,
) -> i32 {
    guard(|| with_path(env, existing, |e| with_path(env, link, |l| single::link(e, l))))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1symlink(
    env: Env,
    _class: JObject,
    target: JObject,
    link: JObject,
) -> i32 {
    guard(|| with_utf8(env, target, |t| with_path(env, link, |l| single::symlink(t, l))))
}

/// The link's stored target, or null (see `fsb_last_result`).
#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1readlink(
    env: Env,
    _class: JObject,
    path: JObject,
) -> JObject {
    array_or_null(|| with_path(env, path, |p| single::readlink_then(p, |target| env.byte_array(target))))
}

/// The canonical absolute path; an empty array when it is the argument itself, byte for byte (a canonical path is often
/// canonicalized again, and the binding then returns the caller's `Path` rather than parse an equal one); or null (see
/// `fsb_last_result`).
#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1realpath(
    env: Env,
    _class: JObject,
    path: JObject,
) -> JObject {
    array_or_null(|| {
        with_path(env, path, |p| {
            single::realpath_then(p, |real| env.byte_array(if real == p.to_bytes() { &[] } else { real }))
        })
    })
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1readdir(
    env: Env,
    _class: JObject,
    path: JObject,
    recursive: i32,
    concurrency: i32,
    out: JObject,
) -> i32 {
    guard_recording(|| {
        env.check_longs(out, 2)?;
        let found = with_path(env, path, |p| crate::readdir::readdir(p, recursive != 0, concurrency))?;
        give_result(env, found, out);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1glob(
    env: Env,
    _class: JObject,
    cwd: JObject,
    patterns: i64,
    patterns_len: i64,
    flags: i32,
    concurrency: i32,
    out: JObject,
) -> i32 {
    guard_recording(|| {
        env.check_longs(out, 2)?;
        let patterns = in_bytes(patterns as usize as *const u8, patterns_len)?;
        let found = with_path(env, cwd, |c| crate::glob::glob(c, patterns, flags, concurrency))?;
        give_result(env, found, out);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1scan(
    env: Env,
    _class: JObject,
    root: JObject,
    flags: i32,
    concurrency: i32,
    out: JObject,
) -> i32 {
    guard_recording(|| {
        env.check_longs(out, 2)?;
        let found = with_path(env, root, |r| crate::scan::scan(r, flags, concurrency))?;
        give_result(env, found, out);
        Ok(())
    })
}

/// Hands a tree call's result over as the C ABI does, its (address, length) into `out`, checked beforehand.
unsafe fn give_result(env: Env, result: Vec<u8>, out: JObject) {
    let mut pair = [0; 2];
    hand_over(result, &mut pair);
    env.set_longs(out, &pair);
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1cp(
    env: Env,
    _class: JObject,
    src: JObject,
    dst: JObject,
    flags: i32,
    concurrency: i32,
) -> i32 {
    guard_recording(|| with_path(env, src, |s| with_path(env, dst, |d| crate::cp::cp(s, d, flags, concurrency))))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1rm(
    env: Env,
    _class: JObject,
    path: JObject,
    flags: i32,
    concurrency: i32,
) -> i32 {
    guard_recording(|| with_path(env, path, |p| crate::rm::rm(p, flags, concurrency)))
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1last_1error_1path(
    _env: Env,
    _class: JObject,
    buf: i64,
    cap: i64,
) -> i64 {
    crate::abi::fsb_last_error_path(buf as usize as *mut u8, cap)
}

#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1free(
    _env: Env,
    _class: JObject,
    address: i64,
    length: i64,
) {
    guard_value((), || take_back(address, length))
}

/// The code of this thread's last call that returned a null `byte[]` (mkdtemp, readlink, realpath).
#[no_mangle]
pub extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1last_1result(_env: Env, _class: JObject) -> i32 {
    LAST_RESULT.with(|r| r.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(s: &str) -> Result<Vec<u8>, Fail> {
        let units: Vec<u16> = s.encode_utf16().collect();
        encoded_units(&units)
    }

    fn encoded_units(units: &[u16]) -> Result<Vec<u8>, Fail> {
        let mut out = vec![MaybeUninit::uninit(); 3 * units.len() + 1];
        encode(units, &mut out).map(|c| c.to_bytes_with_nul().to_vec())
    }

    #[test]
    fn ascii_is_its_bytes_and_one_nul() {
        assert_eq!(encoded("/tmp/a").unwrap(), b"/tmp/a\0");
        assert_eq!(encoded("").unwrap(), b"\0");
    }

    #[test]
    fn every_width_is_utf8() {
        let s = "prefix/a\u{e9}\u{6587}\u{1F642}z";
        let mut expected = s.as_bytes().to_vec();
        expected.push(0);
        assert_eq!(encoded(s).unwrap(), expected);
    }

    #[test]
    fn densest_input_fits_three_bytes_a_unit() {
        let dense = "\u{6587}".repeat(100);
        assert_eq!(encoded(&dense).unwrap().len(), 301);
    }

    #[test]
    fn unpaired_surrogate_is_a_question_mark_as_in_get_bytes() {
        assert_eq!(encoded_units(&[b'a' as u16, 0xD800, b'b' as u16]).unwrap(), b"a?b\0");
        assert_eq!(encoded_units(&[b'a' as u16, 0xDC00]).unwrap(), b"a?\0");
        assert_eq!(encoded_units(&[0xD83D]).unwrap(), b"?\0");
        // A high surrogate before another high one: the first alone is '?', the pair after it is one character.
        assert_eq!(encoded_units(&[0xD83D, 0xD83D, 0xDE42]).unwrap(), "?\u{1F642}\0".as_bytes());
    }

    #[test]
    fn nul_inside_is_refused() {
        assert_eq!(encoded("a\0b"), Err(Fail::from(sys::EINVAL)));
        assert_eq!(encoded("\u{e9}\0"), Err(Fail::from(sys::EINVAL)));
        assert_eq!(encoded("\0"), Err(Fail::from(sys::EINVAL)));
    }

    #[test]
    fn ascii_blocks_then_the_general_loop() {
        // Every position of the first non-ASCII unit relative to the 16-unit blocks, and a NUL likewise.
        for prefix in 0..40 {
            let s = format!("{}\u{e9}{}\u{1F642}", "a".repeat(prefix), "b".repeat(prefix % 7));
            let mut expected = s.as_bytes().to_vec();
            expected.push(0);
            assert_eq!(encoded(&s).unwrap(), expected, "prefix {prefix}");
            assert_eq!(encoded(&format!("{}\0b", "a".repeat(prefix))), Err(Fail::from(sys::EINVAL)), "prefix {prefix}");
        }
    }
}
