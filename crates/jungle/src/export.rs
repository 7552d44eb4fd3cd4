//! Export and import of a game of Jungle (J12): a line-based text in the
//! family of the Stratego export (`srazhenie-game v1`, engine crate).
//!
//! # The format (`srazhenie-jungle v1`)
//!
//! 1. the header `srazhenie-jungle v1`;
//! 2. `first: south` or `first: north` (J4);
//! 3. one line per ply: `N. SIDE FROM-TO`, a capture adding ` x ANIMAL`,
//!    the captured animal's English name (`x rat`);
//! 4. in a running game only, optionally `draw offer: SIDE` (R22);
//! 5. `result: TEXT`: `in progress`, `SIDE wins, REASON` with REASON `den`,
//!    `all captured`, `no legal moves` (J10), `resignation` (R22) or `time`
//!    (R23), or `draw, REASON` with REASON `no captures`, `repetition` or
//!    `agreed` (J11).
//!
//! Blank lines are skipped; `#` starts a comment. Import replays the moves,
//! so an illegal one is refused with the engine's reason; ply numbers,
//! sides, capture notes and a result that follows from the moves are
//! checked; resignation, time and an agreed draw are applied at the end.
//!
//! ```
//! let text = "\
//! srazhenie-jungle v1
//! first: south
//! 1. south a3-a4
//! 2. north g7-g6
//! result: north wins, resignation
//! ";
//! let game = jungle::import(text)?;
//! assert_eq!(game.ply(), 2);
//! assert_eq!(jungle::export(&game), text);
//! # Ok::<(), jungle::ImportError>(())
//! ```

use engine::{MoveParseError, Player, record_lines, write_plies_and_result};

use crate::animal::Animal;
use crate::game::Game;
use crate::record::{DrawReason, Move, MoveError, Outcome, WinReason};

/// The header line of the format.
pub const EXPORT_HEADER: &str = "srazhenie-jungle v1";

/// Why a text is not an importable game: the 1-based line and the
/// reason (the shared type of the export family).
pub type ImportError = engine::ImportError<ImportReason>;

/// What is wrong with one line (see [`ImportError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportReason {
    /// Not the line expected here, e.g. no header or no `first:` line.
    #[error("expected {expected}, found {found:?}")]
    Expected {
        /// What should stand here.
        expected: &'static str,
        /// What does (empty at the end of the text).
        found: String,
    },
    /// A move not written like `a3-a4`.
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// The ply number, side or capture note differs from the replay.
    #[error("the ply says {stated:?}, the replay gives {actual:?}")]
    Mismatch {
        /// As written.
        stated: String,
        /// As replayed.
        actual: String,
    },
    /// The engine refuses the move or action (J5–J9, R22, R23).
    #[error("illegal: {0}")]
    Illegal(MoveError),
    /// A result that is none of the known texts, or not what the moves give.
    #[error("result {stated:?}, the moves give {actual:?}")]
    Result {
        /// As written.
        stated: String,
        /// What the replay gives.
        actual: String,
    },
}

/// Writes `game` in the `srazhenie-jungle v1` format (module docs).
#[must_use]
pub fn export(game: &Game) -> String {
    let mut out = format!("{EXPORT_HEADER}\nfirst: {}\n", game.first_player().as_str());
    let plies = game.history().iter().map(|r| match r.captured {
        Some(a) => (r.player, format!("{} x {a}", r.mv)),
        None => (r.player, r.mv.to_string()),
    });
    write_plies_and_result(&mut out, plies, game.draw_offer(), &outcome_text(game.outcome()));
    out
}

/// Reads a text in the format of [`export`] into an equal [`Game`].
///
/// # Errors
/// The first problem, with its line (see [`ImportReason`]).
pub fn import(text: &str) -> Result<Game, ImportError> {
    let mut lines = record_lines(text);
    let end = text.lines().count() + 1;
    let mut take = |expected: &'static str, prefix: &str| match lines.next() {
        Some((n, l)) => l
            .strip_prefix(prefix)
            .map(|v| (n, v.trim()))
            .ok_or(ImportError { line: n, reason: ImportReason::Expected { expected, found: l.to_owned() } }),
        None => Err(ImportError { line: end, reason: ImportReason::Expected { expected, found: String::new() } }),
    };
    take("the header", EXPORT_HEADER)?;
    let (n, first) = take("first: SIDE", "first:")?;
    let first = Player::parse(first).ok_or_else(|| at(n, expected("south or north", first)))?;
    let mut game = Game::new(first);
    loop {
        let (n, l) = take("a ply or result: TEXT", "")?;
        if let Some(p) = l.strip_prefix("draw offer:") {
            let p = Player::parse(p.trim()).ok_or_else(|| at(n, expected("south or north", p)))?;
            game.offer_draw(p).map_err(|e| at(n, ImportReason::Illegal(e)))?;
        } else if let Some(result) = l.strip_prefix("result:") {
            finish(&mut game, result.trim()).map_err(|r| at(n, r))?;
            break;
        } else {
            replay_ply(&mut game, l).map_err(|r| at(n, r))?;
        }
    }
    match take("the end of the text", "\u{0}") {
        Err(ImportError { line, .. }) if line == end => Ok(game),
        Err(e) => Err(e),
        Ok(_) => unreachable!("no line starts with NUL after trimming comments"),
    }
}

fn at(line: usize, reason: ImportReason) -> ImportError {
    ImportError { line, reason }
}

fn expected(what: &'static str, found: &str) -> ImportReason {
    ImportReason::Expected { expected: what, found: found.to_owned() }
}

/// Plays one ply line `N. SIDE FROM-TO [x ANIMAL]` and checks its notes.
fn replay_ply(game: &mut Game, l: &str) -> Result<(), ImportReason> {
    let words: Vec<&str> = l.split_whitespace().collect();
    let [number, side, mv, note @ ..] = words.as_slice() else {
        return Err(expected("a ply like `3. south a3-a4 [x rat]`", l));
    };
    let mv: Move = mv.parse()?;
    let stated = format!("{number} {side} {}", note.join(" ").to_ascii_lowercase());
    let player = game.turn();
    let report = game.play(mv).map_err(ImportReason::Illegal)?;
    let captured = report.captured.map_or_else(String::new, |a: Animal| format!("x {a}"));
    let actual = format!("{}. {} {captured}", game.ply(), player.as_str());
    if stated == actual { Ok(()) } else { Err(ImportReason::Mismatch { stated, actual }) }
}

/// Checks the result against the replay, or applies one the moves cannot give.
fn finish(game: &mut Game, text: &str) -> Result<(), ImportReason> {
    let norm = text.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    let mismatch = || ImportReason::Result { stated: norm.clone(), actual: outcome_text(game.outcome()) };
    let stated = all_outcomes().find(|&o| outcome_text(o) == norm).ok_or_else(mismatch)?;
    if game.outcome().is_some() || stated.is_none() {
        return if stated == game.outcome() { Ok(()) } else { Err(mismatch()) };
    }
    let done = match stated {
        Some(Outcome::Win { winner, reason: WinReason::Resignation }) => game.resign(winner.other()),
        Some(Outcome::Win { winner, reason: WinReason::Time }) if winner != game.turn() => game.lose_on_time(),
        Some(o @ Outcome::Draw(DrawReason::Agreement)) => game.finish(o),
        _ => return Err(mismatch()),
    };
    done.map(drop).map_err(ImportReason::Illegal)
}

fn all_outcomes() -> impl Iterator<Item = Option<Outcome>> {
    let wins =
        [WinReason::Den, WinReason::AllCaptured, WinReason::NoLegalMoves, WinReason::Resignation, WinReason::Time];
    let draws = [DrawReason::NoCaptures, DrawReason::Repetition, DrawReason::Agreement];
    Player::ALL
        .into_iter()
        .flat_map(move |winner| wins.map(|reason| Some(Outcome::Win { winner, reason })))
        .chain(draws.map(|d| Some(Outcome::Draw(d))))
        .chain([None])
}

/// The result text of an outcome (module docs).
#[must_use]
pub fn outcome_text(o: Option<Outcome>) -> String {
    match o {
        None => "in progress".to_owned(),
        Some(Outcome::Win { winner, reason }) => format!(
            "{} wins, {}",
            winner.as_str(),
            match reason {
                WinReason::Den => "den",
                WinReason::AllCaptured => "all captured",
                WinReason::NoLegalMoves => "no legal moves",
                WinReason::Resignation => "resignation",
                WinReason::Time => "time",
            }
        ),
        Some(Outcome::Draw(reason)) => format!(
            "draw, {}",
            match reason {
                DrawReason::NoCaptures => "no captures",
                DrawReason::Repetition => "repetition",
                DrawReason::Agreement => "agreed",
            }
        ),
    }
}
