//! Following every piece through the public record (R24): where each piece
//! started, what combat revealed about it, whether it moved or ran, and how
//! the enemy's pieces behaved next to our revealed ones.

use engine::{Cell, CombatResult, Player, Rank, Square, resolve};

use crate::observation::Observation;

/// One piece of either side, alive or removed.
#[derive(Clone, Debug)]
pub(crate) struct Tracked {
    pub(crate) owner: Player,
    /// Its square before the first ply.
    pub(crate) initial: Square,
    /// Its square now; `None` once removed.
    pub(crate) current: Option<Square>,
    /// The rank when the viewer knows it: own pieces, revealed or removed enemies.
    pub(crate) rank: Option<Rank>,
    /// Has moved: not a Mine or the Flag (R24).
    pub(crate) moved: bool,
    /// Has made a multi-square move: the runner kind (R24).
    pub(crate) ran: bool,
    /// An enemy piece that moved without combat while we did not know its
    /// rank (the mobility model of [`Inference::mobility`]).
    pub(crate) roamed: bool,
    /// Behaviour weights per rank ([`Rank::index`]); 1.0 means no evidence.
    pub(crate) weight: [f32; 12],
}

/// Every piece of the game as the viewer can follow it.
#[derive(Clone, Debug)]
pub(crate) struct Track {
    pub(crate) pieces: Vec<Tracked>,
    /// By [`Rank::index`]: enemy ranks seen attacking a piece of ours that
    /// had neither moved nor been revealed — a blind attack (it might have
    /// been a Mine, R15), which a careful opponent makes only with low
    /// pieces (see `careful.rs`).
    pub(crate) blind_attackers: [bool; 12],
}

/// The record of an [`crate::Observation`] does not lead to its board (a
/// front-end bug: never so for a view of a real game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InconsistentRecord;

impl std::fmt::Display for InconsistentRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the record of plies does not lead to the board")
    }
}

impl std::error::Error for InconsistentRecord {}

/// Evidence factors of the behaviour model (see the crate docs): how much
/// more (or less) likely each rank of an enemy piece becomes when it steps
/// next to one of our revealed pieces, or away from one, without attacking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Inference {
    /// Approached: ranks that would beat our piece.
    approach_wins: f32,
    /// Approached: ranks that would lose to it (a bluff).
    approach_loses: f32,
    /// Fled: ranks that lose to our piece.
    flee_loses: f32,
    /// Fled: ranks that would have beaten it.
    flee_wins: f32,
    /// Stood next to our revealed piece and did not attack it on its
    /// side's turn: ranks that would have beaten it.
    pass_wins: f32,
    /// Learn from the enemy's known pieces which ranks it moves while
    /// hidden, and weigh its unknown pieces by that ([`Track::mobility`]).
    mobility: bool,
    /// Learn from approachers whose rank combat later revealed how often
    /// this opponent bluffs, and soften the approach factors to match
    /// ([`Inference::against`]).
    adaptive: bool,
    /// Read an approach as giving us the first attack ([`Inference::beats`]):
    /// a Scout that steps next to our Marshal is taken by it first (R16).
    first_strike: bool,
}

impl Inference {
    /// The model of `easy`, `normal` and `hard-v1`.
    pub(crate) const MILD: Inference = Inference {
        approach_wins: 2.5,
        approach_loses: 0.5,
        flee_loses: 2.0,
        flee_wins: 0.6,
        pass_wins: 1.0,
        mobility: false,
        adaptive: false,
        first_strike: false,
    };
    /// The model of `hard`, closer to the "suspected ranks" of the strong
    /// programs: a piece that runs from a piece it beats is almost never
    /// what it would take to beat it, and one that closes in on a known
    /// piece is what beats it or a bluff; a piece that leaves a known piece
    /// it stands next to alone, turn after turn, is less likely what beats
    /// it (a player takes a sure win; programs that attack only on
    /// certainty always do). The factors follow the arena's logs against
    /// the 2012 UCC winner (crate docs): nine in ten pieces that stepped
    /// next to a revealed piece of ours beat it, and almost none that
    /// stood beside one and passed it up would have.
    pub(crate) const SHARP: Inference = Inference {
        approach_wins: 8.0,
        approach_loses: 0.06,
        flee_loses: 2.0,
        flee_wins: 0.15,
        pass_wins: 0.3,
        mobility: true,
        adaptive: true,
        first_strike: true,
    };

    /// How an enemy rank `r` that stepped next to our revealed piece of
    /// rank `rq` would fare against it, as the approach is read: by who
    /// wins if it attacks — or, with `first_strike`, by who wins if our
    /// piece, now given the first attack, attacks it (what a sensible
    /// approacher weighs). The two readings differ only for the Scout
    /// next to our Marshal (R16: the Scout takes the Marshal only by
    /// attacking): in 120 battle games against `hard-v1`, 1 of the 60
    /// hidden pieces that stepped next to our revealed Marshal was the
    /// Scout, in 337 games against the 2012 UCC winner 2 of 30
    /// (BENCHMARKS.md, fourteenth round). A Mine of ours cannot attack, so
    /// next to it the approach keeps its first reading.
    fn beats(self, r: Rank, rq: Rank) -> CombatResult {
        if !self.first_strike || !rq.is_movable() {
            return resolve(r, rq);
        }
        match resolve(rq, r) {
            CombatResult::AttackerWins => CombatResult::DefenderWins,
            CombatResult::DefenderWins => CombatResult::AttackerWins,
            CombatResult::BothRemoved => CombatResult::BothRemoved,
        }
    }

    /// The share of approachers that would have lost to the piece they
    /// stepped next to, in the logs behind [`Inference::SHARP`] (20 of 523
    /// that did not trade).
    const BASE_BLUFFS: f32 = 20.0 / 523.0;
    /// How many revealed approachers the base share counts as, before this
    /// game's own are added (a Beta prior's strength).
    const PRIOR_APPROACHES: f32 = 3.0;

    /// The factors for an opponent of whose approachers `wins` turned out
    /// to beat our piece and `bluffs` to lose to it (ties not counted). The
    /// bluff share is estimated with the base share as prior; the odds of
    /// a winner against a bluffer are scaled by how much likelier a bluff is
    /// than in the base logs, split evenly between the two factors (never
    /// sharper than the base). A careful program keeps the base factors; a
    /// player who steps low pieces next to ours is read at its own rate.
    pub(crate) fn against(self, wins: u16, bluffs: u16) -> Inference {
        if !self.adaptive {
            return self;
        }
        let odds = |f: f32| (1.0 - f) / f;
        let n = f32::from(wins) + f32::from(bluffs);
        let share = (f32::from(bluffs) + Self::PRIOR_APPROACHES * Self::BASE_BLUFFS) / (n + Self::PRIOR_APPROACHES);
        let k = (odds(share) / odds(Self::BASE_BLUFFS)).min(1.0).sqrt();
        Inference { approach_wins: self.approach_wins * k, approach_loses: self.approach_loses / k, ..self }
    }
}

impl Track {
    /// Follows the record of `obs` backwards from the board to the start,
    /// then forwards to weigh the enemy's behaviour.
    pub(crate) fn new(obs: &Observation, inference: Inference) -> Result<Track, InconsistentRecord> {
        let mut pieces = Vec::with_capacity(80);
        let mut at: [Option<u16>; 100] = [None; 100];
        let enemy = obs.me.other();
        for sq in Square::all() {
            let (owner, rank, moved, ran) = match obs.cell(sq) {
                Cell::Own(p) => (obs.me, Some(p.rank), p.moved, false),
                Cell::Enemy(e) => (enemy, e.revealed, e.moved, e.ran),
                Cell::Empty | Cell::Lake => continue,
            };
            at[sq.index()] = Some(pieces.len() as u16);
            pieces.push(Tracked {
                owner,
                initial: sq,
                current: Some(sq),
                rank,
                moved,
                ran,
                roamed: false,
                weight: [1.0; 12],
            });
        }
        let dead = |pieces: &mut Vec<Tracked>, owner, rank, sq| {
            pieces.push(Tracked {
                owner,
                initial: sq,
                current: None,
                rank: Some(rank),
                moved: false,
                ran: false,
                roamed: false,
                weight: [1.0; 12],
            });
            Some((pieces.len() - 1) as u16)
        };
        for rec in obs.history.iter().rev() {
            let (from, to) = (rec.mv.from.index(), rec.mv.to.index());
            if at[from].is_some() {
                return Err(InconsistentRecord);
            }
            let mover_at_to = |at: &[Option<u16>; 100], pieces: &Vec<Tracked>| {
                at[to].filter(|&id| pieces[id as usize].owner == rec.player).ok_or(InconsistentRecord)
            };
            match rec.combat {
                None => {
                    at[from] = Some(mover_at_to(&at, &pieces)?);
                    at[to] = None;
                }
                Some(c) => match c.result {
                    CombatResult::AttackerWins => {
                        let id = mover_at_to(&at, &pieces)?;
                        pieces[id as usize].rank = Some(c.attacker);
                        at[from] = Some(id);
                        at[to] = dead(&mut pieces, rec.player.other(), c.defender, rec.mv.to);
                    }
                    CombatResult::DefenderWins => {
                        let id =
                            at[to].filter(|&id| pieces[id as usize].owner != rec.player).ok_or(InconsistentRecord)?;
                        pieces[id as usize].rank = Some(c.defender);
                        at[from] = dead(&mut pieces, rec.player, c.attacker, rec.mv.from);
                    }
                    CombatResult::BothRemoved => {
                        if at[to].is_some() {
                            return Err(InconsistentRecord);
                        }
                        at[from] = dead(&mut pieces, rec.player, c.attacker, rec.mv.from);
                        at[to] = dead(&mut pieces, rec.player.other(), c.defender, rec.mv.to);
                    }
                },
            }
        }
        for (i, id) in at.iter().enumerate() {
            if let Some(id) = id {
                pieces[*id as usize].initial = Square::from_index(i).expect("board index");
            }
        }
        let mut track = Track { pieces, blind_attackers: [false; 12] };
        let inference = if inference.adaptive {
            let (wins, bluffs) = track.clone().weigh(obs, at, inference);
            inference.against(wins, bluffs)
        } else {
            inference
        };
        track.weigh(obs, at, inference);
        if inference.mobility {
            track.mobility(obs.me.other());
        }
        Ok(track)
    }

    /// The forward pass: behaviour evidence about enemy pieces of unknown
    /// rank. Returns how many approaches by a then hidden enemy piece whose
    /// rank is known now were by a rank that beats our piece, and how many
    /// by one that loses to it (bluffs).
    fn weigh(&mut self, obs: &Observation, mut at: [Option<u16>; 100], inference: Inference) -> (u16, u16) {
        let me = obs.me;
        let mut revealed = vec![false; self.pieces.len()];
        let mut stirred = vec![false; self.pieces.len()];
        let (mut wins, mut bluffs) = (0u16, 0u16);
        for rec in &obs.history {
            let (from, to) = (rec.mv.from, rec.mv.to);
            let Some(id) = at[from.index()] else { return (wins, bluffs) };
            let id = id as usize;
            if rec.player != me {
                self.pieces[id].moved = true;
                self.pieces[id].ran |= from.distance(to) > 1;
                self.pieces[id].roamed |= rec.combat.is_none() && !revealed[id];
            }
            if rec.player != me && rec.combat.is_none() && !revealed[id] {
                for n in neighbours(to).chain(neighbours(from)) {
                    let Some(q) = at[n.index()].map(usize::from) else { continue };
                    let Some(rq) = self.pieces[q].rank.filter(|_| revealed[q] && self.pieces[q].owner == me) else {
                        continue;
                    };
                    let (near_to, near_from) = (n.is_adjacent(to), n.is_adjacent(from));
                    if let Some(r) = self.pieces[id].rank {
                        // Known now, hidden then: what its approaches meant.
                        if near_to && !near_from {
                            match inference.beats(r, rq) {
                                CombatResult::AttackerWins => wins += 1,
                                CombatResult::DefenderWins => bluffs += 1,
                                CombatResult::BothRemoved => {}
                            }
                        }
                    } else if near_to && !near_from {
                        approach(&mut self.pieces[id].weight, rq, inference);
                    } else if near_from && !near_to {
                        flee(&mut self.pieces[id].weight, rq, inference);
                    }
                }
            }
            if rec.player != me && inference.pass_wins != 1.0 {
                self.passed_up(me, &at, &revealed, rec.mv, inference.pass_wins);
            }
            let target = at[to.index()];
            at[from.index()] = None;
            match rec.combat.map(|c| c.result) {
                None | Some(CombatResult::AttackerWins) => at[to.index()] = Some(id as u16),
                Some(CombatResult::DefenderWins) => {}
                Some(CombatResult::BothRemoved) => at[to.index()] = None,
            }
            if let Some(c) = rec.combat
                && rec.player != me
                && target.is_some_and(|t| !revealed[t as usize] && !stirred[t as usize])
            {
                self.blind_attackers[c.attacker.index()] = true;
            }
            stirred[id] = true;
            if rec.combat.is_some() {
                revealed[id] = true;
                if let Some(t) = target {
                    revealed[t as usize] = true;
                }
            }
        }
        (wins, bluffs)
    }
}

impl Track {
    /// The mobility model (`hard`): of the enemy's pieces whose rank we know
    /// (revealed or removed), the share of each rank that had roamed —
    /// moved without combat while hidden — is `(roamed + 1) / (known + 2)`
    /// (a uniform prior). Unknown pieces that roamed are weighed by that
    /// share, unknown pieces that never moved by its complement, each
    /// relative to the rank that fits best (Mines and the Flag unchanged).
    /// A program that keeps its high pieces home until a kill is certain,
    /// or a player who scouts with low pieces, shows it within a few
    /// combats — opponent modelling from the game itself (Stankiewicz &
    /// Schadd, BNAIC 2009).
    fn mobility(&mut self, enemy: Player) {
        let (mut known, mut roamed) = ([0u16; 12], [0u16; 12]);
        for p in self.pieces.iter().filter(|p| p.owner == enemy) {
            if let Some(r) = p.rank {
                known[r.index()] += 1;
                roamed[r.index()] += u16::from(p.roamed);
            }
        }
        let share: [f32; 12] = std::array::from_fn(|i| f32::from(roamed[i] + 1) / f32::from(known[i] + 2));
        let movable = || Rank::ALL.into_iter().filter(|r| r.is_movable()).map(|r| r.index());
        let top = movable().map(|i| share[i]).fold(0.0, f32::max);
        let top_still = movable().map(|i| 1.0 - share[i]).fold(0.0, f32::max);
        for p in self.pieces.iter_mut().filter(|p| p.owner == enemy && p.rank.is_none() && p.current.is_some()) {
            for i in movable() {
                let f = if p.moved { share[i] / top } else { (1.0 - share[i]) / top_still };
                p.weight[i] = (p.weight[i] * f).clamp(1e-3, 1e3);
            }
        }
    }
}

/// The lowest weight that passing up captures alone can bring a rank to.
const PASS_FLOOR: f32 = 0.15;

impl Track {
    /// The enemy played `mv` (`at` and `revealed` as before it): each enemy
    /// piece of unknown rank that stood next to one of our (`me`) revealed
    /// pieces and did not attack it is made less likely (`factor`) a rank
    /// that beats it. The mover itself and the attacked piece are left out.
    fn passed_up(&mut self, me: Player, at: &[Option<u16>; 100], revealed: &[bool], mv: engine::Move, factor: f32) {
        for sq in Square::all().filter(|&sq| sq != mv.to) {
            let Some(q) = at[sq.index()].map(usize::from) else { continue };
            let Some(rq) = self.pieces[q].rank.filter(|_| self.pieces[q].owner == me && revealed[q]) else {
                continue;
            };
            for n in neighbours(sq).filter(|&n| n != mv.from) {
                let Some(id) = at[n.index()].map(usize::from) else { continue };
                let t = &mut self.pieces[id];
                if t.owner == me || t.rank.is_some() {
                    continue;
                }
                // Turn after turn it adds up, to a floor: a player may hold
                // back for reasons of its own (a defender of ours nearby).
                for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
                    let w = &mut t.weight[r.index()];
                    if resolve(r, rq) == CombatResult::AttackerWins && *w > PASS_FLOOR {
                        *w = (*w * factor).max(PASS_FLOOR);
                    }
                }
            }
        }
    }
}

fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    (0..4).filter_map(move |d| sq.step(d))
}

/// The enemy moved next to our revealed piece of rank `rq` without
/// attacking: more likely a rank that would beat it.
fn approach(w: &mut [f32; 12], rq: Rank, inference: Inference) {
    for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
        let f = match inference.beats(r, rq) {
            CombatResult::AttackerWins => inference.approach_wins,
            CombatResult::BothRemoved => 1.0,
            CombatResult::DefenderWins => inference.approach_loses,
        };
        w[r.index()] = (w[r.index()] * f).clamp(1e-3, 1e3);
    }
}

/// The enemy moved away from our revealed piece of rank `rq`: more likely
/// a rank that it would beat.
fn flee(w: &mut [f32; 12], rq: Rank, inference: Inference) {
    for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
        let f = if resolve(rq, r) == CombatResult::AttackerWins { inference.flee_loses } else { inference.flee_wins };
        w[r.index()] = (w[r.index()] * f).clamp(1e-3, 1e3);
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, Player, Rank, RuleSetId, Square};

    use super::{Inference, Track};
    use crate::observation::Observation;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// The blind attackers South's track finds after `plies` (North first):
    /// North's Major on e6, Captain on j6 and Major on f4; South's unmoved
    /// Sergeant on e4, Colonel on j4 and a Soldier on a4 to pass with.
    fn blind_after(plies: &[&str]) -> [bool; 12] {
        let pieces = [
            (sq("e4"), Player::South, Rank::Sergeant),
            (sq("j4"), Player::South, Rank::Colonel),
            (sq("a4"), Player::South, Rank::Soldier),
            (sq("a1"), Player::South, Rank::Flag),
            (sq("e6"), Player::North, Rank::Major),
            (sq("j6"), Player::North, Rank::Captain),
            (sq("i3"), Player::North, Rank::Major),
            (sq("j10"), Player::North, Rank::Flag),
        ];
        let mut g = Game::from_pieces(RuleSetId::Ucc, &pieces, Player::North);
        for mv in plies {
            g.play(mv.parse().unwrap()).unwrap();
        }
        let obs = Observation::from_view(&g.view(Player::South));
        Track::new(&obs, Inference::SHARP).unwrap().blind_attackers
    }

    #[test]
    fn an_attack_on_a_piece_that_never_moved_is_blind() {
        // R15: an unmoved piece might have been a Mine.
        let blind = blind_after(&["e6-e5", "a4-a3", "e5-e4"]);
        assert!(blind[Rank::Major.index()]);
        assert!(!blind[Rank::Captain.index()]);
    }

    #[test]
    fn an_attack_on_a_piece_that_moved_or_was_revealed_is_not_blind() {
        // The Sergeant steps to d4 first (no Mine, R24): the Major that
        // takes it there attacked a mover.
        assert_eq!(blind_after(&["j6-j7", "e4-d4", "e6-e5", "a4-a3", "e5-e4", "a3-a4", "e4-d4"]), [false; 12]);
        // The Captain's attack on the unmoved Colonel is blind; the Colonel
        // wins and is revealed (R18), and the Major that then attacks it
        // attacks a piece it has seen.
        let blind = blind_after(&["j6-j5", "a4-a3", "j5-j4", "a3-a4", "i3-j3", "a4-a3", "j3-j4"]);
        assert!(blind[Rank::Captain.index()]);
        assert!(!blind[Rank::Major.index()]);
    }
}
