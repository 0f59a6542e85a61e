//! `fsb_glob`: the paths below `cwd` that match any of the patterns, found in one walk.
//!
//! The walk carries, per directory, the set of pattern positions still alive there: (pattern, next segment). An entry
//! is a result when some position's segment matches it and the pattern may end there; it is descended only when
//! some position survives into it. A directory no pattern can match below is never opened, so `src/*.js` lists two
//! directories whatever the size of the tree. All patterns share the one walk, so a path is visited (and reported)
//! once however many patterns match it. `d_type` tells directories from the rest; links are entries, never followed.

mod pattern;

use crate::dirent::{entry_kind, DirBuf};
use crate::error::{Fail, FSB_E_INVAL_PATTERN};
use crate::fd::Fd;
use crate::sys;
use crate::tree::{concat, fail_at, push_path, walk_deep, Budget, DirJob, DEEP_AT};
use crate::walk::{self, Abort, Cx, Visitor};
use pattern::{Pattern, Seg};
use std::ffi::{CStr, CString};
use std::sync::Arc;

pub(crate) const INCLUDE_DIRS: i32 = 1;
pub(crate) const DOT: i32 = 2;

/// (pattern index, segment index): "in this directory, names are matched against that segment".
type Position = (u32, u32);

pub(crate) fn glob(cwd: &CStr, patterns: &[u8], flags: i32, concurrency: i32) -> Result<Vec<u8>, Fail> {
    let list: Vec<&[u8]> = match patterns.strip_suffix(b"\0") {
        Some(body) => body.split(|&b| b == 0).collect(),
        None if patterns.is_empty() => Vec::new(),
        None => patterns.split(|&b| b == 0).collect(),
    };
    let compiled = pattern::compile(&list).map_err(|bad| Fail::at(FSB_E_INVAL_PATTERN, bad))?;
    if compiled.is_empty() {
        return Ok(Vec::new());
    }
    let start: Vec<Position> = (0..compiled.len() as u32).map(|p| (p, 0)).collect();
    let globber = Arc::new(Globber {
        root: cwd.to_owned(),
        patterns: compiled,
        include_dirs: flags & INCLUDE_DIRS != 0,
        dot: flags & DOT != 0,
        budget: Budget::new(),
    });
    let abort = Arc::new(Abort::default());
    let outs = walk::run(&globber, &abort, vec![DirJob::root(start)], concurrency);
    match abort.take() {
        Some(f) => Err(f),
        None => Ok(concat(outs)),
    }
}

struct Globber {
    root: CString,
    patterns: Vec<Pattern>,
    include_dirs: bool,
    dot: bool,
    budget: Budget,
}

type Job = DirJob<Vec<Position>>;

impl Globber {
    /// The positions live in a directory: those given, plus those reached by letting a `**` match zero segments.
    fn close_over_globstars(&self, given: &[Position]) -> Vec<Position> {
        let mut all = Vec::with_capacity(given.len() * 2);
        for &(p, mut i) in given {
            let segs = &self.patterns[p as usize].segs;
            all.push((p, i));
            while (i as usize) < segs.len() && segs[i as usize] == Seg::Globstar {
                i += 1;
                if (i as usize) < segs.len() {
                    all.push((p, i));
                }
            }
        }
        all.sort_unstable();
        all.dedup();
        all
    }

    /// What `name` is to the positions of its directory: whether it is a result, and the positions alive below it.
    fn judge(&self, positions: &[Position], name: &[u8], is_dir: bool, below: &mut Vec<Position>) -> bool {
        let mut matched = false;
        for &(p, i) in positions {
            let pat = &self.patterns[p as usize];
            let seg = &pat.segs[i as usize];
            if !seg.matches(name, self.dot) {
                continue;
            }
            // A `**` absorbs the name and stays; any other segment is consumed.
            let globstar = *seg == Seg::Globstar;
            let next = if globstar { i } else { i + 1 };
            // The pattern ends at this name when nothing follows the segment that took it, or when only a `**`
            // does: then a '/' follows the name (`a/**`), which only a directory can have.
            let ends = if globstar || next as usize == pat.segs.len() {
                pat.may_end_at(next as usize)
            } else {
                is_dir && pat.may_end_at(next as usize)
            };
            if ends && (is_dir || !pat.dirs_only) {
                matched = true;
            }
            if is_dir && (next as usize) < pat.segs.len() {
                below.push((p, next));
            }
        }
        matched
    }
}

impl Globber {
    /// Lists the open directory `dir` at `rel`, where `given` positions are alive: its matches to `out`, the
    /// subdirectories some position survives into to `descend`.
    fn list(
        &self,
        dir: &Fd,
        rel: &[u8],
        given: &[Position],
        dirbuf: &mut DirBuf,
        out: &mut Vec<u8>,
        descend: &mut dyn FnMut(&[u8], Vec<Position>),
    ) -> Result<(), Fail> {
        let root = self.root.to_bytes();
        let positions = self.close_over_globstars(given);
        let mut below = Vec::new();
        let before = out.len();
        let listed = dirbuf.for_each(dir, |e| {
            let name = e.name.to_bytes();
            let kind = entry_kind(dir, &e).map_err(|err| fail_at(err, root, rel, Some(name)))?;
            let is_dir = kind == sys::DT_DIR;
            below.clear();
            if self.judge(&positions, name, is_dir, &mut below) && (!is_dir || self.include_dirs) {
                push_path(out, rel, name);
                out.push(0);
            }
            if !below.is_empty() {
                below.sort_unstable();
                below.dedup();
                descend(name, below.clone());
            }
            Ok(())
        });
        listed.map_err(|f: Fail| if f.path.is_none() { fail_at(f.code, root, rel, None) } else { f })?;
        self.budget.charge(out.len() - before, root, rel)
    }
}

impl Visitor for Globber {
    type Job = Job;
    type Out = Vec<u8>;

    fn visit(&self, mut job: Job, cx: &mut Cx<Job, Vec<u8>>) -> Result<(), Fail> {
        let root = self.root.to_bytes();
        let dir = job.open(&self.root, false).map_err(|e| fail_at(e, root, job.rel(), None))?;
        let (dirbuf, out, stack) = cx.split();
        let given = std::mem::take(&mut job.extra);
        if job.depth >= DEEP_AT {
            let mut list =
                |d: &Fd,
                 rel: &[u8],
                 _: u32,
                 p: &Vec<Position>,
                 b: &mut DirBuf,
                 down: &mut dyn FnMut(&[u8], Vec<Position>)| { self.list(d, rel, p, b, out, down) };
            let fail = |e, rel: &[u8]| fail_at(e, root, rel, None);
            return walk_deep(&dir, job.rel(), job.depth, given, dirbuf, &mut list, &fail);
        }
        let dir = Arc::new(dir);
        self.list(&dir, job.rel(), &given, dirbuf, out, &mut |name, below| stack.push(job.child(&dir, name, below)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn globber(patterns: &[&str], dot: bool) -> Globber {
        let list: Vec<&[u8]> = patterns.iter().map(|p| p.as_bytes()).collect();
        Globber {
            root: CString::new(".").unwrap(),
            patterns: pattern::compile(&list).unwrap(),
            include_dirs: true,
            dot,
            budget: Budget::new(),
        }
    }

    #[test]
    fn directories_no_pattern_can_match_below_are_pruned() {
        let g = globber(&["src/*.js"], false);
        let start = g.close_over_globstars(&[(0, 0)]);
        let mut below = Vec::new();
        assert!(!g.judge(&start, b"other", true, &mut below));
        assert!(below.is_empty(), "no position survives into 'other'");
        assert!(!g.judge(&start, b"src", true, &mut below));
        assert_eq!(below, vec![(0, 1)]);
        below.clear();
        let in_src = g.close_over_globstars(&[(0, 1)]);
        assert!(g.judge(&in_src, b"a.js", false, &mut below));
        assert!(!g.judge(&in_src, b"sub", true, &mut below));
        assert!(below.is_empty(), "the last segment leaves nothing to match below");
    }

    #[test]
    fn a_segment_followed_by_globstar_matches_directories_only() {
        let g = globber(&["*/**"], false);
        let start = g.close_over_globstars(&[(0, 0)]);
        let mut below = Vec::new();
        assert!(g.judge(&start, b"dir", true, &mut below), "dir/** matches dir itself");
        below.clear();
        assert!(!g.judge(&start, b"file", false, &mut below), "file/** cannot match: a file has no '/'");
        let in_dir = g.close_over_globstars(&[(0, 1)]);
        assert!(g.judge(&in_dir, b"file", false, &mut below), "** takes a file below");
    }

    #[test]
    fn globstar_does_not_enter_dot_directories_without_dot() {
        let g = globber(&["**/*.js"], false);
        let start = g.close_over_globstars(&[(0, 0)]);
        let mut below = Vec::new();
        assert!(!g.judge(&start, b".git", true, &mut below));
        assert!(below.is_empty());
        let g = globber(&["**/*.js"], true);
        assert!(!g.judge(&start, b".git", true, &mut below));
        assert_eq!(below, vec![(0, 0)]);
    }
}
