//! A position: the animals on the board and the side to move, with legal
//! moves (J5–J9) and the bare board change of a ply. [`crate::Game`] adds
//! the record, the draws and the end of the game; searches copy positions.

use std::fmt;
use std::str::FromStr;

use engine::Player;

use crate::animal::{Animal, Piece};
use crate::record::{Move, MoveError};
use crate::square::{Bits, DEN, Square, TRAPS, Terrain, WATER};
use crate::tables::{JUMPS, KEYS, NEIGH, NONE, NORTH_TO_MOVE, STEPS};

/// How many (animal, direction) slots [`Position::random_move`] draws
/// before it lists the moves instead.
const RANDOM_TRIES: usize = 12;

/// The animals on the board and the side to move. `Copy` and about 90
/// bytes, so a search copies it at each node.
///
/// Made by [`Position::start`], parsed from its text (see [`Position::from_str`]),
/// or built by [`Position::from_pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Piece code per square (0 empty, see `Piece::code`).
    cells: [u8; Square::COUNT],
    /// Squares of each side's animals, by player index.
    occ: [Bits; 2],
    /// Zobrist hash of `cells` and `turn`.
    hash: u64,
    turn: Player,
}

/// J3: the fixed start of South; North's is the same turned by 180°.
const SOUTH_START: [(u8, Animal); 8] = [
    (0, Animal::Tiger),
    (6, Animal::Lion),
    (8, Animal::Cat),
    (12, Animal::Dog),
    (14, Animal::Elephant),
    (16, Animal::Wolf),
    (18, Animal::Leopard),
    (20, Animal::Rat),
];

/// Why [`Position::from_pieces`] or the position text refuses a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Two pieces on one square.
    #[error("two animals on {0}")]
    Occupied(Square),
    /// A side has the same animal twice (J3).
    #[error("{0:?} has two of the {1}")]
    Twice(Player, Animal),
    /// An animal other than the Rat in the water (J5).
    #[error("only the Rat may stand in the water ({0})")]
    Water(Square),
    /// An animal in its own den (J5).
    #[error("an animal in its own den ({0})")]
    OwnDen(Square),
    /// The text is not 9 ranks of 7 squares and a side (`s` or `n`).
    #[error("not a position text: {0}")]
    Syntax(String),
}

impl Position {
    /// The start position (J3) with `first` to move (J4).
    #[must_use]
    pub fn start(first: Player) -> Position {
        let mut pieces = Vec::with_capacity(16);
        for (i, animal) in SOUTH_START {
            pieces.push((Square::at(i as usize), Piece::new(Player::South, animal)));
            pieces.push((Square::at(Square::COUNT - 1 - i as usize), Piece::new(Player::North, animal)));
        }
        Position::from_pieces(&pieces, first).expect("the start position is valid")
    }

    /// A position with exactly these pieces and `turn` to move.
    ///
    /// # Errors
    /// [`PositionError`] when two pieces share a square, a side has an
    /// animal twice (J3), an animal other than the Rat is in the water or an
    /// animal is in its own den (J5).
    pub fn from_pieces(pieces: &[(Square, Piece)], turn: Player) -> Result<Position, PositionError> {
        let mut pos = Position { cells: [0; Square::COUNT], occ: [0; 2], hash: 0, turn };
        let mut seen = [[false; 9]; 2];
        for &(sq, piece) in pieces {
            let k = piece.player.index();
            if pos.cells[sq.index()] != 0 {
                return Err(PositionError::Occupied(sq));
            }
            if std::mem::replace(&mut seen[k][piece.animal as usize], true) {
                return Err(PositionError::Twice(piece.player, piece.animal));
            }
            if sq.is_water() && piece.animal != Animal::Rat {
                return Err(PositionError::Water(sq));
            }
            if sq.terrain() == Terrain::Den(piece.player) {
                return Err(PositionError::OwnDen(sq));
            }
            pos.cells[sq.index()] = piece.code();
            pos.occ[k] |= 1 << sq.index();
            pos.hash ^= KEYS[sq.index()][piece.code() as usize];
        }
        if turn == Player::North {
            pos.hash ^= NORTH_TO_MOVE;
        }
        Ok(pos)
    }

    /// The side to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// The piece on `sq`.
    #[must_use]
    #[inline]
    pub const fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.cells[sq.index()])
    }

    /// A 64-bit hash of the animals' squares and the side to move (J11's
    /// "same position"); equal positions hash equal.
    #[must_use]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// How many animals `player` has on the board.
    #[must_use]
    pub const fn count(&self, player: Player) -> u32 {
        self.occ[player.index()].count_ones()
    }

    /// The squares of `player`'s animals, `a1` first.
    pub fn squares(&self, player: Player) -> impl Iterator<Item = Square> + use<> {
        let mut bits = self.occ[player.index()];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Square::at(i)
            })
        })
    }

    /// The side that has won on the board (J10): an animal in the enemy den,
    /// or the enemy has no animal left. `None` otherwise.
    #[must_use]
    pub fn winner(&self) -> Option<Player> {
        Player::ALL.into_iter().find(|&p| {
            let enemy = p.other().index();
            self.occ[p.index()] & (1 << DEN[enemy]) != 0 || self.occ[enemy] == 0
        })
    }

    /// The squares the `animal` of side `me` on `from` may move to (J5–J9).
    #[inline]
    fn targets(&self, from: usize, animal: Animal, me: usize) -> Bits {
        let all = self.occ[0] | self.occ[1];
        let mut to = STEPS[from];
        if animal != Animal::Rat {
            to &= !WATER; // J5
            if animal.jumps() {
                for jump in &JUMPS[from] {
                    if jump.to != NONE && all & jump.over == 0 {
                        to |= 1 << jump.to; // J6
                    }
                }
            }
        }
        to &= !self.occ[me] & !(1 << DEN[me]); // J5
        let mut enemies = to & self.occ[me ^ 1];
        let from_water = WATER & (1 << from) != 0;
        while enemies != 0 {
            let t = enemies.trailing_zeros() as usize;
            enemies &= enemies - 1;
            let trapped = TRAPS[me] & (1 << t) != 0;
            if !animal.captures(self.animal_on(t), from_water, WATER & (1 << t) != 0, trapped) {
                to &= !(1 << t); // J7–J9
            }
        }
        to
    }

    #[inline]
    fn animal_on(&self, i: usize) -> Animal {
        Animal::ALL[(self.cells[i] - 1) as usize % 8]
    }

    /// Calls `f(from, to)` for the legal moves of the side to move (J5–J9),
    /// in square order of the moving animal and then of the target, until
    /// it returns true;
    /// returns whether it did.
    #[inline]
    fn any_move(&self, mut f: impl FnMut(usize, usize) -> bool) -> bool {
        let me = self.turn.index();
        let mut bits = self.occ[me];
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let mut targets = self.targets(from, self.animal_on(from), me);
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                if f(from, to) {
                    return true;
                }
            }
        }
        false
    }

    /// Appends every legal move of the side to move (J5–J9) to `out`
    /// (cleared first), in square order of the moving animal, then of the target.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        self.any_move(|from, to| {
            out.push(Move::new(Square::at(from), Square::at(to)));
            false
        });
    }

    /// A legal move of the side to move drawn uniformly at random, `None`
    /// when there is none (J10). For random playouts: an animal has at most
    /// one move in each of the four directions (a step, or for a Lion or
    /// Tiger facing the river its jump, J5–J6), so a slot (animal,
    /// direction) is drawn uniformly and taken when its move is legal,
    /// else drawn again; after a dozen misses one of the listed
    /// moves is drawn. Every legal move is equally likely either way.
    pub fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Move> {
        let me = self.turn.index();
        let own = self.occ[me];
        let slots = own.count_ones() * 4;
        for _ in 0..RANDOM_TRIES {
            let slot = rng.random_range(0..slots);
            let mut bits = own;
            for _ in 0..slot / 4 {
                bits &= bits - 1;
            }
            let from = bits.trailing_zeros() as usize;
            if let Some(to) = self.move_toward(from, (slot % 4) as usize, me) {
                return Some(Move::new(Square::at(from), Square::at(to)));
            }
        }
        let mut moves = Vec::with_capacity(32);
        self.legal_moves_into(&mut moves);
        (!moves.is_empty()).then(|| moves[rng.random_range(0..moves.len())])
    }

    /// The target of the move of the animal on `from` (of side `me`) in
    /// direction `d` (see [`Square::step`]) when it is legal (J5–J9): the
    /// neighbour, or across the river for a Lion or Tiger (J6).
    #[inline]
    fn move_toward(&self, from: usize, d: usize, me: usize) -> Option<usize> {
        let mut to = NEIGH[from][d];
        if to == NONE {
            return None;
        }
        let animal = self.animal_on(from);
        if WATER & (1 << to) != 0 && animal != Animal::Rat {
            let jump = JUMPS[from][d];
            if !animal.jumps() || jump.to == NONE || (self.occ[0] | self.occ[1]) & jump.over != 0 {
                return None; // J5, J6
            }
            to = jump.to;
        }
        let to = to as usize;
        let bit = 1 << to;
        if self.occ[me] & bit != 0 || to == DEN[me] as usize {
            return None; // J5
        }
        if self.occ[me ^ 1] & bit != 0 {
            let trapped = TRAPS[me] & bit != 0;
            let (fw, tw) = (WATER & (1 << from) != 0, WATER & bit != 0);
            if !animal.captures(self.animal_on(to), fw, tw, trapped) {
                return None; // J7–J9
            }
        }
        Some(to)
    }

    /// Every legal move of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(32);
        self.legal_moves_into(&mut v);
        v
    }

    /// Whether the side to move has a legal move (J10); stops at the first.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        self.any_move(|_, _| true)
    }

    /// Whether `mv` captures an enemy animal (it need not be legal).
    #[must_use]
    pub const fn is_capture(&self, mv: Move) -> bool {
        self.occ[self.turn.index() ^ 1] & (1 << mv.to.index()) != 0
    }

    /// Checks `mv` for the side to move (J5–J9).
    ///
    /// # Errors
    /// The first reason it is illegal, see [`MoveError`] (never `GameOver`,
    /// `NotYourTurn` or `NoDrawOffer`).
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        let (from, to) = (mv.from.index(), mv.to.index());
        let me = self.turn.index();
        let Some(piece) = self.piece_at(mv.from) else { return Err(MoveError::EmptySquare(mv.from)) };
        if piece.player != self.turn {
            return Err(MoveError::EnemyPiece(mv.from));
        }
        if from == to {
            return Err(MoveError::SameSquare);
        }
        let animal = piece.animal;
        let step = (0..4).find(|&d| NEIGH[from][d] as usize == to);
        let jump = (0..4).map(|d| JUMPS[from][d]).find(|j| j.to as usize == to);
        match (step, jump) {
            (Some(_), _) if WATER & (1 << to) != 0 && animal != Animal::Rat => return Err(MoveError::Water),
            (Some(_), _) => {}
            (None, Some(j)) if animal.jumps() => {
                if (self.occ[0] | self.occ[1]) & j.over != 0 {
                    return Err(MoveError::JumpBlocked);
                }
            }
            (None, Some(_)) if animal == Animal::Rat => return Err(MoveError::NotAStep),
            (None, Some(_)) => return Err(MoveError::Water),
            (None, None) => return Err(MoveError::NotAStep),
        }
        if to == DEN[me] as usize {
            return Err(MoveError::OwnDen);
        }
        match self.piece_at(mv.to) {
            Some(p) if p.player == self.turn => Err(MoveError::OwnPiece(mv.to)),
            Some(p) => {
                let (fw, tw) = (mv.from.is_water(), mv.to.is_water());
                let trapped = TRAPS[me] & (1 << to) != 0;
                if fw != tw {
                    Err(MoveError::AcrossBank)
                } else if animal.captures(p.animal, fw, tw, trapped) {
                    Ok(())
                } else {
                    Err(MoveError::TooWeak { attacker: animal, defender: p.animal })
                }
            }
            None => Ok(()),
        }
    }

    /// Plays `mv` for the side to move without checking it and returns the
    /// captured animal. Only for moves [`Position::check`] accepts.
    #[inline]
    pub fn apply(&mut self, mv: Move) -> Option<Animal> {
        let (from, to) = (mv.from.index(), mv.to.index());
        let me = self.turn.index();
        let code = self.cells[from];
        let taken = self.cells[to];
        debug_assert!(code != 0 && (code as usize - 1) / 8 == me, "a piece of the side to move");
        self.hash ^= KEYS[from][code as usize] ^ KEYS[to][code as usize] ^ KEYS[to][taken as usize] ^ NORTH_TO_MOVE;
        self.occ[me] ^= (1 << from) | (1 << to);
        self.occ[me ^ 1] &= !(1 << to);
        self.cells[to] = code;
        self.cells[from] = 0;
        self.turn = self.turn.other();
        (taken != 0).then(|| self.animal_on_code(taken))
    }

    #[inline]
    const fn animal_on_code(&self, code: u8) -> Animal {
        Animal::ALL[(code - 1) as usize % 8]
    }
}

impl fmt::Display for Position {
    /// The position text: ranks 9 down to 1 separated by `/`, seven
    /// characters each (`.` empty, [`Animal::letter`] upper case for
    /// South, lower case for North), a space and `s` or `n` for the side
    /// to move. The start with South to move is
    /// `l.....t/.d...c./r.p.w.e/......./......./......./E.W.P.R/.C...D./T.....L s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..9).rev() {
            for file in 0..7 {
                let sq = Square::new(file, rank).expect("on the board");
                let c = match self.piece_at(sq) {
                    None => '.',
                    Some(p) if p.player == Player::South => p.animal.letter(),
                    Some(p) => p.animal.letter().to_ascii_lowercase(),
                };
                write!(f, "{c}")?;
            }
            if rank > 0 {
                write!(f, "/")?;
            }
        }
        write!(f, " {}", if self.turn == Player::South { 's' } else { 'n' })
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Parses the text written by `Display` (see there).
    fn from_str(s: &str) -> Result<Position, PositionError> {
        let syntax = || PositionError::Syntax(s.to_owned());
        let (board, side) = s.trim().split_once(' ').ok_or_else(syntax)?;
        let turn = match side.trim() {
            "s" => Player::South,
            "n" => Player::North,
            _ => return Err(syntax()),
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 9 {
            return Err(syntax());
        }
        let mut pieces = Vec::new();
        for (row, text) in ranks.iter().enumerate() {
            if text.chars().count() != 7 {
                return Err(syntax());
            }
            for (file, c) in text.chars().enumerate() {
                if c == '.' {
                    continue;
                }
                let upper = c.to_ascii_uppercase();
                let animal = Animal::ALL.into_iter().find(|a| a.letter() == upper).ok_or_else(syntax)?;
                let player = if c.is_ascii_uppercase() { Player::South } else { Player::North };
                let sq = Square::new(file as u8, 8 - row as u8).expect("on the board");
                pieces.push((sq, Piece::new(player, animal)));
            }
        }
        Position::from_pieces(&pieces, turn)
    }
}
