//! The single-path calls, each through its extern "C" symbol as the binding calls it.

mod common;

use common::*;
use fsbench_native::*;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::ptr::null_mut;

fn stat(path: &std::ffi::CString, follow: bool) -> Result<[i64; 10], i32> {
    let mut out = [0i64; 10];
    match unsafe { fsb_stat(p(path), follow as i32, &mut out) } {
        0 => Ok(out),
        e => Err(e),
    }
}

fn read(path: &std::ffi::CString, cap: usize) -> (i32, Vec<u8>, i64) {
    let mut buf = vec![0u8; cap];
    let mut len = -1i64;
    let rc = unsafe { fsb_read_file(p(path), buf.as_mut_ptr(), cap as i64, &mut len) };
    if rc == 0 {
        buf.truncate(len as usize);
    }
    (rc, buf, len)
}

#[test]
fn access_checks_existence_and_modes() {
    let sb = Sandbox::new("access");
    sb.write("f", b"x");
    assert_eq!(unsafe { fsb_access(p(&sb.c("f")), 0) }, 0);
    assert_eq!(unsafe { fsb_access(p(&sb.c("f")), 4 | 2) }, 0);
    assert_eq!(unsafe { fsb_access(p(&sb.c("missing")), 0) }, ENOENT);
    assert_eq!(unsafe { fsb_access(p(&sb.c("f")), 8) }, EINVAL, "unknown mode bits");
    assert_eq!(unsafe { fsb_access(std::ptr::null(), 0) }, EINVAL);
    if !is_root() {
        std::fs::set_permissions(sb.path("f"), std::fs::Permissions::from_mode(0o400)).unwrap();
        assert_eq!(unsafe { fsb_access(p(&sb.c("f")), 2) }, 13);
    }
}

#[test]
fn exists_follows_links_and_never_returns_an_errno() {
    let sb = Sandbox::new("exists");
    sb.write("f", b"x");
    sb.symlink("f", "good");
    sb.symlink("nowhere", "dangling");
    assert_eq!(unsafe { fsb_exists(p(&sb.c("f"))) }, 1);
    assert_eq!(unsafe { fsb_exists(p(&sb.c("good"))) }, 1);
    assert_eq!(unsafe { fsb_exists(p(&sb.c("dangling"))) }, 0);
    assert_eq!(unsafe { fsb_exists(p(&sb.c("f/below-a-file"))) }, 0);
    assert_eq!(unsafe { fsb_exists(std::ptr::null()) }, 0);
}

#[test]
fn read_file_reads_whole_content_or_asks_for_room() {
    let sb = Sandbox::new("read");
    let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
    sb.write("f", &data);
    let (rc, got, len) = read(&sb.c("f"), 20_000);
    assert_eq!((rc, len), (0, 10_000));
    assert_eq!(got, data);

    let (rc, _, len) = read(&sb.c("f"), 9_999);
    assert_eq!((rc, len), (FSB_E_RANGE, 10_000), "too small: the size needed, nothing partial");
    let (rc, _, len) = read(&sb.c("f"), 0);
    assert_eq!((rc, len), (FSB_E_RANGE, 10_000));

    sb.write("empty", b"");
    let (rc, got, len) = read(&sb.c("empty"), 0);
    assert_eq!((rc, len, got.len()), (0, 0, 0));

    assert_eq!(read(&sb.c("missing"), 16).0, ENOENT);
    sb.mkdirs("d");
    assert_eq!(read(&sb.c("d"), 16).0, EISDIR);
    let mut len = 0;
    assert_eq!(unsafe { fsb_read_file(p(&sb.c("f")), null_mut(), 16, &mut len) }, EINVAL);
    assert_eq!(unsafe { fsb_read_file(p(&sb.c("f")), [0u8; 4].as_mut_ptr(), 4, null_mut()) }, EINVAL);
}

#[test]
fn read_file_of_a_size_zero_proc_file_reads_to_eof() {
    let path = cb(b"/proc/self/status");
    let (rc, _, len) = read(&path, 8);
    assert_eq!(rc, FSB_E_RANGE);
    assert_eq!(len, 4096, "2 * cap, at least 4096");
    let (rc, got, _) = read(&path, 1 << 16);
    assert_eq!(rc, 0);
    assert!(String::from_utf8_lossy(&got).contains("Umask:"));
}

/// A file that never ends (`/dev/zero`, fstat size 0): each round fills the buffer and asks for twice as much. The
/// library sets no limit: the caller stops asking at what it can hold.
#[test]
fn read_file_of_an_endless_file_asks_for_twice_the_buffer_each_round() {
    let path = cb(b"/dev/zero");
    let mut cap = 4096usize;
    for _ in 0..8 {
        let (rc, _, len) = read(&path, cap);
        assert_eq!(rc, FSB_E_RANGE);
        assert_eq!(len as usize, 2 * cap, "asked for {len} with {cap}");
        cap = len as usize;
    }
}

#[test]
fn write_and_append_create_truncate_and_extend() {
    let sb = Sandbox::new("write");
    let f = sb.c("f");
    assert_eq!(unsafe { fsb_write_file(p(&f), b"hello world".as_ptr(), 11) }, 0);
    assert_eq!(std::fs::metadata(sb.path("f")).unwrap().mode() & 0o777, 0o666 & !umask());
    assert_eq!(unsafe { fsb_write_file(p(&f), b"bye".as_ptr(), 3) }, 0);
    assert_eq!(std::fs::read(sb.path("f")).unwrap(), b"bye");
    assert_eq!(unsafe { fsb_append_file(p(&f), b"-more".as_ptr(), 5) }, 0);
    assert_eq!(std::fs::read(sb.path("f")).unwrap(), b"bye-more");
    assert_eq!(unsafe { fsb_append_file(p(&sb.c("new")), b"a".as_ptr(), 1) }, 0);
    assert_eq!(std::fs::read(sb.path("new")).unwrap(), b"a");
    assert_eq!(unsafe { fsb_write_file(p(&sb.c("empty")), std::ptr::null(), 0) }, 0);
    assert_eq!(std::fs::read(sb.path("empty")).unwrap(), b"");

    assert_eq!(unsafe { fsb_write_file(p(&sb.c("no/parent")), b"x".as_ptr(), 1) }, ENOENT);
    sb.mkdirs("d");
    assert_eq!(unsafe { fsb_write_file(p(&sb.c("d")), b"x".as_ptr(), 1) }, EISDIR);
    assert_eq!(unsafe { fsb_write_file(p(&f), std::ptr::null(), 1) }, EINVAL);
    assert_eq!(unsafe { fsb_write_file(p(&f), b"x".as_ptr(), -1) }, EINVAL);
}

#[test]
fn truncate_cuts_and_extends() {
    let sb = Sandbox::new("truncate");
    sb.write("f", &[7u8; 4096]);
    assert_eq!(unsafe { fsb_truncate(p(&sb.c("f")), 1024) }, 0);
    assert_eq!(std::fs::read(sb.path("f")).unwrap(), vec![7u8; 1024]);
    assert_eq!(unsafe { fsb_truncate(p(&sb.c("f")), 2048) }, 0);
    let got = std::fs::read(sb.path("f")).unwrap();
    assert_eq!(&got[..1024], &[7u8; 1024][..]);
    assert_eq!(&got[1024..], &[0u8; 1024][..]);
    assert_eq!(unsafe { fsb_truncate(p(&sb.c("missing")), 0) }, ENOENT);
    assert_eq!(unsafe { fsb_truncate(p(&sb.c("f")), -1) }, EINVAL);
}

#[test]
fn stat_matches_the_standard_library_and_lstat_sees_the_link() {
    let sb = Sandbox::new("stat");
    sb.write("f", &[1u8; 1234]);
    sb.symlink("f", "link");
    let m = std::fs::metadata(sb.path("f")).unwrap();
    let s = stat(&sb.c("f"), true).unwrap();
    let expected = [
        m.size() as i64,
        m.mode() as i64,
        m.uid() as i64,
        m.gid() as i64,
        m.nlink() as i64,
        m.ino() as i64,
        m.dev() as i64,
        m.atime() * 1_000_000_000 + m.atime_nsec(),
        m.mtime() * 1_000_000_000 + m.mtime_nsec(),
        m.ctime() * 1_000_000_000 + m.ctime_nsec(),
    ];
    assert_eq!(s, expected);
    assert_eq!(stat(&sb.c("link"), true).unwrap(), expected, "stat follows the link");
    let l = stat(&sb.c("link"), false).unwrap();
    let lm = std::fs::symlink_metadata(sb.path("link")).unwrap();
    assert_eq!((l[0], l[1], l[5]), (1, lm.mode() as i64, lm.ino() as i64));
    assert_eq!(l[1] as u32 & 0o170000, 0o120000);
    assert_eq!(stat(&sb.c("missing"), true), Err(ENOENT));
    assert_eq!(stat(&sb.c("f/x"), true), Err(ENOTDIR));
    let mut out = [0i64; 10];
    assert_eq!(unsafe { fsb_stat(p(&sb.c("f")), 1, null_mut()) }, EINVAL);
    assert_eq!(unsafe { fsb_stat(std::ptr::null(), 1, &mut out) }, EINVAL);
}

#[test]
fn the_empty_path_is_the_working_directory() {
    let here = stat(&cb(b"."), true).unwrap();
    assert_eq!(stat(&cb(b""), true).unwrap()[5], here[5]);
}

#[test]
fn chmod_chown_and_utimes_change_metadata() {
    let sb = Sandbox::new("meta");
    sb.write("f", b"x");
    assert_eq!(unsafe { fsb_chmod(p(&sb.c("f")), 0o640) }, 0);
    assert_eq!(std::fs::metadata(sb.path("f")).unwrap().mode() & 0o7777, 0o640);
    assert_eq!(unsafe { fsb_chmod(p(&sb.c("missing")), 0o640) }, ENOENT);

    let m = std::fs::metadata(sb.path("f")).unwrap();
    assert_eq!(unsafe { fsb_chown(p(&sb.c("f")), m.uid() as i32, m.gid() as i32) }, 0);
    assert_eq!(unsafe { fsb_chown(p(&sb.c("missing")), 0, 0) }, ENOENT);

    let (a, mt) = (1_600_000_000_123_456_789i64, 1_600_000_001_987_654_321i64);
    assert_eq!(unsafe { fsb_utimes(p(&sb.c("f")), a, mt) }, 0);
    let s = stat(&sb.c("f"), true).unwrap();
    assert_eq!((s[7], s[8]), (a, mt));
    let before_epoch = -1_500_000_000i64; // -1.5 s: floor division keeps it exact
    assert_eq!(unsafe { fsb_utimes(p(&sb.c("f")), before_epoch, before_epoch) }, 0);
    assert_eq!(stat(&sb.c("f"), true).unwrap()[8], before_epoch);
    assert_eq!(unsafe { fsb_utimes(p(&sb.c("missing")), a, mt) }, ENOENT);
}

#[test]
fn mkdir_plain_and_recursive() {
    let sb = Sandbox::new("mkdir");
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("a")), 0o755, 0) }, 0);
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("a")), 0o755, 0) }, EEXIST);
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("x/y")), 0o755, 0) }, ENOENT);
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("new-1/a/b")), 0o755, 1) }, 0);
    assert!(sb.path("new-1/a/b").is_dir());
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("new-1/a/b")), 0o755, 1) }, 0, "existing directory");
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("a//deep///er/")), 0o755, 1) }, 0, "repeated and trailing slashes");
    assert!(sb.path("a/deep/er").is_dir());
    sb.write("file", b"x");
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("file")), 0o755, 1) }, EEXIST, "existing non-directory");
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("file/sub/leaf")), 0o755, 1) }, ENOTDIR);
    sb.symlink("a", "link-to-dir");
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("link-to-dir")), 0o755, 1) }, 0, "a link to a directory is one");
    assert_eq!(unsafe { fsb_mkdir(p(&sb.c("m")), 0o700, 0) }, 0);
    assert_eq!(std::fs::metadata(sb.path("m")).unwrap().mode() & 0o777, 0o700);
}

#[test]
fn mkdtemp_creates_a_private_directory_with_the_prefix() {
    let sb = Sandbox::new("mkdtemp");
    let prefix = sb.c("job-");
    let mut out = vec![0u8; 4096];
    let mut len = 0i64;
    assert_eq!(unsafe { fsb_mkdtemp(p(&prefix), out.as_mut_ptr(), out.len() as i64, &mut len) }, 0);
    let made = path_of(&out[..len as usize]);
    assert!(made.to_str().unwrap().starts_with(sb.path("job-").to_str().unwrap()));
    assert_eq!(len as usize, prefix.as_bytes().len() + 6);
    let m = std::fs::metadata(&made).unwrap();
    assert!(m.is_dir());
    assert_eq!(m.mode() & 0o777, 0o700);

    let before = std::fs::read_dir(&sb.root).unwrap().count();
    assert_eq!(unsafe { fsb_mkdtemp(p(&prefix), out.as_mut_ptr(), 3, &mut len) }, FSB_E_RANGE);
    assert_eq!(len as usize, prefix.as_bytes().len() + 6);
    assert_eq!(std::fs::read_dir(&sb.root).unwrap().count(), before, "nothing created when the buffer is short");
    assert_eq!(unsafe { fsb_mkdtemp(p(&sb.c("no/such/dir-")), out.as_mut_ptr(), 4096, &mut len) }, ENOENT);
}

#[test]
fn rmdir_and_unlink() {
    let sb = Sandbox::new("remove");
    sb.mkdirs("empty");
    sb.write("full/f", b"x");
    assert_eq!(unsafe { fsb_rmdir(p(&sb.c("empty"))) }, 0);
    assert!(!sb.path("empty").exists());
    assert_eq!(unsafe { fsb_rmdir(p(&sb.c("full"))) }, ENOTEMPTY);
    assert_eq!(unsafe { fsb_rmdir(p(&sb.c("full/f"))) }, ENOTDIR);
    assert_eq!(unsafe { fsb_unlink(p(&sb.c("full"))) }, EISDIR);
    assert_eq!(unsafe { fsb_unlink(p(&sb.c("full/f"))) }, 0);
    assert_eq!(unsafe { fsb_unlink(p(&sb.c("full/f"))) }, ENOENT);
    sb.write("target", b"keep");
    sb.symlink("target", "link");
    assert_eq!(unsafe { fsb_unlink(p(&sb.c("link"))) }, 0);
    assert_eq!(std::fs::read(sb.path("target")).unwrap(), b"keep", "unlink removes the link, not its target");
}

#[test]
fn rename_and_link_say_which_path_failed() {
    let sb = Sandbox::new("rename");
    sb.write("a", b"A");
    assert_eq!(unsafe { fsb_rename(p(&sb.c("a")), p(&sb.c("b"))) }, 0);
    assert_eq!(std::fs::read(sb.path("b")).unwrap(), b"A");
    assert!(!sb.path("a").exists());
    assert_eq!(unsafe { fsb_rename(p(&sb.c("a")), p(&sb.c("c"))) }, ENOENT, "missing source");
    assert_eq!(unsafe { fsb_rename(p(&sb.c("b")), p(&sb.c("no/c"))) }, ENOENT | FSB_SECOND, "missing target dir");
    sb.mkdirs("dir");
    assert_eq!(unsafe { fsb_rename(p(&sb.c("b")), p(&sb.c("dir"))) }, EISDIR | FSB_SECOND);
    sb.write("full/x", b"x");
    sb.mkdirs("other");
    assert_eq!(unsafe { fsb_rename(p(&sb.c("other")), p(&sb.c("full"))) }, ENOTEMPTY | FSB_SECOND);

    assert_eq!(unsafe { fsb_link(p(&sb.c("b")), p(&sb.c("hard"))) }, 0);
    assert_eq!(std::fs::metadata(sb.path("b")).unwrap().nlink(), 2);
    assert_eq!(std::fs::metadata(sb.path("b")).unwrap().ino(), std::fs::metadata(sb.path("hard")).unwrap().ino());
    assert_eq!(unsafe { fsb_link(p(&sb.c("b")), p(&sb.c("hard"))) }, EEXIST | FSB_SECOND);
    assert_eq!(unsafe { fsb_link(p(&sb.c("nope")), p(&sb.c("hard2"))) }, ENOENT);
    assert_eq!(unsafe { fsb_link(p(&sb.c("b")), p(&sb.c("no/hard"))) }, ENOENT | FSB_SECOND);
}

#[test]
fn symlink_readlink_and_realpath() {
    let sb = Sandbox::new("links");
    sb.write("dir/file", b"x");
    assert_eq!(unsafe { fsb_symlink(p(&cb(b"dir/file")), p(&sb.c("rel"))) }, 0);
    assert_eq!(unsafe { fsb_symlink(p(&cb(b"anything")), p(&sb.c("rel"))) }, EEXIST | FSB_SECOND);
    assert_eq!(unsafe { fsb_symlink(p(&cb(b"x")), p(&sb.c("no/link"))) }, ENOENT | FSB_SECOND);

    let mut buf = [0u8; 64];
    let mut len = 0i64;
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("rel")), buf.as_mut_ptr(), 64, &mut len) }, 0);
    assert_eq!(&buf[..len as usize], b"dir/file");
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("rel")), buf.as_mut_ptr(), 8, &mut len) }, 0, "exactly the length");
    assert_eq!((&buf[..8], len), (&b"dir/file"[..], 8));
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("rel")), buf.as_mut_ptr(), 3, &mut len) }, FSB_E_RANGE);
    assert_eq!(len, 8);
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("rel")), null_mut(), 0, &mut len) }, FSB_E_RANGE);
    assert_eq!(len, 8);
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("dir/file")), buf.as_mut_ptr(), 64, &mut len) }, EINVAL, "not a link");
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("missing")), buf.as_mut_ptr(), 64, &mut len) }, ENOENT);

    let long_target = "t".repeat(300);
    assert_eq!(unsafe { fsb_symlink(p(&cb(long_target.as_bytes())), p(&sb.c("long"))) }, 0);
    let mut big = vec![0u8; 400];
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("long")), big.as_mut_ptr(), 100, &mut len) }, FSB_E_RANGE);
    assert_eq!(len, 300);
    assert_eq!(unsafe { fsb_readlink(p(&sb.c("long")), big.as_mut_ptr(), 400, &mut len) }, 0);
    assert_eq!(&big[..300], long_target.as_bytes());

    let mut out = vec![0u8; 4096];
    assert_eq!(unsafe { fsb_realpath(p(&sb.c("rel")), out.as_mut_ptr(), 4096, &mut len) }, 0);
    let real = std::fs::canonicalize(sb.path("dir/file")).unwrap();
    assert_eq!(path_of(&out[..len as usize]), real);
    assert_eq!(unsafe { fsb_realpath(p(&sb.c("rel")), out.as_mut_ptr(), 4, &mut len) }, FSB_E_RANGE);
    assert_eq!(len as usize, real.as_os_str().len());
    assert_eq!(unsafe { fsb_realpath(p(&sb.c("missing")), out.as_mut_ptr(), 4096, &mut len) }, ENOENT);
}

#[test]
fn names_with_bytes_that_are_not_utf8_pass_through() {
    let sb = Sandbox::new("odd");
    let mut name = sb.root.as_os_str().as_encoded_bytes().to_vec();
    name.extend_from_slice(b"/odd-\xff\xfe-\x01name");
    let path = cb(&name);
    assert_eq!(unsafe { fsb_write_file(p(&path), b"bytes".as_ptr(), 5) }, 0);
    assert_eq!(std::fs::read(path_of(&name)).unwrap(), b"bytes");
    let (rc, got, _) = read(&path, 16);
    assert_eq!((rc, got.as_slice()), (0, &b"bytes"[..]));
    assert_eq!(stat(&path, false).unwrap()[0], 5);
    assert_eq!(unsafe { fsb_unlink(p(&path)) }, 0);
    assert!(!path_of(&name).exists());
}
