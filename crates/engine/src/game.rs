//! A game in progress: the full, omniscient state (R7–R23).
//!
//! Only the engine reads this state directly. Everything shown to a player
//! goes through [`Game::view`] (R24–R26). Move generation and checking live
//! in `movegen.rs`, playing a ply and the end of the game in `play.rs`.

use serde::{Deserialize, Serialize};

use crate::bits::{Bits, bit};
use crate::player::{ByPlayer, Player};
use crate::rank::Rank;
use crate::record::{GameError, Outcome, Piece, Record};
use crate::rules::{FirstMove, RuleSet, RuleSetId};
use crate::setup::{HOME_SQUARES, Setup, ValidSetup, home_slot, home_square};
use crate::square::Square;
use crate::zobrist;

/// Version of the serialized form of [`Game`] written by this build (2: compact
/// board and record); formats 1 and 2 are read.
pub const FORMAT_VERSION: u32 = 2;

/// R11 bookkeeping for one player: the two squares of their last move (as
/// indices, lower first) and how many of their consecutive moves, up to and
/// including that one, went between exactly these two squares.
///
/// Only one piece can make such a series: a piece of the same side can
/// reach one of the two squares only by a move of its own, which breaks the
/// series. So the count is the count of R11's "same piece" series.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Shuttle {
    pub(crate) lo: u8,
    pub(crate) hi: u8,
    pub(crate) count: u8,
}

/// The classic chasing rule's state (§8): one piece of `chaser` keeps
/// moving next to an enemy piece that keeps evading. `positions` holds the
/// hash of every position of the chase so far, from the one after the
/// first chasing move. Inactive ([`Chase::inactive`]) when there is no chase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Chase {
    pub(crate) active: bool,
    pub(crate) chaser: Player,
    /// Where the chasing piece stands.
    pub(crate) chaser_sq: Square,
    /// The square the chasing piece left on its last move (the exception).
    pub(crate) chaser_last_from: Square,
    /// Where the chased piece stands.
    pub(crate) chased_sq: Square,
    pub(crate) positions: Vec<u64>,
}

impl Chase {
    /// No chase going on.
    pub(crate) const fn inactive() -> Chase {
        let a1 = Square::at(0);
        Chase {
            active: false,
            chaser: Player::South,
            chaser_sq: a1,
            chaser_last_from: a1,
            chased_sq: a1,
            positions: Vec::new(),
        }
    }
}

/// A game: rule set, both setups, the board, the record and the outcome.
///
/// Created by [`Game::new`] once both setups are confirmed (R7). Changed
/// only by [`Game::play`] and the end-of-game calls; every refused call
/// leaves it unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "crate::repr::GameRepr", into = "crate::repr::GameRepr")]
pub struct Game {
    pub(crate) rules: RuleSetId,
    pub(crate) setups: ByPlayer<ValidSetup>,
    pub(crate) first: Player,
    pub(crate) board: [Option<Piece>; 100],
    pub(crate) turn: Player,
    pub(crate) quiet_plies: u16,
    pub(crate) shuttle: ByPlayer<Shuttle>,
    pub(crate) chase: Chase,
    pub(crate) history: Vec<Record>,
    pub(crate) graveyard: ByPlayer<Vec<Rank>>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) draw_offer: Option<Player>,
    /// Whether plies and removed pieces go into `history` and `graveyard`
    /// (see [`Game::stop_recording`]).
    pub(crate) recording: bool,
    /// The last ply (the chasing rule looks at it), recorded or not.
    pub(crate) last: Option<Record>,
    /// Plies played, recorded or not.
    pub(crate) plies: usize,
    // Derived from `board` and `turn` (rebuilt by `derive`, so equal games
    // compare equal): the position hash, and per player (by index) the
    // squares of all pieces, of movable pieces and of runner-kind pieces.
    pub(crate) hash: u64,
    pub(crate) occ: [Bits; 2],
    pub(crate) mobile: [Bits; 2],
    pub(crate) runners: [Bits; 2],
}

impl Game {
    /// Starts a game (R7) with both confirmed setups; `first` moves first
    /// (drawn by lot with [`RuleSet::draw_first_player`] where the rule set
    /// says so). If the side to move has no legal move at once, the game is
    /// already over (R20).
    ///
    /// # Errors
    /// [`GameError::SetupRuleSet`] when a setup was validated for another
    /// rule set; [`GameError::FirstPlayer`] when the rule set has South move
    /// first and `first` is North (R7).
    pub fn new(rules: RuleSetId, setups: ByPlayer<ValidSetup>, first: Player) -> Result<Game, GameError> {
        for p in Player::ALL {
            if setups[p].rules() != rules {
                return Err(GameError::SetupRuleSet(p));
            }
        }
        if rules.rules().first_move == FirstMove::South && first != Player::South {
            return Err(GameError::FirstPlayer(rules));
        }
        let mut board = [None; 100];
        for p in Player::ALL {
            for slot in 0..HOME_SQUARES {
                if let Some(rank) = setups[p].setup().slots[slot] {
                    board[home_square(p, slot).index()] = Some(Piece::new(p, rank));
                }
            }
        }
        Ok(Game::start(rules, setups, first, board))
    }

    /// A game of `rules` on an arbitrary board: `pieces` lists every piece,
    /// `turn` moves first. For tests of small positions only: the setups are
    /// taken from the pieces on home squares and are not checked (R4, R5).
    #[doc(hidden)]
    #[must_use]
    pub fn from_pieces(rules: RuleSetId, pieces: &[(Square, Player, Rank)], turn: Player) -> Game {
        let mut board = [None; 100];
        let mut setups = ByPlayer::new_with(|_| Setup::EMPTY);
        for &(sq, p, rank) in pieces {
            assert!(!sq.is_lake(), "no piece stands on a lake");
            board[sq.index()] = Some(Piece::new(p, rank));
            if let Some(slot) = home_slot(p, sq) {
                setups[p].slots[slot] = Some(rank);
            }
        }
        Game::start(rules, setups.map(|s| ValidSetup::unchecked(rules, s)), turn, board)
    }

    fn start(rules: RuleSetId, setups: ByPlayer<ValidSetup>, first: Player, board: [Option<Piece>; 100]) -> Game {
        let mut g = Game {
            rules,
            setups,
            first,
            board,
            turn: first,
            quiet_plies: 0,
            shuttle: ByPlayer::default(),
            chase: Chase::inactive(),
            history: Vec::new(),
            graveyard: ByPlayer::default(),
            outcome: None,
            draw_offer: None,
            recording: true,
            last: None,
            plies: 0,
            hash: 0,
            occ: [0; 2],
            mobile: [0; 2],
            runners: [0; 2],
        };
        g.derive();
        g.outcome = g.no_move_outcome();
        g
    }

    /// Recomputes the derived fields from the board and the side to move.
    pub(crate) fn derive(&mut self) {
        let rules = self.rules();
        self.hash = if self.turn == Player::North { zobrist::SIDE } else { 0 };
        self.occ = [0; 2];
        self.mobile = [0; 2];
        self.runners = [0; 2];
        for i in 0..100 {
            if let Some(p) = self.board[i] {
                self.hash ^= zobrist::piece(Square::at(i), p.player, p.rank);
                let k = p.player.index();
                self.occ[k] |= bit(i);
                if p.rank.is_movable() {
                    self.mobile[k] |= bit(i);
                }
                if rules.is_runner(p.rank) {
                    self.runners[k] |= bit(i);
                }
            }
        }
    }

    /// The rule set's name.
    #[must_use]
    pub const fn rule_set(&self) -> RuleSetId {
        self.rules
    }

    /// The rule set's data.
    #[must_use]
    pub fn rules(&self) -> &'static RuleSet {
        self.rules.rules()
    }

    /// The side to move (R8).
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// Who moved first (R7).
    #[must_use]
    pub const fn first_player(&self) -> Player {
        self.first
    }

    /// Plies played so far.
    #[must_use]
    pub const fn ply(&self) -> usize {
        self.plies
    }

    /// Stops keeping the record: drops [`Game::history`] and the
    /// graveyards, and from now on plays without adding to them. Everything
    /// the rules look at stays exact — the board, R11's series, R21's quiet
    /// plies, the chase and the last ply it starts from, [`Game::ply`] — so
    /// the same moves are legal and the game ends the same way.
    ///
    /// For searches, which copy a game at every node: a copy then holds no
    /// record to copy. Such a game is not meant to be stored or shown (its
    /// record is incomplete).
    pub fn stop_recording(&mut self) {
        self.recording = false;
        self.history = Vec::new();
        self.graveyard = ByPlayer::default();
    }

    /// A 64-bit Zobrist hash of the board (every piece's square, side and
    /// rank) and of the side to move; not of what is revealed or has moved,
    /// nor of the rule counters (R21, the two-square and chasing rules).
    /// Equal positions hash equal; unequal ones almost never do.
    #[must_use]
    pub const fn position_hash(&self) -> u64 {
        self.hash
    }

    /// Plies in a row without an attack (R21).
    #[must_use]
    pub const fn quiet_plies(&self) -> u16 {
        self.quiet_plies
    }

    /// The end of the game, once there is one.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Both setups as confirmed. Omniscient: show them only after the end (R26).
    #[must_use]
    pub const fn setups(&self) -> &ByPlayer<ValidSetup> {
        &self.setups
    }

    /// The record of every ply (public, R24).
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// Ranks of the removed pieces of `player` (public, R18).
    #[must_use]
    pub fn graveyard(&self, player: Player) -> &[Rank] {
        &self.graveyard[player]
    }

    /// The piece on `sq`, with its rank. Omniscient: for the engine, storage
    /// and tests; players see the board through [`Game::view`].
    #[must_use]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Number of pieces `player` has on the board.
    #[must_use]
    pub const fn piece_count(&self, player: Player) -> u32 {
        self.occ[player.index()].count_ones()
    }

    /// R22: the player whose draw offer stands, if any.
    #[must_use]
    pub const fn draw_offer(&self) -> Option<Player> {
        self.draw_offer
    }

    /// R23: whether the game may still be aborted without result: it is not
    /// over and the two sides have not both made their first move.
    #[must_use]
    pub fn can_abort(&self) -> bool {
        self.outcome.is_none() && self.plies < 2
    }
}
