//! Tables computed at compile time: neighbours, river jumps (J5, J6) and
//! the position hash keys.

use crate::square::{Bits, FILES, RANKS, Square, WATER};

/// Marks "no square" in the tables.
pub(crate) const NONE: u8 = u8::MAX;

/// The neighbour of each square in each direction (see [`Square::step`]),
/// or [`NONE`] off the board.
pub(crate) static NEIGH: [[u8; 4]; Square::COUNT] = {
    let mut t = [[NONE; 4]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut d = 0;
        while d < 4 {
            if let Some(n) = Square::at(i).step(d) {
                t[i][d] = n.index() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// The orthogonal neighbours of each square as a bit mask.
pub(crate) static STEPS: [Bits; Square::COUNT] = {
    let mut t = [0u64; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut d = 0;
        while d < 4 {
            if NEIGH[i][d] != NONE {
                t[i] |= 1u64 << NEIGH[i][d];
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// A river jump (J6): where it lands and the water squares it passes over.
#[derive(Clone, Copy)]
pub(crate) struct Jump {
    /// The first land square beyond the river, or [`NONE`] when the
    /// neighbour in this direction is not water.
    pub(crate) to: u8,
    /// The water squares in between (a Rat on any of them blocks the jump).
    pub(crate) over: Bits,
}

/// The jump from each square in each direction.
pub(crate) static JUMPS: [[Jump; 4]; Square::COUNT] = {
    let mut t = [[Jump { to: NONE, over: 0 }; 4]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut d = 0;
        while d < 4 {
            let mut over = 0u64;
            let mut cur = NEIGH[i][d];
            while cur != NONE && WATER & (1u64 << cur) != 0 {
                over |= 1u64 << cur;
                cur = NEIGH[cur as usize][d];
            }
            if over != 0 && WATER & (1u64 << i) == 0 {
                t[i][d] = Jump { to: cur, over };
            }
            d += 1;
        }
        i += 1;
    }
    t
};

const fn mix(mut x: u64) -> u64 {
    // SplitMix64's finaliser: a fixed, well-spread key per index.
    x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(0x6A09_E667_F3BC_C909);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Hash key of piece code `c` (1–16, see `Piece::code`) on square `i`:
/// `KEYS[i][c]`; column 0 is zero (an empty square adds nothing).
pub(crate) static KEYS: [[u64; 17]; Square::COUNT] = {
    let mut t = [[0u64; 17]; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let mut c = 1;
        while c < 17 {
            t[i][c] = mix((i * 17 + c) as u64);
            c += 1;
        }
        i += 1;
    }
    t
};

/// Hash key of North to move.
pub(crate) const NORTH_TO_MOVE: u64 = mix(FILES as u64 * RANKS as u64 * 1000);
