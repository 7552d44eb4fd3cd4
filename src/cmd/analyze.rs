//! `srazhenie analyze`: one decision of the AI in a recorded game, with the
//! value of every root move it searched — to read why it played what it
//! played in an `arena` log (the regression positions of BENCHMARKS.md come
//! from such logs).
//!
//! The game text is omniscient (both setups), but the AI gets only the view
//! of the side to move after the chosen ply (R25), as in a real game.

use std::fmt::Write as _;

use ai::{Analysis, Budget, Level, Observation};
use engine::{Move, PlayerView};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// What to analyse and with how much search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeConfig {
    /// The position after this many plies (`None`: after the last).
    pub ply: Option<usize>,
    /// The AI level.
    pub level: Level,
    /// Think time or nodes (a node budget makes the values reproducible).
    pub budget: Budget,
    /// Seed of the AI's random draws.
    pub seed: u64,
    /// Root moves listed, best first.
    pub top: usize,
}

/// Why a text could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnalyzeError {
    /// The text is not a Stratego game export (the engine's reason).
    #[error("not a game export: {0}")]
    Import(#[from] engine::ImportError),
    /// `--ply` is past the end of the game.
    #[error("the game has {plies} plies; there is no position after ply {asked}")]
    PastTheEnd {
        /// Plies asked for.
        asked: usize,
        /// Plies in the game.
        plies: usize,
    },
    /// The game is over at that ply: nobody is to move.
    #[error("the game is over after ply {0}: nobody is to move (choose an earlier --ply)")]
    Over(usize),
}

/// The report: the position as the side to move sees it, the search's
/// depth, samples and nodes, and the best `top` root moves with their
/// values; the move the game went on with, where there is one, and its
/// place among them.
///
/// # Errors
/// A text that does not import, a ply past the end, a finished position.
pub fn run(text: &str, cfg: &AnalyzeConfig) -> Result<String, AnalyzeError> {
    let game = engine::import(text)?;
    let plies = game.history().len();
    let ply = cfg.ply.unwrap_or(plies);
    if ply > plies {
        return Err(AnalyzeError::PastTheEnd { asked: ply, plies });
    }
    let g = game.at_ply(ply).expect("an imported game replays");
    if g.outcome().is_some() {
        return Err(AnalyzeError::Over(ply));
    }
    let me = g.turn();
    let view = g.view(me);
    let obs = Observation::from_view(&view);
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let analysis = ai::analyze(&obs, cfg.level, cfg.budget, &mut rng);
    let next = game.history().get(ply).map(|r| r.mv);
    Ok(report(&view, ply, plies, cfg, &analysis, next))
}

fn report(
    view: &PlayerView,
    ply: usize,
    plies: usize,
    cfg: &AnalyzeConfig,
    a: &Analysis,
    next: Option<Move>,
) -> String {
    let me = view.me();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Position after ply {ply} of {plies} ({}): {} to move, as {} sees it.",
        view.rule_set(),
        me.as_str(),
        me.as_str()
    );
    out.push_str(&super::play::render(view));
    let t = a.thought;
    let budget = match (cfg.budget.nodes, cfg.budget.time) {
        (Some(n), _) => format!("{n} nodes"),
        (None, Some(d)) => format!("{} ms", d.as_millis()),
        (None, None) => "no limit".to_owned(),
    };
    let _ = writeln!(
        out,
        "{}, {budget}, seed {}: depth {}, {} samples, {} nodes",
        cfg.level, cfg.seed, t.depth, t.samples, t.nodes
    );
    let chosen = t.mv.map_or_else(|| "none".to_owned(), |m| m.to_string());
    if a.moves.is_empty() {
        let _ = writeln!(out, "chosen without a search: {chosen}");
    } else {
        let _ = writeln!(out, "  {:<8} {:>7} {:>8}", "move", "value", "samples");
        for m in a.moves.iter().take(cfg.top) {
            let mark = if Some(m.mv) == t.mv { "  <- chosen" } else { "" };
            let _ = writeln!(out, "  {:<8} {:>7} {:>8}{mark}", m.mv.to_string(), m.value, m.samples);
        }
        let _ = writeln!(out, "chosen: {chosen} (of {} searched moves)", a.moves.len());
    }
    if let Some(mv) = next {
        match a.moves.iter().position(|m| m.mv == mv) {
            Some(i) => {
                let _ = writeln!(out, "played in the game: {mv}, place {} ({})", i + 1, a.moves[i].value);
            }
            None => {
                let _ = writeln!(out, "played in the game: {mv}");
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "analyze_tests.rs"]
mod tests;
