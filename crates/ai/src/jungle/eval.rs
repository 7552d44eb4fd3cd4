//! The static evaluation of a Jungle position, in points from the side to
//! move's view (a Rat is about 300): material, closeness to the enemy den,
//! and for `hard` control of the traps and rivers and guard of the own den.

use jungle::{Animal, Player, Position, Square, Terrain};

/// Material by rank 1–8 (index 0 unused): the Rat is worth more than its
/// rank (it takes the Elephant and blocks jumps), Lion and Tiger more for
/// their jumps.
pub(crate) const VALUE: [i32; 9] = [0, 300, 200, 300, 350, 450, 800, 900, 1000];

/// Bonus by Manhattan distance to the enemy den (0 = in it, never seen).
const PROXIMITY: [i32; 16] = [0, 90, 60, 42, 30, 22, 16, 12, 9, 6, 4, 3, 2, 1, 0, 0];

/// What the evaluation counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Terms {
    /// Material and closeness to the enemy den.
    Basic,
    /// Also trap and river control and the guard of the own den.
    Full,
}

fn distance(a: Square, b: Square) -> i32 {
    i32::from(a.file().abs_diff(b.file()) + a.rank().abs_diff(b.rank()))
}

/// The value of `pos` for the side to move.
pub(crate) fn evaluate(pos: &Position, terms: Terms) -> i32 {
    let me = pos.turn();
    side(pos, me, terms) - side(pos, me.other(), terms)
}

/// What `p`'s animals are worth.
fn side(pos: &Position, p: Player, terms: Terms) -> i32 {
    let enemy_den = Square::den(p.other());
    let own_den = Square::den(p);
    let mut total = 0;
    let mut guards = 0;
    for sq in pos.squares(p) {
        let animal = pos.piece_at(sq).map_or(Animal::Rat, |piece| piece.animal);
        let rank = animal.rank() as usize;
        total += VALUE[rank];
        let d = distance(sq, enemy_den) as usize;
        // Weak animals gain less from closing in: they are easily taken there.
        total += PROXIMITY[d.min(15)] * (4 + rank as i32) / 8;
        if terms == Terms::Full {
            match sq.terrain() {
                // A Rat in the river blocks the enemy's jumps and threatens the banks.
                Terrain::Water => total += 20,
                // Standing on an enemy trap next to its den: a threat, and a risk.
                Terrain::Trap(owner) if owner != p => total += 25 - 2 * rank as i32,
                _ => {}
            }
            if animal.jumps() && jump_square(sq) {
                total += 15;
            }
            if distance(sq, own_den) <= 2 {
                guards += 1;
            }
        }
    }
    if terms == Terms::Full {
        // Guard of the den: enemy animals near it against own animals near it.
        let attackers = pos.squares(p.other()).filter(|&s| distance(s, own_den) <= 3).count() as i32;
        total += 20 * guards.min(2) - 35 * (attackers - guards).max(0);
    }
    total
}

/// Whether a Lion or Tiger on `sq` may jump a river from there (J6).
fn jump_square(sq: Square) -> bool {
    (0..4).any(|d| sq.step(d).is_some_and(Square::is_water))
}
