//! Bounded lanes for the CPU-bound library work requests do. Each lane lets
//! as many requests work at once as the machine has cores; the rest wait their
//! turn without holding a thread. Scenario work (check, errata) has its own
//! lane, so a slow check never holds up a search or a card lookup.

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Which lane a request's work runs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lane {
    /// Searches, definitions, entries, card lookups and card queries.
    Lookup,
    /// Scenario checks and errata impact reports.
    Scenario,
}

/// The lanes' permits.
pub struct Lanes {
    lookup: Arc<Semaphore>,
    scenario: Arc<Semaphore>,
    width: usize,
}

impl Lanes {
    /// Lanes as wide as the machine has cores.
    pub fn per_core() -> Lanes {
        let width = std::thread::available_parallelism().map_or(2, usize::from);
        Lanes {
            lookup: Arc::new(Semaphore::new(width)),
            scenario: Arc::new(Semaphore::new(width)),
            width,
        }
    }

    /// Blocking threads the lanes can use at most.
    pub fn threads(&self) -> usize {
        2 * self.width
    }

    /// Wait for a place in `lane`; work holds the permit until it ends.
    pub async fn enter(&self, lane: Lane) -> OwnedSemaphorePermit {
        let sem = match lane {
            Lane::Lookup => &self.lookup,
            Lane::Scenario => &self.scenario,
        };
        sem.clone()
            .acquire_owned()
            .await
            .expect("the lanes' semaphores are never closed")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_scenario_lane_leaves_lookups_free() {
        let lanes = Lanes::per_core();
        let mut held = Vec::new();
        for _ in 0..lanes.width {
            held.push(lanes.enter(Lane::Scenario).await);
        }
        let wait = std::time::Duration::from_millis(200);
        let lookup = tokio::time::timeout(wait, lanes.enter(Lane::Lookup)).await;
        assert!(lookup.is_ok(), "a lookup waited behind scenario work");
        let scenario = tokio::time::timeout(wait, lanes.enter(Lane::Scenario)).await;
        assert!(
            scenario.is_err(),
            "the scenario lane let in more than its width"
        );
    }
}
