//! Times outside the 64-bit nanosecond range (before 1677-09-21, after 2262-04-11): stat and scan clamp them to
//! `i64::MIN` / `i64::MAX`, as NIO does (`FileTime.to(NANOSECONDS)` saturates), instead of wrapping into another century.

mod common;

use common::*;
use fsbench_native::*;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// 2300-01-01T00:00:00.5Z and 1600-01-01T00:00:00.5Z.
const Y2300: u64 = 10_413_792_000;
const Y1600: u64 = 11_676_096_000;

fn set_mtime(path: &std::path::Path, t: SystemTime) {
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_times(std::fs::FileTimes::new().set_accessed(t).set_modified(t)).unwrap();
}

fn stat_times(path: &std::ffi::CString) -> (i64, i64) {
    let mut out = [0i64; 10];
    assert_eq!(unsafe { fsb_stat(p(path), 1, &mut out) }, 0);
    (out[7], out[8])
}

/// scan's one mtime column for a root holding one file.
fn scanned_mtime(root: &std::ffi::CString) -> i64 {
    let mut out = [0i64; 2];
    assert_eq!(unsafe { fsb_scan(p(root), 0, 1, &mut out) }, 0);
    let buf = take_result(out);
    assert_eq!(i64::from_ne_bytes(buf[0..8].try_into().unwrap()), 1);
    i64::from_ne_bytes(buf[16..24].try_into().unwrap())
}

#[test]
fn a_time_after_2262_reads_as_the_largest_nanosecond_value() {
    // tmpfs keeps 64-bit seconds; a disk filesystem may not reach 2300 (ext4 stops at 2446, older ones at 2038).
    let sb = Sandbox::new_in_memory("time-late");
    sb.write("d/f", b"x");
    let late = UNIX_EPOCH + Duration::new(Y2300, 500_000_000);
    set_mtime(&sb.path("d/f"), late);
    assert_eq!(std::fs::metadata(sb.path("d/f")).unwrap().modified().unwrap(), late, "the filesystem keeps it");
    assert_eq!(stat_times(&sb.c("d/f")), (i64::MAX, i64::MAX));
    assert_eq!(scanned_mtime(&sb.c("d")), i64::MAX);
}

#[test]
fn a_time_before_1677_reads_as_the_smallest_nanosecond_value() {
    let sb = Sandbox::new_in_memory("time-early");
    sb.write("d/f", b"x");
    let early = UNIX_EPOCH - Duration::new(Y1600, 0) + Duration::from_millis(500);
    set_mtime(&sb.path("d/f"), early);
    if std::fs::metadata(sb.path("d/f")).unwrap().modified().unwrap() != early {
        eprintln!("this filesystem cannot store 1600; nothing to check");
        return;
    }
    assert_eq!(stat_times(&sb.c("d/f")), (i64::MIN, i64::MIN));
    assert_eq!(scanned_mtime(&sb.c("d")), i64::MIN);
}

#[test]
fn the_extreme_nanosecond_values_round_trip_through_utimes() {
    let sb = Sandbox::new_in_memory("time-extremes");
    sb.write("f", b"x");
    for t in [i64::MAX, i64::MIN, i64::MAX - 1, i64::MIN + 1, -1, 0] {
        assert_eq!(unsafe { fsb_utimes(p(&sb.c("f")), t, t) }, 0, "{t}");
        assert_eq!(stat_times(&sb.c("f")), (t, t), "{t}");
    }
}
