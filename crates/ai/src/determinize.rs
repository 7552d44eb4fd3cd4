//! A full [`Game`] for search from the viewer's knowledge plus one sampled
//! enemy army: the game replayed from the start with sampled hidden ranks.
//!
//! The game holds only sampled ranks, never the true ones: it is built
//! from an [`Observation`] and a [`Belief`] sample. Replaying the public
//! record gives exact R11 (two-square) and R21 (quiet plies) state. Where a
//! recorded ply is not legal in the engine (the agent protocol's referee
//! does not enforce R11), the game is rebuilt from the board after that
//! ply and the replay goes on.

use engine::{Cell, CombatResult, Game, Player, Rank, Record, Square};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::belief::Belief;
use crate::observation::Observation;

/// The game of `obs` with the hidden ranks of `ranks` (by tracked id),
/// not recording ([`Game::stop_recording`]).
pub(crate) fn build(belief: &Belief, obs: &Observation, ranks: &[Rank]) -> Game {
    let pieces: Vec<(Square, Player, Rank)> =
        belief.track.pieces.iter().zip(ranks).map(|(p, &r)| (p.initial, p.owner, r)).collect();
    let mut g = Game::from_pieces(obs.rules, &pieces, obs.first);
    // The search copies the game at every node: no record to copy.
    g.stop_recording();
    for rec in &obs.history {
        let ok = g.turn() == rec.player && g.play(rec.mv).is_ok_and(|rep| rep.combat == rec.combat);
        if !ok {
            g = rebase(&g, rec);
            g.stop_recording();
        }
    }
    g
}

/// A game of `obs` with some consistent guess of the hidden ranks: enough
/// for the legal moves of the viewer, which do not depend on them.
pub(crate) fn placeholder_game(obs: &Observation) -> Game {
    if let Ok(b) = Belief::new(obs) {
        let ranks = b.sample_ids(&mut StdRng::seed_from_u64(0));
        return build(&b, obs, &ranks);
    }
    let pieces: Vec<(Square, Player, Rank)> = Square::all()
        .filter_map(|sq| match obs.cell(sq) {
            Cell::Own(p) => Some((sq, obs.me, p.rank)),
            Cell::Enemy(e) => Some((sq, obs.me.other(), e.revealed.unwrap_or(Rank::Sergeant))),
            Cell::Empty | Cell::Lake => None,
        })
        .collect();
    Game::from_pieces(obs.rules, &pieces, obs.turn())
}

/// The board of `g` after `rec`, applied by its recorded combat, as a new
/// game with the other side to move (history, R11 and R21 state restart).
fn rebase(g: &Game, rec: &Record) -> Game {
    let mut board: Vec<Option<(Player, Rank)>> =
        Square::all().map(|sq| g.piece_at(sq).map(|p| (p.player, p.rank))).collect();
    let (from, to) = (rec.mv.from.index(), rec.mv.to.index());
    let moving = board[from].take();
    let mover = moving.map_or(rec.player, |(p, _)| p);
    // A movable guess if the sampled game had no movable piece there.
    let rank = moving.map(|(_, r)| r).filter(|r| r.is_movable()).unwrap_or(Rank::Sergeant);
    match rec.combat {
        None => board[to] = Some((mover, rank)),
        Some(c) => match c.result {
            CombatResult::AttackerWins => board[to] = Some((mover, c.attacker)),
            CombatResult::DefenderWins => board[to] = Some((mover.other(), c.defender)),
            CombatResult::BothRemoved => board[to] = None,
        },
    }
    let pieces: Vec<(Square, Player, Rank)> = board
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|(pl, r)| (Square::from_index(i).expect("board index"), pl, r)))
        .collect();
    Game::from_pieces(g.rule_set(), &pieces, rec.player.other())
}
