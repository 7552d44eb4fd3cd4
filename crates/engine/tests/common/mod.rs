//! Helpers shared by the integration tests: positions from setup codes.
#![allow(dead_code)]

pub mod random;

use engine::{
    ByPlayer, Cell, Game, HOME_SQUARES, Move, MoveReport, Player, Rank, RuleSetId, Square, ValidSetup, home_slot,
};

pub use engine::Player::{North, South};

/// The square named `s`.
pub fn sq(s: &str) -> Square {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The move written `s`, e.g. `e4-e5`.
pub fn mv(s: &str) -> Move {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// The rank of setup-code character `c` (§8a).
pub fn rank(c: char) -> Rank {
    Rank::from_code_char(c).unwrap_or_else(|| panic!("not a piece: {c}"))
}

/// A setup code for `player` in `id`: the pieces listed in `placed`
/// (`"e4:1 a1:F"`, square names as on the board) on their squares, the rest
/// of the army on the free home squares in code order from the owner's
/// back-left corner, Flag and Mines first.
pub fn code(id: RuleSetId, player: Player, placed: &str) -> String {
    let rules = id.rules();
    let mut slots = ['.'; HOME_SQUARES];
    let mut left = rules.army;
    for item in placed.split_whitespace() {
        let (s, c) = item.split_once(':').unwrap_or_else(|| panic!("{item}: want square:piece"));
        let c = c.chars().next().expect("a piece character");
        let slot = home_slot(player, sq(s)).unwrap_or_else(|| panic!("{s} is not a home square of {player:?}"));
        assert_eq!(slots[slot], '.', "{s} placed twice");
        slots[slot] = c;
        let r = rank(c);
        assert!(left[r.index()] > 0, "too many {c} for {id}");
        left[r.index()] -= 1;
    }
    let order = [Rank::Flag, Rank::Mine].into_iter().chain(Rank::ALL[..10].iter().copied());
    let mut free = (0..HOME_SQUARES).filter(|&i| slots[i] == '.').collect::<Vec<_>>().into_iter();
    for r in order {
        for _ in 0..left[r.index()] {
            slots[free.next().expect("room for the army")] = r.code_char();
        }
    }
    slots.iter().collect()
}

/// The checked setup of [`code`].
pub fn setup(id: RuleSetId, player: Player, placed: &str) -> ValidSetup {
    let c = code(id, player, placed);
    ValidSetup::from_code(id.rules(), &c).unwrap_or_else(|e| panic!("{c}: {e}"))
}

/// A new game of `id` from the setups of [`code`].
pub fn game(id: RuleSetId, south: &str, north: &str, first: Player) -> Game {
    let setups = ByPlayer { south: setup(id, South, south), north: setup(id, North, north) };
    Game::new(id, setups, first).expect("a game")
}

/// A new game of `id` from two setup codes.
pub fn game_from_codes(id: RuleSetId, south: &str, north: &str, first: Player) -> Game {
    let s = |c: &str| ValidSetup::from_code(id.rules(), c).unwrap_or_else(|e| panic!("{c}: {e}"));
    Game::new(id, ByPlayer { south: s(south), north: s(north) }, first).expect("a game")
}

/// A small position for [`Game::from_pieces`]: `"Sa1:F Se4:1 Ne5:B"`,
/// side letter, square, piece character.
pub fn board(id: RuleSetId, spec: &str, turn: Player) -> Game {
    let pieces: Vec<(Square, Player, Rank)> = spec
        .split_whitespace()
        .map(|item| {
            let (side, rest) = item.split_at(1);
            let p = match side {
                "S" => South,
                "N" => North,
                _ => panic!("{item}: side S or N"),
            };
            let (s, c) = rest.split_once(':').expect("square:piece");
            (sq(s), p, rank(c.chars().next().expect("piece")))
        })
        .collect();
    Game::from_pieces(id, &pieces, turn)
}

/// Plays every move of `moves` (space separated), each of which must be legal;
/// returns the last report.
pub fn play(g: &mut Game, moves: &str) -> Option<MoveReport> {
    let mut last = None;
    for m in moves.split_whitespace() {
        let m = mv(m);
        assert!(g.legal_moves().contains(&m), "{m} missing from the legal moves at ply {}", g.ply());
        last = Some(g.play(m).unwrap_or_else(|e| panic!("{m} at ply {}: {e}", g.ply())));
    }
    last
}

/// Tries `m`, which must be refused with `want`; the game must be unchanged
/// and `m` not among the legal moves.
pub fn refused(g: &mut Game, m: &str, want: engine::MoveError) {
    let before = g.clone();
    let m = mv(m);
    assert_eq!(g.play(m), Err(want), "{m}");
    assert_eq!(*g, before, "a refused move changed the game");
    assert!(!g.legal_moves().contains(&m), "{m} listed as legal");
}

/// What `viewer` sees on square `s`.
pub fn cell(g: &Game, viewer: Player, s: &str) -> Cell {
    g.view(viewer).cell(sq(s))
}
