//! Callback data of every inline button: a typed enum with [`Callback::encode`]
//! and [`Callback::parse`]. Board buttons carry the game id and the board
//! version they were drawn with, so a press on an old board is refused.
//!
//! Wire format: a one-letter tag and dot-separated fields, e.g. `p.12.7.e4`
//! (tap e4 on version 7 of game 12's board). Always at most 64 bytes
//! (Telegram's limit): the longest variant is a workbench button (its
//! setup code, a square and a 10-digit saved-setup id), 64 bytes.

use engine::{RuleSetId, Square};

use crate::app::{Action, Bench, BenchOp, GameRules, SetupAction};
use crate::i18n::Lang;

/// Telegram's limit on `callback_data`, in bytes.
pub const MAX_LEN: usize = 64;

/// A setup-board control (the setup actions that fit a button).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupButton {
    /// «Перемешать».
    Shuffle,
    /// «Расставить с умом».
    Smart,
    /// «В бой!».
    Confirm,
    /// Change a confirmed setup.
    Edit,
    /// Scroll to a first column (0–2).
    Scroll(u8),
}

impl SetupButton {
    /// The use-case action.
    #[must_use]
    pub fn action(self) -> SetupAction {
        match self {
            SetupButton::Shuffle => SetupAction::Shuffle,
            SetupButton::Smart => SetupAction::Smart,
            SetupButton::Confirm => SetupAction::Confirm,
            SetupButton::Edit => SetupAction::Edit,
            SetupButton::Scroll(n) => SetupAction::Scroll(n),
        }
    }
}

/// Every button the bot draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Callback {
    /// A square of a setup board.
    SetupTap {
        /// Game id.
        game: i64,
        /// Board version.
        ver: i64,
        /// The square.
        sq: Square,
    },
    /// A control of a setup board.
    Setup {
        /// Game id.
        game: i64,
        /// Board version.
        ver: i64,
        /// The control.
        button: SetupButton,
    },
    /// A square of a play board.
    Tap {
        /// Game id.
        game: i64,
        /// Board version.
        ver: i64,
        /// The square.
        sq: Square,
    },
    /// A control of a play board.
    Play {
        /// Game id.
        game: i64,
        /// Board version.
        ver: i64,
        /// The control.
        action: Action,
    },
    /// Accept (`true`) or decline a draw offer, from the offer message.
    DrawAnswer {
        /// Game id.
        game: i64,
        /// Accept?
        accept: bool,
    },
    /// Send the game's board again at the bottom of the chat (`/games`).
    Resend {
        /// Game id.
        game: i64,
    },
    /// `/new`: the rule set was chosen; ask for the days per move.
    NewRules(RuleSetId),
    /// `/new`: rule set and days per move (0 = unlimited) chosen: create the invitation.
    NewGame(RuleSetId, u8),
    /// `/new`: Jungle was chosen; ask for the days per move.
    NewJungleRules,
    /// `/new`: Jungle with days per move (0 = unlimited): create the invitation.
    NewJungle(u8),
    /// Withdraw a waiting invitation.
    CancelInvite {
        /// Game id.
        game: i64,
    },
    /// `/lang`: switch to this language.
    Lang(Lang),
    /// `/setups`: load this saved setup into the current setup.
    LoadSetup(i64),
    /// `/setups`: delete this saved setup.
    DeleteSetup(i64),
    /// `/setups` or the workbench: ask for a new name of this saved setup.
    RenameSetup(i64),
    /// Accept a challenge card (inline or group).
    Accept {
        /// The challenger's user id.
        challenger: i64,
        /// The game: a Stratego rule set or Jungle.
        rules: GameRules,
        /// Days per move, 0 = unlimited.
        days: u8,
    },
    /// Watch a challenge card's game (a private spectator board).
    Watch {
        /// The game.
        game: i64,
    },
    /// Stop watching.
    Unwatch {
        /// The game.
        game: i64,
    },
    /// `/settings`: toggle move confirmation in games with people (`false`)
    /// or against the AI (`true`).
    ToggleConfirm(bool),
    /// `/history`: send the game's export as a text file.
    Export {
        /// The finished game.
        game: i64,
    },
    /// `/history`: send a picture of the final position.
    Picture {
        /// The finished game.
        game: i64,
    },
    /// `/history`: show the replay after `ply` plies.
    Replay {
        /// The finished game.
        game: i64,
        /// Plies to show (clamped to the game's length).
        ply: u32,
    },
    /// `/history`: ◀ (`forward: false`) or ▶ on a replay that showed
    /// `from` plies: one ply back or on from where the presses before it
    /// lead (the message may still show an older ply while its edits wait
    /// for pacing), or from `from` when none is pending.
    ReplayStep {
        /// The finished game.
        game: i64,
        /// The ply the replay showed when the button was drawn.
        from: u32,
        /// ▶ (`true`) or ◀.
        forward: bool,
    },
    /// After the end: a rematch with sides swapped.
    Rematch {
        /// The finished game.
        game: i64,
    },
    /// Accept an invitation (a rematch offer) by its code (≤ 22 characters).
    Join([u8; 22]),
    /// `/ai`: the level was chosen; ask for the rule set.
    AiLevel(ai::Level),
    /// `/ai`: level and rule set chosen: start the game against the AI.
    AiGame(ai::Level, RuleSetId),
    /// `/ai`: level chosen and Jungle: start a Jungle game against the AI.
    AiJungle(ai::Level),
    /// A shortcut of `/start`, `/help` and a dead link: do what the command does.
    Menu(MenuItem),
    /// A button of the setup workbench outside any game: the workbench as
    /// drawn (setup, selection, window, the saved setup it was opened from)
    /// and the control pressed.
    Bench {
        /// The workbench the button was drawn on.
        bench: Bench,
        /// The control.
        op: BenchOp,
    },
    /// `/setups`: open the workbench on a smart setup of this rule set.
    BenchNew(RuleSetId),
    /// A button that does nothing (a lake, an empty square when nothing can happen).
    Noop,
}

/// The commands a [`Callback::Menu`] button stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuItem {
    /// `/ai`: choose a level.
    Ai,
    /// `/new`: choose a rule set for an invitation.
    New,
}

impl MenuItem {
    /// The command it stands for.
    #[must_use]
    pub const fn command(self) -> &'static str {
        match self {
            MenuItem::Ai => "ai",
            MenuItem::New => "new",
        }
    }
}

/// Why callback data was refused: it is not something the bot drew.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unrecognised callback data")]
pub struct BadCallback;

fn rules_index(r: RuleSetId) -> usize {
    RuleSetId::ALL.iter().position(|x| *x == r).unwrap_or(0)
}

/// The levels `/ai` offers (the baselines are for the arena only).
pub const AI_LEVELS: [ai::Level; 3] = [ai::Level::Easy, ai::Level::Normal, ai::Level::Hard];

fn level_index(l: ai::Level) -> usize {
    AI_LEVELS.iter().position(|x| *x == l).unwrap_or(1)
}

fn setup_code(b: SetupButton) -> String {
    match b {
        SetupButton::Shuffle => "x".into(),
        SetupButton::Smart => "m".into(),
        SetupButton::Confirm => "c".into(),
        SetupButton::Edit => "e".into(),
        SetupButton::Scroll(n) => format!("l{n}"),
    }
}

fn action_code(a: Action) -> String {
    match a {
        Action::Scroll(n) => format!("l{n}"),
        Action::Menu => "m".into(),
        Action::Back => "b".into(),
        Action::Resign => "r".into(),
        Action::ResignConfirm => "R".into(),
        Action::OfferDraw => "d".into(),
        Action::AcceptDraw => "a".into(),
        Action::DeclineDraw => "n".into(),
        Action::Abort => "x".into(),
        Action::ConfirmMove => "y".into(),
        Action::Moves(page) => format!("h{page}"),
    }
}

fn scroll(s: &str) -> Option<u8> {
    let n: u8 = s.strip_prefix('l')?.parse().ok()?;
    (n <= 2).then_some(n)
}

/// A move-list page: `h` and a number with no sign or leading zero.
fn page(s: &str) -> Option<u16> {
    let n = s.strip_prefix('h')?;
    (n == "0" || (!n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit()))).then(|| n.parse().ok())?
}

impl Callback {
    /// The wire form, at most [`MAX_LEN`] bytes.
    #[must_use]
    pub fn encode(&self) -> String {
        let s = match *self {
            Callback::SetupTap { game, ver, sq } => format!("u.{game}.{ver}.{sq}"),
            Callback::Setup { game, ver, button } => format!("U.{game}.{ver}.{}", setup_code(button)),
            Callback::Tap { game, ver, sq } => format!("p.{game}.{ver}.{sq}"),
            Callback::Play { game, ver, action } => format!("P.{game}.{ver}.{}", action_code(action)),
            Callback::DrawAnswer { game, accept } => format!("D.{game}.{}", if accept { 'a' } else { 'd' }),
            Callback::Resend { game } => format!("r.{game}"),
            Callback::NewRules(r) => format!("n.{}", rules_index(r)),
            Callback::NewGame(r, d) => format!("N.{}.{d}", rules_index(r)),
            Callback::NewJungleRules => "n.j".into(),
            Callback::NewJungle(d) => format!("N.j.{d}"),
            Callback::CancelInvite { game } => format!("c.{game}"),
            Callback::Lang(l) => format!("L.{}", l.code()),
            Callback::LoadSetup(id) => format!("S.{id}"),
            Callback::DeleteSetup(id) => format!("X.{id}"),
            Callback::RenameSetup(id) => format!("Y.{id}"),
            Callback::Rematch { game } => format!("R.{game}"),
            Callback::Export { game } => format!("E.{game}"),
            Callback::ToggleConfirm(ai) => format!("T.{}", u8::from(ai)),
            Callback::Accept { challenger, rules: GameRules::Jungle, days } => format!("I.{challenger}.j.{days}"),
            Callback::Accept { challenger, rules: GameRules::Stratego(r), days } => {
                format!("I.{challenger}.{}.{days}", rules_index(r))
            }
            Callback::Watch { game } => format!("W.{game}"),
            Callback::Unwatch { game } => format!("O.{game}"),
            Callback::Picture { game } => format!("G.{game}"),
            Callback::Replay { game, ply } => format!("V.{game}.{ply}"),
            Callback::ReplayStep { game, from, forward } => {
                format!("V.{game}.{from}.{}", if forward { 'n' } else { 'p' })
            }
            Callback::Join(code) => format!("J.{}", String::from_utf8_lossy(&code)),
            Callback::AiLevel(l) => format!("a.{}", level_index(l)),
            Callback::AiGame(l, r) => format!("A.{}.{}", level_index(l), rules_index(r)),
            Callback::AiJungle(l) => format!("A.{}.j", level_index(l)),
            Callback::Menu(item) => format!("M.{}", item.command()),
            Callback::Bench { bench, op } => {
                let op = match op {
                    BenchOp::Tap(sq) => sq.to_string(),
                    BenchOp::Shuffle => "x".into(),
                    BenchOp::Smart => "m".into(),
                    BenchOp::Scroll(n) => format!("l{n}"),
                    BenchOp::Save => "s".into(),
                };
                // Empty squares ('.' in a code) travel as '_', since '.' separates fields.
                let code = bench.setup.to_code().replace('.', "_");
                let sel = bench.selected.map_or_else(|| "-".to_owned(), |s| s.to_string());
                // The saved setup's id (at most `MAX_BENCH_SAVED_ID`, 10 digits) last, if any.
                let saved = bench.saved.map(|id| format!(".{id}")).unwrap_or_default();
                format!("B.{}.{code}.{sel}.{}.{op}{saved}", rules_index(bench.setup.rules()), bench.scroll)
            }
            Callback::BenchNew(r) => format!("b.{}", rules_index(r)),
            Callback::Noop => "_".into(),
        };
        debug_assert!(s.len() <= MAX_LEN);
        s
    }

    /// Reads callback data.
    ///
    /// # Errors
    /// [`BadCallback`] for anything [`Callback::encode`] does not produce.
    pub fn parse(data: &str) -> Result<Callback, BadCallback> {
        if data.len() > MAX_LEN {
            return Err(BadCallback);
        }
        let parts: Vec<&str> = data.split('.').collect();
        let num = |i: usize| -> Result<i64, BadCallback> {
            let s = parts.get(i).ok_or(BadCallback)?;
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(BadCallback);
            }
            s.parse().map_err(|_| BadCallback)
        };
        let sq = |i: usize| -> Result<Square, BadCallback> {
            let s = parts.get(i).ok_or(BadCallback)?;
            if *s != s.to_ascii_lowercase() {
                return Err(BadCallback);
            }
            s.parse().map_err(|_| BadCallback)
        };
        let rules = |i: usize| -> Result<RuleSetId, BadCallback> {
            RuleSetId::ALL.get(usize::try_from(num(i)?).map_err(|_| BadCallback)?).copied().ok_or(BadCallback)
        };
        let level = |i: usize| -> Result<ai::Level, BadCallback> {
            AI_LEVELS.get(usize::try_from(num(i)?).map_err(|_| BadCallback)?).copied().ok_or(BadCallback)
        };
        let arity = |n: usize| if parts.len() == n { Ok(()) } else { Err(BadCallback) };
        let cb = match parts[0] {
            "u" => {
                arity(4)?;
                Callback::SetupTap { game: num(1)?, ver: num(2)?, sq: sq(3)? }
            }
            "p" => {
                arity(4)?;
                Callback::Tap { game: num(1)?, ver: num(2)?, sq: sq(3)? }
            }
            "U" => {
                arity(4)?;
                let button = match parts[3] {
                    "x" => SetupButton::Shuffle,
                    "m" => SetupButton::Smart,
                    "c" => SetupButton::Confirm,
                    "e" => SetupButton::Edit,
                    s => SetupButton::Scroll(scroll(s).ok_or(BadCallback)?),
                };
                Callback::Setup { game: num(1)?, ver: num(2)?, button }
            }
            "P" => {
                arity(4)?;
                let action = match parts[3] {
                    "m" => Action::Menu,
                    "b" => Action::Back,
                    "r" => Action::Resign,
                    "R" => Action::ResignConfirm,
                    "d" => Action::OfferDraw,
                    "a" => Action::AcceptDraw,
                    "n" => Action::DeclineDraw,
                    "x" => Action::Abort,
                    "y" => Action::ConfirmMove,
                    s if s.starts_with('h') => Action::Moves(page(s).ok_or(BadCallback)?),
                    s => Action::Scroll(scroll(s).ok_or(BadCallback)?),
                };
                Callback::Play { game: num(1)?, ver: num(2)?, action }
            }
            "D" => {
                arity(3)?;
                let accept = match parts[2] {
                    "a" => true,
                    "d" => false,
                    _ => return Err(BadCallback),
                };
                Callback::DrawAnswer { game: num(1)?, accept }
            }
            "r" => {
                arity(2)?;
                Callback::Resend { game: num(1)? }
            }
            "n" => {
                arity(2)?;
                if parts[1] == "j" { Callback::NewJungleRules } else { Callback::NewRules(rules(1)?) }
            }
            "N" => {
                arity(3)?;
                let days = u8::try_from(num(2)?).map_err(|_| BadCallback)?;
                if !crate::telegram::DAYS_CHOICES.contains(&days) {
                    return Err(BadCallback);
                }
                if parts[1] == "j" { Callback::NewJungle(days) } else { Callback::NewGame(rules(1)?, days) }
            }
            "c" => {
                arity(2)?;
                Callback::CancelInvite { game: num(1)? }
            }
            "L" => {
                arity(2)?;
                Callback::Lang(Lang::parse(parts[1]).ok_or(BadCallback)?)
            }
            "S" => {
                arity(2)?;
                Callback::LoadSetup(num(1)?)
            }
            "X" => {
                arity(2)?;
                Callback::DeleteSetup(num(1)?)
            }
            "Y" => {
                arity(2)?;
                Callback::RenameSetup(num(1)?)
            }
            "a" => {
                arity(2)?;
                Callback::AiLevel(level(1)?)
            }
            "M" => {
                arity(2)?;
                let item = [MenuItem::Ai, MenuItem::New].into_iter().find(|i| i.command() == parts[1]);
                Callback::Menu(item.ok_or(BadCallback)?)
            }
            "R" => {
                arity(2)?;
                Callback::Rematch { game: num(1)? }
            }
            "b" => {
                arity(2)?;
                Callback::BenchNew(rules(1)?)
            }
            "B" => {
                if parts.len() != 6 {
                    arity(7)?;
                }
                let code = parts[2].replace('_', ".");
                let setup = engine::ValidSetup::from_code(rules(1)?.rules(), &code).map_err(|_| BadCallback)?;
                if setup.to_code() != code {
                    return Err(BadCallback);
                }
                let selected = if parts[3] == "-" { None } else { Some(sq(3)?) };
                if selected.is_some_and(|s| engine::home_slot(engine::Player::South, s).is_none()) {
                    return Err(BadCallback);
                }
                let window = u8::try_from(num(4)?).ok().filter(|n| *n <= 2).ok_or(BadCallback)?;
                let op = match parts[5] {
                    "x" => BenchOp::Shuffle,
                    "m" => BenchOp::Smart,
                    "s" => BenchOp::Save,
                    s if s.starts_with('l') => BenchOp::Scroll(scroll(s).ok_or(BadCallback)?),
                    _ => BenchOp::Tap(sq(5)?),
                };
                let saved = match parts.get(6) {
                    Some(_) => Some(num(6)?).filter(|id| (1..=crate::app::MAX_BENCH_SAVED_ID).contains(id)),
                    None => None,
                };
                if parts.len() == 7 && saved.is_none() {
                    return Err(BadCallback);
                }
                Callback::Bench { bench: Bench { setup, selected, scroll: window, saved }, op }
            }
            "I" => {
                arity(4)?;
                let days = u8::try_from(num(3)?).map_err(|_| BadCallback)?;
                if !crate::telegram::DAYS_CHOICES.contains(&days) {
                    return Err(BadCallback);
                }
                let rules = if parts[2] == "j" { GameRules::Jungle } else { GameRules::Stratego(rules(2)?) };
                Callback::Accept { challenger: num(1)?, rules, days }
            }
            "W" => {
                arity(2)?;
                Callback::Watch { game: num(1)? }
            }
            "O" => {
                arity(2)?;
                Callback::Unwatch { game: num(1)? }
            }
            "T" => {
                arity(2)?;
                match parts[1] {
                    "0" => Callback::ToggleConfirm(false),
                    "1" => Callback::ToggleConfirm(true),
                    _ => return Err(BadCallback),
                }
            }
            "E" => {
                arity(2)?;
                Callback::Export { game: num(1)? }
            }
            "G" => {
                arity(2)?;
                Callback::Picture { game: num(1)? }
            }
            "V" => {
                let (game, ply) = (num(1)?, u32::try_from(num(2)?).map_err(|_| BadCallback)?);
                match parts.get(3) {
                    None => Callback::Replay { game, ply },
                    Some(step) => {
                        arity(4)?;
                        let forward = match *step {
                            "n" => true,
                            "p" => false,
                            _ => return Err(BadCallback),
                        };
                        Callback::ReplayStep { game, from: ply, forward }
                    }
                }
            }
            "J" => {
                arity(2)?;
                let code: [u8; 22] = parts[1].as_bytes().try_into().map_err(|_| BadCallback)?;
                if !code.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_') {
                    return Err(BadCallback);
                }
                Callback::Join(code)
            }
            "A" => {
                arity(3)?;
                if parts[2] == "j" { Callback::AiJungle(level(1)?) } else { Callback::AiGame(level(1)?, rules(2)?) }
            }
            "_" => {
                arity(1)?;
                Callback::Noop
            }
            _ => return Err(BadCallback),
        };
        Ok(cb)
    }
}

#[cfg(test)]
#[path = "callback_tests.rs"]
mod tests;
