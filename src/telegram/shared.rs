//! Records of a finished game a person shares: the caption of its picture
//! and the header of its export, in the reader's language and plain text
//! (no HTML: a caption is sent without a parse mode, an export is a file).

use engine::Player;

use super::deliver::ai_name;
use super::render::{days_text, fmt_date_time, reason_text, side_name};
use crate::app::{Ending, GameFacts, Who};
use crate::i18n::{Lang, tr, tr_args};

/// A player's name as the reader sees it: the first name, or "AI (hard)".
#[must_use]
pub fn who_name(who: &Who, lang: Lang) -> String {
    match who {
        Who::Person(name) => name.clone(),
        Who::Ai(level) => ai_name(*level, lang),
    }
}

/// The result said of the players by name: "Alice won — the flag was captured."
fn result_line(facts: &GameFacts, lang: Lang) -> String {
    let Some(o) = facts.outcome else { return tr(lang, "export-in-progress") };
    let head = match o.winner() {
        Some(winner) => tr_args(lang, "card-winner", &[("name", who_name(&facts.players[winner], lang).into())]),
        None => tr(lang, "result-draw"),
    };
    let reason = match o {
        Ending::Stratego(o) => reason_text(o, lang),
        Ending::Jungle(o) => super::jungle_board::reason_text(o, lang),
    };
    format!("{head} — {reason}")
}

/// "Alice (South, red) – AI (normal) (North, blue)".
fn players_line(facts: &GameFacts, lang: Lang) -> String {
    let one = |p: Player| format!("{} ({})", who_name(&facts.players[p], lang), side_name(p, lang));
    format!("{} – {}", one(Player::South), one(Player::North))
}

fn date(unix: i64) -> String {
    fmt_date_time(unix).split(' ').next().unwrap_or_default().to_owned()
}

/// The caption of a game's picture: game, rule set, players, result, dates.
#[must_use]
pub fn picture_caption(facts: &GameFacts, lang: Lang) -> String {
    let mut dates = date(facts.started_at);
    if let Some(end) = facts.finished_at.map(date).filter(|d| *d != dates) {
        dates = format!("{dates} – {end}");
    }
    format!(
        "{} · {}\n{}\n{}\n{}",
        tr_args(lang, "game-title", &[("id", facts.id.into())]),
        tr(lang, &format!("rules-{}", facts.rule_set.as_str())),
        players_line(facts, lang),
        result_line(facts, lang),
        dates
    )
}

/// The export with header lines over the engine's text: each a `#`
/// comment, which the engine's reader skips (`engine::import`), so the
/// file still reads back as the same game.
#[must_use]
pub fn export_with_header(facts: &GameFacts, body: &str, lang: Lang) -> String {
    let at = |t: Option<i64>| t.map_or_else(|| "—".to_owned(), |t| format!("{} UTC", fmt_date_time(t)));
    let lines = [
        tr_args(lang, "game-title", &[("id", facts.id.into())]),
        tr_args(lang, "export-players", &[("players", players_line(facts, lang).into())]),
        tr_args(lang, "export-rules", &[("rules", tr(lang, &format!("rules-{}", facts.rule_set.as_str())).into())]),
        tr_args(lang, "export-time", &[("time", days_text(facts.days_per_move, lang).into())]),
        tr_args(
            lang,
            "export-dates",
            &[("start", at(Some(facts.started_at)).into()), ("end", at(facts.finished_at).into())],
        ),
        tr_args(lang, "export-result", &[("result", result_line(facts, lang).into())]),
    ];
    let mut out: String = lines.iter().map(|l| format!("# {l}\n")).collect();
    out.push_str(&format!("# {}\n\n", tr(lang, "export-machine")));
    out.push_str(body);
    out
}

#[cfg(test)]
mod tests {
    use engine::{ByPlayer, Game, RuleSetId};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    /// A classic game resigned by North after a few random plies.
    fn finished() -> (Game, GameFacts) {
        let mut rng = StdRng::seed_from_u64(4);
        let setups = ByPlayer::new_with(|_| engine::smart(RuleSetId::Classic.rules(), &mut rng));
        let mut g = Game::new(RuleSetId::Classic, setups, Player::South).unwrap();
        for _ in 0..10 {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
        }
        g.resign(Player::North).unwrap();
        let facts = GameFacts {
            id: 12,
            rule_set: crate::app::GameRules::Stratego(RuleSetId::Classic),
            players: ByPlayer { south: Who::Person("Алиса".into()), north: Who::Ai(ai::Level::Hard) },
            me: Player::South,
            outcome: g.outcome().map(crate::app::Ending::Stratego),
            days_per_move: Some(3),
            started_at: 1_800_000_000,
            finished_at: Some(1_800_000_000 + 3 * 86_400),
        };
        (g, facts)
    }

    #[test]
    fn the_picture_caption_names_game_rules_players_result_and_dates() {
        let (_, facts) = finished();
        let en = picture_caption(&facts, Lang::En);
        for want in
            ["Game #12", "Classic Stratego", "Алиса (South (red))", "AI (", "Алиса won", "2027-01-15 – 2027-01-18"]
        {
            assert!(en.contains(want), "{want}: {en}");
        }
        let ru = picture_caption(&facts, Lang::Ru);
        for want in ["Партия №12", "Алиса (Юг (красные))", "ИИ (", "Победил(а) Алиса", "2027-01-15 – 2027-01-18"]
        {
            assert!(ru.contains(want), "{want}: {ru}");
        }
    }

    // R26: the export's header is in the reader's language and the file
    // still reads back as the same game.
    #[test]
    fn rule_r26_the_export_header_reads_back_as_the_same_game() {
        let (g, facts) = finished();
        for (lang, wants) in [
            (
                Lang::En,
                [
                    "Players: Алиса",
                    "Rule set: Classic Stratego",
                    "Time control: 3 days",
                    "Started: 2027-01-15 08:00 UTC",
                    "Result: Алиса won",
                ],
            ),
            (
                Lang::Ru,
                [
                    "Игроки: Алиса",
                    "Правила: ",
                    "Контроль времени: 3 дня",
                    "Начата: 2027-01-15 08:00 UTC",
                    "Итог: Победил(а) Алиса",
                ],
            ),
        ] {
            let text = export_with_header(&facts, &engine::export(&g), lang);
            for want in wants {
                assert!(text.contains(want), "{want}: {text}");
            }
            assert!(text.lines().take_while(|l| !l.is_empty()).all(|l| l.starts_with("# ")), "{text}");
            assert_eq!(engine::import(&text).unwrap(), g);
        }
    }
}
