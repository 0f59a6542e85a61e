//! The crate's result codes and its error type, a leaf every other module may use: it depends on nothing in the
//! crate, so the modules point one way (the edge in `boundary`, the families, the walk engine all point here).

use std::os::raw::c_int;

/// Raised when an exported function changes or goes; an added one leaves it (rust/ABI.md).
pub const FSB_ABI_VERSION: i32 = 7;
pub const FSB_E_PANIC: i32 = -1;
pub const FSB_E_RANGE: i32 = -2;
pub const FSB_E_INVAL_PATTERN: i32 = -3;
pub const FSB_E_TOOL: i32 = -4;
pub const FSB_SECOND: i32 = 0x10000;

/// A failed call: its code (errno, possibly with `FSB_SECOND`, or a negative `FSB_E_*`) and, for tree operations and
/// copies, the path it concerns (for `FSB_E_INVAL_PATTERN`, the offending pattern).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Fail {
    pub(crate) code: i32,
    pub(crate) path: Option<Vec<u8>>,
}

impl Fail {
    pub(crate) fn at(code: c_int, path: Vec<u8>) -> Fail {
        Fail { code, path: Some(path) }
    }

    pub(crate) fn panic() -> Fail {
        Fail { code: FSB_E_PANIC, path: None }
    }

    /// Marks the failure as concerning the second path argument of a two-path call.
    pub(crate) fn second(mut self) -> Fail {
        if self.code > 0 {
            self.code |= FSB_SECOND;
        }
        self
    }
}

impl From<c_int> for Fail {
    fn from(errno: c_int) -> Fail {
        Fail { code: errno, path: None }
    }
}

pub(crate) type Outcome = Result<(), Fail>;
