//! `fsb_floor` and `fsb_floor_tool`: every family's work looped and timed inside the library, with the effect and the
//! results it must leave, and the system tools timed as processes.

mod common;

use common::*;
use fsbench_native::*;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::Path;

/// One `fsb_floor` call as the binding makes it.
struct Floor {
    rc: i32,
    elapsed_ns: i64,
    completed: i64,
    out: Vec<u8>,
    results: Vec<i64>,
}

fn packed(strings: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    for s in strings {
        out.extend_from_slice(s);
        out.push(0);
    }
    out
}

fn bytes(p: &Path) -> Vec<u8> {
    p.as_os_str().as_bytes().to_vec()
}

fn floor(
    call: &str,
    count: i32,
    strings: &[Vec<u8>],
    args: [i64; 4],
    data: &[u8],
    out_cap: usize,
    results: usize,
) -> Floor {
    let call = CString::new(call).unwrap();
    let paths = packed(strings);
    let mut out = vec![0u8; out_cap];
    let mut res = vec![-7i64; results];
    let mut report = [-1i64; 2];
    let rc = unsafe {
        fsb_floor(
            p(&call),
            count,
            paths.as_ptr(),
            paths.len() as i64,
            &args,
            data.as_ptr(),
            data.len() as i64,
            out.as_mut_ptr(),
            out.len() as i64,
            if results == 0 { std::ptr::null_mut() } else { res.as_mut_ptr() },
            &mut report,
        )
    };
    Floor { rc, elapsed_ns: report[0], completed: report[1], out, results: res }
}

fn files(sb: &Sandbox, prefix: &str, n: usize, content: &[u8]) -> Vec<Vec<u8>> {
    (0..n).map(|i| bytes(&sb.write(&format!("{prefix}{i}"), content))).collect()
}

fn ok(f: &Floor, count: i64) {
    assert_eq!(f.rc, 0, "fsb_floor failed");
    assert_eq!(f.completed, count, "every call completed");
    assert!(f.elapsed_ns > 0, "the loop timed itself: {}", f.elapsed_ns);
}

#[test]
fn stat_writes_each_calls_ten_fields_as_fsb_stat_does() {
    let sb = Sandbox::new("floor-stat");
    let paths = files(&sb, "f", 3, b"four");
    sb.symlink("f0", "link");
    let mut all = paths.clone();
    all.push(bytes(&sb.path("link")));
    for follow in [1, 0] {
        let f = floor("fsb_stat", 4, &all, [follow, 0, 0, 0], &[], 0, 40);
        ok(&f, 4);
        for (i, path) in all.iter().enumerate() {
            let mut one = [0i64; 10];
            assert_eq!(unsafe { fsb_stat(p(&cb(path)), follow as i32, &mut one) }, 0);
            assert_eq!(&f.results[10 * i..10 * i + 10], &one[..], "call {i}, follow {follow}");
        }
    }
}

#[test]
fn exists_read_file_and_names_come_back_per_call() {
    let sb = Sandbox::new("floor-read");
    let mut paths = files(&sb, "f", 2, b"abc");
    paths.push(bytes(&sb.path("missing")));
    let f = floor("fsb_exists", 3, &paths, [0; 4], &[], 0, 3);
    ok(&f, 3);
    assert_eq!(f.results, vec![1, 1, 0]);

    std::fs::write(sb.path("f1"), b"defgh").unwrap();
    let f = floor("fsb_read_file", 2, &paths[..2], [0; 4], &[], 16, 2);
    ok(&f, 2);
    assert_eq!(f.results, vec![3, 5], "each call's length");
    assert_eq!(&f.out[..8], b"abcdefgh", "contents back to back");

    let f = floor("fsb_read_file", 2, &paths[..2], [0; 4], &[], 6, 2);
    assert_eq!((f.rc, f.completed), (FSB_E_RANGE, 1), "the second file no longer fits");
    assert_eq!(f.results[1], 5, "the size it needs");

    std::fs::write(sb.path("f0"), b"one\r\ntwo\nthree").unwrap();
    std::fs::write(sb.path("f1"), b"x\ny\n").unwrap();
    let f = floor("fsb_lines", 2, &paths[..2], [1, 5, 1 << 20, 0], &[], 32, 2);
    ok(&f, 2);
    assert_eq!(f.results, vec![16, 5], "each call's packed lines: two lines of 3 and 5 bytes, one of 1");
    assert_eq!(&f.out[..21], b"\x03\0\0\0two\x05\0\0\0three\x01\0\0\0y", "as fsb_lines packs them, back to back");
    let f = floor("fsb_lines", 2, &paths[..2], [1, 5, 1 << 20, 0], &[], 18, 2);
    assert_eq!((f.rc, f.completed), (FSB_E_RANGE, 1), "the second call's lines no longer fit");
    assert_eq!(f.results[1], 5, "the size they need");
    let f = floor("fsb_lines", 1, &paths[..1], [-1, 5, 1 << 20, 0], &[], 32, 1);
    assert_eq!(f.rc, EINVAL, "a negative first line");

    sb.symlink("f0", "l0");
    sb.symlink("some/target", "l1");
    let links = vec![bytes(&sb.path("l0")), bytes(&sb.path("l1"))];
    let f = floor("fsb_readlink", 2, &links, [0; 4], &[], 64, 2);
    ok(&f, 2);
    assert_eq!(&f.out[..f.results[0] as usize], b"f0");
    assert_eq!(&f.out[2..2 + f.results[1] as usize], b"some/target");

    let f = floor("fsb_realpath", 1, &links[..1], [0; 4], &[], 4096, 1);
    ok(&f, 1);
    let real = std::fs::canonicalize(sb.path("f0")).unwrap();
    assert_eq!(&f.out[..f.results[0] as usize], real.as_os_str().as_bytes());

    let prefixes = vec![bytes(&sb.path("job-")), bytes(&sb.path("job-"))];
    let f = floor("fsb_mkdtemp", 2, &prefixes, [0; 4], &[], 256, 2);
    ok(&f, 2);
    let first = path_of(&f.out[..f.results[0] as usize]);
    let at = f.results[0] as usize;
    let second = path_of(&f.out[at..at + f.results[1] as usize]);
    assert_ne!(first, second);
    for made in [first, second] {
        assert!(made.is_dir(), "{made:?}");
        assert!(made.file_name().unwrap().as_bytes().starts_with(b"job-"));
    }
}

#[test]
fn content_calls_leave_the_files_the_backend_calls_leave() {
    let sb = Sandbox::new("floor-content");
    let fresh: Vec<Vec<u8>> = (0..3).map(|i| bytes(&sb.path(&format!("w{i}")))).collect();
    ok(&floor("fsb_write_file", 3, &fresh, [0; 4], b"payload", 0, 0), 3);
    ok(&floor("fsb_append_file", 3, &fresh, [0; 4], b"+more", 0, 0), 3);
    for path in &fresh {
        assert_eq!(std::fs::read(path_of(path)).unwrap(), b"payload+more");
    }
    ok(&floor("fsb_truncate", 3, &fresh, [4, 0, 0, 0], &[], 0, 0), 3);
    assert_eq!(std::fs::read(path_of(&fresh[2])).unwrap(), b"payl");

    let mut pairs = Vec::new();
    for (i, source) in fresh.iter().enumerate() {
        pairs.push(source.clone());
        pairs.push(bytes(&sb.path(&format!("copy{i}"))));
    }
    ok(&floor("fsb_copy_file", 3, &pairs, [0; 4], &[], 0, 0), 3);
    assert_eq!(std::fs::read(sb.path("copy1")).unwrap(), b"payl");
    let again = floor("fsb_copy_file", 3, &pairs, [0; 4], &[], 0, 0);
    assert_eq!((again.rc, again.completed), (EEXIST | FSB_SECOND, 0), "no replace: the first target exists");
}

#[test]
fn metadata_calls_set_what_they_are_given() {
    let sb = Sandbox::new("floor-meta");
    let paths = files(&sb, "f", 2, b"x");
    ok(&floor("fsb_access", 2, &paths, [4, 0, 0, 0], &[], 0, 0), 2);
    ok(&floor("fsb_chmod", 2, &paths, [0o640, 0, 0, 0], &[], 0, 0), 2);
    let meta = std::fs::metadata(path_of(&paths[1])).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    ok(&floor("fsb_chown", 2, &paths, [meta.uid() as i64, meta.gid() as i64, 0, 0], &[], 0, 0), 2);
    let (atime, mtime) = (1_600_000_000_123_456_789i64, 1_600_000_001_000_000_000i64);
    ok(&floor("fsb_utimes", 2, &paths, [atime, mtime, 0, 0], &[], 0, 0), 2);
    let meta = std::fs::metadata(path_of(&paths[0])).unwrap();
    assert_eq!(meta.atime() * 1_000_000_000 + meta.atime_nsec(), atime);
    assert_eq!(meta.mtime() * 1_000_000_000 + meta.mtime_nsec(), mtime);
}

#[test]
fn name_calls_create_move_and_remove() {
    let sb = Sandbox::new("floor-names");
    let deep: Vec<Vec<u8>> = (0..2).map(|i| bytes(&sb.path(&format!("new-{i}/a/b")))).collect();
    ok(&floor("fsb_mkdir", 2, &deep, [0o777, 1, 0, 0], &[], 0, 0), 2);
    assert!(sb.path("new-1/a/b").is_dir());
    let leaves: Vec<Vec<u8>> = deep.clone();
    ok(&floor("fsb_rmdir", 2, &leaves, [0; 4], &[], 0, 0), 2);
    assert!(!sb.path("new-0/a/b").exists());

    let sources = files(&sb, "f", 2, b"data");
    let mut links = Vec::new();
    let mut moves = Vec::new();
    let mut symlinks = Vec::new();
    for (i, source) in sources.iter().enumerate() {
        links.extend([source.clone(), bytes(&sb.path(&format!("hard{i}")))]);
        moves.extend([source.clone(), bytes(&sb.path(&format!("moved{i}")))]);
        symlinks.extend([format!("moved{i}").into_bytes(), bytes(&sb.path(&format!("sym{i}")))]);
    }
    ok(&floor("fsb_link", 2, &links, [0; 4], &[], 0, 0), 2);
    assert_eq!(std::fs::metadata(sb.path("hard0")).unwrap().nlink(), 2);
    ok(&floor("fsb_rename", 2, &moves, [0; 4], &[], 0, 0), 2);
    assert!(!sb.path("f1").exists() && sb.path("moved1").is_file());
    ok(&floor("fsb_symlink", 2, &symlinks, [0; 4], &[], 0, 0), 2);
    assert_eq!(std::fs::read_link(sb.path("sym1")).unwrap(), Path::new("moved1"), "the target verbatim");
    let moved: Vec<Vec<u8>> = (0..2).map(|i| bytes(&sb.path(&format!("moved{i}")))).collect();
    ok(&floor("fsb_unlink", 2, &moved, [0; 4], &[], 0, 0), 2);
    assert!(!sb.path("moved0").exists());

    let f = floor("fsb_unlink", 2, &moved, [0; 4], &[], 0, 0);
    assert_eq!((f.rc, f.completed), (ENOENT, 0), "the failing call's errno and index");
    assert!(f.elapsed_ns >= 0);
}

#[test]
fn tree_calls_hand_over_what_the_tree_entry_points_return() {
    let sb = Sandbox::new("floor-tree");
    let root = sb.path("source");
    make_bench_tree(&root, 60);
    let root_bytes = vec![bytes(&root)];

    let f = floor("fsb_readdir", 1, &root_bytes, [1, 1, 0, 0], &[], 0, 2);
    ok(&f, 1);
    let listed = split_names(&take_result([f.results[0], f.results[1]]));
    assert_eq!(listed, walk_std(&root));

    let f = floor("fsb_glob", 1, &root_bytes, [0, 0, 0, 0], b"**/*.js\0", 0, 2);
    ok(&f, 1);
    assert_eq!(split_names(&take_result([f.results[0], f.results[1]])).len(), 60);

    let f = floor("fsb_scan", 1, &root_bytes, [0, 0, 0, 0], &[], 0, 2);
    ok(&f, 1);
    let scanned = take_result([f.results[0], f.results[1]]);
    assert_eq!(i64::from_ne_bytes(scanned[..8].try_into().unwrap()), 60, "scan's n: the files");

    let copy = vec![bytes(&root), bytes(&sb.path("copy"))];
    ok(&floor("fsb_cp", 1, &copy, [0, 0, 0, 0], &[], 0, 0), 1);
    assert_eq!(walk_std(&sb.path("copy")), walk_std(&root));
    ok(&floor("fsb_rm", 1, &[bytes(&sb.path("copy"))], [3, 0, 0, 0], &[], 0, 0), 1);
    assert!(!sb.path("copy").exists());

    let f = floor("fsb_readdir", 1, &[bytes(&sb.path("missing"))], [1, 0, 0, 0], &[], 0, 2);
    assert_eq!(f.rc, ENOENT);
    assert_eq!(last_error_path(), bytes(&sb.path("missing")), "the failing path is recorded");
    assert_eq!(&f.results, &[0, 0], "nothing to free");
}

#[test]
fn malformed_batches_are_einval_before_anything_runs() {
    let sb = Sandbox::new("floor-inval");
    let paths = files(&sb, "f", 2, b"x");
    let f = floor("fsb_nothing", 2, &paths, [0; 4], &[], 0, 0);
    assert_eq!((f.rc, f.completed, f.elapsed_ns), (EINVAL, 0, 0));
    assert_eq!(floor("fsb_unlink", 3, &paths, [0; 4], &[], 0, 0).rc, EINVAL, "three calls, two paths");
    assert_eq!(floor("fsb_unlink", 0, &[], [0; 4], &[], 0, 0).rc, EINVAL, "no call");
    assert_eq!(floor("fsb_rename", 2, &paths, [0; 4], &[], 0, 0).rc, EINVAL, "rename takes two paths a call");
    assert_eq!(floor("fsb_rm", 2, &paths, [1, 0, 0, 0], &[], 0, 0).rc, EINVAL, "a tree call is one call");
    assert!(sb.path("f0").exists() && sb.path("f1").exists(), "nothing was removed");
    let mut report = [5i64; 2];
    let call = cb(b"fsb_stat");
    let rc = unsafe {
        fsb_floor(
            p(&call),
            1,
            c"x".as_ptr().cast(),
            2,
            &[0; 4],
            std::ptr::null(),
            0,
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
            &mut report,
        )
    };
    assert_eq!((rc, report), (EINVAL, [0, 0]), "stat needs room for its ten fields");
}

fn tool(words: &[&str]) -> (i32, [i64; 2]) {
    let argv = packed(&words.iter().map(|w| w.as_bytes().to_vec()).collect::<Vec<_>>());
    let mut report = [-1i64; 2];
    let rc = unsafe { fsb_floor_tool(argv.as_ptr(), argv.len() as i64, &mut report) };
    (rc, report)
}

#[test]
fn tools_are_timed_as_whole_processes() {
    let (rc, [elapsed, status]) = tool(&["true"]);
    assert_eq!((rc, status), (0, 0));
    assert!(elapsed > 0);

    let (rc, [_, status]) = tool(&["sh", "-c", "echo something broke >&2; exit 3"]);
    assert_eq!((rc, status), (FSB_E_TOOL, 3));
    assert_eq!(last_error_path(), b"something broke\n", "its stderr is the failure's message");

    let (rc, [_, status]) = tool(&["sh", "-c", "kill -9 $$"]);
    assert_eq!((rc, status), (FSB_E_TOOL, 128 + 9));

    assert_eq!(tool(&["fsbench-no-such-tool"]).0, ENOENT);
    assert_eq!(tool(&[]).0, EINVAL);

    let sb = Sandbox::new("floor-find");
    make_bench_tree(&sb.path("source"), 30);
    let (rc, [elapsed, _]) = tool(&["find", sb.path("source").to_str().unwrap()]);
    assert_eq!(rc, 0);
    assert!(elapsed > 0);
}
