//! Game export/import (`engine::export`): round trips of random games of
//! every rule set with every kind of ending, and tampered texts refused at
//! the right line.

mod common;

use common::random::{biased_move, seeded_game};
use common::{North, South};
use engine::{
    DrawReason, Game, ImportError, ImportReason, MoveError, Outcome, Player, RuleSetId, WinReason, export, import,
};
use rand::Rng;

const CODE: &str = "BFB8657B869B3745s2485B98B963579919849796";

/// The example game of the module docs.
fn example() -> Game {
    let mut g = common::game_from_codes(RuleSetId::Battle, CODE, CODE, South);
    common::play(&mut g, "e4-e5 e7-e6 e5-e6 e6-e5 f4-f5 e5-f5");
    g.resign(South).unwrap();
    g
}

/// Imports `text`, which must fail at `line`; returns the reason.
fn refused(text: &str, line: usize) -> ImportReason {
    let e: ImportError = import(text).expect_err("a tampered text must be refused");
    assert_eq!(e.line, line, "{e}");
    e.reason
}

/// `text` with line `n` (1-based) replaced by `with`.
fn replace_line(text: &str, n: usize, with: &str) -> String {
    text.lines().enumerate().map(|(i, l)| if i + 1 == n { format!("{with}\n") } else { format!("{l}\n") }).collect()
}

/// How a random game ends in [`round_trip_all_endings`].
#[derive(Clone, Copy, Debug)]
enum Ending {
    Running,
    DrawOffer,
    Resign(Player),
    Agreed,
    Time,
    Natural,
}

/// Plays a random game of `id` from `seed` and ends it as `ending`.
fn random_game(id: RuleSetId, seed: u64, ending: Ending) -> Game {
    let (mut g, mut rng) = seeded_game(id, seed);
    let plies = if matches!(ending, Ending::Natural) { 3000 } else { rng.random_range(0..300) };
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let m = biased_move(&g, &mut rng);
        g.play(m).unwrap();
    }
    if g.outcome().is_none() {
        match ending {
            Ending::Running | Ending::Natural => {}
            Ending::DrawOffer => drop(g.offer_draw(if rng.random_bool(0.5) { South } else { North })),
            Ending::Resign(p) => drop(g.resign(p)),
            Ending::Agreed => drop(g.agree_draw()),
            Ending::Time => drop(g.lose_on_time()),
        }
    }
    g
}

#[test]
fn round_trip_all_endings() {
    let endings = [
        Ending::Running,
        Ending::DrawOffer,
        Ending::Resign(South),
        Ending::Resign(North),
        Ending::Agreed,
        Ending::Time,
        Ending::Natural,
    ];
    let mut seen = std::collections::HashSet::new();
    for id in RuleSetId::ALL {
        for seed in 0..12 {
            for ending in endings {
                let g = random_game(id, seed * 31 + id as u64, ending);
                let text = export(&g);
                let back = import(&text).unwrap_or_else(|e| panic!("{id} seed {seed} {ending:?}: {e}\n{text}"));
                assert_eq!(back, g, "{id} seed {seed} {ending:?}");
                assert_eq!(export(&back), text);
                seen.insert((g.outcome(), g.draw_offer().is_some()));
            }
        }
    }
    // Every kind of ending was met, so each path of the importer ran.
    for want in [
        Outcome::Win { winner: South, reason: WinReason::Resignation },
        Outcome::Win { winner: North, reason: WinReason::Resignation },
        Outcome::Draw(DrawReason::Agreement),
        Outcome::Win { winner: South, reason: WinReason::Time },
        Outcome::Win { winner: North, reason: WinReason::Time },
        Outcome::Win { winner: South, reason: WinReason::FlagCaptured },
        Outcome::Draw(DrawReason::NoAttacks),
    ] {
        assert!(seen.contains(&(Some(want), false)), "no game ended {want:?}");
    }
    assert!(seen.contains(&(None, true)) && seen.contains(&(None, false)));
}

#[test]
fn doc_example_reads_back() {
    let g = example();
    let text = export(&g);
    assert!(text.starts_with("srazhenie-game v1\nrules: battle\nfirst: south\n"));
    assert!(text.contains("\n3. south e5-e6 x 8/4 defender wins\n"), "{text}");
    assert!(text.ends_with("\n6. north e5-f5 x 4/4 both removed\nresult: north wins, resignation\n"), "{text}");
    // Comments, blank lines and spacing do not matter.
    let loose = text.replace("4. north", "\n# a comment\n4.   north").replace("resignation", "Resignation # ok");
    assert_eq!(import(&loose), Ok(g));
}

#[test]
fn classic_numbering_in_annotations() {
    // Classic shows the Marshal as 10 and the Spy as 1 (RULES.md §8).
    let (mut g, mut rng) = seeded_game(RuleSetId::Classic, 7);
    while g.outcome().is_none() {
        let m = biased_move(&g, &mut rng);
        g.play(m).unwrap();
    }
    let text = export(&g);
    let show = |r: engine::Rank| {
        r.classic_number().map_or(if r == engine::Rank::Flag { "F".into() } else { "B".into() }, |n| n.to_string())
    };
    let mut attacks = 0;
    for (rec, line) in g.history().iter().zip(text.lines().skip(5)) {
        if let Some(c) = rec.combat {
            attacks += 1;
            assert!(line.contains(&format!(" x {}/{} ", show(c.attacker), show(c.defender))), "{line}");
        }
    }
    assert!(attacks > 0);
    assert_eq!(import(&text), Ok(g));
}

#[test]
fn tampered_moves_are_refused_at_their_line() {
    let text = export(&example());
    // Line 10 is ply 5: a Major cannot move two squares (R9).
    let r = refused(&text.replace("5. south f4-f5", "5. south f4-f6"), 10);
    assert!(matches!(r, ImportReason::Illegal { error: MoveError::TooFar, .. }), "{r:?}");
    // A legal change earlier turns ply 3 into a quiet move: its annotation no longer matches.
    let r = refused(&text.replace("2. north e7-e6", "2. north b7-b6"), 8);
    assert!(matches!(r, ImportReason::Combat { ref actual, .. } if actual.is_empty()), "{r:?}");
    // A changed annotation.
    let r = refused(&text.replace("x 8/4 defender wins", "x 8/4 attacker wins"), 8);
    assert!(matches!(r, ImportReason::Combat { .. }), "{r:?}");
    // A missing annotation, a wrong side, a wrong ply number.
    assert!(matches!(refused(&text.replace(" x 4/4 both removed", ""), 11), ImportReason::Combat { .. }));
    let r = refused(&text.replace("4. north", "4. south"), 9);
    assert!(matches!(r, ImportReason::Illegal { error: MoveError::NotYourTurn, .. }), "{r:?}");
    let r = refused(&text.replace("4. north", "5. north"), 9);
    assert_eq!(r, ImportReason::PlyNumber { expected: 4, found: 5 });
}

#[test]
fn random_tampered_moves_are_refused_at_their_line() {
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(5);
    for id in RuleSetId::ALL {
        for seed in 0..6 {
            let g = random_game(id, seed, Ending::Natural);
            let text = export(&g);
            if g.ply() == 0 {
                continue;
            }
            // A ply made to stand still, at a random line.
            let k = rng.random_range(0..g.ply());
            let rec = g.history()[k];
            let line = 6 + k;
            let bad = format!("{}. {} {}-{}", k + 1, rec.player.as_str(), rec.mv.from, rec.mv.from);
            let r = refused(&replace_line(&text, line, &bad), line);
            assert!(matches!(r, ImportReason::Illegal { error: MoveError::SameSquare, .. }), "{r:?}");
            // Any move after the end is refused.
            let extra = text.replace("result:", &format!("{}. {} a1-a2\nresult:", g.ply() + 1, g.turn().as_str()));
            let r = refused(&extra, 6 + g.ply());
            assert!(matches!(r, ImportReason::Illegal { error: MoveError::GameOver, .. }), "{r:?}");
        }
    }
}

#[test]
fn tampered_setup_codes_are_refused() {
    let text = export(&example());
    // A Mine turned into a Flag: not the army (R4); South's code is line 4, North's line 5.
    let bad = CODE.replacen('B', "F", 1);
    let r = refused(&text.replacen(CODE, &bad, 1), 4);
    assert!(matches!(r, ImportReason::Setup { player: Player::South, .. }), "{r:?}");
    let south_line = format!("south: {CODE}");
    let r = refused(&text.replace(&format!("north: {CODE}"), &format!("north: {}", &CODE[1..])), 5);
    assert!(matches!(r, ImportReason::Setup { player: Player::North, .. }), "{r:?}");
    // A legal code with e4 (Sapper) and f4 (Major) swapped: ply 3 now gives another combat.
    let swapped = format!("{}48{}", &CODE[..34], &CODE[36..]);
    let r = refused(&text.replace(&south_line, &format!("south: {swapped}")), 8);
    assert!(matches!(r, ImportReason::Combat { ref actual, .. } if actual == "x 4/4 both removed"), "{r:?}");
}

#[test]
fn tampered_results_are_refused() {
    let text = export(&example());
    // Resignation cannot be derived from the moves; a flag capture can, and did not happen.
    let r = refused(&text.replace("north wins, resignation", "north wins, flag captured"), 12);
    assert!(matches!(r, ImportReason::Result { actual: None, .. }), "{r:?}");
    let r = refused(&text.replace("north wins, resignation", "south wins, no legal moves"), 12);
    assert!(matches!(r, ImportReason::Result { .. }), "{r:?}");
    // R23: only the side to move (South, after 6 plies) can lose on time.
    assert_eq!(
        refused(&text.replace("north wins, resignation", "south wins, time"), 12),
        ImportReason::TimeOffTurn(North)
    );
    assert_eq!(import(&text.replace("north wins, resignation", "north wins, time")).unwrap().ply(), 6);
    assert!(matches!(refused(&text.replace("resignation", "boredom"), 12), ImportReason::BadResult(_)));
    // A game that ended on the board: any other result is refused.
    let g = random_game(RuleSetId::Battle, 3, Ending::Natural);
    let text = export(&g);
    let last = text.lines().count();
    for other in ["in progress", "draw, agreed", "south wins, resignation", "north wins, time"] {
        let r = refused(&replace_line(&text, last, &format!("result: {other}")), last);
        assert!(matches!(r, ImportReason::Result { actual: Some(_), .. }), "{r:?}");
    }
    // A draw offer cannot stand after the end.
    let r = refused(&text.replace("result:", "draw offer: south\nresult:"), last);
    assert_eq!(r, ImportReason::DrawOffer(MoveError::GameOver));
}

#[test]
fn malformed_texts_name_their_line() {
    let text = export(&example());
    assert!(matches!(refused(&text.replace("v1", "v2"), 1), ImportReason::Header(_)));
    assert!(matches!(refused("", 1), ImportReason::Expected { .. }));
    assert!(matches!(refused(&text.replace("rules: battle", "rules: chess"), 2), ImportReason::RuleSet(_)));
    assert!(matches!(refused(&text.replace("first: south", "first: east"), 3), ImportReason::Side(_)));
    assert!(matches!(refused(&text.replace("first: south", "second: south"), 3), ImportReason::Expected { .. }));
    // R7: classic always starts with South.
    let classic = text.replace("rules: battle", "rules: classic").replace("first: south", "first: north");
    assert!(matches!(refused(&classic, 3), ImportReason::Game(_)));
    assert!(matches!(refused(&text.replace("4. north e6-e5", "4. north"), 9), ImportReason::Ply(_)));
    assert!(matches!(refused(&text.replace("e6-e5", "e6-e55"), 9), ImportReason::Move(_)));
    assert!(matches!(refused(&format!("{text}1. south a4-a5\n"), 13), ImportReason::Trailing(_)));
    let cut: String = text.lines().take(11).map(|l| format!("{l}\n")).collect();
    assert!(matches!(refused(&cut, 12), ImportReason::Expected { .. }));
}

/// `Game::at_ply` (R26 replay frames): the first n plies of the record,
/// replayed, give the game as it stood then — the same record and board as
/// a game played only that far; the end of the record gives back the moves
/// of the whole game, without what came after them (a resignation, R22).
#[test]
fn a_game_at_a_ply_is_the_game_as_it_stood_then() {
    for id in RuleSetId::EVERY {
        let g = random_game(id, 17, Ending::Natural);
        let n = g.history().len();
        for ply in [0, n / 3, n / 2, n] {
            let (mut played, mut rng) = seeded_game(id, 17);
            for _ in 0..ply {
                let m = biased_move(&played, &mut rng);
                played.play(m).unwrap();
            }
            let frame = g.at_ply(ply).unwrap();
            assert_eq!(frame.history(), played.history(), "{id} at ply {ply}");
            assert_eq!(export(&frame), export(&played), "{id} at ply {ply}");
        }
        assert_eq!(g.at_ply(n + 5).unwrap().history(), g.history(), "{id}: past the end, the whole record");
    }
    let resigned = example();
    let frame = resigned.at_ply(6).unwrap();
    assert_eq!(frame.ply(), 6);
    assert_eq!(frame.outcome(), None, "the resignation is not part of the record");
}
