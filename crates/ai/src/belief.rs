//! The belief over the enemy's hidden ranks and the sampling of full
//! enemy armies consistent with it (determinization).

use engine::{Cell, Player, Rank, RuleSetId, Square};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::observation::Observation;
use crate::prior::SetupPrior;
use crate::track::{InconsistentRecord, Inference, Track};

/// Prior weight of the Flag by how far its square is from the owner's back
/// rank (0 = back rank … 3 = front rank of the home area, 4 = beyond).
const FLAG_ROW: [f32; 5] = [6.0, 2.0, 0.7, 0.15, 0.05];
/// Prior weight of a Mine by the same distance.
const MINE_ROW: [f32; 5] = [1.3, 1.3, 1.0, 0.6, 0.3];
/// Extra weight of a Mine next to the sampled Flag.
const MINE_NEAR_FLAG: f32 = 3.0;
/// How much likelier (`hard`) an unknown enemy piece is the Scout (R16:
/// it takes the Marshal by attacking) when it stands next to an enemy
/// piece our revealed Marshal could attack now: a piece left in the
/// Marshal's reach is guarded. Over 120 battle games against `hard-v1`,
/// 25 of the 49 moved hidden pieces next to the square our revealed
/// Marshal had just captured on were the Scout, about three times their
/// share (BENCHMARKS.md, fourteenth round).
const SCOUT_GUARD: f32 = 5.0;
/// Factor on the Flag's weight (`hard`) for each neighbour square of an
/// unmoved enemy piece that is open: neither board edge, lake, another
/// unmoved enemy piece, nor a square where an enemy Mine stood. Sound
/// setups wall the Flag in (RULES §3 advice; the 2012 UCC winner's Flag
/// has three Mines and the board edge round it), and a wall stays a wall
/// until someone breaks it: a piece with an open side is seldom the Flag.
const OPEN_SIDE: f32 = 0.25;

/// What the viewer believes about the enemy's pieces of unknown rank.
///
/// Built from an [`Observation`] only. The composition left to place is
/// the enemy army (R4) minus the ranks revealed by combat or removed (R18);
/// a piece that moved is neither Mine nor Flag, a piece that ran is the
/// runner kind (R24); behaviour next to our revealed pieces (approaching,
/// fleeing) reweighs the ranks (see the crate docs).
#[derive(Clone, Debug)]
pub struct Belief {
    rules: RuleSetId,
    enemy: Player,
    pub(crate) track: Track,
    /// Ranks still to place among the unknown pieces, by [`Rank::index`].
    pool: [u8; 12],
    /// Tracked ids of the enemy pieces on the board whose rank is unknown.
    unknown: Vec<usize>,
    /// Prior weight of the Flag per tracked id (unmoved unknown pieces only).
    flag_prior: Vec<f32>,
    /// Rank factors by starting square (`hard`); without it, only the
    /// Flag and Mines have a positional prior.
    setup_prior: Option<&'static SetupPrior>,
}

impl Belief {
    /// The belief of the viewer of `obs`.
    ///
    /// # Errors
    /// [`InconsistentRecord`] when the record does not lead to the board
    /// (never for an [`Observation`] made from a [`engine::PlayerView`] of
    /// a real game).
    pub fn new(obs: &Observation) -> Result<Belief, InconsistentRecord> {
        Belief::build(obs, None, Inference::MILD)
    }

    /// The belief of the viewer of `obs` with the setup prior of `hard`
    /// (`prior.rs`): every unknown piece's ranks are also weighed by
    /// where it started, as the AI itself would set up (the Flag and Mines
    /// at the back, Soldiers in front, the Marshal and General behind
    /// them). Sharper than [`Belief::new`] against an enemy who sets up
    /// sensibly.
    ///
    /// # Errors
    /// As [`Belief::new`].
    pub fn with_setup_prior(obs: &Observation) -> Result<Belief, InconsistentRecord> {
        Belief::build(obs, Some(SetupPrior::of(obs.rules)), Inference::MILD)
    }

    /// The belief of `hard`: the setup prior of [`Belief::with_setup_prior`]
    /// with the Scout's place left open (`SetupPrior::open_scout`: it may
    /// stand on any square), and sharper "suspected ranks" from behaviour
    /// — a piece that fled from our revealed piece is almost never a rank
    /// that beats it, one that approached it is a rank our piece cannot
    /// take first, or a bluff — and from the board: a piece beside one our
    /// revealed Marshal could take is five times as likely the Scout that
    /// guards it.
    ///
    /// # Errors
    /// As [`Belief::new`].
    pub fn suspecting(obs: &Observation) -> Result<Belief, InconsistentRecord> {
        let mut b = Belief::build(obs, Some(SetupPrior::open_scout(obs.rules)), Inference::SHARP)?;
        b.suspect_scout_guards(obs);
        b.suspect_walled_flag(obs);
        Ok(b)
    }

    /// Lowers the Flag's weight on every unmoved unknown enemy piece by
    /// [`OPEN_SIDE`] for each open side (see there): the Flag is looked
    /// for behind walls, not where any piece could walk in.
    fn suspect_walled_flag(&mut self, obs: &Observation) {
        let enemy = self.enemy;
        let pieces = &self.track.pieces;
        let wall = |sq: Square| match obs.cell(sq) {
            Cell::Lake => true,
            _ => pieces.iter().any(|p| {
                p.owner == enemy
                    && ((p.current == Some(sq) && !p.moved) || (p.initial == sq && p.rank == Some(Rank::Mine)))
            }),
        };
        for (weight, p) in self.flag_prior.iter_mut().zip(pieces) {
            let Some(sq) = p.current.filter(|_| *weight > 0.0) else { continue };
            let open = (0..4).filter_map(|d| sq.step(d)).filter(|&n| !wall(n)).count();
            *weight *= OPEN_SIDE.powi(open as i32);
        }
    }

    /// Raises the Scout's weight ([`SCOUT_GUARD`]) on the unknown enemy
    /// pieces next to an enemy piece that our revealed Marshal stands next
    /// to (R16: the guard would take the Marshal after its capture).
    fn suspect_scout_guards(&mut self, obs: &Observation) {
        let Some(marshal) =
            Square::all().find(|&sq| matches!(obs.cell(sq), Cell::Own(p) if p.rank == Rank::Marshal && p.revealed))
        else {
            return;
        };
        let targets: Vec<Square> =
            (0..4).filter_map(|d| marshal.step(d)).filter(|&sq| matches!(obs.cell(sq), Cell::Enemy(_))).collect();
        for &id in &self.unknown {
            let p = &mut self.track.pieces[id];
            if p.current.is_some_and(|sq| targets.iter().any(|t| t.is_adjacent(sq))) {
                p.weight[Rank::Scout.index()] *= SCOUT_GUARD;
            }
        }
    }

    fn build(
        obs: &Observation,
        setup_prior: Option<&'static SetupPrior>,
        inference: Inference,
    ) -> Result<Belief, InconsistentRecord> {
        let track = Track::new(obs, inference)?;
        let enemy = obs.me.other();
        let mut pool = obs.rules.rules().army;
        let mut unknown = Vec::new();
        for (id, p) in track.pieces.iter().enumerate().filter(|(_, p)| p.owner == enemy) {
            match p.rank {
                Some(r) => pool[r.index()] = pool[r.index()].saturating_sub(1),
                None if p.current.is_some() => unknown.push(id),
                None => {}
            }
        }
        let mut b = Belief { rules: obs.rules, enemy, track, pool, unknown, flag_prior: Vec::new(), setup_prior };
        b.flag_prior = (0..b.track.pieces.len()).map(|id| b.flag_weight(id)).collect();
        Ok(b)
    }

    /// A full assignment: the rank of every enemy piece on the board, by square.
    #[must_use]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<(Square, Rank)> {
        let ranks = self.sample_ids(rng);
        self.track
            .pieces
            .iter()
            .zip(ranks)
            .filter(|(p, _)| p.owner == self.enemy)
            .filter_map(|(p, r)| Some((p.current?, r)))
            .collect()
    }

    /// Ranks of every tracked piece (both sides, removed ones too), by id.
    pub(crate) fn sample_ids<R: Rng + ?Sized>(&self, rng: &mut R) -> Vec<Rank> {
        let pieces = &self.track.pieces;
        let mut ranks: Vec<Rank> = pieces.iter().map(|p| p.rank.unwrap_or(Rank::Flag)).collect();
        let mut pool = self.pool;
        let take = |pool: &mut [u8; 12], r: Rank| pool[r.index()] = pool[r.index()].saturating_sub(1);
        let rules = self.rules.rules();
        let runner = Rank::ALL.into_iter().find(|&r| rules.is_runner(r));
        let (mut ran, mut moved, mut still) = (Vec::new(), Vec::new(), Vec::new());
        for &id in &self.unknown {
            match (pieces[id].ran, pieces[id].moved) {
                (true, _) => ran.push(id),
                (false, true) => moved.push(id),
                (false, false) => still.push(id),
            }
        }
        // 1. A piece that ran is the runner kind.
        for &id in &ran {
            let r = runner.unwrap_or(Rank::Soldier);
            ranks[id] = r;
            take(&mut pool, r);
        }
        // 2. The Flag (always on the board while the game goes on) among the unmoved pieces.
        let mut flag_sq = None;
        if pool[Rank::Flag.index()] > 0 && !still.is_empty() {
            let w: Vec<f32> = still.iter().map(|&id| self.flag_prior[id]).collect();
            let k = pick(rng, &w);
            let id = still.swap_remove(k);
            ranks[id] = Rank::Flag;
            take(&mut pool, Rank::Flag);
            flag_sq = pieces[id].current;
        }
        // 3. Moved pieces: movable ranks by remaining count × behaviour weight.
        moved.shuffle(rng);
        for &id in &moved {
            let r = self.draw(rng, &pool, id, |r| r.is_movable(), None);
            ranks[id] = r;
            take(&mut pool, r);
        }
        // 4. Unmoved pieces: everything left, Mines weighted by row and by the Flag.
        still.shuffle(rng);
        for &id in &still {
            let r = self.draw(rng, &pool, id, |r| r != Rank::Flag, flag_sq);
            ranks[id] = r;
            take(&mut pool, r);
        }
        ranks
    }

    /// Draws a rank for `id` among those `allowed`, ∝ remaining count ×
    /// weight × (for unmoved pieces) the positional prior.
    fn draw<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        pool: &[u8; 12],
        id: usize,
        allowed: impl Fn(Rank) -> bool,
        flag_sq: Option<Square>,
    ) -> Rank {
        let p = &self.track.pieces[id];
        let near_flag = flag_sq.zip(p.current).is_some_and(|(f, s)| f.is_adjacent(s));
        let by_square = self.setup_prior.map(|prior| prior.factors(self.enemy, p.initial));
        // Fixed-size weights: this runs for every unknown piece of every
        // sample, so it must not allocate.
        let weights: [f32; 12] = Rank::ALL.map(|r| {
            if !allowed(r) {
                return 0.0;
            }
            let mut w = f32::from(pool[r.index()]) * p.weight[r.index()];
            if let Some(by_square) = by_square {
                w *= by_square[r.index()];
            } else if r == Rank::Mine {
                w *= MINE_ROW[p.current.map_or(4, |sq| self.row(sq))];
            }
            if r == Rank::Mine && near_flag {
                w *= MINE_NEAR_FLAG;
            }
            w
        });
        if weights.iter().sum::<f32>() > 0.0 {
            return Rank::ALL[pick(rng, &weights)];
        }
        // The pool ran dry (only in positions not reached by real play):
        // any allowed rank by weight.
        let weights: [f32; 12] = Rank::ALL.map(|r| if allowed(r) { p.weight[r.index()] } else { 0.0 });
        Rank::ALL[pick(rng, &weights)]
    }

    /// Distance of `sq` from the enemy's back rank, 0..=4.
    fn row(&self, sq: Square) -> usize {
        let r = usize::from(sq.rank());
        let d = if self.enemy == Player::South { r } else { 9 - r };
        d.min(4)
    }

    /// Prior weight of the Flag standing on the unmoved piece `id`: by row,
    /// and higher the more of its neighbours are unmoved enemy pieces or
    /// revealed Mines (the Flag is usually walled in).
    fn flag_weight(&self, id: usize) -> f32 {
        let p = &self.track.pieces[id];
        let Some(sq) = p.current.filter(|_| p.owner == self.enemy && !p.moved && p.rank.is_none()) else {
            return 0.0;
        };
        let walls = (0..4)
            .filter_map(|d| sq.step(d))
            .filter(|n| {
                self.track
                    .pieces
                    .iter()
                    .any(|p| p.owner == self.enemy && p.current == Some(*n) && (!p.moved || p.rank == Some(Rank::Mine)))
            })
            .count();
        let by_square = match self.setup_prior {
            Some(prior) => prior.factor(self.enemy, p.initial, Rank::Flag),
            None => FLAG_ROW[self.row(sq)],
        };
        by_square * (1.0 + walls as f32)
    }
}

/// Index drawn ∝ `w` (all zero: uniform).
fn pick<R: Rng + ?Sized>(rng: &mut R, w: &[f32]) -> usize {
    let total: f32 = w.iter().sum();
    if total <= 0.0 {
        return rng.random_range(0..w.len());
    }
    let mut x = rng.random::<f32>() * total;
    for (i, &wi) in w.iter().enumerate() {
        if x < wi {
            return i;
        }
        x -= wi;
    }
    w.iter().rposition(|&wi| wi > 0.0).unwrap_or(0)
}
