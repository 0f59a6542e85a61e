//! fsb_cp: trees, links, modes, timestamps, overwrite, parents, into-itself, concurrency.

mod common;

use common::*;
use fsbench_native::*;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

const PRESERVE: i32 = 1;
const OVERWRITE: i32 = 2;

fn cp(sb: &Sandbox, a: &str, b: &str, flags: i32, concurrency: i32) -> i32 {
    unsafe { fsb_cp(p(&sb.c(a)), p(&sb.c(b)), flags, concurrency) }
}

/// (path, kind, mode, content or link target) of every entry: what a copy must reproduce.
fn manifest(root: &Path) -> Vec<(Vec<u8>, u32, Vec<u8>)> {
    walk_std(root)
        .into_iter()
        .map(|rel| {
            let p = root.join(path_of(&rel));
            let m = std::fs::symlink_metadata(&p).unwrap();
            let body = if m.file_type().is_symlink() {
                std::os::unix::ffi::OsStrExt::as_bytes(std::fs::read_link(&p).unwrap().as_os_str()).to_vec()
            } else if m.is_file() {
                std::fs::read(&p).unwrap()
            } else {
                Vec::new()
            };
            let mode = if m.file_type().is_symlink() { 0o120000 } else { m.mode() };
            (rel, mode, body)
        })
        .collect()
}

#[test]
fn copies_a_tree_with_links_modes_and_odd_names() {
    let sb = Sandbox::new("cp-tree");
    let src = sb.mkdirs("src");
    make_mixed_tree(&src);
    std::fs::set_permissions(src.join("a.txt"), std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::set_permissions(src.join("sub/b.js"), std::fs::Permissions::from_mode(0o666)).unwrap();
    std::fs::set_permissions(src.join("sub/deeper"), std::fs::Permissions::from_mode(0o555)).unwrap();
    std::fs::set_permissions(src.join("empty"), std::fs::Permissions::from_mode(0o700)).unwrap();
    assert_eq!(cp(&sb, "src", "dst", 0, 1), 0);
    assert_eq!(manifest(&sb.path("dst")), manifest(&src));
    assert_eq!(std::fs::read_link(sb.path("dst/link-to-sub")).unwrap(), Path::new("sub"), "links stay links");
}

#[test]
fn missing_parents_of_the_target_are_created() {
    let sb = Sandbox::new("cp-parents");
    sb.write("src/f", b"x");
    sb.write("file", b"single");
    assert_eq!(cp(&sb, "src", "new/deep/dst", 0, 0), 0);
    assert_eq!(std::fs::read(sb.path("new/deep/dst/f")).unwrap(), b"x");
    assert_eq!(cp(&sb, "file", "other/deep/copy", 0, 0), 0);
    assert_eq!(std::fs::read(sb.path("other/deep/copy")).unwrap(), b"single");
}

#[test]
fn a_single_link_is_copied_as_a_link() {
    let sb = Sandbox::new("cp-link");
    sb.symlink("nowhere", "dangling");
    assert_eq!(cp(&sb, "dangling", "copy", 0, 0), 0);
    assert_eq!(std::fs::read_link(sb.path("copy")).unwrap(), Path::new("nowhere"));
}

/// utimensat(2) with AT_SYMLINK_NOFOLLOW: std sets no link times.
fn set_link_times(link: &std::ffi::CString, atime_ns: i64, mtime_ns: i64) {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn utimensat(dirfd: i32, path: *const std::os::raw::c_char, times: *const Timespec, flags: i32) -> i32;
    }
    const AT_FDCWD: i32 = -100;
    const AT_SYMLINK_NOFOLLOW: i32 = 0x100;
    let at = |ns: i64| Timespec { sec: ns.div_euclid(1_000_000_000), nsec: ns.rem_euclid(1_000_000_000) };
    let times = [at(atime_ns), at(mtime_ns)];
    assert_eq!(unsafe { utimensat(AT_FDCWD, link.as_ptr(), times.as_ptr(), AT_SYMLINK_NOFOLLOW) }, 0);
}

#[test]
fn timestamps_are_preserved_on_request() {
    let sb = Sandbox::new("cp-times");
    sb.write("src/d/f", b"x");
    sb.symlink("d/f", "src/l");
    let (at, mt) = (1_600_000_000_000_000_123i64, 1_600_000_001_000_000_456i64);
    for rel in ["src/d/f", "src/d", "src"] {
        assert_eq!(unsafe { fsb_utimes(p(&sb.c(rel)), at, mt) }, 0);
    }
    set_link_times(&sb.c("src/l"), at, mt); // an old access time, which reading the link would move (relatime)
    assert_eq!(cp(&sb, "src", "dst", PRESERVE, 1), 0);
    for rel in ["dst/d/f", "dst/d", "dst"] {
        let m = std::fs::metadata(sb.path(rel)).unwrap();
        assert_eq!(m.mtime() * 1_000_000_000 + m.mtime_nsec(), mt, "{rel}");
        assert_eq!(m.atime() * 1_000_000_000 + m.atime_nsec(), at, "{rel}");
    }
    let l = std::fs::symlink_metadata(sb.path("dst/l")).unwrap();
    let sl = std::fs::symlink_metadata(sb.path("src/l")).unwrap();
    assert_eq!((l.mtime(), l.mtime_nsec()), (sl.mtime(), sl.mtime_nsec()), "the link's own times");
    set_link_times(&sb.c("src/l"), at, mt); // reading the link above moved its access time
    assert_eq!(cp(&sb, "src/l", "dst-link", PRESERVE, 1), 0);
    let l = std::fs::symlink_metadata(sb.path("dst-link")).unwrap();
    assert_eq!(l.atime() * 1_000_000_000 + l.atime_nsec(), at, "the access time before the copy read the link");
    assert_eq!(cp(&sb, "src", "plain", 0, 1), 0);
    assert_ne!(std::fs::metadata(sb.path("plain/d/f")).unwrap().mtime(), mt / 1_000_000_000);
}

#[test]
fn existing_files_need_overwrite_and_directories_are_merged() {
    let sb = Sandbox::new("cp-overwrite");
    sb.write("src/keep-me", b"new");
    sb.write("src/sub/f", b"new-f");
    sb.write("dst/keep-me", b"old");
    sb.write("dst/sub/other", b"other");
    assert_eq!(cp(&sb, "src", "dst", 0, 1), EEXIST | FSB_SECOND);
    assert_eq!(last_error_path(), sb.c("dst/keep-me").as_bytes());
    assert_eq!(std::fs::read(sb.path("dst/keep-me")).unwrap(), b"old");
    assert_eq!(cp(&sb, "src", "dst", OVERWRITE, 1), 0);
    assert_eq!(std::fs::read(sb.path("dst/keep-me")).unwrap(), b"new");
    assert_eq!(std::fs::read(sb.path("dst/sub/f")).unwrap(), b"new-f");
    assert_eq!(std::fs::read(sb.path("dst/sub/other")).unwrap(), b"other", "merged, not replaced");
    sb.write("file-target", b"x");
    assert_eq!(cp(&sb, "src", "file-target", OVERWRITE, 1), ENOTDIR | FSB_SECOND);
}

#[test]
fn a_directory_merged_into_gets_the_source_mode_as_cp_a_gives_it() {
    let sb = Sandbox::new("cp-merge-mode");
    sb.write("src/sub/f", b"f");
    sb.mkdirs("dst/sub");
    std::fs::set_permissions(sb.path("src/sub"), std::fs::Permissions::from_mode(0o3775)).unwrap();
    std::fs::set_permissions(sb.path("dst/sub"), std::fs::Permissions::from_mode(0o700)).unwrap();
    assert_eq!(cp(&sb, "src", "dst", OVERWRITE, 1), 0);
    assert_eq!(std::fs::metadata(sb.path("dst/sub")).unwrap().mode() & 0o7777, 0o3775);
}

#[test]
fn a_directory_is_never_copied_into_itself() {
    let sb = Sandbox::new("cp-itself");
    sb.write("src/f", b"x");
    sb.symlink("src", "alias");
    for target in ["src", "src/sub", "src/new/deeper", "alias/sub", "src/../src/x"] {
        assert_eq!(cp(&sb, "src", target, 0, 0), EINVAL | FSB_SECOND, "{target}");
    }
    assert_eq!(walk_std(&sb.path("src")), vec![b"f".to_vec()], "nothing written");
    assert_eq!(cp(&sb, "src", "src-copy", 0, 0), 0, "a sibling with the source's name as prefix is fine");
}

#[test]
fn errors_name_the_source_or_the_target() {
    let sb = Sandbox::new("cp-errors");
    assert_eq!(cp(&sb, "missing", "x", 0, 0), ENOENT);
    assert_eq!(last_error_path(), sb.c("missing").as_bytes());
    sb.write("f", b"x");
    sb.write("g", b"y");
    assert_eq!(cp(&sb, "f", "g", 0, 0), EEXIST | FSB_SECOND);
    assert_eq!(last_error_path(), sb.c("g").as_bytes());
    assert_eq!(cp(&sb, "f", "g", OVERWRITE, 0), 0);
    assert_eq!(std::fs::read(sb.path("g")).unwrap(), b"x");
    assert_eq!(unsafe { fsb_cp(std::ptr::null(), p(&sb.c("g")), 0, 0) }, EINVAL);
}

#[test]
fn special_files_are_recreated() {
    let sb = Sandbox::new("cp-fifo");
    sb.mkdirs("src");
    let fifo = sb.c("src/pipe");
    // std cannot make a fifo; libc's mkfifo(3) can.
    extern "C" {
        fn mkfifo(path: *const std::os::raw::c_char, mode: u32) -> i32;
    }
    assert_eq!(unsafe { mkfifo(fifo.as_ptr(), 0o640) }, 0);
    assert_eq!(cp(&sb, "src", "dst", 0, 1), 0);
    let m = std::fs::symlink_metadata(sb.path("dst/pipe")).unwrap();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&m.file_type()));
    assert_eq!(m.mode() & 0o777, 0o640);
}

#[test]
fn concurrency_gives_the_same_copy() {
    testing::fan_out_without_delay();
    let sb = Sandbox::new("cp-conc");
    make_bench_tree(&sb.mkdirs("source"), 300);
    let expected = manifest(&sb.path("source"));
    for conc in [1, 4, 0] {
        let dst = format!("copy-{conc}");
        assert_eq!(cp(&sb, "source", &dst, 0, conc), 0);
        assert_eq!(manifest(&sb.path(&dst)), expected, "concurrency {conc}");
    }
}
