//! Tests of `review.rs` on a short hand-played game.

use engine::{ByPlayer, RuleSetId, ValidSetup};

use super::*;

/// A `ucc` game: the Marshals trade on b6 by South's attack (R14), then
/// South's Sapper walks up the a file and takes North's Flag on a7 (R19).
fn game() -> Game {
    let rules = RuleSetId::Ucc.rules();
    let south = ValidSetup::from_code(rules, "B47344BFBB3B5968B856697s2588978169599997").unwrap();
    let north = ValidSetup::from_code(rules, "8B47344BBB3B568B856697s2588976995999971F").unwrap();
    let setups = ByPlayer::new_with(|p| if p == Player::South { south } else { north });
    let mut g = Game::new(RuleSetId::Ucc, setups, Player::South).unwrap();
    for mv in ["b4-b5", "b7-b6", "b5-b6", "j7-j6", "a4-a5", "j6-j7", "a5-a6", "j7-j6", "a6-a7"] {
        g.play(mv.parse().unwrap()).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Win { winner: Player::South, reason: WinReason::FlagCaptured }));
    g
}

/// The arena's log of [`game`] with A on `a`'s side.
fn log(a: Player) -> String {
    let (south, north) = if a == Player::South { ("A hard", "B x") } else { ("B x", "A hard") };
    let result = if a == Player::South { "won" } else { "lost" };
    format!(
        "# arena game 1 of seed 1: South (RED) = {south}, North (BLUE) = {north}\n{}# arena result: Win {{ winner: South, reason: FlagCaptured }}, A {result}\n",
        engine::export(&game())
    )
}

#[test]
fn a_flag_lost_and_a_marshal_trade_are_counted_for_side_a() {
    let mut r = Review::default();
    r.add(&parse(&log(Player::North)).unwrap());
    assert_eq!(r.games, Tally { wins: 0, draws: 0, losses: 1 });
    assert_eq!((r.flag, r.flag_ahead, r.no_move), (1, 0, 0), "R19; even material before");
    assert_eq!(r.last_movers, [0, 0, 0, 1], "North still has 32 movers");
    assert_eq!(r.marshal_trade_games, [1, 0, 0]);
    assert_eq!(r.marshal_trades, (1, 0), "South (B) began it");
    assert_eq!(r.movers[0][0].games, 0, "nine plies never reach ply 200");

    r.add(&parse(&log(Player::South)).unwrap());
    assert_eq!(r.games, Tally { wins: 1, draws: 0, losses: 1 });
    assert_eq!(r.flag, 1, "a Flag won is not a Flag lost");
    assert_eq!(r.marshal_trades, (2, 1), "A (South) began the second one");
    let text = r.text();
    assert!(text.contains("games: 2; A won 1, drew 0, lost 1 (score 50.0 %)"), "{text}");
    assert!(text.contains("A lost by its Flag: 1"), "{text}");
    assert!(text.contains("in 1 of 1 lost games, 0 of 0 drawn, 1 of 1 won; 1 of 2 begun by A"), "{text}");
}

#[test]
fn a_text_that_is_no_arena_log_is_refused() {
    let plain = engine::export(&game());
    assert_eq!(parse(&plain).unwrap_err(), ReviewError::NoSides);
    let no_result = log(Player::South).replace("# arena result", "# result");
    assert_eq!(parse(&no_result).unwrap_err(), ReviewError::NoResult);
    let broken = log(Player::South).replace("a6-a7", "a6-b8");
    assert!(matches!(parse(&broken), Err(ReviewError::Import(_))));
}
