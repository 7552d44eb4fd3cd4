//! The serialized form of [`Game`]: format version, who moved first, the
//! moves, a standing draw offer and the outcome. Reading replays the moves,
//! so a stored game is always one the rules allow.

use engine::Player;
use serde::{Deserialize, Serialize};

use crate::game::{FORMAT_VERSION, Game};
use crate::record::{DrawReason, Move, MoveError, Outcome, WinReason};

#[derive(Serialize, Deserialize)]
pub(crate) struct GameRepr {
    format: u32,
    first: Player,
    moves: Vec<Move>,
    draw_offer: Option<Player>,
    outcome: Option<Outcome>,
}

/// Why a serialized game is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFormatError {
    /// A format version this build does not read.
    #[error("unknown Jungle game format {0} (this build reads {FORMAT_VERSION})")]
    Version(u32),
    /// A stored move the rules refuse, at this 0-based ply.
    #[error("ply {0}: {1}")]
    Move(usize, MoveError),
    /// The stored outcome is not what the moves give.
    #[error("the stored outcome does not follow from the moves")]
    Outcome,
}

impl From<Game> for GameRepr {
    fn from(g: Game) -> GameRepr {
        GameRepr {
            format: FORMAT_VERSION,
            first: g.first,
            moves: g.history.iter().map(|r| r.mv).collect(),
            draw_offer: g.draw_offer,
            outcome: g.outcome,
        }
    }
}

impl TryFrom<GameRepr> for Game {
    type Error = GameFormatError;

    fn try_from(r: GameRepr) -> Result<Game, GameFormatError> {
        if r.format != FORMAT_VERSION {
            return Err(GameFormatError::Version(r.format));
        }
        let mut g = Game::new(r.first);
        for (i, &mv) in r.moves.iter().enumerate() {
            g.play(mv).map_err(|e| GameFormatError::Move(i, e))?;
        }
        if let Some(p) = r.draw_offer {
            g.offer_draw(p).map_err(|e| GameFormatError::Move(r.moves.len(), e))?;
        }
        match (g.outcome, r.outcome) {
            (a, b) if a == b => {}
            (None, Some(o @ Outcome::Win { reason: WinReason::Resignation | WinReason::Time, .. }))
            | (None, Some(o @ Outcome::Draw(DrawReason::Agreement))) => {
                g.finish(o).map_err(|_| GameFormatError::Outcome)?;
            }
            _ => return Err(GameFormatError::Outcome),
        }
        Ok(g)
    }
}
