//! Owned descriptors and the few syscall wrappers every family shares, in errno-returning form.
//!
//! Wrappers return `Sys<T>`: the value, or the errno the call failed with. Paths are `&CStr` (bytes, never assumed to
//! be UTF-8) so the caller's NUL-terminated string, or a name inside a `getdents64` buffer, goes to the kernel without
//! a copy.

use crate::sys;
use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::os::raw::c_int;

/// A result whose error is an errno.
pub(crate) type Sys<T> = Result<T, c_int>;

/// `Ok(())` for a non-negative syscall return, else the errno.
#[inline]
pub(crate) fn check(rc: c_int) -> Sys<()> {
    if rc < 0 {
        Err(sys::errno())
    } else {
        Ok(())
    }
}

/// An open file descriptor, closed on drop. Every descriptor is opened with `O_CLOEXEC`: the JVM forks (ProcessBuilder)
/// and a leaked directory descriptor would keep a removed tree's inodes alive in the child.
#[derive(Debug)]
pub(crate) struct Fd(c_int);

impl Fd {
    /// `openat(dir, path, flags | O_CLOEXEC, mode)`.
    #[inline]
    pub(crate) fn open_at(dir: c_int, path: &CStr, flags: c_int, mode: sys::mode_t) -> Sys<Fd> {
        loop {
            // SAFETY: path is NUL-terminated; a bad dir descriptor only yields EBADF.
            let fd = unsafe { sys::openat(dir, path.as_ptr(), flags | sys::O_CLOEXEC, mode) };
            if fd >= 0 {
                return Ok(Fd(fd));
            }
            match sys::errno() {
                sys::EINTR => continue,
                e => return Err(e),
            }
        }
    }

    /// Opens `path` (relative to `dir`) as a directory to list; `follow` = false refuses a symbolic link (ELOOP or
    /// ENOTDIR), which is what keeps a walk from being redirected by a directory swapped for a link.
    #[inline]
    pub(crate) fn open_dir(dir: c_int, path: &CStr, follow: bool) -> Sys<Fd> {
        let nofollow = if follow { 0 } else { sys::O_NOFOLLOW };
        Fd::open_at(dir, path, sys::O_RDONLY | sys::O_DIRECTORY | nofollow, 0)
    }

    #[inline]
    pub(crate) fn raw(&self) -> c_int {
        self.0
    }

    /// Closes now and reports the error (a write's late failure can surface only here on some filesystems).
    pub(crate) fn close(self) -> Sys<()> {
        let fd = self.0;
        std::mem::forget(self);
        // SAFETY: fd is owned and closed exactly once; close is never retried (Linux frees the fd even on EINTR).
        let rc = unsafe { sys::close(fd) };
        if rc < 0 && sys::errno() != sys::EINTR {
            return Err(sys::errno());
        }
        Ok(())
    }
}

impl Drop for Fd {
    fn drop(&mut self) {
        // SAFETY: the descriptor is owned by this value.
        unsafe { sys::close(self.0) };
    }
}

/// `statx(dir, path, flags)` for the basic fields; `flags` carries `AT_SYMLINK_NOFOLLOW` or `AT_EMPTY_PATH`.
#[inline]
pub(crate) fn stat_at(dir: c_int, path: &CStr, flags: c_int) -> Sys<sys::statx> {
    stat_at_for(dir, path, flags, sys::STATX_BASIC_STATS)
}

/// `statx(dir, path, flags)` asking for the fields of `mask` only (`STATX_TYPE | STATX_SIZE`, ...). The tree calls
/// ask for what they use: a local filesystem fills everything anyway, but a network or FUSE one may have to fetch
/// what is asked (the device, `stx_rdev` and `stx_attributes` come whatever the mask). Only the fields of `mask` may
/// be read from the result.
#[inline]
pub(crate) fn stat_at_for(dir: c_int, path: &CStr, flags: c_int, mask: std::os::raw::c_uint) -> Sys<sys::statx> {
    let mut st = MaybeUninit::<sys::statx>::uninit();
    // SAFETY: path is NUL-terminated and st is a writable statx of the kernel's size.
    let rc = unsafe { sys::statx(dir, path.as_ptr(), flags, mask, st.as_mut_ptr()) };
    check(rc)?;
    // SAFETY: statx succeeded, so the kernel wrote the whole structure (fields it was not asked for or lacks are
    // zero or filled anyway).
    Ok(unsafe { st.assume_init() })
}

/// The metadata of an open descriptor (`statx` with `AT_EMPTY_PATH`, the form of `fstat`).
#[inline]
pub(crate) fn stat_fd(fd: &Fd) -> Sys<sys::statx> {
    stat_at(fd.raw(), c"", sys::AT_EMPTY_PATH)
}

/// [`stat_fd`] for the fields of `mask` only (see [`stat_at_for`]).
#[inline]
pub(crate) fn stat_fd_for(fd: &Fd, mask: std::os::raw::c_uint) -> Sys<sys::statx> {
    stat_at_for(fd.raw(), c"", sys::AT_EMPTY_PATH, mask)
}

#[inline]
pub(crate) fn file_type(st: &sys::statx) -> u32 {
    st.stx_mode as u32 & sys::S_IFMT
}

#[inline]
pub(crate) fn is_dir(st: &sys::statx) -> bool {
    file_type(st) == sys::S_IFDIR
}

/// Nanoseconds since the epoch of a statx time, clamped to the range of `i64` (years 1677 to 2262): a time outside
/// it reads as `i64::MIN` or `i64::MAX`, which is what NIO reports for it (`FileTime.to(NANOSECONDS)` saturates),
/// never a wrapped value in another century.
#[inline]
pub(crate) fn nanos(t: &sys::statx_timestamp) -> i64 {
    let ns = t.tv_sec as i128 * 1_000_000_000 + t.tv_nsec as i128;
    ns.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

/// The `timespec` of nanoseconds since the epoch (floor division, so times before 1970 stay exact).
#[inline]
pub(crate) fn timespec(ns: i64) -> sys::timespec {
    sys::timespec { tv_sec: ns.div_euclid(1_000_000_000), tv_nsec: ns.rem_euclid(1_000_000_000) as _ }
}

/// The access and modification times of `st`, as `futimens`/`utimensat` take them.
#[inline]
pub(crate) fn times_of(st: &sys::statx) -> [sys::timespec; 2] {
    [
        sys::timespec { tv_sec: st.stx_atime.tv_sec, tv_nsec: st.stx_atime.tv_nsec as _ },
        sys::timespec { tv_sec: st.stx_mtime.tv_sec, tv_nsec: st.stx_mtime.tv_nsec as _ },
    ]
}

/// Writes all of `data`, retrying short writes and EINTR.
pub(crate) fn write_all(fd: &Fd, mut data: &[u8]) -> Sys<()> {
    while !data.is_empty() {
        // SAFETY: data is a valid readable slice.
        let n = unsafe { sys::write(fd.raw(), data.as_ptr().cast(), data.len()) };
        if n < 0 {
            match sys::errno() {
                sys::EINTR => continue,
                e => return Err(e),
            }
        }
        data = &data[n as usize..];
    }
    Ok(())
}

/// One `read`, retried on EINTR; 0 at end of file.
#[inline]
pub(crate) fn read_some(fd: &Fd, buf: &mut [u8]) -> Sys<usize> {
    loop {
        // SAFETY: buf is a valid writable slice.
        let n = unsafe { sys::read(fd.raw(), buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 {
            return Ok(n as usize);
        }
        match sys::errno() {
            sys::EINTR => continue,
            e => return Err(e),
        }
    }
}
