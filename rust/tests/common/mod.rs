//! Shared by the integration tests: a sandbox directory per test, and byte-path helpers for calling the C ABI the way
//! the binding does (NUL-terminated bytes).
#![allow(dead_code)]

use std::ffi::{CString, OsStr};
use std::os::raw::c_char;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh directory under the system temporary directory, removed (permissions restored first) on drop.
pub struct Sandbox {
    pub root: PathBuf,
}

impl Sandbox {
    pub fn new(tag: &str) -> Sandbox {
        Sandbox::new_in(&std::env::temp_dir(), tag)
    }

    /// A sandbox on tmpfs (`/dev/shm`) where there is one, for fixtures whose size makes a disk slow.
    pub fn new_in_memory(tag: &str) -> Sandbox {
        let shm = Path::new("/dev/shm");
        let writable = shm.is_dir() && std::fs::metadata(shm).map(|m| !m.permissions().readonly()).unwrap_or(false);
        let tmp = std::env::temp_dir();
        Sandbox::new_in(if writable { shm } else { &tmp }, tag)
    }

    pub fn new_in(base: &Path, tag: &str) -> Sandbox {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let root = base.join(format!("fsbench-native-{}-{}-{}", std::process::id(), n, tag));
        std::fs::create_dir(&root).expect("create sandbox");
        Sandbox { root }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// `rel` under the sandbox as a C string.
    pub fn c(&self, rel: &str) -> CString {
        c(&self.path(rel))
    }

    pub fn write(&self, rel: &str, data: &[u8]) -> PathBuf {
        let p = self.path(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&p, data).unwrap();
        p
    }

    pub fn mkdirs(&self, rel: &str) -> PathBuf {
        let p = self.path(rel);
        std::fs::create_dir_all(&p).unwrap();
        p
    }

    pub fn symlink(&self, target: &str, rel: &str) -> PathBuf {
        let p = self.path(rel);
        std::os::unix::fs::symlink(target, &p).unwrap();
        p
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        restore_permissions(&self.root);
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

fn restore_permissions(dir: &Path) {
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                restore_permissions(&e.path());
            }
        }
    }
}

pub fn c(p: &Path) -> CString {
    CString::new(p.as_os_str().as_bytes()).unwrap()
}

pub fn cb(bytes: &[u8]) -> CString {
    CString::new(bytes).unwrap()
}

pub fn p(s: &CString) -> *const c_char {
    s.as_ptr()
}

pub fn path_of(bytes: &[u8]) -> PathBuf {
    PathBuf::from(OsStr::from_bytes(bytes))
}

pub fn umask() -> u32 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
    u32::from_str_radix(line[6..].trim(), 8).unwrap()
}

pub fn is_root() -> bool {
    std::fs::metadata("/proc/self").map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0).unwrap_or(false)
}

/// The path `fsb_last_error_path` holds for this thread.
pub fn last_error_path() -> Vec<u8> {
    let len = unsafe { fsbench_native::fsb_last_error_path(std::ptr::null_mut(), 0) };
    let mut buf = vec![0u8; len as usize];
    let got = unsafe { fsbench_native::fsb_last_error_path(buf.as_mut_ptr(), buf.len() as i64) };
    assert_eq!(got, len);
    buf
}

/// Takes a tree operation's result buffer: copies it out and frees it.
pub fn take_result(out: [i64; 2]) -> Vec<u8> {
    if out[0] == 0 {
        assert_eq!(out[1], 0, "null address with a length");
        return Vec::new();
    }
    let bytes = unsafe { std::slice::from_raw_parts(out[0] as usize as *const u8, out[1] as usize) }.to_vec();
    unsafe { fsbench_native::fsb_free(out[0], out[1]) };
    bytes
}

/// A NUL-separated result as a sorted list of byte strings.
pub fn split_names(buf: &[u8]) -> Vec<Vec<u8>> {
    if buf.is_empty() {
        return Vec::new();
    }
    assert_eq!(*buf.last().unwrap(), 0, "every name is followed by a NUL");
    let mut v: Vec<Vec<u8>> = buf[..buf.len() - 1].split(|&b| b == 0).map(|s| s.to_vec()).collect();
    v.sort();
    v
}

pub fn strs(v: &[Vec<u8>]) -> Vec<String> {
    v.iter().map(|s| String::from_utf8_lossy(s).into_owned()).collect()
}

pub fn sorted(mut v: Vec<&str>) -> Vec<String> {
    v.sort();
    v.into_iter().map(String::from).collect()
}

pub const ENOENT: i32 = 2;
pub const EEXIST: i32 = 17;
pub const ENOTDIR: i32 = 20;
pub const EISDIR: i32 = 21;
pub const EINVAL: i32 = 22;
pub const ENOTEMPTY: i32 = 39;
pub const ELOOP: i32 = 40;

/// Every path below `root`, relative, links not followed: the oracle for the tree calls.
pub fn walk_std(root: &Path) -> Vec<Vec<u8>> {
    fn go(root: &Path, rel: &Path, out: &mut Vec<Vec<u8>>) {
        for e in std::fs::read_dir(root.join(rel)).unwrap() {
            let e = e.unwrap();
            let r = rel.join(e.file_name());
            out.push(r.as_os_str().as_bytes().to_vec());
            if e.file_type().unwrap().is_dir() {
                go(root, &r, out);
            }
        }
    }
    let mut out = Vec::new();
    go(root, Path::new(""), &mut out);
    out.sort();
    out
}

/// The benchmark's tree shape: `files` files of 4 KiB in `d{i/25}/nested/f{i}.js`, plus an empty directory.
pub fn make_bench_tree(root: &Path, files: usize) {
    std::fs::create_dir_all(root.join("empty")).unwrap();
    for i in 0..files {
        let dir = root.join(format!("d{}/nested", i / 25));
        if i % 25 == 0 {
            std::fs::create_dir_all(&dir).unwrap();
        }
        std::fs::write(dir.join(format!("f{i}.js")), [b'a'; 4096]).unwrap();
    }
}

/// A tree with every kind of entry the walks must handle: nested files, an empty directory, a link to a directory
/// (listed, never followed), a dangling link, a dot directory and a name that is not UTF-8.
pub fn make_mixed_tree(root: &Path) {
    for (rel, data) in [
        ("a.txt", &b"A"[..]),
        ("sub/b.js", b"B"),
        ("sub/deeper/c.js", b"C"),
        (".hidden/h.js", b"H"),
        ("sub/.dotfile", b"D"),
    ] {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, data).unwrap();
    }
    std::fs::create_dir_all(root.join("empty")).unwrap();
    std::os::unix::fs::symlink("sub", root.join("link-to-sub")).unwrap();
    std::os::unix::fs::symlink("nowhere", root.join("dangling")).unwrap();
    std::fs::write(root.join(OsStr::from_bytes(b"odd-\xff.bin")), b"odd").unwrap();
}
