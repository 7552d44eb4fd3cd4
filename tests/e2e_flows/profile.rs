//! The bot's profile at start-up, and the fake Bot API's own answers to
//! the profile methods (their shapes are what teloxide parses).

use serde_json::json;

use crate::support::env::Env;
use crate::support::server::Api;
use crate::support::world::Config;

/// At start the bot registers its commands in English (the default) and
/// Russian; `/start` is answered.
#[test]
fn start_up_registers_the_commands_in_both_languages() {
    let env = Env::new();
    for lang in ["", "ru"] {
        let cmds = env.api.commands(lang);
        for c in ["start", "new", "ai", "games", "history", "help"] {
            assert!(cmds.iter().any(|x| x == c), "/{c} missing from the {lang:?} commands: {cmds:?}");
        }
    }
    let u = env.api.user("Nina", "ru");
    u.start();
    assert!(!u.wait_reply().text.is_empty());
    env.check_clean();
}

/// setMyDescription / setMyShortDescription are recorded per language and
/// read back with `getMy…Description` in Telegram's shapes; limits and
/// unknown methods are refused as Telegram refuses them.
#[test]
fn the_fake_api_answers_profile_methods_with_telegram_shapes() {
    let api = Api::start(Config::default());
    let ok = json!({"ok": true, "result": true});
    assert_eq!(
        api.call("setMyDescription", &json!({"description": "Играйте", "language_code": "ru"})),
        (200, ok.clone())
    );
    assert_eq!(api.call("setMyShortDescription", &json!({"short_description": "Play"})), (200, ok));
    assert_eq!(api.profile_text("description", "ru").as_deref(), Some("Играйте"));
    assert_eq!(api.profile_text("short_description", "").as_deref(), Some("Play"));
    let (_, d) = api.call("getMyDescription", &json!({"language_code": "ru"}));
    assert_eq!(d, json!({"ok": true, "result": {"description": "Играйте"}}));
    let (_, d) = api.call("getMyDescription", &json!({}));
    assert_eq!(d["result"], json!({"description": ""}));
    let (_, d) = api.call("getMyShortDescription", &json!({"language_code": "en"}));
    assert_eq!(d["result"], json!({"short_description": "Play"}), "falls back to the default language");
    let (status, d) = api.call("setMyShortDescription", &json!({"short_description": "x".repeat(121)}));
    assert_eq!((status, d["ok"].clone()), (400, json!(false)));
    let (status, d) = api.call("frobnicate", &json!({}));
    assert_eq!((status, d["description"].as_str()), (404, Some("Not Found: method not found")));
    let (status, d) = api.call("sendMessage", &json!({"chat_id": 5, "text": "<b>x", "parse_mode": "HTML"}));
    assert_eq!(status, 400);
    assert!(d["description"].as_str().unwrap_or("").contains("can't parse entities"), "unclosed HTML is refused: {d}");
}
