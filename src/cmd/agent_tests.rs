//! The agent against a small referee of the UCC 2012 protocol kept here in
//! the test: the referee holds the true game (engine), the agent only what
//! the protocol tells it.

use engine::{Game, smart};
use rand::Rng;
use ucc::{board_lines, ply_line};

use super::*;

/// Reads the agent's four setup rows back into a setup of `side`.
fn read_setup(side: Player, rows: &[String]) -> engine::ValidSetup {
    ucc::parse_setup_rows(rows, side, RULES.rules()).expect("a legal setup")
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
            assert!(agent.feed(&ply_line(&report)).is_empty());
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
            last = Some(ply_line(&report));
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

/// An agent playing `colour` that has been told `plies` quiet plies: one
/// piece of each side stepping forward and back.
fn shuttled_agent(colour: &str, plies: usize) -> Agent {
    let mut agent = Agent::new(Level::Normal, Budget::nodes(300), 4);
    assert_eq!(agent.feed(&format!("{colour} shuttle 10 10")).len(), 4);
    let me = agent.me;
    let (front, step) = if me == Player::South { (3u8, 1i8) } else { (6u8, -1i8) };
    let mover = |cells: &[Cell], own: bool| {
        [0u8, 1, 4, 5, 8, 9]
            .into_iter()
            .map(|x| Square::new(x, front).unwrap())
            .find(|sq| match cells[sq.index()] {
                Cell::Own(p) => own && p.rank.is_movable(),
                Cell::Enemy(_) => !own,
                _ => false,
            })
            .unwrap()
    };
    let ours = mover(&agent.cells, true);
    let theirs = Square::new(9 - ours.file(), 9 - front).unwrap();
    let ahead = |sq: Square, dir: i8| Square::new(sq.file(), (sq.rank() as i8 + dir) as u8).unwrap();
    let mut first = Player::South;
    for ply in 0..plies {
        let player = first;
        first = first.other();
        let (home, dir) = if player == me { (ours, step) } else { (theirs, -step) };
        let mv = if (ply / 2) % 2 == 0 { Move::new(home, ahead(home, dir)) } else { Move::new(ahead(home, dir), home) };
        agent.apply(player, mv, Outcome::Ok);
    }
    assert_eq!(agent.history.len(), plies);
    agent
}

#[test]
fn no_surrender_after_200_quiet_plies_or_past_our_own_ply_limit() {
    // Classic would have drawn after 200 quiet plies; our `ucc` picture ends
    // the game at its ply limit, the referee may go on: a move either way.
    for (colour, plies) in [("RED", 210), ("BLUE", 211), ("RED", usize::from(RULES.rules().ply_limit))] {
        let mut agent = shuttled_agent(colour, plies);
        let answer = agent.decide();
        assert_ne!(answer, "SURRENDER", "{colour} after {plies} plies");
        let tokens: Vec<&str> = answer.split_whitespace().collect();
        let (mv, _) = ucc::parse_move(&tokens).expect("a move line");
        assert!(matches!(agent.cells[mv.from.index()], Cell::Own(p) if p.rank.is_movable()), "{answer}");
    }
}
