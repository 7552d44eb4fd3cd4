//! Piece ranks (section 2 of RULES.md), one set of kinds for every rule set.

use serde::{Deserialize, Serialize};

/// The kind of a piece, named in «Сражение» terms (R4 table).
///
/// The classic army is the same army under other names (RULES.md §8): the
/// Sapper is the Miner, the Soldier the Scout, the Scout the Spy, the Mine
/// the Bomb. Movable ranks are ordered strongest first, so a lower
/// [`Rank::index`] wins a combat between movable pieces (R13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    /// 1 — Маршал (classic 10). Falls to the Scout when the Scout attacks (R16).
    Marshal = 0,
    /// 2 — Генерал (classic 9).
    General = 1,
    /// 3 — Полковник (classic 8).
    Colonel = 2,
    /// 4 — Майор (classic 7).
    Major = 3,
    /// 5 — Капитан (classic 6).
    Captain = 4,
    /// 6 — Лейтенант (classic 5).
    Lieutenant = 5,
    /// 7 — Сержант (classic 4).
    Sergeant = 6,
    /// 8 — Сапёр, the classic Miner (3): removes Mines (R15).
    Sapper = 7,
    /// 9 — Солдат, the classic Scout (2): the runner of R12.
    Soldier = 8,
    /// 10 — Разведчик, the classic Spy (1): takes the Marshal when attacking (R16).
    Scout = 9,
    /// Мина / Bomb: never moves; destroys attackers except the Sapper (R15).
    Mine = 10,
    /// Знамя / Flag: never moves; its capture ends the game (R17, R19).
    Flag = 11,
}

impl Rank {
    /// All twelve kinds, strongest movable first, then Mine and Flag.
    pub const ALL: [Rank; 12] = [
        Rank::Marshal,
        Rank::General,
        Rank::Colonel,
        Rank::Major,
        Rank::Captain,
        Rank::Lieutenant,
        Rank::Sergeant,
        Rank::Sapper,
        Rank::Soldier,
        Rank::Scout,
        Rank::Mine,
        Rank::Flag,
    ];

    /// Position in [`Rank::ALL`], `0..12`.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind at `i` in [`Rank::ALL`]; `None` for `i >= 12`.
    #[must_use]
    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 12 { Some(Rank::ALL[i]) } else { None }
    }

    /// Whether pieces of this kind ever move (R9: Mines and the Flag never do).
    #[must_use]
    pub const fn is_movable(self) -> bool {
        !matches!(self, Rank::Mine | Rank::Flag)
    }

    /// The number in the Soviet (and old classic) numbering, 1 = Marshal …
    /// 10 = Scout; `None` for Mine and Flag.
    #[must_use]
    pub const fn soviet_number(self) -> Option<u8> {
        if self.is_movable() { Some(self as u8 + 1) } else { None }
    }

    /// The modern classic number (higher is stronger): Marshal 10 … Spy 1;
    /// `None` for Mine (Bomb) and Flag. (RULES.md §8, `classic`.)
    #[must_use]
    pub const fn classic_number(self) -> Option<u8> {
        if self.is_movable() { Some(10 - self as u8) } else { None }
    }

    /// The setup-code character (RULES.md §8a): `1`–`9`, `s`, `B`, `F`.
    #[must_use]
    pub const fn code_char(self) -> char {
        match self {
            Rank::Scout => 's',
            Rank::Mine => 'B',
            Rank::Flag => 'F',
            r => (b'1' + r as u8) as char,
        }
    }

    /// Parses a setup-code character (§8a, case-sensitive); `None` otherwise.
    #[must_use]
    pub const fn from_code_char(c: char) -> Option<Rank> {
        match c {
            '1'..='9' => Rank::from_index(c as usize - '1' as usize),
            's' => Some(Rank::Scout),
            'B' => Some(Rank::Mine),
            'F' => Some(Rank::Flag),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_chars_round_trip() {
        for r in Rank::ALL {
            assert_eq!(Rank::from_code_char(r.code_char()), Some(r));
            assert_eq!(Rank::from_index(r.index()), Some(r));
        }
        assert_eq!(Rank::from_code_char('S'), None);
        assert_eq!(Rank::from_code_char('b'), None);
        assert_eq!(Rank::from_code_char('0'), None);
    }

    #[test]
    fn numberings() {
        assert_eq!(Rank::Marshal.soviet_number(), Some(1));
        assert_eq!(Rank::Scout.soviet_number(), Some(10));
        assert_eq!(Rank::Marshal.classic_number(), Some(10));
        assert_eq!(Rank::Soldier.classic_number(), Some(2));
        assert_eq!(Rank::Scout.classic_number(), Some(1));
        assert_eq!(Rank::Mine.soviet_number(), None);
        assert!(!Rank::Flag.is_movable() && !Rank::Mine.is_movable() && Rank::Scout.is_movable());
    }
}
