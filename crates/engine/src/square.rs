//! Squares of the 10×10 board (R1) and the lakes (R2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A square of the board (R1): file `a`–`j`, rank `1`–`10`.
///
/// Stored as `rank_index * 10 + file_index` (both 0-based), so `a1` is 0,
/// `j1` is 9 and `j10` is 99. Every value of this type is on the board; lake
/// squares (R2) are squares too, see [`Square::is_lake`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Square(u8);

/// Why a text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareParseError {
    /// Not of the shape letter + number, e.g. `"4e"` or `""`.
    #[error("not a square name: {0:?}")]
    Syntax(String),
    /// Shaped like a square but outside the board, e.g. `"k4"` or `"e11"`
    /// on the 10×10 board (`a1`–`j10`, R1) or `"h1"` on Jungle's 7×9 (J1).
    #[error("square {name:?} is off the board (files a–{}, ranks 1–{ranks})", (b'a' + files - 1) as char)]
    OffBoard {
        /// The name as typed, trimmed.
        name: String,
        /// Files of the board (10 for Stratego, 7 for Jungle).
        files: u8,
        /// Ranks of the board (10 for Stratego, 9 for Jungle).
        ranks: u8,
    },
}

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 100;

    /// The square of 0-based `file` (0 = `a`) and `rank` (0 = rank 1);
    /// `None` when either is 10 or more.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 10 && rank < 10 { Some(Square(rank * 10 + file)) } else { None }
    }

    /// The square with index `i` (`0..100`, see the type docs); `None` past 99.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 100 { Some(Square(i as u8)) } else { None }
    }

    /// The square of index `i`, known to be below 100.
    #[inline]
    pub(crate) const fn at(i: usize) -> Square {
        debug_assert!(i < 100);
        Square(i as u8)
    }

    /// The index `0..100` (see the type docs).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file: 0 = `a` … 9 = `j`.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % 10
    }

    /// 0-based rank: 0 = rank 1 … 9 = rank 10.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / 10
    }

    /// Whether this is one of the eight lake squares `c5 d5 c6 d6 g5 h5 g6 h6` (R2).
    #[must_use]
    pub const fn is_lake(self) -> bool {
        let (f, r) = (self.file(), self.rank());
        (r == 4 || r == 5) && (f == 2 || f == 3 || f == 6 || f == 7)
    }

    /// All 100 squares, `a1` first, rank by rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..100u8).map(Square)
    }

    /// Manhattan distance in squares.
    #[must_use]
    pub const fn distance(self, other: Square) -> u8 {
        self.file().abs_diff(other.file()) + self.rank().abs_diff(other.rank())
    }

    /// The orthogonal neighbour in direction `dir` (0 up the ranks, 1 right,
    /// 2 down, 3 left, as South sees it); `None` off the board.
    #[must_use]
    pub const fn step(self, dir: usize) -> Option<Square> {
        let (f, r) = (self.file() as i8, self.rank() as i8);
        let (df, dr) = DIRS[dir];
        let (nf, nr) = (f + df, r + dr);
        if nf < 0 || nr < 0 || nf > 9 || nr > 9 { None } else { Some(Square((nr * 10 + nf) as u8)) }
    }

    /// Whether the two squares share an edge.
    #[must_use]
    pub const fn is_adjacent(self, other: Square) -> bool {
        self.distance(other) == 1
    }
}

/// (file, rank) deltas of the four orthogonal directions used by [`Square::step`].
pub(crate) const DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = SquareParseError;

    /// Parses `a1`…`j10`, case-insensitive, surrounding whitespace ignored.
    fn from_str(s: &str) -> Result<Square, SquareParseError> {
        let (file, rank) = parse_square_name(s, 10, 10)?;
        Ok(Square(rank * 10 + file))
    }
}

/// Parses the name of a square on a board of `files` × `ranks` (each at
/// most 26), named file letter then rank number as in R1 (and J1):
/// case-insensitive, surrounding whitespace ignored. Returns the 0-based
/// (file, rank), `a1` being (0, 0). Shared by every board of the product.
///
/// # Errors
/// [`SquareParseError::Syntax`] when the text is not a letter followed by a
/// number; [`SquareParseError::OffBoard`] when the square is outside the board.
pub fn parse_square_name(s: &str, files: u8, ranks: u8) -> Result<(u8, u8), SquareParseError> {
    let t = s.trim().to_ascii_lowercase();
    let mut chars = t.chars();
    let file = chars.next().filter(char::is_ascii_lowercase);
    let digits = chars.as_str();
    let (Some(file), false) = (file, digits.is_empty()) else {
        return Err(SquareParseError::Syntax(s.to_owned()));
    };
    if digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SquareParseError::Syntax(s.to_owned()));
    }
    let rank: u16 = digits.parse().map_err(|_| SquareParseError::Syntax(s.to_owned()))?;
    let file_index = file as u8 - b'a';
    if rank == 0 || rank > u16::from(ranks) || file_index >= files || digits.starts_with('0') {
        return Err(SquareParseError::OffBoard { name: s.trim().to_owned(), files, ranks });
    }
    Ok((file_index, (rank - 1) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_r1_names_round_trip() {
        // R1: files a–j, ranks 1–10, named file then rank.
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().unwrap().index(), 0);
        assert_eq!("J10".parse::<Square>().unwrap().index(), 99);
        assert_eq!(" e4 ".parse::<Square>().unwrap().to_string(), "e4");
        assert!(matches!("k4".parse::<Square>(), Err(SquareParseError::OffBoard { .. })));
        assert!(matches!("e11".parse::<Square>(), Err(SquareParseError::OffBoard { .. })));
        assert!(matches!("e0".parse::<Square>(), Err(SquareParseError::OffBoard { .. })));
        assert!(matches!("4e".parse::<Square>(), Err(SquareParseError::Syntax(_))));
        assert!(matches!("".parse::<Square>(), Err(SquareParseError::Syntax(_))));
    }

    #[test]
    fn rule_r2_lakes() {
        // R2: two 2×2 lakes.
        let lakes: Vec<String> = Square::all().filter(|s| s.is_lake()).map(|s| s.to_string()).collect();
        assert_eq!(lakes, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
    }

    #[test]
    fn steps_stay_on_board() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.step(0).unwrap().to_string(), "a2");
        assert_eq!(a1.step(1).unwrap().to_string(), "b1");
        assert_eq!(a1.step(2), None);
        assert_eq!(a1.step(3), None);
        assert!(a1.is_adjacent("b1".parse().unwrap()));
    }
}
