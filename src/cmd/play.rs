//! `srazhenie play`: a game against the AI in the terminal.
//!
//! The human plays South. The board is drawn from the human's
//! [`engine::PlayerView`] only (R24, R25); the AI decides from its own view.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use ai::Level;
use engine::{
    ByPlayer, Cell, Combat, CombatResult, Game, Move, Outcome, Player, PlayerView, Rank, RuleSet, RuleSetId,
    ValidSetup, smart,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayConfig {
    /// The AI's level.
    pub level: Level,
    /// The rule set.
    pub rules: RuleSetId,
    /// Seed of the first-move lot and of the AI.
    pub seed: u64,
    /// The AI's think time per move.
    pub think: Duration,
}

const HUMAN: Player = Player::South;

/// The label of `rank` in `rules`' numbering: `1`…`10`, `B`, `F`.
fn label(rules: &RuleSet, rank: Rank) -> String {
    match rank {
        Rank::Mine => "B".to_owned(),
        Rank::Flag => "F".to_owned(),
        r => rules.number(r).map_or_else(String::new, |n| n.to_string()),
    }
}

/// The board as `view`'s player sees it (R3): own pieces by number, enemy
/// pieces `#?` (never moved), `#'` (moved), `#5` (revealed), lakes `~~`.
#[must_use]
pub fn render(view: &PlayerView) -> String {
    let rules = view.rule_set().rules();
    let me = view.me();
    let mut out = String::new();
    let files: Vec<u8> = (0..10).map(|col| me.screen_square(0, col).map_or(b'?', |s| b'a' + s.file())).collect();
    let header: String = files.iter().map(|&f| format!(" {:>3}", f as char)).collect();
    out.push_str(&format!("    {header}\n"));
    for row in 0..10 {
        let rank = me.screen_square(row, 0).map_or(0, |s| s.rank() + 1);
        out.push_str(&format!("{rank:>3} "));
        for col in 0..10 {
            let sq = me.screen_square(row, col).expect("on the board");
            let cell = match view.cell(sq) {
                Cell::Empty => ".".to_owned(),
                Cell::Lake => "~~".to_owned(),
                Cell::Own(p) => label(rules, p.rank),
                Cell::Enemy(e) => match e.revealed {
                    Some(r) => format!("#{}", label(rules, r)),
                    None if e.moved => "#'".to_owned(),
                    None => "#?".to_owned(),
                },
            };
            out.push_str(&format!(" {cell:>3}"));
        }
        out.push_str(&format!("  {rank}\n"));
    }
    out.push_str(&format!("    {header}\n"));
    out
}

/// One line about a ply, e.g. `e4-e5: 5 attacks 7 and wins`.
fn describe(rules: &RuleSet, who: &str, mv: Move, combat: Option<Combat>) -> String {
    match combat {
        None => format!("{who}: {mv}"),
        Some(c) => {
            let result = match c.result {
                CombatResult::AttackerWins => "and wins",
                CombatResult::DefenderWins => "and loses",
                CombatResult::BothRemoved => "— both are removed",
            };
            format!("{who}: {mv}: {} attacks {} {result}", label(rules, c.attacker), label(rules, c.defender))
        }
    }
}

/// Asks for a setup: empty line for a smart setup, or a setup code (docs/rules.md).
fn read_setup(
    rules: RuleSetId,
    rng: &mut StdRng,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> io::Result<Option<ValidSetup>> {
    loop {
        writeln!(
            out,
            "Your setup: press Enter for a smart setup, or type a 40-character setup code (see docs/rules.md, Setup codes)."
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim();
        if line.is_empty() {
            return Ok(Some(smart(rules.rules(), rng)));
        }
        match ValidSetup::from_code(rules.rules(), line) {
            Ok(s) => return Ok(Some(s)),
            Err(e) => writeln!(out, "That code does not work: {e}")?,
        }
    }
}

/// What the human typed at the prompt.
pub(super) enum Typed {
    /// The input ended.
    End,
    /// `resign`.
    Resign,
    /// Anything else, trimmed: a move to parse.
    Move(String),
}

/// Shows `board` and the prompt, and reads one line.
pub(super) fn prompt(board: &str, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<Typed> {
    write!(out, "\n{board}your move> ")?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        writeln!(out)?;
        return Ok(Typed::End);
    }
    let line = line.trim();
    Ok(if line.eq_ignore_ascii_case("resign") { Typed::Resign } else { Typed::Move(line.to_owned()) })
}

/// Plays one game on `input`/`out` until it ends, the human resigns or the
/// input ends.
///
/// # Errors
/// Reading or writing fails.
pub fn run(cfg: &PlayConfig, mut input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
    let mut rng = StdRng::seed_from_u64(cfg.seed);
    let rules = cfg.rules.rules();
    writeln!(out, "«Сражение» — {} against the AI ({}); you play South (ranks 1–4).", cfg.rules, cfg.level)?;
    let Some(mine) = read_setup(cfg.rules, &mut rng, &mut input, out)? else { return Ok(()) };
    let theirs = ai::choose_setup(cfg.rules, cfg.level, &mut rng, None);
    let first = rules.draw_first_player(&mut rng);
    let mut game = Game::new(cfg.rules, ByPlayer { south: mine, north: theirs }, first).expect("valid setups");
    writeln!(
        out,
        "{} first. Type moves like e4-e5; 'resign' gives up.",
        if first == HUMAN { "You move" } else { "The AI moves" }
    )?;
    while game.outcome().is_none() {
        if game.turn() != HUMAN {
            let view = game.view(HUMAN.other());
            let mv = ai::choose_move(&view, cfg.level, cfg.think, &mut rng).expect("the AI has a legal move");
            let report = game.play(mv).expect("the AI plays legal moves");
            writeln!(out, "{}", describe(rules, "AI", mv, report.combat))?;
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
            Ok(report) => writeln!(out, "{}", describe(rules, "you", report.mv, report.combat))?,
            Err(e) => writeln!(out, "{e}")?,
        }
    }
    let view = game.view(HUMAN);
    write!(out, "\n{}", render(&view))?;
    let text = match game.outcome() {
        Some(Outcome::Win { winner, reason }) if winner == HUMAN => format!("You win ({reason:?})."),
        Some(Outcome::Win { reason, .. }) => format!("The AI wins ({reason:?})."),
        Some(Outcome::Draw(reason)) => format!("Draw ({reason:?})."),
        None => String::new(),
    };
    writeln!(out, "{text} {} {}.", game.ply(), if game.ply() == 1 { "ply" } else { "plies" })?;
    if let Some(s) = view.revealed_setups() {
        writeln!(out, "Setups (R26): yours {}, the AI's {}", s.south.to_code(), s.north.to_code())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scripted_game_shows_only_the_humans_view() {
        let cfg = PlayConfig { level: Level::Random, rules: RuleSetId::Battle, seed: 4, think: Duration::ZERO };
        let input = "xx\n\nz9-z9\na4-a5\nb4-b5\nresign\n";
        let mut out = Vec::new();
        run(&cfg, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("That code does not work"), "{text}");
        assert!(text.contains("your move>"), "{text}");
        assert!(text.contains("You move first.") || text.contains("The AI moves first."), "{text}");
        assert!(text.contains("The AI wins (Resignation)"), "{text}");
        assert!(text.contains("Setups (R26)"), "{text}");
        // Before the end, the enemy's unmoved pieces are drawn as backs only.
        let board = text.split("your move>").next().unwrap();
        assert!(board.contains("#?") && !board.contains("#F"), "{board}");
    }
}
