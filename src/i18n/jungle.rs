//! Jungle's words (RULES.md §9): the animals' names (J3) and why a move is
//! refused (J5–J9), in the reader's language.

use jungle::{Animal, MoveError};

use super::{Lang, tr, tr_args};

/// The animal's name without its rank: "Elephant", «Слон» (J3).
#[must_use]
pub fn animal_name(a: Animal, lang: Lang) -> String {
    tr_args(lang, "animal", &[("n", i64::from(a.rank()).into())])
}

/// The animal's emoji (the same in every language).
#[must_use]
pub const fn animal_emoji(a: Animal) -> &'static str {
    match a {
        Animal::Rat => "🐀",
        Animal::Cat => "🐈",
        Animal::Dog => "🐕",
        Animal::Wolf => "🐺",
        Animal::Leopard => "🐆",
        Animal::Tiger => "🐅",
        Animal::Lion => "🦁",
        Animal::Elephant => "🐘",
    }
}

/// The Jungle engine's reason for refusing a move, in words (J4–J9).
#[must_use]
pub fn illegal(e: MoveError, lang: Lang) -> String {
    let sq = |key: &str, sq: jungle::Square| tr_args(lang, key, &[("sq", sq.to_string().into())]);
    match e {
        MoveError::GameOver => tr(lang, "mv-game-over"),
        MoveError::NotYourTurn => tr(lang, "err-not-your-turn"),
        MoveError::EmptySquare(s) => sq("jmv-empty", s),
        MoveError::EnemyPiece(s) => sq("jmv-enemy", s),
        MoveError::OwnPiece(s) => sq("jmv-own", s),
        MoveError::SameSquare => tr(lang, "mv-same"),
        MoveError::NotAStep => tr(lang, "jmv-not-a-step"),
        MoveError::OwnDen => tr(lang, "jmv-own-den"),
        MoveError::Water => tr(lang, "jmv-water"),
        MoveError::JumpBlocked => tr(lang, "jmv-jump-blocked"),
        MoveError::TooWeak { attacker, defender } => tr_args(
            lang,
            "jmv-too-weak",
            &[("attacker", animal_name(attacker, lang).into()), ("defender", animal_name(defender, lang).into())],
        ),
        MoveError::AcrossBank => tr(lang, "jmv-across-bank"),
        MoveError::NoDrawOffer => tr(lang, "err-no-draw-offer"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_j3_every_animal_has_a_name_in_both_languages() {
        for a in Animal::ALL {
            assert_eq!(animal_name(a, Lang::En).to_lowercase(), a.as_str());
            assert!(!animal_name(a, Lang::Ru).is_ascii(), "{a}: {}", animal_name(a, Lang::Ru));
        }
        assert_eq!(animal_name(Animal::Elephant, Lang::Ru), "Слон");
        assert_eq!(animal_name(Animal::Rat, Lang::Ru), "Крыса");
    }

    #[test]
    fn rule_j7_a_refused_capture_names_both_animals() {
        let e = MoveError::TooWeak { attacker: Animal::Elephant, defender: Animal::Rat };
        assert_eq!(illegal(e, Lang::En), "The Elephant cannot capture the Rat.");
        assert!(illegal(e, Lang::Ru).contains("Слон") && illegal(e, Lang::Ru).contains("Крыса"));
    }
}
