//! Legal moves (R8–R12, the classic chasing rule) and the check of one move.

use crate::bits::{Bits, DELTA, LAND, bit, indices, sources, step};
use crate::game::Game;
use crate::mv::Move;
use crate::player::Player;
use crate::rank::Rank;
use crate::record::{MoveError, Piece};
use crate::rules::Runner;
use crate::square::Square;
use crate::zobrist;

/// "No square" in [`NEIGHBOURS`] and the restrictions.
pub(crate) const NONE: u8 = u8::MAX;

/// Neighbours of each square that are on the board and not lakes (R2),
/// [`NONE`] otherwise, in [`Square::step`] direction order.
pub(crate) static NEIGHBOURS: [[u8; 4]; 100] = {
    let mut t = [[NONE; 4]; 100];
    let mut i = 0;
    while i < 100 {
        let sq = Square::at(i);
        let mut d = 0;
        while d < 4 {
            if let Some(n) = sq.step(d)
                && !n.is_lake()
            {
                t[i][d] = n.index() as u8;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

/// The non-attacking moves a player may not make now by R11 and the
/// chasing rule. Only moves from the squares in `special` can be affected.
#[derive(Clone, Copy)]
struct Restrictions {
    special: Bits,
    /// R11: the one forbidden shuttle move (from, to), or (NONE, NONE).
    shuttle: (u8, u8),
    /// Chasing rule: targets forbidden to the chasing piece on `chase_from`.
    chase_from: u8,
    chase_to: Bits,
}

impl Restrictions {
    /// No move restricted.
    const NONE: Restrictions = Restrictions { special: 0, shuttle: (NONE, NONE), chase_from: NONE, chase_to: 0 };

    #[inline]
    fn allows(&self, from: usize, to: usize) -> bool {
        let (f, t) = (from as u8, to as u8);
        let shuttle = f == self.shuttle.0 && t == self.shuttle.1;
        let chase = f == self.chase_from && self.chase_to & bit(to) != 0;
        !shuttle && !chase
    }
}

impl Game {
    /// R11: the quiet move `player` may not make, if any: the piece that
    /// made the last `limit` moves between the same two squares may not go
    /// back again. (If the other square now holds an enemy piece, going
    /// there is an attack, which R11 never forbids.)
    fn shuttle_forbidden(&self, player: Player) -> Option<(usize, usize)> {
        let s = self.shuttle[player];
        let limit = self.rules().two_square_limit;
        if limit == 0 || s.count < limit {
            return None;
        }
        let (lo, hi) = (s.lo as usize, s.hi as usize);
        let mine = self.occ[player.index()];
        let all = self.occ[0] | self.occ[1];
        if mine & bit(lo) != 0 && all & bit(hi) == 0 {
            Some((lo, hi))
        } else if mine & bit(hi) != 0 && all & bit(lo) == 0 {
            Some((hi, lo))
        } else {
            None
        }
    }

    /// The squares whose quiet moves R11 or the chasing rule may forbid.
    fn special_squares(&self, player: Player) -> Bits {
        let mut b = self.shuttle_forbidden(player).map_or(0, |(f, _)| bit(f));
        if self.chase.active && self.chase.chaser == player {
            b |= bit(self.chase.chaser_sq.index());
        }
        b
    }

    fn restrictions(&self, player: Player) -> Restrictions {
        let (shuttle, mut special) = match self.shuttle_forbidden(player) {
            Some((f, t)) => ((f as u8, t as u8), bit(f)),
            None => ((NONE, NONE), 0),
        };
        let (mut chase_from, mut chase_to) = (NONE, 0);
        let c = &self.chase;
        if c.active && c.chaser == player {
            // A chasing move ends next to the chased piece; it is refused if
            // it recreates a position of the chase, unless it goes back to
            // the square the chaser left on its directly preceding turn.
            let from = c.chaser_sq.index();
            let piece = self.board[from].unwrap_or(Piece::new(player, Rank::Flag));
            let all = self.occ[0] | self.occ[1];
            // After `player` moves, the opponent is to move; `hash` has
            // `self.turn` to move (R20 also asks about the side not to move).
            let side = if player == self.turn { zobrist::SIDE } else { 0 };
            let base = self.hash ^ side ^ zobrist::piece(c.chaser_sq, piece.player, piece.rank);
            for &n in &NEIGHBOURS[c.chased_sq.index()] {
                let n = n as usize;
                if n == NONE as usize || n == from || n == c.chaser_last_from.index() || all & bit(n) != 0 {
                    continue;
                }
                let after = base ^ zobrist::piece(Square::at(n), piece.player, piece.rank);
                if c.positions.contains(&after) {
                    chase_to |= bit(n);
                }
            }
            if chase_to != 0 {
                chase_from = from as u8;
                special |= bit(from);
            }
        }
        Restrictions { special, shuttle, chase_from, chase_to }
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
        self.moves_into(out, true);
    }

    /// The legal attacks of the side to move (moves onto an enemy piece,
    /// R13; with a striking runner, R12, also from afar) into a reused
    /// buffer (cleared first), in the order of [`Game::legal_moves`]; empty
    /// once the game is over. No attack is ever forbidden by R11 or the
    /// chasing rule, so this is the legal moves without the quiet ones, at
    /// a fraction of the cost (for capture searches).
    pub fn attacks_into(&self, out: &mut Vec<Move>) {
        self.moves_into(out, false);
    }

    /// The legal moves (only the attacks unless `quiet`) of the side to
    /// move into `out`, cleared first; none once the game is over.
    fn moves_into(&self, out: &mut Vec<Move>, quiet: bool) {
        out.clear();
        if self.outcome.is_none() {
            self.generate(self.turn, quiet, |m| {
                out.push(m);
                false
            });
        }
    }

    /// Whether `player` would have a legal move if it were their turn (R20),
    /// under every rule including R11 and the chasing rule.
    #[must_use]
    pub fn has_legal_move(&self, player: Player) -> bool {
        let k = player.index();
        let free = LAND & !self.occ[k];
        let mob = self.mobile[k];
        let mut any = 0;
        for dir in 0..4 {
            any |= mob & sources(dir, free);
        }
        if any == 0 {
            // Every legal move starts with a step to a free neighbour.
            return false;
        }
        if any & !self.special_squares(player) != 0 {
            // Some piece that no rule restricts has a step.
            return true;
        }
        self.generate(player, true, |_| true)
    }

    /// Calls `emit` with each legal move of `player` (only the attacks
    /// unless `quiet`); stops when it returns true. Returns whether it was
    /// stopped.
    fn generate(&self, player: Player, quiet: bool, mut emit: impl FnMut(Move) -> bool) -> bool {
        let k = player.index();
        let enemy = self.occ[1 - k];
        let targets = if quiet { LAND & !self.occ[k] } else { enemy };
        let mob = self.mobile[k];
        // R11 and the chasing rule restrict quiet moves only.
        let rs = if quiet { self.restrictions(player) } else { Restrictions::NONE };
        // One-square moves and attacks of every movable piece (R9, R10).
        for (dir, &delta) in DELTA.iter().enumerate() {
            for from in indices(mob & sources(dir, targets)) {
                let to = from.wrapping_add_signed(delta);
                if rs.special & bit(from) != 0 && enemy & bit(to) == 0 && !rs.allows(from, to) {
                    continue;
                }
                if emit(Move::new(Square::at(from), Square::at(to))) {
                    return true;
                }
            }
        }
        // Longer runner moves (R12, classic Scouts): along empty squares,
        // ending on an empty square or, with a strike, on the first enemy.
        let runners = self.runners[k];
        let strike = matches!(self.rules().runner, Runner::WithStrike(_));
        if runners == 0 || !(quiet || strike) {
            return false;
        }
        let empty = LAND & !(self.occ[0] | self.occ[1]);
        for (dir, &delta) in DELTA.iter().enumerate() {
            // All runners slide at once: after k steps, `front` holds the
            // squares reached over k − 1 empty squares; the first step was
            // generated above.
            let mut front = step(dir, runners) & empty;
            let mut back = delta;
            while front != 0 {
                back += delta;
                let next = step(dir, front);
                if strike {
                    for to in indices(next & enemy) {
                        let from = to.wrapping_add_signed(-back);
                        if emit(Move::new(Square::at(from), Square::at(to))) {
                            return true;
                        }
                    }
                }
                front = next & empty;
                if !quiet {
                    continue;
                }
                for to in indices(front) {
                    let from = to.wrapping_add_signed(-back);
                    if (rs.special & bit(from) == 0 || rs.allows(from, to))
                        && emit(Move::new(Square::at(from), Square::at(to)))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Checks `mv` for the side to move without playing it.
    ///
    /// # Errors
    /// The first [`MoveError`] that applies, in this order: game over,
    /// empty or enemy start square, immobile piece, same square, lake, own
    /// piece on the target, diagonal, too far, lake or piece in the way,
    /// long strike (R12), R11, chasing rule.
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
            let (from, to) = (mv.from.index(), mv.to.index());
            if self.shuttle_forbidden(player) == Some((from, to)) {
                return Err(MoveError::TwoSquareRule);
            }
            if !self.restrictions(player).allows(from, to) {
                return Err(MoveError::ChasingRule);
            }
        }
        Ok(())
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
