//! Trees far deeper than any path can name: a chain of 50,000 directories (`d/d/d/...`, about 100 KB of path at the
//! bottom, far past PATH_MAX) must be walked by every tree call without overflowing the stack and without running out
//! of descriptors, or refused with a clear error naming a path. The process's descriptor limit is lowered to 1024 for
//! this test binary (the tests here only), so a walk that holds a descriptor per level fails within 1,000 levels.
//!
//! The fixtures are built and removed with `*at` calls relative to a descriptor (no path names the bottom), and
//! removed by climbing back through `..`: `std::fs::remove_dir_all` and the sandbox's own cleanup recurse per level.

mod common;

use common::*;
use fsbench_native::*;
use std::ffi::CString;
use std::os::raw::{c_char, c_int};
use std::path::Path;
use std::sync::{Mutex, MutexGuard, Once};

const DEPTH: usize = 50_000;
const FOLLOW: i32 = 1;
const DIRS: i32 = 2;
const GLOB_DIRS: i32 = 1;
const EOVERFLOW: i32 = 75;

#[cfg(target_arch = "x86_64")]
const O_DIRECTORY: c_int = 0o200000;
#[cfg(target_arch = "aarch64")]
const O_DIRECTORY: c_int = 0o40000;
const O_RDONLY: c_int = 0;
const O_CLOEXEC: c_int = 0o2000000;
const O_CREAT: c_int = 0o100;
const O_WRONLY: c_int = 1;
const AT_REMOVEDIR: c_int = 0x200;
const RLIMIT_NOFILE: c_int = 7;

#[repr(C)]
struct Rlimit {
    cur: u64,
    max: u64,
}

extern "C" {
    fn openat(dirfd: c_int, path: *const c_char, flags: c_int, ...) -> c_int;
    fn mkdirat(dirfd: c_int, path: *const c_char, mode: u32) -> c_int;
    fn unlinkat(dirfd: c_int, path: *const c_char, flags: c_int) -> c_int;
    fn close(fd: c_int) -> c_int;
    fn getrlimit(resource: c_int, rlim: *mut Rlimit) -> c_int;
    fn setrlimit(resource: c_int, rlim: *const Rlimit) -> c_int;
}

/// Lowers this process's soft descriptor limit to 1024, once.
fn few_descriptors() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| unsafe {
        let mut r = Rlimit { cur: 0, max: 0 };
        assert_eq!(getrlimit(RLIMIT_NOFILE, &mut r), 0);
        r.cur = r.cur.min(1024);
        assert_eq!(setrlimit(RLIMIT_NOFILE, &r), 0);
    });
}

fn open_dir(dir: c_int, name: &CString) -> c_int {
    let fd = unsafe { openat(dir, name.as_ptr(), O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
    assert!(fd >= 0, "open {name:?}: {}", std::io::Error::last_os_error());
    fd
}

/// `top/d/d/.../d` (`depth` directories) with a file `f` of 3 bytes at the bottom.
fn make_chain(top: &Path, depth: usize) {
    let d = CString::new("d").unwrap();
    let mut fd = open_dir(-100, &c(top));
    for _ in 0..depth {
        assert_eq!(unsafe { mkdirat(fd, d.as_ptr(), 0o755) }, 0, "mkdirat: {}", std::io::Error::last_os_error());
        let next = open_dir(fd, &d);
        unsafe { close(fd) };
        fd = next;
    }
    let f = CString::new("f").unwrap();
    let file = unsafe { openat(fd, f.as_ptr(), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644) };
    assert!(file >= 0);
    assert_eq!(unsafe { libc_write(file, b"abc") }, 3);
    unsafe {
        close(file);
        close(fd);
    }
}

unsafe fn libc_write(fd: c_int, data: &[u8]) -> isize {
    extern "C" {
        fn write(fd: c_int, buf: *const u8, n: usize) -> isize;
    }
    write(fd, data.as_ptr(), data.len())
}

/// Removes a chain `top/d/...` (or a comb, whose levels also hold empty directories) whatever is left of it: down to the bottom (listing each level through /proc, which
/// names the open descriptor rather than the path), then up through `..`, removing every entry on the way.
fn remove_chain(top: &Path) {
    let d = CString::new("d").unwrap();
    let dotdot = CString::new("..").unwrap();
    let mut fd = open_dir(-100, &c(top));
    let mut levels = 0;
    loop {
        let next = unsafe { openat(fd, d.as_ptr(), O_RDONLY | O_DIRECTORY | O_CLOEXEC) };
        if next < 0 {
            break;
        }
        unsafe { close(fd) };
        fd = next;
        levels += 1;
    }
    loop {
        for e in std::fs::read_dir(format!("/proc/self/fd/{fd}")).unwrap().flatten() {
            let name = c(Path::new(&e.file_name()));
            if unsafe { unlinkat(fd, name.as_ptr(), 0) } != 0 {
                unsafe { unlinkat(fd, name.as_ptr(), AT_REMOVEDIR) }; // an empty side directory (a comb)
            }
        }
        if levels == 0 {
            break;
        }
        let up = open_dir(fd, &dotdot);
        unsafe { close(fd) };
        fd = up;
        assert_eq!(unsafe { unlinkat(fd, d.as_ptr(), AT_REMOVEDIR) }, 0, "{}", std::io::Error::last_os_error());
        levels -= 1;
    }
    unsafe { close(fd) };
}

/// The tests of this file share one process's descriptor limit, which is what they test: run in parallel (cargo's
/// default), two walks of 50,000 levels together can exceed 1024 descriptors although each alone stays well within
/// them (seen as an EMFILE in cp under a loaded CI machine). Each test holds this lock while its chain exists.
static SERIAL: Mutex<()> = Mutex::new(());

/// This file's lock; a test that failed while holding it does not fail the others.
fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A sandbox holding `chain/` (the chain), removed iteratively before the sandbox's own cleanup runs.
struct Deep {
    sb: Sandbox,
    // Last: released only after the chains are removed.
    _serial: MutexGuard<'static, ()>,
}

impl Deep {
    fn new(tag: &str) -> Deep {
        let serial = serial();
        few_descriptors();
        let sb = Sandbox::new_in_memory(tag);
        std::fs::create_dir(sb.path("chain")).unwrap();
        make_chain(&sb.path("chain"), DEPTH);
        Deep { sb, _serial: serial }
    }
}

impl Drop for Deep {
    fn drop(&mut self) {
        for top in ["chain", "copy"] {
            if self.sb.path(top).is_dir() {
                remove_chain(&self.sb.path(top));
            }
        }
    }
}

/// (depth, path) of each entry.
type Entries = Vec<(i32, Vec<u8>)>;

fn scan_entries(root: &CString, flags: i32) -> Result<(i64, Entries), i32> {
    let mut out = [0i64; 2];
    let rc = unsafe { fsb_scan(p(root), flags, 0, &mut out) };
    if rc != 0 {
        return Err(rc);
    }
    let buf = take_result(out);
    let n = i64::from_ne_bytes(buf[0..8].try_into().unwrap()) as usize;
    let i32_at = |o: usize| i32::from_ne_bytes(buf[o..o + 4].try_into().unwrap());
    let blob = (8 + 28 * n + 7) & !7;
    let mut entries = Vec::new();
    let mut start = 0;
    for i in 0..n {
        let end = i32_at(8 + 24 * n + 4 * i) as usize;
        entries.push((i32_at(8 + 20 * n + 4 * i), buf[blob + start..blob + end].to_vec()));
        start = end;
    }
    Ok((n as i64, entries))
}

fn bottom_path(depth: usize) -> Vec<u8> {
    let mut p = b"d/".repeat(depth);
    p.extend_from_slice(b"f");
    p
}

#[test]
fn scan_readdir_and_glob_walk_a_chain_of_50000_directories() {
    let t = Deep::new("deep-walks");
    let root = t.sb.c("chain");
    for flags in [0, FOLLOW] {
        let (n, entries) = scan_entries(&root, flags).unwrap_or_else(|e| panic!("flags {flags}: {e}"));
        assert_eq!(n, 1, "flags {flags}");
        assert_eq!(entries[0].0, DEPTH as i32 + 1);
        assert_eq!(entries[0].1, bottom_path(DEPTH));
    }
    // Non-recursive readdir: one name.
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_readdir(p(&root), 0, 0, &mut out) }, 0);
    assert_eq!(split_names(&take_result(out)), vec![b"d".to_vec()]);
    // Only the bottom file matches: the walk goes all the way down.
    let pattern = b"**/f\0";
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_glob(p(&root), pattern.as_ptr(), pattern.len() as i64, 0, 0, &mut out) }, 0);
    assert_eq!(split_names(&take_result(out)), vec![bottom_path(DEPTH)]);

    // Every directory of the chain is a path of up to 100 KB: 2.5 GB in all for a recursive readdir or a scan with
    // directories, more than the binding can take. The cap is lowered (for this test binary) so that the test
    // reaches it after a few megabytes rather than two gigabytes.
    testing::limit_results(4 << 20);
    assert_eq!(scan_entries(&root, DIRS).err(), Some(EOVERFLOW));
    let named = last_error_path();
    assert!(named.starts_with(root.as_bytes()) && named.len() > root.as_bytes().len(), "{:?}", strs(&[named]));
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_readdir(p(&root), 1, 0, &mut out) }, EOVERFLOW);
    assert_eq!(out, [0, 0], "no result is handed over");
    assert!(last_error_path().starts_with(root.as_bytes()));
    testing::limit_results(0);
}

/// `top/d/d/.../d` (`depth` levels) where every level also holds `sides` empty directories `e0`, `e1`...: a walk that
/// descends `d` before it has opened the side directories keeps their parent open, one descriptor per level.
fn make_comb(top: &Path, depth: usize, sides: usize) {
    let d = CString::new("d").unwrap();
    let names: Vec<CString> = (0..sides).map(|i| CString::new(format!("e{i}")).unwrap()).collect();
    let mut fd = open_dir(-100, &c(top));
    for level in 0..depth {
        // tmpfs lists the newest entry first: `d` made first at even levels, last at odd ones, so that the walk meets
        // it before and after its side directories alike
        if level % 2 == 0 {
            assert_eq!(unsafe { mkdirat(fd, d.as_ptr(), 0o755) }, 0);
        }
        for name in &names {
            assert_eq!(unsafe { mkdirat(fd, name.as_ptr(), 0o755) }, 0);
        }
        if level % 2 == 1 {
            assert_eq!(unsafe { mkdirat(fd, d.as_ptr(), 0o755) }, 0);
        }
        let next = open_dir(fd, &d);
        unsafe { close(fd) };
        fd = next;
    }
    unsafe { close(fd) };
}

/// A comb 3,000 levels deep with 3 side directories a level, under the 1,024-descriptor limit of this binary: readdir,
/// scan and glob must list it whole, whichever order the directory lists its entries in.
#[test]
fn readdir_scan_and_glob_walk_a_comb_deeper_than_the_descriptor_limit() {
    let _serial = serial();
    few_descriptors();
    let sb = Sandbox::new_in_memory("deep-comb");
    let (depth, sides) = (3000, 3);
    std::fs::create_dir(sb.path("comb")).unwrap();
    make_comb(&sb.path("comb"), depth, sides);
    let root = sb.c("comb");
    let expected = depth * (sides + 1);
    for concurrency in [1, 0, 4] {
        let mut out = [0i64; 2];
        let rc = unsafe { fsb_readdir(p(&root), 1, concurrency, &mut out) };
        let named = if rc == 0 { Vec::new() } else { last_error_path() };
        assert_eq!(rc, 0, "readdir c{concurrency}: {rc} at {} bytes of path", named.len());
        assert_eq!(split_names(&take_result(out)).len(), expected, "readdir c{concurrency}");

        let mut out = [0i64; 2];
        let rc = unsafe { fsb_scan(p(&root), DIRS, concurrency, &mut out) };
        assert_eq!(rc, 0, "scan c{concurrency}: {rc}");
        let buf = take_result(out);
        assert_eq!(i64::from_ne_bytes(buf[0..8].try_into().unwrap()) as usize, expected, "scan c{concurrency}");

        let pattern = b"**/e0\0";
        let mut out = [0i64; 2];
        let rc =
            unsafe { fsb_glob(p(&root), pattern.as_ptr(), pattern.len() as i64, GLOB_DIRS, concurrency, &mut out) };
        assert_eq!(rc, 0, "glob c{concurrency}: {rc}");
        assert_eq!(split_names(&take_result(out)).len(), depth, "glob c{concurrency}");
    }
    remove_chain(&sb.path("comb"));
}

#[test]
fn cp_copies_a_chain_of_50000_directories_and_rm_removes_both() {
    let t = Deep::new("deep-cp-rm");
    let (src, dst) = (t.sb.c("chain"), t.sb.c("copy"));
    for flags in [0, 1] {
        let rc = unsafe { fsb_cp(p(&src), p(&dst), flags, 0) };
        assert_eq!(rc, 0, "cp flags {flags}: {rc} at {:?}", strs(&[last_error_path()]));
        let (n, entries) = scan_entries(&dst, 0).unwrap();
        assert_eq!(n, 1);
        assert_eq!(entries[0].1, bottom_path(DEPTH));
        let rc = unsafe { fsb_rm(p(&dst), 1, 0) };
        assert_eq!(rc, 0, "rm of the copy: {rc} at {:?}", strs(&[last_error_path()]));
        assert!(!t.sb.path("copy").exists());
    }
    let rc = unsafe { fsb_rm(p(&src), 1, 0) };
    assert_eq!(rc, 0, "rm: {rc} at {:?}", strs(&[last_error_path()]));
    assert!(!t.sb.path("chain").exists());
}

#[test]
fn cp_into_a_deep_chain_keeps_modes_and_times_of_deep_directories() {
    few_descriptors();
    let _serial = serial();
    let sb = Sandbox::new("deep-modes");
    // 100 levels: the part below tree::DEEP_AT (64) goes through the deep walk.
    let mut rel = String::from("src");
    for i in 0..100 {
        rel.push_str(&format!("/l{i}"));
    }
    sb.write(&format!("{rel}/f"), b"x");
    let deep_dir = sb.path(&rel);
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&deep_dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let when = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000);
    std::fs::File::open(&deep_dir).unwrap().set_modified(when).unwrap();
    let rc = unsafe { fsb_cp(p(&sb.c("src")), p(&sb.c("dst")), 1, 1) };
    assert_eq!(rc, 0, "{:?}", strs(&[last_error_path()]));
    let copied = sb.path(&rel.replacen("src", "dst", 1));
    let meta = std::fs::metadata(&copied).unwrap();
    assert_eq!(meta.permissions().mode() & 0o7777, 0o555);
    assert_eq!(meta.modified().unwrap(), when);
    assert_eq!(std::fs::read(copied.join("f")).unwrap(), b"x");
    std::fs::set_permissions(&deep_dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let rc = unsafe { fsb_rm(p(&sb.c("dst")), 1, 0) };
    assert_eq!(rc, 0, "{:?}", strs(&[last_error_path()]));
    assert!(!sb.path("dst").exists());
}

#[test]
fn rm_of_a_deep_chain_names_the_directory_it_cannot_empty() {
    // As root the permission bits do not bind: only the unprivileged run of this check means something.
    if is_root() {
        return;
    }
    few_descriptors();
    let _serial = serial();
    let sb = Sandbox::new("deep-denied");
    let mut rel = String::from("t");
    for i in 0..80 {
        rel.push_str(&format!("/l{i}"));
    }
    sb.write(&format!("{rel}/f"), b"x");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(sb.path(&rel), std::fs::Permissions::from_mode(0o555)).unwrap();
    let rc = unsafe { fsb_rm(p(&sb.c("t")), 1, 1) };
    assert_eq!(rc, 13);
    assert_eq!(last_error_path(), sb.path(&format!("{rel}/f")).as_os_str().as_encoded_bytes());
}

/// A comb, `d/d/...` with an empty sibling `e` at every level, 3,000 levels, created in both orders (which entry a
/// directory lists first decides whether the sibling waits on the stack while the walk goes down). readdir, glob and
/// scan hold the parent's descriptor for every sibling still waiting, so with 1024 descriptors such a walk may fail:
/// it must then fail cleanly, with EMFILE naming a directory below the root, never crash or return a partial result
/// (on tmpfs, which lists the newest entry first, "comb-b" fails so). rm and cp must succeed whatever the order (their
/// deep walk is bounded).
#[test]
fn a_deep_comb_is_walked_or_refused_cleanly() {
    const EMFILE: i32 = 24;
    few_descriptors();
    let _serial = serial();
    let sb = Sandbox::new_in_memory("deep-comb");
    for (top, leaf_first) in [("comb-a", true), ("comb-b", false)] {
        std::fs::create_dir(sb.path(top)).unwrap();
        let (d, e) = (CString::new("d").unwrap(), CString::new("e").unwrap());
        let mut fd = open_dir(-100, &sb.c(top));
        for _ in 0..3_000 {
            let names = if leaf_first { [&e, &d] } else { [&d, &e] };
            for n in names {
                assert_eq!(unsafe { mkdirat(fd, n.as_ptr(), 0o755) }, 0);
            }
            let next = open_dir(fd, &d);
            unsafe { close(fd) };
            fd = next;
        }
        unsafe { close(fd) };
        let root = sb.c(top);
        let mut out = [0i64; 2];
        match unsafe { fsb_readdir(p(&root), 1, 1, &mut out) } {
            0 => assert_eq!(split_names(&take_result(out)).len(), 6_000),
            rc => {
                assert_eq!(rc, EMFILE);
                assert!(last_error_path().starts_with(root.as_bytes()));
            }
        }
        match scan_entries(&root, DIRS) {
            Ok((n, _)) => assert_eq!(n, 6_000),
            Err(rc) => assert_eq!(rc, EMFILE),
        }
        let copy = sb.c(&format!("{top}-copy"));
        assert_eq!(unsafe { fsb_cp(p(&root), p(&copy), 0, 0) }, 0, "{:?}", strs(&[last_error_path()]));
        assert_eq!(unsafe { fsb_rm(p(&copy), 1, 0) }, 0, "{:?}", strs(&[last_error_path()]));
        assert_eq!(unsafe { fsb_rm(p(&root), 1, 0) }, 0, "{:?}", strs(&[last_error_path()]));
    }
}
