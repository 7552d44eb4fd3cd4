//! Helpers of the rule tests: positions from short piece lists.

#![allow(dead_code)]

use jungle::{Animal, Game, Move, MoveError, Piece, Player, Position, Square};

/// A square by name.
pub fn sq(s: &str) -> Square {
    s.parse().expect("a square name")
}

/// A move by its text.
pub fn mv(s: &str) -> Move {
    s.parse().expect("a move text")
}

/// A position from pieces written `La5` (letter of [`Animal::letter`],
/// upper case South, lower case North, then the square), `turn` to move.
pub fn pos(pieces: &str, turn: Player) -> Position {
    let list: Vec<(Square, Piece)> = pieces
        .split_whitespace()
        .map(|w| {
            let c = w.chars().next().expect("a letter");
            let animal = Animal::ALL.into_iter().find(|a| a.letter() == c.to_ascii_uppercase()).expect("an animal");
            let player = if c.is_ascii_uppercase() { Player::South } else { Player::North };
            (sq(&w[1..]), Piece::new(player, animal))
        })
        .collect();
    Position::from_pieces(&list, turn).expect("a valid position")
}

/// A game from [`pos`].
pub fn game(pieces: &str, turn: Player) -> Game {
    Game::from_position(pos(pieces, turn))
}

/// Plays `m` in a copy of `g`, checking that a refusal leaves it unchanged
/// and that the generator agrees with the check.
pub fn try_play(g: &Game, m: &str) -> Result<Game, MoveError> {
    let mut copy = g.clone();
    let m = mv(m);
    let listed = g.legal_moves().contains(&m);
    match copy.play(m) {
        Ok(_) => {
            assert!(listed, "{m} is played but not generated");
            Ok(copy)
        }
        Err(e) => {
            assert!(!listed, "{m} is generated but refused: {e}");
            assert_eq!(&copy, g, "a refused move leaves the game unchanged");
            Err(e)
        }
    }
}
