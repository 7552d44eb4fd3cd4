//! Perft (J5–J10): the counts in `data/perft.txt`, from the start and a
//! few midgames, checked against the engine's generator and against a
//! slow reference generator written here from RULES.md §9 alone — board
//! coordinates, named squares, every from/to pair — so the file does not
//! merely confirm the engine with itself.

use jungle::{Animal, Player, Position, Square, perft};

/// The reference board: a piece per square by (file, rank), and the side to move.
#[derive(Clone)]
struct Board {
    cells: [[Option<(Player, Animal)>; 9]; 7],
    turn: Player,
}

fn named(names: &[&str], f: usize, r: usize) -> bool {
    let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
    names.contains(&name.as_str())
}

/// J2: the twelve river squares, by name.
fn water(f: usize, r: usize) -> bool {
    named(&["b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6"], f, r)
}

fn den(p: Player, f: usize, r: usize) -> bool {
    named(if p == Player::South { &["d1"] } else { &["d9"] }, f, r)
}

/// J2, J9: the traps around `p`'s den.
fn trap_of(p: Player, f: usize, r: usize) -> bool {
    named(if p == Player::South { &["c1", "e1", "d2"] } else { &["c9", "e9", "d8"] }, f, r)
}

impl Board {
    fn from(pos: &Position) -> Board {
        let mut cells = [[None; 9]; 7];
        for sq in Square::all() {
            cells[sq.file() as usize][sq.rank() as usize] = pos.piece_at(sq).map(|p| (p.player, p.animal));
        }
        Board { cells, turn: pos.turn() }
    }

    /// J5–J9 for one from/to pair, from first principles.
    fn legal(&self, (ff, fr): (usize, usize), (tf, tr): (usize, usize)) -> bool {
        let Some((owner, animal)) = self.cells[ff][fr] else { return false };
        if owner != self.turn || (ff, fr) == (tf, tr) || (ff != tf && fr != tr) {
            return false;
        }
        let dist = ff.abs_diff(tf) + fr.abs_diff(tr);
        if dist == 1 {
            if water(tf, tr) && animal != Animal::Rat {
                return false; // J5
            }
        } else {
            // J6: straight over water only, landing on land, no Rat in between.
            if !matches!(animal, Animal::Lion | Animal::Tiger) || water(tf, tr) {
                return false;
            }
            let between: Vec<(usize, usize)> = if ff == tf {
                (fr.min(tr) + 1..fr.max(tr)).map(|r| (ff, r)).collect()
            } else {
                (ff.min(tf) + 1..ff.max(tf)).map(|f| (f, fr)).collect()
            };
            if !between.iter().all(|&(f, r)| water(f, r) && self.cells[f][r].is_none()) {
                return false;
            }
        }
        if den(owner, tf, tr) {
            return false; // J5
        }
        match self.cells[tf][tr] {
            None => true,
            Some((p, _)) if p == owner => false,
            Some((_, defender)) => {
                if water(ff, fr) != water(tf, tr) {
                    false // J8
                } else if trap_of(owner, tf, tr) || (animal == Animal::Rat && defender == Animal::Elephant) {
                    true // J9, J7
                } else if animal == Animal::Elephant && defender == Animal::Rat {
                    false
                } else {
                    animal.rank() >= defender.rank()
                }
            }
        }
    }

    fn moves(&self) -> Vec<((usize, usize), (usize, usize))> {
        let squares: Vec<(usize, usize)> = (0..9).flat_map(|r| (0..7).map(move |f| (f, r))).collect();
        let mut out = Vec::new();
        for &a in &squares {
            for &b in &squares {
                if self.legal(a, b) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// J10: someone stands in the enemy den, or a side has no animal.
    fn decided(&self) -> bool {
        let mut count = [0; 2];
        for f in 0..7 {
            for r in 0..9 {
                if let Some((p, _)) = self.cells[f][r] {
                    count[p.index()] += 1;
                    if den(p.other(), f, r) {
                        return true;
                    }
                }
            }
        }
        count.contains(&0)
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.decided() {
            return 0;
        }
        self.moves()
            .into_iter()
            .map(|((ff, fr), (tf, tr))| {
                let mut next = self.clone();
                next.cells[tf][tr] = next.cells[ff][fr].take();
                next.turn = self.turn.other();
                next.perft(depth - 1)
            })
            .sum()
    }
}

/// (position, counts at depth 1, 2, …) from `data/perft.txt`.
fn cases() -> Vec<(Position, Vec<u64>)> {
    include_str!("data/perft.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (pos, counts) = l.split_once(';').expect("POSITION; COUNTS");
            let counts = counts.split_whitespace().map(|c| c.parse().expect("a count")).collect();
            (pos.parse().expect("a position text"), counts)
        })
        .collect()
}

#[test]
fn rule_j5_j10_perft_matches_the_file_and_the_reference() {
    // J5–J10: move counts to depth 4 from the start and midgames.
    let cases = cases();
    assert!(cases.len() >= 4);
    for (pos, counts) in cases {
        let reference = Board::from(&pos);
        for (d, &want) in counts.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(perft(&pos, depth), want, "engine, {pos}, depth {depth}");
            if depth <= 3 || pos == Position::start(pos.turn()) {
                assert_eq!(reference.perft(depth), want, "reference, {pos}, depth {depth}");
            }
        }
    }
}
