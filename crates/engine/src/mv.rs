//! Moves: a piece goes from one square to another (R8–R12), written by the
//! two squares (and so for every board of the product: Jungle's J12 too).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::square::{Square, SquareParseError};

/// A move from one square to another; an attack when the target holds an
/// enemy piece (R10). Displayed `e4-e5`.
///
/// `S` is the board's square type: [`Square`] (10×10, R1) by default;
/// Jungle (J12) uses its own 7×9 square with the same notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move<S = Square> {
    /// Where the moving piece stands.
    pub from: S,
    /// Where it goes (or what it attacks).
    pub to: S,
}

/// Why a text is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveParseError {
    /// Not two squares, e.g. `"e4"` or `"hello"`.
    #[error("not a move: {0:?} (write it like a3-a4)")]
    Syntax(String),
    /// A square name outside the board.
    #[error(transparent)]
    Square(#[from] SquareParseError),
}

impl<S> Move<S> {
    /// A move from `from` to `to`.
    #[must_use]
    pub const fn new(from: S, to: S) -> Move<S> {
        Move { from, to }
    }
}

impl<S: fmt::Display> fmt::Display for Move<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl<S: FromStr<Err = SquareParseError>> FromStr for Move<S> {
    type Err = MoveParseError;

    /// Accepts `e4 e5`, `e4-e5`, `e4e5`, `e4:e5`, `e4xe5` and `e4—e5`, in
    /// any letter case, with any spaces around the parts.
    fn from_str(s: &str) -> Result<Move<S>, MoveParseError> {
        let syntax = || MoveParseError::Syntax(s.trim().to_owned());
        let t: String = s.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        let b = t.as_bytes();
        // The first square: a letter, then digits.
        if b.is_empty() || !b[0].is_ascii_lowercase() {
            return Err(syntax());
        }
        let mut i = 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == 1 {
            return Err(syntax());
        }
        let first = &t[..i];
        let mut rest = &t[i..];
        for sep in ["-", ":", "x", "—", "–"] {
            if let Some(r) = rest.strip_prefix(sep) {
                // `x` could start the second square only if it were a file; files end at `j`.
                rest = r;
                break;
            }
        }
        if rest.is_empty() {
            return Err(syntax());
        }
        Ok(Move { from: first.parse()?, to: rest.parse()? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(s: &str) -> Result<String, MoveParseError> {
        s.parse::<Move>().map(|m| m.to_string())
    }

    #[test]
    fn all_typed_forms_parse() {
        for s in ["e4 e5", "e4-e5", "e4e5", "e4:e5", "e4xe5", "E4-E5", " e4  -  e5 ", "e4—e5"] {
            assert_eq!(m(s).as_deref(), Ok("e4-e5"), "{s}");
        }
        assert_eq!(m("j10j9").as_deref(), Ok("j10-j9"));
        assert_eq!(m("a1 a10").as_deref(), Ok("a1-a10"));
    }

    #[test]
    fn bad_moves_are_refused() {
        assert!(matches!(m("e4"), Err(MoveParseError::Syntax(_))));
        assert!(matches!(m("hello"), Err(MoveParseError::Syntax(_) | MoveParseError::Square(_))));
        assert!(matches!(m(""), Err(MoveParseError::Syntax(_))));
        assert!(matches!(m("k4-k5"), Err(MoveParseError::Square(SquareParseError::OffBoard { .. }))));
        assert!(matches!(m("e4-e11"), Err(MoveParseError::Square(SquareParseError::OffBoard { .. }))));
        assert!(m("e4-e5-e6").is_err());
    }
}
