//! Challenges from any chat (inline mode) or a group (`/challenge`): a
//! public card with an Accept button for a Stratego or a Jungle game;
//! spectators of the resulting game.

use engine::Player;

use super::{App, GameRules, UserError, lobby::NewGameChoice};
use crate::storage::Challenge;

/// What pressing Accept did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Accepted {
    /// The game was created; both players get their setup boards.
    Game(i64),
    /// The acceptor has not started the bot: send them to it with this
    /// challenge id; the game is created when they arrive.
    NeedsStart(i64),
}

impl App {
    /// Accept on a challenge card. `card` describes the card (its key and
    /// the challenge it offers); the first press records it.
    ///
    /// # Errors
    /// [`UserError::OwnChallenge`], [`UserError::ChallengeTaken`] (someone
    /// else accepted first), [`UserError::ChallengeNotForYou`] (a named
    /// challenge), [`UserError::Internal`].
    pub async fn accept_challenge(
        &self,
        card: &Challenge,
        user_id: i64,
        username: Option<&str>,
        name: &str,
    ) -> Result<Accepted, UserError> {
        let ch = self.store.challenge_for_card(card).await?;
        self.take_challenge(&ch, user_id, username, name, self.store.has_started(user_id).await?).await
    }

    /// The acceptor arrives through the deep link `ch_<id>` after pressing
    /// Accept without having started the bot.
    ///
    /// # Errors
    /// As [`App::accept_challenge`]; [`UserError::InvitationNotFound`] for an unknown id.
    pub async fn arrive_challenge(
        &self,
        id: i64,
        user_id: i64,
        username: Option<&str>,
        name: &str,
    ) -> Result<i64, UserError> {
        let ch = self.store.challenge(id).await?.ok_or(UserError::InvitationNotFound)?;
        match self.take_challenge(&ch, user_id, username, name, true).await? {
            Accepted::Game(g) => Ok(g),
            Accepted::NeedsStart(_) => Err(UserError::Internal("started user sent to start".into())),
        }
    }

    async fn take_challenge(
        &self,
        ch: &Challenge,
        user_id: i64,
        username: Option<&str>,
        name: &str,
        started: bool,
    ) -> Result<Accepted, UserError> {
        if ch.challenger_id == user_id {
            return Err(UserError::OwnChallenge);
        }
        if ch.game_id.is_some() {
            return Err(UserError::ChallengeTaken);
        }
        let named = ch.target_user_id.is_some() || ch.target_username.is_some();
        let is_target = ch.target_user_id == Some(user_id)
            || ch.target_username.as_deref().zip(username).is_some_and(|(t, u)| t.eq_ignore_ascii_case(u));
        if named && !is_target {
            return Err(UserError::ChallengeNotForYou);
        }
        if !started {
            self.store.set_challenge_acceptor(ch.id, user_id).await?;
            return Ok(Accepted::NeedsStart(ch.id));
        }
        // The challenger plays South, in Stratego or Jungle (a Jungle game
        // starts as the acceptor joins, J3).
        let (game, code) = match GameRules::parse(&ch.rule_set) {
            Some(GameRules::Stratego(rules)) => {
                let choice = NewGameChoice { rules, days_per_move: ch.days_per_move };
                self.new_game_as(ch.challenger_id, choice, Player::South).await?
            }
            Some(GameRules::Jungle) => self.new_jungle_game(ch.challenger_id, ch.days_per_move, Player::South).await?,
            None => return Err(UserError::Internal("bad rule set".into())),
        };
        if !self.store.link_challenge(ch.id, game).await? {
            self.cancel_invitation(ch.challenger_id, game).await.ok();
            return Err(UserError::ChallengeTaken);
        }
        self.join(user_id, name, &code).await?;
        Ok(Accepted::Game(game))
    }
}
