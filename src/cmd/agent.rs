//! `srazhenie agent`: the AI as an agent of the UCC 2012 programming
//! competition's Stratego referee (`docs/ai-agents.md`), under that referee's
//! rules (the `ucc` rule set: classic pieces, no two-square, chasing or
//! no-attack rule).
//!
//! The referee decides when the game ends: the agent never surrenders a
//! game the referee would go on with. While it has a piece that can move
//! it answers a move, even where its own picture of the game says it is
//! over (the referee may have been started with a longer turn limit).
//!
//! Coordinates are those of [`super::ucc`]. The agent keeps its own picture
//! of the game from the echoed outcomes only (R25): its pieces, the
//! enemy's squares with what combat revealed, the record of plies; each
//! decision goes through [`ai::Observation::from_record`].

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use ai::{Budget, Level, Observation};
use engine::{
    ByPlayer, Cell, Combat, CombatResult, EnemyPiece, HOME_SQUARES, Move, OwnPiece, Player, Rank, Record, RuleSetId,
    Square, home_square,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

use super::ucc;
pub use super::ucc::format_move;

/// The least time kept back from each answer's budget (and at least 5 %).
const MARGIN_MS: u64 = 15;

/// The referee's rules (`docs/ai-agents.md`).
const RULES: RuleSetId = RuleSetId::Ucc;

/// Where the agent is in the exchange.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Waiting for `COLOUR OPPONENT 10 10`.
    Colour,
    /// Waiting for `START` or the opponent's move.
    Turn,
    /// Reading the board: this many lines still to come.
    Board(u8),
    /// Waiting for our own move echoed with its outcome.
    Echo,
    /// `QUIT` received.
    Done,
}

/// The outcome part of a move line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Ok,
    Illegal,
    Combat(CombatResult, Rank, Rank),
    Victory,
}

/// The agent: a line-driven state machine ([`Agent::feed`]).
pub struct Agent {
    level: Level,
    budget: Budget,
    rng: StdRng,
    state: State,
    me: Player,
    cells: Vec<Cell>,
    history: Vec<Record>,
    graveyard: ByPlayer<Vec<Rank>>,
}

impl Agent {
    /// An agent playing at `level` within `budget` per move, seeded `seed`.
    #[must_use]
    pub fn new(level: Level, budget: Budget, seed: u64) -> Agent {
        Agent {
            level,
            budget,
            rng: StdRng::seed_from_u64(seed),
            state: State::Colour,
            me: Player::South,
            cells: Vec::new(),
            history: Vec::new(),
            graveyard: ByPlayer::default(),
        }
    }

    /// Whether `QUIT` has arrived.
    #[must_use]
    pub fn done(&self) -> bool {
        self.state == State::Done
    }

    /// Takes one line from the referee; returns the lines to answer.
    pub fn feed(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        if line.starts_with("QUIT") {
            self.state = State::Done;
            return Vec::new();
        }
        if line.is_empty() {
            return Vec::new();
        }
        match self.state {
            State::Colour => self.start(line),
            State::Turn => {
                if line != "START" {
                    match parse_move(line) {
                        Some((mv, outcome)) => self.apply(self.me.other(), mv, outcome),
                        None => eprintln!("agent: cannot read the opponent's move {line:?}"),
                    }
                }
                self.state = State::Board(10);
                Vec::new()
            }
            State::Board(n) if n > 1 => {
                self.state = State::Board(n - 1);
                Vec::new()
            }
            State::Board(_) => {
                self.state = State::Echo;
                vec![self.decide()]
            }
            State::Echo => {
                match parse_move(line) {
                    Some((mv, Outcome::Illegal)) => eprintln!("agent: the referee refused our move {mv}"),
                    Some((mv, outcome)) => self.apply(self.me, mv, outcome),
                    None => eprintln!("agent: cannot read the echo {line:?}"),
                }
                self.state = State::Turn;
                Vec::new()
            }
            State::Done => Vec::new(),
        }
    }

    /// The colour line: choose a setup and answer its four rows.
    fn start(&mut self, line: &str) -> Vec<String> {
        self.me = if line.split_whitespace().next() == Some("BLUE") { Player::North } else { Player::South };
        let setup = ai::choose_setup(RULES, self.level, &mut self.rng, None);
        self.cells = Square::all().map(|sq| if sq.is_lake() { Cell::Lake } else { Cell::Empty }).collect();
        for slot in 0..HOME_SQUARES {
            if let Some(rank) = setup.setup().slots[slot] {
                let own = OwnPiece { rank, revealed: false, moved: false };
                self.cells[home_square(self.me, slot).index()] = Cell::Own(own);
            }
            let enemy = EnemyPiece { revealed: None, moved: false, ran: false, fought: false };
            self.cells[home_square(self.me.other(), slot).index()] = Cell::Enemy(enemy);
        }
        self.state = State::Turn;
        ucc::setup_rows(setup.setup(), self.me)
    }

    /// Our move for the referee. Where our rules see no move (our picture
    /// says the game is over), any move a piece of ours can make; only
    /// with no such move at all, `SURRENDER`.
    fn decide(&mut self) -> String {
        let t0 = Instant::now();
        let obs = Observation::from_record(
            RULES,
            self.me,
            Player::South,
            self.cells.clone(),
            self.history.clone(),
            self.graveyard.clone(),
        );
        // The whole answer keeps within the budget: reading the record
        // counts, and a margin covers the search's last check of the clock.
        let budget = Budget {
            time: self.budget.time.map(|t| {
                let margin = (t / 20).max(Duration::from_millis(MARGIN_MS));
                t.saturating_sub(margin).saturating_sub(t0.elapsed())
            }),
            ..self.budget
        };
        match ai::think(&obs, self.level, budget, &mut self.rng).or_else(|| self.any_move()) {
            Some(mv) => format_move(mv),
            None => "SURRENDER".to_owned(),
        }
    }

    /// A one-square move of one of our movable pieces to a square that is
    /// on the board, not a lake and not ours — what the referee accepts
    /// whatever the state of our own rules.
    fn any_move(&mut self) -> Option<Move> {
        let moves: Vec<Move> = Square::all()
            .filter(|sq| matches!(self.cells[sq.index()], Cell::Own(p) if p.rank.is_movable()))
            .flat_map(|from| (0..4).filter_map(move |d| from.step(d)).map(move |to| Move::new(from, to)))
            .filter(|mv| !mv.to.is_lake() && !matches!(self.cells[mv.to.index()], Cell::Own(_)))
            .collect();
        (!moves.is_empty()).then(|| moves[rand::Rng::random_range(&mut self.rng, 0..moves.len())])
    }

    /// Updates the picture with `player`'s move and its outcome (R13–R18).
    fn apply(&mut self, player: Player, mv: Move, outcome: Outcome) {
        let (from, to) = (mv.from.index(), mv.to.index());
        let moved = match self.cells[from] {
            Cell::Own(p) if player == self.me => Cell::Own(OwnPiece { moved: true, ..p }),
            Cell::Enemy(e) if player != self.me => {
                Cell::Enemy(EnemyPiece { moved: true, ran: e.ran || mv.from.distance(mv.to) > 1, ..e })
            }
            _ => {
                eprintln!("agent: ignoring {mv}: no piece of the mover on {}", mv.from);
                return;
            }
        };
        if mv.to.is_lake()
            || matches!((player == self.me, self.cells[to]), (true, Cell::Own(_)) | (false, Cell::Enemy(_)))
        {
            eprintln!("agent: ignoring {mv}: it cannot end on {}", mv.to);
            return;
        }
        let reveal = |c: Cell, rank: Rank| match c {
            Cell::Own(p) => Cell::Own(OwnPiece { revealed: true, ..p }),
            Cell::Enemy(e) => Cell::Enemy(EnemyPiece { revealed: Some(rank), fought: true, ..e }),
            other => other,
        };
        let combat = match outcome {
            Outcome::Ok | Outcome::Illegal | Outcome::Victory => {
                self.cells[to] = moved;
                None
            }
            Outcome::Combat(result, a, d) => {
                let defender = self.cells[to];
                match result {
                    CombatResult::AttackerWins => {
                        self.cells[to] = reveal(moved, a);
                        self.graveyard[player.other()].push(d);
                    }
                    CombatResult::DefenderWins => {
                        self.cells[to] = reveal(defender, d);
                        self.graveyard[player].push(a);
                    }
                    CombatResult::BothRemoved => {
                        self.cells[to] = Cell::Empty;
                        self.graveyard[player].push(a);
                        self.graveyard[player.other()].push(d);
                    }
                }
                Some(Combat { attacker: a, defender: d, result })
            }
        };
        self.cells[from] = Cell::Empty;
        self.history.push(Record { player, mv, combat });
    }
}

/// Runs `agent` on `input`/`output` until `QUIT` or the end of input,
/// flushing every answer.
///
/// # Errors
/// Reading or writing fails.
pub fn run(mut agent: Agent, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    for line in input.lines() {
        for answer in agent.feed(&line?) {
            writeln!(output, "{answer}")?;
        }
        output.flush()?;
        if agent.done() {
            break;
        }
    }
    Ok(())
}

/// Reads `X Y DIR [N] OUTCOME`.
fn parse_move(line: &str) -> Option<(Move, Outcome)> {
    let t: Vec<&str> = line.split_whitespace().collect();
    let (mv, rest) = ucc::parse_move(&t)?;
    let rank = |i: usize| t.get(i).and_then(|s| s.chars().next()).and_then(Rank::from_code_char);
    let outcome = match *t.get(rest)? {
        "OK" => Outcome::Ok,
        "ILLEGAL" => Outcome::Illegal,
        "KILLS" => Outcome::Combat(CombatResult::AttackerWins, rank(rest + 1)?, rank(rest + 2)?),
        "DIES" => Outcome::Combat(CombatResult::DefenderWins, rank(rest + 1)?, rank(rest + 2)?),
        "BOTHDIE" => Outcome::Combat(CombatResult::BothRemoved, rank(rest + 1)?, rank(rest + 2)?),
        s if s.starts_with("VICTORY") => Outcome::Victory,
        _ => return None,
    };
    Some((mv, outcome))
}

#[cfg(test)]
#[path = "agent_tests.rs"]
mod tests;
