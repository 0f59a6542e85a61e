//! The entry points the JVM binding calls: one JNI function per call of ABI.md, bound by name to the native methods of
//! `dev.fsbench.nativefs.LibFsb`, over the same family functions as the C ABI in `abi.rs`.
//!
//! # Why JNI, and why paths arrive as `Path` objects
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
//!   each put five calls deep). Here a path costs three JNI calls that copy the bytes NIO's own `Path` holds, and no
//!   Java code at all (see "path arguments" below for why not its string).
//!
//! What it costs: the symbol names tie this module to one Java class (renaming it, or one of its natives, means
//! renaming here too; the binding checks at load time that every native method has its symbol), and the JNI function
//! table is read by index (`jni.h` and the JNI specification number every function, and never renumber them). The C
//! ABI stays the library's contract for everything else: the Rust tests and `examples/` call it.
//!
//! # Conventions (ABI.md, "JNI entry points")
//!
//! - A path is a `java.nio.file.Path`: it reaches the family as the bytes NIO would pass for it (read from the
//!   `sun.nio.fs.UnixPath` itself once the binding has checked that this JDK keeps them there), else as its
//!   `toString()` encoded the way `String.getBytes(UTF_8)` does (an unpaired surrogate becomes `?`); NUL-terminated.
//!   The empty path is `.`, except for a link target and a mkdtemp prefix, which are taken verbatim. A null reference,
//!   or a NUL inside (which would end the C string early), is EINVAL.
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
use std::os::raw::{c_char, c_void};
use std::sync::OnceLock;

/// A JNI reference (`jstring`, `jbyteArray`, `jlongArray`, `jclass`): opaque, valid for the call.
pub type JObject = *mut c_void;

/// `JNIEnv *`: a pointer to the pointer to the JVM's function table.
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct Env(*mut *const *const c_void);

/// Indexes into the JNI function table (`struct JNINativeInterface_` in `jni.h`).
mod slot {
    pub const FIND_CLASS: usize = 6;
    pub const EXCEPTION_CLEAR: usize = 17;
    pub const NEW_GLOBAL_REF: usize = 21;
    pub const IS_INSTANCE_OF: usize = 32;
    pub const GET_METHOD_ID: usize = 33;
    pub const CALL_OBJECT_METHOD_A: usize = 36;
    pub const GET_FIELD_ID: usize = 94;
    pub const GET_OBJECT_FIELD: usize = 95;
    pub const GET_STRING_LENGTH: usize = 164;
    pub const GET_ARRAY_LENGTH: usize = 171;
    pub const NEW_BYTE_ARRAY: usize = 176;
    pub const GET_BYTE_ARRAY_REGION: usize = 200;
    pub const SET_BYTE_ARRAY_REGION: usize = 208;
    pub const SET_LONG_ARRAY_REGION: usize = 212;
    pub const GET_STRING_REGION: usize = 220;
    pub const EXCEPTION_CHECK: usize = 228;
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

    /// Copies `len` bytes of `array` into `out`.
    #[inline]
    unsafe fn byte_array_region(self, array: JObject, len: usize, out: *mut u8) {
        let f: unsafe extern "system" fn(Env, JObject, i32, i32, *mut u8) = self.function(slot::GET_BYTE_ARRAY_REGION);
        f(self, array, 0, len as i32, out)
    }

    #[inline]
    unsafe fn is_instance_of(self, object: JObject, class: JObject) -> bool {
        let f: unsafe extern "system" fn(Env, JObject, JObject) -> u8 = self.function(slot::IS_INSTANCE_OF);
        f(self, object, class) != 0
    }

    #[inline]
    unsafe fn object_field(self, object: JObject, field: JObject) -> JObject {
        let f: unsafe extern "system" fn(Env, JObject, JObject) -> JObject = self.function(slot::GET_OBJECT_FIELD);
        f(self, object, field)
    }

    /// Clears a pending exception, reporting whether there was one.
    unsafe fn clear_exception(self) -> bool {
        let check: unsafe extern "system" fn(Env) -> u8 = self.function(slot::EXCEPTION_CHECK);
        let clear: unsafe extern "system" fn(Env) = self.function(slot::EXCEPTION_CLEAR);
        let pending = check(self) != 0;
        if pending {
            clear(self);
        }
        pending
    }

    /// A global reference to the class `name` (`a/b/C`), or None (nothing pending) if it cannot be found.
    unsafe fn global_class(self, name: &CStr) -> Option<JObject> {
        let find: unsafe extern "system" fn(Env, *const c_char) -> JObject = self.function(slot::FIND_CLASS);
        let global: unsafe extern "system" fn(Env, JObject) -> JObject = self.function(slot::NEW_GLOBAL_REF);
        let class = find(self, name.as_ptr());
        if class.is_null() || self.clear_exception() {
            return None;
        }
        let class = global(self, class);
        (!class.is_null()).then_some(class)
    }

    /// The id of field or method `name` of type `signature` in `class`, or None (nothing pending).
    unsafe fn member_id(self, class: JObject, name: &CStr, signature: &CStr, method: bool) -> Option<JObject> {
        let index = if method { slot::GET_METHOD_ID } else { slot::GET_FIELD_ID };
        let f: unsafe extern "system" fn(Env, JObject, *const c_char, *const c_char) -> JObject = self.function(index);
        let id = f(self, class, name.as_ptr(), signature.as_ptr());
        if id.is_null() || self.clear_exception() {
            return None;
        }
        Some(id)
    }

    /// `object.toString()`; Err with the Java exception left pending (the JVM throws it when the call returns).
    unsafe fn to_string(self, object: JObject) -> Result<JObject, Fail> {
        static TO_STRING: OnceLock<usize> = OnceLock::new();
        let method = match TO_STRING.get() {
            Some(&id) => id as JObject,
            None => {
                let object_class = self.global_class(c"java/lang/Object").ok_or(Fail::from(sys::EINVAL))?;
                let id = self.member_id(object_class, c"toString", c"()Ljava/lang/String;", true);
                let id = id.ok_or(Fail::from(sys::EINVAL))?;
                *TO_STRING.get_or_init(|| id as usize) as JObject
            }
        };
        let call: unsafe extern "system" fn(Env, JObject, JObject, *const i64) -> JObject =
            self.function(slot::CALL_OBJECT_METHOD_A);
        let string = call(self, object, method, std::ptr::null());
        if string.is_null() {
            return Err(sys::EINVAL.into());
        }
        Ok(string)
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
//
// A path argument is a `java.nio.file.Path` of the default filesystem, which on Linux is a `sun.nio.fs.UnixPath`: it
// holds the bytes NIO passes to the kernel in a private field, `byte[] path`, set once when the path is made. JNI reads
// fields whatever their access, so the library reads those bytes (3 JNI calls, no allocation), exactly as NIO uses them.
//
// Why not the public way, `Path.toString()` encoded to UTF-8 (which the library falls back to): a path's string is made
// the first time it is asked for, so a call on a fresh path (the harness makes new ones for every sample of link,
// rename, symlink...) allocated about 150 bytes a path and ran a decoding NIO never runs. In the harness's forks (a
// fixed 1 GiB heap, so every allocated byte is the first touch of its page, about 2 us a page here) link measured
// 0.82x NIO (median of six runs), and 1.05x with the heap pre-touched (-XX:+AlwaysPreTouch): the allocation was the
// difference. Reading the bytes: 0.95x, allocating what NIO allocates (288 bytes a sample of 256 links, as NIO). The
// bytes are also exactly what NIO passes to the kernel, so a name that is not UTF-8, listed by NIO, is reachable.
//
// What it costs: the library depends on a private field of the JDK. The binding checks it once, at load, on a probe
// path whose bytes it knows (`fsb_bind_path_bytes`); a JDK without the field, or whose field holds anything else, gets
// the `toString()` route, which is also what a path of any other class gets. `details()` says which one is in use.

/// Where `sun.nio.fs.UnixPath` keeps its bytes, once the binding has checked it (as addresses: JNI ids and a global
/// reference stay valid for the life of the JVM, and the class is never unloaded).
struct PathBytesField {
    class: usize,
    field: usize,
}

static UNIX_PATH_BYTES: OnceLock<PathBytesField> = OnceLock::new();

/// Paths of up to this many bytes (or UTF-16 units, when encoded from a string) stay on the stack; longer ones go to
/// the heap.
const STACK_UNITS: usize = 768;

/// The kernel's longest path, NUL included: byte paths up to this length stay on the stack.
const STACK_BYTES: usize = 4096;

/// Calls `body` with `path` as a path argument: its bytes, NUL-terminated, the empty path as `.`.
unsafe fn with_path<R>(env: Env, path: JObject, body: impl FnOnce(&CStr) -> Result<R, Fail>) -> Result<R, Fail> {
    with_verbatim(env, path, |p| body(if p.is_empty() { c"." } else { p }))
}

/// Calls `body` with the bytes of `path`, NUL-terminated, taken verbatim (a link target, a mkdtemp prefix).
unsafe fn with_verbatim<R>(env: Env, path: JObject, body: impl FnOnce(&CStr) -> Result<R, Fail>) -> Result<R, Fail> {
    if path.is_null() {
        return Err(sys::EINVAL.into());
    }
    if let Some(bound) = UNIX_PATH_BYTES.get() {
        if env.is_instance_of(path, bound.class as JObject) {
            let bytes = env.object_field(path, bound.field as JObject);
            if !bytes.is_null() {
                return with_bytes(env, bytes, body);
            }
        }
    }
    with_utf8(env, env.to_string(path)?, body)
}

/// Calls `body` with the contents of `byte[] array` and a NUL. A NUL inside is EINVAL.
unsafe fn with_bytes<R>(env: Env, array: JObject, body: impl FnOnce(&CStr) -> Result<R, Fail>) -> Result<R, Fail> {
    let len = env.array_length(array);
    let mut stack = [MaybeUninit::<u8>::uninit(); STACK_BYTES];
    let mut heap = Vec::new();
    let buf: &mut [MaybeUninit<u8>] = if len < STACK_BYTES {
        &mut stack
    } else {
        heap.reserve_exact(len + 1);
        heap.spare_capacity_mut()
    };
    env.byte_array_region(array, len, buf.as_mut_ptr().cast());
    buf[len].write(0);
    // SAFETY: GetByteArrayRegion initialized the first len bytes, and the NUL follows them.
    let bytes = std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len + 1);
    if bytes[..len].contains(&0) {
        return Err(sys::EINVAL.into());
    }
    body(CStr::from_bytes_with_nul_unchecked(bytes))
}

/// Calls `body` with Java string `s` as `String.getBytes(UTF_8)` encodes it, NUL-terminated.
unsafe fn with_utf8<R>(env: Env, s: JObject, body: impl FnOnce(&CStr) -> Result<R, Fail>) -> Result<R, Fail> {
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

/// Lets path arguments be read from `sun.nio.fs.UnixPath`'s own bytes, if that field exists and holds, for `probe`,
/// exactly `expected` (what the binding knows NIO passes for it). 1 if bound (now or before), 0 if not.
#[no_mangle]
pub unsafe extern "system" fn Java_dev_fsbench_nativefs_LibFsb_fsb_1bind_1path_1bytes(
    env: Env,
    _class: JObject,
    probe: JObject,
    expected: JObject,
) -> i32 {
    guard_value(0, || {
        if UNIX_PATH_BYTES.get().is_some() {
            return 1;
        }
        let Some(class) = env.global_class(c"sun/nio/fs/UnixPath") else {
            return 0;
        };
        let Some(field) = env.member_id(class, c"path", c"[B", false) else {
            return 0;
        };
        if probe.is_null() || expected.is_null() || !env.is_instance_of(probe, class) {
            return 0;
        }
        let bytes = env.object_field(probe, field);
        if bytes.is_null() {
            return 0;
        }
        let read = with_bytes(env, bytes, |p| Ok(p.to_bytes().to_vec()));
        let want = with_bytes(env, expected, |p| Ok(p.to_bytes().to_vec()));
        match (read, want) {
            (Ok(read), Ok(want)) if read == want => {
                UNIX_PATH_BYTES.get_or_init(|| PathBytesField { class: class as usize, field: field as usize });
                1
            }
            _ => 0,
        }
    })
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
    array_or_null(|| with_verbatim(env, prefix, |p| single::mkdtemp_then(p, |created| env.byte_array(created))))
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
    guard(|| with_verbatim(env, target, |t| with_path(env, link, |l| single::symlink(t, l))))
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
