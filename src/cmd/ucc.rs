//! The text of the UCC 2012 referee protocol (`docs/ai-agents.md`), shared by
//! the `agent` (our AI as a program for that referee) and the `arena`'s
//! external sides (that referee's programs against our AI).
//!
//! Coordinates: `x` 0..9 is the file `a`..`j`, `y` 0..9 is the rank
//! `1`..`10`, printed from `y` 0 at the top; RED sets up on `y` 0–3 and
//! moves first, so RED is South. Piece characters are the setup-code
//! characters ([`Rank::code_char`]: `1` Marshal … `9` Scout, `s` Spy, `B`
//! Bomb, `F` Flag), the protocol's old numbering.

use engine::{
    Combat, CombatResult, Game, Move, MoveReport, Outcome, Player, Rank, RuleSet, Setup, SetupError, Square,
    ValidSetup, WinReason, home_slot,
};

/// The protocol's name of `player`'s colour: South is `RED`, North `BLUE`.
#[must_use]
pub const fn colour(player: Player) -> &'static str {
    match player {
        Player::South => "RED",
        Player::North => "BLUE",
    }
}

/// `X Y DIR [N]` of a move (N only for a move of more than one square).
#[must_use]
pub fn format_move(mv: Move) -> String {
    let (dx, dy) =
        (i16::from(mv.to.file()) - i16::from(mv.from.file()), i16::from(mv.to.rank()) - i16::from(mv.from.rank()));
    let dir = match (dx.signum(), dy.signum()) {
        (0, -1) => "UP",
        (0, _) => "DOWN",
        (-1, _) => "LEFT",
        _ => "RIGHT",
    };
    let n = dx.abs() + dy.abs();
    let (x, y) = (mv.from.file(), mv.from.rank());
    if n > 1 { format!("{x} {y} {dir} {n}") } else { format!("{x} {y} {dir}") }
}

/// Reads the `X Y DIR [N]` at the start of `tokens`; returns the move and
/// how many tokens it took (3 or 4). `None` when they are no move on the
/// board (a square off the board, an unknown direction).
#[must_use]
pub fn parse_move(tokens: &[&str]) -> Option<(Move, usize)> {
    let (x, y): (u8, u8) = (tokens.first()?.parse().ok()?, tokens.get(1)?.parse().ok()?);
    let (mut n, mut used) = (1u8, 3);
    if let Some(k) = tokens.get(3).and_then(|s| s.parse::<u8>().ok()) {
        (n, used) = (k, 4);
    }
    let (dx, dy): (i16, i16) = match *tokens.get(2)? {
        "UP" => (0, -1),
        "DOWN" => (0, 1),
        "LEFT" => (-1, 0),
        "RIGHT" => (1, 0),
        _ => return None,
    };
    let from = Square::new(x, y)?;
    let to = Square::new(
        u8::try_from(i16::from(x) + dx * i16::from(n)).ok()?,
        u8::try_from(i16::from(y) + dy * i16::from(n)).ok()?,
    )?;
    Some((Move::new(from, to), used))
}

/// The outcome word(s) the referee appends to a move: `OK`, `KILLS a d`,
/// `DIES a d`, `BOTHDIE a d` (the attacker's and the defender's
/// characters), or `VICTORY_FLAG` when it took the Flag.
#[must_use]
pub fn outcome_text(report: &MoveReport) -> String {
    match report.combat {
        None => "OK".to_owned(),
        Some(Combat { defender: Rank::Flag, .. }) => "VICTORY_FLAG".to_owned(),
        Some(Combat { attacker, defender, result }) => {
            let word = match result {
                CombatResult::AttackerWins => "KILLS",
                CombatResult::DefenderWins => "DIES",
                CombatResult::BothRemoved => "BOTHDIE",
            };
            format!("{word} {} {}", attacker.code_char(), defender.code_char())
        }
    }
}

/// The line both sides are told after a ply: `X Y DIR [N] OUTCOME`.
#[must_use]
pub fn ply_line(report: &MoveReport) -> String {
    format!("{} {}", format_move(report.mv), outcome_text(report))
}

/// The result word of a `QUIT` line for `viewer`, e.g. `VICTORY`,
/// `DEFEAT`, `DRAW` (the referee's programs only check that it came).
#[must_use]
pub fn result_word(outcome: Option<Outcome>, viewer: Player) -> &'static str {
    match outcome {
        Some(Outcome::Win { winner, reason: WinReason::FlagCaptured }) if winner == viewer => "VICTORY_FLAG",
        Some(Outcome::Win { winner, .. }) if winner == viewer => "VICTORY",
        Some(Outcome::Win { .. }) => "DEFEAT",
        Some(Outcome::Draw(_)) => "DRAW",
        None => "DRAW_DEFAULT",
    }
}

/// The ten board lines `viewer` is shown before its move, from `y` 0:
/// its pieces by character, the enemy's as `#`, `.` empty, `+` a lake.
#[must_use]
pub fn board_lines(game: &Game, viewer: Player) -> Vec<String> {
    (0..10u8)
        .map(|y| {
            (0..10u8)
                .map(|x| {
                    let sq = Square::new(x, y).expect("on the board");
                    match game.piece_at(sq) {
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

/// The four rows of `player`'s setup as the referee wants them: from the
/// top of the board down (`y` 0–3 for RED, 6–9 for BLUE), `.` for an
/// empty square (duel setups).
#[must_use]
pub fn setup_rows(setup: &Setup, player: Player) -> Vec<String> {
    let rows: Vec<u8> = if player == Player::South { (0..4).collect() } else { (6..10).collect() };
    rows.into_iter()
        .map(|y| {
            (0..10)
                .map(|x| {
                    let sq = Square::new(x, y).expect("on the board");
                    let slot = home_slot(player, sq).expect("a home square");
                    setup.slots[slot].map_or('.', Rank::code_char)
                })
                .collect()
        })
        .collect()
}

/// Why four setup rows are no setup.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupRowsError {
    /// Not four rows of ten characters.
    #[error("a setup is four rows of ten characters, got {0:?}")]
    Shape(Vec<String>),
    /// A character that is no piece.
    #[error("{0:?} is no piece character")]
    Char(char),
    /// The army is not the rule set's (R4, R5).
    #[error("{0}")]
    Army(SetupError),
}

/// Reads the four rows of [`setup_rows`] for `player` under `rules`.
///
/// # Errors
/// [`SetupRowsError`]: the wrong shape, an unknown character, or an army
/// that is not the rule set's.
pub fn parse_setup_rows(rows: &[String], player: Player, rules: &RuleSet) -> Result<ValidSetup, SetupRowsError> {
    let shape_ok = rows.len() == 4 && rows.iter().all(|r| r.trim().chars().count() == 10);
    if !shape_ok {
        return Err(SetupRowsError::Shape(rows.to_vec()));
    }
    let mut setup = Setup::EMPTY;
    let ys: [u8; 4] = if player == Player::South { [0, 1, 2, 3] } else { [6, 7, 8, 9] };
    for (row, y) in rows.iter().zip(ys) {
        for (x, c) in (0u8..).zip(row.trim().chars()) {
            let rank = match c {
                '.' => None,
                c => Some(Rank::from_code_char(c).ok_or(SetupRowsError::Char(c))?),
            };
            let sq = Square::new(x, y).expect("on the board");
            setup.slots[home_slot(player, sq).expect("a home square")] = rank;
        }
    }
    ValidSetup::new(rules, setup).map_err(SetupRowsError::Army)
}

#[cfg(test)]
mod tests {
    use engine::{ByPlayer, RuleSetId};
    use rand::SeedableRng;

    use super::*;

    #[test]
    fn moves_round_trip() {
        for (text, from, to) in [("3 6 UP", "d7", "d6"), ("0 3 DOWN 2", "a4", "a6"), ("9 9 LEFT 4", "j10", "f10")] {
            let tokens: Vec<&str> = text.split_whitespace().collect();
            let (mv, used) = parse_move(&tokens).unwrap();
            assert_eq!((mv.from.to_string(), mv.to.to_string(), used), (from.to_owned(), to.to_owned(), tokens.len()));
            assert_eq!(format_move(mv), text);
        }
        assert!(parse_move(&["0", "0", "UP"]).is_none(), "off the board");
        assert!(parse_move(&["0", "0", "NORTH"]).is_none());
        assert!(parse_move(&["SURRENDER"]).is_none());
    }

    #[test]
    fn setups_round_trip_for_both_colours() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let rules = RuleSetId::Ucc.rules();
        for player in Player::ALL {
            let s = engine::smart(rules, &mut rng);
            let rows = setup_rows(s.setup(), player);
            assert_eq!(rows.len(), 4);
            assert_eq!(parse_setup_rows(&rows, player, rules).unwrap().setup(), s.setup());
        }
        let bad = vec!["BBBBBBBBBB".to_owned(); 4];
        assert!(matches!(parse_setup_rows(&bad, Player::South, rules), Err(SetupRowsError::Army(_))));
        let short = vec!["123".to_owned(); 4];
        assert!(matches!(parse_setup_rows(&short, Player::South, rules), Err(SetupRowsError::Shape(_))));
        let odd = vec!["X123456789".to_owned(); 4];
        assert_eq!(parse_setup_rows(&odd, Player::South, rules), Err(SetupRowsError::Char('X')));
    }

    #[test]
    fn the_board_shows_own_ranks_and_enemy_backs() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(6);
        let rules = RuleSetId::Ucc;
        let setups = ByPlayer::new_with(|_| engine::smart(rules.rules(), &mut rng));
        let game = Game::new(rules, setups, Player::South).unwrap();
        let lines = board_lines(&game, Player::South);
        assert_eq!(lines[..4], setup_rows(setups[Player::South].setup(), Player::South)[..]);
        assert_eq!(lines[4], "..++..++..");
        assert_eq!(lines[9], "##########");
    }
}
