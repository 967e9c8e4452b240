//! Compiled text kept per card text: a card's text compiles once, however
//! often a check reads it (each question reads the same cards many times).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};

/// Compiled values by key (a card's text, with its type when the type
/// changes the reading).
pub struct TextCache<K, T> {
    map: OnceLock<Mutex<HashMap<K, Arc<T>>>>,
}

impl<K: Eq + Hash + Clone, T> TextCache<K, T> {
    pub const fn new() -> Self {
        TextCache {
            map: OnceLock::new(),
        }
    }

    /// The value for `key`, compiled by `compile` the first time.
    pub fn get(&self, key: &K, compile: impl FnOnce() -> T) -> Arc<T> {
        let map = self.map.get_or_init(|| Mutex::new(HashMap::new()));
        if let Some(c) = map.lock().ok().and_then(|m| m.get(key).cloned()) {
            return c;
        }
        let c = Arc::new(compile());
        if let Ok(mut m) = map.lock() {
            m.insert(key.clone(), c.clone());
        }
        c
    }
}

impl<K: Eq + Hash + Clone, T> Default for TextCache<K, T> {
    fn default() -> Self {
        Self::new()
    }
}
