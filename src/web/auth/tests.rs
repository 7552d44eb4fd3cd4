//! The init-data check against a worked example and its near misses.

use super::*;

const TOKEN: &str = "7342037359:AAHxJ3nR0cTqRb4Ue5dXkVb9sQeLmWnZpYo";

/// Init data as a Telegram client sends it, with the newer fields
/// (`chat_instance`, `chat_type`, `signature`). Its hash was computed
/// independently of this crate (Python's `hmac` and `hashlib`, following
/// Telegram's description), so the test checks the scheme, not itself.
const EXAMPLE: &str = "auth_date=1764630000&chat_instance=-4719203348815560312&chat_type=private&\
query_id=AAGkq0dQAAAAAKSrR1BNqXxw&signature=Zm9yIHRoZSB3b3JrZWQgZXhhbXBsZSBvZiDCq9Ch0YDQsNC20LXQvdC40LXCuw&\
user=%7B%22id%22%3A1347872420%2C%22first_name%22%3A%22Alice%22%2C%22username%22%3A%22alice_plays%22%2C%22\
language_code%22%3A%22ru%22%2C%22allows_write_to_pm%22%3Atrue%7D&\
hash=d8c00f8fe64da798d85ca1bf8b7a2ac9ad8e467eb76c9deaccf57317b4c6edcb";

const ISSUED: i64 = 1_764_630_000;

#[test]
fn the_worked_example_is_accepted() {
    let data = validate(EXAMPLE, TOKEN, ISSUED + 60).unwrap();
    assert_eq!(data.user.id, 1_347_872_420);
    assert_eq!(data.user.first_name, "Alice");
    assert_eq!(data.user.language_code.as_deref(), Some("ru"));
    assert_eq!(data.auth_date, ISSUED);
}

#[test]
fn another_bots_token_is_refused() {
    assert_eq!(validate(EXAMPLE, "7342037359:AAHxJ3nR0cTqRb4Ue5dXkVb9sQeLmWnZpYp", ISSUED), Err(AuthError::Forged));
}

#[test]
fn tampered_fields_are_refused() {
    // Another user id, another chat type, a later date, a dropped field.
    for (from, to) in [
        ("%22id%22%3A1347872420", "%22id%22%3A1347872421"),
        ("chat_type=private", "chat_type=group"),
        ("auth_date=1764630000", "auth_date=1764640000"),
        ("chat_instance=-4719203348815560312&", ""),
        ("signature=Zm9y", "signature=Zm9z"),
    ] {
        let forged = EXAMPLE.replace(from, to);
        assert_ne!(forged, EXAMPLE);
        assert_eq!(validate(&forged, TOKEN, ISSUED), Err(AuthError::Forged), "{from} → {to}");
    }
    // An added field is part of the check too.
    assert_eq!(validate(&format!("start_param=x&{EXAMPLE}"), TOKEN, ISSUED), Err(AuthError::Forged));
    // A changed hash.
    let hash = EXAMPLE.replace("hash=d8", "hash=d9");
    assert_eq!(validate(&hash, TOKEN, ISSUED), Err(AuthError::Forged));
}

#[test]
fn the_order_of_fields_does_not_matter() {
    let mut parts: Vec<&str> = EXAMPLE.split('&').collect();
    parts.reverse();
    let reordered = parts.join("&");
    assert_ne!(reordered, EXAMPLE);
    assert_eq!(validate(&reordered, TOKEN, ISSUED).unwrap().user.id, 1_347_872_420);
}

#[test]
fn stale_and_future_data_expire() {
    assert!(validate(EXAMPLE, TOKEN, ISSUED + MAX_AGE).is_ok(), "exactly 24 h old is still good");
    assert_eq!(validate(EXAMPLE, TOKEN, ISSUED + MAX_AGE + 1), Err(AuthError::Expired));
    assert_eq!(validate(EXAMPLE, TOKEN, ISSUED - 3_600), Err(AuthError::Expired), "issued an hour ahead");
}

#[test]
fn missing_and_malformed_data_are_refused() {
    assert_eq!(validate("", TOKEN, ISSUED), Err(AuthError::Missing));
    assert_eq!(validate("  ", TOKEN, ISSUED), Err(AuthError::Missing));
    let no_hash = &EXAMPLE[..EXAMPLE.find("&hash=").unwrap()];
    assert_eq!(validate(no_hash, TOKEN, ISSUED), Err(AuthError::Malformed));
    assert_eq!(validate("hash=zz", TOKEN, ISSUED), Err(AuthError::Malformed), "not hex");
    assert_eq!(validate(&format!("{EXAMPLE}&hash=00"), TOKEN, ISSUED), Err(AuthError::Malformed), "a repeated key");
}

#[test]
fn signed_data_round_trips() {
    let raw = sign_for_user(42, "Bob", "en", ISSUED, TOKEN);
    let data = validate(&raw, TOKEN, ISSUED + 1).unwrap();
    assert_eq!((data.user.id, data.user.first_name.as_str()), (42, "Bob"));
    // A user signed for without `user` cannot be read.
    let anonymous = sign(&[("auth_date", "1764630000")], TOKEN);
    assert_eq!(validate(&anonymous, TOKEN, ISSUED), Err(AuthError::Malformed));
}
