//! A game in progress: the full, omniscient state (R8–R23).
//!
//! Only the engine reads this state directly. Everything shown to a player
//! goes through [`Game::view`] (R24–R26).

use serde::{Deserialize, Serialize};

use crate::combat::{Combat, CombatResult};
use crate::mv::Move;
use crate::player::{ByPlayer, Player};
use crate::rank::Rank;
use crate::rules::{RuleSet, RuleSetId, Runner};
use crate::setup::{HOME_SQUARES, ValidSetup, home_square};
use crate::square::Square;
use crate::zobrist;

/// Version of the serialized form of [`Game`]; bumped on incompatible change.
pub const FORMAT_VERSION: u32 = 1;

/// A piece on the board with what has become public about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Owner.
    pub player: Player,
    /// Kind.
    pub rank: Rank,
    /// Revealed to both players by a combat (R13, R18).
    pub revealed: bool,
    /// Has moved at least once (R24: so it is neither Mine nor Flag).
    pub moved: bool,
    /// Has made a multi-square move (R24: so it is the runner kind).
    pub ran: bool,
}

/// One ply of the record, public to both players (R24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Record {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The combat, when the move was an attack (R13).
    pub combat: Option<Combat>,
}

/// Why a game was won (R19, R20, R22, R23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    /// R19: the winner captured the Flag.
    FlagCaptured,
    /// R20: the loser had no legal move on their turn.
    NoLegalMoves,
    /// R22: the loser resigned.
    Resignation,
    /// R23: the loser ran out of time.
    Time,
}

/// Why a game was drawn (R20–R22, classic dead position).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawReason {
    /// R20: neither side has a legal move.
    NoLegalMoves,
    /// R21: the rule set's limit of plies without an attack was reached.
    NoAttacks,
    /// R22: the players agreed.
    Agreement,
    /// Classic: neither side can ever capture the enemy Flag.
    DeadPosition,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Player,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

/// What one ply did, returned by [`Game::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReport {
    /// Who moved.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The combat, if it was an attack: both ranks are now public (R13).
    pub combat: Option<Combat>,
    /// The end of the game, if this ply ended it.
    pub outcome: Option<Outcome>,
}

/// Why a move was refused. The game is unchanged.
///
/// The texts speak only of the mover's own pieces and of public facts, so
/// they are safe to show (R25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum MoveError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// It is the other side's turn (R8).
    #[error("it is not your turn")]
    NotYourTurn,
    /// No piece stands on the start square.
    #[error("there is no piece on {0}")]
    EmptySquare(Square),
    /// The piece on the start square is the opponent's.
    #[error("the piece on {0} is not yours")]
    EnemyPiece(Square),
    /// Mines and the Flag never move (R9).
    #[error("a {0:?} never moves")]
    Immobile(Rank),
    /// Start and end are the same square.
    #[error("a move must go somewhere")]
    SameSquare,
    /// No piece enters or crosses a lake (R2).
    #[error("pieces cannot enter or cross a lake")]
    Lake,
    /// The target holds a piece of the mover's own side (R9).
    #[error("{0} holds your own piece")]
    OwnPiece(Square),
    /// Only straight moves along a file or rank (R9).
    #[error("pieces move along files and ranks, never diagonally")]
    Diagonal,
    /// Only the runner kind moves more than one square (R9, R12).
    #[error("this piece moves one square at a time")]
    TooFar,
    /// A runner cannot pass over pieces (R12).
    #[error("the way is blocked")]
    PathBlocked,
    /// In «Сражение» a long move must end on an empty square (R12).
    #[error("a long move cannot end in an attack; attack from the next square")]
    RunnerCannotStrike,
    /// R11.
    #[error("the two-square rule forbids moving this piece between the same two squares again")]
    TwoSquareRule,
    /// The classic chasing rule.
    #[error("the chasing rule forbids repeating a position of this chase")]
    ChasingRule,
}

/// Why a game could not be created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// A setup was checked against another rule set.
    #[error("the {0:?} setup belongs to another rule set")]
    SetupRuleSet(Player),
}

/// R11 bookkeeping: the pair of squares of the last moves and how many
/// consecutive moves of this player went between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Shuttle {
    pub(crate) lo: u8,
    pub(crate) hi: u8,
    pub(crate) count: u8,
}

impl Shuttle {
    fn pair(mv: Move) -> (u8, u8) {
        let (a, b) = (mv.from.index() as u8, mv.to.index() as u8);
        (a.min(b), a.max(b))
    }
}

/// The classic chasing rule's state: one piece keeps moving next to an
/// enemy piece that keeps evading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Chase {
    pub(crate) chaser: Player,
    pub(crate) chaser_sq: Square,
    pub(crate) chaser_last_from: Square,
    pub(crate) chased_sq: Square,
    pub(crate) positions: Vec<u64>,
}

/// A game: rule set, both setups, the board, the record and the outcome.
///
/// Created by [`Game::new`] once both setups are confirmed (R7). Changed
/// only by [`Game::play`] and the end-of-game calls; every refused call
/// leaves it unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "GameRepr", into = "GameRepr")]
pub struct Game {
    pub(crate) rules: RuleSetId,
    pub(crate) setups: ByPlayer<ValidSetup>,
    pub(crate) first: Player,
    pub(crate) board: [Option<Piece>; 100],
    pub(crate) turn: Player,
    pub(crate) quiet_plies: u16,
    pub(crate) shuttle: ByPlayer<Shuttle>,
    pub(crate) chase: Option<Chase>,
    pub(crate) history: Vec<Record>,
    pub(crate) graveyard: ByPlayer<Vec<Rank>>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) hash: u64,
    pub(crate) prev_hash: u64,
}

/// Neighbours of each square that are on the board and not lakes, `NONE` otherwise.
const NONE: u8 = u8::MAX;
static NEIGHBOURS: [[u8; 4]; 100] = {
    let mut t = [[NONE; 4]; 100];
    let mut i = 0;
    while i < 100 {
        let sq = match Square::from_index(i) {
            Some(s) => s,
            None => unreachable!(),
        };
        let mut d = 0;
        while d < 4 {
            if let Some(n) = sq.step(d) {
                if !n.is_lake() {
                    t[i][d] = n.index() as u8;
                }
            }
            d += 1;
        }
        i += 1;
    }
    t
};

impl Game {
    /// Starts a game (R7) with both confirmed setups; `first` moves first.
    /// If the side to move has no legal move at once, the game is already
    /// over (R20).
    ///
    /// # Errors
    /// [`GameError::SetupRuleSet`] when a setup was validated for another rule set.
    pub fn new(rules: RuleSetId, setups: ByPlayer<ValidSetup>, first: Player) -> Result<Game, GameError> {
        for p in Player::ALL {
            if setups[p].rules() != rules {
                return Err(GameError::SetupRuleSet(p));
            }
        }
        let mut board = [None; 100];
        for p in Player::ALL {
            for slot in 0..HOME_SQUARES {
                if let Some(rank) = setups[p].setup().slots[slot] {
                    board[home_square(p, slot).index()] =
                        Some(Piece { player: p, rank, revealed: false, moved: false, ran: false });
                }
            }
        }
        let mut g = Game {
            rules,
            setups,
            first,
            board,
            turn: first,
            quiet_plies: 0,
            shuttle: ByPlayer::default(),
            chase: None,
            history: Vec::new(),
            graveyard: ByPlayer::default(),
            outcome: None,
            hash: 0,
            prev_hash: 0,
        };
        g.hash = g.compute_hash();
        g.prev_hash = g.hash;
        g.outcome = g.no_move_outcome();
        Ok(g)
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
    pub fn ply(&self) -> usize {
        self.history.len()
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

    /// All legal moves of the side to move; empty once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// Like [`Game::legal_moves`] into a reused buffer (cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_none() {
            self.generate(self.turn, |m| {
                out.push(m);
                false
            });
        }
    }

    /// Whether `player` would have a legal move if it were their turn (R20).
    #[must_use]
    pub fn has_legal_move(&self, player: Player) -> bool {
        self.generate(player, |_| true)
    }

    /// Calls `emit` with each legal move of `player`; stops when it returns true.
    /// Returns whether it was stopped.
    fn generate(&self, player: Player, mut emit: impl FnMut(Move) -> bool) -> bool {
        let rules = self.rules();
        let (runner, strike) = match rules.runner {
            Runner::None => (None, false),
            Runner::WithoutStrike(r) => (Some(r), false),
            Runner::WithStrike(r) => (Some(r), true),
        };
        for i in 0..100 {
            let Some(p) = self.board[i] else { continue };
            if p.player != player || !p.rank.is_movable() {
                continue;
            }
            let from = Square::from_index(i).expect("index < 100");
            let runs = runner == Some(p.rank);
            for dir in 0..4 {
                let mut t = NEIGHBOURS[i][dir];
                let mut first = true;
                while t != NONE {
                    let to = Square::from_index(t as usize).expect("neighbour on board");
                    match self.board[t as usize] {
                        None => {
                            if self.quiet_allowed(player, Move::new(from, to)) && emit(Move::new(from, to)) {
                                return true;
                            }
                        }
                        Some(q) => {
                            if q.player != player && (first || strike) && emit(Move::new(from, to)) {
                                return true;
                            }
                            break;
                        }
                    }
                    if !runs {
                        break;
                    }
                    first = false;
                    t = NEIGHBOURS[t as usize][dir];
                }
            }
        }
        false
    }

    /// R11 and the chasing rule for a non-attacking move.
    fn quiet_allowed(&self, player: Player, mv: Move) -> bool {
        let s = self.shuttle[player];
        let (lo, hi) = Shuttle::pair(mv);
        if s.count >= self.rules().two_square_limit && s.lo == lo && s.hi == hi {
            return false;
        }
        if let Some(c) = &self.chase {
            if c.chaser == player
                && mv.from == c.chaser_sq
                && mv.to.is_adjacent(c.chased_sq)
                && mv.to != c.chaser_last_from
            {
                let piece = self.board[mv.from.index()].expect("mover on board");
                let after = self.hash
                    ^ zobrist::piece(mv.from, piece.player, piece.rank)
                    ^ zobrist::piece(mv.to, piece.player, piece.rank)
                    ^ zobrist::SIDE;
                if c.positions.contains(&after) {
                    return false;
                }
            }
        }
        true
    }

    /// Checks `mv` for the side to move without playing it.
    ///
    /// # Errors
    /// The first [`MoveError`] that applies.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let player = self.turn;
        let piece = match self.board[mv.from.index()] {
            None => return Err(MoveError::EmptySquare(mv.from)),
            Some(p) if p.player != player => return Err(MoveError::EnemyPiece(mv.from)),
            Some(p) => p,
        };
        if !piece.rank.is_movable() {
            return Err(MoveError::Immobile(piece.rank));
        }
        if mv.from == mv.to {
            return Err(MoveError::SameSquare);
        }
        if mv.to.is_lake() {
            return Err(MoveError::Lake);
        }
        let target = self.board[mv.to.index()];
        if target.is_some_and(|t| t.player == player) {
            return Err(MoveError::OwnPiece(mv.to));
        }
        if mv.from.file() != mv.to.file() && mv.from.rank() != mv.to.rank() {
            return Err(MoveError::Diagonal);
        }
        let dist = mv.from.distance(mv.to);
        if dist > 1 {
            let rules = self.rules();
            if !rules.is_runner(piece.rank) {
                return Err(MoveError::TooFar);
            }
            let dir = direction(mv.from, mv.to);
            let mut sq = mv.from;
            for _ in 1..dist {
                sq = sq.step(dir).expect("between two board squares");
                if sq.is_lake() {
                    return Err(MoveError::Lake);
                }
                if self.board[sq.index()].is_some() {
                    return Err(MoveError::PathBlocked);
                }
            }
            if target.is_some() && matches!(rules.runner, Runner::WithoutStrike(_)) {
                return Err(MoveError::RunnerCannotStrike);
            }
        }
        if target.is_none() {
            let s = self.shuttle[player];
            let (lo, hi) = Shuttle::pair(mv);
            if s.count >= self.rules().two_square_limit && s.lo == lo && s.hi == hi {
                return Err(MoveError::TwoSquareRule);
            }
            if !self.quiet_allowed(player, mv) {
                return Err(MoveError::ChasingRule);
            }
        }
        Ok(())
    }

    /// Plays `mv` for `player`, refusing it when it is not their turn.
    ///
    /// # Errors
    /// [`MoveError::NotYourTurn`], or any error of [`Game::play`]; the game is unchanged.
    pub fn play_as(&mut self, player: Player, mv: Move) -> Result<MoveReport, MoveError> {
        if self.outcome.is_none() && player != self.turn {
            return Err(MoveError::NotYourTurn);
        }
        self.play(mv)
    }

    /// Plays `mv` for the side to move: moves or attacks (R8–R18), then
    /// checks the end in the order of R21: R19, R20, R21 (then the classic
    /// dead position).
    ///
    /// # Errors
    /// The [`MoveError`] of [`Game::check`]; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, MoveError> {
        self.check(mv)?;
        Ok(self.apply(mv))
    }

    /// Applies a move already known to be legal.
    pub(crate) fn apply(&mut self, mv: Move) -> MoveReport {
        let player = self.turn;
        let (from, to) = (mv.from.index(), mv.to.index());
        let mut piece = self.board[from].expect("legal move has a mover");
        let ran = mv.from.distance(mv.to) > 1;
        let before = self.hash;
        self.hash ^= zobrist::piece(mv.from, piece.player, piece.rank) ^ zobrist::SIDE;
        piece.moved = true;
        piece.ran |= ran;
        self.board[from] = None;
        let combat = match self.board[to] {
            None => {
                self.board[to] = Some(piece);
                self.hash ^= zobrist::piece(mv.to, piece.player, piece.rank);
                self.quiet_plies = self.quiet_plies.saturating_add(1);
                None
            }
            Some(mut def) => {
                let combat = Combat::new(piece.rank, def.rank);
                piece.revealed = true;
                def.revealed = true;
                match combat.result {
                    CombatResult::AttackerWins => {
                        self.hash ^= zobrist::piece(mv.to, def.player, def.rank)
                            ^ zobrist::piece(mv.to, piece.player, piece.rank);
                        self.graveyard[def.player].push(def.rank);
                        self.board[to] = Some(piece);
                    }
                    CombatResult::DefenderWins => {
                        self.graveyard[player].push(piece.rank);
                        self.board[to] = Some(def);
                    }
                    CombatResult::BothRemoved => {
                        self.hash ^= zobrist::piece(mv.to, def.player, def.rank);
                        self.graveyard[player].push(piece.rank);
                        self.graveyard[def.player].push(def.rank);
                        self.board[to] = None;
                    }
                }
                self.quiet_plies = 0;
                Some(combat)
            }
        };
        // R11 bookkeeping.
        let (lo, hi) = Shuttle::pair(mv);
        let s = &mut self.shuttle[player];
        if s.count > 0 && s.lo == lo && s.hi == hi {
            s.count = s.count.saturating_add(1);
        } else {
            *s = Shuttle { lo, hi, count: 1 };
        }
        if self.rules().chasing_rule {
            self.update_chase(player, mv, combat.is_some(), before);
        }
        self.prev_hash = before;
        self.history.push(Record { player, mv, combat });
        self.turn = player.other();
        self.outcome = self.end_after(combat);
        MoveReport { player, mv, combat, outcome: self.outcome }
    }

    fn update_chase(&mut self, player: Player, mv: Move, attack: bool, before: u64) {
        if attack {
            self.chase = None;
            return;
        }
        let hash = self.hash;
        match &mut self.chase {
            Some(c) if c.chaser == player => {
                if mv.from == c.chaser_sq && mv.to.is_adjacent(c.chased_sq) {
                    c.chaser_last_from = mv.from;
                    c.chaser_sq = mv.to;
                    c.positions.push(hash);
                } else {
                    self.chase = None;
                }
            }
            Some(c) => {
                if mv.from == c.chased_sq {
                    c.chased_sq = mv.to;
                    c.positions.push(hash);
                } else {
                    self.chase = None;
                }
            }
            None => {
                // The opponent's last ply moved next to the piece that now evades.
                if let Some(prev) = self.history.last() {
                    if prev.player != player && prev.combat.is_none() && prev.mv.to.is_adjacent(mv.from) {
                        self.chase = Some(Chase {
                            chaser: prev.player,
                            chaser_sq: prev.mv.to,
                            chaser_last_from: prev.mv.from,
                            chased_sq: mv.to,
                            positions: vec![before, hash],
                        });
                    }
                }
            }
        }
    }

    /// The outcome after a ply, in the order of R21.
    fn end_after(&self, combat: Option<Combat>) -> Option<Outcome> {
        if combat.is_some_and(|c| c.defender == Rank::Flag) {
            // R19
            return Some(Outcome::Win { winner: self.turn.other(), reason: WinReason::FlagCaptured });
        }
        if let Some(o) = self.no_move_outcome() {
            return Some(o);
        }
        if self.quiet_plies >= self.rules().no_attack_limit {
            return Some(Outcome::Draw(DrawReason::NoAttacks)); // R21
        }
        if combat.is_some() && self.rules().dead_position_draw && self.dead_position() {
            return Some(Outcome::Draw(DrawReason::DeadPosition));
        }
        None
    }

    /// R20: the side to move without a legal move loses, unless the other
    /// side has none either (draw).
    fn no_move_outcome(&self) -> Option<Outcome> {
        if self.has_legal_move(self.turn) {
            None
        } else if self.has_legal_move(self.turn.other()) {
            Some(Outcome::Win { winner: self.turn.other(), reason: WinReason::NoLegalMoves })
        } else {
            Some(Outcome::Draw(DrawReason::NoLegalMoves))
        }
    }

    /// Classic: neither side can ever reach the enemy Flag. A side can when
    /// some movable piece has a path to it through squares that are not
    /// lakes, not its own immovable pieces, and not enemy Mines unless it
    /// still has a Sapper.
    fn dead_position(&self) -> bool {
        Player::ALL.iter().all(|&p| !self.can_reach_flag(p))
    }

    fn can_reach_flag(&self, player: Player) -> bool {
        let has_sapper = self.board.iter().flatten().any(|q| q.player == player && q.rank == Rank::Sapper);
        let passable = |i: usize| match self.board[i] {
            None => true,
            Some(q) if q.player == player => q.rank.is_movable(),
            Some(q) => q.rank != Rank::Mine || has_sapper,
        };
        let mut seen = [false; 100];
        let mut stack: Vec<usize> =
            (0..100).filter(|&i| self.board[i].is_some_and(|q| q.player == player && q.rank.is_movable())).collect();
        for &i in &stack {
            seen[i] = true;
        }
        while let Some(i) = stack.pop() {
            if self.board[i].is_some_and(|q| q.player != player && q.rank == Rank::Flag) {
                return true;
            }
            for &n in &NEIGHBOURS[i] {
                if n != NONE && !seen[n as usize] && passable(n as usize) {
                    seen[n as usize] = true;
                    stack.push(n as usize);
                }
            }
        }
        false
    }

    /// R22: `player` resigns; the other side wins.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, player: Player) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Win { winner: player.other(), reason: WinReason::Resignation })
    }

    /// R22: the players agree a draw.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Draw(DrawReason::Agreement))
    }

    /// R23: the side to move ran out of time and loses.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn lose_on_time(&mut self) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Win { winner: self.turn.other(), reason: WinReason::Time })
    }

    fn finish(&mut self, o: Outcome) -> Result<Outcome, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        self.outcome = Some(o);
        Ok(o)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.turn == Player::North { zobrist::SIDE } else { 0 };
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                h ^= zobrist::piece(sq, p.player, p.rank);
            }
        }
        h
    }
}

/// The direction index of [`Square::step`] from `a` towards `b` on one line.
fn direction(a: Square, b: Square) -> usize {
    if b.rank() > a.rank() {
        0
    } else if b.file() > a.file() {
        1
    } else if b.rank() < a.rank() {
        2
    } else {
        3
    }
}

#[derive(Serialize, Deserialize)]
struct GameRepr {
    format: u32,
    rules: RuleSetId,
    setups: ByPlayer<ValidSetup>,
    first: Player,
    board: Vec<Option<Piece>>,
    turn: Player,
    quiet_plies: u16,
    shuttle: ByPlayer<Shuttle>,
    chase: Option<Chase>,
    history: Vec<Record>,
    graveyard: ByPlayer<Vec<Rank>>,
    outcome: Option<Outcome>,
    prev_hash: u64,
}

/// Why a stored game could not be read back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFormatError {
    /// Written by another format version.
    #[error("game state has format {0}, this build reads {FORMAT_VERSION}")]
    Version(u32),
    /// The board does not have 100 squares.
    #[error("game state has a board of {0} squares")]
    Board(usize),
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> Self {
        GameRepr {
            format: FORMAT_VERSION,
            rules: g.rules,
            setups: g.setups,
            first: g.first,
            board: g.board.to_vec(),
            turn: g.turn,
            quiet_plies: g.quiet_plies,
            shuttle: g.shuttle,
            chase: g.chase,
            history: g.history,
            graveyard: g.graveyard,
            outcome: g.outcome,
            prev_hash: g.prev_hash,
        }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = GameFormatError;
    fn try_from(r: GameRepr) -> Result<Self, GameFormatError> {
        if r.format != FORMAT_VERSION {
            return Err(GameFormatError::Version(r.format));
        }
        let board: [Option<Piece>; 100] = r.board.try_into().map_err(|b: Vec<_>| GameFormatError::Board(b.len()))?;
        let mut g = Game {
            rules: r.rules,
            setups: r.setups,
            first: r.first,
            board,
            turn: r.turn,
            quiet_plies: r.quiet_plies,
            shuttle: r.shuttle,
            chase: r.chase,
            history: r.history,
            graveyard: r.graveyard,
            outcome: r.outcome,
            hash: 0,
            prev_hash: r.prev_hash,
        };
        g.hash = g.compute_hash();
        Ok(g)
    }
}
