//! Game export and import: a line-based, human-readable text of a whole
//! game (finished or running) that the engine reads back into an equal
//! [`Game`].
//!
//! # The format (`srazhenie-game v1`)
//!
//! One item per line, in this order:
//!
//! 1. the header `srazhenie-game v1` (format name and version);
//! 2. `rules: NAME`, a [`RuleSetId`] name (`battle`, `classic`, …);
//! 3. `first: south` or `first: north`, who moved first (R7);
//! 4. `south: CODE` and `north: CODE`, the two setup codes of §8a;
//! 5. one line per ply: `N. SIDE FROM-TO`, the ply number from 1, the side
//!    that moved and the move; an attack adds ` x A/D RESULT`, the ranks of
//!    attacker and defender in the rule set's numbering
//!    ([`crate::RuleSet::number`]; `B` a Mine, `F` the Flag) and one of
//!    `attacker wins`, `defender wins`, `both removed` (R13–R17);
//! 6. in a running game only, optionally `draw offer: SIDE`, an offer that
//!    still stands (R22);
//! 7. `result: TEXT`, one of `in progress`, `SIDE wins, REASON` with REASON
//!    `flag captured` (R19), `no legal moves` (R20), `resignation` (R22) or
//!    `time` (R23), or `draw, REASON` with REASON `no legal moves` (R20),
//!    `no attacks` (R21), `agreed` (R22), `dead position` (classic §8) or
//!    `ply limit` (`ucc`).
//!
//! Blank lines are skipped; `#` starts a comment that runs to the end of the
//! line. Import replays every move through [`Game::play_as`], so an illegal
//! move is refused with the engine's [`MoveError`]. The ply numbers, sides,
//! combat annotations and a result that follows from the moves (flag, no
//! legal moves, no attacks, dead position) are informative: they are
//! recomputed and must match. Resignation, loss on time and an agreed draw
//! cannot be derived from the moves and are applied after the last ply.
//!
//! ```
//! let text = "\
//! srazhenie-game v1
//! rules: battle
//! first: south
//! south: BFB8657B869B3745s2485B98B963579919849796
//! north: BFB8657B869B3745s2485B98B963579919849796
//! 1. south e4-e5
//! 2. north e7-e6
//! 3. south e5-e6 x 8/4 defender wins   # a Sapper runs into a Major
//! 4. north e6-e5
//! 5. south f4-f5
//! 6. north e5-f5 x 4/4 both removed
//! result: north wins, resignation
//! ";
//! let game = engine::import(text)?;
//! assert_eq!(game.ply(), 6);
//! assert_eq!(engine::export(&game), text.replace("   # a Sapper runs into a Major", ""));
//! # Ok::<(), engine::ImportError>(())
//! ```
//!
//! The text holds both setups, so it is omniscient: give it to a player only
//! once the game is over (R26). Only games made by [`Game::new`] export to a
//! text that imports.

use std::fmt::Write as _;

use crate::combat::{Combat, CombatResult};
use crate::game::Game;
use crate::mv::{Move, MoveParseError};
use crate::player::{ByPlayer, Player};
use crate::rank::Rank;
use crate::record::{DrawReason, GameError, MoveError, Outcome, WinReason};
use crate::rules::{RuleSet, RuleSetId, UnknownRuleSet};
use crate::setup::{CodeError, ValidSetup};

/// The header line of the format this module writes and reads.
pub const EXPORT_HEADER: &str = "srazhenie-game v1";

/// Why a text is not an importable game: the 1-based line and the reason.
///
/// `R` is the game's reason type: [`ImportReason`] here, Jungle's own there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct ImportError<R: std::fmt::Display + std::fmt::Debug = ImportReason> {
    /// 1-based line of the text where the problem is; one past the last
    /// line when the text ends too early.
    pub line: usize,
    /// What is wrong there.
    pub reason: R,
}

/// What is wrong with one line of an imported game (see [`ImportError`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportReason {
    /// The first line is not [`EXPORT_HEADER`] (another format or version).
    #[error("expected the header {EXPORT_HEADER:?}, found {0:?}")]
    Header(String),
    /// A line other than the expected one, e.g. no `rules:` line.
    #[error("expected {expected}, found {found:?}")]
    Expected {
        /// What should stand here, e.g. `"rules: NAME"`.
        expected: &'static str,
        /// What does (empty at the end of the text).
        found: String,
    },
    /// The rule set's name is unknown.
    #[error(transparent)]
    RuleSet(#[from] UnknownRuleSet),
    /// A side other than `south` or `north`.
    #[error("{0:?} is not a side (south or north)")]
    Side(String),
    /// A setup code is not a code or not a legal army (§8a, R4, R5).
    #[error("bad {player:?} setup code: {error}")]
    Setup {
        /// Whose setup.
        player: Player,
        /// Why it is refused.
        error: CodeError,
    },
    /// The game cannot start like this (R7: e.g. North first in `classic`).
    #[error(transparent)]
    Game(#[from] GameError),
    /// A ply line is not `N. SIDE FROM-TO [x A/D RESULT]`.
    #[error("not a ply {0:?} (want e.g. `3. south e4-e5 x 5/6 attacker wins`)")]
    Ply(String),
    /// The move is not written like `e4-e5`.
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// The ply number is not the next one.
    #[error("ply {found} where ply {expected} was due")]
    PlyNumber {
        /// The next ply's number.
        expected: usize,
        /// The number written.
        found: usize,
    },
    /// The engine refuses the move (R8–R12, or the game is over).
    #[error("illegal move {mv}: {error}")]
    Illegal {
        /// The move.
        mv: Move,
        /// The engine's reason.
        error: MoveError,
    },
    /// The combat annotation differs from the combat the move gives (R13–R17).
    #[error("the annotation says {stated:?}, the move gives {actual:?}")]
    Combat {
        /// The annotation as written (empty when missing).
        stated: String,
        /// The annotation of the actual combat (empty for a quiet move).
        actual: String,
    },
    /// The draw offer cannot stand (R22: the game is over).
    #[error("no draw offer can stand here: {0}")]
    DrawOffer(MoveError),
    /// A result text that is none of the known ones.
    #[error("unknown result {0:?}")]
    BadResult(String),
    /// The stated result is not what the moves give.
    #[error("the result says {}, the moves give {}", outcome_text(*.stated), outcome_text(*.actual))]
    Result {
        /// The result written.
        stated: Option<Outcome>,
        /// The outcome of the replayed game.
        actual: Option<Outcome>,
    },
    /// R23: only the side to move can lose on time.
    #[error("{0:?} cannot lose on time: it is not their turn")]
    TimeOffTurn(Player),
    /// Text after the result line.
    #[error("nothing may follow the result, found {0:?}")]
    Trailing(String),
}

/// Writes `game` in the `srazhenie-game v1` format (module docs): header,
/// rule set, first player, both setup codes, every ply with its combat, a
/// standing draw offer, the result. Omniscient (R26).
#[must_use]
pub fn export(game: &Game) -> String {
    let rules = game.rules();
    let mut out = String::with_capacity(200 + 40 * game.ply());
    let _ = writeln!(out, "{EXPORT_HEADER}");
    let _ = writeln!(out, "rules: {}", game.rule_set());
    let _ = writeln!(out, "first: {}", game.first_player().as_str());
    for p in Player::ALL {
        let _ = writeln!(out, "{}: {}", p.as_str(), game.setups()[p].to_code());
    }
    let plies = game.history().iter().map(|r| match r.combat {
        Some(c) => (r.player, format!("{} {}", r.mv, combat_text(rules, c))),
        None => (r.player, r.mv.to_string()),
    });
    write_plies_and_result(&mut out, plies, game.draw_offer(), &outcome_text(game.outcome()));
    out
}

/// Writes the end of an export of this format family (this module's and
/// Jungle's): a line `N. SIDE PLY` per ply numbered from 1 (`PLY` is the
/// move and its note, e.g. `e4-e5 x 8/4 defender wins`), then `draw offer:
/// SIDE` when one stands (R22) and `result: RESULT`.
pub fn write_plies_and_result(
    out: &mut String,
    plies: impl IntoIterator<Item = (Player, String)>,
    draw_offer: Option<Player>,
    result: &str,
) {
    for (i, (player, ply)) in plies.into_iter().enumerate() {
        let _ = writeln!(out, "{}. {} {ply}", i + 1, player.as_str());
    }
    if let Some(p) = draw_offer {
        let _ = writeln!(out, "draw offer: {}", p.as_str());
    }
    let _ = writeln!(out, "result: {result}");
}

/// The lines of an export text that carry something, with their 1-based
/// numbers: `#` comments cut off, surrounding spaces trimmed, blank lines
/// skipped (this format family's reading rule).
pub fn record_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.split_once('#').map_or(l, |(a, _)| a).trim()))
        .filter(|(_, l)| !l.is_empty())
}

/// Reads a text written by [`export`] (or by hand in the same format) and
/// replays it into a [`Game`] equal to the exported one.
///
/// # Errors
/// The first problem met, with its line: a bad header, field, setup code
/// or ply line; an illegal move (with the engine's [`MoveError`]); a combat
/// annotation or a result that differs from what the moves give.
pub fn import(text: &str) -> Result<Game, ImportError> {
    let mut lines = record_lines(text);
    let end = text.lines().count() + 1;
    let mut next = |expected: &'static str| {
        lines.next().ok_or(ImportError { line: end, reason: ImportReason::Expected { expected, found: String::new() } })
    };
    let (n, header) = next("the header")?;
    if header != EXPORT_HEADER {
        return Err(err(n, ImportReason::Header(header.to_owned())));
    }
    let (n, v) = field(next("rules: NAME")?, "rules", "rules: NAME")?;
    let id = RuleSetId::parse_any(v).map_err(|e| err(n, ImportReason::from(e)))?;
    let (first_line, v) = field(next("first: SIDE")?, "first", "first: SIDE")?;
    let first = side(first_line, v)?;
    let mut setups = ByPlayer::new_with(|_| None);
    for (p, expected) in [(Player::South, "south: CODE"), (Player::North, "north: CODE")] {
        let (n, v) = field(next(expected)?, p.as_str(), expected)?;
        let s =
            ValidSetup::from_code(id.rules(), v).map_err(|error| err(n, ImportReason::Setup { player: p, error }))?;
        setups[p] = Some(s);
    }
    let setups = setups.map(|s| s.expect("both setups read"));
    let mut game = Game::new(id, setups, first).map_err(|e| err(first_line, ImportReason::from(e)))?;

    loop {
        let (n, l) = next("a ply or result: TEXT")?;
        if let Some(v) = l.strip_prefix("draw offer:") {
            let p = side(n, v.trim())?;
            game.offer_draw(p).map_err(|e| err(n, ImportReason::DrawOffer(e)))?;
            let (n, v) = field(next("result: TEXT")?, "result", "result: TEXT")?;
            finish(&mut game, n, v)?;
            break;
        }
        if let Some(v) = l.strip_prefix("result:") {
            finish(&mut game, n, v.trim())?;
            break;
        }
        ply(&mut game, n, l)?;
    }
    match lines.next() {
        Some((n, l)) => Err(err(n, ImportReason::Trailing(l.to_owned()))),
        None => Ok(game),
    }
}

fn err(line: usize, reason: ImportReason) -> ImportError {
    ImportError { line, reason }
}

/// The value of a `name: value` line.
fn field<'a>((n, l): (usize, &'a str), name: &str, expected: &'static str) -> Result<(usize, &'a str), ImportError> {
    match l.split_once(':') {
        Some((k, v)) if k.trim() == name => Ok((n, v.trim())),
        _ => Err(err(n, ImportReason::Expected { expected, found: l.to_owned() })),
    }
}

fn side(n: usize, s: &str) -> Result<Player, ImportError> {
    Player::parse(s).ok_or_else(|| err(n, ImportReason::Side(s.to_owned())))
}

/// Reads and plays one ply line `N. SIDE FROM-TO [x A/D RESULT]`.
fn ply(game: &mut Game, n: usize, l: &str) -> Result<(), ImportError> {
    let bad = || err(n, ImportReason::Ply(l.to_owned()));
    let mut words = l.split_whitespace();
    let number: usize = words.next().and_then(|w| w.strip_suffix('.')).and_then(|w| w.parse().ok()).ok_or_else(bad)?;
    let player = words.next().ok_or_else(bad)?;
    let mv = words.next().ok_or_else(bad)?;
    let annotation = words.collect::<Vec<_>>().join(" ");
    if number != game.ply() + 1 {
        return Err(err(n, ImportReason::PlyNumber { expected: game.ply() + 1, found: number }));
    }
    let player = side(n, player)?;
    let mv: Move = mv.parse().map_err(|e| err(n, ImportReason::from(e)))?;
    let report = game.play_as(player, mv).map_err(|error| err(n, ImportReason::Illegal { mv, error }))?;
    let actual = report.combat.map_or_else(String::new, |c| combat_text(game.rules(), c));
    if parse_combat(game.rules(), &annotation) != parse_combat(game.rules(), &actual) {
        return Err(err(n, ImportReason::Combat { stated: annotation, actual }));
    }
    Ok(())
}

/// Checks or applies the result `text` after the last ply.
fn finish(game: &mut Game, n: usize, text: &str) -> Result<(), ImportError> {
    let stated = parse_outcome(text).ok_or_else(|| err(n, ImportReason::BadResult(text.to_owned())))?;
    let actual = game.outcome();
    let mismatch = || err(n, ImportReason::Result { stated, actual });
    if actual.is_some() {
        return if stated == actual { Ok(()) } else { Err(mismatch()) };
    }
    match stated {
        None => Ok(()),
        Some(Outcome::Win { winner, reason: WinReason::Resignation }) => {
            game.resign(winner.other()).map(drop).map_err(|_| mismatch())
        }
        Some(Outcome::Win { winner, reason: WinReason::Time }) => {
            if winner == game.turn() {
                return Err(err(n, ImportReason::TimeOffTurn(winner.other())));
            }
            game.lose_on_time().map(drop).map_err(|_| mismatch())
        }
        Some(Outcome::Draw(DrawReason::Agreement)) => game.agree_draw().map(drop).map_err(|_| mismatch()),
        Some(_) => Err(mismatch()),
    }
}

/// The text of a combat: `x A/D RESULT` (module docs).
fn combat_text(rules: &RuleSet, c: Combat) -> String {
    let result = match c.result {
        CombatResult::AttackerWins => "attacker wins",
        CombatResult::DefenderWins => "defender wins",
        CombatResult::BothRemoved => "both removed",
    };
    format!("x {}/{} {result}", rank_text(rules, c.attacker), rank_text(rules, c.defender))
}

/// A rank in the rule set's numbering; `B` for a Mine, `F` for the Flag.
fn rank_text(rules: &RuleSet, r: Rank) -> String {
    match (r, rules.number(r)) {
        (_, Some(n)) => n.to_string(),
        (Rank::Flag, None) => "F".to_owned(),
        _ => "B".to_owned(),
    }
}

/// Parses a combat annotation (or `""`, no combat) into attacker, defender
/// and result; `Err(())` when it is not one.
fn parse_combat(rules: &RuleSet, s: &str) -> Result<Option<(Rank, Rank, CombatResult)>, ()> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let (ranks, result) = match words.as_slice() {
        [] => return Ok(None),
        ["x", ranks, a, b] => (*ranks, format!("{a} {b}").to_ascii_lowercase()),
        _ => return Err(()),
    };
    let rank = |t: &str| Rank::ALL.into_iter().find(|&r| rank_text(rules, r).eq_ignore_ascii_case(t)).ok_or(());
    let (a, d) = ranks.split_once('/').ok_or(())?;
    let result = match result.as_str() {
        "attacker wins" => CombatResult::AttackerWins,
        "defender wins" => CombatResult::DefenderWins,
        "both removed" => CombatResult::BothRemoved,
        _ => return Err(()),
    };
    Ok(Some((rank(a)?, rank(d)?, result)))
}

/// The result text of an outcome; `in progress` for `None` (module docs).
fn outcome_text(o: Option<Outcome>) -> String {
    let (who, reason) = match o {
        None => return "in progress".to_owned(),
        Some(Outcome::Win { winner, reason }) => (
            format!("{} wins", winner.as_str()),
            match reason {
                WinReason::FlagCaptured => "flag captured",
                WinReason::NoLegalMoves => "no legal moves",
                WinReason::Resignation => "resignation",
                WinReason::Time => "time",
            },
        ),
        Some(Outcome::Draw(reason)) => (
            "draw".to_owned(),
            match reason {
                DrawReason::NoLegalMoves => "no legal moves",
                DrawReason::NoAttacks => "no attacks",
                DrawReason::Agreement => "agreed",
                DrawReason::DeadPosition => "dead position",
                DrawReason::PlyLimit => "ply limit",
            },
        ),
    };
    format!("{who}, {reason}")
}

/// Parses a result text (any letter case and spacing); the outer `None`
/// when it is none of [`outcome_text`]'s.
fn parse_outcome(s: &str) -> Option<Option<Outcome>> {
    let norm = s.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase().replace(" ,", ",");
    let wins = [WinReason::FlagCaptured, WinReason::NoLegalMoves, WinReason::Resignation, WinReason::Time];
    let draws = [
        DrawReason::NoLegalMoves,
        DrawReason::NoAttacks,
        DrawReason::Agreement,
        DrawReason::DeadPosition,
        DrawReason::PlyLimit,
    ];
    let all = Player::ALL
        .into_iter()
        .flat_map(|winner| wins.map(|reason| Outcome::Win { winner, reason }))
        .chain(draws.map(Outcome::Draw))
        .map(Some)
        .chain([None]);
    all.into_iter().find(|&o| outcome_text(o) == norm)
}
