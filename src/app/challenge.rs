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

/// The public side of a game: its challenge card and its spectators, as
/// the chat front-end draws them (R24, R25: spectators see backs only).
impl App {
    /// Records the challenge a card offers (the first press or posting
    /// records it; later ones find it) and returns it as stored.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn open_challenge_card(&self, card: &Challenge) -> Result<Challenge, UserError> {
        Ok(self.store.challenge_for_card(card).await?)
    }

    /// The challenge that made game `game_id`, if it came from a card.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn challenge_of_game(&self, game_id: i64) -> Result<Option<Challenge>, UserError> {
        Ok(self.store.challenge_of_game(game_id).await?)
    }

    /// Records the text a challenge card `card_id` now shows (and when).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn card_shown(&self, card_id: i64, text: &str) -> Result<(), UserError> {
        Ok(self.store.set_card(card_id, text).await?)
    }

    /// The newest `limit` challenges posted in group `chat_id`.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn challenges_in_chat(&self, chat_id: i64, limit: i64) -> Result<Vec<Challenge>, UserError> {
        Ok(self.store.challenges_in_chat(chat_id, limit).await?)
    }

    /// `user_id` starts watching game `game_id` (Watch on its card); returns
    /// the game as it is.
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`]; [`UserError::WrongPhase`] for one of its
    /// players (they have their own board); [`UserError::Internal`].
    pub async fn watch(&self, user_id: i64, game_id: i64) -> Result<crate::storage::GameRecord, UserError> {
        let rec = self.store.load_game(game_id).await?.ok_or(UserError::NoSuchGame)?;
        if rec.players.iter().any(|p| p.user_id == user_id) {
            return Err(UserError::WrongPhase);
        }
        self.store.add_spectator(game_id, user_id).await?;
        Ok(rec)
    }

    /// `user_id` stops watching game `game_id`; whether they were watching.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn unwatch(&self, user_id: i64, game_id: i64) -> Result<bool, UserError> {
        Ok(self.store.remove_spectator(game_id, user_id).await?)
    }

    /// The spectators of game `game_id`: `(user id, their board's message
    /// id, the game version it shows)`, by user id.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn spectators(&self, game_id: i64) -> Result<Vec<(i64, Option<i64>, i64)>, UserError> {
        Ok(self.store.spectators(game_id).await?)
    }

    /// Whether anything besides the players follows game `game_id`:
    /// `(a challenge card, spectators)` (cached: cheap for every move).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn followers(&self, game_id: i64) -> Result<(bool, bool), UserError> {
        Ok(self.store.followers(game_id).await?)
    }

    /// Records that spectator `user_id` of game `game_id` was shown the game
    /// at `version` in message `message_id` (`None`: it could not be sent).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn spectator_board_shown(
        &self,
        game_id: i64,
        user_id: i64,
        message_id: Option<i64>,
        version: i64,
    ) -> Result<(), UserError> {
        Ok(self.store.set_spectator_board(game_id, user_id, message_id, version).await?)
    }
}
