//! `srazhenie review`: how side A's games of `arena --log-dir` runs were
//! won and lost, counted from the logs — the figures BENCHMARKS.md gives
//! for where `hard` loses against the 2012 UCC programs: Flags lost while
//! ahead, games lost with no movable piece left (R20), the movers left at
//! plies 200 and 300, Marshal trades.
//!
//! A log is the arena's `game-NNN.txt`: the game in the export format
//! (`engine::export`) with the arena's comment lines naming side A's colour
//! (`# arena game …: South (RED) = A …`) and its result (`# arena result:
//! …, A won`).

use std::fmt::Write as _;

use engine::{CombatResult, Game, Outcome, Player, Rank, Square, WinReason};

use super::stats::Tally;

/// The material count of the review by [`Rank::index`]: Marshal 400,
/// General 200, Colonel 100, Major 75, Captain 50, Lieutenant 25,
/// Sergeant 15, Sapper (the classic Miner) 30, Soldier (the classic Scout)
/// 10, Scout (the classic Spy) 100; Mines and the Flag 0.
const MATERIAL: [i32; 12] = [400, 200, 100, 75, 50, 25, 15, 30, 10, 100, 0, 0];
/// A side is ahead when its material exceeds the other's by more than this.
const AHEAD: i32 = 50;
/// How many plies before the end a lost game's lead is read.
const LEAD_PLIES: usize = 30;
/// The plies at which the movers are counted.
const CHECKPOINTS: [usize; 2] = [200, 300];

/// One logged game.
#[derive(Clone, Debug)]
pub struct Logged {
    /// Side A's colour.
    pub a: Player,
    /// A's result: 1 won, 0 drawn, -1 lost (as the arena scored it, faults
    /// included).
    pub result: i8,
    /// The game.
    pub game: Game,
}

/// Why a log could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// No `# arena game …` line names A's colour.
    #[error("no '# arena game' line naming side A's colour")]
    NoSides,
    /// No `# arena result: …, A won|drew|lost` line.
    #[error("no '# arena result' line with A's result")]
    NoResult,
    /// The game text does not import (the engine's reason).
    #[error("not a game export: {0}")]
    Import(#[from] engine::ImportError),
}

/// Reads one arena log.
///
/// # Errors
/// A missing arena comment line, or a game text that does not import.
pub fn parse(text: &str) -> Result<Logged, ReviewError> {
    let header = text.lines().find(|l| l.starts_with("# arena game")).ok_or(ReviewError::NoSides)?;
    let a = if header.contains("South (RED) = A") {
        Player::South
    } else if header.contains("North (BLUE) = A") {
        Player::North
    } else {
        return Err(ReviewError::NoSides);
    };
    let line = text.lines().find(|l| l.starts_with("# arena result:")).ok_or(ReviewError::NoResult)?;
    let result = match line.rsplit(' ').next() {
        Some("won") => 1,
        Some("drew") => 0,
        Some("lost") => -1,
        _ => return Err(ReviewError::NoResult),
    };
    Ok(Logged { a, result, game: engine::import(text)? })
}

/// Movable pieces counted at a checkpoint, summed over games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Movers {
    /// Games that reached the checkpoint.
    pub games: u32,
    /// A's movable pieces.
    pub a: u32,
    /// B's movable pieces.
    pub b: u32,
    /// B's movable pieces that had never moved.
    pub b_unmoved: u32,
}

/// The counts over many games. Index `[lost, drawn, won]` (A's result)
/// where a field is counted by result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Review {
    /// A's wins, draws and losses.
    pub games: Tally,
    /// A's losses by the capture of its Flag (R19).
    pub flag: u32,
    /// Of those, A was ahead in material [`LEAD_PLIES`] plies before the end.
    pub flag_ahead: u32,
    /// A's losses without a legal move (R20).
    pub no_move: u32,
    /// A's movable pieces when its Flag fell: 1, 2, 3, 4 or more.
    pub last_movers: [u32; 4],
    /// Movable pieces at [`CHECKPOINTS`], by A's result.
    pub movers: [[Movers; 2]; 3],
    /// Games with a trade of Marshals (R14), by A's result.
    pub marshal_trade_games: [u32; 3],
    /// Trades of Marshals in all, and how many A's attack began.
    pub marshal_trades: (u32, u32),
}

/// Material and movers of one side of `g`.
fn count(g: &Game, side: Player) -> (i32, u32, u32) {
    let (mut material, mut movers, mut unmoved) = (0, 0, 0);
    for sq in Square::all() {
        if let Some(p) = g.piece_at(sq).filter(|p| p.player == side) {
            material += MATERIAL[p.rank.index()];
            if p.rank.is_movable() {
                movers += 1;
                unmoved += u32::from(!p.moved);
            }
        }
    }
    (material, movers, unmoved)
}

impl Review {
    /// Counts one game in.
    pub fn add(&mut self, log: &Logged) {
        let k = usize::try_from(log.result + 1).unwrap_or(0).min(2);
        self.games.add(log.result);
        let (a, b) = (log.a, log.a.other());
        let plies = log.game.history().len();
        let mut g = Game::new(log.game.rule_set(), *log.game.setups(), log.game.first_player())
            .expect("an imported game starts again from its setups");
        let mut lead = 0;
        let mut traded = false;
        for ply in 0..=plies {
            if ply + LEAD_PLIES == plies || (ply == 0 && plies < LEAD_PLIES) {
                lead = count(&g, a).0 - count(&g, b).0;
            }
            if let Some(c) = CHECKPOINTS.iter().position(|&p| p == ply) {
                let m = &mut self.movers[k][c];
                let ((_, ma, _), (_, mb, ub)) = (count(&g, a), count(&g, b));
                m.games += 1;
                m.a += ma;
                m.b += mb;
                m.b_unmoved += ub;
            }
            let Some(r) = log.game.history().get(ply) else { break };
            if let Some(c) = r.combat
                && c.attacker == Rank::Marshal
                && c.defender == Rank::Marshal
                && c.result == CombatResult::BothRemoved
            {
                traded = true;
                self.marshal_trades.0 += 1;
                self.marshal_trades.1 += u32::from(r.player == a);
            }
            g.play(r.mv).expect("an imported game replays");
        }
        self.marshal_trade_games[k] += u32::from(traded);
        match log.game.outcome().filter(|_| log.result < 0) {
            Some(Outcome::Win { winner, reason: WinReason::FlagCaptured }) if winner == b => {
                self.flag += 1;
                self.flag_ahead += u32::from(lead > AHEAD);
                let left = count(&g, a).1 as usize;
                self.last_movers[left.clamp(1, 4) - 1] += 1;
            }
            Some(Outcome::Win { winner, reason: WinReason::NoLegalMoves }) if winner == b => self.no_move += 1,
            _ => {}
        }
    }

    /// The review as text (one item a line).
    #[must_use]
    pub fn text(&self) -> String {
        let Tally { wins: won, draws: drawn, losses: lost } = self.games;
        let n = self.games.games();
        let mut out = String::new();
        let score = self.games.score() * 100.0;
        let _ = writeln!(out, "games: {n}; A won {won}, drew {drawn}, lost {lost} (score {score:.1} %)");
        let _ = writeln!(
            out,
            "A lost by its Flag: {} (ahead by more than {AHEAD} in material {LEAD_PLIES} plies before the end: {}); \
             with no legal move: {}; otherwise: {}",
            self.flag,
            self.flag_ahead,
            self.no_move,
            lost.saturating_sub(self.flag + self.no_move)
        );
        let [one, two, three, more] = self.last_movers;
        let _ =
            writeln!(out, "A's movable pieces when its Flag fell: 1: {one}, 2: {two}, 3: {three}, 4 or more: {more}");
        for (k, name) in [(0, "lost"), (2, "won")] {
            let _ = write!(out, "movable pieces, A / B (B's never moved), {name} games:");
            for (c, m) in CHECKPOINTS.iter().zip(&self.movers[k]) {
                let avg = |x: u32| if m.games == 0 { 0.0 } else { f64::from(x) / f64::from(m.games) };
                let _ = write!(
                    out,
                    " ply {c}: {:.1} / {:.1} ({:.1}) in {} games;",
                    avg(m.a),
                    avg(m.b),
                    avg(m.b_unmoved),
                    m.games
                );
            }
            out.pop();
            out.push('\n');
        }
        let _ = writeln!(
            out,
            "Marshal trades: in {} of {lost} lost games, {} of {drawn} drawn, {} of {won} won; {} of {} begun by A",
            self.marshal_trade_games[0],
            self.marshal_trade_games[1],
            self.marshal_trade_games[2],
            self.marshal_trades.1,
            self.marshal_trades.0
        );
        out
    }
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
