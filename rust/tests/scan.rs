//! fsb_scan: records, order, flags, link following and cycles.

mod common;

use common::*;
use fsbench_native::*;
use std::os::unix::fs::MetadataExt;

const FOLLOW: i32 = 1;
const DIRS: i32 = 2;

#[derive(Debug, PartialEq)]
struct Rec {
    size: i64,
    mtime_ns: i64,
    mode: i32,
    depth: i32,
    path: Vec<u8>,
}

fn scan(root: &std::ffi::CString, flags: i32, concurrency: i32) -> Result<Vec<Rec>, i32> {
    let mut out = [0i64; 2];
    let rc = unsafe { fsb_scan(p(root), flags, concurrency, &mut out) };
    if rc != 0 {
        return Err(rc);
    }
    let buf = take_result(out);
    if buf.is_empty() {
        return Ok(Vec::new());
    }
    let i64_at = |o: usize| i64::from_ne_bytes(buf[o..o + 8].try_into().unwrap());
    let i32_at = |o: usize| i32::from_ne_bytes(buf[o..o + 4].try_into().unwrap());
    let n = i64_at(0) as usize;
    let (sizes, mtimes) = (8, 8 + 8 * n);
    let (modes, depths, ends) = (8 + 16 * n, 8 + 20 * n, 8 + 24 * n);
    let blob = (8 + 28 * n + 7) & !7;
    assert!(buf[8 + 28 * n..blob].iter().all(|&b| b == 0), "padding is zero");
    let mut recs = Vec::new();
    let mut start = 0;
    for i in 0..n {
        let end = i32_at(ends + 4 * i) as usize;
        recs.push(Rec {
            size: i64_at(sizes + 8 * i),
            mtime_ns: i64_at(mtimes + 8 * i),
            mode: i32_at(modes + 4 * i),
            depth: i32_at(depths + 4 * i),
            path: buf[blob + start..blob + end].to_vec(),
        });
        start = end;
    }
    assert_eq!(blob + start, buf.len(), "the paths end where the buffer does");
    Ok(recs)
}

fn oracle(root: &std::path::Path, rel: &[u8], follow: bool) -> Rec {
    let p = root.join(path_of(rel));
    let m = if follow { std::fs::metadata(&p).unwrap() } else { std::fs::symlink_metadata(&p).unwrap() };
    Rec {
        size: m.size() as i64,
        mtime_ns: m.mtime() * 1_000_000_000 + m.mtime_nsec(),
        mode: m.mode() as i32,
        depth: rel.split(|&b| b == b'/').count() as i32,
        path: rel.to_vec(),
    }
}

#[test]
fn records_match_lstat_and_are_sorted_by_path_bytes() {
    let sb = Sandbox::new("scan-mixed");
    make_mixed_tree(&sb.root);
    let got = scan(&c(&sb.root), DIRS, 1).unwrap();
    let mut paths = walk_std(&sb.root);
    paths.sort(); // Vec<u8> order is memcmp order
    let expected: Vec<Rec> = paths.iter().map(|r| oracle(&sb.root, r, false)).collect();
    assert_eq!(got, expected);
    // "sub.x" sorts before "sub/..." in byte order ('.' < '/'), whatever the walk order.
    sb.write("sub.x", b"");
    let got = scan(&c(&sb.root), DIRS, 1).unwrap();
    let pos = |p: &[u8]| got.iter().position(|r| r.path == p).unwrap();
    assert!(pos(b"sub") < pos(b"sub.x") && pos(b"sub.x") < pos(b"sub/b.js"));
}

#[test]
fn without_include_directories_only_non_directories_are_entries() {
    let sb = Sandbox::new("scan-nodirs");
    make_mixed_tree(&sb.root);
    let got = scan(&c(&sb.root), 0, 0).unwrap();
    assert!(got.iter().all(|r| r.mode as u32 & 0o170000 != 0o040000));
    assert!(got.iter().any(|r| r.path == b"sub/deeper/c.js" && r.depth == 3));
    assert!(got.iter().any(|r| r.path == b"link-to-sub" && r.mode as u32 & 0o170000 == 0o120000));
    assert_eq!(got.len(), 8, "{:?}", got.iter().map(|r| String::from_utf8_lossy(&r.path)).collect::<Vec<_>>());
}

#[test]
fn following_links_descends_linked_directories_and_keeps_dangling_links() {
    let sb = Sandbox::new("scan-follow");
    make_mixed_tree(&sb.root);
    let got = scan(&c(&sb.root), FOLLOW | DIRS, 1).unwrap();
    let find = |p: &[u8]| got.iter().find(|r| r.path == p).unwrap_or_else(|| panic!("{:?} missing", p));
    assert_eq!(find(b"link-to-sub").mode as u32 & 0o170000, 0o040000, "the target's metadata");
    assert_eq!(
        *find(b"link-to-sub/deeper/c.js"),
        Rec { path: b"link-to-sub/deeper/c.js".to_vec(), ..oracle(&sb.root, b"sub/deeper/c.js", true) }
    );
    assert_eq!(find(b"dangling").mode as u32 & 0o170000, 0o120000, "a dangling link is reported as a link");
}

#[test]
fn a_link_cycle_is_eloop_naming_the_link() {
    let sb = Sandbox::new("scan-cycle");
    sb.write("a/b/file", b"x");
    sb.symlink("../..", "a/b/up");
    assert_eq!(scan(&c(&sb.root), FOLLOW | DIRS, 1).err(), Some(ELOOP));
    assert_eq!(last_error_path(), sb.c("a/b/up").as_bytes());
    // Not following, the link is just an entry.
    assert!(scan(&c(&sb.root), DIRS, 1).unwrap().iter().any(|r| r.path == b"a/b/up"));
}

#[test]
fn concurrency_does_not_change_the_result() {
    testing::fan_out_without_delay();
    let sb = Sandbox::new("scan-conc");
    make_bench_tree(&sb.root, 300);
    let serial = scan(&c(&sb.root), DIRS, 1).unwrap();
    assert_eq!(serial.len(), 300 + 25);
    for conc in [4, 0] {
        assert_eq!(scan(&c(&sb.root), DIRS, conc).unwrap(), serial, "concurrency {conc}");
    }
}

#[test]
fn errors_name_the_root() {
    let sb = Sandbox::new("scan-errors");
    sb.write("f", b"x");
    assert_eq!(scan(&sb.c("missing"), 0, 0).err(), Some(ENOENT));
    assert_eq!(last_error_path(), sb.c("missing").as_bytes());
    assert_eq!(scan(&sb.c("f"), FOLLOW, 0).err(), Some(ENOTDIR));
    assert_eq!(scan(&sb.c("empty-nothing"), 0, 0).err(), Some(ENOENT));
    sb.mkdirs("empty");
    assert_eq!(scan(&sb.c("empty"), DIRS, 0).unwrap(), vec![]);
}
