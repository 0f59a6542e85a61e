//! Every libc function, structure and constant the library uses, for Linux on x86_64 and aarch64.
//!
//! The crate has no dependencies (no registry is reachable where it is built), so this module stands in for the
//! `libc` crate. Keep it the only place that knows an ABI detail. The traps, checked against the kernel's uapi
//! headers:
//!
//! - `O_DIRECTORY` and `O_NOFOLLOW` differ between the two architectures (aarch64 uses the asm-generic values of 32-bit
//!   ARM); every other open flag used here is the same.
//! - `struct stat` differs between the two, so metadata is read with `statx`, whose layout is one and the same
//!   (256 bytes, checked below at compile time).
//! - `getdents64` is called through `syscall(2)` because glibc only wraps it since 2.30; `mknodat` likewise (a real
//!   glibc symbol only since 2.33). `statx` (2.28) and `copy_file_range` (2.27) are called through glibc.
//! - errno values, `AT_*` flags and `d_type` values are the asm-generic ones on both.
#![allow(non_camel_case_types, dead_code)]

use std::os::raw::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

pub type mode_t = c_uint;
pub type off_t = i64;

#[cfg(not(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"))))]
compile_error!("fsbench-native supports Linux on x86_64 and aarch64 only");

// ------------------------------------------------------------------------------------------------ open flags

pub const O_RDONLY: c_int = 0;
pub const O_WRONLY: c_int = 0o1;
pub const O_CREAT: c_int = 0o100;
pub const O_EXCL: c_int = 0o200;
pub const O_TRUNC: c_int = 0o1000;
pub const O_APPEND: c_int = 0o2000;
pub const O_CLOEXEC: c_int = 0o2000000;
pub const O_PATH: c_int = 0o10000000;
#[cfg(target_arch = "x86_64")]
pub const O_DIRECTORY: c_int = 0o200000;
#[cfg(target_arch = "x86_64")]
pub const O_NOFOLLOW: c_int = 0o400000;
#[cfg(target_arch = "aarch64")]
pub const O_DIRECTORY: c_int = 0o40000;
#[cfg(target_arch = "aarch64")]
pub const O_NOFOLLOW: c_int = 0o100000;

// ------------------------------------------------------------------------------------------------ *at flags

pub const AT_FDCWD: c_int = -100;
pub const AT_SYMLINK_NOFOLLOW: c_int = 0x100;
pub const AT_REMOVEDIR: c_int = 0x200;
pub const AT_EACCESS: c_int = 0x200;
pub const AT_EMPTY_PATH: c_int = 0x1000;

pub const F_OK: c_int = 0;

// ------------------------------------------------------------------------------------------------ file types

pub const S_IFMT: u32 = 0o170000;
pub const S_IFDIR: u32 = 0o040000;
pub const S_IFREG: u32 = 0o100000;
pub const S_IFLNK: u32 = 0o120000;

pub const DT_UNKNOWN: u8 = 0;
pub const DT_DIR: u8 = 4;
pub const DT_REG: u8 = 8;
pub const DT_LNK: u8 = 10;

// ------------------------------------------------------------------------------------------------ errno

pub const EPERM: c_int = 1;
pub const ENOENT: c_int = 2;
pub const EINTR: c_int = 4;
pub const EIO: c_int = 5;
pub const EBADF: c_int = 9;
pub const ENOMEM: c_int = 12;
pub const EACCES: c_int = 13;
pub const EEXIST: c_int = 17;
pub const EXDEV: c_int = 18;
pub const ENOTDIR: c_int = 20;
pub const EISDIR: c_int = 21;
pub const EINVAL: c_int = 22;
pub const EMFILE: c_int = 24;
pub const ENOTTY: c_int = 25;
pub const EFBIG: c_int = 27;
pub const ENAMETOOLONG: c_int = 36;
pub const ENOSYS: c_int = 38;
pub const ENOTEMPTY: c_int = 39;
pub const ELOOP: c_int = 40;
pub const EOVERFLOW: c_int = 75;
pub const EOPNOTSUPP: c_int = 95;
pub const ESTALE: c_int = 116;

// ------------------------------------------------------------------------------------------------ statx

pub const STATX_BASIC_STATS: c_uint = 0x7ff;
pub const STATX_TYPE: c_uint = 0x1;
pub const STATX_MODE: c_uint = 0x2;
pub const STATX_ATIME: c_uint = 0x20;
pub const STATX_MTIME: c_uint = 0x40;
pub const STATX_INO: c_uint = 0x100;
pub const STATX_SIZE: c_uint = 0x200;
/// `stx_attributes`: the entry is the root of a mount (Linux 5.8+; older kernels leave the bit clear).
pub const STATX_ATTR_MOUNT_ROOT: u64 = 0x2000;

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct statx_timestamp {
    pub tv_sec: i64,
    pub tv_nsec: u32,
    pub reserved: i32,
}

#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct statx {
    pub stx_mask: u32,
    pub stx_blksize: u32,
    pub stx_attributes: u64,
    pub stx_nlink: u32,
    pub stx_uid: u32,
    pub stx_gid: u32,
    pub stx_mode: u16,
    pub spare0: u16,
    pub stx_ino: u64,
    pub stx_size: u64,
    pub stx_blocks: u64,
    pub stx_attributes_mask: u64,
    pub stx_atime: statx_timestamp,
    pub stx_btime: statx_timestamp,
    pub stx_ctime: statx_timestamp,
    pub stx_mtime: statx_timestamp,
    pub stx_rdev_major: u32,
    pub stx_rdev_minor: u32,
    pub stx_dev_major: u32,
    pub stx_dev_minor: u32,
    pub stx_mnt_id: u64,
    pub stx_dio_mem_align: u32,
    pub stx_dio_offset_align: u32,
    pub spare3: [u64; 12],
}

const _: () = assert!(std::mem::size_of::<statx>() == 256);
const _: () = assert!(std::mem::offset_of!(statx, stx_ino) == 32);
const _: () = assert!(std::mem::offset_of!(statx, stx_atime) == 64);
const _: () = assert!(std::mem::offset_of!(statx, stx_mtime) == 112);
const _: () = assert!(std::mem::offset_of!(statx, stx_dev_major) == 136);

/// glibc's `makedev`: the `st_dev` value `stat(2)` (and so NIO's `unix:dev`) reports for a device number.
pub fn makedev(major: u32, minor: u32) -> u64 {
    let (major, minor) = (major as u64, minor as u64);
    ((major & 0xffff_f000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffff_ff00) << 12) | (minor & 0xff)
}

// ------------------------------------------------------------------------------------------------ others

#[repr(C)]
#[derive(Clone, Copy)]
pub struct timespec {
    pub tv_sec: i64,
    pub tv_nsec: c_long,
}

/// `clock_gettime`'s clock that never jumps (NTP slews it, nothing sets it): what the floor times itself with.
pub const CLOCK_MONOTONIC: c_int = 1;

/// `struct linux_dirent64`: the fixed head of each record `getdents64` writes; the NUL-terminated name follows.
pub const DIRENT_RECLEN_OFFSET: usize = 16;
pub const DIRENT_TYPE_OFFSET: usize = 18;
pub const DIRENT_NAME_OFFSET: usize = 19;

/// `_IOW(0x94, 9, int)`: the same number on both architectures (both use the generic ioctl encoding).
pub const FICLONE: c_ulong = 0x4004_9409;

#[cfg(target_arch = "x86_64")]
pub const SYS_GETDENTS64: c_long = 217;
#[cfg(target_arch = "x86_64")]
pub const SYS_MKNODAT: c_long = 259;
#[cfg(target_arch = "aarch64")]
pub const SYS_GETDENTS64: c_long = 61;
#[cfg(target_arch = "aarch64")]
pub const SYS_MKNODAT: c_long = 33;

extern "C" {
    pub fn __errno_location() -> *mut c_int;
    pub fn clock_gettime(clock: c_int, tp: *mut timespec) -> c_int;
    pub fn syscall(number: c_long, ...) -> c_long;

    pub fn openat(dirfd: c_int, path: *const c_char, flags: c_int, ...) -> c_int;
    pub fn close(fd: c_int) -> c_int;
    pub fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
    pub fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
    pub fn statx(dirfd: c_int, path: *const c_char, flags: c_int, mask: c_uint, buf: *mut statx) -> c_int;
    pub fn faccessat(dirfd: c_int, path: *const c_char, mode: c_int, flags: c_int) -> c_int;

    pub fn truncate(path: *const c_char, length: off_t) -> c_int;
    pub fn ftruncate(fd: c_int, length: off_t) -> c_int;
    pub fn copy_file_range(
        fd_in: c_int,
        off_in: *mut off_t,
        fd_out: c_int,
        off_out: *mut off_t,
        len: usize,
        flags: c_uint,
    ) -> isize;
    pub fn ioctl(fd: c_int, request: c_ulong, ...) -> c_int;

    pub fn fchmod(fd: c_int, mode: mode_t) -> c_int;
    pub fn fchmodat(dirfd: c_int, path: *const c_char, mode: mode_t, flags: c_int) -> c_int;
    pub fn fchownat(dirfd: c_int, path: *const c_char, uid: c_uint, gid: c_uint, flags: c_int) -> c_int;
    pub fn utimensat(dirfd: c_int, path: *const c_char, times: *const timespec, flags: c_int) -> c_int;
    pub fn futimens(fd: c_int, times: *const timespec) -> c_int;

    pub fn mkdirat(dirfd: c_int, path: *const c_char, mode: mode_t) -> c_int;
    pub fn mkdtemp(template: *mut c_char) -> *mut c_char;
    pub fn unlinkat(dirfd: c_int, path: *const c_char, flags: c_int) -> c_int;
    pub fn renameat(olddirfd: c_int, old: *const c_char, newdirfd: c_int, new: *const c_char) -> c_int;
    pub fn linkat(olddirfd: c_int, old: *const c_char, newdirfd: c_int, new: *const c_char, flags: c_int) -> c_int;
    pub fn symlinkat(target: *const c_char, newdirfd: c_int, linkpath: *const c_char) -> c_int;
    pub fn readlinkat(dirfd: c_int, path: *const c_char, buf: *mut c_char, size: usize) -> isize;
    pub fn realpath(path: *const c_char, resolved: *mut c_char) -> *mut c_char;
}

/// The calling thread's `errno`.
#[inline]
pub fn errno() -> c_int {
    // SAFETY: glibc returns a valid pointer to the calling thread's errno.
    unsafe { *__errno_location() }
}

/// `clock_gettime(CLOCK_MONOTONIC)` in nanoseconds (vDSO: about 20 ns, no syscall).
#[inline]
pub fn monotonic_nanos() -> i64 {
    let mut t = timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: t is a valid timespec to write; CLOCK_MONOTONIC always exists on Linux.
    unsafe { clock_gettime(CLOCK_MONOTONIC, &mut t) };
    t.tv_sec * 1_000_000_000 + t.tv_nsec
}

/// `getdents64(2)`: fills `buf` with `linux_dirent64` records; 0 at the end of the directory.
///
/// # Safety
/// `fd` must be an open directory descriptor (a bad one only gives EBADF).
#[inline]
pub unsafe fn getdents64(fd: c_int, buf: &mut [u8]) -> isize {
    syscall(SYS_GETDENTS64, fd as c_long, buf.as_mut_ptr(), buf.len()) as isize
}

/// `mknodat(2)`, for the special files (fifos, sockets, devices) a tree copy recreates.
///
/// # Safety
/// `path` must point to a NUL-terminated string.
#[inline]
pub unsafe fn mknodat(dirfd: c_int, path: *const c_char, mode: mode_t, dev: u64) -> c_int {
    syscall(SYS_MKNODAT, dirfd as c_long, path, mode as c_long, dev as c_long) as c_int
}

/// The 32-bit device number the `mknodat` syscall takes (the kernel's `new_encode_dev`; glibc's wrapper converts its
/// 64-bit `dev_t` to this, the raw syscall does not).
pub fn kernel_dev(major: u32, minor: u32) -> u32 {
    (minor & 0xff) | ((major & 0xfff) << 8) | ((minor & !0xff) << 12)
}
