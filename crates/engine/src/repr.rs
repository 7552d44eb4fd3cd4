//! The serialized form of a [`Game`] (format [`FORMAT_VERSION`]).
//!
//! Format 2 stores the board and the record compactly (a square in three
//! characters, a ply in five or nine), since the state is written on every
//! move: a format-1 board took about 7 KB of JSON, a format-2 board 300
//! bytes. Format 1 (the same fields, pieces and plies as JSON objects) is
//! still read.

use serde::{Deserialize, Serialize};

use crate::combat::{Combat, CombatResult};
use crate::game::{Chase, FORMAT_VERSION, Game, Shuttle};
use crate::mv::Move;
use crate::player::{ByPlayer, Player};
use crate::rank::Rank;
use crate::record::{Outcome, Piece, Record};
use crate::rules::RuleSetId;
use crate::setup::ValidSetup;
use crate::square::Square;

/// The chase as stored (see `Chase`).
#[derive(Serialize, Deserialize)]
struct ChaseRepr {
    chaser: Player,
    chaser_sq: Square,
    chaser_last_from: Square,
    chased_sq: Square,
    positions: Vec<u64>,
}

/// The board as stored: format 2's string of 100 squares, three characters
/// each (`...` empty; else owner `s`/`n`, the rank's code character, and a
/// digit of flags: 1 revealed, 2 moved, 4 ran), or format 1's list.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum BoardRepr {
    Compact(String),
    Verbose(Vec<Option<Piece>>),
}

/// One ply as stored: format 2's `n6858` (player, from, to as square
/// indices) with `xAdR` appended for a combat (attacker and defender code
/// characters, result `A`/`D`/`B`), or format 1's object.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum RecordRepr {
    Compact(String),
    Verbose(Record),
}

fn player_char(p: Player) -> char {
    match p {
        Player::South => 's',
        Player::North => 'n',
    }
}

fn char_player(c: char) -> Option<Player> {
    match c {
        's' => Some(Player::South),
        'n' => Some(Player::North),
        _ => None,
    }
}

fn encode_board(board: &[Option<Piece>; 100]) -> String {
    let mut out = String::with_capacity(300);
    for sq in board {
        match sq {
            None => out.push_str("..."),
            Some(p) => {
                out.push(player_char(p.player));
                out.push(p.rank.code_char());
                let flags = u8::from(p.revealed) | u8::from(p.moved) << 1 | u8::from(p.ran) << 2;
                out.push(char::from(b'0' + flags));
            }
        }
    }
    out
}

fn decode_board(s: &str) -> Result<Vec<Option<Piece>>, GameFormatError> {
    let chars: Vec<char> = s.chars().collect();
    if !chars.len().is_multiple_of(3) {
        return Err(GameFormatError::Encoding(format!("board of {} characters", chars.len())));
    }
    chars
        .chunks(3)
        .map(|c| match c {
            ['.', '.', '.'] => Ok(None),
            &[o, r, f] => {
                let bad = || GameFormatError::Encoding(format!("square {o}{r}{f}"));
                let flags = f.to_digit(8).ok_or_else(bad)?;
                Ok(Some(Piece {
                    player: char_player(o).ok_or_else(bad)?,
                    rank: Rank::from_code_char(r).ok_or_else(bad)?,
                    revealed: flags & 1 != 0,
                    moved: flags & 2 != 0,
                    ran: flags & 4 != 0,
                }))
            }
            _ => unreachable!("chunks of 3"),
        })
        .collect()
}

fn encode_record(r: &Record) -> String {
    let mut out = format!("{}{:02}{:02}", player_char(r.player), r.mv.from.index(), r.mv.to.index());
    if let Some(c) = r.combat {
        let result = match c.result {
            CombatResult::AttackerWins => 'A',
            CombatResult::DefenderWins => 'D',
            CombatResult::BothRemoved => 'B',
        };
        out.push('x');
        out.push(c.attacker.code_char());
        out.push(c.defender.code_char());
        out.push(result);
    }
    out
}

fn decode_record(s: &str) -> Result<Record, GameFormatError> {
    let bad = || GameFormatError::Encoding(format!("ply {s}"));
    let c: Vec<char> = s.chars().collect();
    if c.len() != 5 && !(c.len() == 9 && c[5] == 'x') {
        return Err(bad());
    }
    let square = |a: char, b: char| -> Result<Square, GameFormatError> {
        let i = a.to_digit(10).zip(b.to_digit(10)).map(|(a, b)| (a * 10 + b) as usize).ok_or_else(bad)?;
        Square::from_index(i).ok_or_else(bad)
    };
    let combat = if c.len() == 9 {
        let result = match c[8] {
            'A' => CombatResult::AttackerWins,
            'D' => CombatResult::DefenderWins,
            'B' => CombatResult::BothRemoved,
            _ => return Err(bad()),
        };
        Some(Combat {
            attacker: Rank::from_code_char(c[6]).ok_or_else(bad)?,
            defender: Rank::from_code_char(c[7]).ok_or_else(bad)?,
            result,
        })
    } else {
        None
    };
    Ok(Record {
        player: char_player(c[0]).ok_or_else(bad)?,
        mv: Move::new(square(c[1], c[2])?, square(c[3], c[4])?),
        combat,
    })
}

/// What is stored of a [`Game`]: everything but the fields derived from the board.
#[derive(Serialize, Deserialize)]
pub(crate) struct GameRepr {
    format: u32,
    rules: RuleSetId,
    setups: ByPlayer<ValidSetup>,
    first: Player,
    board: BoardRepr,
    turn: Player,
    quiet_plies: u16,
    shuttle: ByPlayer<Shuttle>,
    chase: Option<ChaseRepr>,
    history: Vec<RecordRepr>,
    graveyard: ByPlayer<Vec<Rank>>,
    outcome: Option<Outcome>,
    #[serde(default)]
    draw_offer: Option<Player>,
}

/// Why a stored game could not be read back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFormatError {
    /// Written by another format version.
    #[error("game state has format {0}, this build reads {FORMAT_VERSION}")]
    Version(u32),
    /// The board does not have 100 squares.
    #[error("game state has a board of {0} squares")]
    Board(usize),
    /// A piece stands on a lake (R2).
    #[error("game state has a piece on the lake square {0}")]
    PieceOnLake(Square),
    /// A compact board square or ply that does not read.
    #[error("game state has a bad {0}")]
    Encoding(String),
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> Self {
        let c = g.chase;
        GameRepr {
            format: FORMAT_VERSION,
            rules: g.rules,
            setups: g.setups,
            first: g.first,
            board: BoardRepr::Compact(encode_board(&g.board)),
            turn: g.turn,
            quiet_plies: g.quiet_plies,
            shuttle: g.shuttle,
            chase: c.active.then_some(ChaseRepr {
                chaser: c.chaser,
                chaser_sq: c.chaser_sq,
                chaser_last_from: c.chaser_last_from,
                chased_sq: c.chased_sq,
                positions: c.positions,
            }),
            history: g.history.iter().map(|r| RecordRepr::Compact(encode_record(r))).collect(),
            graveyard: g.graveyard,
            outcome: g.outcome,
            draw_offer: g.draw_offer,
        }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = GameFormatError;
    fn try_from(r: GameRepr) -> Result<Self, GameFormatError> {
        if !(1..=FORMAT_VERSION).contains(&r.format) {
            return Err(GameFormatError::Version(r.format));
        }
        let board = match r.board {
            BoardRepr::Compact(s) => decode_board(&s)?,
            BoardRepr::Verbose(b) => b,
        };
        let board: [Option<Piece>; 100] = board.try_into().map_err(|b: Vec<_>| GameFormatError::Board(b.len()))?;
        let history = r
            .history
            .into_iter()
            .map(|h| match h {
                RecordRepr::Compact(s) => decode_record(&s),
                RecordRepr::Verbose(r) => Ok(r),
            })
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(sq) = Square::all().find(|s| s.is_lake() && board[s.index()].is_some()) {
            return Err(GameFormatError::PieceOnLake(sq));
        }
        let chase = match r.chase {
            None => Chase::inactive(),
            Some(c) => Chase {
                active: true,
                chaser: c.chaser,
                chaser_sq: c.chaser_sq,
                chaser_last_from: c.chaser_last_from,
                chased_sq: c.chased_sq,
                positions: c.positions,
            },
        };
        let mut g = Game {
            rules: r.rules,
            setups: r.setups,
            first: r.first,
            board,
            turn: r.turn,
            quiet_plies: r.quiet_plies,
            shuttle: r.shuttle,
            chase,
            recording: true,
            last: history.last().copied(),
            plies: history.len(),
            history,
            graveyard: r.graveyard,
            outcome: r.outcome,
            draw_offer: r.draw_offer,
            hash: 0,
            occ: [0; 2],
            mobile: [0; 2],
            runners: [0; 2],
        };
        g.derive();
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use crate::{FORMAT_VERSION, Game, Player};

    /// A game stored by format 1 (from a bot database: seven plies, two
    /// combats, revealed pieces) still reads, and writes back compactly.
    #[test]
    fn format_1_is_read_and_format_2_is_written() {
        let old = include_str!("../tests/data/state-format1.json");
        let game: Game = serde_json::from_str(old).unwrap();
        assert_eq!(game.history().len(), 7);
        assert_eq!(game.history().iter().filter(|r| r.combat.is_some()).count(), 2);
        let new = serde_json::to_string(&game).unwrap();
        assert!(new.contains(&format!("\"format\":{FORMAT_VERSION}")));
        assert!(new.len() * 4 < old.len(), "{} bytes, was {}", new.len(), old.len());
        let back: Game = serde_json::from_str(&new).unwrap();
        assert_eq!(back, game);
        for p in Player::ALL {
            assert_eq!(back.view(p), game.view(p));
        }
    }

    #[test]
    fn bad_compact_squares_and_plies_are_refused() {
        let good: serde_json::Value = serde_json::to_value(
            serde_json::from_str::<Game>(include_str!("../tests/data/state-format1.json")).unwrap(),
        )
        .unwrap();
        let forge = |field: &str, value: serde_json::Value| {
            let mut v = good.clone();
            v[field] = value;
            serde_json::from_value::<Game>(v)
        };
        assert!(forge("board", "...".repeat(99).into()).is_err(), "99 squares");
        assert!(forge("board", format!("sZ0{}", "...".repeat(99)).into()).is_err(), "no rank Z");
        assert!(forge("history", serde_json::json!(["s3040", "q4050"])).is_err(), "no player q");
        assert!(forge("history", serde_json::json!(["s30400"])).is_err(), "six characters");
        assert!(forge("history", serde_json::json!(["s3040xBBQ"])).is_err(), "no result Q");
        let mut v = good.clone();
        v["format"] = 3.into();
        assert!(serde_json::from_value::<Game>(v).is_err(), "a future format");
    }
}
