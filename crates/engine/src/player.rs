//! The two sides of a game (R3) and a container holding one value per side.

use serde::{Deserialize, Serialize};

use crate::square::Square;

/// One of the two sides (R3): South sets up on ranks 1–4 (shown red),
/// North on ranks 7–10 (shown blue).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Player {
    /// Home ranks 1–4; sees rank 1 at the bottom and file `a` on the left.
    South = 0,
    /// Home ranks 7–10; sees rank 10 at the bottom and file `j` on the left.
    North = 1,
}

impl Player {
    /// Both sides, South first.
    pub const ALL: [Player; 2] = [Player::South, Player::North];

    /// The opponent.
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`: the stable name used in storage and callbacks.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Player::South => "south",
            Player::North => "north",
        }
    }

    /// Whether `sq` is one of this side's home squares (R3, R5): ranks 1–4
    /// for South, 7–10 for North.
    #[must_use]
    pub const fn is_home(self, sq: Square) -> bool {
        match self {
            Player::South => sq.rank() < 4,
            Player::North => sq.rank() >= 6,
        }
    }

    /// The square this player sees at screen `row` (0 = top) and `col`
    /// (0 = left) of the 10×10 board (R3): South sees rank 10 at the top and
    /// file `a` on the left, North sees rank 1 at the top and file `j` on
    /// the left. `None` when `row` or `col` is 10 or more.
    #[must_use]
    pub const fn screen_square(self, row: u8, col: u8) -> Option<Square> {
        if row >= 10 || col >= 10 {
            return None;
        }
        match self {
            Player::South => Square::new(col, 9 - row),
            Player::North => Square::new(9 - col, row),
        }
    }

    /// Parses [`Player::as_str`]; `None` for anything else.
    #[must_use]
    pub fn parse(s: &str) -> Option<Player> {
        match s {
            "south" => Some(Player::South),
            "north" => Some(Player::North),
            _ => None,
        }
    }
}

/// One value per side, indexed by [`Player`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByPlayer<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> ByPlayer<T> {
    /// Builds both values from a function of the side.
    pub fn new_with(mut f: impl FnMut(Player) -> T) -> Self {
        ByPlayer { south: f(Player::South), north: f(Player::North) }
    }

    /// The value of `player`.
    #[must_use]
    pub const fn get(&self, player: Player) -> &T {
        match player {
            Player::South => &self.south,
            Player::North => &self.north,
        }
    }

    /// The value of `player`, mutably.
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer { south: f(self.south), north: f(self.north) }
    }

    /// Both values by reference.
    pub const fn as_ref(&self) -> ByPlayer<&T> {
        ByPlayer { south: &self.south, north: &self.north }
    }
}

impl<T> std::ops::Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, player: Player) -> &T {
        self.get(player)
    }
}

impl<T> std::ops::IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, player: Player) -> &mut T {
        self.get_mut(player)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn other_is_an_involution() {
        for p in Player::ALL {
            assert_ne!(p, p.other());
            assert_eq!(p, p.other().other());
            assert_eq!(Player::parse(p.as_str()), Some(p));
        }
        assert_eq!(Player::parse("east"), None);
    }

    #[test]
    fn by_player_indexes_and_maps() {
        let mut b = ByPlayer { south: 1, north: 2 };
        b[Player::North] += 10;
        assert_eq!(b.map(|x| x * 2), ByPlayer { south: 2, north: 24 });
        assert_eq!(ByPlayer::new_with(Player::index), ByPlayer { south: 0, north: 1 });
    }
}
