//! The persistent worker pool: threads are created once, lazily (when a walk first fans out), and reused by every
//! later call. A call never spawns threads of its own, so a tree operation costs no thread creation after the first.
//!
//! The pool only runs "help with this walk" tasks (`walk.rs`); it holds no per-call state. Threads never exit: they
//! sleep on a condition variable between calls and cost nothing then. A thread that cannot be created (EAGAIN) is
//! not an error: helpers are optional, the calling thread always finishes a walk by itself.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, OnceLock};

type Task = Box<dyn FnOnce() + Send + 'static>;

/// More would only queue on the run queue of the machines this runs on; explicit concurrencies above it are clamped.
pub(crate) const MAX_THREADS: usize = 64;

struct Pool {
    state: Mutex<State>,
    wake: Condvar,
}

struct State {
    tasks: VecDeque<Task>,
    threads: usize,
    idle: usize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        state: Mutex::new(State { tasks: VecDeque::new(), threads: 0, idle: 0 }),
        wake: Condvar::new(),
    })
}

/// Runs `task` on a pool thread, creating one if every existing thread is busy.
pub(crate) fn submit(task: Task) {
    let p = pool();
    let mut st = p.state.lock().unwrap_or_else(|e| e.into_inner());
    st.tasks.push_back(task);
    let grow = st.idle < st.tasks.len() && st.threads < MAX_THREADS;
    if grow {
        st.threads += 1;
    }
    let id = st.threads;
    drop(st);
    p.wake.notify_one();
    if grow {
        let spawned = std::thread::Builder::new().name(format!("fsb-worker-{id}")).spawn(work);
        if spawned.is_err() {
            p.state.lock().unwrap_or_else(|e| e.into_inner()).threads -= 1;
        }
    }
}

/// Number of threads created so far.
#[cfg(test)]
pub(crate) fn threads() -> usize {
    pool().state.lock().unwrap_or_else(|e| e.into_inner()).threads
}

fn work() {
    let p = pool();
    let mut st = p.state.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        if let Some(task) = st.tasks.pop_front() {
            drop(st);
            // Tasks contain their own panics (walk.rs); this is the backstop that keeps the thread alive.
            let _ = catch_unwind(AssertUnwindSafe(task));
            st = p.state.lock().unwrap_or_else(|e| e.into_inner());
            continue;
        }
        st.idle += 1;
        st = p.wake.wait(st).unwrap_or_else(|e| e.into_inner());
        st.idle -= 1;
    }
}
