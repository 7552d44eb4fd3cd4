//! Invitations: create a game, join it through the deep link, cancel it, list games.

use engine::{Player, RuleSetId};

use super::state::{self, GameSummary};
use super::{Addressed, App, Done, Notice, UserError, random_code};
use crate::storage::{GameStatus, NewGame, PlayerRecord};

/// What the inviter chose in `/new`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewGameChoice {
    /// The rule set.
    pub rules: RuleSetId,
    /// Days per move (R23); `None` = unlimited.
    pub days_per_move: Option<i64>,
}

/// The result of opening an invitation link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinOutcome {
    /// The game joined.
    pub game_id: i64,
    /// Notices and the game to redraw.
    pub done: Done,
}

impl App {
    /// Creates a game waiting for an opponent, with the inviter as South,
    /// and returns it with its invitation code (128 random bits, base64url).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn new_game(&self, user_id: i64, choice: NewGameChoice) -> Result<(i64, String), UserError> {
        self.new_game_as(user_id, choice, Player::South).await
    }

    /// Like [`App::new_game`] with the creator on `side` (a rematch swaps sides).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn new_game_as(
        &self,
        user_id: i64,
        choice: NewGameChoice,
        side: Player,
    ) -> Result<(i64, String), UserError> {
        let first = choice.rules.rules().draw_first_player(&mut rand::rng());
        self.invitation_to(user_id, choice.rules.as_str(), first, choice.days_per_move, side).await
    }

    /// Creates a game of `rule_set` (a stored code: `battle` … `jungle`)
    /// waiting for an opponent, `first` to move first, the creator on
    /// `side`, with a fresh invitation code (128 random bits, base64url).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub(crate) async fn invitation_to(
        &self,
        user_id: i64,
        rule_set: &str,
        first: Player,
        days_per_move: Option<i64>,
        side: Player,
    ) -> Result<(i64, String), UserError> {
        let code = random_code(&mut rand::rng());
        let rec = self
            .store
            .create_game(&NewGame {
                rule_set: rule_set.to_owned(),
                first_player: first.as_str().to_owned(),
                days_per_move,
                opponent_kind: "human".into(),
                creator: self.seat(side, user_id).await?,
                invitation_code: Some(code.clone()),
            })
            .await?;
        self.store.set_last_game(user_id, rec.id).await?;
        Ok((rec.id, code))
    }

    /// The invitee opens the link: they take North, both drafts get a smart
    /// setup, and the setup phase begins (R5).
    ///
    /// # Errors
    /// [`UserError::InvitationNotFound`], [`UserError::InvitationCancelled`],
    /// [`UserError::InvitationUsed`] (also when someone else was faster),
    /// [`UserError::OwnInvitation`], [`UserError::Internal`].
    pub async fn join(&self, user_id: i64, name: &str, code: &str) -> Result<JoinOutcome, UserError> {
        let rec = self.store.game_by_invitation(code).await?.ok_or(UserError::InvitationNotFound)?;
        // The invitee's seat, with their vacation if one runs (R23).
        let seat = self.seat(Player::North, user_id).await?;
        let ((inviter, started), _) = self
            .with_game(rec.id, |rec| {
                let inviter = rec.players.first().map(|p| p.user_id).unwrap_or_default();
                match rec.status {
                    GameStatus::Cancelled => return Err(UserError::InvitationCancelled),
                    GameStatus::Waiting => {}
                    _ if rec.side_of(user_id).is_some() => return Ok(((inviter, vec![]), vec![])),
                    _ => return Err(UserError::InvitationUsed),
                }
                if inviter == user_id {
                    return Err(UserError::OwnInvitation);
                }
                if super::jungle::is_jungle(rec) {
                    // J3: no setup; the game starts as the invitee arrives.
                    let taken = state::parse_side(&rec.players[0].side)?;
                    rec.players.push(PlayerRecord { side: taken.other().as_str().to_owned(), ..seat.clone() });
                    rec.players.sort_by_key(|p| p.side != Player::South.as_str());
                    return Ok(((inviter, super::jungle::start(rec)?), vec![]));
                }
                let rules = state::rule_set(rec)?.rules();
                let mut rng = rand::rng();
                let taken = state::parse_side(&rec.players[0].side)?;
                let mut joiner = PlayerRecord { side: taken.other().as_str().to_owned(), ..seat.clone() };
                joiner.draft_setup = Some(engine::smart(rules, &mut rng).to_code());
                rec.players.push(joiner);
                rec.players.sort_by_key(|p| p.side != Player::South.as_str());
                state::player_mut(rec, taken)?.draft_setup = Some(engine::smart(rules, &mut rng).to_code());
                rec.status = GameStatus::Setup;
                state::touch_all(rec);
                Ok(((inviter, vec![]), vec![]))
            })
            .await?;
        self.store.set_last_game(user_id, rec.id).await?;
        // Jungle starts at once: "has begun" says it (the joined notice speaks of setting up).
        let mut notices = if inviter == user_id || !started.is_empty() {
            vec![]
        } else {
            vec![Addressed { user_id: inviter, notice: Notice::OpponentJoined { game_id: rec.id, name: name.into() } }]
        };
        notices.extend(started);
        Ok(JoinOutcome { game_id: rec.id, done: Done { game_id: Some(rec.id), notices } })
    }

    /// The inviter withdraws a waiting invitation.
    ///
    /// # Errors
    /// [`UserError::NotInGame`] for anyone else, [`UserError::InvitationUsed`]
    /// once the friend joined, [`UserError::InvitationCancelled`] if already cancelled.
    pub async fn cancel_invitation(&self, user_id: i64, game_id: i64) -> Result<Done, UserError> {
        self.with_game(game_id, |rec| {
            state::side_of(rec, user_id)?;
            match rec.status {
                GameStatus::Waiting => {
                    rec.status = GameStatus::Cancelled;
                    Ok(((), vec![]))
                }
                GameStatus::Cancelled => Err(UserError::InvitationCancelled),
                _ => Err(UserError::InvitationUsed),
            }
        })
        .await?;
        Ok(Done {
            game_id: None,
            notices: vec![Addressed { user_id, notice: Notice::InvitationCancelled { game_id } }],
        })
    }

    /// A rematch after a finished game, sides swapped: against the AI it
    /// starts at once; between people it is an invitation to the opponent
    /// (a second press, by either player, finds the same new game). Returns
    /// the new game, and the invitation code when the opponent must accept.
    ///
    /// # Errors
    /// [`UserError::NotInGame`], [`UserError::WrongPhase`] before the end,
    /// [`UserError::Internal`].
    pub async fn rematch(&self, user_id: i64, game_id: i64) -> Result<(i64, Option<String>), UserError> {
        let (rec, side) = self.game_of(user_id, game_id).await?;
        if rec.status != GameStatus::Finished {
            return Err(UserError::WrongPhase);
        }
        let jungle = super::jungle::is_jungle(&rec);
        if let Some(level) = super::ai_level(&rec.opponent_kind) {
            if jungle {
                return Ok((self.new_ai_jungle_game(user_id, level, side.other()).await?, None));
            }
            let rules = state::rule_set(&rec)?;
            return Ok((self.new_ai_game_as(user_id, level, rules, side.other()).await?, None));
        }
        if let Some(id) = rec.rematch_game {
            let code = self.store.invitation_code(id).await?;
            return Ok((id, code));
        }
        let (new_id, code) = if jungle {
            self.new_jungle_game(user_id, rec.days_per_move, side.other()).await?
        } else {
            let choice = NewGameChoice { rules: state::rule_set(&rec)?, days_per_move: rec.days_per_move };
            self.new_game_as(user_id, choice, side.other()).await?
        };
        let (linked, _) = self
            .with_game(game_id, |r| {
                if let Some(existing) = r.rematch_game {
                    return Ok((existing, vec![]));
                }
                r.rematch_game = Some(new_id);
                Ok((new_id, vec![]))
            })
            .await?;
        if linked != new_id {
            // The opponent was faster: withdraw ours and use theirs.
            self.cancel_invitation(user_id, new_id).await.ok();
            return Ok((linked, self.store.invitation_code(linked).await?));
        }
        Ok((new_id, Some(code)))
    }

    /// The user's games for `/games`: waiting, in setup, in play, then recently finished.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn games(&self, user_id: i64, limit: i64) -> Result<Vec<GameSummary>, UserError> {
        let recs = self.store.games_of_user(user_id, limit).await?;
        recs.iter().map(|r| state::summary(r, state::side_of(r, user_id)?)).collect()
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    #[test]
    fn rule_r7_first_player_by_lot_or_south() {
        // R7: classic and duel: South; battle: drawn by lot, both outcomes occur.
        let mut rng = StdRng::seed_from_u64(3);
        for _ in 0..20 {
            assert_eq!(RuleSetId::Classic.rules().draw_first_player(&mut rng), Player::South);
            assert_eq!(RuleSetId::Duel.rules().draw_first_player(&mut rng), Player::South);
        }
        let draws: Vec<Player> = (0..64).map(|_| RuleSetId::Battle.rules().draw_first_player(&mut rng)).collect();
        assert!(draws.contains(&Player::South) && draws.contains(&Player::North));
    }
}
