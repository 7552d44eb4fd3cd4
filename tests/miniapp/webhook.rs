//! Webhook mode (`WEBHOOK_URL`): the bot sets its webhook with a secret
//! token instead of polling, and takes updates on the Mini App's server.

use crate::client::{TOKEN, call_with, free_port};
use crate::support::env::Env;
use crate::support::world::Config;

#[test]
fn updates_arrive_by_webhook_with_the_secret_token() {
    let port = free_port();
    let addr = format!("127.0.0.1:{port}");
    let env =
        Env::with(Config::default(), &[("HTTP_ADDR", &addr), ("WEBHOOK_URL", "https://bot.example.org/telegram")]);
    let (url, secret) = {
        let w = env.api.world();
        let set = w.calls.iter().find(|c| c.method == "setwebhook").expect("setWebhook");
        (set.params["url"].as_str().map(str::to_owned), set.params["secret_token"].as_str().map(str::to_owned))
    };
    assert_eq!(url.as_deref(), Some("https://bot.example.org/telegram"));
    assert_eq!(secret.as_deref(), Some(srazhenie::telegram::webhook_secret(TOKEN).as_str()));
    assert_eq!(env.polls(), 0, "no long polling in webhook mode");
    // Alice presses Start; Telegram would post the update to the webhook.
    let alice = env.api.user("Alice", "en");
    alice.start();
    let update = env.api.world().updates.pop_front().expect("the queued update");
    let forged = call_with(port, "POST", "/telegram", &[("X-Telegram-Bot-Api-Secret-Token", "guess")], Some(&update));
    assert_eq!(forged.status, 401, "a post without the secret is refused");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(alice.bot_messages().is_empty(), "nothing answered the forged post");
    let secret = secret.expect("a secret");
    let posted = call_with(port, "POST", "/telegram", &[("X-Telegram-Bot-Api-Secret-Token", &secret)], Some(&update));
    assert_eq!(posted.status, 200);
    let reply = alice.wait_reply();
    assert!(!reply.text.is_empty());
    env.check_clean();
}
