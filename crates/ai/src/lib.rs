//! The built-in AI of «Сражение» and its classic cousins.
//!
//! # Fair by construction (R25)
//!
//! Every decision is a function of one player's information set: a
//! [`engine::PlayerView`] (or an [`Observation`] made from one, or kept by
//! a front-end from public events), plus a random generator. No function of
//! this crate takes an [`engine::Game`] to decide; the games the search
//! plays in are built here from the observation and *sampled* enemy ranks.
//!
//! # Method
//!
//! 1. **Tracking** — every piece is followed through the public record
//!    backwards to its starting square and forwards again (R24): combat
//!    reveals ranks (R18), a piece that moved is neither Mine nor Flag, a
//!    piece that made a multi-square move is the runner kind.
//! 2. **Belief** ([`Belief`]) — the enemy's unknown pieces share the army
//!    (R4) minus every revealed or removed rank. Each has weights per rank:
//!    an enemy piece that steps next to one of our *revealed* pieces without
//!    attacking is more likely a rank that beats it (×2.5, ×0.5 for ranks
//!    that lose); one that steps away from it is more likely a rank it
//!    beats (×2.0 / ×0.6) — the kind of inference of V. de Boer's
//!    *Invincible* (MSc thesis, TU Delft, 2007) and of the "piece
//!    probability" models of Stankiewicz & Schadd (*Opponent modeling in
//!    Stratego*, BNAIC 2009). Unmoved pieces get a
//!    positional prior (the Flag on the back ranks among unmoved
//!    neighbours, Mines near it).
//!    `hard` adds a setup prior (`prior.rs`): each unknown piece's ranks
//!    are weighed by the square it started on, as the AI itself sets up
//!    (counted once per rule set over 4 000 of its setups, blended with
//!    no preference so that an unusual setup stays possible) — the
//!    setup statistics such programs take from records of human games.
//!    Only the Scout's place is left open (no preference on any square):
//!    where a player hides it is taste, and presuming our own habit cost
//!    the Marshal to a front-rank Scout (BENCHMARKS.md, seventeenth round).
//!    `hard` also looks for the Flag behind walls: each open side of an
//!    unmoved piece (a square that is not the board's edge, a lake, another
//!    unmoved enemy piece or where an enemy Mine stood) makes it a quarter
//!    as likely the Flag, as sound setups wall the Flag in with Mines.
//! 3. **Determinization** — a full enemy army is sampled consistent with
//!    all of that (runners, then the Flag among the unmoved pieces, then
//!    the moved pieces, then the rest), and the game is replayed from the
//!    start with it, so R11 and R21 state are exact.
//! 4. **Search** — Perfect Information Monte Carlo (Ginsberg's GIB; Long,
//!    Sturtevant, Buro & Furtak, *Understanding the success of perfect
//!    information Monte Carlo sampling in game tree search*, AAAI 2010):
//!    each sampled game is searched with alpha-beta (negamax; good attacks
//!    first, then the quiet moves by killer moves and the history
//!    heuristic, kept over the samples of a decision — Schaeffer, IEEE
//!    PAMI 1989) to a fixed depth plus a capture search; each root move's
//!    values are averaged over the samples and the best average is played.
//!    `hard` keeps a transposition table per sampled game (`table.rs`:
//!    the value, its bound and the best move of each position searched,
//!    keyed by the engine's Zobrist hash), which cuts off a position met
//!    again by another order of moves and puts its best move first —
//!    about a third fewer nodes at five plies, so the same budget reaches
//!    a ply deeper more often (BENCHMARKS.md, twentieth round).
//!    At each root move the window is (best so far − 150, ∞), so clearly
//!    worse moves are only bounded. The evaluation (`eval.rs`, updated
//!    incrementally from the two squares a move changes) counts material
//!    by rank with values that depend on what is left, information
//!    (unrevealed pieces are worth a fifth more), progress (distance maps
//!    to beatable targets), Flag safety and the R21 clock.
//!
//! # Levels
//!
//! | level | method | default budget |
//! |---|---|---|
//! | `random` | uniformly random legal move | – |
//! | `greedy` | wins by known ranks, else random | – |
//! | `easy` | one ply + one capture ply, ≤ 6 samples, ±25 points of noise | 20 ms |
//! | `normal` | two plies + two capture plies, as many samples as fit | 300 ms |
//! | `hard` | three plies or more + three capture plies, as many samples as fit, transposition table, setup prior, caution, suspected ranks, hunting, Flag guard, opponent model, exposure, last shield, thrift | 1.95 s |
//! | `hard-v1` | `hard` before caution, with bluffing (a baseline for the arena, not offered to players) | 1.95 s |
//!
//! Deepening (`hard`): after 8 samples at a depth, one sample is searched a
//! ply deeper on 1/120 of the budget left. If it finishes, the budget
//! allows about 120 samples at that depth, and the search goes on there
//! (the shallower tallies are dropped: with another side moving last they
//! do not compare); if not, the depth stays. So `hard` keeps three plies
//! where the position is wide for its budget and searches four to six
//! plies in narrow ones (endgames), or with a larger budget — iterative
//! deepening across the samples, the budget traded between depth and
//! samples as Long et al. discuss for PIMC.
//!
//! Bluffing (`hard-v1` only): among the moves within 10 points of the
//! best, a third of the time it plays one that brings an unrevealed piece
//! next to an enemy revealed piece it would *not* beat — the move a
//! stronger piece would make, which a belief like ours reads as strength.
//! `hard` no longer bluffs: over 600 paired games against the 2012 UCC
//! winner, which attacks on certainty and never reads a bluff, the bluff
//! cost it about eight points, and against `hard-v1` in `battle` it was
//! even (BENCHMARKS.md, twelfth round). `hard`'s setups still place decoy
//! Mines away from the Flag ([`choose_setup`]).
//!
//! Caution, suspected ranks, hunting and guarding (`hard`): measured
//! against programs no one here wrote (the 2012 UCC competition's agents,
//! through `arena --b-cmd` under the `ucc` rules), `hard-v1` lost its
//! Marshal and General to Mines it attacked blindly, let a revealed
//! General eat its low pieces, and let a Miner walk through its Mines to
//! its Flag. The strong Stratego programs answer these with an evaluation
//! built on *suspected ranks* (V. de Boer, *Invincible*, MSc thesis, TU
//! Delft 2007; M. Schadd & M. Winands, *Quiescence search for Stratego*,
//! BNAIC 2009; I. Satz's *Probe*, several times Computer Stratego World
//! Champion): so `hard`
//! - makes no blind attack (`caution.rs`): its Marshal down to its Captain,
//!   and its Spy, never attack a piece that has neither moved nor been
//!   revealed, neither at the root nor in the search, and are not drawn
//!   towards such pieces — not even once no lower piece is left to probe
//!   (late in the game such pieces are mostly Mines) — unless the piece
//!   is cornered: next to a revealed enemy piece that beats it, with no
//!   empty square to step to, a blind attack at the root is its only
//!   chance (a General lost so, waiting beside two pieces it beat);
//! - reads behaviour more sharply ([`Belief::suspecting`]): a piece that
//!   runs from one of our revealed pieces is almost never a rank that beats
//!   it; one that closes in on it is a rank that beats it (×8, ×0.06 for
//!   ranks that lose), or a bluff — calibrated on the arena's logs against
//!   the 2012 UCC winner, where 503 of 558 hidden pieces that stepped next
//!   to a revealed piece of ours beat it and 35 traded with it, while of
//!   3 025 that stood next to one and did not take it, 11 would have won
//!   (so each such pass makes those ranks ×0.3 as likely); an opponent
//!   whose approachers, once combat revealed them, often turned out weaker
//!   is read at its own bluff rate (a Beta estimate with the logs' rate as
//!   its prior; never sharper than the logs). An approach gives us the
//!   first attack, so it is read by who wins if our piece attacks: a Scout
//!   that steps next to our revealed Marshal would be taken by it (R16), so
//!   such a piece is bait, a bluff or the enemy Marshal — 1 of 60 such
//!   approachers was the Scout in battle logs against `hard-v1`. The Scout
//!   hides instead beside the bait: an unknown piece next to an enemy
//!   piece our revealed Marshal could take is five times as likely the
//!   Scout (25 of the 49 moved hidden pieces beside the square our
//!   Marshal had just taken on were the Scout, three times their share);
//! - hunts: a piece that beats a *revealed* enemy piece is drawn to it four
//!   times as hard as to a sampled target;
//! - guards its Flag: an enemy Miner two squares from it costs about a
//!   General, and the nearest of the pieces that can stop an enemy mover
//!   five squares from it is drawn to it before anything else (drawn all
//!   alike, any of them was moved, often one too far to arrive in time;
//!   BENCHMARKS.md, thirty-first round) — a Miner that has
//!   moved from twelve squares off, as it needs one move a square, Mines
//!   included, and a defender must set out before it is near. Against a
//!   Miner, one rank (of those that stop it, the one with a piece nearest)
//!   waits beside the Mines that touch the Flag, where every path of the
//!   Miner passes, instead of chasing it from behind a move too late; in
//!   battle against `hard-v1` this cut the lost games from 79 to 54 in 320
//!   (BENCHMARKS.md, fifteenth round). A piece shut in there by our own
//!   Mines cannot move, so it is not taken for that guard;
//! - learns the opponent (`track.rs`): of the enemy pieces whose rank it
//!   has seen, which ranks had moved while hidden — a program that keeps
//!   its high pieces home until a kill is certain, or a player who scouts
//!   with low pieces, shows it within a few combats — and weighs the
//!   unknown movers and the pieces that never moved by it (opponent
//!   modelling from the game itself, as Stankiewicz & Schadd propose); a
//!   piece that stands next to a revealed piece of ours, turn after turn,
//!   without taking it is less likely what beats it;
//! - minds what the opponent knows (`exposure.rs`): the public record tells
//!   the opponent which of our pieces are revealed, which moved (so are no
//!   Mine) and which ranks are all accounted for. A piece of ours within
//!   two steps of an enemy piece that takes it for sure, as far as the
//!   enemy knows, and with no piece of ours beside it to take the attacker
//!   back, is charged part of its value: a careful opponent attacks on
//!   certainty, and a chase ends beyond the search's horizon. While some
//!   enemy piece takes any moved hidden piece of ours for sure, every such
//!   piece is charged an eighth of its value wherever it stands, and a
//!   twenty-fourth before while the enemy keeps more of its pieces still,
//!   so `hard` keeps its unmoved pieces (which might be Mines) unmoved and
//!   plays with those already stirred — a reserve for the late game, as
//!   careful players keep one. A hidden Marshal (General) is worth half (a
//!   third) more than a known one: while it is hidden, any moved piece of
//!   ours might be it.
//! - keeps its last shield hidden (`eval.rs`): while any hidden piece of
//!   ours might be a rank that beats or ties an enemy piece, a careful
//!   opponent cannot take our moved pieces with it on certainty; when one
//!   piece of ours is all that is left of that doubt — the Marshal against
//!   their Marshal, the General against their General once our Marshal is
//!   seen — its reveal hands over every moved piece of ours it guards, and
//!   its information is worth a quarter of their value (in the logs
//!   against the 2012 UCC winner, its General took 335 of our moved
//!   hidden pieces in 160 games, 318 of them after our Marshal and General
//!   had both been seen);
//! - holds its Scout (the Spy of the classic names, R16) worth a Colonel,
//!   not a Major, while the enemy Marshal lives (`eval.rs`): without it the
//!   enemy Marshal fears nothing. In 16 of 22 games lost to the 2012 UCC
//!   winner our Scout had died before taking its Marshal, mostly moved and
//!   still hidden; valued so, `hard` keeps it out of reach more often
//!   (BENCHMARKS.md, twenty-first round);
//! - is thrifty while behind in movers (`eval.rs`): a side with no
//!   movable piece left loses (R20), and most games `hard` lost to the
//!   2012 UCC winner ended with none or one of its movers left. While it
//!   has fewer movable pieces than the enemy, each of its own is held 8 %
//!   dearer, so it stops trading evenly and the enemy's advantage in
//!   movers does not grow (BENCHMARKS.md, twenty-fourth round);
//! - expects a careful opponent (`careful.rs`): in a
//!   sampled game the enemy "sees" our ranks, so in `hard`'s search the
//!   enemy's strong pieces (the Marshal down to the Major, and the Spy)
//!   attack a hidden piece of ours only where nothing it could be (as the
//!   public record tells) beats them — never one that has not moved, and a
//!   moved one only once every rank of ours still unseen loses to the
//!   attacker or trades with it; the Captain and lower pieces probe freely
//!   (the 2012 UCC winner's Captains took our Spy, which the search had
//!   thought safe beside them), and so does every rank the opponent has
//!   been seen to attack an unmoved piece of ours with, and the ranks
//!   below it (`track.rs`);
//! - does not give up a Flag the enemy cannot see: where every move loses
//!   the game in the first samples — an enemy piece beside our Flag, with
//!   nothing of ours able to reach it — the enemy of the sampled games
//!   takes the Flag, and every move ties; the real enemy does not know
//!   where it is. The decision is then searched again with that capture
//!   worth no more than a Mine, so the search plays for material (in a
//!   game against the 2012 UCC winner, its Miner stood beside our Flag for
//!   140 plies while our pieces, moved at random, were taken).
//!
//! `hard-v1` is `hard` without these, kept as the baseline the arena
//! measures `hard` against.
//!
//! Known limits of the method: in a sampled game the opponent "sees" our
//! ranks (so the search is cautious), and information gathering is valued
//! only through the evaluation's information term (strategy fusion, see
//! Long et al.). Strength is measured by the `arena` command (BENCHMARKS.md).
//!
//! ```
//! use engine::{ByPlayer, Game, Player, RuleSetId};
//! use rand::SeedableRng;
//! let mut rng = rand::rngs::StdRng::seed_from_u64(1);
//! let rules = RuleSetId::Battle;
//! let setups = ByPlayer::new_with(|_| ai::choose_setup(rules, ai::Level::Normal, &mut rng, None));
//! let game = Game::new(rules, setups, Player::South)?;
//! let view = game.view(Player::South);
//! let mv = ai::think(&ai::Observation::from_view(&view), ai::Level::Normal, ai::Budget::nodes(2_000), &mut rng);
//! assert!(game.check(mv.unwrap()).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod baseline;
mod belief;
mod careful;
mod caution;
mod determinize;
mod eval;
mod exposure;
pub mod jungle;
mod level;
mod observation;
mod prior;
mod search;
mod setup;
mod table;
mod track;

use std::time::Duration;

use engine::{Cell, CombatResult, Move, PlayerView, resolve};
use rand::Rng;

pub use belief::Belief;
pub use level::{Budget, Level, UnknownLevel};
pub use observation::Observation;
pub use setup::choose_setup;
pub use track::InconsistentRecord;

use caution::Caution;
use search::{Params, Tally};

/// The AI's move for the viewer of `view` at `level`, thinking at most
/// about `budget` of wall time. `None` only when the viewer has no legal
/// move (not their turn, or the game is over).
#[must_use]
pub fn choose_move<R: Rng + ?Sized>(view: &PlayerView, level: Level, budget: Duration, rng: &mut R) -> Option<Move> {
    think(&Observation::from_view(view), level, Budget::time(budget), rng)
}

/// The AI's move from an [`Observation`] under a [`Budget`] (a node budget
/// makes it reproducible). `None` only when there is no legal move.
#[must_use]
pub fn think<R: Rng + ?Sized>(obs: &Observation, level: Level, budget: Budget, rng: &mut R) -> Option<Move> {
    think_counted(obs, level, budget, rng).mv
}

/// One decision of [`think_counted`] and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought<M = Move> {
    /// The move (`None` only when there is no legal move).
    pub mv: Option<M>,
    /// Search nodes visited (0 for the baselines and forced moves).
    pub nodes: u64,
    /// Sampled enemy armies searched to the end (0 without a search), at
    /// the depth of `depth`.
    pub samples: u32,
    /// Full-width plies of the search the move comes from (0 without a
    /// search); `hard` goes deeper than its three plies while its budget
    /// allows.
    pub depth: u8,
}

/// [`think`], also counting the nodes and samples the decision took
/// (for the `arena` report: how much search a budget buys).
#[must_use]
pub fn think_counted<R: Rng + ?Sized>(obs: &Observation, level: Level, budget: Budget, rng: &mut R) -> Thought {
    analyze(obs, level, budget, rng).thought
}

/// One root move in an [`Analysis`]: its value averaged over the sampled
/// enemy armies, in evaluation points from the mover's side (a Marshal's
/// base value is 400; a won game is 5 000 less the plies to the win), and
/// the number of samples in that average.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The root move.
    pub mv: Move,
    /// Average value over `samples` (points, the mover's side).
    pub value: i64,
    /// Samples searched at the decision's depth.
    pub samples: u32,
}

/// A decision with the values behind it ([`analyze`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The decision, as [`think_counted`] makes it.
    pub thought: Thought,
    /// The searched root moves, best first (ties in the order of the legal
    /// moves). Empty without a search (the baselines, a forced move, no
    /// move). `hard` leaves out the blind attacks its caution forbids at
    /// the root (`caution.rs`).
    pub moves: Vec<MoveValue>,
}

/// [`think_counted`] with the value of every root move it searched (for
/// `srazhenie analyze`: why the AI played what it played). The same random
/// draws as [`think`], so the same move under the same seed and node budget.
#[must_use]
pub fn analyze<R: Rng + ?Sized>(obs: &Observation, level: Level, budget: Budget, rng: &mut R) -> Analysis {
    let unsearched = |mv| Analysis { thought: Thought { mv, nodes: 0, samples: 0, depth: 0 }, moves: Vec::new() };
    let legal = obs.legal_moves();
    if !obs.my_turn() {
        return unsearched(None);
    }
    if legal.len() == 1 {
        return unsearched(Some(legal[0]));
    }
    let params = match level {
        Level::Random => return unsearched(baseline::random(obs, rng)),
        Level::Greedy => return unsearched(baseline::greedy(obs, rng)),
        Level::Easy => Params {
            depth: 1,
            qdepth: 1,
            max_samples: 6,
            noise: 25,
            max_depth: 1,
            deepen_samples: 0,
            caution: None,
            transpositions: false,
        },
        Level::Normal => Params {
            depth: 2,
            qdepth: 2,
            max_samples: 1_000,
            noise: 0,
            max_depth: 2,
            deepen_samples: 0,
            caution: None,
            transpositions: false,
        },
        Level::Hard | Level::HardV1 => Params {
            depth: 3,
            qdepth: 3,
            max_samples: 1_000,
            noise: 0,
            max_depth: HARD_MAX_DEPTH,
            deepen_samples: HARD_DEEPEN_SAMPLES,
            caution: (level == Level::Hard).then(Caution::hard),
            transpositions: level == Level::Hard,
        },
    };
    let careful_moves;
    let legal = if let Some(caution) = params.caution {
        careful_moves = caution.root_moves(obs, legal);
        &careful_moves[..]
    } else {
        legal
    };
    // The clock starts before the belief, which takes part of the budget
    // (and, for `hard`'s first decision in a process, counts its prior).
    let mut clock = level::Clock::start(budget);
    let belief = match level {
        Level::Hard => Belief::suspecting(obs),
        Level::HardV1 => Belief::with_setup_prior(obs),
        _ => Belief::new(obs),
    };
    let Ok(belief) = belief else { return unsearched(baseline::greedy(obs, rng)) };
    let (tallies, depth) = search::run(obs, legal, &belief, params, &mut clock, rng);
    let samples = tallies.iter().map(|t| t.n).max().unwrap_or(0);
    let mv = pick(legal, obs, &tallies, params.noise, level == Level::HardV1, rng);
    let mut moves: Vec<MoveValue> =
        legal.iter().zip(&tallies).map(|(&mv, t)| MoveValue { mv, value: t.mean(), samples: t.n }).collect();
    moves.sort_by_key(|m| std::cmp::Reverse(m.value));
    Analysis { thought: Thought { mv: Some(mv), nodes: clock.nodes, samples, depth }, moves }
}

/// `hard`'s deepest full-width search (plies).
const HARD_MAX_DEPTH: u8 = 6;
/// `hard` searches one ply deeper while its budget still allows this many samples there.
const HARD_DEEPEN_SAMPLES: u32 = 120;

/// The best average (with noise); ties at random; the bluff for `hard-v1`.
fn pick<R: Rng + ?Sized>(
    legal: &[Move],
    obs: &Observation,
    tallies: &[Tally],
    noise: i32,
    bluff: bool,
    rng: &mut R,
) -> Move {
    let scores: Vec<i64> = tallies
        .iter()
        .map(|t| t.mean() + if noise > 0 { i64::from(rng.random_range(-noise..=noise)) } else { 0 })
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    if bluff && rng.random_ratio(1, 3) {
        let bluffs: Vec<(usize, Move)> = legal
            .iter()
            .zip(&scores)
            .filter(|(_, s)| **s >= best - 10)
            .map(|(m, _)| (bluff_score(obs, *m), *m))
            .filter(|(b, _)| *b > 0)
            .collect();
        if let Some(&(_, m)) = bluffs.iter().max_by_key(|(b, _)| *b) {
            return m;
        }
    }
    let top: Vec<Move> = legal.iter().zip(&scores).filter(|(_, s)| **s == best).map(|(m, _)| *m).collect();
    top[rng.random_range(0..top.len())]
}

/// How many enemy revealed pieces that our unrevealed mover would not beat
/// it comes next to (the move a stronger piece would make).
fn bluff_score(obs: &Observation, mv: Move) -> usize {
    let Cell::Own(p) = obs.cell(mv.from) else { return 0 };
    if p.revealed || !matches!(obs.cell(mv.to), Cell::Empty) {
        return 0;
    }
    (0..4)
        .filter_map(|d| mv.to.step(d))
        .filter(|n| match obs.cell(*n) {
            Cell::Enemy(e) => {
                e.revealed.is_some_and(|r| r.is_movable() && resolve(p.rank, r) != CombatResult::AttackerWins)
            }
            _ => false,
        })
        .count()
}
