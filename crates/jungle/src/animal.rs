//! The eight animals (J3) and a piece on the board.

use std::fmt;

use engine::Player;
use serde::{Deserialize, Serialize};

/// An animal; its rank is its strength (J3): Rat 1 … Elephant 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Animal {
    /// Rank 1: swims (J5), blocks jumps (J6), takes the Elephant (J7).
    Rat = 1,
    /// Rank 2.
    Cat = 2,
    /// Rank 3.
    Dog = 3,
    /// Rank 4.
    Wolf = 4,
    /// Rank 5.
    Leopard = 5,
    /// Rank 6: jumps rivers (J6).
    Tiger = 6,
    /// Rank 7: jumps rivers (J6).
    Lion = 7,
    /// Rank 8: never takes the Rat, except on a trap (J7, J9).
    Elephant = 8,
}

impl Animal {
    /// All eight, weakest first.
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    /// The rank 1–8 (J3).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self as u8
    }

    /// The animal of rank 1–8; `None` otherwise.
    #[must_use]
    pub const fn from_rank(rank: u8) -> Option<Animal> {
        if rank >= 1 && rank <= 8 { Some(Animal::ALL[rank as usize - 1]) } else { None }
    }

    /// Whether it jumps across rivers: Lion and Tiger (J6).
    #[must_use]
    pub const fn jumps(self) -> bool {
        matches!(self, Animal::Lion | Animal::Tiger)
    }

    /// The stable lowercase English name (`rat` … `elephant`), as in exports.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }

    /// Parses [`Animal::as_str`]; `None` for anything else.
    #[must_use]
    pub fn parse(s: &str) -> Option<Animal> {
        Animal::ALL.into_iter().find(|a| a.as_str() == s)
    }

    /// The letter of the position text ([`crate::Position`]'s `Display`):
    /// `R C D W P T L E` (P for Leopard), upper case.
    #[must_use]
    pub const fn letter(self) -> char {
        [b'R', b'C', b'D', b'W', b'P', b'T', b'L', b'E'][self as usize - 1] as char
    }

    /// Whether this animal, moving from a square of kind `from_water` to
    /// one of kind `to_water`, captures `defender` standing there, where
    /// `defender_trapped` says the defender stands on a trap around the
    /// attacker's den (J7–J9).
    #[must_use]
    #[inline]
    pub const fn captures(self, defender: Animal, from_water: bool, to_water: bool, defender_trapped: bool) -> bool {
        if from_water != to_water {
            return false; // J8: no fight across the bank
        }
        if defender_trapped {
            return true; // J9
        }
        match (self, defender) {
            (Animal::Rat, Animal::Elephant) => true, // J7
            (Animal::Elephant, Animal::Rat) => false,
            _ => self as u8 >= defender as u8,
        }
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An animal of one side, on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Owner.
    pub player: Player,
    /// Which animal.
    pub animal: Animal,
}

impl Piece {
    /// A piece of `player`.
    #[must_use]
    pub const fn new(player: Player, animal: Animal) -> Piece {
        Piece { player, animal }
    }

    /// Compact code 1–16 (0 is an empty square): South 1–8, North 9–16.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        self.player.index() as u8 * 8 + self.animal as u8
    }

    /// The piece of code 1–16 (see [`Piece::code`]).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        match code {
            1..=8 => Some(Piece::new(Player::South, Animal::ALL[code as usize - 1])),
            9..=16 => Some(Piece::new(Player::North, Animal::ALL[code as usize - 9])),
            _ => None,
        }
    }
}
