//! Copying one regular file: the core shared by `fsb_copy_file` and the tree copy (`cp.rs`).
//!
//! Content moves inside the kernel: `FICLONE` first when the caller hints that a clone is welcome (a reflink shares
//! extents on btrfs/XFS and is O(1)), then `copy_file_range` (page cache to page cache, no user-space buffer), and a
//! read/write loop only where the kernel refuses (EXDEV before 5.3 or between filesystems, ENOSYS, EINVAL from some
//! filesystems, EOPNOTSUPP). The copy stops at the size fstat reported, as `read_file` does.

use crate::error::{Fail, Outcome};
use crate::fd::{check, read_some, stat_at, stat_fd, times_of, write_all, Fd, Sys};
use crate::sys;
use std::ffi::CStr;
use std::os::raw::c_int;
use std::sync::OnceLock;

pub(crate) const REPLACE: i32 = 1;
pub(crate) const PRESERVE: i32 = 2;
pub(crate) const CLONE_HINT: i32 = 4;

/// Copies the content of `src` (whose size fstat said is `size`; 0 = unknown, read to EOF) into `dst`.
/// An error is `Err((errno, concerns_target))`.
pub(crate) fn copy_data(src: &Fd, dst: &Fd, size: u64, clone: bool) -> Result<(), (c_int, bool)> {
    // SAFETY: both descriptors are open; FICLONE takes the source descriptor as its argument.
    if clone && size > 0 && unsafe { sys::ioctl(dst.raw(), sys::FICLONE, src.raw()) } == 0 {
        return Ok(());
    }
    let mut left = size;
    loop {
        if size > 0 && left == 0 {
            return Ok(());
        }
        let want = if size > 0 { left.min(1 << 30) } else { 1 << 30 } as usize;
        // SAFETY: null offsets make the kernel use and advance both descriptors' file offsets.
        let n =
            unsafe { sys::copy_file_range(src.raw(), std::ptr::null_mut(), dst.raw(), std::ptr::null_mut(), want, 0) };
        if n > 0 {
            left = left.saturating_sub(n as u64);
            continue;
        }
        if n == 0 {
            return Ok(());
        }
        match sys::errno() {
            sys::EINTR => continue,
            // The offsets copy_file_range advanced are where the fallback continues.
            sys::EXDEV | sys::ENOSYS | sys::EINVAL | sys::EOPNOTSUPP => {
                return copy_by_reading(src, dst, left, size == 0)
            }
            e => return Err((e, writes_blame(e))),
        }
    }
}

/// Errors that a write (not a read) causes: they concern the target.
fn writes_blame(errno: c_int) -> bool {
    const ENOSPC: c_int = 28;
    const EROFS: c_int = 30;
    const EDQUOT: c_int = 122;
    matches!(errno, ENOSPC | EROFS | EDQUOT | sys::EFBIG)
}

fn copy_by_reading(src: &Fd, dst: &Fd, mut left: u64, to_eof: bool) -> Result<(), (c_int, bool)> {
    let mut buf = vec![0u8; 128 * 1024];
    while to_eof || left > 0 {
        let want = if to_eof { buf.len() } else { (left as usize).min(buf.len()) };
        let n = read_some(src, &mut buf[..want]).map_err(|e| (e, false))?;
        if n == 0 {
            break;
        }
        write_all(dst, &buf[..n]).map_err(|e| (e, true))?;
        left = left.saturating_sub(n as u64);
    }
    Ok(())
}

/// Creates `name` in `dir` for writing, with `mode` less the umask. With `replace`, an existing non-directory is
/// removed first and a new file made in its place (what NIO's REPLACE_EXISTING does: the old inode, and a link that
/// was there, are left alone rather than written through); an existing directory is EISDIR.
pub(crate) fn create_target(dir: c_int, name: &CStr, mode: u32, replace: bool) -> Sys<Fd> {
    let flags = sys::O_WRONLY | sys::O_CREAT | sys::O_EXCL | sys::O_NOFOLLOW;
    match Fd::open_at(dir, name, flags, mode) {
        Err(sys::EEXIST) if replace => {
            // SAFETY: name is NUL-terminated.
            match check(unsafe { sys::unlinkat(dir, name.as_ptr(), 0) }) {
                Ok(()) | Err(sys::ENOENT) => {}
                Err(e) => return Err(e),
            }
            Fd::open_at(dir, name, flags, mode)
        }
        r => r,
    }
}

/// The process umask, read once from /proc/self/status (Linux 4.7+). Reading it with umask(2) would mean setting it,
/// which races with every other thread of the JVM creating files. None when it cannot be read: callers then set
/// modes explicitly. (A process that changes its umask later is not noticed; the JVM never does.)
pub(crate) fn umask() -> Option<u32> {
    static UMASK: OnceLock<Option<u32>> = OnceLock::new();
    *UMASK.get_or_init(|| {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("Umask:"))?;
        u32::from_str_radix(line["Umask:".len()..].trim(), 8).ok()
    })
}

/// Whether creating with `mode` already gives exactly `mode` (no umask bit, no special bit the kernel may drop).
pub(crate) fn creation_keeps(mode: u32) -> bool {
    mode & 0o7000 == 0 && matches!(umask(), Some(u) if mode & u == 0)
}

/// `fsb_copy_file`: see ABI.md. The target gets the source's permission bits less the umask (exactly, with
/// PRESERVE, and the source's access and modification times).
pub(crate) fn copy_file(src: &CStr, dst: &CStr, flags: i32) -> Outcome {
    let on_src = |e: c_int| Fail::at(e, src.to_bytes().to_vec());
    let on_dst = |e: c_int| Fail::at(e, dst.to_bytes().to_vec()).second();
    let input = Fd::open_at(sys::AT_FDCWD, src, sys::O_RDONLY, 0).map_err(on_src)?;
    let st = stat_fd(&input).map_err(on_src)?;
    if crate::fd::is_dir(&st) {
        return Err(on_src(sys::EISDIR));
    }
    let mode = st.stx_mode as u32 & 0o7777;
    let replace = flags & REPLACE != 0;
    if replace {
        // Copying a file onto itself (the same path, or a hard link to it) is a no-op, as in NIO; checked only when
        // the target exists, so the common case pays nothing.
        if let Ok(t) = stat_at(sys::AT_FDCWD, dst, sys::AT_SYMLINK_NOFOLLOW) {
            if t.stx_ino == st.stx_ino && t.stx_dev_major == st.stx_dev_major && t.stx_dev_minor == st.stx_dev_minor {
                return Ok(());
            }
        }
    }
    let output = create_target(sys::AT_FDCWD, dst, mode, replace).map_err(on_dst)?;
    copy_data(&input, &output, st.stx_size, flags & CLONE_HINT != 0).map_err(|(e, target)| {
        if target {
            on_dst(e)
        } else {
            on_src(e)
        }
    })?;
    if flags & PRESERVE != 0 {
        // SAFETY: output is open; times_of gives two timespecs.
        check(unsafe { sys::fchmod(output.raw(), mode) }).map_err(on_dst)?;
        check(unsafe { sys::futimens(output.raw(), times_of(&st).as_ptr()) }).map_err(on_dst)?;
    }
    output.close().map_err(on_dst)
}
