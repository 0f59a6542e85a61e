//! The boundary itself: version, panic containment, null pointers, the failing-path record, result buffers.

mod common;

use common::*;
use fsbench_native::*;

#[test]
fn abi_version_is_seven() {
    assert_eq!(fsb_abi_version(), 7);
}

#[test]
fn a_panic_inside_an_entry_point_is_fsb_e_panic() {
    let sb = Sandbox::new("panic");
    sb.write("f", b"x");
    let mut out = [0i64; 10];
    testing::panic_in_next_call();
    assert_eq!(unsafe { fsb_stat(p(&sb.c("f")), 1, &mut out) }, FSB_E_PANIC);
    assert_eq!(unsafe { fsb_stat(p(&sb.c("f")), 1, &mut out) }, 0, "the next call works again");
    testing::panic_in_next_call();
    assert_eq!(unsafe { fsb_exists(p(&sb.c("f"))) }, FSB_E_PANIC);
    testing::panic_in_next_call();
    assert_eq!(unsafe { fsb_copy_file(p(&sb.c("f")), p(&sb.c("g")), 0) }, FSB_E_PANIC);
    assert!(!sb.path("g").exists());
}

#[test]
fn null_pointers_are_einval() {
    let null = std::ptr::null();
    let mut len = 0i64;
    unsafe {
        assert_eq!(fsb_access(null, 0), EINVAL);
        assert_eq!(fsb_truncate(null, 0), EINVAL);
        assert_eq!(fsb_chmod(null, 0o600), EINVAL);
        assert_eq!(fsb_chown(null, 0, 0), EINVAL);
        assert_eq!(fsb_utimes(null, 0, 0), EINVAL);
        assert_eq!(fsb_mkdir(null, 0o700, 1), EINVAL);
        assert_eq!(fsb_mkdtemp(null, std::ptr::null_mut(), 0, &mut len), EINVAL);
        assert_eq!(fsb_rmdir(null), EINVAL);
        assert_eq!(fsb_unlink(null), EINVAL);
        assert_eq!(fsb_rename(null, null), EINVAL);
        assert_eq!(fsb_link(null, null), EINVAL);
        assert_eq!(fsb_symlink(null, null), EINVAL);
        assert_eq!(fsb_readlink(null, std::ptr::null_mut(), 0, &mut len), EINVAL);
        assert_eq!(fsb_realpath(null, std::ptr::null_mut(), 0, &mut len), EINVAL);
        assert_eq!(fsb_append_file(null, std::ptr::null(), 0), EINVAL);
    }
}

#[test]
fn last_error_path_copies_at_most_cap_and_tells_the_whole_length() {
    let sb = Sandbox::new("lastpath");
    assert_eq!(unsafe { fsb_copy_file(p(&sb.c("missing")), p(&sb.c("b")), 0) }, ENOENT);
    let whole = sb.c("missing").as_bytes().to_vec();
    let mut small = [0u8; 4];
    assert_eq!(unsafe { fsb_last_error_path(small.as_mut_ptr(), 4) }, whole.len() as i64);
    assert_eq!(&small, &whole[..4]);
    assert_eq!(unsafe { fsb_last_error_path(std::ptr::null_mut(), 4) }, -(EINVAL as i64));
    // The record is per thread.
    let other = std::thread::spawn(|| unsafe { fsb_last_error_path(std::ptr::null_mut(), 0) }).join().unwrap();
    assert_eq!(other, 0);
}

#[test]
fn freeing_the_empty_result_is_a_no_op() {
    unsafe { fsb_free(0, 0) };
}
