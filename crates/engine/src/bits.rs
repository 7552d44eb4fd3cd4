//! Square sets as 100-bit masks (bit `i` is the square of index `i`), for
//! fast move generation, R20 checks and the classic dead-position test.

use crate::square::Square;

/// A set of squares.
pub(crate) type Bits = u128;

/// Every square of the board.
pub(crate) const BOARD: Bits = (1 << 100) - 1;

const fn file_mask(file: u32) -> Bits {
    let mut m = 0;
    let mut r = 0;
    while r < 10 {
        m |= 1 << (r * 10 + file);
        r += 1;
    }
    m
}

/// Squares of file `a`.
pub(crate) const FILE_A: Bits = file_mask(0);
/// Squares of file `j`.
pub(crate) const FILE_J: Bits = file_mask(9);

/// The eight lake squares (R2).
pub(crate) const LAKES: Bits = {
    let mut m = 0;
    let mut i = 0;
    while i < 100 {
        if Square::at(i).is_lake() {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// Squares a piece may ever stand on.
pub(crate) const LAND: Bits = BOARD & !LAKES;

/// The set holding only square index `i`.
#[inline]
pub(crate) const fn bit(i: usize) -> Bits {
    1 << i
}

/// Direction data of [`Square::step`] order (up, right, down, left): for a
/// set of target squares, the squares whose neighbour in that direction is
/// a target; and the index delta of one step.
#[inline]
pub(crate) const fn sources(dir: usize, targets: Bits) -> Bits {
    match dir {
        0 => targets >> 10,
        1 => (targets >> 1) & !FILE_J,
        2 => (targets << 10) & BOARD,
        _ => (targets << 1) & !FILE_A & BOARD,
    }
}

/// The squares one step from the squares of `b` in direction `dir` (see
/// [`sources`]); steps off the board are dropped.
#[inline]
pub(crate) const fn step(dir: usize, b: Bits) -> Bits {
    match dir {
        0 => (b << 10) & BOARD,
        1 => (b << 1) & !FILE_A & BOARD,
        2 => b >> 10,
        _ => (b >> 1) & !FILE_J,
    }
}

/// Index delta of one step in direction `dir` (see [`sources`]).
pub(crate) const DELTA: [isize; 4] = [10, 1, -10, -1];

/// The squares orthogonally next to some square of `b`.
#[inline]
pub(crate) const fn spread(b: Bits) -> Bits {
    ((b << 10) | (b >> 10) | ((b << 1) & !FILE_A) | ((b >> 1) & !FILE_J)) & BOARD
}

/// Iterates over the indices of a set, lowest first.
#[inline]
pub(crate) fn indices(mut b: Bits) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_match_squares() {
        // R2: eight lake squares; R1: 100 squares.
        assert_eq!(LAKES.count_ones(), 8);
        assert_eq!(BOARD.count_ones(), 100);
        for sq in Square::all() {
            let i = sq.index();
            for (dir, &delta) in DELTA.iter().enumerate() {
                // `sources(dir, {n})` is exactly the square whose step in `dir` is n.
                assert_eq!(step(dir, bit(i)), sq.step(dir).map_or(0, |n| bit(n.index())));
                if let Some(n) = sq.step(dir) {
                    assert_eq!(sources(dir, bit(n.index())), bit(i), "{sq} dir {dir}");
                    assert_eq!(n.index() as isize - i as isize, delta);
                }
            }
            let want: Bits = (0..4).filter_map(|d| sq.step(d)).fold(0, |m, n| m | bit(n.index()));
            assert_eq!(spread(bit(i)), want, "{sq}");
        }
        assert_eq!(indices(bit(3) | bit(99)).collect::<Vec<_>>(), [3, 99]);
    }
}
