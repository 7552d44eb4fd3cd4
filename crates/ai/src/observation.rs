//! What the AI knows: one player's information set (R24), nothing more.

use engine::{ByPlayer, Cell, Move, Player, PlayerView, Rank, Record, RuleSetId, Square};

/// One player's knowledge of a game at their turn: the board as they see it
/// (enemy pieces as [`engine::EnemyPiece`], which has no field for a hidden
/// rank), the public record of every ply with its combats, the removed
/// pieces and the legal moves.
///
/// Made from a [`PlayerView`] by [`Observation::from_view`], or by
/// [`Observation::from_record`] for a front-end that keeps its own picture
/// of the game (the agent protocol). The AI decides from this and from
/// nothing else (R25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub(crate) rules: RuleSetId,
    pub(crate) me: Player,
    pub(crate) first: Player,
    pub(crate) cells: Vec<Cell>,
    pub(crate) history: Vec<Record>,
    pub(crate) graveyard: ByPlayer<Vec<Rank>>,
    pub(crate) legal: Vec<Move>,
    pub(crate) over: bool,
}

impl Observation {
    /// The knowledge in `view`.
    #[must_use]
    pub fn from_view(view: &PlayerView) -> Observation {
        Observation {
            rules: view.rule_set(),
            me: view.me(),
            first: view.first_player(),
            cells: view.cells().to_vec(),
            history: view.history().to_vec(),
            graveyard: ByPlayer {
                south: view.graveyard(Player::South).to_vec(),
                north: view.graveyard(Player::North).to_vec(),
            },
            legal: view.legal_moves().to_vec(),
            over: view.outcome().is_some(),
        }
    }

    /// Knowledge kept by a front-end of its own: `cells` are the 100 squares
    /// in [`Square::index`] order as `me` sees them (own ranks; enemy ranks
    /// only where a combat revealed them), `history` every ply since the
    /// start with its combat, `graveyard` the removed pieces of each side.
    /// The legal moves are worked out from these (R9–R12 and R11 when the
    /// record allows; the classic chasing rule only approximately).
    ///
    /// # Panics
    /// If `cells` does not have 100 entries.
    #[must_use]
    pub fn from_record(
        rules: RuleSetId,
        me: Player,
        first: Player,
        cells: Vec<Cell>,
        history: Vec<Record>,
        graveyard: ByPlayer<Vec<Rank>>,
    ) -> Observation {
        assert_eq!(cells.len(), 100, "a board has 100 cells");
        let mut obs = Observation { rules, me, first, cells, history, graveyard, legal: Vec::new(), over: false };
        if obs.turn() == me {
            obs.legal = crate::determinize::placeholder_game(&obs).legal_moves();
        }
        obs
    }

    /// The viewer's side.
    #[must_use]
    pub const fn me(&self) -> Player {
        self.me
    }

    /// The rule set.
    #[must_use]
    pub const fn rule_set(&self) -> RuleSetId {
        self.rules
    }

    /// The side to move, from who moved first and the plies played.
    #[must_use]
    pub fn turn(&self) -> Player {
        if self.history.len().is_multiple_of(2) { self.first } else { self.first.other() }
    }

    /// What the viewer sees on `sq`.
    #[must_use]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// The viewer's legal moves (empty when it is not their turn).
    #[must_use]
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal
    }

    /// The public record.
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// Whether the viewer is to move in a game still going.
    #[must_use]
    pub fn my_turn(&self) -> bool {
        !self.over && self.turn() == self.me && !self.legal.is_empty()
    }

    /// Plies in a row without an attack at the end of the record (R21).
    #[must_use]
    pub fn quiet_plies(&self) -> usize {
        self.history.iter().rev().take_while(|r| r.combat.is_none()).count()
    }
}
