//! The single-path families: each one syscall where the kernel allows it, never an extra stat on the success path.
//!
//! A whole NIO call of this kind costs a few hundred nanoseconds on tmpfs, most of it the syscall, and JNA's dispatch
//! adds about 100 ns to ours, so an extra syscall here is the difference between winning and losing the batch-256
//! cases. Work that only a failure needs (finding which of two paths an error concerns) happens after the failure.

use crate::boundary::give_bytes;
use crate::error::{Fail, Outcome, FSB_E_RANGE};
use crate::fd::{check, is_dir, nanos, read_some, stat_at, stat_fd, timespec, write_all, Fd, Sys};
use crate::sys;
use std::ffi::CStr;
use std::mem::MaybeUninit;
use std::os::raw::c_int;

// ------------------------------------------------------------------------------------------------ access

pub(crate) fn access(path: &CStr, mode: i32) -> Outcome {
    if mode & !7 != 0 {
        return Err(sys::EINVAL.into());
    }
    // SAFETY: path is NUL-terminated.
    Ok(check(unsafe { sys::faccessat(sys::AT_FDCWD, path.as_ptr(), mode, sys::AT_EACCESS) })?)
}

pub(crate) fn exists(path: &CStr) -> bool {
    // SAFETY: path is NUL-terminated.
    unsafe { sys::faccessat(sys::AT_FDCWD, path.as_ptr(), sys::F_OK, 0) == 0 }
}

// ------------------------------------------------------------------------------------------------ content

/// Reads the whole file into `buf`: open, one fstat to learn the size, reads, close.
///
/// A file larger than `buf` is `FSB_E_RANGE` with the size in `out_len` before any byte is read, so the caller can
/// allocate once and retry. Files whose size fstat cannot tell (procfs reports 0, devices, pipes) are read to EOF:
/// when `buf` fills first, `FSB_E_RANGE` asks for twice as much. The library sets no limit of its own: the caller
/// decides how much it can hold and stops asking (the Java bindings stop at the SPI's `ReadLimit`, which depends on
/// the JVM's heap), so `/dev/zero`, which never ends, is refused by the caller and never grows memory here.
pub(crate) fn read_file(path: &CStr, buf: &mut [u8], out_len: &mut i64) -> Outcome {
    let fd = Fd::open_at(sys::AT_FDCWD, path, sys::O_RDONLY, 0)?;
    let st = stat_fd(&fd)?;
    if is_dir(&st) {
        return Err(sys::EISDIR.into());
    }
    let size = st.stx_size;
    if size > 0 {
        if size > buf.len() as u64 {
            *out_len = size as i64;
            return Err(FSB_E_RANGE.into());
        }
        // Stops at the size fstat gave: the snapshot NIO and Node read too, and no extra read() to find EOF.
        let size = size as usize;
        let mut got = 0;
        while got < size {
            let n = read_some(&fd, &mut buf[got..size])?;
            if n == 0 {
                break; // the file shrank under us
            }
            got += n;
        }
        *out_len = got as i64;
        return Ok(());
    }
    let mut got = 0;
    loop {
        if got == buf.len() {
            let mut probe = [0u8; 1];
            if read_some(&fd, &mut probe)? == 0 {
                break;
            }
            *out_len = buf.len().saturating_mul(2).clamp(4096, i64::MAX as usize) as i64;
            return Err(FSB_E_RANGE.into());
        }
        let n = read_some(&fd, &mut buf[got..])?;
        if n == 0 {
            break;
        }
        got += n;
    }
    *out_len = got as i64;
    Ok(())
}

/// Creates or truncates (`append` = false) or appends to `path` (mode 0666 less the umask), writes `data`, closes.
pub(crate) fn write_file(path: &CStr, data: &[u8], append: bool) -> Outcome {
    let how = if append { sys::O_APPEND } else { sys::O_TRUNC };
    let fd = Fd::open_at(sys::AT_FDCWD, path, sys::O_WRONLY | sys::O_CREAT | how, 0o666)?;
    write_all(&fd, data)?;
    Ok(fd.close()?)
}

pub(crate) fn truncate(path: &CStr, length: i64) -> Outcome {
    // SAFETY: path is NUL-terminated.
    Ok(check(unsafe { sys::truncate(path.as_ptr(), length) })?)
}

// ------------------------------------------------------------------------------------------------ metadata

/// One statx: size, mode, uid, gid, nlink, ino, dev, atime, mtime, ctime (ABI.md's order).
pub(crate) fn stat(path: &CStr, follow: bool, out: &mut [i64; 10]) -> Outcome {
    let flags = if follow { 0 } else { sys::AT_SYMLINK_NOFOLLOW };
    let st = stat_at(sys::AT_FDCWD, path, flags)?;
    *out = [
        st.stx_size as i64,
        st.stx_mode as i64,
        st.stx_uid as i64,
        st.stx_gid as i64,
        st.stx_nlink as i64,
        st.stx_ino as i64,
        sys::makedev(st.stx_dev_major, st.stx_dev_minor) as i64,
        nanos(&st.stx_atime),
        nanos(&st.stx_mtime),
        nanos(&st.stx_ctime),
    ];
    Ok(())
}

pub(crate) fn chmod(path: &CStr, mode: i32) -> Outcome {
    // SAFETY: path is NUL-terminated.
    Ok(check(unsafe { sys::fchmodat(sys::AT_FDCWD, path.as_ptr(), (mode & 0o7777) as u32, 0) })?)
}

pub(crate) fn chown(path: &CStr, uid: i32, gid: i32) -> Outcome {
    // SAFETY: path is NUL-terminated. -1 (no change) passes through as 0xffffffff, as chown(2) wants it.
    Ok(check(unsafe { sys::fchownat(sys::AT_FDCWD, path.as_ptr(), uid as u32, gid as u32, 0) })?)
}

pub(crate) fn utimes(path: &CStr, atime_ns: i64, mtime_ns: i64) -> Outcome {
    let times = [timespec(atime_ns), timespec(mtime_ns)];
    // SAFETY: path is NUL-terminated and times holds two timespecs.
    Ok(check(unsafe { sys::utimensat(sys::AT_FDCWD, path.as_ptr(), times.as_ptr(), 0) })?)
}

// ------------------------------------------------------------------------------------------------ names

#[inline]
fn mkdir_one(path: &CStr, mode: u32) -> Sys<()> {
    // SAFETY: path is NUL-terminated.
    check(unsafe { sys::mkdirat(sys::AT_FDCWD, path.as_ptr(), mode) })
}

pub(crate) fn mkdir(path: &CStr, mode: i32, recursive: bool) -> Outcome {
    let mode = (mode & 0o7777) as u32;
    if !recursive {
        return Ok(mkdir_one(path, mode)?);
    }
    Ok(mkdir_all(path.to_bytes(), mode)?)
}

/// `mkdir -p`: tries the leaf first (one syscall when the parent exists, the common case) and walks up only on ENOENT.
/// An existing directory, or a link to one, is success; an existing non-directory is EEXIST.
pub(crate) fn mkdir_all(path: &[u8], mode: u32) -> Sys<()> {
    let mut buf = Vec::with_capacity(path.len() + 1);
    buf.extend_from_slice(path);
    buf.push(0);
    let leaf = CStr::from_bytes_until_nul(&buf).map_err(|_| sys::EINVAL)?;
    match mkdir_one(leaf, mode) {
        Ok(()) => return Ok(()),
        Err(sys::EEXIST) => return existing_dir(leaf),
        Err(sys::ENOENT) => {}
        Err(e) => return Err(e),
    }
    // Ends of each component prefix, e.g. "a//b/c/" -> [1, 4, 6]; the root "/" is never a prefix to create.
    let mut ends = Vec::new();
    for i in 1..=path.len() {
        if (i == path.len() || path[i] == b'/') && path[i - 1] != b'/' {
            ends.push(i);
        }
    }
    let with_prefix = |buf: &mut Vec<u8>, end: usize, f: &mut dyn FnMut(&CStr) -> Sys<()>| -> Sys<()> {
        let saved = buf[end];
        buf[end] = 0;
        let r = f(CStr::from_bytes_until_nul(buf).map_err(|_| sys::EINVAL)?);
        buf[end] = saved;
        r
    };
    // Walk up to the deepest ancestor that exists (or could be created)...
    let mut first_missing = ends.len() - 1;
    loop {
        if first_missing == 0 {
            return Err(sys::ENOENT);
        }
        let r = with_prefix(&mut buf, ends[first_missing - 1], &mut |p| mkdir_one(p, mode));
        match r {
            Ok(()) | Err(sys::EEXIST) => break,
            Err(sys::ENOENT) => first_missing -= 1,
            Err(e) => return Err(e),
        }
    }
    // ...then down to the leaf. EEXIST on the way is another thread winning the race; a non-directory there makes
    // the next mkdir fail with ENOTDIR, which is the right error.
    for (i, &end) in ends.iter().enumerate().skip(first_missing) {
        let last = i == ends.len() - 1;
        let r = with_prefix(&mut buf, end, &mut |p| match mkdir_one(p, mode) {
            Err(sys::EEXIST) if last => existing_dir(p),
            Err(sys::EEXIST) => Ok(()),
            r => r,
        });
        r?;
    }
    Ok(())
}

fn existing_dir(path: &CStr) -> Sys<()> {
    match stat_at(sys::AT_FDCWD, path, 0) {
        Ok(st) if is_dir(&st) => Ok(()),
        _ => Err(sys::EEXIST),
    }
}

/// `mkdtemp(prefix + "XXXXXX")`. The result's length is known before anything is created, so a too-small buffer is
/// `FSB_E_RANGE` with no directory left behind.
pub(crate) fn mkdtemp(prefix: &CStr, out: &mut [u8], out_len: &mut i64) -> Outcome {
    let prefix = prefix.to_bytes();
    let needed = prefix.len() + 6;
    *out_len = needed as i64;
    if out.len() < needed {
        return Err(FSB_E_RANGE.into());
    }
    let mut template = Vec::with_capacity(needed + 1);
    template.extend_from_slice(prefix);
    template.extend_from_slice(b"XXXXXX\0");
    // SAFETY: template is NUL-terminated and writable; mkdtemp replaces the Xs in place.
    if unsafe { sys::mkdtemp(template.as_mut_ptr().cast()) }.is_null() {
        return Err(sys::errno().into());
    }
    out[..needed].copy_from_slice(&template[..needed]);
    Ok(())
}

pub(crate) fn rmdir(path: &CStr) -> Outcome {
    // SAFETY: path is NUL-terminated.
    Ok(check(unsafe { sys::unlinkat(sys::AT_FDCWD, path.as_ptr(), sys::AT_REMOVEDIR) })?)
}

pub(crate) fn unlink(path: &CStr) -> Outcome {
    // SAFETY: path is NUL-terminated.
    Ok(check(unsafe { sys::unlinkat(sys::AT_FDCWD, path.as_ptr(), 0) })?)
}

pub(crate) fn rename(src: &CStr, dst: &CStr) -> Outcome {
    // SAFETY: both paths are NUL-terminated.
    let rc = unsafe { sys::renameat(sys::AT_FDCWD, src.as_ptr(), sys::AT_FDCWD, dst.as_ptr()) };
    check(rc).map_err(|e| blame(e, src))
}

pub(crate) fn link(existing: &CStr, new: &CStr) -> Outcome {
    // SAFETY: both paths are NUL-terminated.
    let rc = unsafe { sys::linkat(sys::AT_FDCWD, existing.as_ptr(), sys::AT_FDCWD, new.as_ptr(), 0) };
    check(rc).map_err(|e| blame(e, existing))
}

/// Which path of a failed rename or link an errno concerns. The kernel does not say, so after the failure (never on
/// the success path) the first path is looked at: if it is there, a missing-or-wrong-kind error concerns the second.
fn blame(errno: c_int, first: &CStr) -> Fail {
    match errno {
        sys::EEXIST | sys::ENOTEMPTY | sys::EISDIR => Fail::from(errno).second(),
        sys::ENOENT | sys::ENOTDIR if stat_at(sys::AT_FDCWD, first, sys::AT_SYMLINK_NOFOLLOW).is_ok() => {
            Fail::from(errno).second()
        }
        _ => Fail::from(errno),
    }
}

/// The target is stored verbatim and never looked at, so every failure concerns the link path (the second).
pub(crate) fn symlink(target: &CStr, link: &CStr) -> Outcome {
    // SAFETY: both strings are NUL-terminated.
    let rc = unsafe { sys::symlinkat(target.as_ptr(), sys::AT_FDCWD, link.as_ptr()) };
    check(rc).map_err(|e| Fail::from(e).second())
}

/// The stored target of a link, read at `dir`-relative `path` (whole, however long).
pub(crate) fn read_link_at(dir: c_int, path: &CStr) -> Sys<Vec<u8>> {
    let mut buf = vec![0u8; 256];
    loop {
        // SAFETY: buf is writable for its length; path is NUL-terminated.
        let n = unsafe { sys::readlinkat(dir, path.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
        if n < 0 {
            return Err(sys::errno());
        }
        if (n as usize) < buf.len() {
            buf.truncate(n as usize);
            return Ok(buf);
        }
        let bigger = buf.len() * 4;
        buf.resize(bigger, 0);
    }
}

pub(crate) fn readlink(path: &CStr, out: &mut [u8], out_len: &mut i64) -> Outcome {
    // One readlink into the caller's buffer when the target fits with a byte to spare (so a full buffer can only
    // mean truncation), else into our own and FSB_E_RANGE with the exact size.
    if !out.is_empty() {
        // SAFETY: out is writable for its length; path is NUL-terminated.
        let n = unsafe { sys::readlinkat(sys::AT_FDCWD, path.as_ptr(), out.as_mut_ptr().cast(), out.len()) };
        if n < 0 {
            return Err(sys::errno().into());
        }
        if (n as usize) < out.len() {
            *out_len = n as i64;
            return Ok(());
        }
    }
    let target = read_link_at(sys::AT_FDCWD, path)?;
    give_bytes(&target, out, out_len)
}

pub(crate) fn realpath(path: &CStr, out: &mut [u8], out_len: &mut i64) -> Outcome {
    const PATH_MAX: usize = 4096;
    // Left uninitialized: zeroing 4 KiB on every call cost more than the copy of the result.
    let mut resolved = [MaybeUninit::<u8>::uninit(); PATH_MAX];
    // SAFETY: path is NUL-terminated and resolved has the PATH_MAX bytes realpath(3) may write.
    if unsafe { sys::realpath(path.as_ptr(), resolved.as_mut_ptr().cast()) }.is_null() {
        return Err(sys::errno().into());
    }
    // SAFETY: realpath(3) succeeded, so resolved holds a NUL-terminated string within its PATH_MAX bytes.
    let resolved = unsafe { CStr::from_ptr(resolved.as_ptr().cast()) };
    give_bytes(resolved.to_bytes(), out, out_len)
}
