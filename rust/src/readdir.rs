//! `fsb_readdir`: the names in a directory, or every path below it, in one buffer of NUL-terminated paths.
//!
//! Recursive listing needs no metadata: `d_type` says which entries are directories to descend, so an entry costs no
//! syscall at all (`fstatat` only where the filesystem leaves `d_type` unknown). Links are listed and never followed.

use crate::dirent::{entry_kind, DirBuf};
use crate::error::Fail;
use crate::fd::Fd;
use crate::sys;
use crate::tree::{concat, fail_at, push_path, walk_deep, Budget, DirJob, DEEP_AT};
use crate::walk::{self, Abort, Cx, Visitor};
use std::ffi::{CStr, CString};
use std::sync::Arc;

pub(crate) fn readdir(path: &CStr, recursive: bool, concurrency: i32) -> Result<Vec<u8>, Fail> {
    let root = path.to_bytes();
    if !recursive {
        let fail = |e| Fail::at(e, root.to_vec());
        let dir = Fd::open_dir(sys::AT_FDCWD, path, true).map_err(fail)?;
        let mut out = Vec::new();
        DirBuf::new()
            .for_each(&dir, |e| {
                out.extend_from_slice(e.name.to_bytes_with_nul());
                Ok::<(), i32>(())
            })
            .map_err(fail)?;
        return Ok(out);
    }
    let lister = Arc::new(Lister { root: path.to_owned(), budget: Budget::new() });
    let abort = Arc::new(Abort::default());
    let outs = walk::run(&lister, &abort, vec![DirJob::root(())], concurrency);
    match abort.take() {
        Some(f) => Err(f),
        None => Ok(concat(outs)),
    }
}

struct Lister {
    root: CString,
    budget: Budget,
}

impl Lister {
    /// Lists the open directory `dir` at `rel`: its paths to `out`, its subdirectories to `descend`.
    fn list(
        &self,
        dir: &Fd,
        rel: &[u8],
        dirbuf: &mut DirBuf,
        out: &mut Vec<u8>,
        descend: &mut dyn FnMut(&[u8], ()),
    ) -> Result<(), Fail> {
        let root = self.root.to_bytes();
        let before = out.len();
        dirbuf
            .for_each(dir, |e| {
                let name = e.name.to_bytes();
                push_path(out, rel, name);
                out.push(0);
                let kind = entry_kind(dir, &e).map_err(|err| fail_at(err, root, rel, Some(name)))?;
                if kind == sys::DT_DIR {
                    descend(name, ());
                }
                Ok(())
            })
            .map_err(|f: Fail| if f.path.is_none() { fail_at(f.code, root, rel, None) } else { f })?;
        self.budget.charge(out.len() - before, root, rel)
    }
}

impl Visitor for Lister {
    type Job = DirJob<()>;
    type Out = Vec<u8>;

    fn visit(&self, mut job: DirJob<()>, cx: &mut Cx<DirJob<()>, Vec<u8>>) -> Result<(), Fail> {
        let root = self.root.to_bytes();
        let dir = job.open(&self.root, false).map_err(|e| fail_at(e, root, job.rel(), None))?;
        let (dirbuf, out, stack) = cx.split();
        if job.depth >= DEEP_AT {
            let mut list = |d: &Fd, rel: &[u8], _: u32, _: &(), b: &mut DirBuf, down: &mut dyn FnMut(&[u8], ())| {
                self.list(d, rel, b, out, down)
            };
            return walk_deep(&dir, job.rel(), job.depth, (), dirbuf, &mut list, &|e, rel| fail_at(e, root, rel, None));
        }
        let dir = Arc::new(dir);
        self.list(&dir, job.rel(), dirbuf, out, &mut |name, ()| stack.push(job.child(&dir, name, ())))
    }
}
