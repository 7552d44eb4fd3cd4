//! What one player may see (R24–R26): the information set.
//!
//! A [`PlayerView`] is made only by [`Game::view`]. Its enemy squares have
//! no field for a hidden rank: an enemy piece carries its rank only once a
//! combat has revealed it (R18) or the game is over (R26).

use crate::game::Game;
use crate::mv::Move;
use crate::player::{ByPlayer, Player};
use crate::rank::Rank;
use crate::record::{Outcome, Record};
use crate::rules::RuleSetId;
use crate::setup::ValidSetup;
use crate::square::Square;

/// One of the viewer's own pieces: everything is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OwnPiece {
    /// Its rank.
    pub rank: Rank,
    /// Whether the enemy knows it (R18).
    pub revealed: bool,
    /// Whether it has moved (the enemy knows that too, R24).
    pub moved: bool,
}

/// An enemy piece as the viewer knows it (R24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnemyPiece {
    /// The rank, only if revealed by combat (R13, R18) or after the end (R26).
    pub revealed: Option<Rank>,
    /// Has moved: so neither Mine nor Flag.
    pub moved: bool,
    /// Has made a multi-square move: so the runner kind.
    pub ran: bool,
    /// Its rank was revealed by combat during play (R18), as opposed to
    /// only by the end of the game (R26).
    pub fought: bool,
}

/// What the viewer sees on one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No piece.
    Empty,
    /// A lake square (R2).
    Lake,
    /// The viewer's piece.
    Own(OwnPiece),
    /// An enemy piece.
    Enemy(EnemyPiece),
}

/// A player's view of a game (R24–R26); made only by [`Game::view`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    me: Player,
    rules: RuleSetId,
    turn: Player,
    first: Player,
    cells: Vec<Cell>,
    history: Vec<Record>,
    graveyard: ByPlayer<Vec<Rank>>,
    outcome: Option<Outcome>,
    legal_moves: Vec<Move>,
    own_setup: ValidSetup,
    revealed_setups: Option<ByPlayer<ValidSetup>>,
    quiet_plies: u16,
    draw_offer: Option<Player>,
}

impl Game {
    /// The view of `me` (R24): own pieces with ranks, enemy pieces as backs
    /// with what combat and movement revealed, the whole public record, and
    /// after the end both setups (R26).
    #[must_use]
    pub fn view(&self, me: Player) -> PlayerView {
        let over = self.outcome.is_some();
        let cells = Square::all()
            .map(|sq| match self.board[sq.index()] {
                None if sq.is_lake() => Cell::Lake,
                None => Cell::Empty,
                Some(p) if p.player == me => Cell::Own(OwnPiece { rank: p.rank, revealed: p.revealed, moved: p.moved }),
                Some(p) => Cell::Enemy(EnemyPiece {
                    revealed: (p.revealed || over).then_some(p.rank),
                    moved: p.moved,
                    ran: p.ran,
                    fought: p.revealed,
                }),
            })
            .collect();
        PlayerView {
            me,
            rules: self.rules,
            turn: self.turn,
            first: self.first,
            cells,
            history: self.history.clone(),
            graveyard: self.graveyard.clone(),
            outcome: self.outcome,
            legal_moves: if self.turn == me { self.legal_moves() } else { Vec::new() },
            own_setup: self.setups[me],
            revealed_setups: over.then_some(self.setups),
            quiet_plies: self.quiet_plies,
            draw_offer: self.draw_offer,
        }
    }
}

impl PlayerView {
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

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// Who moved first (R7).
    #[must_use]
    pub const fn first_player(&self) -> Player {
        self.first
    }

    /// Whether it is the viewer's turn in a game still going.
    #[must_use]
    pub fn my_turn(&self) -> bool {
        self.outcome.is_none() && self.turn == self.me
    }

    /// What the viewer sees on `sq`.
    #[must_use]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// All 100 cells, indexed by [`Square::index`].
    #[must_use]
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// Every ply so far with its combat (public, R24).
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// The last ply, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<&Record> {
        self.history.last()
    }

    /// Plies played.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Plies in a row without an attack (R21).
    #[must_use]
    pub const fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// Removed pieces of `player` (public, R18).
    #[must_use]
    pub fn graveyard(&self, player: Player) -> &[Rank] {
        &self.graveyard[player]
    }

    /// The end, once there is one.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The viewer's legal moves; empty when it is not their turn.
    #[must_use]
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal_moves
    }

    /// Legal destinations of the viewer's piece on `from`.
    pub fn destinations(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        self.legal_moves.iter().filter(move |m| m.from == from).map(|m| m.to)
    }

    /// R22: the player whose draw offer stands, if any.
    #[must_use]
    pub const fn draw_offer(&self) -> Option<Player> {
        self.draw_offer
    }

    /// The viewer's own confirmed setup.
    #[must_use]
    pub const fn own_setup(&self) -> &ValidSetup {
        &self.own_setup
    }

    /// Both setups, once the game is over (R26); `None` before.
    #[must_use]
    pub const fn revealed_setups(&self) -> Option<&ByPlayer<ValidSetup>> {
        self.revealed_setups.as_ref()
    }
}
