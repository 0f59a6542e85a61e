//! The floor: a benchmark sample's work with no JVM in the loop (`fsb_floor`), and a system tool timed as a whole
//! process (`fsb_floor_tool`). Both measure themselves with `clock_gettime(CLOCK_MONOTONIC)` and report the
//! nanoseconds, which the harness records as the sample's time.
//!
//! `fsb_floor` runs the very functions the single-path and tree entry points run (`single`, `copy`, the tree
//! modules), one after another for every call of the sample, between two clock reads: what the native backend does,
//! minus the binding and the JVM around each call. Everything that is not a syscall's work happens outside the two
//! reads: the packed paths are split and the output checked before the first, and a tree call's result is handed
//! over after the second.

use crate::boundary::hand_over;
use crate::error::{Fail, Outcome, FSB_E_RANGE, FSB_E_TOOL};
use crate::{copy, single, sys};
use std::ffi::{CStr, OsStr};
use std::io::ErrorKind;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};

/// The work `fsb_floor` loops, named by the ABI call whose work it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Work {
    Access,
    Exists,
    ReadFile,
    Lines,
    WriteFile,
    AppendFile,
    Truncate,
    CopyFile,
    Stat,
    Chmod,
    Chown,
    Utimes,
    Mkdir,
    Mkdtemp,
    Rmdir,
    Unlink,
    Rename,
    Link,
    Symlink,
    Readlink,
    Realpath,
    Readdir,
    Glob,
    Scan,
    Cp,
    Rm,
}

impl Work {
    /// The work of the ABI call `name` (`fsb_stat`), if it is one `fsb_floor` runs.
    pub(crate) fn named(name: &[u8]) -> Option<Work> {
        Some(match name {
            b"fsb_access" => Work::Access,
            b"fsb_exists" => Work::Exists,
            b"fsb_read_file" => Work::ReadFile,
            b"fsb_lines" => Work::Lines,
            b"fsb_write_file" => Work::WriteFile,
            b"fsb_append_file" => Work::AppendFile,
            b"fsb_truncate" => Work::Truncate,
            b"fsb_copy_file" => Work::CopyFile,
            b"fsb_stat" => Work::Stat,
            b"fsb_chmod" => Work::Chmod,
            b"fsb_chown" => Work::Chown,
            b"fsb_utimes" => Work::Utimes,
            b"fsb_mkdir" => Work::Mkdir,
            b"fsb_mkdtemp" => Work::Mkdtemp,
            b"fsb_rmdir" => Work::Rmdir,
            b"fsb_unlink" => Work::Unlink,
            b"fsb_rename" => Work::Rename,
            b"fsb_link" => Work::Link,
            b"fsb_symlink" => Work::Symlink,
            b"fsb_readlink" => Work::Readlink,
            b"fsb_realpath" => Work::Realpath,
            b"fsb_readdir" => Work::Readdir,
            b"fsb_glob" => Work::Glob,
            b"fsb_scan" => Work::Scan,
            b"fsb_cp" => Work::Cp,
            b"fsb_rm" => Work::Rm,
            _ => return None,
        })
    }

    fn is_tree(self) -> bool {
        matches!(self, Work::Readdir | Work::Glob | Work::Scan | Work::Cp | Work::Rm)
    }

    /// Strings per call in the packed paths: two for the calls that take two.
    fn paths_per_call(self) -> usize {
        match self {
            Work::CopyFile | Work::Rename | Work::Link | Work::Symlink | Work::Cp => 2,
            _ => 1,
        }
    }

    /// Whether the `k`-th string of a call is taken verbatim (a link target, a mkdtemp prefix) rather than as a path,
    /// where the empty string means the working directory.
    fn verbatim(self, k: usize) -> bool {
        matches!((self, k), (Work::Symlink, 0) | (Work::Mkdtemp, 0))
    }

    /// How many `int64` the results array holds for `count` calls (ABI.md's table).
    pub(crate) fn results_len(self, count: usize) -> usize {
        match self {
            Work::Stat => 10 * count,
            Work::Exists | Work::ReadFile | Work::Lines | Work::Mkdtemp | Work::Readlink | Work::Realpath => count,
            Work::Readdir | Work::Glob | Work::Scan => 2,
            _ => 0,
        }
    }

    /// The number of calls a sample may hold: one for a tree call (it works on a whole tree).
    pub(crate) fn accepts(self, count: usize) -> bool {
        count >= 1 && (!self.is_tree() || count == 1)
    }
}

/// What `fsb_floor` measured: the nanoseconds between its two clock reads, and how many calls completed (all of them,
/// or the index of the one that failed).
#[derive(Default)]
pub(crate) struct Report {
    pub(crate) elapsed_ns: i64,
    pub(crate) completed: i64,
}

/// The arguments of one `fsb_floor` call, checked by the entry point.
pub(crate) struct Batch<'a> {
    pub(crate) work: Work,
    pub(crate) count: usize,
    pub(crate) paths: &'a [u8],
    pub(crate) args: [i64; 4],
    pub(crate) data: &'a [u8],
    pub(crate) out: &'a mut [u8],
    pub(crate) results: &'a mut [i64],
}

/// Runs the batch's calls between two clock reads; a failing call stops the loop with its error.
pub(crate) fn run(batch: Batch<'_>, report: &mut Report) -> Outcome {
    let Batch { work, count, paths, args, data, out, results } = batch;
    let strings = split(paths, work, count)?;
    // Zero: a tree call that fails leaves nothing to free, and every other result slot reads 0 until written.
    results.fill(0);
    let per = work.paths_per_call();
    let first = |i: usize| strings[i * per];
    let second = |i: usize| strings[i * per + 1];
    let int = |k: usize| args[k] as i32;
    match work {
        Work::Access => timed(count, report, |i| single::access(first(i), int(0))),
        Work::Exists => timed(count, report, |i| {
            results[i] = single::exists(first(i)) as i64;
            Ok(())
        }),
        Work::ReadFile => {
            let mut at = 0;
            timed(count, report, |i| {
                single::read_file(first(i), &mut out[at..], &mut results[i])?;
                at += results[i] as usize;
                Ok(())
            })
        }
        Work::Lines => {
            if args[0] < 0 || args[1] < 0 || args[2] < 0 {
                return Err(sys::EINVAL.into());
            }
            let mut at = 0;
            timed(count, report, |i| {
                let lines = crate::lines::lines(first(i), args[0] as u64, args[1] as u32, args[2] as u64)?;
                let Some(slot) = out.get_mut(at..at + lines.len()) else {
                    results[i] = lines.len() as i64;
                    return Err(FSB_E_RANGE.into());
                };
                slot.copy_from_slice(&lines);
                results[i] = lines.len() as i64;
                at += lines.len();
                Ok(())
            })
        }
        Work::WriteFile => timed(count, report, |i| single::write_file(first(i), data, false)),
        Work::AppendFile => timed(count, report, |i| single::write_file(first(i), data, true)),
        Work::Truncate => timed(count, report, |i| single::truncate(first(i), args[0])),
        Work::CopyFile => timed(count, report, |i| copy::copy_file(first(i), second(i), int(0))),
        Work::Stat => timed(count, report, |i| {
            let fields: &mut [i64; 10] = (&mut results[10 * i..10 * i + 10]).try_into().expect("ten fields");
            single::stat(first(i), args[0] != 0, fields)
        }),
        Work::Chmod => timed(count, report, |i| single::chmod(first(i), int(0))),
        Work::Chown => timed(count, report, |i| single::chown(first(i), int(0), int(1))),
        Work::Utimes => timed(count, report, |i| single::utimes(first(i), args[0], args[1])),
        Work::Mkdir => timed(count, report, |i| single::mkdir(first(i), int(0), args[1] != 0)),
        Work::Mkdtemp | Work::Readlink | Work::Realpath => {
            let name = match work {
                Work::Mkdtemp => single::mkdtemp,
                Work::Readlink => single::readlink,
                _ => single::realpath,
            };
            let mut at = 0;
            timed(count, report, |i| {
                name(first(i), &mut out[at..], &mut results[i])?;
                at += results[i] as usize;
                Ok(())
            })
        }
        Work::Rmdir => timed(count, report, |i| single::rmdir(first(i))),
        Work::Unlink => timed(count, report, |i| single::unlink(first(i))),
        Work::Rename => timed(count, report, |i| single::rename(first(i), second(i))),
        Work::Link => timed(count, report, |i| single::link(first(i), second(i))),
        Work::Symlink => timed(count, report, |i| single::symlink(first(i), second(i))),
        Work::Readdir | Work::Glob | Work::Scan => {
            let mut listing = Vec::new();
            timed(1, report, |_| {
                listing = match work {
                    Work::Readdir => crate::readdir::readdir(first(0), args[0] != 0, int(1))?,
                    Work::Glob => crate::glob::glob(first(0), data, int(0), int(1))?,
                    _ => crate::scan::scan(first(0), int(0), int(1))?,
                };
                Ok(())
            })?;
            hand_over(listing, results.try_into().expect("two results"));
            Ok(())
        }
        Work::Cp => timed(1, report, |_| crate::cp::cp(first(0), second(0), int(0), int(1))),
        Work::Rm => timed(1, report, |_| crate::rm::rm(first(0), int(0), int(1))),
    }
}

/// `count` calls of `one` between two reads of the monotonic clock.
#[inline]
fn timed(count: usize, report: &mut Report, mut one: impl FnMut(usize) -> Outcome) -> Outcome {
    let start = sys::monotonic_nanos();
    let mut done = 0;
    let mut outcome = Ok(());
    while done < count {
        if let Err(f) = one(done) {
            outcome = Err(f);
            break;
        }
        done += 1;
    }
    report.elapsed_ns = sys::monotonic_nanos() - start;
    report.completed = done as i64;
    outcome
}

/// The packed strings of a batch, exactly `count` calls' worth: EINVAL for any other number or a missing final NUL.
fn split(packed: &[u8], work: Work, count: usize) -> Result<Vec<&CStr>, Fail> {
    let per = work.paths_per_call();
    let mut strings = Vec::with_capacity(count * per);
    let mut rest = packed;
    while !rest.is_empty() {
        let s = CStr::from_bytes_until_nul(rest).map_err(|_| Fail::from(sys::EINVAL))?;
        rest = &rest[s.to_bytes_with_nul().len()..];
        let verbatim = work.verbatim(strings.len() % per);
        strings.push(if s.is_empty() && !verbatim { c"." } else { s });
    }
    if strings.len() != count * per {
        return Err(sys::EINVAL.into());
    }
    Ok(strings)
}

// ------------------------------------------------------------------------------------------------ tools

/// What a tool's run left: the nanoseconds from before its spawn to after it was reaped, and its exit status (128 + the
/// signal when a signal ended it).
#[derive(Default)]
pub(crate) struct ToolRun {
    pub(crate) elapsed_ns: i64,
    pub(crate) status: i64,
}

/// The most of a failed tool's stderr kept for `fsb_last_error_path`.
const STDERR_KEPT: usize = 4096;

/// Runs `words` (the command and its arguments, each NUL-terminated) as a process with stdin and stdout on
/// `/dev/null` and stderr captured, timing it whole. A tool that exits with another status than 0 is `FSB_E_TOOL`,
/// its stderr recorded as the failure's "path"; one that cannot be started is its errno (ENOENT when it is not on
/// the PATH).
pub(crate) fn run_tool(words: &[u8], run: &mut ToolRun) -> Outcome {
    let mut argv = Vec::new();
    let mut rest = words;
    while !rest.is_empty() {
        let s = CStr::from_bytes_until_nul(rest).map_err(|_| Fail::from(sys::EINVAL))?;
        rest = &rest[s.to_bytes_with_nul().len()..];
        argv.push(OsStr::from_bytes(s.to_bytes()));
    }
    let Some((program, args)) = argv.split_first() else {
        return Err(sys::EINVAL.into());
    };
    let mut command = Command::new(program);
    command.args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    let start = sys::monotonic_nanos();
    let output = command.spawn().and_then(|child| child.wait_with_output());
    run.elapsed_ns = sys::monotonic_nanos() - start;
    let output = output.map_err(|e| {
        Fail::from(e.raw_os_error().unwrap_or(if e.kind() == ErrorKind::NotFound { sys::ENOENT } else { sys::EIO }))
    })?;
    run.status = match (output.status.code(), output.status.signal()) {
        (Some(code), _) => code as i64,
        (None, Some(signal)) => 128 + signal as i64,
        (None, None) => -1,
    };
    if run.status != 0 {
        let kept = &output.stderr[..output.stderr.len().min(STDERR_KEPT)];
        return Err(Fail::at(FSB_E_TOOL, kept.to_vec()));
    }
    Ok(())
}
