//! Ratings: Glicko-2 (the `skillratings` crate) per family of rule sets for
//! games between people; games against the AI are counted but unrated.

use engine::{Player, RuleSetId};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::state;
use super::{App, UserError, ai_level};
use crate::storage::{GameStatus, RatingRow};

/// The rating family of a rule set: `battle` («Сражение» and its running
/// variant), `classic`, or `duel` (both 10-piece games).
#[must_use]
pub fn family(rules: RuleSetId) -> &'static str {
    match rules {
        RuleSetId::Battle | RuleSetId::BattleRunners => "battle",
        RuleSetId::Classic | RuleSetId::Ucc => "classic",
        RuleSetId::Duel | RuleSetId::BattleDuel => "duel",
    }
}

/// New rows after a game: `score` is South's (1 win, ½ draw, 0 loss);
/// ratings change only when `rated`.
#[must_use]
pub fn rate(rows: Vec<RatingRow>, score: f64, rated: bool) -> Vec<RatingRow> {
    let mut rows = rows;
    if rated && rows.len() == 2 {
        let g = |r: &RatingRow| Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility };
        let outcome = if score > 0.75 {
            Outcomes::WIN
        } else if score < 0.25 {
            Outcomes::LOSS
        } else {
            Outcomes::DRAW
        };
        let (a, b) = glicko2(&g(&rows[0]), &g(&rows[1]), &outcome, &Glicko2Config::new());
        for (row, new) in rows.iter_mut().zip([a, b]) {
            row.rating = new.rating;
            row.deviation = new.deviation;
            row.volatility = new.volatility;
        }
    }
    for (i, row) in rows.iter_mut().enumerate() {
        let s = if i == 0 { score } else { 1.0 - score };
        row.games += 1;
        if s > 0.75 {
            row.wins += 1;
        } else if s < 0.25 {
            row.losses += 1;
        } else {
            row.draws += 1;
        }
    }
    rows
}

impl App {
    /// Counts a finished game once (idempotent): updates both players'
    /// records, and their ratings in games between people.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn settle(&self, game_id: i64) -> Result<(), UserError> {
        let Some(rec) = self.store.load_game(game_id).await? else { return Ok(()) };
        if rec.status != GameStatus::Finished {
            return Ok(());
        }
        let (score, family) = if super::jungle::is_jungle(&rec) {
            let Some(score) = super::jungle::south_score(&rec)? else { return Ok(()) };
            (score, super::GameRules::Jungle.family())
        } else {
            let game = state::load_engine(&rec)?;
            let Some(outcome) = game.outcome() else { return Ok(()) };
            let score = match outcome.winner() {
                Some(Player::South) => 1.0,
                Some(Player::North) => 0.0,
                None => 0.5,
            };
            (score, family(game.rule_set()))
        };
        let users: Vec<i64> = Player::ALL.iter().filter_map(|p| state::player(&rec, *p).map(|r| r.user_id)).collect();
        let rated = ai_level(&rec.opponent_kind).is_none();
        let ai = super::AI_USER_ID;
        self.store
            .settle_game(game_id, family, &users, |rows| {
                rate(rows, score, rated).into_iter().filter(|r| r.user_id != ai).collect()
            })
            .await?;
        Ok(())
    }

    /// The user's ratings and records, one row per family played.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn stats(&self, user_id: i64) -> Result<Vec<RatingRow>, UserError> {
        Ok(self.store.ratings_of(user_id).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glicko2_update_matches_a_hand_computed_example() {
        // Two newcomers (1500 ± 350, σ 0.06), South wins. By hand (Glickman's
        // Glicko-2 paper): μ = 0, φ = 350/173.7178 = 2.01476;
        // g(φ) = 1/√(1 + 3φ²/π²) = 0.66907; E = 0.5; v = 1/(g² E(1−E)) = 8.9354;
        // σ' ≈ 0.06; φ* = √(φ² + σ'²) = 2.01565; φ' = 1/√(1/φ*² + 1/v) = 1.67122
        // → RD 173.7178 × 1.67122 = 290.3; μ' = φ'² g (1 − E) = 0.93434
        // → rating 1500 + 173.7178 × 0.93434 = 1662.3 (the loser 1337.7).
        let rows = vec![RatingRow::initial(1, "battle"), RatingRow::initial(2, "battle")];
        let out = rate(rows, 1.0, true);
        assert!((out[0].rating - 1662.3).abs() < 0.5, "{}", out[0].rating);
        assert!((out[1].rating - 1337.7).abs() < 0.5, "{}", out[1].rating);
        assert!((out[0].deviation - 290.3).abs() < 0.5, "{}", out[0].deviation);
        assert_eq!((out[0].wins, out[1].losses, out[0].games), (1, 1, 1));
    }

    #[test]
    fn unrated_games_count_but_do_not_move_ratings() {
        let rows = vec![RatingRow::initial(1, "duel"), RatingRow::initial(0, "duel")];
        let out = rate(rows, 0.5, false);
        assert_eq!(out[0].rating, 1500.0);
        assert_eq!((out[0].draws, out[1].draws), (1, 1));
    }

    #[test]
    fn families() {
        assert_eq!(family(RuleSetId::BattleRunners), "battle");
        assert_eq!(family(RuleSetId::BattleDuel), "duel");
        assert_eq!(family(RuleSetId::Classic), "classic");
    }
}
