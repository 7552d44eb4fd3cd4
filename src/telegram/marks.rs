//! The marks of a play board (R24): what the reader knows of every square,
//! as a short label shared by the text grid and the keyboard.
//!
//! Enemy pieces: `?` never moved, `!` has moved (so neither Mine nor Flag),
//! `!!` has made a multi-square move (the runner kind), `*5` revealed.
//! Own pieces: the rank, `5°` once the enemy knows it. The last move's
//! from- and to-square carry `›`. Every mark comes from the view only, and
//! a moved or runner mark only from public moves (R25).

use engine::{Cell, Player, PlayerView, Rank, Runner, Square};

use super::render::{family, rank_label, rank_name};
use crate::i18n::{Lang, tr, tr_args};

/// Where a label is drawn: the monospace grid or a keyboard button (which
/// shows own Mines and the Flag as icons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The `<pre>` grid of the board text.
    Grid,
    /// A button of the board keyboard.
    Button,
}

/// The mark of the last move's from- and to-square.
pub const LAST_MOVE: char = '›';

/// Width of one grid cell in characters: the widest label (`›*10`, `›10°`)
/// fills it, every other leaves at least one space before it.
const CELL: usize = 4;

/// The squares of row `row` (0 = top) in `me`'s orientation (R3): South sees
/// rank 10 at the top and file a on the left; North the opposite.
#[must_use]
pub fn square_at(me: Player, row: u8, col: u8) -> Square {
    let sq = match me {
        Player::South => Square::new(col, 9 - row),
        Player::North => Square::new(9 - col, row),
    };
    sq.expect("row and col < 10")
}

/// The last ply's from- and to-square, if a ply was played.
#[must_use]
pub fn last_squares(v: &PlayerView) -> [Option<Square>; 2] {
    v.last_move().map_or([None, None], |r| [Some(r.mv.from), Some(r.mv.to)])
}

/// The label of `sq` without the last-move mark: `·`, `≈`, an own rank
/// (`5`, `5°` known to the enemy; on a button 💣/🚩 for own Mines and the
/// Flag), or an enemy back (`?`, `!`, `!!`, `*5`).
#[must_use]
pub fn label(v: &PlayerView, sq: Square, lang: Lang, place: Place) -> String {
    let r = v.rule_set();
    match v.cell(sq) {
        Cell::Empty => "·".to_owned(),
        Cell::Lake => "≈".to_owned(),
        Cell::Own(p) => {
            let base = match (place, p.rank) {
                (Place::Button, Rank::Mine) => "💣".to_owned(),
                (Place::Button, Rank::Flag) => "🚩".to_owned(),
                _ => rank_label(r, p.rank, lang),
            };
            if p.revealed { format!("{base}°") } else { base }
        }
        Cell::Enemy(e) => match e.revealed {
            Some(rank) => format!("*{}", rank_label(r, rank, lang)),
            None if e.ran => "!!".to_owned(),
            None if e.moved => "!".to_owned(),
            None => "?".to_owned(),
        },
    }
}

/// `label` with the last-move mark in front when `sq` is the last move's
/// from- or to-square.
#[must_use]
pub fn marked(v: &PlayerView, sq: Square, text: String) -> String {
    if last_squares(v).contains(&Some(sq)) { format!("{LAST_MOVE}{text}") } else { text }
}

/// The monospace grid of the whole board from `v.me()`'s side, with
/// coordinates: 10 rows of 10 cells [`CELL`] characters wide, so every
/// label lines up under its file letter.
#[must_use]
pub fn grid(v: &PlayerView, lang: Lang) -> String {
    let me = v.me();
    let mut out = String::new();
    let header: String =
        (0..10).map(|c| format!("{:>CELL$}", (b'a' + square_at(me, 0, c).file()) as char)).collect::<String>();
    out.push_str(&format!("  {header}\n"));
    for row in 0..10 {
        let rank = square_at(me, row, 0).rank() + 1;
        out.push_str(&format!("{rank:>2}"));
        for col in 0..10 {
            let sq = square_at(me, row, col);
            out.push_str(&format!("{:>CELL$}", marked(v, sq, label(v, sq, lang, Place::Grid))));
        }
        out.push('\n');
    }
    out.push_str(&format!("  {header}"));
    out
}

/// The legend of the marks, naming the rule set's runner kind if it has one.
#[must_use]
pub fn legend(v: &PlayerView, lang: Lang) -> String {
    let r = v.rule_set();
    let runner = match r.rules().runner {
        Runner::None => String::new(),
        Runner::WithoutStrike(rank) | Runner::WithStrike(rank) => {
            tr_args(lang, "legend-runner", &[("rank", rank_name(r, rank, lang).into())])
        }
    };
    format!(
        "{}\n{}",
        tr(lang, &format!("legend-{}", family(r))),
        tr_args(lang, "legend-marks", &[("family", family(r).into()), ("runner", runner.into())])
    )
}
