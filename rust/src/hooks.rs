//! Switches that tests flip and the library reads (a leaf: `boundary::testing` sets them, the walk engine and the
//! tree calls read them, and neither side depends on the other for it).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Set by `testing::fan_out_without_delay`: tree walks fan out as soon as enough directories wait (`walk::Gate::Open`),
/// with as many participants as asked even beyond the cores.
pub(crate) static NO_DELAY: AtomicBool = AtomicBool::new(false);

/// Set by `testing::limit_results`: a smaller cap than [`RESULT_LIMIT`] on a tree call's result (0: none set).
pub(crate) static TEST_RESULT_LIMIT: AtomicUsize = AtomicUsize::new(0);

/// The largest result a tree call hands over, in bytes: what the binding can take in one Java array
/// (`Integer.MAX_VALUE - 8`, as `Files.readAllBytes` knows it); scan's path offsets are 32-bit too.
pub(crate) const RESULT_LIMIT: usize = i32::MAX as usize - 8;

/// The cap on a tree call's result in this process.
#[inline]
pub(crate) fn result_limit() -> usize {
    match TEST_RESULT_LIMIT.load(Ordering::Relaxed) {
        0 => RESULT_LIMIT,
        n => n.min(RESULT_LIMIT),
    }
}
