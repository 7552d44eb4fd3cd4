//! `analyze` on exported games: the report, its agreement with the AI's own
//! decision, reproducibility under a node budget, and polite refusals.

use super::*;

use engine::{ByPlayer, Game, Player, RuleSetId};

/// An `arena` log's shape: a comment line, the export, a comment at the end.
const GAME: &str = "\
# arena game 1 of seed 5: South (RED) = A hard, North (BLUE) = B normal
srazhenie-game v1
rules: battle
first: south
south: BFB8657B869B3745s2485B98B963579919849796
north: BFB8657B869B3745s2485B98B963579919849796
1. south e4-e5
2. north e7-e6
3. south e5-e6 x 8/4 defender wins
4. north e6-e5
5. south f4-f5
6. north e5-f5 x 4/4 both removed
result: north wins, resignation
# arena result: A lost
";

fn cfg(ply: Option<usize>, level: Level) -> AnalyzeConfig {
    AnalyzeConfig { ply, level, budget: Budget::nodes(20_000), seed: 9, top: 5 }
}

#[test]
fn the_report_shows_the_view_the_values_and_the_move_played() {
    let text = run(GAME, &cfg(Some(2), Level::Hard)).expect("analysable");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Position after ply 2 of 6 (battle): south to move, as south sees it.");
    // R25: North's pieces are backs; the one that moved is marked so.
    assert!(text.contains("#'"), "{text}");
    assert!(!text.contains("#4"), "no hidden enemy rank is shown: {text}");
    assert!(text.contains("hard, 20000 nodes, seed 9: depth "), "{text}");
    let listed: Vec<i64> = lines
        .iter()
        .skip_while(|l| !l.trim_start().starts_with("move"))
        .skip(1)
        .take_while(|l| !l.starts_with("chosen"))
        .map(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()).expect("a value column"))
        .collect();
    assert_eq!(listed.len(), 5, "the top five: {text}");
    assert!(listed.windows(2).all(|w| w[0] >= w[1]), "best first: {listed:?}");
    let chosen =
        lines.iter().find_map(|l| l.strip_prefix("chosen: ")).and_then(|l| l.split(' ').next()).expect("a chosen move");
    if let Some(row) = lines.iter().find(|l| l.split_whitespace().next() == Some(chosen)) {
        assert!(row.ends_with("  <- chosen"), "the listed chosen move is marked: {text}");
    }
    assert!(lines.iter().any(|l| l.starts_with("played in the game: e5-e6, place ")), "{text}");
}

/// The chosen move is the one the AI plays from the same view, seed and
/// node budget; and the report repeats exactly.
#[test]
fn the_chosen_move_is_the_ais_own_and_repeats_under_a_seed() {
    let game = engine::import(GAME).unwrap();
    for level in [Level::Normal, Level::Hard] {
        let c = cfg(Some(4), level);
        let view = game.at_ply(4).unwrap().view(Player::South);
        let mv = ai::think(&Observation::from_view(&view), level, c.budget, &mut StdRng::seed_from_u64(c.seed))
            .expect("South has moves");
        let text = run(GAME, &c).unwrap();
        assert!(text.contains(&format!("chosen: {mv} (of ")), "{level}: {mv} in\n{text}");
        assert_eq!(run(GAME, &c).unwrap(), text, "{level}: a node budget repeats");
    }
}

#[test]
fn a_baseline_level_is_reported_without_values() {
    let text = run(GAME, &cfg(None, Level::Greedy)).unwrap();
    assert!(text.starts_with("Position after ply 6 of 6 (battle): south to move"), "{text}");
    assert!(text.contains("chosen without a search: "), "{text}");
    assert!(!text.contains("played in the game"), "no ply follows the last: {text}");
}

#[test]
fn bad_input_is_refused_with_its_reason() {
    assert_eq!(run(GAME, &cfg(Some(7), Level::Hard)), Err(AnalyzeError::PastTheEnd { asked: 7, plies: 6 }));
    let Err(AnalyzeError::Import(e)) = run("hello\n", &cfg(None, Level::Hard)) else { panic!("imported nonsense") };
    assert_eq!(e.line, 1);
    let forged = GAME.replace("3. south e5-e6 x 8/4 defender wins", "3. south e5-e6 x 8/4 attacker wins");
    assert!(matches!(run(&forged, &cfg(None, Level::Hard)), Err(AnalyzeError::Import(_))), "a wrong combat is refused");
}

#[test]
fn a_finished_position_has_nobody_to_analyse() {
    let mut rng = StdRng::seed_from_u64(4);
    let rules = RuleSetId::Battle.rules();
    let setups = ByPlayer::new_with(|_| engine::smart(rules, &mut rng));
    let mut g = Game::new(RuleSetId::Battle, setups, Player::South).unwrap();
    let plies = engine::random_playout(&mut g, &mut rng, 5_000);
    assert!(g.outcome().is_some(), "the playout ends");
    assert_eq!(run(&engine::export(&g), &cfg(None, Level::Hard)), Err(AnalyzeError::Over(plies)));
}
