//! The agent against a small referee of the UCC 2012 protocol kept here in
//! the test: the referee holds the true game (engine), the agent only what
//! the protocol tells it.

use engine::{Game, MoveReport, Outcome as End, Setup, ValidSetup, WinReason, smart};
use rand::Rng;

use super::*;

/// The referee's outcome text of a ply.
fn outcome_text(r: &MoveReport) -> String {
    if let Some(End::Win { reason, .. }) = r.outcome {
        return match reason {
            WinReason::FlagCaptured => "VICTORY_FLAG".to_owned(),
            _ => "VICTORY_ATTRITION".to_owned(),
        };
    }
    match r.combat {
        None => "OK".to_owned(),
        Some(c) => {
            let word = match c.result {
                CombatResult::AttackerWins => "KILLS",
                CombatResult::DefenderWins => "DIES",
                CombatResult::BothRemoved => "BOTHDIE",
            };
            format!("{word} {} {}", c.attacker.code_char(), c.defender.code_char())
        }
    }
}

/// The ten board lines as `viewer` is shown them.
fn board_lines(g: &Game, viewer: Player) -> Vec<String> {
    (0..10u8)
        .map(|y| {
            (0..10u8)
                .map(|x| {
                    let sq = Square::new(x, y).unwrap();
                    match g.piece_at(sq) {
                        _ if sq.is_lake() => '+',
                        None => '.',
                        Some(p) if p.player == viewer => p.rank.code_char(),
                        Some(_) => '#',
                    }
                })
                .collect()
        })
        .collect()
}

/// Reads the agent's four setup rows back into a setup of `side`.
fn read_setup(side: Player, rows: &[String]) -> ValidSetup {
    assert_eq!(rows.len(), 4, "{rows:?}");
    let ys: Vec<u8> = if side == Player::South { (0..4).collect() } else { (6..10).collect() };
    let mut setup = Setup::EMPTY;
    for (row, y) in rows.iter().zip(ys) {
        assert_eq!(row.len(), 10, "{row:?}");
        for (x, ch) in row.chars().enumerate() {
            let slot = home_slot(side, Square::new(x as u8, y).unwrap()).unwrap();
            setup.slots[slot] = Rank::from_code_char(ch);
        }
    }
    ValidSetup::new(RULES.rules(), setup).expect("a legal classic setup")
}

/// Plays `plies` plies of the agent (as `side`) against random moves.
fn referee(side: Player, plies: usize, seed: u64) {
    let mut agent = Agent::new(Level::Normal, Budget::nodes(2_000), seed);
    let colour = if side == Player::South { "RED" } else { "BLUE" };
    let rows = agent.feed(&format!("{colour} random 10 10"));
    let mut rng = StdRng::seed_from_u64(seed);
    let theirs = smart(RULES.rules(), &mut rng);
    let setups = if side == Player::South {
        ByPlayer { south: read_setup(side, &rows), north: theirs }
    } else {
        ByPlayer { south: theirs, north: read_setup(side, &rows) }
    };
    let mut game = Game::new(RULES, setups, Player::South).unwrap();
    let mut last: Option<String> = None;
    while game.outcome().is_none() && game.ply() < plies {
        if game.turn() == side {
            let turn = last.take().unwrap_or_else(|| "START".to_owned());
            assert!(agent.feed(&turn).is_empty());
            let lines = board_lines(&game, side);
            for l in &lines[..9] {
                assert!(agent.feed(l).is_empty());
            }
            let answer = agent.feed(&lines[9]);
            assert_eq!(answer.len(), 1, "{answer:?}");
            let (mv, _) = parse_move(&format!("{} OK", answer[0])).expect("a move line");
            assert_eq!(format_move(mv), answer[0]);
            let report = game.play(mv).unwrap_or_else(|e| panic!("illegal {mv} at ply {}: {e}", game.ply()));
            assert!(agent.feed(&format!("{} {}", answer[0], outcome_text(&report))).is_empty());
            // The agent's picture matches the truth, square by square: its
            // own ranks, and enemy ranks exactly where combat revealed them.
            for sq in Square::all() {
                let seen = match agent.cells.get(sq.index()) {
                    Some(Cell::Own(p)) => Some((side, Some(p.rank))),
                    Some(Cell::Enemy(e)) => Some((side.other(), e.revealed)),
                    _ => None,
                };
                let truth = game.piece_at(sq).map(|p| (p.player, (p.player == side || p.revealed).then_some(p.rank)));
                assert_eq!(seen, truth, "{sq} at ply {}", game.ply());
            }
        } else {
            let legal = game.legal_moves();
            let mv = legal[rng.random_range(0..legal.len())];
            let report = game.play(mv).unwrap();
            last = Some(format!("{} {}", format_move(mv), outcome_text(&report)));
        }
    }
    assert!(agent.feed("QUIT 0").is_empty());
    assert!(agent.done());
}

#[test]
fn agent_plays_red_against_a_referee() {
    referee(Player::South, 160, 11);
}

#[test]
fn agent_plays_blue_against_a_referee() {
    referee(Player::North, 160, 12);
}

#[test]
fn move_lines_round_trip() {
    let (mv, out) = parse_move("3 6 UP 2 KILLS 9 s").unwrap();
    assert_eq!(mv.to_string(), "d7-d5");
    assert_eq!(out, Outcome::Combat(CombatResult::AttackerWins, Rank::Soldier, Rank::Scout));
    assert_eq!(format_move(mv), "3 6 UP 2");
    let (mv, out) = parse_move("0 3 DOWN BOTHDIE 5 5").unwrap();
    assert_eq!(
        (mv.to_string().as_str(), out),
        ("a4-a5", Outcome::Combat(CombatResult::BothRemoved, Rank::Captain, Rank::Captain))
    );
    assert_eq!(parse_move("9 9 RIGHT OK").map(|(m, _)| m), None, "off the board");
    assert_eq!(parse_move("1 2 LEFT VICTORY_FLAG").map(|(_, o)| o), Some(Outcome::Victory));
}

#[test]
fn run_answers_setup_and_quits() {
    let input = "RED bot 10 10\nQUIT\nSTART\n";
    let mut out = Vec::new();
    run(Agent::new(Level::Random, Budget::nodes(10), 1), input.as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 4, "{text}");
    assert!(text.lines().all(|l| l.len() == 10));
}

#[test]
fn nonsense_from_the_referee_is_ignored() {
    let mut agent = Agent::new(Level::Normal, Budget::nodes(500), 3);
    assert_eq!(agent.feed("BLUE x 10 10").len(), 4);
    // A move into a lake, then a move from an empty square: both ignored.
    assert!(agent.feed("3 3 DOWN OK").is_empty());
    for _ in 0..9 {
        assert!(agent.feed("..........").is_empty());
    }
    let answer = agent.feed("..........");
    assert_eq!(answer.len(), 1);
    assert!(agent.feed(&format!("{} OK", answer[0])).is_empty());
    assert!(agent.feed("5 5 LEFT OK").is_empty());
    for _ in 0..9 {
        assert!(agent.feed("..........").is_empty());
    }
    assert_eq!(agent.feed("..........").len(), 1);
}
