//! Saved setups and the setup workbench outside any game (R4–R6): a
//! setup is edited by taps, shuffled or made smart, saved under a name,
//! renamed, deleted, and loaded into a game's setup or the workbench.
//!
//! The workbench keeps no state of its own: its board carries the setup
//! (its code), the selected square and the window in each button, so a
//! press always acts on the setup the player sees.

use engine::{Player, RuleSetId, Square, ValidSetup};

use super::{App, UserError};
use crate::storage::SavedSetup;

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
}

/// What the workbench shows: the setup, a selected square, the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bench {
    /// The setup being edited (South's home ranks, R4).
    pub setup: ValidSetup,
    /// The first square of a swap, once tapped.
    pub selected: Option<Square>,
    /// First visible column (0–2).
    pub scroll: u8,
}

impl Bench {
    /// A workbench on `setup`, nothing selected, the left window.
    #[must_use]
    pub const fn new(setup: ValidSetup) -> Bench {
        Bench { setup, selected: None, scroll: 0 }
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

/// A setup name as given, or [`UserError::BadSetupName`] when empty, too
/// long or with control characters.
fn clean_name(name: &str) -> Result<String, UserError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_MAX || name.chars().any(char::is_control) {
        return Err(UserError::BadSetupName);
    }
    Ok(name.to_owned())
}

impl App {
    /// The user's saved setups of every rule set, in the order of
    /// [`RuleSetId::ALL`], each by name.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn saved_setups(&self, user_id: i64) -> Result<Vec<SavedSetup>, UserError> {
        let mut all = vec![];
        for r in RuleSetId::ALL {
            all.extend(self.store.list_setups(user_id, r.as_str()).await?);
        }
        Ok(all)
    }

    /// Saves `setup` under `name` (replacing a setup of that rule set and name).
    ///
    /// # Errors
    /// [`UserError::BadSetupName`], [`UserError::Internal`].
    pub async fn save_setup(&self, user_id: i64, name: &str, setup: &ValidSetup) -> Result<SavedSetup, UserError> {
        let name = clean_name(name)?;
        Ok(self.store.save_setup(user_id, setup.rules().as_str(), &name, &setup.to_code()).await?)
    }

    /// A saved setup of the user, as a valid setup of its rule set.
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] (also for someone else's), [`UserError::BadSetupCode`].
    pub async fn saved_setup(&self, user_id: i64, id: i64) -> Result<ValidSetup, UserError> {
        let s = self.store.get_setup(user_id, id).await?.ok_or(UserError::NoSuchSetup)?;
        let rules = RuleSetId::parse_any(&s.rule_set).map_err(|e| UserError::Internal(e.to_string()))?;
        ValidSetup::from_code(rules.rules(), &s.code).map_err(UserError::BadSetupCode)
    }

    /// Renames a saved setup: `arg` is the old name, a space and the new
    /// name (the longest saved name that `arg` starts with is the old one).
    /// Returns the old and new names.
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] when no saved name starts `arg`,
    /// [`UserError::BadSetupName`] for a bad new name.
    pub async fn rename_setup(&self, user_id: i64, arg: &str) -> Result<(String, String), UserError> {
        let all = self.saved_setups(user_id).await?;
        let old = all
            .iter()
            .filter(|s| arg.strip_prefix(s.name.as_str()).is_some_and(|rest| rest.starts_with(' ')))
            .max_by_key(|s| s.name.len())
            .ok_or(UserError::NoSuchSetup)?;
        let new = clean_name(&arg[old.name.len()..])?;
        self.store.save_setup(user_id, &old.rule_set, &new, &old.code).await?;
        if new != old.name {
            self.store.delete_setup(user_id, old.id).await?;
        }
        Ok((old.name.clone(), new))
    }

    /// Deletes a saved setup.
    ///
    /// # Errors
    /// [`UserError::NoSuchSetup`] if there is none of that id for the user.
    pub async fn delete_setup(&self, user_id: i64, id: i64) -> Result<(), UserError> {
        if self.store.delete_setup(user_id, id).await? { Ok(()) } else { Err(UserError::NoSuchSetup) }
    }
}
