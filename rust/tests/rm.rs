//! fsb_rm: files, links, trees, force, and safety against links.

mod common;

use common::*;
use fsbench_native::*;

const RECURSIVE: i32 = 1;
const FORCE: i32 = 2;

fn rm(path: &std::ffi::CString, flags: i32, concurrency: i32) -> i32 {
    unsafe { fsb_rm(p(path), flags, concurrency) }
}

#[test]
fn removes_files_and_links_but_not_link_targets() {
    let sb = Sandbox::new("rm-files");
    sb.write("f", b"x");
    sb.write("target/keep", b"keep");
    sb.symlink("target", "link");
    assert_eq!(rm(&sb.c("f"), 0, 0), 0);
    assert!(!sb.path("f").exists());
    assert_eq!(rm(&sb.c("link"), RECURSIVE, 0), 0, "a link to a directory is removed as a link");
    assert!(std::fs::symlink_metadata(sb.path("link")).is_err());
    assert_eq!(std::fs::read(sb.path("target/keep")).unwrap(), b"keep");
    sb.symlink("target", "link2");
    assert_eq!(rm(&sb.c("link2/"), RECURSIVE, 0), 0, "trailing slash: still the link itself");
    assert_eq!(std::fs::read(sb.path("target/keep")).unwrap(), b"keep");
}

#[test]
fn missing_paths_fail_unless_forced() {
    let sb = Sandbox::new("rm-missing");
    assert_eq!(rm(&sb.c("missing"), 0, 0), ENOENT);
    assert_eq!(last_error_path(), sb.c("missing").as_bytes());
    assert_eq!(rm(&sb.c("missing"), FORCE, 0), 0);
    assert_eq!(rm(&sb.c("missing"), RECURSIVE | FORCE, 0), 0);
    assert_eq!(rm(&sb.c("no/such/dir"), RECURSIVE | FORCE, 0), 0);
}

#[test]
fn a_directory_needs_recursive() {
    let sb = Sandbox::new("rm-dir");
    sb.write("d/f", b"x");
    assert_eq!(rm(&sb.c("d"), 0, 0), EISDIR);
    assert_eq!(last_error_path(), sb.c("d").as_bytes());
    assert!(sb.path("d/f").exists());
    assert_eq!(rm(&sb.c("d"), RECURSIVE, 0), 0);
    assert!(!sb.path("d").exists());
}

#[test]
fn a_tree_with_links_to_the_outside_is_removed_and_the_outside_survives() {
    let sb = Sandbox::new("rm-tree");
    sb.write("outside/precious", b"precious");
    make_mixed_tree(&sb.mkdirs("tree"));
    std::os::unix::fs::symlink(sb.path("outside"), sb.path("tree/sub/deeper/escape")).unwrap();
    std::os::unix::fs::symlink(sb.path("outside/precious"), sb.path("tree/file-link")).unwrap();
    assert_eq!(rm(&sb.c("tree"), RECURSIVE, 1), 0);
    assert!(std::fs::symlink_metadata(sb.path("tree")).is_err());
    assert_eq!(std::fs::read(sb.path("outside/precious")).unwrap(), b"precious");
}

#[test]
fn concurrency_removes_the_same_tree() {
    testing::fan_out_without_delay();
    for conc in [1, 4, 0] {
        let sb = Sandbox::new("rm-conc");
        make_bench_tree(&sb.mkdirs("source"), 300);
        assert_eq!(rm(&sb.c("source"), RECURSIVE, conc), 0, "concurrency {conc}");
        assert!(!sb.path("source").exists());
        assert_eq!(std::fs::read_dir(&sb.root).unwrap().count(), 0);
    }
}

#[test]
fn the_working_directory_and_the_root_are_refused() {
    assert_eq!(rm(&cb(b"."), RECURSIVE | FORCE, 0), EINVAL);
    assert_eq!(rm(&cb(b"sub/.."), RECURSIVE | FORCE, 0), EINVAL);
    assert_eq!(rm(&cb(b"/"), RECURSIVE | FORCE, 0), EINVAL);
    assert_eq!(rm(&cb(b""), RECURSIVE | FORCE, 0), EINVAL, "the empty path is the working directory");
    assert_eq!(unsafe { fsb_rm(std::ptr::null(), 0, 0) }, EINVAL);
}

#[test]
fn odd_byte_names_are_removed() {
    let sb = Sandbox::new("rm-odd");
    std::fs::create_dir(sb.root.join(path_of(b"d-\xfe"))).unwrap();
    std::fs::write(sb.root.join(path_of(b"d-\xfe/f-\xff")), b"x").unwrap();
    let mut path = sb.root.as_os_str().as_encoded_bytes().to_vec();
    path.extend_from_slice(b"/d-\xfe");
    assert_eq!(rm(&cb(&path), RECURSIVE, 0), 0);
    assert_eq!(std::fs::read_dir(&sb.root).unwrap().count(), 0);
}

#[test]
fn a_failure_inside_the_tree_names_the_entry_unless_root() {
    use std::os::unix::fs::PermissionsExt;
    let sb = Sandbox::new("rm-perm");
    sb.write("tree/locked/f", b"x");
    std::fs::set_permissions(sb.path("tree/locked"), std::fs::Permissions::from_mode(0o500)).unwrap();
    let rc = rm(&sb.c("tree"), RECURSIVE, 1);
    if is_root() {
        assert_eq!(rc, 0, "root bypasses permission bits");
        assert!(!sb.path("tree").exists());
    } else {
        assert_eq!(rc, 13);
        assert_eq!(last_error_path(), sb.c("tree/locked/f").as_bytes());
        assert!(sb.path("tree/locked/f").exists());
    }
}
