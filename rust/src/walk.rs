//! The tree-walk engine shared by readdir, glob, scan, cp and rm: a stack of directory jobs worked by the calling
//! thread, which brings in pool workers only when enough work is pending to pay for waking them.
//!
//! # Why it starts serial, and when it fans out
//!
//! Waking a pool thread costs a futex wake plus a trip through the scheduler: 5-20 us on an idle machine, far more on
//! a loaded 2-core one. Listing one small directory costs 1.5-5 us (open, two getdents64, close). A 4-file tree is
//! done before a worker would even start, and the seed's native library lost up to 7x on tiny trees by setting up
//! workers before looking at the tree. So the calling thread walks alone, with a plain `Vec` as its stack (no lock,
//! no atomic), and fans out only when the walk has shown that helpers will pay, judged with what this machine and this
//! walk have measured rather than with fixed times:
//!
//! - [`FAN_OUT_AT`] directories are waiting on its stack: the tree has proved wide enough that there is work to hand
//!   over at all (a chain of single directories never fans out);
//! - the walk has already run for [`ALONE_FOR`] wake-ups, a wake-up being what the pool measured it to cost lately on
//!   this machine (`pool::wake_nanos`: the lower median of the latest, 20 us when none is recent), and for fifty of
//!   those 20 us at least: work done sooner than that cannot gain from helpers, and on a busy machine, where a helper
//!   takes long to get a core, the walk waits longer before it asks for one;
//! - the work left, estimated as the directories waiting times the time each directory has taken so far (a lower
//!   bound: a waiting directory may hold more), is worth [`PAYBACK`] wake-ups for every helper brought in beside the
//!   calling thread, and no more helpers are brought than it pays for.
//!
//! Helpers are also bounded by the cores the process may run on (`std::thread::available_parallelism`: its affinity
//! mask and cgroup quota), whatever the caller asked: a participant without a core to run on holds work the others
//! then wait for, which is how 4 participants on 2 cores made a readdir slower than 1. The default is every core, at
//! most 8. Measured with examples/treebench on the 1000-file benchmark tree (82 directories), a serial recursive
//! readdir took 150 us and fanning out at once made it slower (175-210 us): the helper's wake-up and the handoffs
//! cost more than the directories it took over, which is why the gate waits for many wake-ups' worth.
//!
//! Called from a JVM on two cores, the helper also competes with the JVM's own threads and the rest of the machine,
//! and what a wake-up costs is a poor guide to how long the helper keeps its core: with a gate of ten wake-ups (200 us
//! here), the default concurrency made tree-1000 calls of 0.45 to 1.9 ms fan out, and lost to a serial walk as
//! often as it won (the 2026-12-06 runs: glob 0.65 ms against 0.47 at c1 in one, readdir 0.85 against 0.50 in its
//! repetition). What pays on two cores is a long walk: readdir of the 168,751-entry tree took 64 ms at the default
//! and 107 ms serially. So the calling thread walks alone for fifty wake-ups (1 ms idle, more on a busy machine), which
//! keeps walks of a millisecond or two serial, and then brings a helper in while twice twenty-five wake-ups' worth of
//! work is left (one share stays with it): the cp of the benchmark's 1,000 files, 10 ms serially, fans out with
//! wake-ups of up to about 70 us, the rm (6 ms) up to about 40 us, the scan (2 ms) not on an idle machine. With the
//! same fifty for both, cp fanned out only below about 40 us, inside the range this machine's wake-ups measure, and
//! whole forks of one run walked serially beside forks that fanned out.
//!
//! Where a walk's line is that near what wake-ups measure, the estimate must follow the machine in both states. When
//! only walks that fanned out measured wake-ups, a few slow ones made the next walks serial and nothing refreshed the
//! estimate until it was forgotten: the rm of tree-1000 switched state in runs of 8 to 22 samples within one benchmark
//! fork, and a cell and its floor differed by which state each spent longer in. So a walk that has run long enough to
//! be judged and ends serial measures one wake-up all the same (`pool::probe`: an empty task for an idle thread, never
//! a new one); and as measured wake-ups of 5-10 us would then let walks of under a millisecond fan out, the walk goes
//! alone for fifty of the 20 us default at least.
//!
//! Below the thresholds the cost of concurrency support is one comparison per directory; the clock is read only when
//! the stack is deep enough.
//!
//! # Why a LIFO stack (depth first)
//!
//! A job holds a reference to its parent directory's descriptor (it opens itself relative to it, which is also what
//! makes rm safe against a directory being swapped for a link). Depth first keeps the number of open descriptors near
//! depth x participants: siblings waiting on the stack share their parent's descriptor, and a directory's descriptor
//! closes as soon as its last child has been opened. Breadth first would hold the whole frontier open (EMFILE on wide
//! trees) and grow the queue to the width of the tree. Depth first also finishes subtrees early, which lets rm and cp
//! run their post-order step (rmdir, directory mode and times) while the descriptors are still warm.
//!
//! A chain of directories keeps one descriptor open at a time for readdir, glob and scan; rm and cp keep every
//! ancestor's (their post-order step needs it), so below `tree::DEEP_AT` they stop making jobs and walk the rest of
//! the subtree serially with a bounded number of descriptors (see `rm::Remover::empty_deep`). The stack is a `Vec`
//! on the heap at every depth; nothing recurses, and chains of `Arc`s (post-order nodes, scan's ancestors) are
//! released in loops.
//!
//! # Sharing
//!
//! Once fanned out, each participant still works its own stack. It hands the *bottom* half of its stack (the oldest,
//! shallowest jobs: the biggest subtrees, so a handoff buys the most work per lock) to the shared queue when a
//! participant is waiting for work, or while more helpers may be recruited. A participant with an empty stack takes
//! from the shared queue or sleeps. The walk is over when no participant holds work and the queue is empty.
//!
//! Errors and panics: the first failure is kept in the walk's [`Abort`], every participant then drops its remaining
//! jobs, and the call waits until every helper has left before it returns, so nothing keeps running after the call.

use crate::dirent::DirBuf;
use crate::error::Fail;
use crate::pool;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::Instant;

/// Directories that must be waiting on the calling thread's stack before pool workers are woken (see the module
/// documentation): 8 pending directories are 12-40 us of work at least.
pub(crate) const FAN_OUT_AT: usize = 8;

/// How many wake-ups the calling thread walks alone first (see the module documentation): fifty, 1 ms on an idle
/// machine. Ten (200 us) let walks of under 2 ms fan out, and on two cores beside a JVM those lost to a serial walk as
/// often as they won.
pub(crate) const ALONE_FOR: u64 = 50;

/// How many wake-ups' worth of work a helper must take over to be worth waking (see the module documentation):
/// twenty-five, 0.5 ms on an idle machine. Fifty, the same as [`ALONE_FOR`], put the line for the benchmark's cp of
/// 1,000 files at a wake-up of about 40 us, inside what this machine's wake-ups measure, so whole forks of one run
/// walked serially (11 ms) beside forks that fanned out (7 ms).
pub(crate) const PAYBACK: u64 = 25;

/// What a tree operation does with one directory job. `visit` reads the directory and pushes the subdirectories to
/// walk as new jobs on the stack [`Cx::split`] hands out.
pub(crate) trait Visitor: Send + Sync + 'static {
    type Job: Send + 'static;
    type Out: Send + Default + 'static;
    fn visit(&self, job: Self::Job, cx: &mut Cx<Self::Job, Self::Out>) -> Result<(), Fail>;
}

/// One participant's private state: its stack, its share of the result, its getdents buffer.
pub(crate) struct Cx<J, O> {
    pub(crate) out: O,
    pub(crate) dir: DirBuf,
    stack: Vec<J>,
    holding: bool,
}

impl<J, O: Default> Cx<J, O> {
    fn new(stack: Vec<J>) -> Cx<J, O> {
        Cx { out: O::default(), dir: DirBuf::new(), stack, holding: false }
    }

    /// The buffer, the output and the stack at once, for a visit that pushes jobs while it lists a directory.
    #[inline]
    pub(crate) fn split(&mut self) -> (&mut DirBuf, &mut O, &mut Vec<J>) {
        (&mut self.dir, &mut self.out, &mut self.stack)
    }
}

/// The first failure of a walk, and the flag every participant checks between jobs.
#[derive(Default)]
pub(crate) struct Abort {
    flag: AtomicBool,
    first: Mutex<Option<Fail>>,
}

impl Abort {
    pub(crate) fn fail(&self, f: Fail) {
        let mut first = self.first.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_none() {
            *first = Some(f);
        }
        self.flag.store(true, Ordering::Release);
    }

    #[inline]
    pub(crate) fn is_set(&self) -> bool {
        self.flag.load(Ordering::Acquire)
    }

    pub(crate) fn take(&self) -> Option<Fail> {
        self.first.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// The most participants the library chooses by itself (concurrency 0), however many cores there are: beyond it the
/// filesystem's own locks, not the cores, bound a walk.
pub(crate) const DEFAULT_MAX_PARTICIPANTS: usize = 8;

/// How many pool workers a call may use beside the calling thread on a machine of `cores` cores: 0 = the library
/// decides (one per core, at most [`DEFAULT_MAX_PARTICIPANTS`]), 1 = none, n = n - 1 (the calling thread is one of
/// the n), never more participants than cores unless `oversubscribe` (tests that need the parallel path on any
/// machine).
pub(crate) fn helper_budget(concurrency: i32, cores: usize, oversubscribe: bool) -> usize {
    let cores = cores.max(1);
    let participants = match concurrency {
        c if c <= 0 => cores.min(DEFAULT_MAX_PARTICIPANTS),
        c if oversubscribe => (c as usize).min(pool::MAX_THREADS + 1),
        c => (c as usize).min(cores).min(pool::MAX_THREADS + 1),
    };
    participants - 1
}

/// The cores this process may run on, asked once: available_parallelism reads the affinity mask and the cgroup quota
/// files, far too slow to ask per call.
fn cores() -> usize {
    static N: OnceLock<usize> = OnceLock::new();
    *N.get_or_init(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1))
}

/// How long the calling thread walks alone: [`ALONE_FOR`] wake-ups, and never less than fifty of the default's 20 us
/// (1 ms). Quick wake-ups make helpers cheap, not short walks long enough to share: with wake-ups measured at 5-10 us,
/// fifty of them would let walks of under a millisecond fan out, which lose to a serial walk as often as they win.
fn alone_nanos(wake_nanos: u64) -> u64 {
    ALONE_FOR.saturating_mul(wake_nanos.max(pool::WAKE_DEFAULT_NANOS))
}

/// When the calling thread brings helpers in (see the module documentation).
#[derive(Clone, Copy)]
enum Gate {
    /// As soon as [`FAN_OUT_AT`] directories wait, with every helper the budget allows (tests).
    Open,
    /// After `ALONE_FOR` wake-ups of `wake_nanos` (1 ms at least), with as many helpers as the work left pays for
    /// (`PAYBACK` each).
    Measured { wake_nanos: u64 },
}

impl Gate {
    /// Whether a walk that has run `elapsed_nanos` was long enough for the gate to weigh helpers: one that ends
    /// serial after that measures a wake-up all the same (`pool::probe`), so that the next walks are judged with the
    /// machine's wake-ups of now, not with the slow ones that made this one serial.
    fn judged(self, elapsed_nanos: u64) -> bool {
        match self {
            Gate::Open => false,
            Gate::Measured { wake_nanos } => elapsed_nanos >= alone_nanos(wake_nanos),
        }
    }

    /// How many helpers to bring in now, `elapsed_nanos` into a walk that has visited `visited` directories and has
    /// `pending` waiting; 0 = not yet. At most `budget`.
    fn helpers(self, elapsed_nanos: u64, visited: u64, pending: usize, budget: usize) -> usize {
        if pending < FAN_OUT_AT || budget == 0 {
            return 0;
        }
        let wake_nanos = match self {
            Gate::Open => return budget,
            Gate::Measured { wake_nanos } => wake_nanos.max(1),
        };
        if elapsed_nanos < alone_nanos(wake_nanos) || visited == 0 {
            return 0;
        }
        let share = PAYBACK.saturating_mul(wake_nanos);
        let left = (pending as u64).saturating_mul(elapsed_nanos / visited);
        // One share stays with the calling thread; each helper needs one of its own.
        let paid = (left / share).saturating_sub(1);
        (paid.min(budget as u64)) as usize
    }
}

/// Walks from `roots` and returns every participant's output, the calling thread's first. Failures are in `abort`.
pub(crate) fn run<V: Visitor>(
    visitor: &Arc<V>,
    abort: &Arc<Abort>,
    roots: Vec<V::Job>,
    concurrency: i32,
) -> Vec<V::Out> {
    let open = crate::hooks::NO_DELAY.load(Ordering::Relaxed);
    // A serial walk asks nothing of the machine (the first count of its cores reads the cgroup's files), nor of the
    // pool (its wake-up estimate takes a lock): its gate is never consulted.
    let helpers = if concurrency == 1 { 0 } else { helper_budget(concurrency, cores(), open) };
    let gate = if open || helpers == 0 { Gate::Open } else { Gate::Measured { wake_nanos: pool::wake_nanos() } };
    run_gated(visitor, abort, roots, helpers, gate)
}

/// [`run`] with the helper budget and the gate as parameters (tests open the gate to make fan-out deterministic).
fn run_gated<V: Visitor>(
    visitor: &Arc<V>,
    abort: &Arc<Abort>,
    roots: Vec<V::Job>,
    helpers: usize,
    gate: Gate,
) -> Vec<V::Out> {
    let started = Instant::now();
    let mut visited: u64 = 0;
    let mut cx: Cx<V::Job, V::Out> = Cx::new(roots);
    let mut shared: Option<Arc<Shared<V>>> = None;
    let walked = catch_unwind(AssertUnwindSafe(|| loop {
        let job = match cx.stack.pop() {
            Some(job) => job,
            None => match shared.as_ref().and_then(|s| s.next(&mut cx.holding)) {
                Some(job) => job,
                None => break,
            },
        };
        if abort.is_set() {
            drop(job);
            cx.stack.clear();
            continue;
        }
        if let Err(f) = visitor.visit(job, &mut cx) {
            abort.fail(f);
        }
        visited += 1;
        match &shared {
            Some(s) => s.offer(&mut cx),
            None if helpers > 0 && cx.stack.len() >= FAN_OUT_AT => {
                let elapsed = pool::nanos_since(started);
                let wanted = gate.helpers(elapsed, visited, cx.stack.len(), helpers);
                if wanted > 0 {
                    cx.holding = true;
                    let s = Arc::new(Shared::new(Arc::clone(visitor), Arc::clone(abort), wanted));
                    s.offer(&mut cx);
                    shared = Some(s);
                }
            }
            None => {}
        }
    }));
    if walked.is_err() {
        abort.fail(Fail::panic());
        cx.stack.clear();
    }
    if shared.is_none() && gate.judged(pool::nanos_since(started)) {
        pool::probe();
    }
    let mut outs = vec![std::mem::take(&mut cx.out)];
    if let Some(s) = shared {
        outs.extend(s.close(cx.holding));
    }
    outs
}

struct Shared<V: Visitor> {
    state: Mutex<State<V>>,
    changed: Condvar,
    /// Participants asleep waiting for work: a working participant shares when this is non-zero.
    hungry: AtomicUsize,
    recruited: AtomicUsize,
    max_helpers: usize,
    visitor: Arc<V>,
    abort: Arc<Abort>,
}

struct State<V: Visitor> {
    queue: Vec<V::Job>,
    /// Participants holding work (a job in progress or a non-empty stack).
    busy: usize,
    /// Helpers inside the walk; the call returns only when this is back to 0.
    inside: usize,
    done: bool,
    outs: Vec<V::Out>,
}

impl<V: Visitor> Shared<V> {
    fn new(visitor: Arc<V>, abort: Arc<Abort>, max_helpers: usize) -> Shared<V> {
        Shared {
            state: Mutex::new(State { queue: Vec::new(), busy: 1, inside: 0, done: false, outs: Vec::new() }),
            changed: Condvar::new(),
            hungry: AtomicUsize::new(0),
            recruited: AtomicUsize::new(0),
            max_helpers,
            visitor,
            abort,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<V>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next job from the shared queue, sleeping while others still hold work; None when the walk is over.
    fn next(&self, holding: &mut bool) -> Option<V::Job> {
        let mut st = self.lock();
        loop {
            if self.abort.is_set() {
                st.queue.clear();
            }
            if let Some(job) = st.queue.pop() {
                if !*holding {
                    st.busy += 1;
                    *holding = true;
                }
                return Some(job);
            }
            if *holding {
                st.busy -= 1;
                *holding = false;
            }
            if st.busy == 0 {
                st.done = true;
                self.changed.notify_all();
                return None;
            }
            self.hungry.fetch_add(1, Ordering::Relaxed);
            st = self.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            self.hungry.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// After each job: hands the bottom half of the stack to the queue if someone waits for work or more helpers may
    /// be recruited, and recruits them.
    fn offer(self: &Arc<Self>, cx: &mut Cx<V::Job, V::Out>) {
        let n = cx.stack.len();
        if n < 2 {
            return;
        }
        let recruited = self.recruited.load(Ordering::Relaxed);
        let may_recruit = recruited < self.max_helpers && n >= FAN_OUT_AT;
        if self.hungry.load(Ordering::Relaxed) == 0 && !may_recruit {
            return;
        }
        let queued = {
            let mut st = self.lock();
            st.queue.extend(cx.stack.drain(..n / 2));
            st.queue.len()
        };
        self.changed.notify_all();
        if may_recruit {
            let wanted = (queued / FAN_OUT_AT).max(1).min(self.max_helpers - recruited);
            self.recruited.fetch_add(wanted, Ordering::Relaxed);
            for _ in 0..wanted {
                let me = Arc::clone(self);
                pool::submit(Box::new(move || me.help()));
            }
        }
    }

    /// A pool worker's part: join unless the walk is over, work, deposit the output, leave.
    fn help(self: Arc<Self>) {
        {
            let mut st = self.lock();
            if st.done {
                return;
            }
            st.inside += 1;
        }
        let mut cx: Cx<V::Job, V::Out> = Cx::new(Vec::new());
        let walked = catch_unwind(AssertUnwindSafe(|| loop {
            let job = match cx.stack.pop() {
                Some(job) => job,
                None => match self.next(&mut cx.holding) {
                    Some(job) => job,
                    None => break,
                },
            };
            if self.abort.is_set() {
                drop(job);
                cx.stack.clear();
                continue;
            }
            if let Err(f) = self.visitor.visit(job, &mut cx) {
                self.abort.fail(f);
            }
            self.offer(&mut cx);
        }));
        if walked.is_err() {
            self.abort.fail(Fail::panic());
        }
        cx.stack.clear();
        let out = std::mem::take(&mut cx.out);
        let mut st = self.lock();
        self.leave(&mut st, cx.holding);
        st.inside -= 1;
        st.outs.push(out);
        drop(st);
        self.changed.notify_all();
    }

    /// Gives up a participant's claim on work (after a panic it may still hold some).
    fn leave(&self, st: &mut State<V>, holding: bool) {
        if holding {
            st.busy -= 1;
        }
        if self.abort.is_set() {
            st.queue.clear();
        }
        if st.busy == 0 && st.queue.is_empty() {
            st.done = true;
        }
    }

    /// The calling thread's end of the walk: waits for every helper inside to leave, returns their outputs.
    fn close(&self, holding: bool) -> Vec<V::Out> {
        let mut st = self.lock();
        self.leave(&mut st, holding);
        self.changed.notify_all();
        while !(st.done && st.inside == 0) {
            st = self.changed.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        std::mem::take(&mut st.outs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::atomic::AtomicUsize;
    use std::thread::ThreadId;
    use std::time::Duration;

    /// A synthetic tree: node (depth, id) has `fanout` children until `depth` reaches `depth_max`.
    struct Synthetic {
        fanout: u64,
        depth_max: u32,
        panic_at: Option<(u32, u64)>,
        fail_at: Option<(u32, u64)>,
        /// Blocks the first visits until a second thread has visited, proving that the walk fanned out.
        rendezvous: bool,
        threads: Mutex<HashSet<ThreadId>>,
        visits: AtomicUsize,
    }

    impl Synthetic {
        fn new(fanout: u64, depth_max: u32) -> Synthetic {
            Synthetic {
                fanout,
                depth_max,
                panic_at: None,
                fail_at: None,
                rendezvous: false,
                threads: Mutex::new(HashSet::new()),
                visits: AtomicUsize::new(0),
            }
        }
    }

    impl Visitor for Synthetic {
        type Job = (u32, u64);
        type Out = Vec<u64>;
        fn visit(&self, (depth, id): (u32, u64), cx: &mut Cx<(u32, u64), Vec<u64>>) -> Result<(), Fail> {
            self.visits.fetch_add(1, Ordering::Relaxed);
            self.threads.lock().unwrap().insert(std::thread::current().id());
            if self.panic_at == Some((depth, id)) {
                panic!("synthetic panic");
            }
            if self.fail_at == Some((depth, id)) {
                return Err(Fail::at(13, b"synthetic".to_vec()));
            }
            if self.rendezvous && depth > 0 {
                let until = Instant::now() + Duration::from_secs(10);
                while self.threads.lock().unwrap().len() < 2 && Instant::now() < until {
                    std::thread::sleep(Duration::from_micros(200));
                }
            }
            cx.out.push(id);
            if depth < self.depth_max {
                for k in 0..self.fanout {
                    cx.split().2.push((depth + 1, id * self.fanout + k + 1));
                }
            }
            Ok(())
        }
    }

    fn walk(v: Synthetic, concurrency: i32) -> (Arc<Synthetic>, Vec<u64>, Option<Fail>) {
        let v = Arc::new(v);
        let abort = Arc::new(Abort::default());
        let helpers = helper_budget(concurrency, cores(), true);
        let outs = run_gated(&v, &abort, vec![(0, 0)], helpers, Gate::Open);
        let mut all: Vec<u64> = outs.into_iter().flatten().collect();
        all.sort();
        (v, all, abort.take())
    }

    #[test]
    fn every_node_is_visited_once_whatever_the_concurrency() {
        let (_, serial, f) = walk(Synthetic::new(6, 4), 1);
        assert!(f.is_none());
        assert_eq!(serial.len(), 1 + 6 + 36 + 216 + 1296);
        for c in [0, 2, 4, 16] {
            let (_, parallel, f) = walk(Synthetic::new(6, 4), c);
            assert!(f.is_none());
            assert_eq!(parallel, serial, "concurrency {c}");
        }
    }

    #[test]
    fn a_tiny_tree_stays_on_the_calling_thread() {
        let (v, all, _) = walk(Synthetic::new(2, 2), 4);
        assert_eq!(all.len(), 7);
        let threads = v.threads.lock().unwrap();
        assert_eq!(threads.len(), 1);
        assert!(threads.contains(&std::thread::current().id()));
    }

    #[test]
    fn a_wide_tree_fans_out_to_pool_workers() {
        let mut v = Synthetic::new(FAN_OUT_AT as u64 * 2, 2);
        v.rendezvous = true;
        let (v, all, f) = walk(v, 4);
        assert!(f.is_none());
        assert_eq!(all.len(), 1 + 16 + 256);
        assert!(v.threads.lock().unwrap().len() >= 2, "no pool worker took part");
    }

    #[test]
    fn pool_threads_are_reused_across_calls() {
        for _ in 0..30 {
            let mut v = Synthetic::new(16, 2);
            v.rendezvous = true;
            let (v, _, _) = walk(v, 2);
            assert_eq!(v.threads.lock().unwrap().len(), 2);
        }
        assert!(pool::threads() < 30, "a thread per call: {}", pool::threads());
    }

    #[test]
    fn a_wide_walk_shorter_than_the_time_gate_stays_serial() {
        let v = Arc::new(Synthetic::new(16, 1));
        let abort = Arc::new(Abort::default());
        let _ = run_gated(&v, &abort, vec![(0, 0)], 3, Gate::Measured { wake_nanos: 3_600_000_000_000 });
        assert_eq!(v.threads.lock().unwrap().len(), 1);
    }

    #[test]
    fn concurrency_one_never_uses_the_pool() {
        let mut v = Synthetic::new(16, 2);
        v.rendezvous = false;
        let (v, _, _) = walk(v, 1);
        assert_eq!(v.threads.lock().unwrap().len(), 1);
    }

    #[test]
    fn the_first_error_stops_the_walk() {
        let mut v = Synthetic::new(4, 6);
        v.fail_at = Some((1, 1));
        let (v, _, f) = walk(v, 1);
        assert_eq!(f, Some(Fail::at(13, b"synthetic".to_vec())));
        assert!(v.visits.load(Ordering::Relaxed) < 5461, "the walk went on after the failure");
    }

    #[test]
    fn a_panic_on_a_pool_worker_is_contained_and_reported() {
        let mut inner = Synthetic::new(16, 3);
        inner.rendezvous = true;
        let v = Arc::new(PanicOffTheCallingThread(inner, std::thread::current().id()));
        let abort = Arc::new(Abort::default());
        let _ = run_gated(&v, &abort, vec![(0, 0)], 3, Gate::Open);
        assert_eq!(abort.take(), Some(Fail::panic()));
        // The pool survives: a later walk on it works.
        let (_, all, f) = walk(Synthetic::new(16, 2), 4);
        assert!(f.is_none());
        assert_eq!(all.len(), 1 + 16 + 256);
    }

    /// Panics in every visit that does not run on the calling thread.
    struct PanicOffTheCallingThread(Synthetic, ThreadId);

    impl Visitor for PanicOffTheCallingThread {
        type Job = (u32, u64);
        type Out = Vec<u64>;
        fn visit(&self, job: (u32, u64), cx: &mut Cx<(u32, u64), Vec<u64>>) -> Result<(), Fail> {
            if std::thread::current().id() != self.1 {
                self.0.threads.lock().unwrap().insert(std::thread::current().id());
                panic!("synthetic panic on a pool worker");
            }
            self.0.visit(job, cx)
        }
    }

    #[test]
    fn budget_counts_the_calling_thread() {
        assert_eq!(helper_budget(1, 16, false), 0);
        assert_eq!(helper_budget(4, 16, false), 3);
        assert_eq!(helper_budget(10_000, 1_000, true), pool::MAX_THREADS);
    }

    #[test]
    fn budget_never_exceeds_the_cores() {
        // An explicit concurrency above the cores gets the cores: c4 on two cores walks as c2.
        assert_eq!(helper_budget(4, 2, false), 1);
        assert_eq!(helper_budget(2, 2, false), 1);
        assert_eq!(helper_budget(4, 1, false), 0);
        // The default: every core, at most DEFAULT_MAX_PARTICIPANTS.
        assert_eq!(helper_budget(0, 2, false), 1);
        assert_eq!(helper_budget(0, 1, false), 0);
        assert_eq!(helper_budget(0, 64, false), DEFAULT_MAX_PARTICIPANTS - 1);
        // Unknown cores count as one.
        assert_eq!(helper_budget(0, 0, false), 0);
        // Tests may ask for more participants than cores, to reach the parallel path anywhere.
        assert_eq!(helper_budget(4, 2, true), 3);
    }

    #[test]
    fn the_measured_gate_waits_for_its_payback_and_pays_each_helper_its_share() {
        let wake = 20_000;
        let gate = Gate::Measured { wake_nanos: wake };
        let share = PAYBACK * wake;
        let alone = ALONE_FOR * wake;
        // Too few directories waiting, or no budget: never.
        assert_eq!(gate.helpers(10 * alone, 10, FAN_OUT_AT - 1, 7), 0);
        assert_eq!(gate.helpers(10 * alone, 10, 100, 0), 0);
        // Before the walk has run alone for ALONE_FOR wake-ups: not yet, however much waits.
        assert_eq!(gate.helpers(alone - 1, 1, 10_000, 7), 0);
        // 20 directories done in four shares' time, 10 waiting: two shares left, one for the caller, one helper.
        assert_eq!(gate.helpers(4 * share, 20, 10, 7), 1);
        // 20 waiting: four shares left, three helpers, bounded by the budget.
        assert_eq!(gate.helpers(4 * share, 20, 20, 7), 3);
        assert_eq!(gate.helpers(4 * share, 20, 20, 1), 1);
        // Only one share left: the caller keeps it.
        assert_eq!(gate.helpers(4 * share, 20, 5, 7), 0);
        // A slower machine (wake-ups ten times dearer) needs ten times the work for the same helper.
        let slow = Gate::Measured { wake_nanos: 10 * wake };
        assert_eq!(slow.helpers(4 * share, 20, 20, 7), 0);
        assert_eq!(slow.helpers(40 * share, 20, 20, 7), 3);
        // The benchmark's tree-1000 (82 directories: the root, 40 holding one `nested` holding 25 files each, and one
        // empty) on an idle machine (20 us wake-ups): a scan (about 1.9 ms serially) stays serial: at 1 ms 43 directories are done and
        // 39 wait, under two shares of work left; a cp (about 10 ms serially: at 1 ms 9 done and 36 waiting) brings
        // its helper in, and still does with wake-ups of 60 us (at 3 ms 25 done and 28 waiting); so does a walk of
        // 168,751 entries (about 100 ms serially).
        let idle = Gate::Measured { wake_nanos: 20_000 };
        assert_eq!(idle.helpers(1_000_000, 43, 39, 1), 0);
        assert_eq!(idle.helpers(1_000_000, 9, 36, 1), 1);
        assert_eq!(Gate::Measured { wake_nanos: 60_000 }.helpers(3_000_000, 25, 28, 1), 1);
        assert_eq!(idle.helpers(1_000_000, 500, 5_000, 1), 1);
        // Quick wake-ups buy cheaper helpers, not an earlier start: the walk still goes alone for 1 ms.
        let quick = Gate::Measured { wake_nanos: 5_000 };
        assert_eq!(quick.helpers(alone - 1, 1, 10_000, 7), 0);
        assert!(!quick.judged(alone - 1));
        assert_eq!(quick.helpers(alone, 9, 36, 1), 1);
        // A walk that has run alone for ALONE_FOR wake-ups has been judged, and measures one if it ends serial.
        assert!(!gate.judged(alone - 1));
        assert!(gate.judged(alone));
        assert!(!slow.judged(alone), "a slower machine judges later");
        assert!(!Gate::Open.judged(u64::MAX), "the open gate (tests) measures nothing");
        // The open gate (tests): the whole budget as soon as enough directories wait.
        assert_eq!(Gate::Open.helpers(0, 0, FAN_OUT_AT, 3), 3);
        assert_eq!(Gate::Open.helpers(0, 0, FAN_OUT_AT - 1, 3), 0);
    }
}
