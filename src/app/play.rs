//! The play phase: taps, typed moves, the menu, resignation and draws (R8–R22).

use engine::{Cell, CombatResult, Game, Move, MoveReport, Outcome, Player, Square, WinReason};

use super::state::{self, Seat};
use super::{Addressed, App, Done, Notice, UserError};
use crate::storage::{GameRecord, GameStatus, MoveRecord, now};

/// A non-square button of the play board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Scroll the file window so that it starts at this column (0–2).
    Scroll(u8),
    /// Open the in-game menu.
    Menu,
    /// Back to the plain board.
    Back,
    /// Ask to resign (R22).
    Resign,
    /// Resign for real.
    ResignConfirm,
    /// Offer a draw, or accept the standing offer (R22).
    OfferDraw,
    /// Accept the opponent's draw offer.
    AcceptDraw,
    /// Decline the opponent's draw offer.
    DeclineDraw,
    /// Abort without result while a side has not made its first move (R23).
    Abort,
    /// Play the move waiting for confirmation: the ✓ button of boards
    /// drawn by earlier versions (boards now ask for a second tap on the
    /// destination instead, [`Seat::drawn`]).
    ConfirmMove,
    /// Show the move list at this page (R24: every ply as the player saw it).
    Moves(u16),
}

/// What a tap on a square did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapResult {
    /// A piece was selected; its destinations are marked.
    Selected(Square),
    /// The selection was cleared.
    Deselected,
    /// A move was played.
    Moved(MoveReport),
    /// The move waits for its confirmation (the player's setting): a second
    /// tap on its destination plays it; the board is not redrawn.
    Confirm(Move),
    /// A tap on a Jungle board (RULES.md §9).
    Jungle(super::jungle::JungleTap),
}

/// The stored result code of an outcome: `south-flag`, `north-resign`, `draw-agreed`, ….
#[must_use]
pub fn result_code(o: Outcome) -> String {
    match o {
        Outcome::Win { winner, reason } => {
            let r = match reason {
                WinReason::FlagCaptured => "flag",
                WinReason::NoLegalMoves => "nomoves",
                WinReason::Resignation => "resign",
                WinReason::Time => "time",
            };
            format!("{}-{r}", winner.as_str())
        }
        Outcome::Draw(reason) => format!("draw-{reason:?}").to_lowercase(),
    }
}

fn combat_code(report: &MoveReport) -> Option<String> {
    report.combat.map(|c| {
        let r = match c.result {
            CombatResult::AttackerWins => 'A',
            CombatResult::DefenderWins => 'D',
            CombatResult::BothRemoved => 'B',
        };
        format!("{}x{}={r}", c.attacker.code_char(), c.defender.code_char())
    })
}

/// Saves the engine game after it changed and records what the change means
/// for the boards, notifications and status.
pub(crate) fn after_change(
    rec: &mut GameRecord,
    game: &Game,
    mover: Option<Player>,
) -> Result<Vec<Addressed>, UserError> {
    state::store_engine(rec, game)?;
    record_change(rec, game.outcome().map(result_code), game.turn(), mover)
}

/// Records what a change of a game means, whichever game it is (Stratego
/// or Jungle): the result code once it is over, else whose turn it now is
/// (`mover` is `None` for a change that is not a move); selections clear
/// and both boards are redrawn.
pub(crate) fn record_change(
    rec: &mut GameRecord,
    result: Option<String>,
    turn: Player,
    mover: Option<Player>,
) -> Result<Vec<Addressed>, UserError> {
    for p in &mut rec.players {
        p.selected = None;
        p.scroll = 0; // back to each player's default view
    }
    state::touch_all(rec);
    let mut notices = vec![];
    if let Some(code) = result {
        rec.status = GameStatus::Finished;
        rec.result = Some(code);
        rec.draw_offer = None;
        for p in &rec.players {
            notices.push(Addressed { user_id: p.user_id, notice: Notice::GameOver { game_id: rec.id } });
        }
    } else if mover.is_some() {
        rec.turn_started_at = Some(now());
        rec.reminders_sent = 0;
        rec.draw_offer = None; // R22: an offer stands until the next move.
        state::player_mut(rec, turn)?.notify_pending = true;
    }
    Ok(notices)
}

impl App {
    /// Whether game `game_id` is a game of Jungle (RULES.md §9).
    ///
    /// # Errors
    /// [`UserError::NoSuchGame`], [`UserError::Internal`].
    pub async fn is_jungle_game(&self, game_id: i64) -> Result<bool, UserError> {
        let rec = self.store.load_game(game_id).await?.ok_or(UserError::NoSuchGame)?;
        Ok(super::jungle::is_jungle(&rec))
    }

    /// A tap on square `sq` of the play board: select a piece, clear the
    /// selection, or move the selected piece there (two taps per move).
    /// With the player's move confirmation on, the first tap on a
    /// destination only asks ([`TapResult::Confirm`], the board version
    /// unchanged) and a second tap on it plays the move.
    ///
    /// # Errors
    /// [`UserError::Stale`], [`UserError::WrongPhase`], [`UserError::NotYourTurn`],
    /// [`UserError::NotYourPiece`], [`UserError::NotADestination`],
    /// [`UserError::Illegal`] (e.g. a Mine tapped), and the errors of [`App::with_game`].
    pub async fn tap(
        &self,
        user_id: i64,
        game_id: i64,
        version: i64,
        sq: Square,
    ) -> Result<(TapResult, Done), UserError> {
        if self.is_jungle_game(game_id).await? {
            let (res, done) = self.jungle_tap(user_id, game_id, version, sq).await?;
            return Ok((TapResult::Jungle(res), done));
        }
        self.store.set_last_game(user_id, game_id).await?;
        let user = self.store.get_user(user_id).await?;
        let ((res, notices), _) = self
            .with_game(game_id, |rec| {
                let side = state::acting_side(rec, user_id, Some(version), GameStatus::Play)?;
                let mut game = state::load_engine(rec)?;
                if game.turn() != side {
                    return Err(UserError::NotYourTurn);
                }
                let confirm = state::confirms(rec, user.as_ref());
                let seat = state::seat(rec, side);
                let view = game.view(side);
                // A move waiting for its confirmation: a second tap on its
                // destination plays it; any other tap acts on the selection.
                let seat = match seat {
                    Seat::ConfirmMove(mv) if mv.to == sq => {
                        let (report, notices, moves) = play_for(rec, &mut game, side, mv)?;
                        return Ok(((TapResult::Moved(report), notices), moves));
                    }
                    Seat::ConfirmMove(mv) => Seat::Selected(mv.from),
                    seat => seat,
                };
                if let Seat::Selected(from) = seat {
                    if from == sq {
                        state::set_seat(rec, side, Seat::Idle)?;
                        return Ok(((TapResult::Deselected, vec![]), vec![]));
                    }
                    if view.destinations(from).any(|t| t == sq) && confirm {
                        // Not redrawn (the board version stays): the board
                        // keeps showing the selection and the answer to the
                        // tap asks for a second tap on the same square — one
                        // Bot API call less per confirmed move.
                        let mv = Move::new(from, sq);
                        // The seat changes without a new board version (no touch).
                        state::player_mut(rec, side)?.selected = Seat::ConfirmMove(mv).store();
                        return Ok(((TapResult::Confirm(mv), vec![]), vec![]));
                    }
                    if view.destinations(from).any(|t| t == sq) {
                        let report = game.play_as(side, Move::new(from, sq)).map_err(UserError::Illegal)?;
                        let moves = vec![move_record(&game, &report)];
                        let notices = after_change(rec, &game, Some(side))?;
                        return Ok(((TapResult::Moved(report), notices), moves));
                    }
                }
                match view.cell(sq) {
                    Cell::Own(p) if !p.rank.is_movable() => {
                        Err(UserError::Illegal(engine::MoveError::Immobile(p.rank)))
                    }
                    Cell::Own(_) => {
                        let dests: Vec<Square> = view.destinations(sq).collect();
                        let player = state::player_mut(rec, side)?;
                        let current = u8::try_from(player.scroll).unwrap_or(0);
                        player.scroll = i64::from(state::window_for(side, sq, &dests, current));
                        player.selected = Seat::Selected(sq).store();
                        state::touch(rec, side);
                        Ok(((TapResult::Selected(sq), vec![]), vec![]))
                    }
                    _ if matches!(seat, Seat::Selected(_)) => Err(UserError::NotADestination),
                    _ => Err(UserError::NotYourPiece),
                }
            })
            .await?;
        Ok((res, Done { game_id: Some(game_id), notices }))
    }

    /// A typed move (`e4-e5`, `e4 e5`, `e4e5`, `e4:e5`) in the game the user
    /// touched last, or their only game in play. Returns the game id, whether
    /// the user has several games in play (so the reply names the game), and
    /// the report.
    ///
    /// # Errors
    /// [`UserError::BadMoveText`], [`UserError::NoActiveGame`],
    /// [`UserError::NotYourTurn`], [`UserError::Illegal`] with the engine's
    /// reason, and the errors of [`App::with_game`].
    pub async fn typed_move(&self, user_id: i64, text: &str) -> Result<(i64, bool, String, Done), UserError> {
        let mv: Move = text.parse().map_err(UserError::BadMoveText)?;
        let in_play = self.store.games_in_play_of(user_id).await?;
        let last = self.store.get_user(user_id).await?.and_then(|u| u.last_game_id);
        let game_id = match last {
            Some(id) if in_play.contains(&id) => id,
            _ if in_play.len() == 1 => in_play[0],
            _ => return Err(UserError::NoActiveGame),
        };
        if self.is_jungle_game(game_id).await? {
            let remember = async { self.store.set_last_game(user_id, game_id).await.map_err(UserError::from) };
            let ((mv, done), ()) = tokio::try_join!(self.jungle_typed(user_id, game_id, text), remember)?;
            return Ok((game_id, in_play.len() > 1, mv, done));
        }
        let play = self.with_game(game_id, |rec| {
            let side = state::side_of(rec, user_id)?;
            let mut game = state::load_engine(rec)?;
            let (report, notices, moves) = play_for(rec, &mut game, side, mv)?;
            Ok(((report, notices), moves))
        });
        // The game the move is addressed to becomes the user's last one
        // whether or not the move is legal (as a button press on its board
        // does); asked together with the save, the store's writer mostly
        // writes both in one transaction.
        let remember = async { self.store.set_last_game(user_id, game_id).await.map_err(UserError::from) };
        let (((report, notices), _), ()) = tokio::try_join!(play, remember)?;
        Ok((game_id, in_play.len() > 1, report.mv.to_string(), Done { game_id: Some(game_id), notices }))
    }

    /// A control button of the play board (menu, scrolling, resignation, draws).
    ///
    /// # Errors
    /// [`UserError::Stale`] (for board buttons; the draw answers carry no
    /// version and are checked against the standing offer),
    /// [`UserError::WrongPhase`], [`UserError::NoDrawOffer`], and the errors of
    /// [`App::with_game`].
    pub async fn action(
        &self,
        user_id: i64,
        game_id: i64,
        version: Option<i64>,
        action: Action,
    ) -> Result<Done, UserError> {
        self.store.set_last_game(user_id, game_id).await?;
        let (notices, _) = self
            .with_game(game_id, |rec| {
                let side = state::acting_side(rec, user_id, version, GameStatus::Play)?;
                if super::jungle::is_jungle(rec) {
                    return super::jungle::action(rec, side, action);
                }
                let mut game = state::load_engine(rec)?;
                let set_seat = |rec: &mut GameRecord, seat: Seat| state::set_seat(rec, side, seat).map(|()| vec![]);
                let notices = match action {
                    Action::Scroll(to) => {
                        state::player_mut(rec, side)?.scroll = i64::from(to.min(state::LAST_WINDOW));
                        state::touch(rec, side);
                        vec![]
                    }
                    Action::Menu => set_seat(rec, Seat::Menu)?,
                    Action::Moves(page) => set_seat(rec, Seat::Moves(page))?,
                    Action::Back => set_seat(rec, Seat::Idle)?,
                    Action::Resign => set_seat(rec, Seat::ConfirmResign)?,
                    Action::ResignConfirm => {
                        game.resign(side).map_err(UserError::Illegal)?;
                        after_change(rec, &game, None)?
                    }
                    Action::OfferDraw | Action::AcceptDraw
                        if rec.draw_offer.as_deref() == Some(side.other().as_str()) =>
                    {
                        game.agree_draw().map_err(UserError::Illegal)?;
                        after_change(rec, &game, None)?
                    }
                    Action::AcceptDraw | Action::DeclineDraw
                        if rec.draw_offer.as_deref() != Some(side.other().as_str()) =>
                    {
                        return Err(UserError::NoDrawOffer);
                    }
                    Action::OfferDraw => {
                        rec.draw_offer = Some(side.as_str().to_owned());
                        state::player_mut(rec, side)?.selected = None;
                        state::touch_all(rec);
                        let other = state::opponent_id(rec, side).unwrap_or_default();
                        vec![Addressed { user_id: other, notice: Notice::DrawOffered { game_id } }]
                    }
                    Action::AcceptDraw => unreachable!("handled above"),
                    Action::ConfirmMove => {
                        let seat = Seat::parse(state::player(rec, side).and_then(|p| p.selected.as_deref()));
                        let Seat::ConfirmMove(mv) = seat else { return Err(UserError::Stale) };
                        let (_, notices, moves) = play_for(rec, &mut game, side, mv)?;
                        return Ok((notices, moves));
                    }
                    Action::Abort => {
                        if !game.can_abort() {
                            return Err(UserError::WrongPhase);
                        }
                        super::clock::abort(rec)?
                    }
                    Action::DeclineDraw => {
                        rec.draw_offer = None;
                        state::touch_all(rec);
                        let other = state::opponent_id(rec, side).unwrap_or_default();
                        vec![Addressed { user_id: other, notice: Notice::DrawDeclined { game_id } }]
                    }
                };
                Ok((notices, vec![]))
            })
            .await?;
        Ok(Done { game_id: Some(game_id), notices })
    }
}

/// Plays `mv` for `side` in `game` (the record's game, R8–R19) and returns the
/// report, the notices of the change and the ply's record: the one path of
/// every move a player makes (typed, tapped, from the Mini App).
///
/// # Errors
/// [`UserError::NotYourTurn`], [`UserError::Illegal`] with the engine's reason,
/// or what recording the change gives.
pub(crate) fn play_for(
    rec: &mut GameRecord,
    game: &mut Game,
    side: Player,
    mv: Move,
) -> Result<(MoveReport, Vec<Addressed>, Vec<MoveRecord>), UserError> {
    let report = game.play_as(side, mv).map_err(|e| match e {
        engine::MoveError::NotYourTurn => UserError::NotYourTurn,
        e => UserError::Illegal(e),
    })?;
    let moves = vec![move_record(game, &report)];
    let notices = after_change(rec, game, Some(side))?;
    Ok((report, notices, moves))
}

pub(crate) fn move_record(game: &Game, report: &MoveReport) -> MoveRecord {
    MoveRecord {
        ply: game.ply() as i64,
        side: report.player.as_str().to_owned(),
        mv: report.mv.to_string(),
        combat: combat_code(report),
        at: now(),
    }
}
