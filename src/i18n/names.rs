//! Names of ranks in a rule set's own terms, shared by every front-end
//! (chat boards, the Mini App): numbers, Mine/Flag letters and names.

use engine::{Rank, RuleSetId};

use super::{Lang, tr, tr_args};

/// The short label of a rank in a rule set: its number, or the Mine/Flag letter.
#[must_use]
pub fn rank_label(rules: RuleSetId, rank: Rank, lang: Lang) -> String {
    match rules.rules().number(rank) {
        Some(n) => n.to_string(),
        None if rank == Rank::Mine => tr(lang, &format!("sym-mine-{}", family(rules))),
        None => tr(lang, &format!("sym-flag-{}", family(rules))),
    }
}

/// The family of names and numbers a rule set uses: `"battle"` («Сражение»,
/// 1 strongest) or `"classic"` (10 strongest, Bombs and the Spy).
pub fn family(rules: RuleSetId) -> &'static str {
    if rules.rules().numbering == engine::Numbering::Classic { "classic" } else { "battle" }
}

/// A rank's name ("Marshal (1)") in the rule set's terms, in the nominative.
#[must_use]
pub fn rank_name(rules: RuleSetId, rank: Rank, lang: Lang) -> String {
    rank_name_in(rules, rank, lang, "nom")
}

/// A rank's name in a grammatical case of the reader's language: `"nom"`,
/// or `"gen"` (the genitive: «против Полковника (3)»). Languages without
/// cases ignore it.
#[must_use]
pub fn rank_name_in(rules: RuleSetId, rank: Rank, lang: Lang, case: &'static str) -> String {
    let name = tr_args(lang, &format!("rank-{}-{}", family(rules), rank.index()), &[("case", case.into())]);
    match rules.rules().number(rank) {
        Some(n) => format!("{name} ({n})"),
        None => name,
    }
}
