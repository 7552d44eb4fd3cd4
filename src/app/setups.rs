//! Saved setups and the setup workbench outside any game (R4–R6): a
//! setup is edited by taps, shuffled or made smart, saved under a name,
//! renamed, deleted, and loaded into a game's setup or the workbench.
//!
//! The workbench keeps no state of its own: its board carries the setup
//! (its code), the selected square, the window and the saved setup it was
//! opened from in each button, so a press always acts on the setup the
//! player sees.
//!
//! A saved setup belongs to a family of rule sets with one army and board
//! ([`super::family`]: «Сражение» with its running variant, classic, the
//! duels), so it is offered in every game of its family.

use engine::{Player, RuleSetId, Square, ValidSetup};

use super::{App, UserError, family};
use crate::storage::{GameStatus, SavedSetup, SetupPrompt};

/// Longest setup name, in characters.
pub const NAME_MAX: usize = 32;

/// A control of the workbench.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchOp {
    /// A square tapped: select it, or swap it with the selected one.
    Tap(Square),
    /// «Перемешать».
    Shuffle,
    /// «Расставить с умом».
    Smart,
    /// Move the file window to this first column (0–2).
    Scroll(u8),
    /// «Сохранить»: ask for a name to save the setup under (the workbench
    /// itself does not change).
    Save,
}

/// The largest saved-setup id a workbench button carries (so its data stays
/// within Telegram's 64 bytes); a workbench on a setup of a larger id offers
/// Save but not Rename.
pub const MAX_BENCH_SAVED_ID: i64 = 9_999_999_999;

/// The families of rule sets that saved setups belong to, in list order.
pub const SETUP_FAMILIES: [&str; 3] = ["battle", "classic", "duel"];

/// What the workbench shows: the setup, a selected square, the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// The setup being edited (South's home ranks, R4).
    pub setup: ValidSetup,
    /// The first square of a swap, once tapped.
    pub selected: Option<Square>,
    /// First visible column (0–2).
    pub scroll: u8,
    /// The saved setup it was opened from (1..=[`MAX_BENCH_SAVED_ID`]), to rename.
    pub saved: Option<i64>,
}

impl Bench {
    /// A workbench on `setup`, nothing selected, the left window.
    #[must_use]
    pub const fn new(setup: ValidSetup) -> Bench {
        Bench { setup, selected: None, scroll: 0, saved: None }
    }

    /// A workbench on saved setup `id` (whose setup is `setup`).
    #[must_use]
    pub fn of_saved(setup: ValidSetup, id: i64) -> Bench {
        Bench { saved: (1..=MAX_BENCH_SAVED_ID).contains(&id).then_some(id), ..Bench::new(setup) }
    }

    /// The workbench after `op`: a second tap swaps two squares (a tap on
    /// the selected square clears it).
    ///
    /// # Errors
    /// [`UserError::NotYourPiece`] for a square outside the home ranks.
    pub fn apply(self, op: BenchOp) -> Result<Bench, UserError> {
        let rules = self.setup.rules().rules();
        Ok(match op {
            BenchOp::Tap(sq) => {
                let slot = engine::home_slot(Player::South, sq).ok_or(UserError::NotYourPiece)?;
                match self.selected.and_then(|s| engine::home_slot(Player::South, s)) {
                    Some(first) if first != slot => {
                        Bench { setup: self.setup.swapped(first, slot), selected: None, ..self }
                    }
                    Some(_) => Bench { selected: None, ..self },
                    None => Bench { selected: Some(sq), ..self },
                }
            }
            BenchOp::Shuffle => Bench { setup: engine::shuffle(rules, &mut rand::rng()), selected: None, ..self },
            BenchOp::Smart => Bench { setup: engine::smart(rules, &mut rand::rng()), selected: None, ..self },
            BenchOp::Scroll(to) => Bench { scroll: to.min(super::LAST_WINDOW), ..self },
            BenchOp::Save => self,
        })
    }
}

/// The rule set a setup code belongs to: `prefer` if it fits, else the
/// first of [`RuleSetId::ALL`] whose army it is.
///
/// # Errors
/// [`UserError::BadSetupCode`] with the reason for `prefer` (or the first
/// rule set) when no rule set takes it.
pub fn code_rules(code: &str, prefer: Option<RuleSetId>) -> Result<ValidSetup, UserError> {
    let order = prefer.into_iter().chain(RuleSetId::ALL);
    let mut first_err = None;
    for r in order {
        match ValidSetup::from_code(r.rules(), code) {
            Ok(s) => return Ok(s),
            Err(e) => {
                first_err.get_or_insert(e);
            }
        }
    }
    Err(UserError::BadSetupCode(first_err.expect("at least one rule set")))
}

/// A setup name as given (trimmed), or [`UserError::BadSetupName`] when
/// empty, longer than [`NAME_MAX`] characters or with control characters.
///
/// # Errors
/// [`UserError::BadSetupName`].
fn clean_name(name: &str) -> Result<String, UserError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX || name.chars().any(char::is_control) {
        return Err(UserError::BadSetupName);
    }
    Ok(name.to_owned())
}

/// The rule set a saved setup is shown in: the one it was made in, else the
/// first offered rule set of its family.
fn shown_rules(s: &SavedSetup) -> Option<RuleSetId> {
    RuleSetId::parse_any(&s.rule_set).ok().or_else(|| RuleSetId::ALL.into_iter().find(|r| family(*r) == s.family))
}

/// Whether saved setup `s` can be loaded into a game of `rules` (same family).
#[must_use]
pub fn fits(s: &SavedSetup, rules: RuleSetId) -> bool {
    s.family == family(rules)
}

/// What changed among a user's saved setups, with everything the `/setups`
/// list needs to be redrawn in place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupsChanged {
    /// The setup saved or renamed (`None` after a delete).
    pub setup: Option<SavedSetup>,
    /// The old name of a renamed setup.
    pub old_name: Option<String>,
    /// All the user's saved setups now, as [`App::saved_setups`] lists them.
    pub all: Vec<SavedSetup>,
    /// The chat's newest `/setups` list message, to redraw.
    pub list_message: Option<i64>,
}

/// A workbench as shown: the workbench and the saved setup it edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchShown {
    /// The workbench.
    pub bench: Bench,
    /// The saved setup it was opened from, if it is still the user's.
    pub saved: Option<SavedSetup>,
}

impl App {
    /// The user's saved setups of every family, in the order of
    /// [`SETUP_FAMILIES`], each family by name.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn saved_setups(&self, user_id: i64) -> Result<Vec<SavedSetup>, UserError> {
        let mut all = vec![];
        for f in SETUP_FAMILIES {
            all.extend(self.store.list_setups(user_id, f).await?);
        }
        Ok(all)
    }

    /// Remembers message `message_id` as the chat's newest `/setups` list,
    /// the one redrawn after a change.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn setups_list_shown(&self, chat_id: i64, message_id: i64) -> Result<(), UserError> {
        Ok(self.store.set_setups_list(chat_id, message_id).await?)
    }

    async fn changed(
        &self,
        user_id: i64,
        setup: Option<SavedSetup>,
        old_name: Option<String>,
    ) -> Result<SetupsChanged, UserError> {
        let all = self.saved_setups(user_id).await?;
        let list_message = self.store.setups_list(user_id).await?;
        Ok(SetupsChanged { setup, old_name, all, list_message })
    }

    /// Saves `setup` under `name` for its family (replacing a setup of that
    /// family and name).
    ///
    /// # Errors
    /// [`UserError::BadSetupName`], [`UserError::Internal`].
    pub async fn save_setup(&self, user_id: i64, name: &str, setup: &ValidSetup) -> Result<SetupsChanged, UserError> {
        let name = clean_name(name)?;
        let rules = setup.rules();
        let saved = self.store.save_setup(user_id, family(rules), rules.as_str(), &name, &setup.to_code()).await?;
        self.changed(user_id, Some(saved), None).await
    }

    /// `/setups save NAME [CODE]`: saves the code given (for the rule set of
    /// the game in setup if it fits, else the first rule set it fits), or
    /// with no code the draft of the user's game in setup.
    ///
    /// # Errors
    /// [`UserError::SetupCodeNeeded`] with no code and no game in setup,
    /// [`UserError::BadSetupName`], [`UserError::Internal`].
    pub async fn save_setup_typed(&self, user_id: i64, arg: &str) -> Result<SetupsChanged, UserError> {
        let game = self.setup_game_of(user_id).await?;
        let game_rules = game.as_ref().and_then(|rec| RuleSetId::parse_any(&rec.rule_set).ok());
        let typed = arg
            .rsplit_once(char::is_whitespace)
            .and_then(|(name, last)| Some((name.trim(), code_rules(last, game_rules).ok()?)));
        let (name, setup) = match (typed, game) {
            (Some((name, setup)), _) => (name, setup),
            (None, Some(rec)) => {
                let code = rec.players.iter().find(|p| p.user_id == user_id).and_then(|p| p.draft_setup.clone());
                let code = code.ok_or(UserError::SetupCodeNeeded)?;
                (arg, code_rules(&code, game_rules)?)
            }
            (None, None) => return Err(UserError::SetupCodeNeeded),
        };
        self.save_setup(user_id, name, &setup).await
    }

    /// The user's game in setup that a typed setup command applies to: the
    /// last game they acted in if it is in setup, else their only one.
    async fn setup_game_of(&self, user_id: i64) -> Result<Option<crate::storage::GameRecord>, UserError> {
        let games = self.store.games_of_user(user_id, 50).await?;
        let in_setup: Vec<i64> = games.iter().filter(|g| g.status == GameStatus::Setup).map(|g| g.id).collect();
        let last = self.store.get_user(user_id).await?.and_then(|u| u.last_game_id);
        let id = match last {
            Some(id) if in_setup.contains(&id) => id,
            _ if in_setup.len() == 1 => in_setup[0],
            _ => return Ok(None),
        };
        Ok(self.store.load_game(id).await?)
    }

    /// A workbench on a saved setup of the user, in the rule set it was
    /// made in.
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] (also for someone else's), [`UserError::BadSetupCode`].
    pub async fn open_saved_setup(&self, user_id: i64, id: i64) -> Result<BenchShown, UserError> {
        let s = self.store.get_setup(user_id, id).await?.ok_or(UserError::NoSuchSetup)?;
        let rules = shown_rules(&s).ok_or(UserError::NoSuchSetup)?;
        let setup = ValidSetup::from_code(rules.rules(), &s.code).map_err(UserError::BadSetupCode)?;
        Ok(BenchShown { bench: Bench::of_saved(setup, id), saved: Some(s) })
    }

    /// A press on the workbench: the workbench after `op` and the saved
    /// setup it edits (dropped from the workbench if it is not the user's
    /// any more).
    ///
    /// # Errors
    /// [`UserError::NotYourPiece`] for a square outside the home ranks,
    /// [`UserError::Internal`].
    pub async fn press_bench(&self, user_id: i64, bench: Bench, op: BenchOp) -> Result<BenchShown, UserError> {
        let mut bench = bench.apply(op)?;
        let saved = match bench.saved {
            Some(id) => self.store.get_setup(user_id, id).await?,
            None => None,
        };
        if saved.is_none() {
            bench.saved = None;
        }
        Ok(BenchShown { bench, saved })
    }

    /// Renames `/setups rename OLD NEW`: `arg` is the old name, a space and
    /// the new name (the longest saved name that `arg` starts with is the
    /// old one).
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] when no saved name starts `arg`,
    /// [`UserError::BadSetupName`] for a bad new name.
    pub async fn rename_setup_typed(&self, user_id: i64, arg: &str) -> Result<SetupsChanged, UserError> {
        let all = self.saved_setups(user_id).await?;
        let old = all
            .iter()
            .filter(|s| arg.strip_prefix(s.name.as_str()).is_some_and(|rest| rest.starts_with(' ')))
            .max_by_key(|s| s.name.len())
            .ok_or(UserError::NoSuchSetup)?;
        self.rename_setup(user_id, old.id, &arg[old.name.len()..]).await
    }

    /// Renames saved setup `id` to `name` (a setup of that name in its
    /// family is replaced).
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`], [`UserError::BadSetupName`].
    pub async fn rename_setup(&self, user_id: i64, id: i64, name: &str) -> Result<SetupsChanged, UserError> {
        let new = clean_name(name)?;
        let old = self.store.get_setup(user_id, id).await?.ok_or(UserError::NoSuchSetup)?;
        let renamed = self.store.rename_setup(user_id, id, &new).await?.ok_or(UserError::NoSuchSetup)?;
        self.changed(user_id, Some(renamed), Some(old.name)).await
    }

    /// Deletes a saved setup.
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] if there is none of that id for the user.
    pub async fn delete_setup(&self, user_id: i64, id: i64) -> Result<SetupsChanged, UserError> {
        if !self.store.delete_setup(user_id, id).await? {
            return Err(UserError::NoSuchSetup);
        }
        self.changed(user_id, None, None).await
    }

    /// The saved setup a Rename button names, to ask for its new name.
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] (also for someone else's).
    pub async fn setup_to_rename(&self, user_id: i64, id: i64) -> Result<SavedSetup, UserError> {
        self.store.get_setup(user_id, id).await?.ok_or(UserError::NoSuchSetup)
    }

    /// Records that message `message_id` in `chat_id` asks `user_id` for a
    /// name: to save a workbench's setup, or a saved setup's new name.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn setup_name_asked(
        &self,
        chat_id: i64,
        message_id: i64,
        user_id: i64,
        prompt: &SetupPrompt,
    ) -> Result<(), UserError> {
        Ok(self.store.add_setup_prompt(chat_id, message_id, user_id, prompt).await?)
    }

    /// A typed reply `text` to message `message_id`: if that message asked
    /// for a setup's name, saves or renames under `text` and closes the
    /// question; `Ok(None)` if it asked nothing. A bad name changes nothing
    /// and the question stays open for another try.
    ///
    /// # Errors
    /// [`UserError::BadSetupName`], [`UserError::NoSuchSetup`] (renamed
    /// setup deleted meanwhile), [`UserError::BadSetupCode`], [`UserError::Internal`].
    pub async fn answer_setup_prompt(
        &self,
        chat_id: i64,
        message_id: i64,
        user_id: i64,
        text: &str,
    ) -> Result<Option<SetupsChanged>, UserError> {
        let Some(prompt) = self.store.setup_prompt(chat_id, message_id, user_id).await? else { return Ok(None) };
        let done = match prompt {
            SetupPrompt::Save { rule_set, code } => {
                let rules = RuleSetId::parse_any(&rule_set).map_err(|e| UserError::Internal(e.to_string()))?;
                let setup = ValidSetup::from_code(rules.rules(), &code).map_err(UserError::BadSetupCode)?;
                self.save_setup(user_id, text, &setup).await?
            }
            SetupPrompt::Rename { setup_id } => self.rename_setup(user_id, setup_id, text).await?,
        };
        self.store.remove_setup_prompt(chat_id, message_id).await?;
        Ok(Some(done))
    }
}

#[cfg(test)]
#[path = "setups_tests.rs"]
mod tests;
