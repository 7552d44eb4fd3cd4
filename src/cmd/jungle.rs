//! `arena --rules jungle` and `play --rules jungle`: Jungle (docs/jungle.md)
//! between AI levels, or against the AI in the terminal.
//!
//! Arena game `i` is seeded from the run's seed and `i`; side A plays
//! South in even games, and the first move alternates every two games, so
//! A meets every side × first-move pairing equally often. The first two
//! plies (one per side, [`OPENING_PLIES`]) are uniformly random, so that
//! levels under a node budget, which then decide alike, still play
//! different games.

use std::fmt::Write as _;
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ai::{Budget, Level};
use jungle::{Game, Move, Outcome, Player, PlayerView, Terrain};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::arena::{game_line, parallel};
use super::play::{Typed, prompt};
use super::stats::{Tally, depth_shares, ms, score_table, time_summary};
use crate::cli::ArenaArgs;

/// Random plies at the start of each arena game (one per side).
pub const OPENING_PLIES: usize = 2;

/// One finished arena game, from A's side.
#[derive(Clone, Debug)]
pub struct JungleResult {
    /// How it ended.
    pub outcome: Outcome,
    /// 1, 0 or -1: A won, drew or lost.
    pub a_result: i8,
    /// Plies played.
    pub plies: usize,
    /// Per searched move of A and of B: think time, nodes, depth.
    pub moves: [Vec<(Duration, u64, u8)>; 2],
}

/// `srazhenie arena --rules jungle`: plays and prints the report.
#[must_use]
pub fn arena_main(args: &ArenaArgs) -> ExitCode {
    let (Some(a), Some(b)) = (args.a, args.b) else {
        eprintln!("arena: external programs do not play Jungle; give --a and --b levels");
        return ExitCode::from(2);
    };
    let budget = |level: Level, own: Option<u64>, nodes: Option<u64>| match nodes {
        Some(n) => Budget::nodes(n),
        None => Budget::time(own.or(args.think_ms).map_or(level.default_budget(), Duration::from_millis)),
    };
    let budgets = [budget(a, args.think_a_ms, args.nodes_a), budget(b, args.think_b_ms, args.nodes_b)];
    let results = parallel(args.games, args.threads, |i| {
        let r = play_game([a, b], budgets, args.seed, i);
        eprintln!("{}", game_line(i, &r.outcome, r.plies, r.a_result));
        r
    });
    println!("{}", report([a, b], budgets, args, &results));
    ExitCode::SUCCESS
}

/// Plays arena game `i` between `levels` (A, B) with their `budgets`.
///
/// # Panics
/// When an AI proposes an illegal move (a bug).
#[must_use]
pub fn play_game(levels: [Level; 2], budgets: [Budget; 2], seed: u64, i: usize) -> JungleResult {
    let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64);
    let a_side = if i.is_multiple_of(2) { Player::South } else { Player::North };
    let first = if (i / 2).is_multiple_of(2) { Player::South } else { Player::North };
    let mut game = Game::new(first);
    let mut moves = [Vec::new(), Vec::new()];
    while game.outcome().is_none() {
        let k = usize::from(game.turn() != a_side);
        let view = game.view(game.turn());
        let mv = if game.ply() < OPENING_PLIES {
            view.legal_moves()[rng.random_range(0..view.legal_moves().len())]
        } else {
            let t0 = Instant::now();
            let thought = ai::jungle::think(&view, levels[k], budgets[k], &mut rng);
            moves[k].push((t0.elapsed(), thought.nodes, thought.depth));
            thought.mv.expect("a move in a running game")
        };
        game.play(mv).unwrap_or_else(|e| panic!("BUG: {} proposed {mv} at ply {}: {e}", levels[k], game.ply()));
    }
    let outcome = game.outcome().expect("the loop ends at the end");
    let a_result = match outcome.winner() {
        Some(w) if w == a_side => 1,
        Some(_) => -1,
        None => 0,
    };
    JungleResult { outcome, a_result, plies: game.ply(), moves }
}

/// The report: score table, endings, and per side the think time, nodes
/// and depth reached; its last line is `result: A vs B: …`.
#[must_use]
pub fn report(levels: [Level; 2], budgets: [Budget; 2], args: &ArenaArgs, results: &[JungleResult]) -> String {
    let t = Tally::of(results.iter().map(|r| r.a_result));
    let limit = |k: usize| match (levels[k], budgets[k].nodes, budgets[k].time) {
        (Level::Random | Level::Greedy, _, _) => "no search".to_owned(),
        (_, Some(n), _) => format!("{n} nodes per move"),
        (_, None, Some(d)) => format!("{} per move", ms(d)),
        (_, None, None) => "no limit".to_owned(),
    };
    let mut out = format!(
        "arena: {} (A, {}) vs {} (B, {}) on jungle, {} games, seed {}, {} thread(s), {OPENING_PLIES} random opening plies\n\n",
        levels[0],
        limit(0),
        levels[1],
        limit(1),
        t.games(),
        args.seed,
        args.threads
    );
    out.push_str(&score_table(&levels[0].to_string(), &levels[1].to_string(), &t));
    let plies: Vec<usize> = results.iter().map(|r| r.plies).collect();
    let _ = writeln!(
        out,
        "average plies per game: {:.1} (min {}, max {})",
        plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64,
        plies.iter().min().unwrap_or(&0),
        plies.iter().max().unwrap_or(&0)
    );
    let mut endings: Vec<(String, usize)> = Vec::new();
    for r in results {
        let name = jungle::outcome_text(Some(r.outcome)).replace("south ", "").replace("north ", "");
        match endings.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += 1,
            None => endings.push((name, 1)),
        }
    }
    let endings: Vec<String> = endings.iter().map(|(n, c)| format!("{n}: {c}")).collect();
    let _ = writeln!(out, "endings: {}\n", endings.join("; "));
    let _ = writeln!(
        out,
        "| side | level | moves | mean think | p95 think | max think | mean nodes | nodes per ms | depth reached |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
    for (k, side) in ["A", "B"].iter().enumerate() {
        let moves: Vec<(Duration, u64, u8)> = results.iter().flat_map(|r| r.moves[k].iter().copied()).collect();
        let times: Vec<Duration> = moves.iter().map(|m| m.0).collect();
        let (mean, p95, max) = time_summary(&times);
        let nodes: u64 = moves.iter().map(|m| m.1).sum();
        let total_ms = times.iter().map(Duration::as_secs_f64).sum::<f64>() * 1000.0;
        let _ = writeln!(
            out,
            "| {side} | {} | {} | {} | {} | {} | {:.0} | {:.0} | {} |",
            levels[k],
            moves.len(),
            ms(mean),
            ms(p95),
            ms(max),
            nodes as f64 / moves.len().max(1) as f64,
            if total_ms > 0.0 { nodes as f64 / total_ms } else { 0.0 },
            depth_shares(moves.iter().map(|m| m.2))
        );
    }
    let _ = write!(
        out,
        "\nresult: {} vs {}: {} wins, {} draws, {} losses, score {:.1}%",
        levels[0],
        levels[1],
        t.wins,
        t.draws,
        t.losses,
        t.score() * 100.0
    );
    out
}

/// The board as `view`'s player sees it (J1): own animals in upper case
/// (`E L T P W D C R`), the enemy's in lower case; empty squares show the
/// terrain: `~` water, `#` a den, `^` a trap, `.` land.
#[must_use]
pub fn render(view: &PlayerView) -> String {
    let me = view.me();
    let header: String = (0..7)
        .map(|c| format!(" {:>2}", view.screen_square(0, c).map_or('?', |s| (b'a' + s.file()) as char)))
        .collect();
    let mut out = format!("   {header}\n");
    for row in 0..9 {
        let rank = view.screen_square(row, 0).map_or(0, |s| s.rank() + 1);
        let _ = write!(out, "{rank:>2} ");
        for col in 0..7 {
            let sq = view.screen_square(row, col).expect("on the board");
            let c = match (view.piece_at(sq), view.terrain(sq)) {
                (Some(p), _) if p.player == me => p.animal.letter(),
                (Some(p), _) => p.animal.letter().to_ascii_lowercase(),
                (None, Terrain::Water) => '~',
                (None, Terrain::Den(_)) => '#',
                (None, Terrain::Trap(_)) => '^',
                (None, Terrain::Land) => '.',
            };
            let _ = write!(out, "  {c}");
        }
        let _ = writeln!(out, "  {rank}");
    }
    let _ = writeln!(out, "   {header}");
    out
}

/// One line about a ply, e.g. `AI: g7-g6` or `you: a5-d5 takes the wolf`.
fn describe(who: &str, mv: Move, captured: Option<jungle::Animal>) -> String {
    match captured {
        Some(a) => format!("{who}: {mv} takes the {a}"),
        None => format!("{who}: {mv}"),
    }
}

/// `play --rules jungle`: the human plays South against `level`, thinking
/// `think` per move; the first move is drawn by lot (J4).
///
/// # Errors
/// Reading or writing fails.
pub fn play(level: Level, seed: u64, think: Duration, mut input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    const HUMAN: Player = Player::South;
    let mut rng = StdRng::seed_from_u64(seed);
    let first = jungle::draw_first_player(&mut rng);
    let mut game = Game::new(first);
    writeln!(out, "Jungle against the AI ({level}); you play South (upper case, ranks 1–3).")?;
    writeln!(
        out,
        "{} first. Type moves like a3-a4; 'resign' gives up.",
        if first == HUMAN { "You move" } else { "The AI moves" }
    )?;
    while game.outcome().is_none() {
        if game.turn() != HUMAN {
            let view = game.view(HUMAN.other());
            let mv = ai::jungle::choose_move(&view, level, Budget::time(think), &mut rng).expect("a legal move");
            let report = game.play(mv).expect("the AI plays legal moves");
            writeln!(out, "{}", describe("AI", mv, report.captured))?;
            continue;
        }
        let line = match prompt(&render(&game.view(HUMAN)), &mut input, out)? {
            Typed::End => return Ok(()),
            Typed::Resign => {
                game.resign(HUMAN).expect("the game is on");
                break;
            }
            Typed::Move(line) => line,
        };
        match line.parse::<Move>().map_err(|e| e.to_string()).and_then(|mv| game.play(mv).map_err(|e| e.to_string())) {
            Ok(report) => writeln!(out, "{}", describe("you", report.mv, report.captured))?,
            Err(e) => writeln!(out, "{e}")?,
        }
    }
    write!(out, "\n{}", render(&game.view(HUMAN)))?;
    writeln!(
        out,
        "Result: {} after {} {}.",
        jungle::outcome_text(game.outcome()),
        game.ply(),
        if game.ply() == 1 { "ply" } else { "plies" }
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_j12_a_scripted_game_in_the_terminal() {
        // J12: typed moves in the Stratego forms; J1: South sees rank 9 at the top.
        let input = "zz\na3 a4\nA4-a5\nb2b3\nresign\n";
        let mut out = Vec::new();
        play(Level::Random, 3, Duration::ZERO, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("your move>"), "{text}");
        assert!(text.contains("not a move"), "{text}");
        assert!(text.contains("You move first.") || text.contains("The AI moves first."), "{text}");
        assert!(text.contains("Result: north wins, resignation"), "{text}");
        let board = text.split("your move>").next().unwrap();
        let rows: Vec<&str> =
            board.lines().filter(|l| l.starts_with(' ') && l.trim().starts_with(char::is_numeric)).collect();
        assert!(rows[0].trim().starts_with('9') && rows[0].contains('#'), "{board}");
    }

    #[test]
    fn rule_j10_arena_games_end_and_count() {
        // J10, J11: short arena games between levels end with a result.
        let r = play_game([Level::Normal, Level::Random], [Budget::nodes(2_000); 2], 7, 0);
        assert!(r.plies > 0 && !r.moves[0].is_empty());
        let r2 = play_game([Level::Normal, Level::Random], [Budget::nodes(2_000); 2], 7, 0);
        assert_eq!((r.outcome, r.plies), (r2.outcome, r2.plies), "a node budget makes a game reproducible");
    }
}
