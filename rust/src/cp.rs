//! `fsb_cp`: copies a file, a link or a whole tree. Files keep their permission bits, directories are created with
//! theirs, links are recreated (never followed), special files are recreated with `mknodat`; timestamps optionally.
//!
//! Per regular file: open, fstat (mode, size, times), create the target `O_EXCL`, `copy_file_range`, close: no
//! buffer passes through user space. The target's mode is set with `fchmod` only when the umask would have changed
//! it (the umask is read once, see `copy::umask`), so the common 0644/0755 tree costs no extra syscall.
//!
//! Directories are created with owner rwx added so they can be filled even when the source is read-only; their own
//! mode and times are set in post-order (after their content, or copying into them would fail and their mtime would
//! move), by the last job to let go of them (`tree::PostOrder`).
//!
//! A directory copied into itself (the target resolves to the source or below it) is refused with EINVAL before
//! anything is created: that is the only EINVAL cp returns, and the binding relies on it.

use crate::copy::{copy_data, create_target, creation_keeps};
use crate::dirent::{entry_kind, DirBuf};
use crate::error::{Fail, Outcome};
use crate::fd::{check, file_type, is_dir, stat_at_for, stat_fd_for, times_of, Fd, Sys};
use crate::single::{mkdir_all, read_link_at};
use crate::sys;
use crate::tree::{dir_id, join_names, open_parent, release_post_order, split_last, DirId, PostOrder, DEEP_AT};
use crate::walk::{self, Abort, Cx, Visitor};
use std::ffi::{CStr, CString};
use std::os::raw::{c_int, c_uint};
use std::sync::Arc;

pub(crate) const PRESERVE_TIMES: i32 = 1;
pub(crate) const OVERWRITE: i32 = 2;

#[derive(Clone, Copy)]
struct Opts {
    preserve: bool,
    overwrite: bool,
}

impl Opts {
    /// The fields a copy reads of a source entry (`statx`'s mask): its type and permission bits, and its access and
    /// modification times when they are preserved. A regular file adds its size ([`FILE_FIELDS`]).
    fn fields(self) -> c_uint {
        let times = if self.preserve { sys::STATX_ATIME | sys::STATX_MTIME } else { 0 };
        sys::STATX_TYPE | sys::STATX_MODE | times
    }
}

/// What a regular file's copy reads beyond [`Opts::fields`]: the size `copy_data` copies up to.
const FILE_FIELDS: c_uint = sys::STATX_SIZE;

/// A failure and the side it concerns (the target: true).
type SideFail = (c_int, bool);

pub(crate) fn cp(src: &CStr, dst: &CStr, flags: i32, concurrency: i32) -> Outcome {
    let opts = Opts { preserve: flags & PRESERVE_TIMES != 0, overwrite: flags & OVERWRITE != 0 };
    let (src_b, dst_b) = (src.to_bytes(), dst.to_bytes());
    let fail = |(e, target): SideFail| {
        if target {
            Fail::at(e, dst_b.to_vec()).second()
        } else {
            Fail::at(e, src_b.to_vec())
        }
    };
    let st = stat_at_for(sys::AT_FDCWD, src, sys::AT_SYMLINK_NOFOLLOW, opts.fields()).map_err(|e| fail((e, false)))?;
    if !is_dir(&st) {
        let kind = crate::dirent::dtype_of_mode(st.stx_mode as u32);
        return with_parents(dst, || copy_entry(sys::AT_FDCWD, src, sys::AT_FDCWD, dst, kind, opts)).map_err(fail);
    }
    if target_inside_source(src, dst) {
        return Err(Fail::at(sys::EINVAL, dst_b.to_vec()).second());
    }
    let mode = st.stx_mode as u32 & 0o7777;
    let fresh = with_parents(dst, || make_dir(sys::AT_FDCWD, dst, mode)).map_err(fail)?;
    let src_fd = Fd::open_dir(sys::AT_FDCWD, src, false).map_err(|e| fail((e, false)))?;
    let dst_fd = Fd::open_dir(sys::AT_FDCWD, dst, true).map_err(|e| fail((e, true)))?;
    let abort = Arc::new(Abort::default());
    let ctx = Arc::new(Ctx { src: src_b.to_vec(), dst: dst_b.to_vec(), opts, abort: Arc::clone(&abort) });
    let root = Arc::new(Node::new(src_fd, dst_fd, &st, fresh, None, Vec::new(), Arc::clone(&ctx)));
    let copier = Arc::new(Copier { ctx });
    let _ = walk::run(&copier, &abort, vec![Job::List(root)], concurrency);
    abort.take().map_or(Ok(()), Err)
}

/// Runs `op`; if it failed because the target's parent is missing, creates the parents (0777 less the umask, as
/// `mkdir -p`) and runs it once more.
fn with_parents<T>(dst: &CStr, mut op: impl FnMut() -> Result<T, SideFail>) -> Result<T, SideFail> {
    match op() {
        Err((sys::ENOENT, true)) => {
            let (parent, _) = split_last(dst.to_bytes()).ok_or((sys::ENOENT, true))?;
            if parent.is_empty() {
                return Err((sys::ENOENT, true));
            }
            mkdir_all(parent, 0o777).map_err(|e| (e, true))?;
            op()
        }
        r => r,
    }
}

/// Creates the directory `name` in `dir` for a source of permission bits `mode`; Ok(true) if created, Ok(false) if a
/// directory was already there (it is merged into), a failure on the target side otherwise.
fn make_dir(dir: c_int, name: &CStr, mode: u32) -> Result<bool, SideFail> {
    // SAFETY: name is NUL-terminated.
    match check(unsafe { sys::mkdirat(dir, name.as_ptr(), mode | 0o700) }) {
        Ok(()) => Ok(true),
        Err(sys::EEXIST) => match stat_at_for(dir, name, 0, sys::STATX_TYPE) {
            Ok(st) if is_dir(&st) => Ok(false),
            Ok(_) => Err((sys::ENOTDIR, true)),
            Err(e) => Err((e, true)),
        },
        Err(e) => Err((e, true)),
    }
}

/// Whether `dst` is `src` or lies below it, both resolved (links, `.`, `..`) by the kernel; for a `dst` that does not
/// exist yet, its deepest existing ancestor is resolved and the rest appended.
fn target_inside_source(src: &CStr, dst: &CStr) -> bool {
    let Ok(source) = resolve(src) else { return false };
    let dst = dst.to_bytes();
    let mut missing: Vec<&[u8]> = Vec::new();
    let mut at = dst;
    let resolved = loop {
        let Ok(c) = CString::new(if at.is_empty() { &b"."[..] } else { at }) else { return false };
        match resolve(&c) {
            Ok(r) => break r,
            Err(_) => match split_last(at) {
                Some((parent, name)) => {
                    missing.push(name);
                    at = parent;
                }
                None => return false,
            },
        }
    };
    let mut target: Vec<&[u8]> = resolved.split(|&b| b == b'/').filter(|s| !s.is_empty()).collect();
    for name in missing.iter().rev().flat_map(|m| m.split(|&b| b == b'/')) {
        match name {
            b"" | b"." => {}
            b".." => {
                target.pop();
            }
            n => target.push(n),
        }
    }
    let source: Vec<&[u8]> = source.split(|&b| b == b'/').filter(|s| !s.is_empty()).collect();
    target.len() >= source.len() && target[..source.len()] == source[..]
}

/// The canonical absolute path of an existing path: the kernel's name for an `O_PATH` descriptor of it (one open
/// and one readlink, where realpath(3) would lstat every component), or realpath(3) without /proc.
fn resolve(path: &CStr) -> Sys<Vec<u8>> {
    let fd = Fd::open_at(sys::AT_FDCWD, path, sys::O_PATH, 0)?;
    let proc_link = CString::new(format!("/proc/self/fd/{}", fd.raw())).map_err(|_| sys::EINVAL)?;
    match read_link_at(sys::AT_FDCWD, &proc_link) {
        Ok(p) if p.starts_with(b"/") => Ok(p),
        _ => {
            let mut out = [0u8; 4096];
            let mut len = 0;
            crate::single::realpath(path, &mut out, &mut len).map_err(|f| f.code)?;
            Ok(out[..len as usize].to_vec())
        }
    }
}

/// Copies one non-directory entry `sname` of `sdir` (of `d_type` `kind`) to `dname` in `ddir`.
fn copy_entry(sdir: c_int, sname: &CStr, ddir: c_int, dname: &CStr, kind: u8, opts: Opts) -> Result<(), SideFail> {
    let src_side = |e| (e, false);
    let dst_side = |e| (e, true);
    match kind {
        sys::DT_REG => {
            let input = Fd::open_at(sdir, sname, sys::O_RDONLY | sys::O_NOFOLLOW, 0).map_err(src_side)?;
            let st = stat_fd_for(&input, opts.fields() | FILE_FIELDS).map_err(src_side)?;
            let mode = st.stx_mode as u32 & 0o7777;
            let output = create_target(ddir, dname, mode, opts.overwrite).map_err(dst_side)?;
            copy_data(&input, &output, st.stx_size, false)?;
            if !creation_keeps(mode) {
                // SAFETY: output is open.
                check(unsafe { sys::fchmod(output.raw(), mode) }).map_err(dst_side)?;
            }
            if opts.preserve {
                // SAFETY: output is open; two timespecs.
                check(unsafe { sys::futimens(output.raw(), times_of(&st).as_ptr()) }).map_err(dst_side)?;
            }
            output.close().map_err(dst_side)
        }
        sys::DT_LNK => {
            // The times before readlink, which moves the link's access time (relatime), as `cp -a` reads them.
            let st = if opts.preserve {
                Some(stat_at_for(sdir, sname, sys::AT_SYMLINK_NOFOLLOW, opts.fields()).map_err(src_side)?)
            } else {
                None
            };
            let target = read_link_at(sdir, sname).map_err(src_side)?;
            let target = CString::new(target).map_err(|_| src_side(sys::EIO))?;
            // SAFETY: both strings are NUL-terminated.
            let make = || check(unsafe { sys::symlinkat(target.as_ptr(), ddir, dname.as_ptr()) });
            replacing(ddir, dname, opts, make).map_err(dst_side)?;
            if let Some(st) = st {
                // SAFETY: dname is NUL-terminated; two timespecs.
                let rc =
                    unsafe { sys::utimensat(ddir, dname.as_ptr(), times_of(&st).as_ptr(), sys::AT_SYMLINK_NOFOLLOW) };
                check(rc).map_err(dst_side)?;
            }
            Ok(())
        }
        _ => {
            let st = stat_at_for(sdir, sname, sys::AT_SYMLINK_NOFOLLOW, opts.fields()).map_err(src_side)?;
            if is_dir(&st) {
                return Err((sys::EISDIR, false)); // became a directory after it was listed
            }
            let mode = st.stx_mode as u32 & 0o7777;
            let dev = sys::kernel_dev(st.stx_rdev_major, st.stx_rdev_minor);
            // SAFETY: dname is NUL-terminated.
            let make = || check(unsafe { sys::mknodat(ddir, dname.as_ptr(), file_type(&st) | mode, dev as u64) });
            replacing(ddir, dname, opts, make).map_err(dst_side)?;
            if !creation_keeps(mode) {
                // SAFETY: dname is NUL-terminated; the new entry is not a link.
                check(unsafe { sys::fchmodat(ddir, dname.as_ptr(), mode, 0) }).map_err(dst_side)?;
            }
            if opts.preserve {
                // SAFETY: as above.
                let rc =
                    unsafe { sys::utimensat(ddir, dname.as_ptr(), times_of(&st).as_ptr(), sys::AT_SYMLINK_NOFOLLOW) };
                check(rc).map_err(dst_side)?;
            }
            Ok(())
        }
    }
}

/// Creates an entry with `make`; an existing one is replaced (unlinked first) with `overwrite`, else EEXIST. An
/// existing directory is never replaced (EISDIR).
fn replacing(dir: c_int, name: &CStr, opts: Opts, make: impl Fn() -> Sys<()>) -> Sys<()> {
    match make() {
        Err(sys::EEXIST) if opts.overwrite => {
            // SAFETY: name is NUL-terminated.
            match check(unsafe { sys::unlinkat(dir, name.as_ptr(), 0) }) {
                Ok(()) | Err(sys::ENOENT) => make(),
                Err(e) => Err(e),
            }
        }
        r => r,
    }
}

struct Ctx {
    src: Vec<u8>,
    dst: Vec<u8>,
    opts: Opts,
    abort: Arc<Abort>,
}

impl Ctx {
    /// A failure at `rel[/name]` below the side it concerns, recorded in the walk's abort at once: the job that
    /// failed holds the directories above it, and releasing them runs their post-order step, which must see that the
    /// copy has failed (see `rm`'s `Ctx::fail`).
    fn fail(&self, (e, target): SideFail, rel: &[u8], name: Option<&[u8]>) -> Fail {
        let f = crate::tree::fail_at(e, if target { &self.dst } else { &self.src }, rel, name);
        let f = if target { f.second() } else { f };
        self.abort.fail(f.clone());
        f
    }
}

/// A directory being copied: both descriptors, and what to set on the target once its content is in.
struct Node {
    src: Fd,
    dst: Fd,
    /// Mode to set at the end, unless creating the directory already gave it.
    chmod_to: Option<u32>,
    times: Option<[sys::timespec; 2]>,
    parent: Option<Arc<Node>>,
    rel: Vec<u8>,
    /// 0 for the root of the copy.
    depth: u32,
    ctx: Arc<Ctx>,
    finished: bool,
}

impl Node {
    fn new(
        src: Fd,
        dst: Fd,
        st: &sys::statx,
        fresh: bool,
        parent: Option<Arc<Node>>,
        rel: Vec<u8>,
        ctx: Arc<Ctx>,
    ) -> Node {
        let (chmod_to, times) = post_order_of(st, fresh, ctx.opts);
        let depth = parent.as_ref().map_or(0, |p| p.depth + 1);
        Node { src, dst, chmod_to, times, parent, rel, depth, ctx, finished: false }
    }
}

/// What a copied directory's post-order step sets: its mode, unless creating it with owner rwx already gave exactly
/// that (a directory that was there and is merged into gets the source's mode too, as `cp -a` gives it), and its
/// times, when preserving them.
fn post_order_of(st: &sys::statx, fresh: bool, opts: Opts) -> (Option<u32>, Option<[sys::timespec; 2]>) {
    let mode = st.stx_mode as u32 & 0o7777;
    let exact = fresh && mode & 0o700 == 0o700 && creation_keeps(mode);
    ((!exact).then_some(mode), opts.preserve.then(|| times_of(st)))
}

/// Sets a copied directory's mode and times (see [`post_order_of`]) on its open target.
fn set_post_order(dst: &Fd, chmod_to: Option<u32>, times: &Option<[sys::timespec; 2]>) -> Sys<()> {
    // SAFETY: dst is open; times holds two timespecs.
    chmod_to.map_or(Ok(()), |m| check(unsafe { sys::fchmod(dst.raw(), m) }))?;
    times.as_ref().map_or(Ok(()), |t| check(unsafe { sys::futimens(dst.raw(), t.as_ptr()) }))
}

impl PostOrder for Node {
    fn finish(&mut self) {
        if std::mem::replace(&mut self.finished, true) || self.ctx.abort.is_set() {
            return;
        }
        if let Err(e) = set_post_order(&self.dst, self.chmod_to, &self.times) {
            self.ctx.abort.fail(self.ctx.fail((e, true), &self.rel, None));
        }
    }

    fn take_parent(&mut self) -> Option<Arc<Node>> {
        self.parent.take()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        release_post_order(self);
    }
}

enum Job {
    /// An opened directory pair to list (the root).
    List(Arc<Node>),
    /// The subdirectory `name` (NUL-terminated) of `parent`: open the source, create the target, then list.
    Child { parent: Arc<Node>, name: Vec<u8> },
}

struct Copier {
    ctx: Arc<Ctx>,
}

impl Copier {
    fn open_child(&self, parent: Arc<Node>, name: &[u8]) -> Result<Arc<Node>, Fail> {
        let ctx = &self.ctx;
        let bare = &name[..name.len() - 1];
        let mut rel = Vec::with_capacity(parent.rel.len() + name.len() + 1);
        crate::tree::push_path(&mut rel, &parent.rel, bare);
        let fail = |side: SideFail| ctx.fail(side, &rel, None);
        let cname = CStr::from_bytes_with_nul(name).map_err(|_| Fail::from(sys::EIO))?;
        let src = Fd::open_dir(parent.src.raw(), cname, false).map_err(|e| fail((e, false)))?;
        let st = stat_fd_for(&src, ctx.opts.fields()).map_err(|e| fail((e, false)))?;
        let fresh = make_dir(parent.dst.raw(), cname, st.stx_mode as u32 & 0o7777).map_err(fail)?;
        let dst = Fd::open_dir(parent.dst.raw(), cname, false).map_err(|e| fail((e, true)))?;
        Ok(Arc::new(Node::new(src, dst, &st, fresh, Some(parent), rel, Arc::clone(ctx))))
    }
}

impl Copier {
    /// Lists the source directory `src`, copying every entry that is not a directory into `dst` and handing each
    /// subdirectory's name to `subdir`. `rel` names both in an error report (called only on failure).
    fn fill(
        &self,
        dirbuf: &mut DirBuf,
        src: &Fd,
        dst: &Fd,
        rel: &dyn Fn() -> Vec<u8>,
        mut subdir: impl FnMut(&CStr),
    ) -> Result<(), Fail> {
        let ctx = &self.ctx;
        let listed = dirbuf.for_each(src, |e| {
            let name = e.name.to_bytes();
            let kind = entry_kind(src, &e).map_err(|err| ctx.fail((err, false), &rel(), Some(name)))?;
            if kind == sys::DT_DIR {
                subdir(e.name);
                return Ok(());
            }
            copy_entry(src.raw(), e.name, dst.raw(), e.name, kind, ctx.opts)
                .map_err(|side| ctx.fail(side, &rel(), Some(name)))
        });
        listed.map_err(|f: Fail| if f.path.is_none() { ctx.fail((f.code, false), &rel(), None) } else { f })
    }

    /// Copies the content of `node`'s directory serially, with at most four descriptors beside the node's two
    /// whatever the depth, as `rm`'s deep walk does: going down, a directory pair's descriptors are closed once the
    /// child pair is open; coming back, each side's parent is reopened as `..` of the child and checked against its
    /// identity on the way down (`tree::open_parent`: ESTALE if it moved). A directory's mode and times are set when
    /// its content is in, as the node's post-order step does. Used below [`DEEP_AT`].
    fn copy_deep(&self, dirbuf: &mut DirBuf, node: &Node) -> Outcome {
        struct Frame {
            src_id: DirId,
            dst_id: DirId,
            /// NUL-terminated name in the parent ("" for the node's own pair).
            name: Vec<u8>,
            pending: Vec<Vec<u8>>,
            chmod_to: Option<u32>,
            times: Option<[sys::timespec; 2]>,
        }
        let ctx = &self.ctx;
        let rel_of = |frames: &[Frame], name: Option<&[u8]>| {
            join_names(&node.rel, frames.iter().map(|f| &f.name[..]).chain(name))
        };
        let fail = |side: SideFail, frames: &[Frame], name: Option<&[u8]>| ctx.fail(side, &rel_of(frames, name), None);
        let ids = |src: &Fd, dst: &Fd| -> Result<(DirId, DirId), SideFail> {
            Ok((dir_id(src).map_err(|e| (e, false))?, dir_id(dst).map_err(|e| (e, true))?))
        };
        let (src_id, dst_id) = ids(&node.src, &node.dst).map_err(|side| fail(side, &[], None))?;
        let mut pending = Vec::new();
        self.fill(dirbuf, &node.src, &node.dst, &|| node.rel.clone(), |n| {
            pending.push(n.to_bytes_with_nul().to_vec())
        })?;
        let mut frames = vec![Frame { src_id, dst_id, name: Vec::new(), pending, chmod_to: None, times: None }];
        // The directory pair being filled: None while it is the node's own.
        let mut cur: Option<(Fd, Fd)> = None;
        loop {
            if ctx.abort.is_set() {
                return Ok(());
            }
            let (sraw, draw) = cur.as_ref().map_or((node.src.raw(), node.dst.raw()), |(s, d)| (s.raw(), d.raw()));
            if let Some(name) = frames.last_mut().and_then(|f| f.pending.pop()) {
                let cname = CStr::from_bytes_with_nul(&name).map_err(|_| Fail::from(sys::EINVAL))?;
                let at = |side: SideFail| (side, Some(name.clone()));
                let opened = (|| {
                    let src = Fd::open_dir(sraw, cname, false).map_err(|e| at((e, false)))?;
                    let st = stat_fd_for(&src, ctx.opts.fields()).map_err(|e| at((e, false)))?;
                    let fresh = make_dir(draw, cname, st.stx_mode as u32 & 0o7777).map_err(at)?;
                    let dst = Fd::open_dir(draw, cname, false).map_err(|e| at((e, true)))?;
                    let (src_id, dst_id) = ids(&src, &dst).map_err(at)?;
                    Ok((src, dst, st, fresh, src_id, dst_id))
                })();
                let (src, dst, st, fresh, src_id, dst_id) =
                    opened.map_err(|(side, n): (SideFail, Option<Vec<u8>>)| fail(side, &frames, n.as_deref()))?;
                let (chmod_to, times) = post_order_of(&st, fresh, ctx.opts);
                frames.push(Frame { src_id, dst_id, name, pending: Vec::new(), chmod_to, times });
                let mut pending = Vec::new();
                self.fill(dirbuf, &src, &dst, &|| rel_of(&frames, None), |n| {
                    pending.push(n.to_bytes_with_nul().to_vec())
                })?;
                frames.last_mut().expect("just pushed").pending = pending;
                cur = Some((src, dst)); // closes the parents
                continue;
            }
            if frames.len() == 1 {
                return Ok(());
            }
            let (src, dst) = cur.take().expect("a frame below the node's has its descriptors");
            let done = frames.last().expect("more than one frame");
            set_post_order(&dst, done.chmod_to, &done.times).map_err(|e| fail((e, true), &frames, None))?;
            frames.pop();
            if frames.len() > 1 {
                let up = frames.last().expect("a parent frame");
                let s = open_parent(&src, up.src_id).map_err(|e| fail((e, false), &frames, None))?;
                let d = open_parent(&dst, up.dst_id).map_err(|e| fail((e, true), &frames, None))?;
                cur = Some((s, d));
            }
        }
    }
}

impl Visitor for Copier {
    type Job = Job;
    type Out = ();

    fn visit(&self, job: Job, cx: &mut Cx<Job, ()>) -> Result<(), Fail> {
        let node = match job {
            Job::List(node) => node,
            Job::Child { parent, name } => self.open_child(parent, &name)?,
        };
        let (dirbuf, _, stack) = cx.split();
        if node.depth >= DEEP_AT {
            return self.copy_deep(dirbuf, &node);
        }
        self.fill(dirbuf, &node.src, &node.dst, &|| node.rel.clone(), |name| {
            stack.push(Job::Child { parent: Arc::clone(&node), name: name.to_bytes_with_nul().to_vec() });
        })
    }
}
