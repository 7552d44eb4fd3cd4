//! Position hashing for the chasing rule: one random key per (square, side,
//! rank) and one for the side to move, fixed at compile time.

use crate::player::Player;
use crate::rank::Rank;
use crate::square::Square;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

static KEYS: [[u64; 24]; 100] = {
    let mut t = [[0u64; 24]; 100];
    let mut i = 0;
    while i < 100 {
        let mut k = 0;
        while k < 24 {
            t[i][k] = splitmix((i * 24 + k) as u64 + 1);
            k += 1;
        }
        i += 1;
    }
    t
};

/// Key of the side to move (XORed in when North is to move).
pub(crate) const SIDE: u64 = splitmix(0xC0FF_EE00);

/// Key of a piece of `player` and `rank` on `sq`.
#[inline]
pub(crate) fn piece(sq: Square, player: Player, rank: Rank) -> u64 {
    KEYS[sq.index()][player.index() * 12 + rank.index()]
}
