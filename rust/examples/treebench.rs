//! Cheap timing of the tree calls on a generated tree, against `find`, `cp -r`, `rm -rf` and a std::fs walk.
//!
//! Guidance while developing, not evidence (the JMH harness is): one process, warm page cache, medians of a few
//! samples on a shared machine.
//!
//! ```text
//! cargo run --release --offline --example treebench -- [--files N] [--samples N] [--dir /dev/shm] [--no-copy]
//! ```
//!
//! `--no-copy` skips cp and rm (for the large tree: 156,000 files copied and removed a dozen times is minutes of
//! work on a shared machine).
//!
//! The tree has the benchmark's shape: `source/d{i/25}/nested/f{i}.js` (4 KiB each) plus `source/empty`.

use fsbench_native::*;
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: &str| -> String {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned().unwrap_or(default.to_string())
    };
    let files: usize = arg("--files", "1000").parse().expect("--files N");
    let samples: usize = arg("--samples", "10").parse().expect("--samples N");
    let base = PathBuf::from(arg("--dir", "/dev/shm")).join(format!("fsbench-treebench-{}", std::process::id()));
    std::fs::create_dir_all(&base).unwrap();
    let source = base.join("source");
    make_tree(&source, files);
    println!("tree: {files} files under {} ; {samples} samples (+2 warmups) ; medians", source.display());
    println!("{:<28} {:>12} {:>12} {:>12}", "case", "median", "min", "max");

    let src = c(&source);
    for conc in [1, 4, 0] {
        report(
            &format!("readdir recursive c{conc}"),
            samples,
            || {},
            || {
                let mut out = [0i64; 2];
                assert_eq!(unsafe { fsb_readdir(src.as_ptr(), 1, conc, &mut out) }, 0);
                unsafe { fsb_free(out[0], out[1]) };
            },
        );
    }
    report(
        "std::fs walk (NIO-like)",
        samples,
        || {},
        || {
            std_walk(&source);
        },
    );
    report(
        "find TREE > /dev/null",
        samples,
        || {},
        || {
            run(Command::new("find").arg(&source));
        },
    );
    for conc in [1, 0] {
        report(
            &format!("scan (dirs) c{conc}"),
            samples,
            || {},
            || {
                let mut out = [0i64; 2];
                assert_eq!(unsafe { fsb_scan(src.as_ptr(), 2, conc, &mut out) }, 0);
                unsafe { fsb_free(out[0], out[1]) };
            },
        );
        report(
            &format!("glob **/* c{conc}"),
            samples,
            || {},
            || {
                let mut out = [0i64; 2];
                let pat = b"**/*\0";
                assert_eq!(unsafe { fsb_glob(src.as_ptr(), pat.as_ptr(), 5, 1, conc, &mut out) }, 0);
                unsafe { fsb_free(out[0], out[1]) };
            },
        );
    }
    report(
        "find -printf stat-like",
        samples,
        || {},
        || {
            run(Command::new("find").arg(&source).args(["-printf", "%s %T@ %m %d %p\\n"]));
        },
    );

    if args.iter().any(|a| a == "--no-copy") {
        std::fs::remove_dir_all(&base).unwrap();
        return;
    }
    let copy = base.join("copy");
    let copy_c = c(&copy);
    let clear = || {
        if copy.exists() {
            std::fs::remove_dir_all(&copy).unwrap();
        }
    };
    for conc in [1, 0] {
        report(&format!("cp c{conc}"), samples, clear, || {
            assert_eq!(unsafe { fsb_cp(src.as_ptr(), copy_c.as_ptr(), 0, conc) }, 0);
        });
    }
    report("cp -r", samples, clear, || {
        run(Command::new("cp").arg("-r").arg(&source).arg(&copy));
    });
    let refill = || {
        clear();
        assert_eq!(unsafe { fsb_cp(src.as_ptr(), copy_c.as_ptr(), 0, 1) }, 0);
    };
    for conc in [1, 0] {
        report(&format!("rm c{conc}"), samples, refill, || {
            assert_eq!(unsafe { fsb_rm(copy_c.as_ptr(), 1, conc) }, 0);
        });
    }
    report("std::fs::remove_dir_all", samples, refill, || {
        std::fs::remove_dir_all(&copy).unwrap();
    });
    report("rm -rf", samples, refill, || {
        run(Command::new("rm").arg("-rf").arg(&copy));
    });
    std::fs::remove_dir_all(&base).unwrap();
}

/// Runs `setup` (untimed) and `body` (timed) 2 + `samples` times; prints the median, min and max of the timed runs.
fn report(name: &str, samples: usize, mut setup: impl FnMut(), mut body: impl FnMut()) {
    let mut times: Vec<Duration> = Vec::with_capacity(samples);
    for i in 0..samples + 2 {
        setup();
        let t = Instant::now();
        body();
        let e = t.elapsed();
        if i >= 2 {
            times.push(e);
        }
    }
    times.sort();
    let us = |d: Duration| format!("{:.1} us", d.as_secs_f64() * 1e6);
    println!("{:<28} {:>12} {:>12} {:>12}", name, us(times[times.len() / 2]), us(times[0]), us(times[times.len() - 1]));
}

fn make_tree(root: &Path, files: usize) {
    std::fs::create_dir_all(root.join("empty")).unwrap();
    for i in 0..files {
        let dir = root.join(format!("d{}/nested", i / 25));
        if i % 25 == 0 {
            std::fs::create_dir_all(&dir).unwrap();
        }
        std::fs::write(dir.join(format!("f{i}.js")), [b'a'; 4096]).unwrap();
    }
}

/// Lists recursively with std: one readdir entry and one file-type check per entry, as NIO's walkers do.
fn std_walk(dir: &Path) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        n += 1;
        if std::fs::symlink_metadata(e.path()).unwrap().is_dir() {
            n += std_walk(&e.path());
        }
    }
    n
}

fn run(cmd: &mut Command) {
    let status = cmd.stdout(Stdio::null()).status().expect("spawn");
    assert!(status.success());
}

fn c(p: &Path) -> CString {
    CString::new(p.as_os_str().as_bytes()).unwrap()
}
