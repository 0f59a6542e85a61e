//! Tree families' `fsb_floor` calls on the benchmark's tree, for counting their syscalls with `strace -c`.
//!
//! The trees are made by separate invocations (`prepare`), so that a traced run holds only the process's start-up and
//! the calls. A run makes CALLS calls of one family one after the other; the difference between a run of 2 and a run
//! of 1 is one call in a process that has made one before (its pool, its buffers and the cores it asked already
//! there), which is what a benchmark's sample is; a run of 1 less a run of `none` is a first call:
//!
//! ```text
//! cargo build --release --offline --example floorcall
//! bin=target/release/examples/floorcall
//! $bin prepare /dev/shm/fc 1000                     # /dev/shm/fc/source, and victim-0, victim-1 for rm
//! strace -f -c -o readdir-2.txt $bin run readdir /dev/shm/fc 1 2
//! ```
//!
//! Families: `none`, `readdir` (recursive), `glob` (`**/*`, directories included), `scan` (directories included),
//! `cp` (to `DIR/copy-K`, left for the caller to remove), `rm` (of `DIR/victim-K`). CONCURRENCY is `1` (serial) or
//! `0` (the library's default). The tree has the harness's shape: `d{i/25}/nested/f{i}.js`, 4 KiB each, plus
//! `empty` (`TreeFixture`).

// The integration tests' helpers: the benchmark's tree is made by the one function that makes it for them.
#[path = "../tests/common/mod.rs"]
mod common;

use common::make_bench_tree;
use fsbench_native::*;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

const USAGE: &str = "floorcall prepare DIR FILES | run FAMILY DIR CONCURRENCY CALLS";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).expect(USAGE).as_str();
    match arg(1) {
        "prepare" => {
            let dir = Path::new(arg(2));
            let files: usize = arg(3).parse().expect(USAGE);
            for tree in ["source", "victim-0", "victim-1"] {
                make_bench_tree(&dir.join(tree), files);
            }
        }
        "run" => {
            let concurrency: i64 = arg(4).parse().expect(USAGE);
            for k in 0..arg(5).parse().expect(USAGE) {
                run(arg(2), Path::new(arg(3)), concurrency, k);
            }
        }
        _ => panic!("{USAGE}"),
    }
}

/// The `k`-th call of the family: its `fsb_floor` call (ABI call, strings, args, data), as the harness records it.
fn run(family: &str, dir: &Path, concurrency: i64, k: usize) {
    let source = bytes(&dir.join("source"));
    let (call, strings, args, data): (&str, Vec<Vec<u8>>, [i64; 4], Vec<u8>) = match family {
        "none" => return,
        "readdir" => ("fsb_readdir", vec![source], [1, concurrency, 0, 0], Vec::new()),
        // GlobOptions: directories included (flag 1), no dot files.
        "glob" => ("fsb_glob", vec![source], [1, concurrency, 0, 0], b"**/*\0".to_vec()),
        // ScanOptions: directories included (flag 2), links not followed.
        "scan" => ("fsb_scan", vec![source], [2, concurrency, 0, 0], Vec::new()),
        // CpOptions: no flag (timestamps not preserved, no overwrite).
        "cp" => ("fsb_cp", vec![source, bytes(&dir.join(format!("copy-{k}")))], [0, concurrency, 0, 0], Vec::new()),
        // RmOptions.RECURSIVE_FORCE.
        "rm" => ("fsb_rm", vec![bytes(&dir.join(format!("victim-{k}")))], [3, concurrency, 0, 0], Vec::new()),
        other => panic!("unknown family {other}"),
    };
    let call = CString::new(call).unwrap();
    let mut paths = Vec::new();
    for s in &strings {
        paths.extend_from_slice(s);
        paths.push(0);
    }
    let mut results = [0i64; 2];
    let mut report = [0i64; 2];
    // SAFETY: every pointer is valid for the length given; `out` is empty (no tree call writes it).
    let rc = unsafe {
        fsb_floor(
            call.as_ptr(),
            1,
            paths.as_ptr(),
            paths.len() as i64,
            &args,
            data.as_ptr(),
            data.len() as i64,
            std::ptr::null_mut(),
            0,
            results.as_mut_ptr(),
            &mut report,
        )
    };
    assert_eq!(rc, 0, "fsb_floor({family}) failed");
    // SAFETY: the pair fsb_floor handed over ((0, 0) for the families without a result).
    unsafe { fsb_free(results[0], results[1]) };
}

fn bytes(p: &Path) -> Vec<u8> {
    p.as_os_str().as_bytes().to_vec()
}
