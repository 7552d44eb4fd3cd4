//! The page's JSON, built from a [`Board`] only: a [`PlayerView`] or a
//! `SpectatorView` made by the engine, or the reader's own draft (R25: no
//! field here can hold a hidden enemy rank); for Jungle the Jungle
//! engine's view, in the same shape (module `jungle_view`).
//!
//! Shape (every square in [`Square::index`] order, `a1` first):
//!
//! ```text
//! { game, version, status, rules, size: {files, ranks}, me: "south"|"north"|null, turn, myTurn, first,
//!   names: {south, north}, ai, drawOffer, deadline, now, daysPerMove, confirmMoves,
//!   outcome: {winner, reason}|{draw}|null, result,
//!   squares: [{sq, k: "empty"|"lake"|"own"|"enemy"|"piece", r, owner, revealed, moved, runner}],
//!   legal: ["e4-e5", …], last: {player, mv, from, to, combat}|null,
//!   history: [{ply, player, mv, combat: {attacker, defender, result}|null}],
//!   graveyard: {south: [r…], north: [r…]},
//!   setup: {confirmed, opponentReady, saved: [{id, name}]}|null,
//!   ranks: {r: {label, name, movable}}, lang }
//! ```
//!
//! `r` is a rank's setup-code character (§8a: `1`–`9`, `s`, `B`, `F`);
//! `ranks` names each in the rule set's own terms and the reader's language.

use engine::{Cell, Combat, CombatResult, Outcome, Player, PlayerView, Rank, Record, Square, home_slot};
use serde_json::{Value, json};

use crate::app::{Board, GameRules, Stage};
use crate::i18n::Lang;
use crate::i18n::names::{rank_label, rank_name};
use crate::storage::SavedSetup;

fn side(p: Player) -> &'static str {
    p.as_str()
}

fn rank(r: Rank) -> String {
    r.code_char().to_string()
}

fn combat(c: &Combat) -> Value {
    let result = match c.result {
        CombatResult::AttackerWins => "attacker",
        CombatResult::DefenderWins => "defender",
        CombatResult::BothRemoved => "both",
    };
    json!({ "attacker": rank(c.attacker), "defender": rank(c.defender), "result": result })
}

fn record(ply: usize, r: &Record) -> Value {
    json!({
        "ply": ply,
        "player": side(r.player),
        "mv": r.mv.to_string(),
        "from": r.mv.from.to_string(),
        "to": r.mv.to.to_string(),
        "combat": r.combat.as_ref().map(combat),
    })
}

fn outcome(o: Option<Outcome>) -> Value {
    match o {
        None => Value::Null,
        Some(Outcome::Win { winner, reason }) => {
            json!({ "winner": side(winner), "reason": format!("{reason:?}").to_lowercase() })
        }
        Some(Outcome::Draw(reason)) => json!({ "draw": format!("{reason:?}").to_lowercase() }),
    }
}

fn play_squares(v: &PlayerView) -> Vec<Value> {
    Square::all()
        .map(|sq| {
            let name = sq.to_string();
            match v.cell(sq) {
                Cell::Empty => json!({ "sq": name, "k": "empty" }),
                Cell::Lake => json!({ "sq": name, "k": "lake" }),
                Cell::Own(p) => {
                    json!({ "sq": name, "k": "own", "r": rank(p.rank), "revealed": p.revealed, "moved": p.moved })
                }
                Cell::Enemy(e) => json!({
                    "sq": name, "k": "enemy", "r": e.revealed.map(rank), "revealed": e.revealed.is_some(),
                    "moved": e.moved, "runner": e.ran,
                }),
            }
        })
        .collect()
}

fn watch_squares(v: &engine::SpectatorView) -> Vec<Value> {
    Square::all()
        .map(|sq| {
            let name = sq.to_string();
            match v.cell(sq) {
                engine::PublicCell::Empty => json!({ "sq": name, "k": "empty" }),
                engine::PublicCell::Lake => json!({ "sq": name, "k": "lake" }),
                engine::PublicCell::Piece { owner, known } => json!({
                    "sq": name, "k": "piece", "owner": side(owner), "r": known.revealed.map(rank),
                    "revealed": known.revealed.is_some(), "moved": known.moved, "runner": known.ran,
                }),
            }
        })
        .collect()
}

fn setup_squares(me: Player, draft: &engine::ValidSetup) -> Vec<Value> {
    let code: Vec<char> = draft.to_code().chars().collect();
    Square::all()
        .map(|sq| {
            let name = sq.to_string();
            match home_slot(me, sq).and_then(|slot| code.get(slot)) {
                Some(c) if *c != '.' => json!({ "sq": name, "k": "own", "r": c.to_string() }),
                _ if sq.is_lake() => json!({ "sq": name, "k": "lake" }),
                _ => json!({ "sq": name, "k": "empty" }),
            }
        })
        .collect()
}

fn graveyard(g: impl Fn(Player) -> Vec<String>) -> Value {
    json!({ "south": g(Player::South), "north": g(Player::North) })
}

/// The page's JSON for `board` in `lang`, at unix time `now`; `saved` are
/// the reader's saved setups of the game's family of rule sets (setup phase).
#[must_use]
pub fn board_json(board: &Board, lang: Lang, now: i64, saved: &[SavedSetup]) -> Value {
    let ranks: serde_json::Map<String, Value> = match board.rules {
        GameRules::Stratego(rules) => Rank::ALL
            .iter()
            .map(|r| {
                let v = json!({ "label": rank_label(rules, *r, lang), "name": rank_name(rules, *r, lang), "movable": r.is_movable() });
                (rank(*r), v)
            })
            .collect(),
        GameRules::Jungle => jungle_view::ranks(lang),
    };
    let size = match board.rules {
        GameRules::Stratego(_) => json!({ "files": 10, "ranks": 10 }),
        GameRules::Jungle => json!({ "files": ::jungle::FILES, "ranks": ::jungle::RANKS }),
    };
    let names = json!({ "south": board.names[0].1, "north": board.names[1].1 });
    let mut out = json!({
        "game": board.game_id,
        "version": board.version,
        "status": board.status.as_str(),
        "rules": board.rules.as_str(),
        "size": size,
        "me": board.side.map(side),
        "first": board.first.map(side),
        "names": names,
        "ai": board.ai.map(|l| l.to_string()),
        "drawOffer": board.draw_offer.map(side),
        "deadline": board.deadline,
        "now": now,
        "daysPerMove": board.days_per_move,
        "confirmMoves": board.confirm_moves,
        "result": board.result,
        "ranks": ranks,
        "lang": lang.code(),
        "turn": Value::Null, "myTurn": false, "outcome": Value::Null, "squares": [], "legal": [],
        "last": Value::Null, "history": [], "graveyard": graveyard(|_| vec![]), "setup": Value::Null,
    });
    let o = out.as_object_mut().expect("an object");
    match &board.stage {
        Stage::Empty => {}
        Stage::Setup { draft, confirmed, opponent_ready } => {
            if let Some(me) = board.side {
                o.insert("squares".into(), setup_squares(me, draft).into());
            }
            let saved: Vec<Value> = saved.iter().map(|s| json!({ "id": s.id, "name": s.name })).collect();
            o.insert(
                "setup".into(),
                json!({ "confirmed": confirmed, "opponentReady": opponent_ready, "saved": saved, "code": draft.to_code() }),
            );
        }
        Stage::Play(v) => {
            o.insert("turn".into(), side(v.turn()).into());
            o.insert("myTurn".into(), v.my_turn().into());
            o.insert("outcome".into(), outcome(v.outcome()));
            o.insert("squares".into(), play_squares(v).into());
            o.insert("legal".into(), v.legal_moves().iter().map(ToString::to_string).collect::<Vec<_>>().into());
            o.insert("last".into(), v.last_move().map_or(Value::Null, |r| record(v.ply(), r)));
            let history: Vec<Value> = v.history().iter().enumerate().map(|(i, r)| record(i + 1, r)).collect();
            o.insert("history".into(), history.into());
            o.insert("graveyard".into(), graveyard(|p| v.graveyard(p).iter().map(|r| rank(*r)).collect()));
        }
        Stage::Watch(v) => {
            o.insert("turn".into(), side(v.turn()).into());
            o.insert("outcome".into(), outcome(v.outcome()));
            o.insert("squares".into(), watch_squares(v).into());
            let h = v.history();
            o.insert("last".into(), h.last().map_or(Value::Null, |r| record(h.len(), r)));
            let history: Vec<Value> = h.iter().enumerate().map(|(i, r)| record(i + 1, r)).collect();
            o.insert("history".into(), history.into());
            o.insert("graveyard".into(), graveyard(|p| v.graveyard(p).iter().map(|r| rank(*r)).collect()));
        }
        Stage::JunglePlay(v) => jungle_view::fill(o, v, false),
        Stage::JungleWatch(v) => jungle_view::fill(o, v, true),
    }
    out
}

mod jungle_view;

#[cfg(test)]
mod tests;
