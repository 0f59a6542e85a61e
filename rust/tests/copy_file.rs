//! fsb_copy_file: content, the replace / preserve / clone flags, and which path a failure concerns.

mod common;

use common::*;
use fsbench_native::*;
use std::os::unix::fs::{MetadataExt, PermissionsExt};

const REPLACE: i32 = 1;
const PRESERVE: i32 = 2;
const CLONE: i32 = 4;

fn copy(sb: &Sandbox, a: &str, b: &str, flags: i32) -> i32 {
    unsafe { fsb_copy_file(p(&sb.c(a)), p(&sb.c(b)), flags) }
}

#[test]
fn copies_content_with_the_source_mode_less_the_umask() {
    let sb = Sandbox::new("cf-basic");
    let data: Vec<u8> = (0..(8u32 << 20)).map(|i| (i * 31 % 256) as u8).collect();
    sb.write("big", &data);
    std::fs::set_permissions(sb.path("big"), std::fs::Permissions::from_mode(0o754)).unwrap();
    assert_eq!(copy(&sb, "big", "copy", 0), 0);
    assert_eq!(std::fs::read(sb.path("copy")).unwrap(), data);
    assert_eq!(std::fs::metadata(sb.path("copy")).unwrap().mode() & 0o777, 0o754 & !umask());
    sb.write("empty", b"");
    assert_eq!(copy(&sb, "empty", "empty-copy", CLONE), 0);
    assert_eq!(std::fs::read(sb.path("empty-copy")).unwrap(), b"");
}

#[test]
fn an_existing_target_is_eexist_unless_replace() {
    let sb = Sandbox::new("cf-replace");
    sb.write("a", b"new content");
    sb.write("b", b"old");
    assert_eq!(copy(&sb, "a", "b", 0), EEXIST | FSB_SECOND);
    assert_eq!(last_error_path(), sb.c("b").as_bytes());
    assert_eq!(std::fs::read(sb.path("b")).unwrap(), b"old");
    assert_eq!(copy(&sb, "a", "b", REPLACE), 0);
    assert_eq!(std::fs::read(sb.path("b")).unwrap(), b"new content");

    // A link at the target is replaced, never written through.
    sb.write("victim", b"untouched");
    sb.symlink("victim", "link");
    assert_eq!(copy(&sb, "a", "link", REPLACE), 0);
    assert_eq!(std::fs::read(sb.path("victim")).unwrap(), b"untouched");
    assert!(std::fs::symlink_metadata(sb.path("link")).unwrap().is_file());

    sb.mkdirs("dir");
    assert_eq!(copy(&sb, "a", "dir", REPLACE), EISDIR | FSB_SECOND);
}

#[test]
fn copying_a_file_onto_itself_with_replace_keeps_it() {
    let sb = Sandbox::new("cf-self");
    sb.write("a", b"precious");
    assert_eq!(copy(&sb, "a", "a", REPLACE), 0);
    assert_eq!(std::fs::read(sb.path("a")).unwrap(), b"precious");
    std::fs::hard_link(sb.path("a"), sb.path("twin")).unwrap();
    assert_eq!(copy(&sb, "a", "twin", REPLACE), 0);
    assert_eq!(std::fs::read(sb.path("a")).unwrap(), b"precious");
}

#[test]
fn preserve_sets_mode_and_times_exactly() {
    let sb = Sandbox::new("cf-preserve");
    sb.write("a", &[5u8; 5000]);
    std::fs::set_permissions(sb.path("a"), std::fs::Permissions::from_mode(0o666)).unwrap();
    let (at, mt) = (1_600_000_000_111_111_111i64, 1_600_000_001_222_222_222i64);
    assert_eq!(unsafe { fsb_utimes(p(&sb.c("a")), at, mt) }, 0);
    assert_eq!(copy(&sb, "a", "b", PRESERVE | CLONE), 0);
    let m = std::fs::metadata(sb.path("b")).unwrap();
    assert_eq!(m.mode() & 0o7777, 0o666, "exact, umask notwithstanding");
    assert_eq!(m.atime() * 1_000_000_000 + m.atime_nsec(), at);
    assert_eq!(m.mtime() * 1_000_000_000 + m.mtime_nsec(), mt);
    assert_eq!(std::fs::read(sb.path("b")).unwrap(), vec![5u8; 5000]);
}

#[test]
fn failures_name_the_path_they_concern() {
    let sb = Sandbox::new("cf-errors");
    sb.write("a", b"x");
    sb.mkdirs("d");
    assert_eq!(copy(&sb, "missing", "b", 0), ENOENT);
    assert_eq!(last_error_path(), sb.c("missing").as_bytes());
    assert_eq!(copy(&sb, "d", "b", 0), EISDIR);
    assert_eq!(last_error_path(), sb.c("d").as_bytes());
    assert_eq!(copy(&sb, "a", "no/b", 0), ENOENT | FSB_SECOND);
    assert_eq!(last_error_path(), sb.c("no/b").as_bytes());
    assert_eq!(unsafe { fsb_copy_file(std::ptr::null(), p(&sb.c("b")), 0) }, EINVAL);
}

#[test]
fn a_file_fstat_cannot_size_is_copied_to_eof() {
    let sb = Sandbox::new("cf-proc");
    assert_eq!(unsafe { fsb_copy_file(p(&cb(b"/proc/self/status")), p(&sb.c("status")), 0) }, 0);
    let text = std::fs::read_to_string(sb.path("status")).unwrap();
    assert!(text.contains("Umask:"), "copied: {text:?}");
}
