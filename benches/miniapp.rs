//! Mini App bench (issue 22): what opening the page costs. The real
//! `srazhenie` binary against the fake Bot API of the end-to-end tests,
//! with its HTTP server on a free port, and a game in play between Alice
//! and Bob; headless Debian `chromium` (through `chromedriver`, 360×740
//! phone viewport) opens Alice's page 20 times. Not a test: it measures
//! and prints.
//!
//! - transferred: the page's HTML, script and style sheet, and the first
//!   view's JSON, as the browser's resource timing counts them (bytes on
//!   the wire: headers and bodies, uncompressed: the server does not compress);
//! - opening → drawn: from the start of navigation to the end of the page's
//!   first drawing of the board (`performance.now()` there), min/median/max.
//!
//! ```sh
//! cargo bench --profile test --bench miniapp
//! ```

#[allow(dead_code)]
#[path = "../tests/support/mod.rs"]
mod support;

#[allow(dead_code)]
#[path = "../tests/miniapp/chrome.rs"]
mod chrome;

use support::env::{Env, TOKEN};
use support::game::*;
use support::world::Config;

const OPENINGS: usize = 20;

fn main() {
    let Some((chromium, driver)) = chrome::browser_programs() else {
        println!(
            "chromium and chromedriver are not installed (apt-get install chromium chromium-driver): nothing measured"
        );
        return;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let addr = format!("127.0.0.1:{port}");
    let env = Env::with(Config::default(), &[("HTTP_ADDR", &addr), ("WEBAPP_URL", "https://board.example.org/")]);
    let south = code_with(EXAMPLE, &[(39, '5')]);
    let north = code_with(EXAMPLE, &[(30, 'F'), (39, '9')]);
    let (alice, _bob, game) = start_pair(&env, Some(&south), Some(&north), true);
    let browser = chrome::Browser::start(&driver, &chromium);
    let mut drawn = vec![];
    let mut sizes: Vec<(String, f64, f64)> = vec![];
    for _ in 0..OPENINGS {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs();
        let data = srazhenie::web::auth::sign_for_user(alice.id, "Alice", "en", now as i64, TOKEN);
        let fragment: String =
            url::form_urlencoded::Serializer::new(String::new()).append_pair("tgWebAppData", &data).finish();
        browser.goto("about:blank");
        browser.goto(&format!("http://127.0.0.1:{port}/?game={game}#{fragment}"));
        browser.wait("the board", "return !!window.srazhenie && window.srazhenie.drawnAt !== null;");
        drawn.push(browser.js("return window.srazhenie.drawnAt;").as_f64().expect("a time"));
        eprintln!("opening {}: {:.0} ms", drawn.len(), drawn[drawn.len() - 1]);
        let entries = browser.js(
            "return performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))\
             .filter(e => !e.name.includes('/events'))\
             .map(e => [e.name.replace(location.origin, '').replace(/#.*/, ''), e.transferSize, e.encodedBodySize]);",
        );
        sizes = entries
            .as_array()
            .expect("entries")
            .iter()
            .map(|e| {
                (e[0].as_str().unwrap_or("").to_owned(), e[1].as_f64().unwrap_or(0.0), e[2].as_f64().unwrap_or(0.0))
            })
            .collect();
    }
    drawn.sort_by(f64::total_cmp);
    println!("Mini App: opening the page of a game in play, {OPENINGS} times (headless chromium, 360×740)");
    println!("{:<28} {:>12} {:>10}", "resource", "transferred", "body");
    let (mut total, mut body) = (0.0, 0.0);
    for (name, t, b) in &sizes {
        let name = name.split('?').next().unwrap_or(name);
        println!("{name:<28} {t:>10.0} B {b:>8.0} B");
        total += t;
        body += b;
    }
    println!("{:<28} {total:>10.0} B {body:>8.0} B", "total");
    let median = drawn[drawn.len() / 2];
    println!(
        "opening → board drawn: min {:.0} ms, median {median:.0} ms, max {:.0} ms",
        drawn[0],
        drawn[drawn.len() - 1]
    );
}
