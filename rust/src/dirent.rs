//! Listing one open directory with `getdents64`: names and `d_type` straight from the kernel's records, no per-entry
//! allocation, no `DIR*` (readdir(3) would copy through its own buffer and cost a libc call per entry).

use crate::fd::{Fd, Sys};
use crate::sys;
use std::cell::Cell;
use std::ffi::CStr;

/// The kernel fills as many records as fit; 128 KiB holds ~4,000 typical names, so all but the widest directories take
/// one call plus the one that says "end", and a directory of 100,000 files about 25 (32 KiB, the size fts/find use,
/// took 100). One buffer per participant, kept by its thread across calls, so its size costs memory once, not time.
const DIRBUF_SIZE: usize = 128 * 1024;

thread_local! {
    /// One spare buffer per thread: pool workers and the calling thread reuse it across calls instead of allocating.
    static SPARE: Cell<Option<Box<[u8]>>> = const { Cell::new(None) };
}

/// A `getdents64` buffer, taken from (and on drop returned to) the thread's spare.
pub(crate) struct DirBuf {
    buf: Option<Box<[u8]>>,
}

/// One entry: its name (never `.` or `..`, NUL-terminated inside the buffer so it goes to `*at` calls without a copy)
/// and its `d_type` (`DT_UNKNOWN` on filesystems that do not fill it: callers then ask `fstatat`).
pub(crate) struct Entry<'a> {
    pub(crate) name: &'a CStr,
    pub(crate) kind: u8,
}

impl DirBuf {
    pub(crate) fn new() -> DirBuf {
        let buf = SPARE.with(|s| s.take()).unwrap_or_else(|| vec![0u8; DIRBUF_SIZE].into_boxed_slice());
        DirBuf { buf: Some(buf) }
    }

    /// Calls `f` for every entry of the directory open as `dir`, in the kernel's order.
    pub(crate) fn for_each<E: From<i32>>(
        &mut self,
        dir: &Fd,
        mut f: impl FnMut(Entry<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let buf = self.buf.as_mut().expect("dirbuf present until drop");
        loop {
            // SAFETY: dir is an open descriptor and buf is writable.
            let n = unsafe { sys::getdents64(dir.raw(), buf) };
            if n < 0 {
                match sys::errno() {
                    sys::EINTR => continue,
                    e => return Err(E::from(e)),
                }
            }
            if n == 0 {
                return Ok(());
            }
            let filled = &buf[..n as usize];
            let mut at = 0;
            while at < filled.len() {
                let rec = &filled[at..];
                let reclen = u16::from_ne_bytes([rec[sys::DIRENT_RECLEN_OFFSET], rec[sys::DIRENT_RECLEN_OFFSET + 1]]);
                let kind = rec[sys::DIRENT_TYPE_OFFSET];
                let name_bytes = &rec[sys::DIRENT_NAME_OFFSET..reclen as usize];
                at += reclen as usize;
                let Ok(name) = CStr::from_bytes_until_nul(name_bytes) else { continue };
                let b = name.to_bytes();
                if b == b"." || b == b".." {
                    continue;
                }
                f(Entry { name, kind })?;
            }
        }
    }
}

impl Drop for DirBuf {
    fn drop(&mut self) {
        if let Some(buf) = self.buf.take() {
            SPARE.with(|s| s.set(Some(buf)));
        }
    }
}

/// The `d_type` of an entry, asking `fstatat` (no follow) only when the filesystem left it unknown.
#[inline]
pub(crate) fn entry_kind(dir: &Fd, e: &Entry<'_>) -> Sys<u8> {
    if e.kind != sys::DT_UNKNOWN {
        return Ok(e.kind);
    }
    let st = crate::fd::stat_at_for(dir.raw(), e.name, sys::AT_SYMLINK_NOFOLLOW, sys::STATX_TYPE)?;
    Ok(dtype_of_mode(st.stx_mode as u32))
}

/// The `d_type` that corresponds to a `st_mode`.
#[inline]
pub(crate) fn dtype_of_mode(mode: u32) -> u8 {
    ((mode & sys::S_IFMT) >> 12) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    /// Filesystems that leave `d_type` unknown (some network and FUSE ones) get the type from fstatat instead.
    #[test]
    fn an_unknown_d_type_is_resolved_with_fstatat() {
        let base = std::env::temp_dir().join(format!("fsbench-native-dirent-{}", std::process::id()));
        std::fs::create_dir_all(base.join("sub")).unwrap();
        std::fs::write(base.join("file"), b"x").unwrap();
        std::os::unix::fs::symlink("sub", base.join("link")).unwrap();
        let dir =
            Fd::open_dir(sys::AT_FDCWD, &CString::new(base.as_os_str().as_encoded_bytes()).unwrap(), true).unwrap();
        let kind = |name: &str| {
            let name = CString::new(name).unwrap();
            entry_kind(&dir, &Entry { name: &name, kind: sys::DT_UNKNOWN })
        };
        assert_eq!(kind("sub"), Ok(sys::DT_DIR));
        assert_eq!(kind("file"), Ok(sys::DT_REG));
        assert_eq!(kind("link"), Ok(sys::DT_LNK), "not followed");
        assert_eq!(kind("gone"), Err(sys::ENOENT));
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn every_entry_but_dot_and_dotdot_is_listed_with_its_type() {
        let base = std::env::temp_dir().join(format!("fsbench-native-dirent-list-{}", std::process::id()));
        std::fs::create_dir_all(base.join("d")).unwrap();
        // More names than one getdents64 call returns (records of 72 bytes, DIRBUF_SIZE / 72 a call): several calls.
        let n = DIRBUF_SIZE / 72 * 2;
        for i in 0..n {
            std::fs::write(base.join(format!("a-fairly-long-file-name-to-fill-the-buffer-{i:05}")), b"").unwrap();
        }
        let dir =
            Fd::open_dir(sys::AT_FDCWD, &CString::new(base.as_os_str().as_encoded_bytes()).unwrap(), true).unwrap();
        let mut names = Vec::new();
        DirBuf::new()
            .for_each(&dir, |e| {
                names.push((e.name.to_bytes().to_vec(), e.kind));
                Ok::<(), i32>(())
            })
            .unwrap();
        assert_eq!(names.len(), n + 1);
        assert!(names.contains(&(b"d".to_vec(), sys::DT_DIR)) || names.contains(&(b"d".to_vec(), sys::DT_UNKNOWN)));
        assert!(!names.iter().any(|(n, _)| n == b"." || n == b".."));
        std::fs::remove_dir_all(&base).unwrap();
    }
}
