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

use crate::boundary::{Fail, Outcome};
use crate::dirent::entry_kind;
use crate::fd::{check, stat_at, Fd};
use crate::sys;
use crate::tree::{fail_at, release_post_order, split_last, PostOrder};
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
    let root_job = Job { parent: None, name: nul_terminated(base), rel: Vec::new() };
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
    stat_at(sys::AT_FDCWD, path, sys::AT_SYMLINK_NOFOLLOW).is_ok_and(|st| crate::fd::is_dir(&st))
}

/// What every node of one removal shares.
struct Ctx {
    /// The directory containing the root of the removal.
    top: Fd,
    root: Vec<u8>,
    abort: Arc<Abort>,
}

/// A directory being emptied; removing it is its last act (see `Drop`).
struct Node {
    fd: Fd,
    parent: Option<Arc<Node>>,
    name: Vec<u8>,
    rel: Vec<u8>,
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
}

struct Remover {
    ctx: Arc<Ctx>,
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
                    Err(e) => Err(fail_at(e, &ctx.root, &job.rel, None)),
                };
            }
            Err(e) => return Err(fail_at(e, &ctx.root, &job.rel, None)),
        };
        let node = Arc::new(Node {
            fd,
            parent: job.parent,
            name: job.name,
            rel: job.rel,
            ctx: Arc::clone(ctx),
            removed: false,
        });
        let (dirbuf, _, stack) = cx.split();
        let listed = dirbuf.for_each(&node.fd, |e| {
            let entry = e.name.to_bytes();
            let kind = match entry_kind(&node.fd, &e) {
                Ok(kind) => kind,
                Err(sys::ENOENT) => return Ok(()),
                Err(err) => return Err(fail_at(err, &ctx.root, &node.rel, Some(entry))),
            };
            if kind != sys::DT_DIR {
                // SAFETY: the name is NUL-terminated inside the getdents buffer.
                match check(unsafe { sys::unlinkat(node.fd.raw(), e.name.as_ptr(), 0) }) {
                    Ok(()) | Err(sys::ENOENT) => return Ok(()),
                    Err(sys::EISDIR) => {} // became a directory since it was listed: descend
                    Err(err) => return Err(fail_at(err, &ctx.root, &node.rel, Some(entry))),
                }
            }
            let mut rel = Vec::with_capacity(node.rel.len() + entry.len() + 1);
            crate::tree::push_path(&mut rel, &node.rel, entry);
            stack.push(Job { parent: Some(Arc::clone(&node)), name: nul_terminated(entry), rel });
            Ok(())
        });
        listed.map_err(|f: Fail| if f.path.is_none() { fail_at(f.code, &ctx.root, &node.rel, None) } else { f })
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
        let job = Job { parent: None, name: b"victim\0".to_vec(), rel: Vec::new() };
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
