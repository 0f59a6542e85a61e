//! fsbench-native: the filesystem operations of fsbench's `native` backend, as a C ABI (`ABI.md`) for the JNA binding.
//!
//! Map of the crate, from the edge inwards:
//!
//! - `abi`: the exported `fsb_*` symbols, in ABI.md's order; thin: pointer checks, the panic guard, out-parameters.
//! - `boundary`: result codes, argument checks, the failing-path record, result buffers, test hooks.
//! - `single`: the single-path families, one syscall each where the kernel allows it.
//! - `lines`: a range of a text file's lines, read no further than its last line.
//! - `copy`: one regular file's copy (FICLONE, copy_file_range, read/write fallback), shared with `cp`.
//! - the tree calls, one module each: `readdir`, `glob` (with its `pattern` compiler), `scan`, `cp`, `rm`.
//! - `walk`: the engine they share (serial start, fan-out, LIFO stack, errors and panics); `pool`: its persistent
//!   threads; `tree`: directory jobs and post-order nodes; `dirent`: getdents64.
//! - `floor`: a sample's work looped and timed inside the library (`fsb_floor`), and system tools timed as processes
//!   (`fsb_floor_tool`): the reference the harness records beside the backends.
//! - `error`: the result codes and the error type `Fail`; `hooks`: switches tests set (both leaves, depending on nothing
//!   in the crate, so every module points one way).
//! - `sys`, `fd`: the libc declarations (the only place that knows an ABI detail) and owned descriptors.
//!
//! Paths are bytes end to end: a name that is not UTF-8 goes to the kernel as it came.

pub mod abi;
mod boundary;
mod copy;
mod cp;
mod dirent;
mod error;
mod fd;
mod floor;
mod glob;
mod hooks;
mod lines;
mod pool;
mod readdir;
mod rm;
mod scan;
mod single;
mod sys;
mod tree;
mod walk;

pub use abi::*;
pub use boundary::testing;
pub use error::{FSB_ABI_VERSION, FSB_E_INVAL_PATTERN, FSB_E_PANIC, FSB_E_RANGE, FSB_E_TOOL, FSB_SECOND};
