//! `fsb_scan`: every entry below a root with its metadata, read once per entry during the walk (one `statx`, no
//! follow unless asked), returned in columns sorted by path bytes (ABI.md).
//!
//! Following links, a linked directory is descended; a link that leads back to a directory on the current path (found
//! by comparing (dev, ino) with the chain of ancestors, which is what makes it a cycle rather than a second route to
//! the same place) is ELOOP naming the link. A link that cannot be followed (dangling, or a loop of links) is reported
//! as the link itself, as NIO's walker does.

use crate::dirent::DirBuf;
use crate::error::Fail;
use crate::fd::{is_dir, nanos, stat_at_for, stat_fd_for, Fd};
use crate::sys;
use crate::tree::{fail_at, push_path, walk_deep, Budget, DirJob, DEEP_AT};
use crate::walk::{self, Abort, Cx, Visitor};
use std::ffi::{CStr, CString};
use std::sync::Arc;

pub(crate) const FOLLOW: i32 = 1;
pub(crate) const INCLUDE_DIRS: i32 = 2;

pub(crate) fn scan(root: &CStr, flags: i32, concurrency: i32) -> Result<Vec<u8>, Fail> {
    let follow = flags & FOLLOW != 0;
    let ancestry = if follow {
        let fd = Fd::open_dir(sys::AT_FDCWD, root, true).map_err(|e| Fail::at(e, root.to_bytes().to_vec()))?;
        let st = stat_fd_for(&fd, sys::STATX_INO).map_err(|e| Fail::at(e, root.to_bytes().to_vec()))?;
        Some(Arc::new(Ancestor { dev: (st.stx_dev_major, st.stx_dev_minor), ino: st.stx_ino, up: None }))
    } else {
        None
    };
    let scanner = Arc::new(Scanner {
        root: root.to_owned(),
        follow,
        include_dirs: flags & INCLUDE_DIRS != 0,
        budget: Budget::new(),
    });
    let abort = Arc::new(Abort::default());
    let outs = walk::run(&scanner, &abort, vec![DirJob::root(ancestry)], concurrency);
    if let Some(f) = abort.take() {
        return Err(f);
    }
    Ok(pack_sorted(&outs))
}

/// A directory on the path from the root (following links only).
struct Ancestor {
    dev: (u32, u32),
    ino: u64,
    up: Option<Arc<Ancestor>>,
}

impl Drop for Ancestor {
    /// Releases the chain above in a loop: the default drop would recurse once per level and overflow the stack of
    /// a walk 35,000 directories deep.
    fn drop(&mut self) {
        let mut up = self.up.take();
        while let Some(a) = up {
            up = match Arc::into_inner(a) {
                Some(mut last) => last.up.take(),
                None => None,
            };
        }
    }
}

/// The chain of directories above one, when following links (None otherwise).
type Ancestry = Option<Arc<Ancestor>>;

type Job = DirJob<Ancestry>;

#[derive(Default)]
struct Found {
    paths: Vec<u8>,
    records: Vec<Record>,
}

struct Record {
    path_at: usize,
    path_len: u32,
    depth: u32,
    mode: u32,
    size: i64,
    mtime_ns: i64,
}

struct Scanner {
    root: CString,
    follow: bool,
    include_dirs: bool,
    budget: Budget,
}

/// What a scan reads of an entry: its type and permission bits (`mode`), size and modification time, the fields of
/// its result; following links, also the inode that finds a cycle.
const ENTRY_FIELDS: std::os::raw::c_uint = sys::STATX_TYPE | sys::STATX_MODE | sys::STATX_SIZE | sys::STATX_MTIME;

impl Scanner {
    fn stat_entry(&self, dir: &Fd, name: &CStr) -> Result<sys::statx, i32> {
        if !self.follow {
            return stat_at_for(dir.raw(), name, sys::AT_SYMLINK_NOFOLLOW, ENTRY_FIELDS);
        }
        let fields = ENTRY_FIELDS | sys::STATX_INO;
        match stat_at_for(dir.raw(), name, 0, fields) {
            Err(sys::ENOENT | sys::ELOOP) => stat_at_for(dir.raw(), name, sys::AT_SYMLINK_NOFOLLOW, fields),
            r => r,
        }
    }
}

impl Scanner {
    /// Lists the open directory `dir` at `rel` (depth `depth`, its ancestors when following links): its entries to
    /// `found`, its subdirectories to `descend`.
    #[allow(clippy::too_many_arguments)]
    fn list(
        &self,
        dir: &Fd,
        rel: &[u8],
        depth: u32,
        ancestors: &Ancestry,
        dirbuf: &mut DirBuf,
        found: &mut Found,
        descend: &mut dyn FnMut(&[u8], Ancestry),
    ) -> Result<(), Fail> {
        let root = self.root.to_bytes();
        let depth = depth + 1;
        let before = found.paths.len() + found.records.len() * RECORD_BYTES;
        let listed = DirBuf::for_each(dirbuf, dir, |e| {
            let name = e.name.to_bytes();
            let st = self.stat_entry(dir, e.name).map_err(|err| fail_at(err, root, rel, Some(name)))?;
            let is_directory = is_dir(&st);
            if !is_directory || self.include_dirs {
                let path_at = found.paths.len();
                push_path(&mut found.paths, rel, name);
                found.records.push(Record {
                    path_at,
                    path_len: (found.paths.len() - path_at) as u32,
                    depth,
                    mode: st.stx_mode as u32,
                    size: st.stx_size as i64,
                    mtime_ns: nanos(&st.stx_mtime),
                });
            }
            if is_directory {
                let ancestry = match ancestors {
                    None => None,
                    Some(parent) => {
                        let (dev, ino) = ((st.stx_dev_major, st.stx_dev_minor), st.stx_ino);
                        // Only a link or a mount can lead back to a directory on the path (a plain directory entry
                        // goes one level down the filesystem's own tree), so only those are compared with the
                        // chain: a walk d levels deep costs O(d) per link, not O(d) per directory.
                        let may_loop = e.kind == sys::DT_LNK
                            || e.kind == sys::DT_UNKNOWN
                            || st.stx_attributes & sys::STATX_ATTR_MOUNT_ROOT != 0;
                        let mut at = if may_loop { Some(parent) } else { None };
                        while let Some(a) = at {
                            if a.dev == dev && a.ino == ino {
                                return Err(fail_at(sys::ELOOP, root, rel, Some(name)));
                            }
                            at = a.up.as_ref();
                        }
                        Some(Arc::new(Ancestor { dev, ino, up: Some(Arc::clone(parent)) }))
                    }
                };
                descend(name, ancestry);
            }
            Ok(())
        });
        listed.map_err(|f: Fail| if f.path.is_none() { fail_at(f.code, root, rel, None) } else { f })?;
        self.budget.charge(found.paths.len() + found.records.len() * RECORD_BYTES - before, root, rel)
    }
}

impl Visitor for Scanner {
    type Job = Job;
    type Out = Found;

    fn visit(&self, mut job: Job, cx: &mut Cx<Job, Found>) -> Result<(), Fail> {
        let root = self.root.to_bytes();
        let dir = job.open(&self.root, self.follow).map_err(|e| fail_at(e, root, job.rel(), None))?;
        let (dirbuf, found, stack) = cx.split();
        // Following links, a directory reached through one has another parent than `..` says, so the deep walk,
        // which climbs back through `..`, cannot serve it: such a scan keeps a job per directory at every depth.
        if job.depth >= DEEP_AT && !self.follow {
            let mut list =
                |d: &Fd,
                 rel: &[u8],
                 depth: u32,
                 a: &Ancestry,
                 b: &mut DirBuf,
                 down: &mut dyn FnMut(&[u8], Ancestry)| { self.list(d, rel, depth, a, b, found, down) };
            let fail = |e, rel: &[u8]| fail_at(e, root, rel, None);
            return walk_deep(&dir, job.rel(), job.depth, None, dirbuf, &mut list, &fail);
        }
        let dir = Arc::new(dir);
        let ancestors = job.extra.take();
        self.list(&dir, job.rel(), job.depth, &ancestors, dirbuf, found, &mut |name, a| {
            stack.push(job.child(&dir, name, a))
        })
    }
}

/// The bytes an entry takes in the result's columns besides its path (size, mtime, mode, depth, path end).
const RECORD_BYTES: usize = 8 + 8 + 4 + 4 + 4;

/// All participants' records, sorted by path bytes, packed in columns as ABI.md says.
///
/// Why columns rather than one record after another: the binding reads each column with one bulk copy into a Java
/// array and decodes all the paths with one `String` construction, so its per-entry work is a few array loads and two
/// substrings. Record by record it made several buffer reads per entry and a byte-by-byte search for the name, in Java
/// code that the harness's single-shot samples run interpreted or C1-compiled; that decoding cost more than the walk.
fn pack_sorted(outs: &[Found]) -> Vec<u8> {
    let mut all: Vec<(&[u8], &Record)> = Vec::with_capacity(outs.iter().map(|o| o.records.len()).sum());
    for o in outs {
        for r in &o.records {
            all.push((&o.paths[r.path_at..r.path_at + r.path_len as usize], r));
        }
    }
    // Paths are unique, so an unstable sort is exact; slices compare as memcmp, the order ABI.md promises.
    all.sort_unstable_by(|a, b| a.0.cmp(b.0));
    let n = all.len();
    let path_bytes: usize = all.iter().map(|(p, _)| p.len()).sum();
    let columns = 8 + n * (8 + 8 + 4 + 4 + 4);
    let blob_at = (columns + 7) & !7;
    let mut buf = Vec::with_capacity(blob_at + path_bytes);
    buf.extend_from_slice(&(n as i64).to_ne_bytes());
    for (_, r) in &all {
        buf.extend_from_slice(&r.size.to_ne_bytes());
    }
    for (_, r) in &all {
        buf.extend_from_slice(&r.mtime_ns.to_ne_bytes());
    }
    for (_, r) in &all {
        buf.extend_from_slice(&(r.mode as i32).to_ne_bytes());
    }
    for (_, r) in &all {
        buf.extend_from_slice(&(r.depth as i32).to_ne_bytes());
    }
    let mut end = 0usize;
    for (p, _) in &all {
        end += p.len();
        buf.extend_from_slice(&(end as i32).to_ne_bytes());
    }
    buf.resize(blob_at, 0);
    for (p, _) in &all {
        buf.extend_from_slice(p);
    }
    debug_assert_eq!(buf.len(), blob_at + path_bytes);
    buf
}
