//! In-memory read caches of games and users, kept in step with the database.
//!
//! The bot is the only writer of its database, and every write goes through
//! [`super::Store`], so the store can answer most reads from memory: a move
//! then costs the version-checked write and nothing else (BENCHMARKS.md,
//! "Load"). The database stays the truth; the cache only saves reads:
//!
//! * A game is cached with its `version`. A save replaces the entry with the
//!   record it wrote (one version higher); an entry never goes back to an
//!   older version, so a slow reader cannot overwrite a newer save.
//! * Writes that do not bump a version (all user writes) remove the entry
//!   *after* the database write and advance the cache's epoch. A reader
//!   notes the epoch before it reads the database and fills the cache only
//!   if no such write happened meanwhile; so a value read before a write is
//!   never cached after it.
//! * A conflicting save ([`super::StorageError::Conflict`]) drops the entry,
//!   so the retry reads the database.
//!
//! Both caches hold a bounded number of entries and forget the least
//! recently used ones first.

use std::sync::Mutex;

use hashlink::LruCache;

/// Games kept in memory: about 3 KiB each (the engine state is JSON text).
pub(super) const GAME_CAPACITY: usize = 16_384;
/// Users kept in memory: a few hundred bytes each.
pub(super) const USER_CAPACITY: usize = 32_768;

/// A bounded LRU map from row id to a record, with an epoch of invalidations.
pub(super) struct Cache<V> {
    inner: Mutex<Inner<V>>,
}

struct Inner<V> {
    map: LruCache<i64, V>,
    epoch: u64,
    /// How many times the cache was cleared ([`Cache::clear`]).
    cleared: u64,
}

impl<V> Inner<V> {
    /// Inserts `value` unless the entry holds something `newer` says is at least as new.
    fn insert_newer(&mut self, id: i64, value: V, newer: impl Fn(&V, &V) -> bool) {
        if self.map.get(&id).is_none_or(|old| newer(&value, old)) {
            self.map.insert(id, value);
        }
    }
}

impl<V: Clone> Cache<V> {
    /// An empty cache of at most `capacity` entries.
    pub(super) fn new(capacity: usize) -> Cache<V> {
        Cache { inner: Mutex::new(Inner { map: LruCache::new(capacity), epoch: 0, cleared: 0 }) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<V>> {
        // A panic while holding this lock cannot leave the map inconsistent
        // (every critical section is one map operation), so poison is ignored.
        self.inner.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A copy of the entry for `id`, marking it recently used.
    pub(super) fn get(&self, id: i64) -> Option<V> {
        self.lock().map.get(&id).cloned()
    }

    /// The current epoch: note it before reading the database, pass it to
    /// [`Cache::fill`] afterwards.
    pub(super) fn epoch(&self) -> u64 {
        self.lock().epoch
    }

    /// Caches `value`, read from the database after [`Cache::epoch`]
    /// returned `epoch`, unless an invalidation happened since or the entry
    /// already holds something `newer` says is at least as new.
    pub(super) fn fill(&self, id: i64, value: V, epoch: u64, newer: impl Fn(&V, &V) -> bool) {
        let mut inner = self.lock();
        if inner.epoch == epoch {
            inner.insert_newer(id, value, newer);
        }
    }

    /// How many times the cache was cleared: note it before a versioned
    /// write, pass it to [`Cache::put`] afterwards.
    pub(super) fn generation(&self) -> u64 {
        self.lock().cleared
    }

    /// Caches `value`, the row just written by a versioned write that began
    /// when [`Cache::generation`] returned `generation`, unless the entry
    /// holds something `newer` says is at least as new; advances the epoch,
    /// so a reader that read the row before this write cannot fill it later
    /// (even if the entry is evicted meanwhile).
    ///
    /// Only for rows whose every write goes through the store's one writer
    /// and raises their version (games): `value` is then exactly the row as
    /// committed, and invalidations of other rows meanwhile do not matter.
    /// They must not drop it: under load they would drop every save in
    /// flight, and each drop would be one more invalidation. Only a
    /// [`Cache::clear`] meanwhile (after writes that bypassed the store)
    /// drops it, as the row may then hold more than `value`.
    pub(super) fn put(&self, id: i64, value: V, generation: u64, newer: impl Fn(&V, &V) -> bool) {
        let mut inner = self.lock();
        inner.epoch += 1;
        if inner.cleared == generation {
            inner.insert_newer(id, value, newer);
        } else {
            inner.map.remove(&id);
        }
    }

    /// Drops the entry for `id` after a write to its row, and advances the epoch.
    pub(super) fn invalidate(&self, id: i64) {
        let mut inner = self.lock();
        inner.epoch += 1;
        inner.map.remove(&id);
    }

    /// Drops every entry (after writes that bypass the store, e.g. in tools).
    pub(super) fn clear(&self) {
        let mut inner = self.lock();
        inner.epoch += 1;
        inner.cleared += 1;
        inner.map.clear();
    }

    /// Number of entries (for tests).
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.lock().map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::Cache;

    fn newer(a: &(i64, &str), b: &(i64, &str)) -> bool {
        a.0 > b.0
    }

    #[test]
    fn fill_is_refused_after_an_invalidation_since_the_read() {
        let c = Cache::new(4);
        let e = c.epoch();
        c.invalidate(1); // a write happened while the reader was in the database
        c.fill(1, (1, "old"), e, newer);
        assert_eq!(c.get(1), None);
        let e = c.epoch();
        c.fill(1, (1, "new"), e, newer);
        assert_eq!(c.get(1), Some((1, "new")));
    }

    #[test]
    fn an_entry_never_goes_back_to_an_older_version() {
        let c = Cache::new(4);
        let e = c.epoch();
        c.fill(7, (3, "v3"), e, newer);
        c.fill(7, (2, "v2"), e, newer);
        assert_eq!(c.get(7), Some((3, "v3")));
        c.fill(7, (4, "v4"), e, newer);
        assert_eq!(c.get(7), Some((4, "v4")));
    }

    #[test]
    fn least_recently_used_entries_go_first() {
        let c = Cache::new(2);
        let e = c.epoch();
        c.fill(1, (1, "a"), e, newer);
        c.fill(2, (1, "b"), e, newer);
        assert!(c.get(1).is_some()); // 1 is now more recent than 2
        c.fill(3, (1, "c"), e, newer);
        assert_eq!(c.len(), 2);
        assert_eq!(c.get(2), None);
        assert!(c.get(1).is_some() && c.get(3).is_some());
        c.clear();
        assert_eq!(c.len(), 0);
    }

    #[test]
    fn a_put_is_kept_whatever_else_was_invalidated() {
        let c = Cache::new(4);
        let e = c.epoch();
        c.fill(5, (1, "v1"), e, newer);
        let g = c.generation(); // a save begins
        c.invalidate(9); // a conflict on another game while the save ran
        c.put(5, (2, "v2"), g, newer);
        assert_eq!(c.get(5), Some((2, "v2")));
        c.put(5, (1, "v1"), g, newer); // never back to an older version
        assert_eq!(c.get(5), Some((2, "v2")));
        c.clear(); // a write that bypassed the store
        c.put(5, (3, "v3"), g, newer);
        assert_eq!(c.get(5), None, "the row may hold more than the save wrote");
    }

    #[test]
    fn a_reader_that_read_before_a_put_cannot_fill_the_old_row() {
        let c = Cache::new(4);
        let read = c.epoch(); // a reader misses and reads version 1 from the database
        c.put(5, (2, "v2"), c.generation(), newer); // a save commits version 2 meanwhile
        c.fill(5, (1, "v1"), read, newer);
        assert_eq!(c.get(5), Some((2, "v2")), "version 1 must not replace version 2");
    }

    #[test]
    fn a_reader_that_read_before_a_put_cannot_fill_after_an_eviction() {
        let c = Cache::new(1);
        let read = c.epoch(); // a reader misses and reads version 1 from the database
        c.put(5, (2, "v2"), c.generation(), newer); // a save commits version 2 meanwhile
        let e = c.epoch();
        c.fill(6, (1, "other"), e, newer); // and the entry is evicted
        assert_eq!(c.get(5), None);
        c.fill(5, (1, "v1"), read, newer);
        assert_eq!(c.get(5), None, "version 1 must not come back");
    }
}
