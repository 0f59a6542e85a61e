//! fsb_readdir: names, recursive paths, concurrency, errors.

mod common;

use common::*;
use fsbench_native::*;

fn readdir(path: &std::ffi::CString, recursive: bool, concurrency: i32) -> Result<Vec<Vec<u8>>, i32> {
    let mut out = [-1i64; 2];
    match unsafe { fsb_readdir(p(path), recursive as i32, concurrency, &mut out) } {
        0 => Ok(split_names(&take_result(out))),
        e => {
            assert_eq!(out, [0, 0], "no result buffer on failure");
            Err(e)
        }
    }
}

#[test]
fn lists_names_of_one_directory() {
    let sb = Sandbox::new("rd-names");
    make_mixed_tree(&sb.root);
    let mut expected: Vec<Vec<u8>> = std::fs::read_dir(&sb.root)
        .unwrap()
        .map(|e| std::os::unix::ffi::OsStrExt::as_bytes(e.unwrap().file_name().as_os_str()).to_vec())
        .collect();
    expected.sort();
    assert_eq!(readdir(&c(&sb.root), false, 0).unwrap(), expected);
}

#[test]
fn an_empty_directory_gives_an_empty_result() {
    let sb = Sandbox::new("rd-empty");
    assert_eq!(readdir(&c(&sb.root), false, 0).unwrap(), Vec::<Vec<u8>>::new());
    assert_eq!(readdir(&c(&sb.root), true, 0).unwrap(), Vec::<Vec<u8>>::new());
}

#[test]
fn recursive_lists_everything_below_and_never_follows_links() {
    let sb = Sandbox::new("rd-mixed");
    make_mixed_tree(&sb.root);
    let got = readdir(&c(&sb.root), true, 1).unwrap();
    assert_eq!(got, walk_std(&sb.root));
    assert!(got.contains(&b"link-to-sub".to_vec()));
    assert!(!got.iter().any(|p| p.starts_with(b"link-to-sub/")), "link followed: {:?}", strs(&got));
    assert!(got.contains(&b"odd-\xff.bin".to_vec()));
}

#[test]
fn concurrency_does_not_change_the_result() {
    testing::fan_out_without_delay();
    let sb = Sandbox::new("rd-conc");
    make_bench_tree(&sb.root, 300);
    let expected = walk_std(&sb.root);
    assert_eq!(expected.len(), 300 + 12 * 2 + 1);
    for c in [1, 4, 0, 2] {
        assert_eq!(readdir(&c_(&sb), true, c).unwrap(), expected, "concurrency {c}");
    }
}

fn c_(sb: &Sandbox) -> std::ffi::CString {
    c(&sb.root)
}

#[test]
fn a_link_to_a_directory_as_root_is_followed() {
    let sb = Sandbox::new("rd-rootlink");
    sb.write("real/x", b"x");
    sb.symlink("real", "alias");
    assert_eq!(strs(&readdir(&sb.c("alias"), true, 0).unwrap()), vec!["x"]);
}

#[test]
fn errors_name_the_path() {
    let sb = Sandbox::new("rd-errors");
    sb.write("file", b"x");
    assert_eq!(readdir(&sb.c("missing"), true, 0), Err(ENOENT));
    assert_eq!(last_error_path(), sb.c("missing").as_bytes());
    assert_eq!(readdir(&sb.c("file"), false, 0), Err(ENOTDIR));
    assert_eq!(readdir(&sb.c("file"), true, 0), Err(ENOTDIR));
    assert_eq!(last_error_path(), sb.c("file").as_bytes());
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_readdir(std::ptr::null(), 1, 0, &mut out) }, EINVAL);
    assert_eq!(unsafe { fsb_readdir(p(&c(&sb.root)), 1, 0, std::ptr::null_mut()) }, EINVAL);
}

#[test]
fn an_unreadable_subdirectory_fails_the_walk_unless_root() {
    let sb = Sandbox::new("rd-perm");
    sb.write("locked/inner/x", b"x");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(sb.path("locked"), std::fs::Permissions::from_mode(0o000)).unwrap();
    let got = readdir(&c(&sb.root), true, 1);
    if is_root() {
        // Root bypasses permission bits: the walk sees everything.
        assert_eq!(strs(&got.unwrap()), vec!["locked", "locked/inner", "locked/inner/x"]);
    } else {
        assert_eq!(got, Err(13));
        assert_eq!(last_error_path(), sb.c("locked").as_bytes());
    }
}
