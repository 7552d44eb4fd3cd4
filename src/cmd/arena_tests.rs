//! The arena: AI against AI, and against external programs (scripted
//! agents of the UCC 2012 protocol, written to temporary files).

use super::*;

#[test]
fn baseline_games_finish_and_report() {
    let cfg = ArenaConfig {
        a: Side::Ai(Level::Greedy),
        b: Side::Ai(Level::Random),
        games: 4,
        rules: RuleSetId::Battle,
        seed: 7,
        think_a: Duration::ZERO,
        think_b: Duration::ZERO,
        nodes_a: None,
        nodes_b: None,
        threads: 2,
        program_limit: Duration::from_secs(2),
        log_dir: None,
    };
    let results = run(&cfg);
    assert_eq!(results.len(), 4);
    let text = report(&cfg, &results);
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("result: greedy vs random: "), "{last}");
    assert!(last.ends_with('%'));
}

/// With node budgets a run is reproducible whatever the machine's load,
/// and the report shows the nodes and samples the searches took.
#[test]
fn node_budgets_repeat_exactly() {
    let cfg = ArenaConfig {
        a: Side::Ai(Level::Normal),
        b: Side::Ai(Level::Easy),
        games: 2,
        rules: RuleSetId::Duel,
        seed: 3,
        think_a: Duration::ZERO,
        think_b: Duration::ZERO,
        nodes_a: Some(3_000),
        nodes_b: Some(500),
        threads: 2,
        program_limit: Duration::from_secs(2),
        log_dir: None,
    };
    let (first, second) = (run(&cfg), run(&cfg));
    for (x, y) in first.iter().zip(&second) {
        assert_eq!((x.outcome, x.plies, &x.search_a, &x.search_b), (y.outcome, y.plies, &y.search_a, &y.search_b));
        let most = x.search_a.iter().map(|(nodes, _, _)| *nodes).max().unwrap();
        assert!(most <= 3_000 + 100, "{most} nodes: the budget, and one more per root move searched as it ran out");
        assert!(x.search_a.iter().any(|(nodes, samples, depth)| *nodes > 0 && *samples > 0 && *depth == 2));
    }
    let text = report(&cfg, &first);
    assert!(text.contains("(A, 3000 nodes per move)"), "{text}");
}
