//! The directory job that readdir, glob and scan walk with: where the directory is (its parent's descriptor and its
//! name) and what it is called relative to the root, plus a family-specific payload.
//!
//! A job does not hold its own descriptor, only a reference to its parent's: it opens itself when worked, relative to
//! that descriptor with `O_NOFOLLOW` (a directory swapped for a link mid-walk is refused, not followed), and drops the
//! parent right away, so a directory's descriptor closes as soon as its last child has opened itself.

use crate::dirent::DirBuf;
use crate::error::Fail;
use crate::fd::{stat_fd_for, Fd, Sys};
use crate::sys;
use std::ffi::CStr;
use std::os::raw::c_int;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

pub(crate) struct DirJob<X> {
    /// None for the root, which is opened by the caller's path (links followed: the caller named it).
    parent: Option<Arc<Fd>>,
    /// The path relative to the root, NUL-terminated ("" for the root; "a/b" is stored as "a/b\0").
    path: Vec<u8>,
    /// Where the last segment (the name in the parent) starts in `path`.
    name_at: usize,
    pub(crate) depth: u32,
    pub(crate) extra: X,
}

impl<X> DirJob<X> {
    pub(crate) fn root(extra: X) -> DirJob<X> {
        DirJob { parent: None, path: vec![0], name_at: 0, depth: 0, extra }
    }

    /// The relative path, no NUL ("" for the root).
    #[inline]
    pub(crate) fn rel(&self) -> &[u8] {
        &self.path[..self.path.len() - 1]
    }

    /// Opens the directory and releases the parent. `follow` only for scans that follow links.
    pub(crate) fn open(&mut self, root: &CStr, follow: bool) -> Sys<Fd> {
        match self.parent.take() {
            None => Fd::open_dir(sys::AT_FDCWD, root, true),
            Some(parent) => {
                let name = CStr::from_bytes_with_nul(&self.path[self.name_at..]).map_err(|_| sys::EINVAL)?;
                Fd::open_dir(parent.raw(), name, follow)
            }
        }
    }

    /// The job for the subdirectory `name` of this (open) directory.
    pub(crate) fn child<Y>(&self, dir: &Arc<Fd>, name: &[u8], extra: Y) -> DirJob<Y> {
        let rel = self.rel();
        let mut path = Vec::with_capacity(rel.len() + name.len() + 2);
        path.extend_from_slice(rel);
        if !rel.is_empty() {
            path.push(b'/');
        }
        let name_at = path.len();
        path.extend_from_slice(name);
        path.push(0);
        DirJob { parent: Some(Arc::clone(dir)), path, name_at, depth: self.depth + 1, extra }
    }
}

/// Depth (below the root of a tree call) from which rm and cp stop keeping a descriptor per directory, and readdir,
/// glob and scan stop making a job per directory, and walk the rest of that subtree serially with a bounded number of
/// descriptors ([`open_parent`], [`walk_deep`]). Ordinary trees never get this deep, so they keep the fast path (one
/// descriptor per directory, held until its post-order step or its last child's open); a chain or a comb of 50,000
/// directories holds at most this many per participant plus three.
pub(crate) const DEEP_AT: u32 = 64;

/// A directory's identity: device (major, minor) and inode.
pub(crate) type DirId = (u32, u32, u64);

#[inline]
pub(crate) fn dir_id(fd: &Fd) -> Sys<DirId> {
    let st = stat_fd_for(fd, sys::STATX_INO)?;
    Ok((st.stx_dev_major, st.stx_dev_minor, st.stx_ino))
}

/// Opens `..` of the open directory `dir` and checks that it is the directory `expect` it was when the walk went
/// down: a directory moved elsewhere meanwhile is ESTALE, so a walk that climbs back never acts on a place it did
/// not come from. (`..` is never a symbolic link.)
pub(crate) fn open_parent(dir: &Fd, expect: DirId) -> Sys<Fd> {
    let up = Fd::open_dir(dir.raw(), c"..", false)?;
    if dir_id(&up)? != expect {
        return Err(sys::ESTALE);
    }
    Ok(up)
}

/// Lists one open directory for [`walk_deep`]: its results go to the caller's output, and `descend(name, payload)` is
/// called for each subdirectory to walk. `rel` is the directory's path relative to the root, `depth` its depth.
pub(crate) type ListFn<'a, X> =
    dyn FnMut(&Fd, &[u8], u32, &X, &mut DirBuf, &mut dyn FnMut(&[u8], X)) -> Result<(), Fail> + 'a;

/// Walks the subtree below the open directory `top` (at `rel`, `depth`) serially for readdir, glob and scan, holding at
/// most two descriptors beside `top`'s whatever its shape: going down, a directory's descriptor is closed once its
/// child is open; coming back, the parent is reopened as `..` of the child and checked against the identity it had on
/// the way down ([`open_parent`]: a directory moved meanwhile is ESTALE, never listed in the wrong place). The
/// subdirectories still to walk are kept by name, level by level, and the relative path in one buffer, so memory is
/// linear in the depth. Used from [`DEEP_AT`]: a job per subdirectory holds its parent's descriptor until it is opened,
/// and in a tree that is both deep and branching (a "comb": every level with side directories the depth-first walk
/// leaves for later) that is one descriptor per level, EMFILE past the process's limit.
pub(crate) fn walk_deep<X>(
    top: &Fd,
    rel: &[u8],
    depth: u32,
    payload: X,
    dirbuf: &mut DirBuf,
    list: &mut ListFn<'_, X>,
    fail: &dyn Fn(c_int, &[u8]) -> Fail,
) -> Result<(), Fail> {
    struct Frame<X> {
        id: DirId,
        /// The length of the relative path above this directory's own name.
        rel_len: usize,
        depth: u32,
        /// Subdirectories still to walk: NUL-terminated name and payload.
        pending: Vec<(Vec<u8>, X)>,
    }
    let mut rel = rel.to_vec();
    let mut pending = Vec::new();
    list(top, &rel, depth, &payload, dirbuf, &mut |name, x| pending.push((nul_terminated(name), x)))?;
    let mut frames = vec![Frame { id: dir_id(top).map_err(|e| fail(e, &rel))?, rel_len: rel.len(), depth, pending }];
    // The directory being walked: None while it is `top`.
    let mut cur: Option<Fd> = None;
    loop {
        let raw = cur.as_ref().map_or(top.raw(), Fd::raw);
        let frame = frames.last_mut().expect("the top frame stays until the end");
        if let Some((name, x)) = frame.pending.pop() {
            let child_depth = frame.depth + 1;
            let rel_len = rel.len();
            if !rel.is_empty() {
                rel.push(b'/');
            }
            rel.extend_from_slice(&name[..name.len() - 1]);
            let cname = CStr::from_bytes_with_nul(&name).map_err(|_| Fail::from(sys::EINVAL))?;
            let child = Fd::open_dir(raw, cname, false).map_err(|e| fail(e, &rel))?;
            let id = dir_id(&child).map_err(|e| fail(e, &rel))?;
            let mut pending = Vec::new();
            list(&child, &rel, child_depth, &x, dirbuf, &mut |n, x| pending.push((nul_terminated(n), x)))?;
            frames.push(Frame { id, rel_len, depth: child_depth, pending });
            cur = Some(child); // closes the parent
            continue;
        }
        if frames.len() == 1 {
            return Ok(());
        }
        let done = frames.pop().expect("more than one frame");
        rel.truncate(done.rel_len);
        let child = cur.take().expect("a frame below the top has its descriptor");
        cur = if frames.len() == 1 {
            None
        } else {
            let id = frames.last().expect("a parent frame").id;
            Some(open_parent(&child, id).map_err(|e| fail(e, &rel))?)
        };
    }
}

fn nul_terminated(name: &[u8]) -> Vec<u8> {
    let mut n = Vec::with_capacity(name.len() + 1);
    n.extend_from_slice(name);
    n.push(0);
    n
}

/// `base/n1/n2/...` of NUL-terminated names, for the error reports of a deep walk (built only when one fails).
pub(crate) fn join_names<'a>(base: &[u8], names: impl Iterator<Item = &'a [u8]>) -> Vec<u8> {
    let mut rel = base.to_vec();
    for n in names {
        let n = n.strip_suffix(&[0]).unwrap_or(n);
        if n.is_empty() {
            continue;
        }
        if !rel.is_empty() {
            rel.push(b'/');
        }
        rel.extend_from_slice(n);
    }
    rel
}

/// The share of a tree call's result its participants have produced, against the cap the binding can take
/// (`hooks::result_limit`): charged once per directory, so the ordinary path pays one atomic add per directory.
pub(crate) struct Budget {
    used: AtomicUsize,
    limit: usize,
}

impl Budget {
    pub(crate) fn new() -> Budget {
        Budget { used: AtomicUsize::new(0), limit: crate::hooks::result_limit() }
    }

    /// Adds `bytes` of result; EOVERFLOW (naming `root/rel`, the directory that crossed the cap) once the whole result
    /// would be larger than the binding can take: the walk stops there rather than grow a buffer nobody can read.
    #[inline]
    pub(crate) fn charge(&self, bytes: usize, root: &[u8], rel: &[u8]) -> Result<(), Fail> {
        if self.used.fetch_add(bytes, Ordering::Relaxed) + bytes > self.limit {
            return Err(fail_at(sys::EOVERFLOW, root, rel, None));
        }
        Ok(())
    }
}

/// Appends `rel/name` (or `name` at the root) to `out`.
#[inline]
pub(crate) fn push_path(out: &mut Vec<u8>, rel: &[u8], name: &[u8]) {
    if !rel.is_empty() {
        out.extend_from_slice(rel);
        out.push(b'/');
    }
    out.extend_from_slice(name);
}

/// `root/rel` for error reports: what the binding shows the user.
pub(crate) fn full_path(root: &[u8], rel: &[u8]) -> Vec<u8> {
    let mut p = Vec::with_capacity(root.len() + rel.len() + 1);
    p.extend_from_slice(root);
    if !rel.is_empty() {
        if !root.ends_with(b"/") {
            p.push(b'/');
        }
        p.extend_from_slice(rel);
    }
    p
}

/// A failure at `root/rel[/name]`.
pub(crate) fn fail_at(errno: c_int, root: &[u8], rel: &[u8], name: Option<&[u8]>) -> Fail {
    let mut p = full_path(root, rel);
    if let Some(name) = name {
        if !p.ends_with(b"/") {
            p.push(b'/');
        }
        p.extend_from_slice(name);
    }
    Fail::at(errno, p)
}

/// Joins the participants' outputs into one buffer (the calling thread's first, so it is usually not copied).
pub(crate) fn concat(mut outs: Vec<Vec<u8>>) -> Vec<u8> {
    let mut first = if outs.is_empty() { Vec::new() } else { outs.swap_remove(0) };
    let more: usize = outs.iter().map(Vec::len).sum();
    first.reserve(more);
    for o in outs {
        first.extend_from_slice(&o);
    }
    first
}

/// ("dir", "name") of a path, trailing slashes ignored (`a/b/` removes `b` itself, even if it is a link); None for
/// the root directory, which is never removed.
pub(crate) fn split_last(path: &[u8]) -> Option<(&[u8], &[u8])> {
    let end = path.iter().rposition(|&b| b != b'/')? + 1;
    let trimmed = &path[..end];
    Some(match trimmed.iter().rposition(|&b| b == b'/') {
        Some(0) => (&b"/"[..], &trimmed[1..]),
        Some(i) => (&trimmed[..i], &trimmed[i + 1..]),
        None => (&b""[..], trimmed),
    })
}

/// A directory node whose last act, once nothing below it needs it any more, is a post-order step (rm: remove it;
/// cp: set its mode and times). Nodes hold their parent, jobs hold their parent node, so the last reference to a
/// node drops exactly when its whole subtree is done, on whichever participant finished last.
pub(crate) trait PostOrder: Sized {
    /// The post-order step; must be idempotent.
    fn finish(&mut self);
    fn take_parent(&mut self) -> Option<Arc<Self>>;
}

/// The body of a post-order node's `Drop`: finishes the node, then every ancestor this completes, in a loop rather
/// than by recursion through `Drop`, so a deep tree cannot overflow the stack.
pub(crate) fn release_post_order<N: PostOrder>(node: &mut N) {
    node.finish();
    let mut up = node.take_parent();
    while let Some(parent) = up {
        match Arc::into_inner(parent) {
            Some(mut done) => {
                done.finish();
                up = done.take_parent();
            }
            None => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_last_ignores_trailing_slashes() {
        assert_eq!(split_last(b"a/b/c"), Some((&b"a/b"[..], &b"c"[..])));
        assert_eq!(split_last(b"a/b//"), Some((&b"a"[..], &b"b"[..])));
        assert_eq!(split_last(b"/top"), Some((&b"/"[..], &b"top"[..])));
        assert_eq!(split_last(b"name"), Some((&b""[..], &b"name"[..])));
        assert_eq!(split_last(b"/"), None);
        assert_eq!(split_last(b"///"), None);
    }

    #[test]
    fn full_paths_join_with_one_slash() {
        assert_eq!(full_path(b"/r", b""), b"/r");
        assert_eq!(full_path(b"/r/", b"a/b"), b"/r/a/b");
        assert_eq!(fail_at(2, b"r", b"a", Some(b"n")).path.unwrap(), b"r/a/n");
    }
}
