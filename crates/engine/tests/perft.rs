//! Perft regression: the number of legal move sequences of depth 1–3 from
//! fixed positions (tests/perft/*.txt), counting leaf nodes; a game that
//! has ended is a leaf (its end stops the descent).
//!
//! File format, one `key = value` per line, `#` comments:
//! `rules`, `south`, `north` (setup codes), `first` (`south`/`north`),
//! `moves` (space separated, may be empty), and `perft N = count` lines.
//! For a new data file, leave out the `perft` lines: the failing test prints
//! the counts it found, ready to paste.

use std::path::{Path, PathBuf};

use engine::{ByPlayer, Game, Player, RuleSetId, ValidSetup};

/// Leaf count of the game tree of `depth` plies below `g`.
fn perft(g: &Game, depth: u32) -> u64 {
    if depth == 0 || g.outcome().is_some() {
        return 1;
    }
    let moves = g.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let mut h = g.clone();
            h.play(m).expect("a legal move plays");
            perft(&h, depth - 1)
        })
        .sum()
}

struct Case {
    path: PathBuf,
    game: Game,
    expected: Vec<(u32, u64)>,
}

fn load(path: &Path) -> Case {
    let text = std::fs::read_to_string(path).unwrap();
    let (mut rules, mut south, mut north, mut first, mut moves) = (None, None, None, None, String::new());
    let mut expected = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (k, v) = line.split_once('=').unwrap_or_else(|| panic!("{}: {line}", path.display()));
        let (k, v) = (k.trim(), v.trim());
        match k {
            "rules" => rules = Some(v.parse::<RuleSetId>().unwrap()),
            "south" => south = Some(v.to_owned()),
            "north" => north = Some(v.to_owned()),
            "first" => first = Player::parse(v),
            "moves" => moves = v.to_owned(),
            _ => {
                let depth = k.strip_prefix("perft ").unwrap_or_else(|| panic!("{}: {k}", path.display()));
                expected.push((depth.trim().parse().unwrap(), v.parse().unwrap()));
            }
        }
    }
    let id = rules.expect("rules");
    let setup = |c: Option<String>| ValidSetup::from_code(id.rules(), &c.expect("setup code")).unwrap();
    let mut game = Game::new(id, ByPlayer { south: setup(south), north: setup(north) }, first.expect("first")).unwrap();
    for m in moves.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap_or_else(|e| panic!("{}: {m}: {e}", path.display()));
    }
    Case { path: path.to_owned(), game, expected }
}

fn cases() -> Vec<Case> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    paths.sort();
    paths.iter().map(|p| load(p)).collect()
}

#[test]
fn perft_matches_the_recorded_counts() {
    let cases = cases();
    assert!(cases.len() >= 6, "perft data files missing");
    let mut wrong = String::new();
    for c in cases {
        let got: Vec<(u32, u64)> = (1..=3).map(|depth| (depth, perft(&c.game, depth))).collect();
        if got != c.expected {
            // The counts ready to paste into the data file.
            wrong.push_str(&format!("\n{}:\n", c.path.display()));
            for (depth, n) in got {
                wrong.push_str(&format!("perft {depth} = {n}\n"));
            }
        }
    }
    assert!(wrong.is_empty(), "perft counts differ from the data files; these are the counts found:{wrong}");
}
