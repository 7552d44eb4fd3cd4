//! The transposition table of `hard`'s search: what a sampled game's
//! search has learnt about a position it may reach again by another order
//! of moves (Greenblatt et al., *The Greenblatt chess program*, 1967; in
//! Stratego, V. de Boer's *Invincible*, 2007).
//!
//! One table serves every sample of a decision, but an entry counts only
//! in the search of the sample that made it (its generation): the sampled
//! games differ in hidden ranks, so their values are not each other's.

use engine::Move;

use crate::eval::WIN;

/// Entries in the table (a power of two): about 3 MB, more than the nodes
/// of one sample's search at 1 s.
const ENTRIES: usize = 1 << 17;

/// Values at least this far from 0 are decided games, stored by their
/// distance from the position rather than from the root.
const DECIDED: i32 = WIN - 1000;

/// What a stored value says of the position's true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search cut off above `beta`).
    Lower,
    /// At most the value (no move reached `alpha`).
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: i32,
    generation: u32,
    depth: u8,
    bound: Bound,
    best: Option<Move>,
}

const EMPTY: Entry = Entry { key: 0, value: 0, generation: 0, depth: 0, bound: Bound::Upper, best: None };

/// A hit: the stored depth, bound, value (from the probing node's ply)
/// and best move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    pub(crate) value: i32,
    pub(crate) best: Option<Move>,
}

/// The table; see the module docs.
pub(crate) struct Table {
    entries: Box<[Entry]>,
    generation: u32,
}

impl Table {
    pub(crate) fn new() -> Table {
        Table { entries: vec![EMPTY; ENTRIES].into_boxed_slice(), generation: 0 }
    }

    /// A table that holds nothing: the search without one.
    pub(crate) fn disabled() -> Table {
        Table { entries: Box::new([]), generation: 0 }
    }

    /// Starts the search of another sampled game: every entry so far is
    /// forgotten (in O(1)).
    pub(crate) fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry of the position `key` made in this generation, with its
    /// value seen from `ply` plies below the root.
    pub(crate) fn probe(&self, key: u64, ply: i32) -> Option<Hit> {
        let e = self.entries.get(slot(key))?;
        (e.key == key && e.generation == self.generation).then(|| Hit {
            depth: e.depth,
            bound: e.bound,
            value: from_stored(e.value, ply),
            best: e.best,
        })
    }

    /// Stores what a search of `depth` plies at `ply` plies below the root
    /// found for the position `key`. A deeper entry of this generation for
    /// another position keeps its slot.
    pub(crate) fn store(&mut self, key: u64, ply: i32, depth: u8, bound: Bound, value: i32, best: Option<Move>) {
        let generation = self.generation;
        let Some(e) = self.entries.get_mut(slot(key)) else { return };
        if e.generation == generation && e.key != key && e.depth > depth {
            return;
        }
        *e = Entry { key, value: to_stored(value, ply), generation, depth, bound, best };
    }
}

fn slot(key: u64) -> usize {
    (key as usize) & (ENTRIES - 1)
}

/// A decided game's value (`±(WIN − plies from the root)`) as plies from
/// the position; other values as they are.
fn to_stored(v: i32, ply: i32) -> i32 {
    if v >= DECIDED {
        v + ply
    } else if v <= -DECIDED {
        v - ply
    } else {
        v
    }
}

/// The inverse of [`to_stored`] at `ply`.
fn from_stored(v: i32, ply: i32) -> i32 {
    if v >= DECIDED {
        v - ply
    } else if v <= -DECIDED {
        v + ply
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_counts_only_in_its_generation_and_for_its_key() {
        let mut t = Table::new();
        let mv: Move = "e4-e5".parse().unwrap();
        t.store(42, 3, 2, Bound::Lower, 120, Some(mv));
        let hit = t.probe(42, 5).expect("stored");
        assert_eq!((hit.depth, hit.bound, hit.value, hit.best), (2, Bound::Lower, 120, Some(mv)));
        assert!(t.probe(42 + ENTRIES as u64, 3).is_none(), "same slot, other key");
        t.next_generation();
        assert!(t.probe(42, 3).is_none(), "the next sample does not see it");
    }

    #[test]
    fn a_won_game_is_stored_by_its_distance_from_the_position() {
        // Won 2 plies below a node at ply 3 (WIN − 5 from the root) is
        // WIN − 7 seen from a node of the same position at ply 5.
        let mut t = Table::new();
        t.store(7, 3, 4, Bound::Exact, WIN - 5, None);
        assert_eq!(t.probe(7, 5).unwrap().value, WIN - 7);
        t.store(8, 3, 4, Bound::Exact, -(WIN - 5), None);
        assert_eq!(t.probe(8, 1).unwrap().value, -(WIN - 3));
        t.store(9, 3, 4, Bound::Exact, 250, None);
        assert_eq!(t.probe(9, 1).unwrap().value, 250);
    }

    #[test]
    fn a_deeper_entry_keeps_its_slot_against_a_shallower_one() {
        let mut t = Table::new();
        let other = 5 + ENTRIES as u64;
        t.store(5, 1, 4, Bound::Exact, 10, None);
        t.store(other, 1, 2, Bound::Exact, 20, None);
        assert_eq!(t.probe(5, 1).unwrap().value, 10);
        t.store(other, 1, 4, Bound::Exact, 20, None);
        assert_eq!(t.probe(other, 1).unwrap().value, 20);
    }
}
