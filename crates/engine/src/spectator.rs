//! What a spectator may see: public information only (R24 applied to both
//! sides) — positions, revealed ranks, moves and combats, graveyards.

use crate::game::Game;
use crate::player::{ByPlayer, Player};
use crate::rank::Rank;
use crate::record::{Outcome, Record};
use crate::rules::RuleSetId;
use crate::square::Square;
use crate::view::EnemyPiece;

/// What a spectator sees on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PublicCell {
    /// No piece.
    Empty,
    /// A lake square (R2).
    Lake,
    /// A piece of `owner`, as its enemy would see it: a rank only once
    /// revealed by combat (R18) or after the end (R26).
    Piece {
        /// Whose piece it is.
        owner: Player,
        /// What is public about it.
        known: EnemyPiece,
    },
}

/// A spectator's view of a game: made only by [`Game::spectator_view`]; it
/// has no field for a hidden rank of either side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpectatorView {
    rules: RuleSetId,
    turn: Player,
    cells: Vec<PublicCell>,
    history: Vec<Record>,
    graveyard: ByPlayer<Vec<Rank>>,
    outcome: Option<Outcome>,
}

impl Game {
    /// The public view for spectators: both armies redacted like an enemy's
    /// (R24), everything revealed once the game is over (R26).
    #[must_use]
    pub fn spectator_view(&self) -> SpectatorView {
        let over = self.outcome.is_some();
        let cells = Square::all()
            .map(|sq| match self.board[sq.index()] {
                None if sq.is_lake() => PublicCell::Lake,
                None => PublicCell::Empty,
                Some(p) => PublicCell::Piece {
                    owner: p.player,
                    known: EnemyPiece {
                        revealed: (p.revealed || over).then_some(p.rank),
                        moved: p.moved,
                        ran: p.ran,
                        fought: p.revealed,
                    },
                },
            })
            .collect();
        SpectatorView {
            rules: self.rules,
            turn: self.turn,
            cells,
            history: self.history.clone(),
            graveyard: self.graveyard.clone(),
            outcome: self.outcome,
        }
    }
}

impl SpectatorView {
    /// The rule set.
    #[must_use]
    pub const fn rule_set(&self) -> RuleSetId {
        self.rules
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// What is public on `sq`.
    #[must_use]
    pub fn cell(&self, sq: Square) -> PublicCell {
        self.cells[sq.index()]
    }

    /// Every ply with its combat.
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// Removed pieces of `player`.
    #[must_use]
    pub fn graveyard(&self, player: Player) -> &[Rank] {
        &self.graveyard[player]
    }

    /// The end, once there is one.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::ValidSetup;

    #[test]
    fn rule_r24_spectators_see_no_hidden_rank_of_either_side() {
        let rules = RuleSetId::Battle;
        let code = "BFB8657B869B3745s2485B98B963579919849796";
        let s = ValidSetup::from_code(rules.rules(), code).unwrap();
        let g = Game::new(rules, ByPlayer { south: s, north: s }, Player::South).unwrap();
        let v = g.spectator_view();
        for sq in Square::all() {
            if let PublicCell::Piece { known, .. } = v.cell(sq) {
                assert_eq!(known.revealed, None, "{sq}");
            }
        }
        // Swapping two of South's never-revealed pieces changes nothing public.
        let t = s.swapped(0, 39);
        let g2 = Game::new(rules, ByPlayer { south: t, north: s }, Player::South).unwrap();
        assert_eq!(g2.spectator_view(), v);
    }
}
