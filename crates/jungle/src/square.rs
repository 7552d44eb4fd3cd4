//! Squares of the 7×9 board (J1) and their terrain: dens, traps, rivers (J2).

use std::fmt;
use std::str::FromStr;

use engine::{Player, SquareParseError, parse_square_name};
use serde::{Deserialize, Serialize};

/// Files of the board (`a`–`g`, J1).
pub const FILES: u8 = 7;
/// Ranks of the board (`1`–`9`, J1).
pub const RANKS: u8 = 9;

/// A square of the Jungle board (J1): file `a`–`g`, rank `1`–`9`.
///
/// Stored as `rank_index * 7 + file_index` (both 0-based), so `a1` is 0,
/// `g1` is 6 and `g9` is 62. Every value of this type is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Square(u8);

/// What a square is (J2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Ordinary land.
    Land,
    /// River: only the Rat enters it (J5).
    Water,
    /// A trap around this side's den (J9).
    Trap(Player),
    /// This side's den (J5, J10).
    Den(Player),
}

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 63;

    /// The square of 0-based `file` (0 = `a`) and `rank` (0 = rank 1);
    /// `None` off the board.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS { Some(Square(rank * FILES + file)) } else { None }
    }

    /// The square with index `i` (`0..63`); `None` past 62.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < Self::COUNT { Some(Square(i as u8)) } else { None }
    }

    /// The square of index `i`, known to be below 63.
    #[inline]
    pub(crate) const fn at(i: usize) -> Square {
        debug_assert!(i < Self::COUNT);
        Square(i as u8)
    }

    /// The index `0..63` (see the type docs).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file: 0 = `a` … 6 = `g`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0-based rank: 0 = rank 1 … 8 = rank 9.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// All 63 squares, `a1` first, rank by rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Self::COUNT as u8).map(Square)
    }

    /// The orthogonal neighbour in direction `dir` (0 up the ranks, 1 right,
    /// 2 down, 3 left, as South sees it); `None` off the board.
    #[must_use]
    pub const fn step(self, dir: usize) -> Option<Square> {
        let (f, r) = (self.file() as i8, self.rank() as i8);
        let (df, dr) = [(0, 1), (1, 0), (0, -1), (-1, 0)][dir];
        let (nf, nr) = (f + df, r + dr);
        if nf < 0 || nr < 0 || nf >= FILES as i8 || nr >= RANKS as i8 {
            None
        } else {
            Some(Square((nr * FILES as i8 + nf) as u8))
        }
    }

    /// The terrain of this square (J2).
    #[must_use]
    pub const fn terrain(self) -> Terrain {
        let bit = 1u64 << self.0;
        if WATER & bit != 0 {
            Terrain::Water
        } else if self.0 == DEN[0] {
            Terrain::Den(Player::South)
        } else if self.0 == DEN[1] {
            Terrain::Den(Player::North)
        } else if TRAPS[0] & bit != 0 {
            Terrain::Trap(Player::South)
        } else if TRAPS[1] & bit != 0 {
            Terrain::Trap(Player::North)
        } else {
            Terrain::Land
        }
    }

    /// Whether this is a river square (J2).
    #[must_use]
    pub const fn is_water(self) -> bool {
        WATER & (1u64 << self.0) != 0
    }

    /// The den of `player` (J2): `d1` for South, `d9` for North.
    #[must_use]
    pub const fn den(player: Player) -> Square {
        Square(DEN[player.index()])
    }

    /// The square `player` sees at screen `row` (0 = top) and `col`
    /// (0 = left) of the 7×9 board (J1, as R3): South sees rank 9 at the
    /// top and file `a` on the left, North rank 1 at the top and file `g`
    /// on the left. `None` when `row` ≥ 9 or `col` ≥ 7.
    #[must_use]
    pub const fn on_screen(player: Player, row: u8, col: u8) -> Option<Square> {
        if row >= RANKS || col >= FILES {
            return None;
        }
        match player {
            Player::South => Square::new(col, RANKS - 1 - row),
            Player::North => Square::new(FILES - 1 - col, row),
        }
    }
}

/// Bit masks over square indices (bit `i` = square `i`).
pub(crate) type Bits = u64;

/// The river squares `b4 c4 b5 c5 b6 c6` and `e4 f4 e5 f5 e6 f6` (J2).
pub(crate) const WATER: Bits = {
    let mut m = 0u64;
    let mut r = 3;
    while r < 6 {
        m |= 0b11_0110u64 << (r * 7);
        r += 1;
    }
    m
};

/// Den squares by player index: `d1`, `d9` (J2).
pub(crate) const DEN: [u8; 2] = [3, 8 * 7 + 3];

/// Traps by the player whose den they surround: `c1 e1 d2`, `c9 e9 d8` (J2).
pub(crate) const TRAPS: [Bits; 2] = [(1 << 2) | (1 << 4) | (1 << 10), (1 << 58) | (1 << 60) | (1 << 52)];

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = SquareParseError;

    /// Parses `a1`…`g9`, case-insensitive, surrounding whitespace ignored
    /// (the shared parser of R1, on the 7×9 board).
    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let (file, rank) = parse_square_name(s, FILES, RANKS)?;
        Ok(Square(rank * FILES + file))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(pred: impl Fn(Square) -> bool) -> Vec<String> {
        Square::all().filter(|&s| pred(s)).map(|s| s.to_string()).collect()
    }

    #[test]
    fn rule_j1_names_round_trip() {
        // J1: files a–g, ranks 1–9, named as in R1.
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(Square::all().count(), 63);
        assert_eq!("G9".parse::<Square>().unwrap().index(), 62);
        assert!(matches!("h1".parse::<Square>(), Err(SquareParseError::OffBoard { .. })));
        assert!(matches!("a10".parse::<Square>(), Err(SquareParseError::OffBoard { .. })));
        assert!(matches!("1a".parse::<Square>(), Err(SquareParseError::Syntax(_))));
        // J1 (as R3): South sees rank 9 at the top, a on the left; North the opposite.
        let s = |p, r, c| Square::on_screen(p, r, c).unwrap().to_string();
        assert_eq!((s(Player::South, 0, 0), s(Player::South, 8, 6)), ("a9".into(), "g1".into()));
        assert_eq!((s(Player::North, 0, 0), s(Player::North, 8, 6)), ("g1".into(), "a9".into()));
        assert_eq!(Square::on_screen(Player::South, 9, 0), None);
    }

    #[test]
    fn rule_j2_special_squares() {
        // J2: dens, traps and the two rivers.
        assert_eq!(names(|s| s.terrain() == Terrain::Den(Player::South)), ["d1"]);
        assert_eq!(names(|s| s.terrain() == Terrain::Den(Player::North)), ["d9"]);
        assert_eq!(names(|s| s.terrain() == Terrain::Trap(Player::South)), ["c1", "e1", "d2"]);
        assert_eq!(names(|s| s.terrain() == Terrain::Trap(Player::North)), ["d8", "c9", "e9"]);
        assert_eq!(names(Square::is_water), ["b4", "c4", "e4", "f4", "b5", "c5", "e5", "f5", "b6", "c6", "e6", "f6"]);
        assert_eq!(Square::den(Player::North).to_string(), "d9");
    }
}
