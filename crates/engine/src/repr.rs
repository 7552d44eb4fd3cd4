//! The serialized form of a [`Game`] (format [`FORMAT_VERSION`]).

use serde::{Deserialize, Serialize};

use crate::game::{Chase, FORMAT_VERSION, Game, Shuttle};
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

/// What is stored of a [`Game`]: everything but the fields derived from the board.
#[derive(Serialize, Deserialize)]
pub(crate) struct GameRepr {
    format: u32,
    rules: RuleSetId,
    setups: ByPlayer<ValidSetup>,
    first: Player,
    board: Vec<Option<Piece>>,
    turn: Player,
    quiet_plies: u16,
    shuttle: ByPlayer<Shuttle>,
    chase: Option<ChaseRepr>,
    history: Vec<Record>,
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
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> Self {
        let c = g.chase;
        GameRepr {
            format: FORMAT_VERSION,
            rules: g.rules,
            setups: g.setups,
            first: g.first,
            board: g.board.to_vec(),
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
            history: g.history,
            graveyard: g.graveyard,
            outcome: g.outcome,
            draw_offer: g.draw_offer,
        }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = GameFormatError;
    fn try_from(r: GameRepr) -> Result<Self, GameFormatError> {
        if r.format != FORMAT_VERSION {
            return Err(GameFormatError::Version(r.format));
        }
        let board: [Option<Piece>; 100] = r.board.try_into().map_err(|b: Vec<_>| GameFormatError::Board(b.len()))?;
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
            history: r.history,
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
