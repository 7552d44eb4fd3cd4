//! Rule sets as data (RULES.md §2, §8): army, movement, limits, numbering.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::player::Player;
use crate::rank::Rank;

/// The name of a rule set; [`RuleSetId::rules`] gives its data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSetId {
    /// «Сражение»: the Soviet edition, the product's default.
    Battle,
    /// «Сражение» with running Soldiers (R12).
    BattleRunners,
    /// Stratego under ISF rules, with the chasing rule.
    Classic,
    /// The quick 10-piece game, classic rules.
    Duel,
    /// The quick 10-piece game in «Сражение» terms.
    BattleDuel,
    /// The rules of the 2012 UCC programming competition's referee
    /// (`docs/ai-agents.md`): the classic army, Scouts that run and strike, no
    /// two-square (R11), chasing or no-attack (R21) rule, and a draw only
    /// when the referee's turn limit is reached. For sparring with programs
    /// written for that referee; never offered to players (not in
    /// [`RuleSetId::ALL`]).
    Ucc,
}

/// How the runner kind of a rule set moves (R12, classic Scouts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Runner {
    /// Every piece moves one square (R9).
    None,
    /// `rank` may move any number of empty squares in a line but attacks only
    /// an adjacent square (R12, the Soviet rule).
    WithoutStrike(Rank),
    /// `rank` moves like a rook and may attack the first piece in its line (classic).
    WithStrike(Rank),
}

/// Who makes the first move (R7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FirstMove {
    /// Drawn by lot when the game is created.
    Lot,
    /// South (red) always moves first.
    South,
}

/// How ranks are numbered for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Numbering {
    /// 1 = Marshal … 10 = Scout (lower is stronger).
    Soviet,
    /// 10 = Marshal … 1 = Spy (higher is stronger).
    Classic,
}

/// Everything that differs between rule sets. The move generator reads only
/// these fields; no rule set is hard-coded elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The rule set's name.
    pub id: RuleSetId,
    /// Pieces per side, indexed by [`Rank::index`] (R4).
    pub army: [u8; 12],
    /// Movement of the runner kind (R12).
    pub runner: Runner,
    /// R11: the most consecutive moves one piece may make between the same
    /// two squares; 0 = no such rule.
    pub two_square_limit: u8,
    /// The classic chasing (more-squares) rule.
    pub chasing_rule: bool,
    /// R21: plies in a row without an attack that end the game in a draw.
    pub no_attack_limit: u16,
    /// R7.
    pub first_move: FirstMove,
    /// Display numbering of ranks.
    pub numbering: Numbering,
    /// Classic: a draw when neither side can ever capture the enemy Flag.
    pub dead_position_draw: bool,
    /// A draw once this many plies have been played in all; 0 = no limit
    /// (only `ucc`, whose referee stops after its turn limit).
    pub ply_limit: u16,
}

const BATTLE_ARMY: [u8; 12] = [1, 1, 2, 3, 4, 4, 4, 5, 8, 1, 6, 1];
const DUEL_ARMY: [u8; 12] = [1, 1, 0, 0, 0, 0, 0, 2, 2, 1, 2, 1];

static BATTLE: RuleSet = BATTLE_CONST;
static BATTLE_RUNNERS: RuleSet =
    RuleSet { id: RuleSetId::BattleRunners, runner: Runner::WithoutStrike(Rank::Soldier), ..BATTLE_CONST };
static CLASSIC: RuleSet = CLASSIC_CONST;
static DUEL: RuleSet = RuleSet { id: RuleSetId::Duel, army: DUEL_ARMY, ..CLASSIC_CONST };
/// The UCC 2012 referee's default `-m 5000`: it plays turns 1..4999 of
/// two plies each, then declares a draw.
const UCC_PLY_LIMIT: u16 = 2 * 4999;
static UCC: RuleSet = RuleSet {
    id: RuleSetId::Ucc,
    two_square_limit: 0,
    chasing_rule: false,
    no_attack_limit: u16::MAX,
    dead_position_draw: false,
    ply_limit: UCC_PLY_LIMIT,
    ..CLASSIC_CONST
};
static BATTLE_DUEL: RuleSet = RuleSet {
    id: RuleSetId::BattleDuel,
    army: DUEL_ARMY,
    runner: Runner::WithoutStrike(Rank::Soldier),
    ..BATTLE_CONST
};
const BATTLE_CONST: RuleSet = RuleSet {
    id: RuleSetId::Battle,
    army: BATTLE_ARMY,
    runner: Runner::None,
    two_square_limit: 3,
    chasing_rule: false,
    no_attack_limit: 100,
    first_move: FirstMove::Lot,
    numbering: Numbering::Soviet,
    dead_position_draw: false,
    ply_limit: 0,
};
const CLASSIC_CONST: RuleSet = RuleSet {
    id: RuleSetId::Classic,
    army: BATTLE_ARMY,
    runner: Runner::WithStrike(Rank::Soldier),
    two_square_limit: 3,
    chasing_rule: true,
    no_attack_limit: 200,
    first_move: FirstMove::South,
    numbering: Numbering::Classic,
    dead_position_draw: true,
    ply_limit: 0,
};

impl RuleSetId {
    /// Every rule set offered to players, the default (`battle`) first.
    pub const ALL: [RuleSetId; 5] =
        [RuleSetId::Battle, RuleSetId::BattleRunners, RuleSetId::Classic, RuleSetId::Duel, RuleSetId::BattleDuel];

    /// [`RuleSetId::ALL`] and the tool-only `ucc`.
    pub const EVERY: [RuleSetId; 6] = [
        RuleSetId::Battle,
        RuleSetId::BattleRunners,
        RuleSetId::Classic,
        RuleSetId::Duel,
        RuleSetId::BattleDuel,
        RuleSetId::Ucc,
    ];

    /// The rule set's data.
    #[must_use]
    pub fn rules(self) -> &'static RuleSet {
        match self {
            RuleSetId::Battle => &BATTLE,
            RuleSetId::BattleRunners => &BATTLE_RUNNERS,
            RuleSetId::Classic => &CLASSIC,
            RuleSetId::Duel => &DUEL,
            RuleSetId::BattleDuel => &BATTLE_DUEL,
            RuleSetId::Ucc => &UCC,
        }
    }

    /// The stable name: `battle`, `battle-runners`, `classic`, `duel`, `battle-duel`, `ucc`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            RuleSetId::Battle => "battle",
            RuleSetId::BattleRunners => "battle-runners",
            RuleSetId::Classic => "classic",
            RuleSetId::Duel => "duel",
            RuleSetId::BattleDuel => "battle-duel",
            RuleSetId::Ucc => "ucc",
        }
    }
}

impl fmt::Display for RuleSetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set {0:?} (battle, battle-runners, classic, duel, battle-duel)")]
pub struct UnknownRuleSet(pub String);

impl FromStr for RuleSetId {
    type Err = UnknownRuleSet;

    /// Parses [`RuleSetId::as_str`] of a rule set offered to players
    /// ([`RuleSetId::ALL`]), case-insensitive; `_` may stand for `-`.
    fn from_str(s: &str) -> Result<RuleSetId, UnknownRuleSet> {
        RuleSetId::parse_among(s, &RuleSetId::ALL)
    }
}

impl RuleSetId {
    /// Parses any rule set's name, the tool-only `ucc` included (for the
    /// `arena` and `agent` commands).
    ///
    /// # Errors
    /// [`UnknownRuleSet`] for any other text.
    pub fn parse_any(s: &str) -> Result<RuleSetId, UnknownRuleSet> {
        RuleSetId::parse_among(s, &RuleSetId::EVERY)
    }

    fn parse_among(s: &str, among: &[RuleSetId]) -> Result<RuleSetId, UnknownRuleSet> {
        let t = s.trim().to_ascii_lowercase().replace('_', "-");
        among.iter().copied().find(|r| r.as_str() == t).ok_or_else(|| UnknownRuleSet(s.to_owned()))
    }
}

impl RuleSet {
    /// Pieces per side (40, or 10 in the duel rule sets).
    #[must_use]
    pub fn army_size(&self) -> usize {
        self.army.iter().map(|&n| n as usize).sum()
    }

    /// Whether a setup fills all 40 home squares (R5), i.e. not a duel.
    #[must_use]
    pub fn fills_home(&self) -> bool {
        self.army_size() == 40
    }

    /// How many pieces of `rank` each side has (R4).
    #[must_use]
    pub const fn count(&self, rank: Rank) -> u8 {
        self.army[rank.index()]
    }

    /// The displayed number of `rank` in this rule set's numbering; `None`
    /// for Mine and Flag.
    #[must_use]
    pub const fn number(&self, rank: Rank) -> Option<u8> {
        match self.numbering {
            Numbering::Soviet => rank.soviet_number(),
            Numbering::Classic => rank.classic_number(),
        }
    }

    /// R7: who moves first in a new game of this rule set: South where the
    /// rule set says so, otherwise drawn by lot from `rng`.
    pub fn draw_first_player(&self, rng: &mut impl rand::Rng) -> Player {
        match self.first_move {
            FirstMove::South => Player::South,
            FirstMove::Lot => {
                if rng.random_bool(0.5) {
                    Player::South
                } else {
                    Player::North
                }
            }
        }
    }

    /// Whether `rank` may move several squares in a line here (R12).
    #[must_use]
    pub const fn is_runner(&self, rank: Rank) -> bool {
        match self.runner {
            Runner::None => false,
            Runner::WithoutStrike(r) | Runner::WithStrike(r) => r as u8 == rank as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_r4_armies() {
        // R4 and §8: 40 pieces in the full sets, 10 in the duels.
        let battle = RuleSetId::Battle.rules();
        assert_eq!(battle.army_size(), 40);
        assert_eq!(battle.count(Rank::Soldier), 8);
        assert_eq!(battle.count(Rank::Mine), 6);
        assert_eq!(RuleSetId::Duel.rules().army_size(), 10);
        assert_eq!(RuleSetId::BattleDuel.rules().army_size(), 10);
        for id in RuleSetId::ALL {
            assert_eq!(id.rules().id, id);
            assert_eq!(id.as_str().parse::<RuleSetId>(), Ok(id));
            assert_eq!(id.rules().count(Rank::Flag), 1);
        }
        assert!("chess".parse::<RuleSetId>().is_err());
        assert_eq!("Battle_Runners".parse::<RuleSetId>(), Ok(RuleSetId::BattleRunners));
    }

    #[test]
    fn numbering_follows_rule_set() {
        assert_eq!(RuleSetId::Battle.rules().number(Rank::Marshal), Some(1));
        assert_eq!(RuleSetId::Classic.rules().number(Rank::Marshal), Some(10));
        assert!(RuleSetId::Classic.rules().is_runner(Rank::Soldier));
        assert!(!RuleSetId::Battle.rules().is_runner(Rank::Soldier));
        assert_eq!(RuleSetId::Classic.rules().no_attack_limit, 200);
    }

    #[test]
    fn ucc_is_for_tools_only() {
        let ucc = RuleSetId::Ucc.rules();
        assert_eq!(ucc.army, RuleSetId::Classic.rules().army);
        assert_eq!((ucc.two_square_limit, ucc.chasing_rule, ucc.dead_position_draw), (0, false, false));
        assert_eq!(ucc.ply_limit, 9998);
        assert!("ucc".parse::<RuleSetId>().is_err(), "players cannot choose it");
        assert_eq!(RuleSetId::parse_any("UCC"), Ok(RuleSetId::Ucc));
        assert_eq!(RuleSetId::parse_any("battle"), Ok(RuleSetId::Battle));
        assert!(!RuleSetId::ALL.contains(&RuleSetId::Ucc));
    }
}
