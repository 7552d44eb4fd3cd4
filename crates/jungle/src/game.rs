//! A game of Jungle: the position, the record, the draws (J11) and the end
//! of the game (J10, R22, R23).

use engine::Player;
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::position::Position;
use crate::record::{DrawReason, Move, MoveError, MoveReport, Outcome, Record, WinReason};
use crate::square::Square;

/// Version of the serialized form of [`Game`] written by this build.
pub const FORMAT_VERSION: u32 = 1;

/// J11: plies in a row without a capture that draw the game.
pub const QUIET_PLY_LIMIT: u16 = 100;

/// J11: the occurrence of one position that draws the game.
pub const REPETITIONS: usize = 3;

/// A game of Jungle: who moved first, the position, the record and the
/// outcome. Changed only by [`Game::play`] and the end-of-game calls;
/// every refused call leaves it unchanged.
///
/// Serialized (serde) as the format version, who moved first, the moves
/// and the outcome; reading replays the moves (see `repr.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "crate::repr::GameRepr", into = "crate::repr::GameRepr")]
pub struct Game {
    pub(crate) first: Player,
    pub(crate) pos: Position,
    pub(crate) quiet_plies: u16,
    /// Hashes of the positions since the last capture, the current one
    /// last (no position before a capture can come again: fewer animals).
    pub(crate) seen: Vec<u64>,
    /// A 1024-bit filter of `seen`: a position whose bit is clear has not
    /// occurred before, so most plies skip the scan of J11's count.
    pub(crate) seen_filter: [u64; 16],
    pub(crate) history: Vec<Record>,
    pub(crate) recording: bool,
    pub(crate) plies: usize,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) draw_offer: Option<Player>,
}

impl Game {
    /// A new game from the start position (J3); `first` moves first (J4,
    /// drawn by lot with [`draw_first_player`]).
    #[must_use]
    pub fn new(first: Player) -> Game {
        Game::from_position(Position::start(first))
    }

    /// A game from an arbitrary position, its side to move first. For
    /// tests and analysis: such a game exports to a text that does not
    /// import (the format starts from J3's position). If the position is
    /// already decided (J10) the game is over at once.
    #[must_use]
    pub fn from_position(pos: Position) -> Game {
        let mut g = Game {
            first: pos.turn(),
            pos,
            quiet_plies: 0,
            seen: vec![pos.hash()],
            seen_filter: [0; 16],
            history: Vec::new(),
            recording: true,
            plies: 0,
            outcome: None,
            draw_offer: None,
        };
        g.mark_seen();
        g.outcome = match pos.winner() {
            Some(winner) if pos.count(winner.other()) == 0 => {
                Some(Outcome::Win { winner, reason: WinReason::AllCaptured })
            }
            Some(winner) => Some(Outcome::Win { winner, reason: WinReason::Den }),
            None if !pos.has_legal_move() => {
                Some(Outcome::Win { winner: pos.turn().other(), reason: WinReason::NoLegalMoves })
            }
            None => None,
        };
        g
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.pos
    }

    /// The side to move (J4).
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.pos.turn()
    }

    /// Who moved first (J4).
    #[must_use]
    pub const fn first_player(&self) -> Player {
        self.first
    }

    /// Plies played so far.
    #[must_use]
    pub const fn ply(&self) -> usize {
        self.plies
    }

    /// Plies in a row without a capture (J11).
    #[must_use]
    pub const fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// How often the current position has occurred (J11; the start counts).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let h = self.pos.hash();
        self.seen.iter().rev().step_by(2).filter(|&&x| x == h).count()
    }

    /// The hashes ([`Position::hash`]) of the positions since the last
    /// capture (or the start), the current one last: what J11's repetition
    /// compares, for searches that must see it too.
    #[must_use]
    pub fn positions_since_capture(&self) -> &[u64] {
        &self.seen
    }

    /// The end of the game, once there is one.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The record of every ply.
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// The piece on `sq`.
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<crate::Piece> {
        self.pos.piece_at(sq)
    }

    /// R22: the player whose draw offer stands, if any.
    #[must_use]
    pub const fn draw_offer(&self) -> Option<Player> {
        self.draw_offer
    }

    /// Stops keeping the record (for searches and playouts, which copy
    /// games): [`Game::history`] is dropped; the rules stay exact.
    pub fn stop_recording(&mut self) {
        self.recording = false;
        self.history = Vec::new();
    }

    /// The legal moves of the side to move; none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.legal_moves_into(&mut v);
        v
    }

    /// [`Game::legal_moves`] into a buffer (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        if self.outcome.is_some() {
            out.clear();
        } else {
            self.pos.legal_moves_into(out);
        }
    }

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    /// [`MoveError::GameOver`], or why the move is illegal (J5–J9); the
    /// game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.pos.check(mv)?;
        Ok(self.apply(mv))
    }

    /// Plays `mv` for `player`.
    ///
    /// # Errors
    /// As [`Game::play`], and [`MoveError::NotYourTurn`] when `player` is not to move.
    pub fn play_as(&mut self, player: Player, mv: Move) -> Result<MoveReport, MoveError> {
        if self.outcome.is_none() && player != self.turn() {
            return Err(MoveError::NotYourTurn);
        }
        self.play(mv)
    }

    /// Plays a legal move (unchecked) and runs J10's checks in order: den
    /// entered, all enemy animals captured, no legal move, then J11's draws.
    pub(crate) fn apply(&mut self, mv: Move) -> MoveReport {
        let player = self.turn();
        let captured = self.pos.apply(mv);
        self.plies += 1;
        self.draw_offer = None;
        if captured.is_some() {
            self.quiet_plies = 0;
            self.seen.clear();
            self.seen_filter = [0; 16];
        } else {
            self.quiet_plies += 1;
        }
        self.seen.push(self.pos.hash());
        let repeated = self.mark_seen();
        if self.recording {
            self.history.push(Record { player, mv, captured });
        }
        let win = |reason| Some(Outcome::Win { winner: player, reason });
        self.outcome = if mv.to == Square::den(player.other()) {
            win(WinReason::Den)
        } else if self.pos.count(player.other()) == 0 {
            win(WinReason::AllCaptured)
        } else if !self.pos.has_legal_move() {
            win(WinReason::NoLegalMoves)
        } else if self.quiet_plies >= QUIET_PLY_LIMIT {
            Some(Outcome::Draw(DrawReason::NoCaptures))
        } else if repeated && self.occurrences() >= REPETITIONS {
            Some(Outcome::Draw(DrawReason::Repetition))
        } else {
            None
        };
        MoveReport { player, mv, captured, outcome: self.outcome }
    }

    /// Sets the filter bit of the current position; whether it was set
    /// already (the position may have occurred before).
    fn mark_seen(&mut self) -> bool {
        let bit = (self.pos.hash() >> 54) as usize;
        let (word, mask) = (bit >> 6, 1u64 << (bit & 63));
        let before = self.seen_filter[word] & mask != 0;
        self.seen_filter[word] |= mask;
        before
    }

    /// R22: `player` resigns; the other side wins.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, player: Player) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Win { winner: player.other(), reason: WinReason::Resignation })
    }

    /// R23: the side to move ran out of time and loses.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn lose_on_time(&mut self) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Win { winner: self.turn().other(), reason: WinReason::Time })
    }

    /// R22: `player` offers a draw; it stands until answered or the next
    /// move. If the opponent's offer stands, the draw is agreed and returned.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn offer_draw(&mut self, player: Player) -> Result<Option<Outcome>, MoveError> {
        if self.outcome.is_none() && self.draw_offer == Some(player.other()) {
            return self.answer_draw(player, true);
        }
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.draw_offer = Some(player);
        Ok(None)
    }

    /// R22: `player` accepts (`yes`) or declines the opponent's standing
    /// offer; accepting ends the game in a draw, which is returned.
    ///
    /// # Errors
    /// [`MoveError::GameOver`], or [`MoveError::NoDrawOffer`] when no offer
    /// of the opponent stands.
    pub fn answer_draw(&mut self, player: Player, yes: bool) -> Result<Option<Outcome>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if self.draw_offer != Some(player.other()) {
            return Err(MoveError::NoDrawOffer);
        }
        self.draw_offer = None;
        if yes { self.finish(Outcome::Draw(DrawReason::Agreement)).map(Some) } else { Ok(None) }
    }

    pub(crate) fn finish(&mut self, o: Outcome) -> Result<Outcome, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Some(o);
        self.draw_offer = None;
        Ok(o)
    }
}

/// Draws who moves first by lot (J4, as R7).
pub fn draw_first_player(rng: &mut impl Rng) -> Player {
    if rng.random_bool(0.5) { Player::South } else { Player::North }
}
