//! Bounded lanes for the CPU-bound library work requests do. Each lane lets
//! as many requests work at once as the machine has cores; the rest wait their
//! turn without holding a thread. Searches (which embed the question), other
//! lookups (cards, definitions) and scenario work (check, errata) each have
//! their own lane, so a slow search never holds up a card lookup or a check.
//! The lanes know when requests are queueing, or when every core is already
//! working: a search then is ranked by words only (a few milliseconds
//! instead of the model's tens), so answers stay fast when many judges ask
//! at once. Searches also run on threads of their own at a lower CPU
//! priority ([`SearchThreads`]): the model's tens of milliseconds of CPU
//! give way to a check or a lookup that arrives meanwhile, instead of the
//! check waiting for the core behind them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Which lane a request's work runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Rules searches.
    Search,
    /// Definitions, entries, card lookups and card queries.
    Lookup,
    /// Scenario checks and errata impact reports.
    Scenario,
}

/// One lane: its permits and how many requests are in it (working or
/// waiting).
struct Track {
    permits: Arc<Semaphore>,
    inside: Arc<AtomicUsize>,
}

impl Track {
    fn new(width: usize) -> Track {
        Track {
            permits: Arc::new(Semaphore::new(width)),
            inside: Arc::new(AtomicUsize::new(0)),
        }
    }
}

/// The lanes' permits.
pub struct Lanes {
    search: Track,
    lookup: Track,
    scenario: Track,
    width: usize,
}

/// A place in a lane: the lane counts the request until it is dropped.
pub struct Place {
    _permit: OwnedSemaphorePermit,
    inside: Arc<AtomicUsize>,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.inside.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Lanes {
    /// Lanes as wide as the machine has cores.
    pub fn per_core() -> Lanes {
        let width = std::thread::available_parallelism().map_or(2, usize::from);
        Lanes {
            search: Track::new(width),
            lookup: Track::new(width),
            scenario: Track::new(width),
            width,
        }
    }

    /// How many requests of one lane work at once.
    pub fn width(&self) -> usize {
        self.width
    }

    /// Blocking threads the lanes can use at most.
    pub fn threads(&self) -> usize {
        3 * self.width
    }

    fn track(&self, lane: Lane) -> &Track {
        match lane {
            Lane::Search => &self.search,
            Lane::Lookup => &self.lookup,
            Lane::Scenario => &self.scenario,
        }
    }

    /// Whether a request entering `lane` now would wait for a place.
    pub fn busy(&self, lane: Lane) -> bool {
        self.track(lane).inside.load(Ordering::Acquire) >= self.width
    }

    /// Whether the machine's cores are all taken by work in any lane: a
    /// search that starts now shares a core, so the model's tens of
    /// milliseconds would stretch every answer in flight.
    pub fn saturated(&self) -> bool {
        let inside = [&self.search, &self.lookup, &self.scenario]
            .iter()
            .map(|t| t.inside.load(Ordering::Acquire))
            .sum::<usize>();
        inside >= self.width
    }

    /// Wait for a place in `lane`; work holds it until it ends.
    pub async fn enter(&self, lane: Lane) -> Place {
        let track = self.track(lane);
        track.inside.fetch_add(1, Ordering::AcqRel);
        let inside = track.inside.clone();
        // Counted before waiting, so a waiter counts as queueing; uncounted
        // if the wait is abandoned (a timed-out request).
        let mut guard = Uncount(Some(inside.clone()));
        let permit = track
            .permits
            .clone()
            .acquire_owned()
            .await
            .expect("the lanes' semaphores are never closed");
        guard.0 = None;
        Place {
            _permit: permit,
            inside,
        }
    }
}

/// Takes a request back out of a lane's count if its wait is dropped.
struct Uncount(Option<Arc<AtomicUsize>>);

impl Drop for Uncount {
    fn drop(&mut self) {
        if let Some(n) = self.0.take() {
            n.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// The threads searches run on: as many as the search lane is wide, each
/// at a lower CPU priority than the threads checks and lookups run on.
pub struct SearchThreads {
    pool: rayon::ThreadPool,
}

impl SearchThreads {
    pub fn new(width: usize) -> anyhow::Result<SearchThreads> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(width)
            .thread_name(|i| format!("search-{i}"))
            .start_handler(|_| yield_to_other_work())
            // A search that panics answers 500 (its sender is dropped); the
            // pool's default would abort the server.
            .panic_handler(|_| {})
            .build()?;
        Ok(SearchThreads { pool })
    }

    /// Run `f` on a search thread; `None` when it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.pool.spawn(move || {
            let _ = tx.send(f());
        });
        rx.await.ok()
    }
}

/// Lower the calling thread's CPU priority (Linux keeps a nice value per
/// thread); where that is not possible the thread keeps the usual one.
fn yield_to_other_work() {
    #[cfg(target_os = "linux")]
    {
        let me = rustix::thread::gettid();
        let _ = rustix::process::setpriority_process(Some(me), SEARCH_NICE);
    }
}

/// How much lower than other work a search runs (nice 0 → 10: about a tenth
/// of the CPU share while a check is waiting for the core).
#[cfg(target_os = "linux")]
const SEARCH_NICE: i32 = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_search_thread_answers_and_a_panic_is_no_answer_not_an_abort() {
        let threads = SearchThreads::new(1).expect("search threads start");
        assert_eq!(threads.run(|| 6 * 7).await, Some(42));
        let failed: Option<i32> = threads.run(|| panic!("a search that fails")).await;
        assert_eq!(failed, None);
        // The thread is still there for the next search.
        assert_eq!(threads.run(|| "next").await, Some("next"));
    }

    #[tokio::test]
    async fn a_full_scenario_lane_leaves_lookups_and_searches_free() {
        let lanes = Lanes::per_core();
        let mut held = Vec::new();
        for _ in 0..lanes.width {
            held.push(lanes.enter(Lane::Scenario).await);
        }
        let wait = std::time::Duration::from_millis(200);
        for lane in [Lane::Lookup, Lane::Search] {
            let entered = tokio::time::timeout(wait, lanes.enter(lane)).await;
            assert!(entered.is_ok(), "{lane:?} waited behind scenario work");
        }
        let scenario = tokio::time::timeout(wait, lanes.enter(Lane::Scenario)).await;
        assert!(
            scenario.is_err(),
            "the scenario lane let in more than its width"
        );
    }

    #[tokio::test]
    async fn a_lane_is_busy_while_full_and_free_once_left() {
        let lanes = Lanes::per_core();
        let mut held = Vec::new();
        for _ in 0..lanes.width {
            assert!(!lanes.busy(Lane::Search));
            held.push(lanes.enter(Lane::Search).await);
        }
        assert!(lanes.busy(Lane::Search));
        assert!(!lanes.busy(Lane::Lookup));
        // An abandoned wait does not leave the lane counted busy.
        let wait = std::time::Duration::from_millis(50);
        let _ = tokio::time::timeout(wait, lanes.enter(Lane::Search)).await;
        held.pop();
        assert!(!lanes.busy(Lane::Search));
    }

    #[tokio::test]
    async fn the_cores_are_saturated_by_work_in_any_lanes() {
        let lanes = Lanes::per_core();
        let mut held = Vec::new();
        for i in 0..lanes.width {
            assert!(!lanes.saturated());
            let lane = if i % 2 == 0 {
                Lane::Scenario
            } else {
                Lane::Lookup
            };
            held.push(lanes.enter(lane).await);
        }
        assert!(lanes.saturated());
        assert!(!lanes.busy(Lane::Search));
        held.pop();
        assert!(!lanes.saturated());
    }
}
