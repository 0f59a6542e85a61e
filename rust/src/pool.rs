//! The persistent worker pool: threads are created once, lazily (when a walk first fans out), and reused by every
//! later call. A call never spawns threads of its own, so a tree operation costs no thread creation after the first.
//!
//! The pool only runs "help with this walk" tasks (`walk.rs`); it holds no per-call state. Threads never exit: they
//! sleep on a condition variable between calls and cost nothing then. A thread that cannot be created (EAGAIN) is
//! not an error: helpers are optional, the calling thread always finishes a walk by itself.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Instant;

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

/// What waking an idle pool thread costs on this machine until one has been measured: the upper end of a futex wake
/// and a trip through the scheduler on an idle machine (5-20 us).
pub(crate) const WAKE_DEFAULT_NANOS: u64 = 20_000;

/// The measured cost of a wake-up: from a task's submission to its start on an idle pool thread, averaged over the
/// recent ones (each new one weighs a quarter), so a machine that gets busier is seen within a few fan-outs.
static WAKE_NANOS: AtomicU64 = AtomicU64::new(WAKE_DEFAULT_NANOS);

/// How long it takes this machine, lately, to get an idle pool thread running on a submitted task (the walks weigh
/// their fan-out against it, `walk.rs`). Thread creation is not counted: it is paid once per thread, not per wake-up.
pub(crate) fn wake_nanos() -> u64 {
    WAKE_NANOS.load(Ordering::Relaxed)
}

fn note_wake(nanos: u64) {
    // A lost update between two racing notes only drops one sample of an average.
    WAKE_NANOS.store(averaged(WAKE_NANOS.load(Ordering::Relaxed), nanos), Ordering::Relaxed);
}

/// The running average after one more wake-up of `nanos`: the new one weighs a quarter; never 0.
fn averaged(old: u64, nanos: u64) -> u64 {
    (old - old / 4).saturating_add(nanos / 4).max(1)
}

/// Runs `task` on a pool thread, creating one if every existing thread is busy.
pub(crate) fn submit(task: Task) {
    let p = pool();
    let mut st = p.state.lock().unwrap_or_else(|e| e.into_inner());
    let grow = st.idle <= st.tasks.len() && st.threads < MAX_THREADS;
    let task: Task = if grow {
        task
    } else {
        let queued = Instant::now();
        Box::new(move || {
            note_wake(u64::try_from(queued.elapsed().as_nanos()).unwrap_or(u64::MAX));
            task()
        })
    };
    st.tasks.push_back(task);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wake_up_average_follows_the_machine_within_a_few_samples() {
        let mut avg = WAKE_DEFAULT_NANOS;
        for _ in 0..12 {
            avg = averaged(avg, 200_000);
        }
        assert!((190_000..=200_000).contains(&avg), "a busier machine is seen: {avg}");
        for _ in 0..12 {
            avg = averaged(avg, 0);
        }
        assert!((1..10_000).contains(&avg), "and a quieter one: {avg}");
        assert!(averaged(u64::MAX, u64::MAX) > u64::MAX / 2, "saturates, never wraps");
    }
}
