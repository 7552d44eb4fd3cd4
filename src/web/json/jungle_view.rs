//! The page's JSON for a game of Jungle (RULES.md §9), built from the
//! Jungle engine's [`PlayerView`] only: the same shape as Stratego's (see
//! [`super`]) on a 7×9 board, with the squares' terrain.
//!
//! - `size` is `{files: 7, ranks: 9}` (J1), `setup` always `null` (J3);
//! - a square is `{sq, k: "empty"|"own"|"enemy"|"piece", r, owner, t, of}`:
//!   `r` is the animal's rank `1`–`8` (J3), `owner` its side, `t` the
//!   terrain when it is not land (`"water"`, `"trap"`, `"den"`, J2) and
//!   `of` the side whose den or trap it is;
//! - `ranks` maps each rank to `{label: "🐘8", emoji, name, movable}`;
//! - a ply is `{ply, player, mv, from, to, captured: r|null}`;
//! - `graveyard` lists each side's captured animals by rank;
//! - `quietPlies` counts the plies since the last capture (J11).

use engine::Player;
use jungle::{Animal, Outcome, PlayerView, Record, Square, Terrain};
use serde_json::{Map, Value, json};

use crate::i18n::Lang;
use crate::i18n::jungle::{animal_emoji, animal_name};

fn rank(a: Animal) -> String {
    a.rank().to_string()
}

/// `ranks`: every animal by its rank, with its emoji and name in `lang` (J3).
pub(super) fn ranks(lang: Lang) -> Map<String, Value> {
    Animal::ALL
        .iter()
        .map(|&a| {
            let label = format!("{}{}", animal_emoji(a), a.rank());
            let v = json!({ "label": label, "emoji": animal_emoji(a), "name": animal_name(a, lang), "movable": true });
            (rank(a), v)
        })
        .collect()
}

fn record(ply: usize, r: &Record) -> Value {
    json!({
        "ply": ply,
        "player": r.player.as_str(),
        "mv": r.mv.to_string(),
        "from": r.mv.from.to_string(),
        "to": r.mv.to.to_string(),
        "captured": r.captured.map(rank),
    })
}

fn outcome(o: Option<Outcome>) -> Value {
    match o {
        None => Value::Null,
        Some(Outcome::Win { winner, reason }) => {
            json!({ "winner": winner.as_str(), "reason": format!("{reason:?}").to_lowercase() })
        }
        Some(Outcome::Draw(reason)) => json!({ "draw": format!("{reason:?}").to_lowercase() }),
    }
}

fn square(v: &PlayerView, sq: Square, watch: bool) -> Value {
    let mut s = json!({ "sq": sq.to_string(), "k": "empty" });
    let (t, of) = match v.terrain(sq) {
        Terrain::Land => (None, None),
        Terrain::Water => (Some("water"), None),
        Terrain::Trap(p) => (Some("trap"), Some(p)),
        Terrain::Den(p) => (Some("den"), Some(p)),
    };
    if let Some(t) = t {
        s["t"] = t.into();
    }
    if let Some(of) = of {
        s["of"] = of.as_str().into();
    }
    if let Some(p) = v.piece_at(sq) {
        s["k"] = match (watch, p.player == v.me()) {
            (true, _) => "piece",
            (false, true) => "own",
            (false, false) => "enemy",
        }
        .into();
        s["r"] = rank(p.animal).into();
        s["owner"] = p.player.as_str().into();
    }
    s
}

/// Fills the position part of `o` from `v`; `watch` for a spectator, who
/// gets no turn of their own and no legal moves.
pub(super) fn fill(o: &mut Map<String, Value>, v: &PlayerView, watch: bool) {
    o.insert("turn".into(), v.turn().as_str().into());
    o.insert("outcome".into(), outcome(v.outcome()));
    o.insert("squares".into(), Square::all().map(|sq| square(v, sq, watch)).collect::<Vec<_>>().into());
    if !watch {
        o.insert("myTurn".into(), v.my_turn().into());
        o.insert("legal".into(), v.legal_moves().iter().map(ToString::to_string).collect::<Vec<_>>().into());
    }
    o.insert("last".into(), v.last_move().map_or(Value::Null, |r| record(v.ply(), r)));
    let history: Vec<Value> = v.history().iter().enumerate().map(|(i, r)| record(i + 1, r)).collect();
    o.insert("history".into(), history.into());
    let lost = |p: Player| v.captured(p).into_iter().map(rank).collect::<Vec<_>>();
    o.insert("graveyard".into(), json!({ "south": lost(Player::South), "north": lost(Player::North) }));
    o.insert("quietPlies".into(), v.quiet_plies().into());
}

#[cfg(test)]
#[path = "jungle_view_tests.rs"]
mod tests;
