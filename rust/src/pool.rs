//! The persistent worker pool: threads are created once, lazily (when a walk first fans out), and reused by every
//! later call. A call never spawns threads of its own, so a tree operation costs no thread creation after the first.
//!
//! The pool only runs "help with this walk" tasks (`walk.rs`); it holds no per-call state. Threads never exit: they
//! sleep on a condition variable between calls and cost nothing then. A thread that cannot be created (EAGAIN) is
//! not an error: helpers are optional, the calling thread always finishes a walk by itself.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::{Duration, Instant};

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

/// How many of the latest wake-ups the estimate keeps.
const WAKES_KEPT: usize = 8;

/// How long a measured wake-up counts. A walk that fans out measures its own wake-ups within a millisecond, so the
/// estimate needs no longer memory to follow the machine; and it must forget: an estimate that remembered one slow
/// wake-up for ever (as a running average did: one helper kept off its core for milliseconds by the JVM's compiler
/// threads) kept every later walk of the process serial, since a walk kept serial then measured none (it now measures
/// one, [`probe`]). On two cores that left whole benchmark forks of `rm` at 16,000 files serial at 91 ms beside forks
/// at 47.
const WAKE_MEMORY: Duration = Duration::from_millis(250);

/// The latest wake-ups: from a task's submission to its start on an idle pool thread, and when each was measured.
struct Wakes {
    nanos: [u64; WAKES_KEPT],
    at: [Option<Instant>; WAKES_KEPT],
    next: usize,
}

static WAKES: Mutex<Wakes> = Mutex::new(Wakes { nanos: [0; WAKES_KEPT], at: [None; WAKES_KEPT], next: 0 });

/// How long it takes this machine, lately, to get an idle pool thread running on a submitted task (the walks weigh
/// their fan-out against it, `walk.rs`). Thread creation is not counted: it is paid once per thread, not per wake-up.
pub(crate) fn wake_nanos() -> u64 {
    estimate(&WAKES.lock().unwrap_or_else(|e| e.into_inner()), Instant::now())
}

/// Notes the wake-up of a task queued at `queued`, now that it starts.
fn note_wake(queued: Instant) {
    note(&mut WAKES.lock().unwrap_or_else(|e| e.into_inner()), nanos_since(queued), Instant::now());
}

/// The time since `since` in nanoseconds, saturating.
pub(crate) fn nanos_since(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// Keeps `nanos`, measured at `now`, in place of the oldest of the kept wake-ups.
fn note(w: &mut Wakes, nanos: u64, now: Instant) {
    let k = w.next;
    w.nanos[k] = nanos;
    w.at[k] = Some(now);
    w.next = (k + 1) % WAKES_KEPT;
}

/// The lower median of the wake-ups measured within [`WAKE_MEMORY`] of `now`, or [`WAKE_DEFAULT_NANOS`] without one;
/// never 0. A median, so that one helper kept waiting by something else on the machine does not decide for the next
/// walks; the lower one, so that of two wake-ups the slow one is the outlier.
fn estimate(w: &Wakes, now: Instant) -> u64 {
    let mut recent = [0u64; WAKES_KEPT];
    let mut n = 0;
    for k in 0..WAKES_KEPT {
        if let Some(at) = w.at[k] {
            if now.saturating_duration_since(at) < WAKE_MEMORY {
                recent[n] = w.nanos[k];
                n += 1;
            }
        }
    }
    if n == 0 {
        return WAKE_DEFAULT_NANOS;
    }
    let recent = &mut recent[..n];
    recent.sort_unstable();
    recent[(n - 1) / 2].max(1)
}

/// Measures one wake-up without work to hand over: a walk long enough to have been judged but left serial calls this
/// as it ends, so that serial walks keep the estimate current as fanned-out ones do (why: `walk.rs`). A probe wakes an
/// idle thread only: it never creates one nor queues behind work.
pub(crate) fn probe() {
    let p = pool();
    let mut st = p.state.lock().unwrap_or_else(|e| e.into_inner());
    if queue_probe(&mut st) {
        drop(st);
        p.wake.notify_one();
    }
}

/// Queues a timed empty task if a thread is idle and nothing waits for it; whether it did.
fn queue_probe(st: &mut State) -> bool {
    if st.idle <= st.tasks.len() {
        return false;
    }
    let queued = Instant::now();
    st.tasks.push_back(Box::new(move || note_wake(queued)));
    true
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
            note_wake(queued);
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

    fn wakes(samples: &[(u64, Duration)], now: Instant) -> Wakes {
        let mut w = Wakes { nanos: [0; WAKES_KEPT], at: [None; WAKES_KEPT], next: 0 };
        for (k, &(nanos, age)) in samples.iter().enumerate() {
            w.nanos[k] = nanos;
            w.at[k] = Some(now - age);
        }
        w
    }

    #[test]
    fn without_a_recent_wake_up_the_estimate_is_the_default() {
        let now = Instant::now() + Duration::from_secs(10);
        assert_eq!(estimate(&wakes(&[], now), now), WAKE_DEFAULT_NANOS);
        let old = wakes(&[(5_000_000, WAKE_MEMORY), (9_000_000, Duration::from_secs(5))], now);
        assert_eq!(estimate(&old, now), WAKE_DEFAULT_NANOS, "a slow wake-up is forgotten");
    }

    #[test]
    fn one_slow_wake_up_does_not_decide_but_a_busier_machine_does() {
        let now = Instant::now() + Duration::from_secs(10);
        let ms = Duration::from_millis(1);
        let one_slow = wakes(&[(12_000, ms), (5_000_000, ms), (15_000, ms)], now);
        assert_eq!(estimate(&one_slow, now), 15_000);
        let two = wakes(&[(5_000_000, ms), (14_000, ms)], now);
        assert_eq!(estimate(&two, now), 14_000, "of two, the slow one is the outlier");
        let busy: Vec<(u64, Duration)> = (0..WAKES_KEPT as u64).map(|k| (200_000 + k, ms)).collect();
        assert_eq!(estimate(&wakes(&busy, now), now), 200_003, "a machine busy for every helper is seen");
        assert_eq!(estimate(&wakes(&[(0, ms)], now), now), 1, "never 0");
    }

    #[test]
    fn a_probe_wakes_an_idle_thread_only() {
        let mut st = State { tasks: VecDeque::new(), threads: 0, idle: 0 };
        assert!(!queue_probe(&mut st), "no thread: none is created for a probe");
        st.threads = 2;
        st.idle = 1;
        assert!(queue_probe(&mut st));
        assert_eq!(st.tasks.len(), 1);
        assert!(!queue_probe(&mut st), "the idle thread already has a task waiting for it");
        assert_eq!(st.tasks.len(), 1);
        // The queued probe notes one wake-up when it runs.
        let started = Instant::now();
        (st.tasks.pop_front().unwrap())();
        let w = WAKES.lock().unwrap();
        assert!(w.at.iter().flatten().any(|&at| at >= started), "no wake-up noted");
    }

    #[test]
    fn the_latest_wake_ups_are_kept_in_place_of_the_oldest() {
        let now = Instant::now();
        let mut w = wakes(&[], now);
        for k in 0..WAKES_KEPT as u64 {
            note(&mut w, 100_000 + k, now);
        }
        assert_eq!(estimate(&w, now), 100_003);
        for _ in 0..WAKES_KEPT / 2 + 1 {
            note(&mut w, 7_000, now);
        }
        assert_eq!(estimate(&w, now), 7_000, "five quick ones of eight outvote three slow ones");
        assert_eq!(w.nanos.iter().filter(|&&n| n == 7_000).count(), WAKES_KEPT / 2 + 1);
    }
}
