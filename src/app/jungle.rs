//! Jungle («Джунгли», RULES.md §9) in the bot: games stored with the rule
//! set `jungle` and the Jungle engine's JSON as their state. No setup phase
//! (J3): a game starts when both are in, against the AI at once. The rest
//! is shared with Stratego: the record with its version check
//! ([`App::with_game`]), the seat column ([`Seat`]), the clock (R23),
//! draws and resignation (R22), the ratings (family `jungle`).
//!
//! The chat's buttons carry Stratego's square type (`a1`–`j10`); a Jungle
//! square is the square of the same name (`a1`–`g9`), see [`to_jungle`].

use engine::{Player, RuleSetId};
use jungle::{Game, Move, MoveReport, Outcome};

use super::state::{self, Seat};
use super::{Action, Addressed, App, Done, Notice, UserError};
use crate::storage::{GameRecord, GameStatus, MoveRecord, now};

/// The stored rule-set code of a Jungle game.
pub const JUNGLE: &str = "jungle";

/// The game a record holds: a Stratego rule set or Jungle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameRules {
    /// Stratego under this rule set (RULES.md §1–§8).
    Stratego(RuleSetId),
    /// Jungle (RULES.md §9).
    Jungle,
}

impl GameRules {
    /// The stored code: the rule set's (`battle`, …) or `jungle`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameRules::Stratego(r) => r.as_str(),
            GameRules::Jungle => JUNGLE,
        }
    }

    /// Reads a stored code; `None` for an unknown one.
    #[must_use]
    pub fn parse(code: &str) -> Option<GameRules> {
        if code == JUNGLE { Some(GameRules::Jungle) } else { code.parse().ok().map(GameRules::Stratego) }
    }

    /// The ratings family: Stratego's by rule set, `jungle` for Jungle.
    #[must_use]
    pub fn family(self) -> &'static str {
        match self {
            GameRules::Stratego(r) => super::family(r),
            GameRules::Jungle => JUNGLE,
        }
    }
}

/// Whether `rec` is a game of Jungle.
#[must_use]
pub fn is_jungle(rec: &GameRecord) -> bool {
    rec.rule_set == JUNGLE
}

/// The Jungle square named like `sq` (`a1`–`g9`); `None` off the 7×9 board.
#[must_use]
pub fn to_jungle(sq: engine::Square) -> Option<jungle::Square> {
    jungle::Square::new(sq.file(), sq.rank())
}

/// The chat's square named like the Jungle square `sq`.
#[must_use]
pub fn from_jungle(sq: jungle::Square) -> engine::Square {
    engine::Square::new(sq.file(), sq.rank()).expect("a square of the 7×9 board lies on the 10×10 one")
}

fn move_to_jungle(mv: engine::Move) -> Option<Move> {
    Some(Move::new(to_jungle(mv.from)?, to_jungle(mv.to)?))
}

/// The stored Jungle game (play and finished phases).
pub(crate) fn load(rec: &GameRecord) -> Result<Game, UserError> {
    let json = rec.state.as_deref().ok_or(UserError::WrongPhase)?;
    serde_json::from_str(json).map_err(|e| UserError::Internal(format!("game {} state: {e}", rec.id)))
}

fn store(rec: &mut GameRecord, game: &Game) -> Result<(), UserError> {
    rec.state = Some(serde_json::to_string(game).map_err(|e| UserError::Internal(e.to_string()))?);
    rec.state_format = i64::from(jungle::FORMAT_VERSION);
    Ok(())
}

/// The stored result code of a Jungle outcome: `south-den`, `north-allcaptured`,
/// `draw-repetition`, … (J10, J11, R22, R23).
#[must_use]
pub fn result_code(o: Outcome) -> String {
    use jungle::{DrawReason, WinReason};
    match o {
        Outcome::Win { winner, reason } => {
            let r = match reason {
                WinReason::Den => "den",
                WinReason::AllCaptured => "allcaptured",
                WinReason::NoLegalMoves => "nomoves",
                WinReason::Resignation => "resign",
                WinReason::Time => "time",
            };
            format!("{}-{r}", winner.as_str())
        }
        Outcome::Draw(reason) => match reason {
            DrawReason::NoCaptures => "draw-nocaptures",
            DrawReason::Repetition => "draw-repetition",
            DrawReason::Agreement => "draw-agreed",
        }
        .to_owned(),
    }
}

/// Saves `game` into `rec` and records what the change means (boards,
/// notifications, status), as for Stratego.
fn after_change(rec: &mut GameRecord, game: &Game, mover: Option<Player>) -> Result<Vec<Addressed>, UserError> {
    store(rec, game)?;
    super::play::record_change(rec, game.outcome().map(result_code), game.turn(), mover)
}

fn move_record(game: &Game, report: &MoveReport) -> MoveRecord {
    MoveRecord {
        ply: game.ply() as i64,
        side: report.player.as_str().to_owned(),
        mv: report.mv.to_string(),
        combat: report.captured.map(|a| format!("x{}", a.as_str())),
        at: now(),
    }
}

/// Plays `mv` for `side`: the one path of every Jungle move (typed, tapped,
/// confirmed, the AI's).
fn play_for(
    rec: &mut GameRecord,
    game: &mut Game,
    side: Player,
    mv: Move,
) -> Result<(MoveReport, Vec<Addressed>, Vec<MoveRecord>), UserError> {
    let report = game.play_as(side, mv).map_err(|e| match e {
        jungle::MoveError::NotYourTurn => UserError::NotYourTurn,
        e => UserError::JungleIllegal(e),
    })?;
    let moves = vec![move_record(game, &report)];
    let notices = after_change(rec, game, Some(side))?;
    Ok((report, notices, moves))
}

/// Plays `mv`, chosen on the whole board (the Mini App) by `side`, in the
/// Jungle record `rec` whose version the caller checked: J5–J9 as for a
/// tap; a square off the 7×9 board is refused as bad move text.
pub(crate) fn play_chosen(
    rec: &mut GameRecord,
    side: Player,
    mv: engine::Move,
) -> Result<(Vec<Addressed>, Vec<MoveRecord>), UserError> {
    let off = |sq: engine::Square| {
        let name = sq.to_string();
        UserError::BadMoveText(engine::MoveParseError::Square(engine::SquareParseError::OffBoard {
            name,
            files: jungle::FILES,
            ranks: jungle::RANKS,
        }))
    };
    let jmv = Move::new(to_jungle(mv.from).ok_or_else(|| off(mv.from))?, to_jungle(mv.to).ok_or_else(|| off(mv.to))?);
    let mut game = load(rec)?;
    let (_, notices, moves) = play_for(rec, &mut game, side, jmv)?;
    Ok((notices, moves))
}

/// Starts the play phase of a record whose two seats are taken (J3, J4:
/// the first player was drawn when the game was created).
pub(crate) fn start(rec: &mut GameRecord) -> Result<Vec<Addressed>, UserError> {
    let first = state::parse_side(&rec.first_player)?;
    let game = Game::new(first);
    store(rec, &game)?;
    rec.status = GameStatus::Play;
    rec.turn_started_at = Some(now());
    for p in &mut rec.players {
        p.selected = None;
        p.scroll = 0;
    }
    state::player_mut(rec, first)?.notify_pending = true;
    state::touch_all(rec);
    Ok(Player::ALL
        .iter()
        .filter_map(|&side| state::player(rec, side).map(|p| (side, p.user_id)))
        .map(|(side, user_id)| Addressed {
            user_id,
            notice: Notice::GameStarted { game_id: rec.id, you_first: side == first },
        })
        .collect())
}

/// What a tap on a Jungle board did (the chat's toast names a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JungleTap {
    /// An animal was selected; its destinations are marked.
    Selected,
    /// The selection was cleared.
    Deselected,
    /// A move was played.
    Moved(MoveReport),
    /// The move waits for its confirmation (the player's setting): a second
    /// tap on its destination plays it; the board is not redrawn.
    Confirm(Move),
}

impl App {
    /// Creates a Jungle game waiting for an opponent, the creator on `side`,
    /// and returns it with its invitation code (as [`App::new_game`]).
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn new_jungle_game(
        &self,
        user_id: i64,
        days_per_move: Option<i64>,
        side: Player,
    ) -> Result<(i64, String), UserError> {
        let first = jungle::draw_first_player(&mut rand::rng());
        self.invitation_to(user_id, JUNGLE, first, days_per_move, side).await
    }

    /// Starts a Jungle game against the AI at `level` at once (no setup),
    /// the user on `human`; who moves first is drawn (J4). If the AI moves
    /// first, the front-end's AI turn plays it.
    ///
    /// # Errors
    /// [`UserError::Internal`] on a database failure.
    pub async fn new_ai_jungle_game(&self, user_id: i64, level: ai::Level, human: Player) -> Result<i64, UserError> {
        let first = jungle::draw_first_player(&mut rand::rng());
        self.create_ai_game(user_id, level, JUNGLE, first, human, |r| start(r).map(|_| ())).await
    }

    /// A tap on square `sq` of a Jungle board: select an own animal, clear
    /// the selection, or move the selected animal there (J5–J9). With the
    /// player's move confirmation on, the first tap on a destination only
    /// asks ([`JungleTap::Confirm`], the board version unchanged) and a
    /// second tap on it plays the move, as for Stratego.
    ///
    /// # Errors
    /// [`UserError::Stale`], [`UserError::WrongPhase`], [`UserError::NotYourTurn`],
    /// [`UserError::NotYourPiece`], [`UserError::NotADestination`], and the
    /// errors of [`App::with_game`].
    pub async fn jungle_tap(
        &self,
        user_id: i64,
        game_id: i64,
        version: i64,
        sq: engine::Square,
    ) -> Result<(JungleTap, Done), UserError> {
        self.store.set_last_game(user_id, game_id).await?;
        let user = self.store.get_user(user_id).await?;
        let ((res, notices), _) = self
            .with_game(game_id, |rec| {
                let side = state::acting_side(rec, user_id, Some(version), GameStatus::Play)?;
                let jsq = to_jungle(sq).ok_or(UserError::Stale)?;
                let mut game = load(rec)?;
                if game.turn() != side {
                    return Err(UserError::NotYourTurn);
                }
                let confirm = state::confirms(rec, user.as_ref());
                let view = game.view(side);
                // A move waiting for its confirmation: a second tap on its
                // destination plays it; any other tap acts on the selection.
                let seat = match state::seat(rec, side) {
                    Seat::ConfirmMove(mv) if mv.to == sq => {
                        let mv = move_to_jungle(mv).ok_or(UserError::Stale)?;
                        let (report, notices, moves) = play_for(rec, &mut game, side, mv)?;
                        return Ok(((JungleTap::Moved(report), notices), moves));
                    }
                    Seat::ConfirmMove(mv) => Seat::Selected(mv.from),
                    seat => seat,
                };
                if let Seat::Selected(from) = seat {
                    if from == sq {
                        state::set_seat(rec, side, Seat::Idle)?;
                        return Ok(((JungleTap::Deselected, vec![]), vec![]));
                    }
                    let jfrom = to_jungle(from).ok_or(UserError::Stale)?;
                    if view.destinations(jfrom).any(|t| t == jsq) {
                        let mv = Move::new(jfrom, jsq);
                        if confirm {
                            // Not redrawn (no touch: the board version stays),
                            // as for Stratego: the board keeps the selection and
                            // the answer to the tap asks for a second tap.
                            state::player_mut(rec, side)?.selected =
                                Seat::ConfirmMove(engine::Move::new(from, sq)).store();
                            return Ok(((JungleTap::Confirm(mv), vec![]), vec![]));
                        }
                        let (report, notices, moves) = play_for(rec, &mut game, side, mv)?;
                        return Ok(((JungleTap::Moved(report), notices), moves));
                    }
                }
                match view.piece_at(jsq) {
                    Some(p) if p.player == side => {
                        state::set_seat(rec, side, Seat::Selected(sq))?;
                        Ok(((JungleTap::Selected, vec![]), vec![]))
                    }
                    _ if matches!(seat, Seat::Selected(_)) => Err(UserError::NotADestination),
                    _ => Err(UserError::NotYourPiece),
                }
            })
            .await?;
        Ok((res, Done { game_id: Some(game_id), notices }))
    }

    /// A typed move (J12: `a3-a4`, `a3 a4`, `a3a4`) in Jungle game `game_id`.
    ///
    /// # Errors
    /// [`UserError::BadMoveText`] for a square off the 7×9 board,
    /// [`UserError::NotYourTurn`], [`UserError::JungleIllegal`] with the
    /// engine's reason, and the errors of [`App::with_game`].
    pub(crate) async fn jungle_typed(
        &self,
        user_id: i64,
        game_id: i64,
        text: &str,
    ) -> Result<(String, Done), UserError> {
        let mv: Move = text.parse().map_err(UserError::BadMoveText)?;
        let ((report, notices), _) = self
            .with_game(game_id, |rec| {
                let side = state::acting_side(rec, user_id, None, GameStatus::Play)?;
                let mut game = load(rec)?;
                let (report, notices, moves) = play_for(rec, &mut game, side, mv)?;
                Ok(((report, notices), moves))
            })
            .await?;
        Ok((report.mv.to_string(), Done { game_id: Some(game_id), notices }))
    }

    /// The AI's move in Jungle game `rec` (its turn, checked by the caller),
    /// thought on a blocking thread within `budget`, then played with a
    /// version check. `Ok(None)` when the game changed meanwhile.
    pub(crate) async fn jungle_ai_turn(
        &self,
        rec: &GameRecord,
        level: ai::Level,
        budget: std::time::Duration,
        min_think: Option<std::time::Duration>,
    ) -> Result<Option<Done>, UserError> {
        let game = load(rec)?;
        let side = state::side_of(rec, super::AI_USER_ID)?;
        if game.turn() != side || game.outcome().is_some() {
            return Ok(None);
        }
        let (ply, view) = (game.ply(), game.view(side));
        let think = move || ai::jungle::choose_move(&view, level, ai::Budget::time(budget), &mut rand::rng());
        let mv = super::ai::think_blocking(min_think, think).await?;
        let Some(mv) = mv else { return Ok(None) };
        let played = self
            .with_game(rec.id, |r| {
                let mut g = load(r)?;
                if g.ply() != ply || r.status != GameStatus::Play {
                    return Err(UserError::Stale);
                }
                let (_, notices, moves) = play_for(r, &mut g, side, mv)?;
                Ok((notices, moves))
            })
            .await;
        match played {
            Ok((notices, _)) => Ok(Some(Done { game_id: Some(rec.id), notices })),
            Err(UserError::Stale) => Ok(Some(Done { game_id: Some(rec.id), notices: vec![] })),
            Err(e) => Err(e),
        }
    }
}

/// A control of a Jungle board (menu, resignation, draws, confirmation,
/// abort) for `side`, as [`App::action`] for Stratego (R22, R23); the
/// caller checked the press (version, phase).
pub(crate) fn action(
    rec: &mut GameRecord,
    side: Player,
    action: Action,
) -> Result<(Vec<Addressed>, Vec<MoveRecord>), UserError> {
    let game_id = rec.id;
    let mut game = load(rec)?;
    let illegal = UserError::JungleIllegal;
    let set_seat = |rec: &mut GameRecord, seat: Seat| state::set_seat(rec, side, seat).map(|()| vec![]);
    let offer_by_other = rec.draw_offer.as_deref() == Some(side.other().as_str());
    let notices = match action {
        // The whole board is shown: nothing to scroll, no separate move list.
        Action::Scroll(_) | Action::Moves(_) | Action::Back => set_seat(rec, Seat::Idle)?,
        Action::Menu => set_seat(rec, Seat::Menu)?,
        Action::Resign => set_seat(rec, Seat::ConfirmResign)?,
        Action::ResignConfirm => {
            game.resign(side).map_err(illegal)?;
            after_change(rec, &game, None)?
        }
        Action::OfferDraw | Action::AcceptDraw if offer_by_other => {
            if game.draw_offer().is_none() {
                game.offer_draw(side.other()).map_err(illegal)?;
            }
            game.answer_draw(side, true).map_err(illegal)?;
            after_change(rec, &game, None)?
        }
        Action::AcceptDraw | Action::DeclineDraw if !offer_by_other => return Err(UserError::NoDrawOffer),
        Action::OfferDraw => {
            game.offer_draw(side).map_err(illegal)?;
            store(rec, &game)?;
            rec.draw_offer = Some(side.as_str().to_owned());
            state::player_mut(rec, side)?.selected = None;
            state::touch_all(rec);
            let other = state::opponent_id(rec, side).unwrap_or_default();
            vec![Addressed { user_id: other, notice: Notice::DrawOffered { game_id } }]
        }
        Action::DeclineDraw => {
            if game.draw_offer() == Some(side.other()) {
                game.answer_draw(side, false).map_err(illegal)?;
                store(rec, &game)?;
            }
            rec.draw_offer = None;
            state::touch_all(rec);
            let other = state::opponent_id(rec, side).unwrap_or_default();
            vec![Addressed { user_id: other, notice: Notice::DrawDeclined { game_id } }]
        }
        Action::AcceptDraw => unreachable!("handled above"),
        Action::ConfirmMove => {
            let Seat::ConfirmMove(mv) = state::seat(rec, side) else { return Err(UserError::Stale) };
            let mv = move_to_jungle(mv).ok_or(UserError::Stale)?;
            let (_, notices, moves) = play_for(rec, &mut game, side, mv)?;
            return Ok((notices, moves));
        }
        Action::Abort => {
            if game.outcome().is_some() || game.ply() >= 2 {
                return Err(UserError::WrongPhase);
            }
            super::clock::abort(rec)?
        }
    };
    Ok((notices, vec![]))
}

/// The side to move and the plies played of a Jungle record.
pub(crate) fn turn_and_ply(rec: &GameRecord) -> Result<(Player, usize), UserError> {
    let g = load(rec)?;
    Ok((g.turn(), g.ply()))
}

/// R23 for Jungle: the side to move lost on time, or the game is aborted
/// while a side has not made its first move.
pub(crate) fn expire(rec: &mut GameRecord) -> Result<Vec<Addressed>, UserError> {
    let mut game = load(rec)?;
    if game.ply() < 2 {
        return super::clock::abort(rec);
    }
    game.lose_on_time().map_err(UserError::JungleIllegal)?;
    after_change(rec, &game, None)
}

/// South's score of a finished Jungle game (1 win, ½ draw, 0 loss).
pub(crate) fn south_score(rec: &GameRecord) -> Result<Option<f64>, UserError> {
    Ok(load(rec)?.outcome().map(|o| match o.winner() {
        Some(Player::South) => 1.0,
        Some(Player::North) => 0.0,
        None => 0.5,
    }))
}

/// The export of a finished Jungle game (J12) and its outcome.
pub(crate) fn export(rec: &GameRecord) -> Result<(String, Option<Outcome>), UserError> {
    let game = load(rec)?;
    Ok((jungle::export(&game), game.outcome()))
}

/// A spectator's view of Jungle game `rec` (J1: from South's side; nothing
/// in Jungle is hidden, so it is a player's view); `None` when `rec` is not
/// a Jungle game in play or finished.
#[must_use]
pub fn spectator_view(rec: &GameRecord) -> Option<jungle::PlayerView> {
    if !is_jungle(rec) || !matches!(rec.status, GameStatus::Play | GameStatus::Finished) {
        return None;
    }
    load(rec).ok().map(|g| g.view(Player::South))
}

/// The replay frame of a finished Jungle game after `ply` plies (clamped to
/// the game's length), from `side`: the view, the plies shown, the plies of
/// the whole game.
pub(crate) fn replay_view(
    game: &Game,
    side: Player,
    ply: usize,
) -> Result<(jungle::PlayerView, usize, usize), UserError> {
    let total = game.ply();
    let ply = ply.min(total);
    let mut frame = Game::new(game.first_player());
    for rec in &game.history()[..ply] {
        frame.play(rec.mv).map_err(UserError::JungleIllegal)?;
    }
    Ok((frame.view(side), ply, total))
}

#[cfg(test)]
#[path = "jungle_tests.rs"]
mod tests;
