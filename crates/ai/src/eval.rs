//! The evaluation of a (sampled) position from the AI's side, in points
//! (a Soldier of «Сражение» is 30).
//!
//! Terms: material by rank (values that depend on what is left: the Scout
//! is worth much only while the enemy Marshal lives, and more to `hard`,
//! [`SCOUT_SHARP`]; Sappers while enemy
//! Mines stand, Mines while enemy Sappers live); information (a piece whose
//! rank the opponent has not seen is worth a fifth more); progress (each
//! movable piece is drawn towards the nearest enemy piece it beats, by
//! distance maps made once per sample); Flag safety (enemy movers near our
//! Flag cost); and the R21 clock (a lead is worth a little less the longer
//! nobody attacks, so a side that is ahead trades and attacks). `hard`
//! adds hunting (a piece that beats a revealed enemy piece is drawn to it,
//! [`HUNT`]), guarding (an enemy Miner near our Flag costs far more,
//! [`MINER_NEAR_FLAG`], and the nearest of our pieces that stop an
//! intruder goes after it, [`DEFEND`]; a Miner that has moved is one from
//! further off, [`MINER_INTRUDER_DIST`]; against a Miner one rank of ours
//! waits beside the Flag's Mines instead,
//! `Evaluator::guard`), caution (pieces it holds back are not drawn to
//! unknown unmoved pieces, `caution.rs`), the last shield (our last
//! hidden piece that stops an enemy piece is worth what it guards,
//! `Evaluator::shield`) and thrift (while we have fewer movable pieces
//! than the enemy, ours are worth more, [`BEHIND_PREMIUM`]).

use engine::{CombatResult, Game, Move, Piece, Player, Rank, Square, resolve};

use crate::caution::Caution;
use crate::exposure::Exposure;

/// The value of a won game (before the distance-to-win correction).
pub(crate) const WIN: i32 = 5000;

/// Base values by [`Rank::index`].
const BASE: [i32; 12] = [400, 300, 200, 150, 100, 60, 40, 70, 30, 150, 50, 0];
/// What `hard` holds the Scout (the Spy of the classic names, the one
/// piece that takes the Marshal, R16) worth while the enemy Marshal lives:
/// a Colonel's worth, not [`BASE`]'s 150 (a Major's). With the Scout
/// gone, the enemy Marshal fears nothing and takes our pieces one by one.
/// In 102 games at 1 s a move against the 2012 UCC winner, whose Captains
/// and lower pieces attack every piece of ours they stand next to,
/// `hard`'s Scout took the enemy Marshal in 40 of the 80 games `hard` won
/// and in 4 of the 22 it lost; in 16 lost games it died first, 12 times
/// moved and still hidden. At 200, `hard` (40 000 nodes a move) scored
/// 67.1 % instead of 63.2 % over the same 800 games against it, and 81.7 %
/// instead of 78.4 % against `hard-v1` in «Сражение»; 250 scored 68.9 %
/// and 73.9 %; 300 and 350, each on half the games, did worse than 250
/// (BENCHMARKS.md, twenty-first round).
const SCOUT_SHARP: i32 = 200;
/// How much dearer (per cent) `hard` holds each of its movable pieces
/// while it has fewer of them than the enemy (counted in the sampled
/// game). A side with no movable piece left loses (R20), so an even
/// trade costs the side with fewer more than it costs the other: against
/// the 2012 UCC winner, 107 of the 257 lane games `hard` lost ended with
/// no mover of ours left, and 94 of the 150 lost by the Flag with one.
/// With the premium, `hard` (40 000 nodes a move) scored 71.9 % instead
/// of 67.8 % over the same 800 games against it (153 better, 120 worse);
/// held dearer always, 69.6 %, and its «Сражение» games against
/// `hard-v1` turned drawish (BENCHMARKS.md, twenty-third and twenty-fourth
/// rounds).
const BEHIND_PREMIUM: i32 = 8;
/// A movable piece whose rank the opponent has not seen is worth this part
/// more in `hard`, by [`Rank::index`]: a fifth (as in the other levels), a
/// half for the Marshal and a third for the General. While the top pieces are hidden, every moved piece
/// might be one of them, so the opponent cannot take any of them on
/// certainty; once they are known, the opponent's top pieces hunt ours
/// freely. Both sides' hidden top pieces are worth finding out.
const INFO: [i32; 12] = [2, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
/// Points per square of distance to the nearest beatable target, by rank.
const ATTRACT: [i32; 10] = [1, 1, 2, 2, 2, 2, 2, 2, 2, 1];
/// Points per square towards revealed prey (`hard`): an enemy piece that
/// combat has shown and that the piece beats.
const HUNT: i32 = 4;
/// Points per square towards an intruder (`hard`): an enemy mover within
/// [`INTRUDER_DIST`] of our Flag that the piece beats or trades with, for
/// the rank of our piece nearest it of those that do (`nearest_stoppers`).
const DEFEND: i32 = 6;
/// How close to our Flag (squares, Mines not counted as walls) an enemy
/// mover is an intruder.
const INTRUDER_DIST: u8 = 5;
/// How close to our Flag an enemy Miner that has moved is an intruder
/// (`hard`): a Miner marching on a walled Flag needs one move a square,
/// Mines included, and a defender must set out before it is near. At 8,
/// `hard` (40 000 nodes a move) lost 161 of 800 games against the 2012
/// UCC winner by its Flag, 83 of them while ahead in material 30 plies
/// before the end; at 12, 152 and 57 (it scored 69.9 % instead of
/// 67.1 % over the same games, within the noise; BENCHMARKS.md,
/// twenty-second round).
const MINER_INTRUDER_DIST: u8 = 12;
/// How close to our Flag (squares, Mines not counted as walls) the squares
/// are where `hard`'s guardian meets a marching Sapper
/// (`Evaluator::guard`): beside the Flag or beside a Mine that touches it.
const GUARD_DIST: u8 = 2;
/// What an enemy Miner costs by its distance to our Flag (`hard`; Mines
/// not counted as walls, 0 unused): at two squares it is two Mines from
/// the Flag, beyond what the search sees, and must be stopped.
const MINER_NEAR_FLAG: [i32; 7] = [0, 600, 300, 160, 80, 40, 20];
/// The lead shrinks over at most this many quiet plies (R21's limit where
/// it is shorter), so that a side that is ahead makes progress even where
/// no rule ends a quiet game (`ucc`).
const PRESSURE_PLIES: u16 = 200;
/// Distance maps are capped here (and "no target" is this far).
const FAR: u8 = 14;

/// The evaluation for one sampled game, made at the root of a search.
pub(crate) struct Evaluator {
    me: Player,
    value: [[i32; 12]; 2],
    info: [[i32; 12]; 2],
    /// Distance from each square to the nearest target of each movable rank.
    attract: [[u8; 100]; 10],
    /// Points per square of `attract`, by rank ([`ATTRACT`], or
    /// [`HUNT`] for `hard`'s pieces that hunt revealed prey).
    attract_w: [i32; 10],
    /// `hard`'s terms: hunting revealed prey, guarding the Flag from Miners.
    sharp: bool,
    /// By side and [`Rank::index`]: no enemy piece left beats this rank
    /// when it attacks it.
    dominant: [[bool; 12]; 2],
    /// Distance from each square to our Flag (FAR if none).
    flag_dist: [u8; 100],
    /// Where our pieces stand exposed to sure attacks (`hard`).
    exposure: Exposure,
    limit: i32,
    base: i32,
    /// What the enemy's capture of our Flag costs in the search: a lost
    /// game ([`WIN`]), or [`FLAG_GUESSED`] where the search has found it
    /// lost in every line (see `search.rs`).
    pub(crate) flag_loss: i32,
}

/// What the enemy's capture of our Flag costs in the search (`hard`) once
/// every root move loses it in the sampled games — an enemy piece beside
/// our Flag and nothing of ours near. In a sampled game the enemy sees our
/// Flag; the real one does not (R25), and may not take it for many moves
/// (a Miner of the 2012 UCC winner stood beside one for 140 plies). With a
/// lost game for every move, all moves tie and the choice is random; with
/// only a Mine's worth at stake, the search keeps playing for material.
pub(crate) const FLAG_GUESSED: i32 = 50;

impl Evaluator {
    /// The evaluator for the side `me` of the sampled game `g`; with a
    /// `caution`, the pieces it holds back are not drawn to unknown unmoved
    /// enemy pieces.
    pub(crate) fn new(g: &Game, me: Player, caution: Option<Caution>) -> Evaluator {
        let mut count = [[0u8; 12]; 2];
        for sq in Square::all() {
            if let Some(p) = g.piece_at(sq) {
                count[p.player.index()][p.rank.index()] += 1;
            }
        }
        let rules = g.rules();
        let movers = |side: usize| -> u32 {
            Rank::ALL.into_iter().filter(|r| r.is_movable()).map(|r| u32::from(count[side][r.index()])).sum()
        };
        // `hard` holds its movers dearer while it has fewer than the enemy.
        let behind = caution.is_some() && movers(me.index()) < movers(1 - me.index());
        let mut value = [[0; 12]; 2];
        let mut info = [[0; 12]; 2];
        for side in 0..2 {
            let (own, opp) = (count[side], count[1 - side]);
            for r in Rank::ALL {
                let i = r.index();
                value[side][i] = match r {
                    Rank::Scout if opp[Rank::Marshal.index()] == 0 => 15,
                    Rank::Scout if caution.is_some() => SCOUT_SHARP,
                    Rank::Sapper if opp[Rank::Mine.index()] == 0 => 30,
                    Rank::Sapper => BASE[i] + 25 * i32::from(3u8.saturating_sub(own[i])),
                    Rank::Mine if opp[Rank::Sapper.index()] == 0 => 10,
                    Rank::Soldier if rules.is_runner(r) => 45,
                    _ => BASE[i],
                };
                if r.is_movable() && behind && side == me.index() {
                    value[side][i] += value[side][i] * BEHIND_PREMIUM / 100;
                }
                if r.is_movable() {
                    info[side][i] = value[side][i] / if caution.is_some() { INFO[i] } else { 5 };
                }
            }
        }
        // A rank that no enemy piece left can take by attacking it (Mines
        // aside): the piece that may roam (`hard`).
        let dominant = |side: usize| {
            Rank::ALL.map(|r| {
                r.is_movable()
                    && Rank::ALL.into_iter().all(|e| {
                        !e.is_movable()
                            || count[1 - side][e.index()] == 0
                            || resolve(e, r) != CombatResult::AttackerWins
                    })
            })
        };
        let mut ev = Evaluator {
            me,
            dominant: [dominant(0), dominant(1)],
            value,
            info,
            attract: [[FAR; 100]; 10],
            attract_w: ATTRACT,
            sharp: caution.is_some(),
            flag_dist: [FAR; 100],
            exposure: Exposure::default(),
            limit: i32::from(rules.no_attack_limit.min(PRESSURE_PLIES)),
            base: 0,
            flag_loss: WIN,
        };
        ev.maps(g, caution);
        if ev.sharp {
            ev.exposure = Exposure::of(g, me);
        }
        ev.base = ev.score(g).positional;
        ev
    }

    fn maps(&mut self, g: &Game, caution: Option<Caution>) {
        let me = self.me;
        let mut wall = [false; 100];
        let mut flag = Vec::new();
        let mut enemies = Vec::new();
        let mut marching = Vec::new();
        let mut present = [false; 12];
        for sq in Square::all() {
            wall[sq.index()] = sq.is_lake();
            if let Some(p) = g.piece_at(sq) {
                if p.player == me && !p.rank.is_movable() {
                    wall[sq.index()] = true;
                    if p.rank == Rank::Flag {
                        flag.push(sq);
                    }
                } else if p.player != me {
                    enemies.push((sq, p.rank, !p.revealed && !p.moved, p.revealed));
                    if p.moved && p.rank == Rank::Sapper {
                        marching.push(sq);
                    }
                } else {
                    present[p.rank.index()] = true;
                }
            }
        }
        let mut open = [false; 100];
        for sq in Square::all() {
            open[sq.index()] = sq.is_lake();
        }
        bfs(&flag, &open, &mut self.flag_dist);
        // Movers of theirs close to our Flag, whom `hard`'s pieces go after
        // before anything else.
        let intruders: Vec<(Square, Rank)> = enemies
            .iter()
            .filter(|(sq, e, _, _)| {
                let d = self.flag_dist[sq.index()];
                e.is_movable()
                    && (d <= INTRUDER_DIST || (self.sharp && d <= MINER_INTRUDER_DIST && marching.contains(sq)))
            })
            .map(|(sq, e, _, _)| (*sq, *e))
            .collect();
        let marcher = self.sharp && intruders.iter().any(|(_, e)| *e == Rank::Sapper);
        let (guard, guardian) = if marcher { self.guard(g, &wall) } else { (Vec::new(), None) };
        // `hard`: each intruder draws only the rank of our piece nearest it
        // of those that stop it (beat it or trade with it; every rank tied
        // at that distance), the guardian aside for a Sapper. Drawn all
        // alike, the stoppers gain the same for each step, and the search
        // moves whichever — often one too far to arrive in time.
        // By intruder: its square and the ranks of ours that go after it.
        let stoppers: Vec<(Square, Vec<Rank>)> = if self.sharp {
            intruders
                .iter()
                .map(|&(sq, e)| {
                    let aside = guardian.filter(|_| e == Rank::Sapper);
                    (sq, nearest_stoppers(g, me, sq, e, &wall, aside))
                })
                .collect()
        } else {
            Vec::new()
        };
        // Maps only for the ranks we still have; ranks with the same
        // targets share one search.
        let mut done: Vec<(Vec<Square>, usize)> = Vec::new();
        for r in Rank::ALL.into_iter().filter(|r| r.is_movable() && present[r.index()]) {
            let blind = caution.is_some_and(|c| c.holds_back(r));
            let beats = |e: Rank| {
                (resolve(r, e) == CombatResult::AttackerWins && self.value[1 - me.index()][e.index()] > 0)
                    || e == Rank::Flag
            };
            let mut targets: Vec<Square> = enemies
                .iter()
                .filter(|(_, e, unknown, _)| !(blind && *unknown) && beats(*e))
                .map(|(sq, _, _, _)| *sq)
                .collect();
            if self.sharp {
                // Hunt revealed prey first: what every sample agrees on —
                // with a trade too when the prey is a piece that nothing of
                // ours beats. A piece nothing of theirs beats roams.
                let them = 1 - me.index();
                let prey: Vec<Square> = enemies
                    .iter()
                    .filter(|(_, e, _, shown)| {
                        *shown
                            && (beats(*e)
                                || (self.dominant[them][e.index()] && resolve(r, *e) == CombatResult::BothRemoved))
                    })
                    .map(|(sq, _, _, _)| *sq)
                    .collect();
                // The guardian waits for a marching Sapper where it must
                // pass; the others go after every intruder they stop.
                let guarding = guardian == Some(r);
                let mut defend: Vec<Square> = stoppers
                    .iter()
                    // Only ranks that stop the intruder, the guardian aside
                    // for a Sapper.
                    .filter(|(_, near)| near.contains(&r))
                    .map(|(sq, _)| *sq)
                    .collect();
                if guarding {
                    defend.extend(guard.iter().copied());
                }
                if !defend.is_empty() {
                    targets = defend;
                    self.attract_w[r.index()] = DEFEND;
                } else if !prey.is_empty() {
                    targets = prey;
                    self.attract_w[r.index()] = HUNT;
                } else if self.dominant[me.index()][r.index()] {
                    self.attract_w[r.index()] = HUNT;
                }
            }
            if let Some((_, same)) = done.iter().find(|(t, _)| *t == targets) {
                self.attract[r.index()] = self.attract[*same];
            } else {
                bfs(&targets, &wall, &mut self.attract[r.index()]);
                done.push((targets, r.index()));
            }
        }
    }

    /// Where and with what `hard` meets a Sapper marching on our Flag
    /// (R15: it removes the Mines one move each, so a defender that chases
    /// it from behind arrives a move too late). Returns the squares and the
    /// guardian's rank (`None` when no piece of ours stops a Sapper).
    ///
    /// The squares: those beside the Flag and beside the Mines that touch
    /// it ([`GUARD_DIST`]), lakes and our Mines and Flag left out, and
    /// those shut in by them (a Major that stood guard there, walled in,
    /// let a Miner through: BENCHMARKS.md, seventeenth round); every path
    /// of the Sapper passes next to them. The guardian: of our ranks
    /// that stop a Sapper (beat it or trade with it), the one with a piece
    /// nearest those squares, the cheaper on a tie; only that rank is drawn
    /// there — drawing every rank home made a side so passive that it drew
    /// won games by R21 (BENCHMARKS.md, fifteenth round). `wall`: lakes and
    /// our immovable pieces, by [`Square::index`].
    fn guard(&self, g: &Game, wall: &[bool; 100]) -> (Vec<Square>, Option<Rank>) {
        let me = self.me;
        // A square shut in by our Mines and Flag is no post: a piece there
        // cannot move to meet anything.
        let open = |s: Square| (0..4).filter_map(|d| s.step(d)).any(|n| !wall[n.index()]);
        let guard: Vec<Square> =
            Square::all().filter(|&s| !wall[s.index()] && self.flag_dist[s.index()] <= GUARD_DIST && open(s)).collect();
        let mut near = [FAR; 100];
        bfs(&guard, wall, &mut near);
        let guardian = Square::all()
            .filter_map(|s| g.piece_at(s).map(|p| (s, p.rank, p.player)))
            .filter(|&(_, r, side)| {
                side == me && r.is_movable() && resolve(r, Rank::Sapper) != CombatResult::DefenderWins
            })
            .min_by_key(|&(s, r, _)| (near[s.index()], self.value[me.index()][r.index()]))
            .map(|(_, r, _)| r);
        (guard, guardian)
    }

    /// The last shield (`hard`): while any hidden piece of ours might be a
    /// rank that beats or ties an enemy piece, a careful enemy cannot attack
    /// our moved hidden pieces with it on certainty (R24: the public record
    /// is all it knows). When only one such piece is left unseen — our
    /// Marshal against their Marshal, or our General against their General
    /// once our Marshal is seen — its reveal hands that enemy piece every
    /// moved piece of ours (against the 2012 UCC winner, its General took
    /// 335 of our moved hidden pieces in 160 games, 318 of them after our
    /// Marshal and General had both been seen). So that piece's information is
    /// worth, besides [`INFO`], a [`SHIELD`]th of the value it guards: the
    /// moved hidden pieces of ours that enemy piece beats.
    pub(crate) fn shield(&mut self, g: &Game) {
        let me = self.me;
        let mut unseen = [0u8; 12];
        let mut enemy = [false; 12];
        let mut movers = Vec::new();
        for sq in Square::all() {
            match g.piece_at(sq) {
                Some(p) if p.player == me && p.rank.is_movable() && !p.revealed && !p.ran => {
                    unseen[p.rank.index()] += 1;
                    if p.moved {
                        movers.push(p.rank);
                    }
                }
                Some(p) if p.player != me => enemy[p.rank.index()] = true,
                _ => {}
            }
        }
        let mut extra = [0; 12];
        for e in Rank::ALL.into_iter().filter(|e| e.is_movable() && enemy[e.index()]) {
            let mut stoppers =
                Rank::ALL.into_iter().filter(|&r| unseen[r.index()] > 0 && resolve(e, r) != CombatResult::AttackerWins);
            if let (Some(r), None) = (stoppers.next(), stoppers.next())
                && unseen[r.index()] == 1
            {
                let stake: i32 = movers.iter().filter(|&&m| m != r).map(|m| self.value[me.index()][m.index()]).sum();
                extra[r.index()] = extra[r.index()].max(stake / SHIELD);
            }
        }
        for (info, x) in self.info[me.index()].iter_mut().zip(extra) {
            *info += x;
        }
    }

    /// The value of `r` for `player`.
    pub(crate) fn value(&self, player: Player, r: Rank) -> i32 {
        self.value[player.index()][r.index()]
    }

    /// One piece's share of the terms: (side index, material, positional).
    #[inline]
    pub(crate) fn contrib(&self, p: Piece, sq: Square) -> (usize, i32, i32) {
        let (k, r) = (p.player.index(), p.rank.index());
        let material = self.value[k][r] + if p.revealed { 0 } else { self.info[k][r] };
        let i = sq.index();
        let pos = if !p.rank.is_movable() {
            0
        } else if p.player == self.me {
            -self.attract_w[r] * i32::from(self.attract[r][i]) - self.exposure.loss(p, sq, self.value[k][r])
        } else if self.sharp && p.rank == Rank::Sapper && usize::from(self.flag_dist[i]) < MINER_NEAR_FLAG.len() {
            -MINER_NEAR_FLAG[usize::from(self.flag_dist[i])]
        } else if self.flag_dist[i] <= 4 {
            -(5 - i32::from(self.flag_dist[i])) * 12
        } else {
            0
        };
        (k, material, pos)
    }

    /// The terms of the whole board of `g`.
    pub(crate) fn score(&self, g: &Game) -> Score {
        let mut s = Score::default();
        for sq in Square::all() {
            if let Some(p) = g.piece_at(sq) {
                s.add(self.contrib(p, sq), 1);
            }
        }
        s
    }

    /// The terms of `child`, the game `parent` after `mv`, from those of
    /// `parent`: only the two squares of the move change.
    #[inline]
    pub(crate) fn update(&self, mut s: Score, parent: &Game, mv: Move, child: &Game) -> Score {
        for sq in [mv.from, mv.to] {
            if let Some(p) = parent.piece_at(sq) {
                s.add(self.contrib(p, sq), -1);
            }
            if let Some(p) = child.piece_at(sq) {
                s.add(self.contrib(p, sq), 1);
            }
        }
        s
    }

    /// The value of terms `s` of game `g` for our side, relative to the
    /// root's positional terms; the lead shrinks with the R21 clock.
    pub(crate) fn value_of(&self, s: Score, g: &Game) -> i32 {
        let mut adv = s.material[self.me.index()] - s.material[1 - self.me.index()];
        if adv > 0 {
            adv -= adv * 2 * i32::from(g.quiet_plies()) / (5 * self.limit.max(1));
        }
        adv + s.positional - self.base
    }

    /// The value of `g` for our side (see [`Evaluator::value_of`]).
    pub(crate) fn eval(&self, g: &Game) -> i32 {
        self.value_of(self.score(g), g)
    }
}

/// The additive terms of a position: material (with information) per side
/// and our positional terms.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Score {
    material: [i32; 2],
    positional: i32,
}

impl Score {
    #[inline]
    fn add(&mut self, (k, material, pos): (usize, i32, i32), sign: i32) {
        self.material[k] += sign * material;
        self.positional += sign * pos;
    }
}

/// Of what a careful opponent's piece could take on certainty once our last
/// hidden piece that stops it is seen, this part is added to that piece's
/// information value (`hard`; see [`Evaluator::shield`]).
const SHIELD: i32 = 4;

/// The ranks of `me`'s movable pieces nearest `at` (steps over squares
/// that are not `wall`) among those that stop an enemy `e` there (beat it
/// or trade with it), the rank `aside` left out; empty when none can reach
/// it.
fn nearest_stoppers(g: &Game, me: Player, at: Square, e: Rank, wall: &[bool; 100], aside: Option<Rank>) -> Vec<Rank> {
    let mut dist = [FAR; 100];
    bfs(&[at], wall, &mut dist);
    let mut best = FAR;
    let mut ranks = Vec::new();
    for sq in Square::all() {
        let Some(p) = g.piece_at(sq).filter(|p| p.player == me && p.rank.is_movable()) else { continue };
        if resolve(p.rank, e) == CombatResult::DefenderWins || aside == Some(p.rank) {
            continue;
        }
        let d = dist[sq.index()];
        if d < best {
            (best, ranks) = (d, vec![p.rank]);
        } else if d == best && d < FAR && !ranks.contains(&p.rank) {
            ranks.push(p.rank);
        }
    }
    ranks
}

/// Multi-source breadth-first distances from `sources` over squares that are
/// not `wall`, capped at [`FAR`].
fn bfs(sources: &[Square], wall: &[bool; 100], out: &mut [u8; 100]) {
    *out = [FAR; 100];
    let mut queue: Vec<Square> = Vec::with_capacity(100);
    for &s in sources {
        out[s.index()] = 0;
        queue.push(s);
    }
    let mut head = 0;
    while head < queue.len() {
        let sq = queue[head];
        head += 1;
        let d = out[sq.index()];
        if d + 1 >= FAR {
            continue;
        }
        for n in (0..4).filter_map(|k| sq.step(k)) {
            if !wall[n.index()] && out[n.index()] > d + 1 {
                out[n.index()] = d + 1;
                queue.push(n);
            }
        }
    }
}

#[cfg(test)]
#[path = "eval_tests.rs"]
mod tests;
