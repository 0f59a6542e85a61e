//! `fsb_rm`: removes a file, a link, or with `recursive` a whole tree, never following a link.
//!
//! Safety against links comes from how directories are reached, not from checks that could race: each directory is
//! opened relative to its parent's descriptor with `O_NOFOLLOW | O_DIRECTORY`, and every entry is removed with
//! `unlinkat` relative to the descriptor of the directory it was listed in. A directory swapped for a link between
//! being listed and being opened fails to open (ELOOP/ENOTDIR) and is then unlinked as what it now is, a link: its
//! target is never entered. No path string is resolved below the root, so a swap higher up cannot redirect the walk
//! either.
//!
//! Directories are removed in post-order: a directory node lives as long as some job below it does (they hold
//! references to it), and the last one to let go removes it with `unlinkat(parent, name, AT_REMOVEDIR)`. This works
//! unchanged when subtrees are emptied by different pool workers.
//!
//! That keeps a descriptor per level open, so below `tree::DEEP_AT` a subtree is emptied serially instead
//! ([`Remover::empty_deep`]): at most two descriptors whatever the depth, climbing back through `..` checked against
//! the identity each directory had on the way down. A failure is recorded in the walk's abort the moment it is made
//! (`Ctx::fail`), before the directories above it are released, so it is the failure reported, as NIO reports it.

use crate::dirent::{entry_kind, DirBuf};
use crate::error::{Fail, Outcome};
use crate::fd::{check, stat_at_for, Fd};
use crate::sys;
use crate::tree::{
    dir_id, fail_at, full_path, join_names, open_parent, release_post_order, split_last, DirId, PostOrder, DEEP_AT,
};
use crate::walk::{self, Abort, Cx, Visitor};
use std::ffi::{CStr, CString};
use std::sync::Arc;

pub(crate) const RECURSIVE: i32 = 1;
pub(crate) const FORCE: i32 = 2;

pub(crate) fn rm(path: &CStr, flags: i32, concurrency: i32) -> Outcome {
    let force = flags & FORCE != 0;
    let given = path.to_bytes();
    let fail = |e| Fail::at(e, given.to_vec());
    let (parent, base) = split_last(given).ok_or_else(|| fail(sys::EINVAL))?;
    if base == b"." || base == b".." {
        return Err(fail(sys::EINVAL));
    }
    let target = CString::new(join(parent, base)).map_err(|_| fail(sys::EINVAL))?;
    // The common case, a file or a link, is one syscall.
    // SAFETY: target is NUL-terminated.
    match check(unsafe { sys::unlinkat(sys::AT_FDCWD, target.as_ptr(), 0) }) {
        Ok(()) => return Ok(()),
        Err(sys::ENOENT) if force => return Ok(()),
        Err(sys::EISDIR) => {}
        Err(sys::EPERM) if is_directory(&target) => {}
        Err(e) => return Err(fail(e)),
    }
    if flags & RECURSIVE == 0 {
        return Err(fail(sys::EISDIR));
    }
    let parent_c = CString::new(if parent.is_empty() { &b"."[..] } else { parent }).map_err(|_| fail(sys::EINVAL))?;
    let top = Fd::open_dir(sys::AT_FDCWD, &parent_c, true).map_err(fail)?;
    let abort = Arc::new(Abort::default());
    let remover = Arc::new(Remover { ctx: Arc::new(Ctx { top, root: given.to_vec(), abort: Arc::clone(&abort) }) });
    let root_job = Job { parent: None, name: nul_terminated(base), rel: Vec::new(), depth: 0 };
    let _ = walk::run(&remover, &abort, vec![root_job], concurrency);
    match abort.take() {
        Some(Fail { code: sys::ENOENT, path: Some(p) }) if force && p == given => Ok(()),
        Some(f) => Err(f),
        None => Ok(()),
    }
}

fn join(parent: &[u8], base: &[u8]) -> Vec<u8> {
    let mut v = parent.to_vec();
    if !v.is_empty() && !v.ends_with(b"/") {
        v.push(b'/');
    }
    v.extend_from_slice(base);
    v
}

fn nul_terminated(name: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(name.len() + 1);
    v.extend_from_slice(name);
    v.push(0);
    v
}

fn is_directory(path: &CStr) -> bool {
    stat_at_for(sys::AT_FDCWD, path, sys::AT_SYMLINK_NOFOLLOW, sys::STATX_TYPE).is_ok_and(|st| crate::fd::is_dir(&st))
}

/// What every node of one removal shares.
struct Ctx {
    /// The directory containing the root of the removal.
    top: Fd,
    root: Vec<u8>,
    abort: Arc<Abort>,
}

impl Ctx {
    /// A failure at `root/rel[/name]`, recorded in the walk's abort at once. It must be: the job or node that failed
    /// holds the directories above it, the last reference to a directory removes it, and that removal (of a
    /// directory the failure left non-empty) would otherwise run first and report ENOTEMPTY for the directory instead
    /// of this failure, the one NIO reports (AccessDenied for the entry inside it).
    fn fail(&self, errno: i32, rel: &[u8], name: Option<&[u8]>) -> Fail {
        self.record(fail_at(errno, &self.root, rel, name))
    }

    fn record(&self, f: Fail) -> Fail {
        self.abort.fail(f.clone());
        f
    }
}

/// A directory being emptied; removing it is its last act (see `Drop`).
struct Node {
    fd: Fd,
    parent: Option<Arc<Node>>,
    name: Vec<u8>,
    rel: Vec<u8>,
    depth: u32,
    ctx: Arc<Ctx>,
    removed: bool,
}

impl Node {
    fn parent_fd(&self) -> i32 {
        self.parent.as_ref().map_or(self.ctx.top.raw(), |p| p.fd.raw())
    }

    fn remove_self(&mut self) {
        if std::mem::replace(&mut self.removed, true) || self.ctx.abort.is_set() {
            return;
        }
        // SAFETY: name is NUL-terminated.
        match check(unsafe { sys::unlinkat(self.parent_fd(), self.name.as_ptr().cast(), sys::AT_REMOVEDIR) }) {
            Ok(()) | Err(sys::ENOENT) => {}
            Err(e) => self.ctx.abort.fail(fail_at(e, &self.ctx.root, &self.rel, None)),
        }
    }
}

impl PostOrder for Node {
    fn finish(&mut self) {
        self.remove_self();
    }

    fn take_parent(&mut self) -> Option<Arc<Node>> {
        self.parent.take()
    }
}

impl Drop for Node {
    /// The last reference to a directory is gone: everything below it has been removed, so remove it.
    fn drop(&mut self) {
        release_post_order(self);
    }
}

struct Job {
    /// None for the root of the removal, whose parent is `Ctx::top`.
    parent: Option<Arc<Node>>,
    /// NUL-terminated name in the parent.
    name: Vec<u8>,
    rel: Vec<u8>,
    /// 0 for the root of the removal.
    depth: u32,
}

struct Remover {
    ctx: Arc<Ctx>,
}

impl Remover {
    /// Lists the open directory `dir`, removing every entry that is not a directory and handing each subdirectory's
    /// name to `subdir`. `rel` names `dir` in an error report (called only on failure).
    fn clear(
        &self,
        dirbuf: &mut DirBuf,
        dir: &Fd,
        rel: &dyn Fn() -> Vec<u8>,
        mut subdir: impl FnMut(&CStr),
    ) -> Result<(), Fail> {
        let ctx = &self.ctx;
        let listed = dirbuf.for_each(dir, |e| {
            let entry = e.name.to_bytes();
            let kind = match entry_kind(dir, &e) {
                Ok(kind) => kind,
                Err(sys::ENOENT) => return Ok(()),
                Err(err) => return Err(ctx.fail(err, &rel(), Some(entry))),
            };
            if kind != sys::DT_DIR {
                // SAFETY: the name is NUL-terminated inside the getdents buffer.
                match check(unsafe { sys::unlinkat(dir.raw(), e.name.as_ptr(), 0) }) {
                    Ok(()) | Err(sys::ENOENT) => return Ok(()),
                    Err(sys::EISDIR) => {} // became a directory since it was listed: descend
                    Err(err) => return Err(ctx.fail(err, &rel(), Some(entry))),
                }
            }
            subdir(e.name);
            Ok(())
        });
        listed.map_err(|f: Fail| if f.path.is_none() { ctx.fail(f.code, &rel(), None) } else { f })
    }

    /// Empties the directory of `node` (not the directory itself: its node removes it) serially, holding at most two
    /// descriptors beside the node's whatever the depth: going down, a directory's descriptor is closed once its
    /// child is open; coming back, the parent is reopened as `..` of the child and checked against the identity it
    /// had on the way down ([`open_parent`]), so nothing is ever removed through a directory that moved. Used below
    /// [`DEEP_AT`], where keeping a descriptor per directory would run out of them.
    fn empty_deep(&self, dirbuf: &mut DirBuf, node: &Node) -> Outcome {
        struct Frame {
            id: DirId,
            /// NUL-terminated name in the parent ("" for the node's own directory).
            name: Vec<u8>,
            /// Subdirectories still to empty and remove, NUL-terminated.
            pending: Vec<Vec<u8>>,
        }
        let ctx = &self.ctx;
        let rel_of = |frames: &[Frame], name: Option<&[u8]>| {
            join_names(&node.rel, frames.iter().map(|f| &f.name[..]).chain(name))
        };
        let fail = |e, frames: &[Frame], name: Option<&[u8]>| {
            ctx.record(Fail::at(e, full_path(&ctx.root, &rel_of(frames, name))))
        };
        let mut frames = vec![Frame {
            id: dir_id(&node.fd).map_err(|e| fail(e, &[], None))?,
            name: Vec::new(),
            pending: Vec::new(),
        }];
        let mut pending = Vec::new();
        self.clear(dirbuf, &node.fd, &|| node.rel.clone(), |n| pending.push(n.to_bytes_with_nul().to_vec()))?;
        frames[0].pending = pending;
        // The directory being emptied: None while it is the node's own.
        let mut cur: Option<Fd> = None;
        loop {
            if ctx.abort.is_set() {
                return Ok(());
            }
            let raw = cur.as_ref().map_or(node.fd.raw(), Fd::raw);
            if let Some(name) = frames.last_mut().and_then(|f| f.pending.pop()) {
                let cname = CStr::from_bytes_with_nul(&name).map_err(|_| Fail::from(sys::EINVAL))?;
                match Fd::open_dir(raw, cname, false) {
                    Ok(child) => {
                        let id = dir_id(&child).map_err(|e| fail(e, &frames, Some(&name)))?;
                        let mut pending = Vec::new();
                        frames.push(Frame { id, name, pending: Vec::new() });
                        let rel = || rel_of(&frames, None);
                        self.clear(dirbuf, &child, &rel, |n| pending.push(n.to_bytes_with_nul().to_vec()))?;
                        frames.last_mut().expect("just pushed").pending = pending;
                        cur = Some(child); // closes the parent
                    }
                    // Listed as a directory, no longer one: remove what is there now, never following it.
                    Err(sys::ELOOP | sys::ENOTDIR) => {
                        // SAFETY: cname is NUL-terminated.
                        match check(unsafe { sys::unlinkat(raw, cname.as_ptr(), 0) }) {
                            Ok(()) | Err(sys::ENOENT) => {}
                            Err(e) => return Err(fail(e, &frames, Some(&name))),
                        }
                    }
                    Err(sys::ENOENT) => {}
                    Err(e) => return Err(fail(e, &frames, Some(&name))),
                }
                continue;
            }
            if frames.len() == 1 {
                return Ok(());
            }
            let done = frames.pop().expect("more than one frame");
            let child = cur.take().expect("a frame below the node's has its descriptor");
            let parent = if frames.len() == 1 {
                None
            } else {
                let id = frames.last().expect("a parent frame").id;
                Some(open_parent(&child, id).map_err(|e| fail(e, &frames, None))?)
            };
            drop(child);
            let praw = parent.as_ref().map_or(node.fd.raw(), Fd::raw);
            // SAFETY: the name is NUL-terminated.
            match check(unsafe { sys::unlinkat(praw, done.name.as_ptr().cast(), sys::AT_REMOVEDIR) }) {
                Ok(()) | Err(sys::ENOENT) => {}
                Err(e) => return Err(fail(e, &frames, Some(&done.name))),
            }
            cur = parent;
        }
    }
}

impl Visitor for Remover {
    type Job = Job;
    type Out = ();

    fn visit(&self, job: Job, cx: &mut Cx<Job, ()>) -> Result<(), Fail> {
        let ctx = &self.ctx;
        let parent_fd = job.parent.as_ref().map_or(ctx.top.raw(), |p| p.fd.raw());
        let name = CStr::from_bytes_with_nul(&job.name).map_err(|_| Fail::from(sys::EINVAL))?;
        let fd = match Fd::open_dir(parent_fd, name, false) {
            Ok(fd) => fd,
            // Listed as a directory, no longer one (swapped for a link or a file): remove what is there now.
            Err(sys::ELOOP | sys::ENOTDIR) => {
                // SAFETY: name is NUL-terminated.
                return match check(unsafe { sys::unlinkat(parent_fd, name.as_ptr(), 0) }) {
                    Ok(()) | Err(sys::ENOENT) => Ok(()),
                    Err(e) => Err(ctx.fail(e, &job.rel, None)),
                };
            }
            Err(e) => return Err(ctx.fail(e, &job.rel, None)),
        };
        let node = Arc::new(Node {
            fd,
            parent: job.parent,
            name: job.name,
            rel: job.rel,
            depth: job.depth,
            ctx: Arc::clone(ctx),
            removed: false,
        });
        let (dirbuf, _, stack) = cx.split();
        if node.depth >= DEEP_AT {
            return self.empty_deep(dirbuf, &node);
        }
        let depth = node.depth + 1;
        self.clear(dirbuf, &node.fd, &|| node.rel.clone(), |entry| {
            let entry = entry.to_bytes_with_nul();
            let bare = &entry[..entry.len() - 1];
            let mut rel = Vec::with_capacity(node.rel.len() + entry.len());
            crate::tree::push_path(&mut rel, &node.rel, bare);
            stack.push(Job { parent: Some(Arc::clone(&node)), name: entry.to_vec(), rel, depth });
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state a concurrent swap leaves behind: a job made when `victim` was a directory, visited after it became a
    /// link to a directory outside the tree. The link goes; the outside directory and its content stay.
    #[test]
    fn a_directory_swapped_for_a_link_before_it_is_opened_is_unlinked_not_followed() {
        let base = std::env::temp_dir().join(format!("fsbench-native-rm-swap-{}", std::process::id()));
        let tree = base.join("tree");
        let outside = base.join("outside");
        std::fs::create_dir_all(tree.join("victim/inner")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("keep"), b"keep").unwrap();

        let tree_c = CString::new(tree.as_os_str().as_encoded_bytes()).unwrap();
        let abort = Arc::new(Abort::default());
        let ctx = Arc::new(Ctx {
            top: Fd::open_dir(sys::AT_FDCWD, &tree_c, true).unwrap(),
            root: b"tree".to_vec(),
            abort: Arc::clone(&abort),
        });
        // Listed as a directory...
        let job = Job { parent: None, name: b"victim\0".to_vec(), rel: Vec::new(), depth: 0 };
        // ...swapped before it is opened.
        std::fs::remove_dir_all(tree.join("victim")).unwrap();
        std::os::unix::fs::symlink(&outside, tree.join("victim")).unwrap();

        let _ = walk::run(&Arc::new(Remover { ctx }), &abort, vec![job], 1);
        assert!(abort.take().is_none());
        assert!(std::fs::symlink_metadata(tree.join("victim")).is_err(), "the link is removed");
        assert_eq!(std::fs::read(outside.join("keep")).unwrap(), b"keep", "the link's target survives");
        std::fs::remove_dir_all(&base).unwrap();
    }
}
