//! Setups (R4–R6) and the setup code (RULES.md §8a).
//!
//! A [`Setup`] is any arrangement of pieces on the 40 home squares, not
//! necessarily legal. It becomes a [`ValidSetup`] only through
//! [`ValidSetup::new`], which checks it against a rule set.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::player::Player;
use crate::rank::Rank;
use crate::rules::{RuleSet, RuleSetId};
use crate::square::Square;

/// Number of home squares, and of characters in a setup code (§8a).
pub const HOME_SQUARES: usize = 40;

/// An arrangement of pieces on one side's 40 home squares, not necessarily
/// legal.
///
/// Slot `i` is the `i`-th square in setup-code order (§8a): rank by rank
/// from the owner's back rank to the front rank, each rank from the owner's
/// left to the owner's right; [`home_square`] maps a slot to a [`Square`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece in each slot; `None` for an empty square (duel rule sets only).
    pub slots: [Option<Rank>; HOME_SQUARES],
}

/// Why a text is not a setup code (§8a).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupCodeError {
    /// The code does not have 40 characters once whitespace and `/` are dropped.
    #[error("a setup code has 40 characters, this one has {0}")]
    Length(usize),
    /// A character that stands for no piece; `position` counts from 1 among
    /// the significant characters.
    #[error("character {position} ({ch:?}) is not a piece: use 1–9, s, B, F or .")]
    BadChar {
        /// 1-based position among the 40 significant characters.
        position: usize,
        /// The offending character.
        ch: char,
    },
}

/// One line of a composition difference: `rank` was expected `expected`
/// times and found `found` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountDiff {
    /// The kind that is off.
    pub rank: Rank,
    /// Pieces of that kind the army has (R4).
    pub expected: u8,
    /// Pieces of that kind in the setup.
    pub found: u8,
}

/// Why a setup is not legal in a rule set (R4, R5).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// R5: in `battle` and `classic` every home square holds a piece;
    /// `position` is the 1-based slot of the first empty one.
    #[error("square {position} of the setup is empty; this rule set fills all 40 home squares")]
    EmptySquare {
        /// 1-based slot in code order.
        position: usize,
    },
    /// R4: the composition differs from the army; every differing kind is listed.
    #[error("the setup does not match the army: {}", fmt_diffs(.0))]
    Composition(Vec<CountDiff>),
}

fn fmt_diffs(d: &[CountDiff]) -> String {
    d.iter()
        .map(|c| format!("{} × {} instead of {}", c.found, c.rank.code_char(), c.expected))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The board square of setup slot `slot` (`0..40`) for `player` (§8a, R5).
///
/// # Panics
/// If `slot >= 40`.
#[must_use]
pub fn home_square(player: Player, slot: usize) -> Square {
    assert!(slot < HOME_SQUARES, "setup slot {slot} out of range");
    let (row, col) = ((slot / 10) as u8, (slot % 10) as u8);
    let sq = match player {
        Player::South => Square::new(col, row),
        Player::North => Square::new(9 - col, 9 - row),
    };
    sq.expect("home squares are on the board")
}

/// The setup slot of `square` for `player`, or `None` if the square is not
/// one of the player's home squares (R5). Inverse of [`home_square`].
#[must_use]
pub fn home_slot(player: Player, square: Square) -> Option<usize> {
    let (f, r) = (square.file() as usize, square.rank() as usize);
    match player {
        Player::South if r < 4 => Some(r * 10 + f),
        Player::North if r >= 6 => Some((9 - r) * 10 + (9 - f)),
        _ => None,
    }
}

impl Setup {
    /// A setup with every square empty.
    pub const EMPTY: Setup = Setup { slots: [None; HOME_SQUARES] };

    /// Parses a setup code (§8a). Whitespace and `/` are ignored; `.` is an
    /// empty square.
    ///
    /// # Errors
    /// [`SetupCodeError::BadChar`] naming the first wrong character, or
    /// [`SetupCodeError::Length`] when there are not 40 characters.
    pub fn from_code(code: &str) -> Result<Setup, SetupCodeError> {
        let mut slots = [None; HOME_SQUARES];
        let mut n = 0;
        for ch in code.chars().filter(|c| !c.is_whitespace() && *c != '/') {
            let piece = if ch == '.' {
                None
            } else {
                Some(Rank::from_code_char(ch).ok_or(SetupCodeError::BadChar { position: n + 1, ch })?)
            };
            if n < HOME_SQUARES {
                slots[n] = piece;
            }
            n += 1;
        }
        if n != HOME_SQUARES {
            return Err(SetupCodeError::Length(n));
        }
        Ok(Setup { slots })
    }

    /// The 40-character code (§8a).
    #[must_use]
    pub fn to_code(&self) -> String {
        self.slots.iter().map(|s| s.map_or('.', Rank::code_char)).collect()
    }

    /// Pieces per kind, indexed by [`Rank::index`].
    #[must_use]
    pub fn counts(&self) -> [u8; 12] {
        let mut c = [0u8; 12];
        for r in self.slots.iter().flatten() {
            c[r.index()] += 1;
        }
        c
    }

    /// Exchanges the contents of two slots (the tap-tap swap of the setup screen).
    ///
    /// # Panics
    /// If a slot is 40 or more.
    pub fn swap(&mut self, a: usize, b: usize) {
        self.slots.swap(a, b);
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_code())
    }
}

/// A setup checked against a rule set (R4, R5); made only by [`ValidSetup::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ValidSetupRepr", into = "ValidSetupRepr")]
pub struct ValidSetup {
    rules: RuleSetId,
    setup: Setup,
}

impl ValidSetup {
    /// Checks `setup` against `rules`.
    ///
    /// # Errors
    /// [`SetupError::EmptySquare`] when a rule set that fills the home ranks
    /// finds an empty slot (R5); [`SetupError::Composition`] listing every kind
    /// whose count differs from the army (R4).
    pub fn new(rules: &RuleSet, setup: Setup) -> Result<ValidSetup, SetupError> {
        let counts = setup.counts();
        let diffs: Vec<CountDiff> = Rank::ALL
            .iter()
            .filter(|r| counts[r.index()] != rules.count(**r))
            .map(|&rank| CountDiff { rank, expected: rules.count(rank), found: counts[rank.index()] })
            .collect();
        if rules.fills_home()
            && let Some(i) = setup.slots.iter().position(Option::is_none)
            && !diffs.iter().any(|d| d.found > d.expected)
        {
            return Err(SetupError::EmptySquare { position: i + 1 });
        }
        if diffs.is_empty() { Ok(ValidSetup { rules: rules.id, setup }) } else { Err(SetupError::Composition(diffs)) }
    }

    /// Wraps `setup` without checking it: only for positions built by
    /// [`crate::Game::from_pieces`] in tests.
    pub(crate) const fn unchecked(rules: RuleSetId, setup: Setup) -> ValidSetup {
        ValidSetup { rules, setup }
    }

    /// Parses a code and checks it: the usual way to read a player's setup.
    ///
    /// # Errors
    /// The [`SetupCodeError`] or [`SetupError`] that applies, as text-ready [`CodeError`].
    pub fn from_code(rules: &RuleSet, code: &str) -> Result<ValidSetup, CodeError> {
        Ok(ValidSetup::new(rules, Setup::from_code(code)?)?)
    }

    /// The rule set it was checked against.
    #[must_use]
    pub const fn rules(&self) -> RuleSetId {
        self.rules
    }

    /// The arrangement.
    #[must_use]
    pub const fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The code (§8a).
    #[must_use]
    pub fn to_code(&self) -> String {
        self.setup.to_code()
    }

    /// This setup with slots `a` and `b` exchanged (still legal: the
    /// composition does not change).
    ///
    /// # Panics
    /// If a slot is 40 or more.
    #[must_use]
    pub fn swapped(mut self, a: usize, b: usize) -> ValidSetup {
        self.setup.swap(a, b);
        self
    }
}

/// Any reason a setup code is refused: bad text or a bad army.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// The text is not a code.
    #[error(transparent)]
    Code(#[from] SetupCodeError),
    /// The code is not legal in the rule set.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

#[derive(Serialize, Deserialize)]
struct ValidSetupRepr {
    rules: RuleSetId,
    code: String,
}

impl From<ValidSetup> for ValidSetupRepr {
    fn from(v: ValidSetup) -> Self {
        ValidSetupRepr { rules: v.rules, code: v.to_code() }
    }
}

impl TryFrom<ValidSetupRepr> for ValidSetup {
    type Error = CodeError;
    fn try_from(r: ValidSetupRepr) -> Result<Self, CodeError> {
        ValidSetup::from_code(r.rules.rules(), &r.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "BFB8657B869B3745s2485B98B963579919849796";

    #[test]
    fn rule_r4_example_code_is_a_battle_army() {
        // R4, §8a: the example code of RULES.md is legal in battle.
        let v = ValidSetup::from_code(RuleSetId::Battle.rules(), EXAMPLE).unwrap();
        assert_eq!(v.to_code(), EXAMPLE);
        assert_eq!(
            ValidSetup::from_code(RuleSetId::Battle.rules(), "BFB8657B86/9B3745s248 5B98B963579919849796"),
            Ok(v)
        );
    }

    #[test]
    fn rule_r4_wrong_composition_names_the_difference() {
        // R4: swap a Flag for a Mine: one Mine too many, no Flag.
        let bad = EXAMPLE.replacen('F', "B", 1);
        let err = ValidSetup::from_code(RuleSetId::Battle.rules(), &bad).unwrap_err();
        let CodeError::Setup(SetupError::Composition(d)) = err else { panic!("{err:?}") };
        assert_eq!(
            d,
            vec![
                CountDiff { rank: Rank::Mine, expected: 6, found: 7 },
                CountDiff { rank: Rank::Flag, expected: 1, found: 0 }
            ]
        );
    }

    #[test]
    fn code_errors_name_first_bad_char() {
        let bad = EXAMPLE.replacen('8', "x", 1);
        assert_eq!(Setup::from_code(&bad), Err(SetupCodeError::BadChar { position: 4, ch: 'x' }));
        assert_eq!(Setup::from_code("BFB"), Err(SetupCodeError::Length(3)));
        assert_eq!(Setup::from_code(&format!("{EXAMPLE}1")), Err(SetupCodeError::Length(41)));
    }

    #[test]
    fn rule_r5_full_sets_fill_home_and_duels_do_not() {
        // R5: battle needs 40 pieces; duel takes any 10 squares.
        let holey = format!(".{}", &EXAMPLE[1..]);
        assert!(matches!(
            ValidSetup::from_code(RuleSetId::Battle.rules(), &holey),
            Err(CodeError::Setup(SetupError::EmptySquare { position: 1 }))
        ));
        let duel = format!("{}{}", "F B B 1 2 8 8 9 9 s".replace(' ', ""), ".".repeat(30));
        assert!(ValidSetup::from_code(RuleSetId::Duel.rules(), &duel).is_ok());
        assert!(ValidSetup::from_code(RuleSetId::Battle.rules(), &duel).is_err());
    }

    #[test]
    fn rule_r5_home_squares() {
        // R5, §8a: slot 0 is the owner's back-left square.
        assert_eq!(home_square(Player::South, 0).to_string(), "a1");
        assert_eq!(home_square(Player::South, 39).to_string(), "j4");
        assert_eq!(home_square(Player::North, 0).to_string(), "j10");
        assert_eq!(home_square(Player::North, 39).to_string(), "a7");
        for p in Player::ALL {
            for i in 0..HOME_SQUARES {
                assert_eq!(home_slot(p, home_square(p, i)), Some(i));
            }
        }
        assert_eq!(home_slot(Player::South, "a5".parse().unwrap()), None);
        assert_eq!(home_slot(Player::North, "a4".parse().unwrap()), None);
    }

    #[test]
    fn serde_round_trip() {
        let v = ValidSetup::from_code(RuleSetId::Battle.rules(), EXAMPLE).unwrap();
        let json = serde_json::to_string(&v).unwrap();
        assert_eq!(serde_json::from_str::<ValidSetup>(&json).unwrap(), v);
        let forged = json.replace('F', "B");
        assert!(serde_json::from_str::<ValidSetup>(&forged).is_err());
    }
}
