//! Playing a ply (R8–R18) and the end of the game (R19–R23, classic dead
//! position).

use crate::bits::{LAND, bit, indices, spread};
use crate::combat::{Combat, CombatResult};
use crate::game::{Chase, Game, Shuttle};
use crate::mv::Move;
use crate::player::Player;
use crate::rank::Rank;
use crate::record::{DrawReason, MoveError, MoveReport, Outcome, Piece, Record, WinReason};
use crate::zobrist;

impl Game {
    /// Plays `mv` for `player`, refusing it when it is not their turn (R8).
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
    /// dead position). A standing draw offer lapses (R22).
    ///
    /// # Errors
    /// The [`MoveError`] of [`Game::check`]; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, MoveError> {
        self.check(mv)?;
        Ok(self.apply(mv))
    }

    /// Plays `mv`, a move that [`Game::legal_moves`] or
    /// [`Game::attacks_into`] gave for this very position, without checking
    /// it again: a search's hot path, where every move comes from the
    /// generator. Otherwise as [`Game::play`].
    ///
    /// # Panics
    /// In debug builds, if `mv` is not legal here. In release builds a move
    /// from elsewhere is not caught and may leave the game inconsistent:
    /// use [`Game::play`] for any move not just generated.
    pub fn play_legal(&mut self, mv: Move) -> MoveReport {
        debug_assert!(self.check(mv).is_ok(), "{mv} is not a legal move here");
        self.apply(mv)
    }

    /// The game after its first `ply` plies (at most all of them), replayed
    /// from its setups and first player: a frame of a replay (R26) or a
    /// position to analyse. What came after the record (a resignation, an
    /// agreed draw, a loss on time; R22, R23) is not part of it.
    ///
    /// # Errors
    /// The [`MoveError`] of a ply that does not replay, which only a game
    /// not started by [`Game::new`] can have.
    pub fn at_ply(&self, ply: usize) -> Result<Game, MoveError> {
        let mut g = Game::new(self.rule_set(), *self.setups(), self.first_player())
            .expect("a game's own setups and first player start it again");
        for r in &self.history()[..ply.min(self.history().len())] {
            g.play(r.mv)?;
        }
        Ok(g)
    }

    /// Puts `piece` on square `i` in the derived sets (not the hash).
    #[inline]
    fn put(&mut self, i: usize, piece: Piece) {
        self.board[i] = Some(piece);
        let k = piece.player.index();
        self.occ[k] |= bit(i);
        if piece.rank.is_movable() {
            self.mobile[k] |= bit(i);
        }
        if self.rules().is_runner(piece.rank) {
            self.runners[k] |= bit(i);
        }
    }

    /// Removes the piece of `player` on square `i` from the derived sets.
    #[inline]
    fn lift(&mut self, i: usize, player: Player) {
        let (k, m) = (player.index(), !bit(i));
        self.occ[k] &= m;
        self.mobile[k] &= m;
        self.runners[k] &= m;
    }

    /// Adds a removed piece to its owner's graveyard (R18), if recording.
    #[inline]
    fn bury(&mut self, player: Player, rank: Rank) {
        if self.recording {
            self.graveyard[player].push(rank);
        }
    }

    /// Applies a move already known to be legal.
    pub(crate) fn apply(&mut self, mv: Move) -> MoveReport {
        let player = self.turn;
        let (from, to) = (mv.from.index(), mv.to.index());
        let mut piece = self.board[from].take().expect("legal move has a mover");
        let before = self.hash;
        self.hash ^= zobrist::piece(mv.from, player, piece.rank) ^ zobrist::SIDE;
        piece.moved = true;
        piece.ran |= mv.from.distance(mv.to) > 1;
        self.lift(from, player);
        let combat = match self.board[to] {
            None => {
                self.put(to, piece);
                self.hash ^= zobrist::piece(mv.to, player, piece.rank);
                self.quiet_plies = self.quiet_plies.saturating_add(1);
                None
            }
            Some(mut def) => {
                let combat = Combat::new(piece.rank, def.rank);
                piece.revealed = true;
                def.revealed = true;
                let defender = def.player;
                match combat.result {
                    CombatResult::AttackerWins => {
                        self.lift(to, defender);
                        self.hash ^=
                            zobrist::piece(mv.to, defender, def.rank) ^ zobrist::piece(mv.to, player, piece.rank);
                        self.bury(defender, def.rank);
                        self.put(to, piece);
                    }
                    CombatResult::DefenderWins => {
                        self.bury(player, piece.rank);
                        self.board[to] = Some(def);
                    }
                    CombatResult::BothRemoved => {
                        self.lift(to, defender);
                        self.hash ^= zobrist::piece(mv.to, defender, def.rank);
                        self.bury(player, piece.rank);
                        self.bury(defender, def.rank);
                        self.board[to] = None;
                    }
                }
                self.quiet_plies = 0;
                Some(combat)
            }
        };
        // R11 bookkeeping: attacks count in the series too.
        let (lo, hi) = if from < to { (from as u8, to as u8) } else { (to as u8, from as u8) };
        let s = &mut self.shuttle[player];
        if s.count > 0 && s.lo == lo && s.hi == hi {
            s.count = s.count.saturating_add(1);
        } else {
            *s = Shuttle { lo, hi, count: 1 };
        }
        if self.rules().chasing_rule {
            self.update_chase(player, mv, combat.is_some(), before);
        }
        self.draw_offer = None;
        let record = Record { player, mv, combat };
        if self.recording {
            self.history.push(record);
        }
        self.last = Some(record);
        self.plies += 1;
        self.turn = player.other();
        self.outcome = self.end_after(combat);
        MoveReport { player, mv, combat, outcome: self.outcome }
    }

    /// Follows the chase (classic §8) after `player` played `mv`; `before`
    /// is the hash of the position before it.
    fn update_chase(&mut self, player: Player, mv: Move, attack: bool, before: u64) {
        let c = &mut self.chase;
        if attack {
            *c = Chase::inactive();
            return;
        }
        if c.active {
            if c.chaser == player {
                // The chaser keeps chasing only with the same piece, next to the chased one.
                if mv.from == c.chaser_sq && mv.to.is_adjacent(c.chased_sq) {
                    c.chaser_last_from = mv.from;
                    c.chaser_sq = mv.to;
                    c.positions.push(self.hash);
                    return;
                }
            } else if mv.from == c.chased_sq {
                // The chased piece evades.
                c.chased_sq = mv.to;
                c.positions.push(self.hash);
                return;
            }
            c.active = false;
            c.positions.clear();
        }
        // A chase starts when a piece threatened by the opponent's last move
        // (a quiet move next to it) moves away.
        if let Some(prev) = self.last
            && prev.player != player
            && prev.combat.is_none()
            && prev.mv.to.is_adjacent(mv.from)
        {
            c.active = true;
            c.chaser = prev.player;
            c.chaser_sq = prev.mv.to;
            c.chaser_last_from = prev.mv.from;
            c.chased_sq = mv.to;
            c.positions.clear();
            c.positions.extend([before, self.hash]);
        }
        if !c.active {
            *c = Chase::inactive();
        }
    }

    /// The outcome after a ply, in the order of R21: R19, R20, R21, the
    /// classic dead position, then the `ucc` ply limit.
    fn end_after(&self, combat: Option<Combat>) -> Option<Outcome> {
        if combat.is_some_and(|c| c.defender == Rank::Flag) {
            // R17, R19
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
        let limit = self.rules().ply_limit;
        if limit > 0 && self.plies >= usize::from(limit) {
            return Some(Outcome::Draw(DrawReason::PlyLimit));
        }
        None
    }

    /// R20: the side to move without a legal move loses, unless the other
    /// side would have none either in this position (draw). "Legal" is the
    /// same test for both, R11 and the chasing rule included: the other
    /// side's restrictions are those its next move would face.
    pub(crate) fn no_move_outcome(&self) -> Option<Outcome> {
        if self.has_legal_move(self.turn) {
            None
        } else if self.has_legal_move(self.turn.other()) {
            Some(Outcome::Win { winner: self.turn.other(), reason: WinReason::NoLegalMoves })
        } else {
            Some(Outcome::Draw(DrawReason::NoLegalMoves))
        }
    }

    /// Classic (§8): neither side can ever capture the enemy Flag.
    fn dead_position(&self) -> bool {
        Player::ALL.iter().all(|&p| !self.can_reach_flag(p))
    }

    /// Whether some movable piece of `player` could ever reach the enemy
    /// Flag: a path through squares that are not lakes, not `player`'s own
    /// Mines or Flag (which never move), and not enemy Mines unless
    /// `player` still has a Sapper (R15). Other pieces may move away or be
    /// taken, so they do not block. An over-estimate, so a position called
    /// dead is dead.
    pub(crate) fn can_reach_flag(&self, player: Player) -> bool {
        let (k, e) = (player.index(), player.other().index());
        let own_fixed = self.occ[k] & !self.mobile[k];
        let mut enemy_flag = 0;
        let mut enemy_mines = 0;
        for i in indices(self.occ[e] & !self.mobile[e]) {
            match self.board[i].map(|p| p.rank) {
                Some(Rank::Flag) => enemy_flag |= bit(i),
                _ => enemy_mines |= bit(i),
            }
        }
        let has_sapper = indices(self.mobile[k]).any(|i| self.board[i].is_some_and(|p| p.rank == Rank::Sapper));
        let passable = LAND & !own_fixed & if has_sapper { !0 } else { !enemy_mines };
        let mut reach = self.mobile[k];
        loop {
            let next = reach | (spread(reach) & passable);
            if next & enemy_flag != 0 {
                return true;
            }
            if next == reach {
                return false;
            }
            reach = next;
        }
    }

    /// R22: `player` resigns; the other side wins.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, player: Player) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Win { winner: player.other(), reason: WinReason::Resignation })
    }

    /// R22: the players agree a draw (both consented outside the engine;
    /// see also [`Game::offer_draw`]).
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, MoveError> {
        self.finish(Outcome::Draw(DrawReason::Agreement))
    }

    /// R22: `player` offers a draw. The offer stands until the opponent
    /// accepts or declines it, or until the next move is made. If the
    /// opponent's own offer stands, this agrees the draw and returns it.
    ///
    /// # Errors
    /// [`MoveError::GameOver`] if the game has already ended.
    pub fn offer_draw(&mut self, player: Player) -> Result<Option<Outcome>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if self.draw_offer == Some(player.other()) {
            return self.agree_draw().map(Some);
        }
        self.draw_offer = Some(player);
        Ok(None)
    }

    /// R22: `player` accepts the opponent's standing draw offer.
    ///
    /// # Errors
    /// [`MoveError::GameOver`], or [`MoveError::NoDrawOffer`] when no offer
    /// of the opponent stands.
    pub fn accept_draw(&mut self, player: Player) -> Result<Outcome, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if self.draw_offer != Some(player.other()) {
            return Err(MoveError::NoDrawOffer);
        }
        self.agree_draw()
    }

    /// R22: `player` declines the opponent's standing draw offer.
    ///
    /// # Errors
    /// [`MoveError::GameOver`], or [`MoveError::NoDrawOffer`] when no offer
    /// of the opponent stands.
    pub fn decline_draw(&mut self, player: Player) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if self.draw_offer != Some(player.other()) {
            return Err(MoveError::NoDrawOffer);
        }
        self.draw_offer = None;
        Ok(())
    }

    /// R23: the side to move ran out of time and loses (only the side to
    /// move can lose on time).
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
        self.draw_offer = None;
        Ok(o)
    }
}
