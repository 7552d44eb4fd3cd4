//! What a player sees of a game of Jungle. Nothing is hidden (§9), but a
//! renderer or an AI takes this view, as in Stratego, not the game.

use engine::Player;

use crate::animal::{Animal, Piece};
use crate::game::Game;
use crate::position::Position;
use crate::record::{Move, Outcome, Record};
use crate::square::{Square, Terrain};

/// One player's view of a game (J1: seen from their own side); made by
/// [`Game::view`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    me: Player,
    first: Player,
    position: Position,
    history: Vec<Record>,
    outcome: Option<Outcome>,
    legal_moves: Vec<Move>,
    quiet_plies: u16,
    occurrences: usize,
    draw_offer: Option<Player>,
}

impl Game {
    /// The view of `me`: the whole board, the record, the outcome, and the
    /// legal moves when it is `me`'s turn.
    #[must_use]
    pub fn view(&self, me: Player) -> PlayerView {
        PlayerView {
            me,
            first: self.first,
            position: self.pos,
            history: self.history.clone(),
            outcome: self.outcome,
            legal_moves: if self.turn() == me { self.legal_moves() } else { Vec::new() },
            quiet_plies: self.quiet_plies,
            occurrences: self.occurrences(),
            draw_offer: self.draw_offer,
        }
    }
}

impl PlayerView {
    /// Whose view this is.
    #[must_use]
    pub const fn me(&self) -> Player {
        self.me
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.position.turn()
    }

    /// Whether the viewer is to move in a running game.
    #[must_use]
    pub fn my_turn(&self) -> bool {
        self.outcome.is_none() && self.turn() == self.me
    }

    /// Who moved first (J4).
    #[must_use]
    pub const fn first_player(&self) -> Player {
        self.first
    }

    /// The position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The piece on `sq`.
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.position.piece_at(sq)
    }

    /// The square at screen `row`, `col` as the viewer sees the board (J1).
    #[must_use]
    pub const fn screen_square(&self, row: u8, col: u8) -> Option<Square> {
        Square::on_screen(self.me, row, col)
    }

    /// The terrain of `sq` (J2).
    #[must_use]
    pub const fn terrain(&self, sq: Square) -> Terrain {
        sq.terrain()
    }

    /// The record of every ply.
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

    /// The animals of `player` captured so far, in the order they fell.
    #[must_use]
    pub fn captured(&self, player: Player) -> Vec<Animal> {
        self.history.iter().filter(|r| r.player != player).filter_map(|r| r.captured).collect()
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The viewer's legal moves: empty unless it is their turn.
    #[must_use]
    pub fn legal_moves(&self) -> &[Move] {
        &self.legal_moves
    }

    /// The squares the viewer's animal on `from` may move to.
    pub fn destinations(&self, from: Square) -> impl Iterator<Item = Square> + '_ {
        self.legal_moves.iter().filter(move |m| m.from == from).map(|m| m.to)
    }

    /// Plies in a row without a capture (J11: the draw comes at 100).
    #[must_use]
    pub const fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// How often the current position has occurred (J11: the draw comes at 3).
    #[must_use]
    pub const fn occurrences(&self) -> usize {
        self.occurrences
    }

    /// R22: whose draw offer stands.
    #[must_use]
    pub const fn draw_offer(&self) -> Option<Player> {
        self.draw_offer
    }

    /// The game this view shows, replayed from its record (nothing in
    /// Jungle is hidden, so this is the game itself, for an AI to search).
    #[must_use]
    pub fn replay(&self) -> Game {
        let mut g = Game::new(self.first);
        for r in &self.history {
            g.play(r.mv).expect("a recorded move is legal");
        }
        g
    }
}
