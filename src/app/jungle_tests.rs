//! Jungle's use cases on fresh SQLite databases: the stored game read back
//! after a restart, moves by tap and by text, bad input, the AI, the clock
//! and the ratings.

use ai::Level;
use engine::{Player, RuleSetId};

use super::*;
use crate::app::tests::fresh_app;
use crate::app::{Ending, TapResult};
use crate::storage::Store;

#[test]
fn squares_keep_their_names_between_the_boards() {
    for sq in jungle::Square::all() {
        assert_eq!(from_jungle(sq).to_string(), sq.to_string());
        assert_eq!(to_jungle(from_jungle(sq)), Some(sq));
    }
    assert_eq!(to_jungle("h4".parse().unwrap()), None);
    assert_eq!(to_jungle("a10".parse().unwrap()), None);
}

#[test]
fn rules_codes_round_trip() {
    assert_eq!(GameRules::parse("jungle"), Some(GameRules::Jungle));
    assert_eq!(GameRules::parse("battle"), Some(GameRules::Stratego(RuleSetId::Battle)));
    assert_eq!(GameRules::parse("chess"), None);
    assert_eq!(GameRules::Jungle.family(), "jungle");
    for r in RuleSetId::ALL {
        assert_eq!(GameRules::parse(GameRules::Stratego(r).as_str()), Some(GameRules::Stratego(r)));
    }
}

#[test]
fn rule_j10_j11_result_codes_name_winner_and_reason() {
    use jungle::{DrawReason, WinReason};
    let win = Outcome::Win { winner: Player::North, reason: WinReason::Den };
    assert_eq!(result_code(win), "north-den");
    assert_eq!(result_code(Outcome::Draw(DrawReason::Repetition)), "draw-repetition");
}

const ALICE: i64 = 1;
const BOB: i64 = 2;

fn user_of(side: Player) -> i64 {
    if side == Player::South { ALICE } else { BOB }
}

/// Alice (South) invites Bob (North) to Jungle; Bob joins and the game is in play.
async fn jungle_in_play(app: &App, days: Option<i64>) -> (i64, Player) {
    app.touch_user(ALICE, "Alice", None, Some("en")).await.unwrap();
    app.touch_user(BOB, "Bob", None, Some("ru")).await.unwrap();
    let (game, code) = app.new_jungle_game(ALICE, days, Player::South).await.unwrap();
    let joined = app.join(BOB, "Bob", &code).await.unwrap();
    // J4: both are told who moves first; no setup phase.
    let started: Vec<_> =
        joined.done.notices.iter().filter(|n| matches!(n.notice, Notice::GameStarted { .. })).collect();
    assert_eq!(started.len(), 2, "{:?}", joined.done.notices);
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!((rec.status, rec.rule_set.as_str()), (GameStatus::Play, JUNGLE));
    (game, state::parse_side(&rec.first_player).unwrap())
}

#[tokio::test]
async fn rule_j7_a_stored_game_reads_back_after_a_restart() {
    let app = fresh_app().await;
    let (game, first) = jungle_in_play(&app, Some(3)).await;
    // South's Rat walks g3–g7 and takes North's Elephant (J7); North's Rat walks down the a-file.
    let plan = |side: Player| match side {
        Player::South => ["g3-g4", "g4-g5", "g5-g6", "g6-g7"],
        Player::North => ["a7-a6", "a6-a5", "a5-a4", "a4-a3"],
    };
    let mut turn = first;
    let mut i = [0, 0];
    // South's fourth move is the capture: ply 7, or 8 when North begins.
    let plies = if first == Player::South { 7 } else { 8 };
    for _ in 0..plies {
        let mv = plan(turn)[i[turn.index()]];
        i[turn.index()] += 1;
        let (id, several, text, _) = app.typed_move(user_of(turn), mv).await.unwrap();
        assert_eq!((id, several, text.as_str()), (game, false, mv));
        turn = turn.other();
    }
    // A second store on the same file: nothing is read from the first one's caches.
    let url = format!("sqlite://{}/t.db?mode=rwc", app.dir.display());
    let again = Store::connect(&url).await.unwrap();
    let rec = again.load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.state_format, i64::from(jungle::FORMAT_VERSION));
    let stored = load(&rec).unwrap();
    let live = load(&app.store().load_game(game).await.unwrap().unwrap()).unwrap();
    assert_eq!(jungle::export(&stored), jungle::export(&live));
    assert_eq!(stored.ply(), plies);
    let moves = again.list_moves(game).await.unwrap();
    assert_eq!(moves.len(), plies);
    let capture = moves.iter().find(|m| m.mv == "g6-g7").expect("the capture is recorded");
    assert_eq!((capture.side.as_str(), capture.combat.as_deref()), ("south", Some("xelephant")));
    assert_eq!(stored.view(Player::North).captured(Player::North), vec![jungle::Animal::Elephant]);
    // /games lists it as Jungle.
    let list = app.games(ALICE, 10).await.unwrap();
    assert_eq!((list[0].rule_set, list[0].plies), (GameRules::Jungle, plies));
}

#[tokio::test]
async fn bad_input_changes_nothing() {
    let app = fresh_app().await;
    let (game, first) = jungle_in_play(&app, None).await;
    let mover = user_of(first);
    let before = app.store().load_game(game).await.unwrap().unwrap();
    let version = state::player(&before, first).unwrap().board_version;
    // J5: only the Rat swims; a Wolf into the river is refused with the reason.
    let into_water = if first == Player::South { "c3-c4" } else { "e7-e6" };
    let err = app.typed_move(mover, into_water).await.unwrap_err();
    assert_eq!(err, UserError::JungleIllegal(jungle::MoveError::Water));
    assert!(matches!(app.typed_move(mover, "h4-h5").await, Err(UserError::BadMoveText(_))), "off the 7×9 board");
    assert_eq!(app.typed_move(user_of(first.other()), "a1-a2").await.unwrap_err(), UserError::NotYourTurn);
    // A stale button, a square off the board, the opponent's animal.
    let sq = |s: &str| s.parse::<engine::Square>().unwrap();
    assert_eq!(app.tap(mover, game, version - 1, sq("a3")).await.unwrap_err(), UserError::Stale);
    assert_eq!(app.tap(mover, game, version, sq("j10")).await.unwrap_err(), UserError::Stale);
    let enemy = if first == Player::South { "a7" } else { "g3" };
    assert_eq!(app.tap(mover, game, version, sq(enemy)).await.unwrap_err(), UserError::NotYourPiece);
    let after = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!((after.state.clone(), after.version), (before.state.clone(), before.version));
    // Taps: select the Rat, then a square it cannot reach, then one it can.
    let rat = if first == Player::South { "g3" } else { "a7" };
    let (res, _) = app.tap(mover, game, version, sq(rat)).await.unwrap();
    assert_eq!(res, TapResult::Jungle(JungleTap::Selected));
    let version = version + 1;
    let far = if first == Player::South { "g5" } else { "a5" };
    assert_eq!(app.tap(mover, game, version, sq(far)).await.unwrap_err(), UserError::NotADestination);
    app.store().set_confirm(mover, false, false).await.unwrap();
    let step = if first == Player::South { "g4" } else { "a6" };
    let (res, done) = app.tap(mover, game, version, sq(step)).await.unwrap();
    assert!(matches!(res, TapResult::Jungle(JungleTap::Moved(r)) if r.mv.to_string() == format!("{rat}-{step}")));
    assert_eq!(done.game_id, Some(game));
}

#[tokio::test]
async fn the_ai_answers_with_a_legal_move() {
    let app = fresh_app().await;
    app.touch_user(ALICE, "Alice", None, Some("en")).await.unwrap();
    let game = app.new_ai_jungle_game(ALICE, Level::Easy, Player::South).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!((rec.status, rec.opponent_kind.as_str()), (GameStatus::Play, "ai:easy"));
    if state::parse_side(&rec.first_player).unwrap() == Player::South {
        app.typed_move(ALICE, "a3-a4").await.unwrap();
    }
    let done = app.ai_turn(game, None, None).await.unwrap().expect("the AI's turn");
    assert_eq!(done.game_id, Some(game));
    let g = load(&app.store().load_game(game).await.unwrap().unwrap()).unwrap();
    assert_eq!(g.turn(), Player::South, "the human's turn again");
    let last = g.history().last().expect("the AI moved");
    assert_eq!(last.player, Player::North);
    // Nothing more to do until the human moves.
    assert_eq!(app.ai_turn(game, None, None).await.unwrap(), None);
    // The record replays: every move legal.
    assert_eq!(jungle::import(&jungle::export(&g)).unwrap().ply(), g.ply());
}

#[tokio::test]
async fn rule_r22_resignation_and_draws_end_the_game_and_count_in_the_jungle_family() {
    let app = fresh_app().await;
    let (game, first) = jungle_in_play(&app, None).await;
    let (a, b) = (user_of(first), user_of(first.other()));
    // A draw offer, declined; then resignation.
    app.action(a, game, None, Action::OfferDraw).await.unwrap();
    assert_eq!(app.action(a, game, None, Action::AcceptDraw).await.unwrap_err(), UserError::NoDrawOffer);
    app.action(b, game, None, Action::DeclineDraw).await.unwrap();
    app.action(b, game, None, Action::ResignConfirm).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.status, GameStatus::Finished);
    assert_eq!(rec.result, Some(format!("{}-resign", first.as_str())));
    app.settle(game).await.unwrap();
    let stats = app.stats(a).await.unwrap();
    assert_eq!((stats[0].family.as_str(), stats[0].wins), ("jungle", 1));
    let (name, text, facts) = app.export_game(a, game).await.unwrap();
    assert_eq!(name, format!("srazhenie-jungle-{game}.txt"));
    assert_eq!(facts.rule_set, GameRules::Jungle);
    assert_eq!(facts.outcome.and_then(Ending::winner), Some(first));
    assert!(jungle::import(&text).unwrap().outcome().is_some());
    // A second game ends in an agreed draw.
    let (game, first) = jungle_in_play(&app, None).await;
    app.action(user_of(first), game, None, Action::OfferDraw).await.unwrap();
    app.action(user_of(first.other()), game, None, Action::AcceptDraw).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.result.as_deref(), Some("draw-agreed"));
}

#[tokio::test]
async fn rule_r23_the_clock_aborts_then_ends_a_jungle_game() {
    let app = fresh_app().await;
    let (game, _) = jungle_in_play(&app, Some(1)).await;
    let late = crate::storage::now() + 2 * crate::app::DAY;
    // Before both first moves: aborted without result.
    app.tick(late, &crate::app::ClockConfig::default()).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!((rec.status, rec.result.as_deref()), (GameStatus::Cancelled, Some("aborted")));
    // After them: the side to move loses on time.
    let (game, first2) = jungle_in_play(&app, Some(1)).await;
    let opening = |s: Player| if s == Player::South { "a3-a4" } else { "g7-g6" };
    app.typed_move(user_of(first2), opening(first2)).await.unwrap();
    app.typed_move(user_of(first2.other()), opening(first2.other())).await.unwrap();
    app.tick(late, &crate::app::ClockConfig::default()).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(rec.result, Some(format!("{}-time", first2.other().as_str())));
}

/// With move confirmation on (the default between people) the first tap on
/// a destination only asks — the board version stays, so the board as
/// shown keeps working — and a second tap on it plays the move; any other
/// tap acts on the selection (here: clears it). As for Stratego.
#[tokio::test]
async fn a_confirmed_jungle_tap_asks_without_a_redraw_and_plays_on_the_second_tap() {
    let app = fresh_app().await;
    let (game, first) = jungle_in_play(&app, None).await;
    let user = user_of(first);
    let (from, to) = if first == Player::South { ("a3", "a4") } else { ("g7", "g6") };
    let (from, to): (engine::Square, engine::Square) = (from.parse().unwrap(), to.parse().unwrap());
    let version = |app: &App| {
        let app = app.clone();
        async move { state::player(&app.store().load_game(game).await.unwrap().unwrap(), first).unwrap().board_version }
    };
    let v = version(&app).await;
    assert_eq!(app.tap(user, game, v, from).await.unwrap().0, TapResult::Jungle(JungleTap::Selected));
    let v = version(&app).await;
    let asked = app.tap(user, game, v, to).await.unwrap().0;
    let mv = Move::new(to_jungle(from).unwrap(), to_jungle(to).unwrap());
    assert_eq!(asked, TapResult::Jungle(JungleTap::Confirm(mv)));
    assert_eq!(version(&app).await, v, "asking does not redraw the board");
    assert!(app.store().list_moves(game).await.unwrap().is_empty());
    // Another tap (the animal itself) acts on the selection: cleared.
    assert_eq!(app.tap(user, game, v, from).await.unwrap().0, TapResult::Jungle(JungleTap::Deselected));
    let v = version(&app).await;
    app.tap(user, game, v, from).await.unwrap();
    let v = version(&app).await;
    assert!(matches!(app.tap(user, game, v, to).await.unwrap().0, TapResult::Jungle(JungleTap::Confirm(_))));
    let (moved, done) = app.tap(user, game, v, to).await.unwrap();
    assert!(matches!(moved, TapResult::Jungle(JungleTap::Moved(ref r)) if r.mv == mv), "{moved:?}");
    assert_eq!(done.game_id, Some(game));
    assert_eq!(app.store().list_moves(game).await.unwrap().len(), 1);
}

/// R26 for Jungle: once over, the game replays ply by ply from the reader's
/// side and draws its final position as a picture; not before.
#[tokio::test]
async fn rule_r26_a_finished_jungle_game_replays_and_draws_its_picture() {
    let app = fresh_app().await;
    let (game, first) = jungle_in_play(&app, None).await;
    let opening = |s: Player| if s == Player::South { "a3-a4" } else { "g7-g6" };
    app.typed_move(user_of(first), opening(first)).await.unwrap();
    assert_eq!(app.replay(ALICE, game, 0).await.unwrap_err(), UserError::WrongPhase, "not before the end");
    assert_eq!(app.picture(ALICE, game).await.unwrap_err(), UserError::WrongPhase);
    app.typed_move(user_of(first.other()), opening(first.other())).await.unwrap();
    app.action(BOB, game, None, Action::ResignConfirm).await.unwrap();
    for (user, side) in [(ALICE, Player::South), (BOB, Player::North)] {
        let start = app.replay(user, game, 0).await.unwrap();
        let crate::app::FrameView::Jungle(v) = &start.view else { panic!("a Jungle frame") };
        assert_eq!((start.ply, start.total, v.me(), v.ply()), (0, 2, side, 0));
        assert_eq!(v.position(), jungle::Game::new(first).position());
        let one = app.replay(user, game, 1).await.unwrap();
        let crate::app::FrameView::Jungle(v) = &one.view else { panic!("a Jungle frame") };
        assert_eq!(v.last_move().map(|r| r.mv.to_string()), Some(opening(first).to_owned()));
        // Past the end: the last frame.
        let end = app.replay(user, game, 99).await.unwrap();
        let crate::app::FrameView::Jungle(v) = &end.view else { panic!("a Jungle frame") };
        assert_eq!((end.ply, v.ply()), (2, 2));
        assert_eq!(end.opponent, crate::app::Who::Person(if side == Player::South { "Bob" } else { "Alice" }.into()));
        let (png, facts) = app.picture(user, game).await.unwrap();
        let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
        assert_eq!((img.width(), img.height()), (crate::picture::jungle::WIDTH, crate::picture::jungle::HEIGHT));
        assert_eq!((facts.rule_set, facts.me), (GameRules::Jungle, side));
        assert_eq!(facts.outcome.and_then(Ending::winner), Some(Player::South));
    }
    // Someone else's game stays theirs.
    app.touch_user(3, "Carol", None, Some("en")).await.unwrap();
    assert_eq!(app.replay(3, game, 0).await.unwrap_err(), UserError::NotInGame);
}

/// A spectator sees a Jungle game in play from South's side (J1); nothing
/// while it waits for its second player.
#[tokio::test]
async fn a_spectator_view_follows_a_jungle_game() {
    let app = fresh_app().await;
    let (game, first) = jungle_in_play(&app, None).await;
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    let v = spectator_view(&rec).expect("a game in play is watched");
    assert_eq!((v.me(), v.ply()), (Player::South, 0));
    app.typed_move(user_of(first), if first == Player::South { "a3-a4" } else { "g7-g6" }).await.unwrap();
    let rec = app.store().load_game(game).await.unwrap().unwrap();
    assert_eq!(spectator_view(&rec).map(|v| v.ply()), Some(1));
    let (waiting, _) = app.new_jungle_game(ALICE, None, Player::South).await.unwrap();
    assert!(spectator_view(&app.store().load_game(waiting).await.unwrap().unwrap()).is_none());
}
