//! The exported symbols, one per call of ABI.md and in its order: each checks its pointers, runs its family's Rust
//! function inside the panic guard, and writes its out-parameters. The families themselves live in their own modules.
//!
//! # Safety
//! Every pointer argument must be null or valid as ABI.md describes (a NUL-terminated string, a buffer of the given
//! capacity, an `int64_t` array of the given length). Null is EINVAL; an invalid non-null pointer cannot be detected.
#![allow(clippy::missing_safety_doc)]

use crate::boundary::{
    guard, guard_recording, guard_value, hand_over, in_bytes, in_ref, out_bytes, out_longs, out_ref, path_arg, str_arg,
    take_back,
};
use crate::error::{Fail, FSB_ABI_VERSION, FSB_E_PANIC};
use crate::floor::{Batch, Report, ToolRun, Work};
use crate::{copy, floor, single, sys};
use std::os::raw::c_char;

#[no_mangle]
pub extern "C" fn fsb_abi_version() -> i32 {
    FSB_ABI_VERSION
}

// ------------------------------------------------------------------------------------------------ access / exists

#[no_mangle]
pub unsafe extern "C" fn fsb_access(path: *const c_char, mode: i32) -> i32 {
    guard(|| single::access(path_arg(path)?, mode))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_exists(path: *const c_char) -> i32 {
    guard_value(FSB_E_PANIC, || match path_arg(path) {
        Ok(p) => single::exists(p) as i32,
        Err(_) => 0,
    })
}

// ------------------------------------------------------------------------------------------------ content

#[no_mangle]
pub unsafe extern "C" fn fsb_read_file(path: *const c_char, buf: *mut u8, cap: i64, out_len: *mut i64) -> i32 {
    guard(|| single::read_file(path_arg(path)?, out_bytes(buf, cap)?, out_ref(out_len)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_lines(path: *const c_char, from: i64, count: i32, limit: i64, out: *mut [i64; 2]) -> i32 {
    guard(|| {
        let out = out_ref(out)?;
        *out = [0, 0];
        if from < 0 || count < 0 || limit < 0 {
            return Err(sys::EINVAL.into());
        }
        hand_over(crate::lines::lines(path_arg(path)?, from as u64, count as u32, limit as u64)?, out);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn fsb_write_file(path: *const c_char, data: *const u8, len: i64) -> i32 {
    guard(|| single::write_file(path_arg(path)?, in_bytes(data, len)?, false))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_append_file(path: *const c_char, data: *const u8, len: i64) -> i32 {
    guard(|| single::write_file(path_arg(path)?, in_bytes(data, len)?, true))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_truncate(path: *const c_char, length: i64) -> i32 {
    guard(|| single::truncate(path_arg(path)?, length))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_copy_file(src: *const c_char, dst: *const c_char, flags: i32) -> i32 {
    guard_recording(|| copy::copy_file(path_arg(src)?, path_arg(dst)?, flags))
}

// ------------------------------------------------------------------------------------------------ metadata

#[no_mangle]
pub unsafe extern "C" fn fsb_stat(path: *const c_char, follow: i32, out: *mut [i64; 10]) -> i32 {
    guard(|| single::stat(path_arg(path)?, follow != 0, out_ref(out)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_chmod(path: *const c_char, mode: i32) -> i32 {
    guard(|| single::chmod(path_arg(path)?, mode))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_chown(path: *const c_char, uid: i32, gid: i32) -> i32 {
    guard(|| single::chown(path_arg(path)?, uid, gid))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_utimes(path: *const c_char, atime_ns: i64, mtime_ns: i64) -> i32 {
    guard(|| single::utimes(path_arg(path)?, atime_ns, mtime_ns))
}

// ------------------------------------------------------------------------------------------------ names

#[no_mangle]
pub unsafe extern "C" fn fsb_mkdir(path: *const c_char, mode: i32, recursive: i32) -> i32 {
    guard(|| single::mkdir(path_arg(path)?, mode, recursive != 0))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_mkdtemp(prefix: *const c_char, out: *mut u8, cap: i64, out_len: *mut i64) -> i32 {
    guard(|| single::mkdtemp(str_arg(prefix)?, out_bytes(out, cap)?, out_ref(out_len)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_rmdir(path: *const c_char) -> i32 {
    guard(|| single::rmdir(path_arg(path)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_unlink(path: *const c_char) -> i32 {
    guard(|| single::unlink(path_arg(path)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_rename(src: *const c_char, dst: *const c_char) -> i32 {
    guard(|| single::rename(path_arg(src)?, path_arg(dst)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_link(existing: *const c_char, link: *const c_char) -> i32 {
    guard(|| single::link(path_arg(existing)?, path_arg(link)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_symlink(target: *const c_char, link: *const c_char) -> i32 {
    guard(|| single::symlink(str_arg(target)?, path_arg(link)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_readlink(path: *const c_char, buf: *mut u8, cap: i64, out_len: *mut i64) -> i32 {
    guard(|| single::readlink(path_arg(path)?, out_bytes(buf, cap)?, out_ref(out_len)?))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_realpath(path: *const c_char, buf: *mut u8, cap: i64, out_len: *mut i64) -> i32 {
    guard(|| single::realpath(path_arg(path)?, out_bytes(buf, cap)?, out_ref(out_len)?))
}

// ------------------------------------------------------------------------------------------------ trees

#[no_mangle]
pub unsafe extern "C" fn fsb_readdir(path: *const c_char, recursive: i32, concurrency: i32, out: *mut [i64; 2]) -> i32 {
    guard_recording(|| {
        let out = out_ref(out)?;
        *out = [0, 0];
        hand_over(crate::readdir::readdir(path_arg(path)?, recursive != 0, concurrency)?, out);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn fsb_glob(
    cwd: *const c_char,
    patterns: *const u8,
    patterns_len: i64,
    flags: i32,
    concurrency: i32,
    out: *mut [i64; 2],
) -> i32 {
    guard_recording(|| {
        let out = out_ref(out)?;
        *out = [0, 0];
        let found = crate::glob::glob(path_arg(cwd)?, in_bytes(patterns, patterns_len)?, flags, concurrency)?;
        hand_over(found, out);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn fsb_scan(root: *const c_char, flags: i32, concurrency: i32, out: *mut [i64; 2]) -> i32 {
    guard_recording(|| {
        let out = out_ref(out)?;
        *out = [0, 0];
        hand_over(crate::scan::scan(path_arg(root)?, flags, concurrency)?, out);
        Ok(())
    })
}

#[no_mangle]
pub unsafe extern "C" fn fsb_cp(src: *const c_char, dst: *const c_char, flags: i32, concurrency: i32) -> i32 {
    guard_recording(|| crate::cp::cp(path_arg(src)?, path_arg(dst)?, flags, concurrency))
}

#[no_mangle]
pub unsafe extern "C" fn fsb_rm(path: *const c_char, flags: i32, concurrency: i32) -> i32 {
    guard_recording(|| crate::rm::rm(path_arg(path)?, flags, concurrency))
}

// ------------------------------------------------------------------------------------------------ floor

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn fsb_floor(
    call: *const c_char,
    count: i32,
    paths: *const u8,
    paths_len: i64,
    args: *const [i64; 4],
    data: *const u8,
    data_len: i64,
    out: *mut u8,
    out_cap: i64,
    results: *mut i64,
    report: *mut [i64; 2],
) -> i32 {
    guard_recording(|| {
        let report = out_ref(report)?;
        *report = [0, 0];
        let work = Work::named(str_arg(call)?.to_bytes()).ok_or(Fail::from(sys::EINVAL))?;
        let count = usize::try_from(count).ok().filter(|&n| work.accepts(n)).ok_or(Fail::from(sys::EINVAL))?;
        let batch = Batch {
            work,
            count,
            paths: in_bytes(paths, paths_len)?,
            args: *in_ref(args)?,
            data: in_bytes(data, data_len)?,
            out: out_bytes(out, out_cap)?,
            results: out_longs(results, work.results_len(count))?,
        };
        let mut measured = Report::default();
        let outcome = floor::run(batch, &mut measured);
        *report = [measured.elapsed_ns, measured.completed];
        outcome
    })
}

#[no_mangle]
pub unsafe extern "C" fn fsb_floor_tool(argv: *const u8, argv_len: i64, report: *mut [i64; 2]) -> i32 {
    guard_recording(|| {
        let report = out_ref(report)?;
        *report = [0, 0];
        let mut run = ToolRun::default();
        let outcome = floor::run_tool(in_bytes(argv, argv_len)?, &mut run);
        *report = [run.elapsed_ns, run.status];
        outcome
    })
}

// ------------------------------------------------------------------------------------------------ support

#[no_mangle]
pub unsafe extern "C" fn fsb_last_error_path(buf: *mut u8, cap: i64) -> i64 {
    guard_value(FSB_E_PANIC as i64, || match out_bytes(buf, cap) {
        Ok(out) => crate::boundary::last_error_path(out),
        Err(_) => -(crate::sys::EINVAL as i64),
    })
}

#[no_mangle]
pub unsafe extern "C" fn fsb_free(address: i64, length: i64) {
    guard_value((), || take_back(address, length))
}
