//! The page in a real browser: Debian's `chromium` driven through
//! `chromedriver` (WebDriver, by `fantoccini`), with init data signed as
//! Telegram would put it in the page's URL fragment. Skipped, with a
//! message saying so, when either program is missing (`.ci/run` installs
//! them where it can).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::api::env_with_web;
use crate::client::{free_port, tma};
use crate::support::game::*;

/// The first of `names` found on `PATH` or as an absolute path.
fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names.iter().find_map(|n| {
        let abs = Path::new(n);
        if abs.is_absolute() {
            return abs.is_file().then(|| abs.to_path_buf());
        }
        std::env::split_paths(&path).map(|d| d.join(n)).find(|p| p.is_file())
    })
}

/// A chromedriver this test started (killed on drop) and a session in it.
struct Browser {
    rt: tokio::runtime::Runtime,
    client: Client,
    driver: Child,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let client = self.client.clone();
        let _ = self.rt.block_on(async { tokio::time::timeout(Duration::from_secs(5), client.close()).await });
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    /// Starts `driver` and a headless `chromium` with a 360×740 phone viewport.
    fn start(driver: &Path, chromium: &Path) -> Browser {
        let port = free_port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        let caps = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"],
                "mobileEmulation": { "deviceMetrics": { "width": 360, "height": 740, "pixelRatio": 2.0 } },
            }
        });
        let caps: serde_json::Map<String, Value> = caps.as_object().expect("an object").clone();
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(30);
        let client = loop {
            let mut builder = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new());
            builder.capabilities(caps.clone());
            match rt.block_on(builder.connect(&url)) {
                Ok(c) => break c,
                Err(e) if Instant::now() > deadline => panic!("cannot start a browser session: {e}"),
                Err(_) => std::thread::sleep(Duration::from_millis(200)),
            }
        };
        Browser { rt, client, driver: child }
    }

    fn goto(&self, url: &str) {
        self.rt.block_on(self.client.goto(url)).expect("open the page");
    }

    /// Runs `script` (a function body) in the page and returns its value.
    fn js(&self, script: &str) -> Value {
        self.rt.block_on(self.client.execute(script, vec![])).expect("run a script")
    }

    /// Clicks the element `css` finds; again if the page redrew it in between
    /// (a view can arrive on the event stream at any time).
    fn click(&self, css: &str) {
        let mut last = String::new();
        for _ in 0..5 {
            let el = self.rt.block_on(self.client.find(Locator::Css(css))).unwrap_or_else(|e| panic!("{css}: {e}"));
            match self.rt.block_on(el.click()) {
                Ok(()) => return,
                Err(e) => last = e.to_string(),
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("click {css}: {last}");
    }

    /// Waits until `script` returns `true`.
    fn wait(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.js(script) != json!(true) {
            assert!(Instant::now() < deadline, "the page never showed: {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    fn screenshot(&self, file: &Path) {
        let png = self.rt.block_on(self.client.screenshot()).expect("a screenshot");
        std::fs::write(file, png).expect("save the screenshot");
    }
}

/// Clicks the button whose label starts with `label`.
fn click_button(b: &Browser, label: &str) {
    let found = b.js(&format!(
        "const x = [...document.querySelectorAll('button')].find(e => e.textContent.startsWith({label:?})); \
         if (x) x.click(); return !!x;"
    ));
    assert_eq!(found, json!(true), "a button {label:?}");
}

#[test]
fn the_page_shows_the_board_plays_by_clicks_and_follows_the_opponent() {
    let (Some(chromium), Some(driver)) = (
        program(&["chromium", "chromium-browser", "google-chrome"]),
        program(&["chromedriver", "/usr/lib/chromium/chromedriver"]),
    ) else {
        println!(
            "skipped the browser test: chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        );
        return;
    };
    let (env, port) = env_with_web();
    let south = code_with(EXAMPLE, &[(39, '5')]);
    let north = code_with(EXAMPLE, &[(30, 'F'), (39, '9')]);
    let (alice, bob, game) = start_pair(&env, Some(&south), Some(&north), false);
    let browser = Browser::start(&driver, &chromium);
    let fragment: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("tgWebAppData", &tma(alice.id, "Alice", "en"))
        .append_pair("tgWebAppVersion", "8.0")
        .append_pair("tgWebAppPlatform", "android")
        .finish();
    let page = format!("http://127.0.0.1:{port}/?game={game}#{fragment}");
    // The setup: 100 squares, Alice's 40 pieces, nothing of Bob's (R6); a tap-tap swap.
    browser.goto(&page);
    browser.wait("100 squares", "return document.querySelectorAll('[data-sq]').length === 100;");
    assert_eq!(browser.js("return document.querySelectorAll('.p.own').length;"), json!(40));
    assert_eq!(browser.js("return document.querySelectorAll('.p.enemy').length;"), json!(0));
    let a1 = browser.js("return document.querySelector('[data-sq=a1]').textContent;");
    let b1 = browser.js("return document.querySelector('[data-sq=b1]').textContent;");
    assert_ne!(a1, b1, "the example setup has different pieces on a1 and b1");
    browser.click("[data-sq=a1]");
    browser.click("[data-sq=b1]");
    browser.wait("a1 and b1 swapped", &format!("return document.querySelector('[data-sq=a1]').textContent === {b1};"));
    assert_eq!(browser.js("return document.querySelector('[data-sq=b1]').textContent;"), a1);
    // Alice confirms on the page, Bob in the chat: the page turns into the play board live.
    click_button(&browser, "To battle!");
    bob.wait_text("готов", 0);
    press_label(&bob, game, "⚔ В бой!");
    browser.wait("the play board", "return !!window.srazhenie.view && window.srazhenie.view.status === 'play';");
    assert_eq!(browser.js("return document.querySelectorAll('[data-sq]').length;"), json!(100));
    assert_eq!(browser.js("return document.querySelectorAll('.p.own').length;"), json!(40));
    assert_eq!(browser.js("return document.querySelectorAll('.p.enemy').length;"), json!(40));
    assert_eq!(
        browser.js("return [...document.querySelectorAll('.p.enemy')].every(e => e.textContent === '');"),
        json!(true),
        "R25: enemy pieces are backs"
    );
    assert_eq!(browser.js("return document.querySelectorAll('.c.lake').length;"), json!(8));
    // R3: South sees rank 10 at the top, file a on the left.
    assert_eq!(browser.js("return document.querySelector('[data-sq]').dataset.sq;"), json!("a10"));
    let alice_first = browser.js("return window.srazhenie.view.myTurn;") == json!(true);
    if !alice_first {
        bob.send("a7 a6");
        browser.wait(
            "Bob's chat move, live",
            "return window.srazhenie.view.myTurn && document.querySelector('[data-sq=a6]').classList.contains('last');",
        );
    }
    // Alice moves j4–j5 by clicks (moves between people are confirmed by default).
    let bob_board = the_board(&bob, game).id;
    browser.click("[data-sq=j4]");
    browser.wait("j5 offered", "return document.querySelector('[data-sq=j5]').classList.contains('dest');");
    browser.click("[data-sq=j5]");
    click_button(&browser, "Play j4-j5");
    browser.wait("the move played", "return window.srazhenie.view.last && window.srazhenie.view.last.mv === 'j4-j5';");
    // Bob's chat gets its notice: his board comes to the bottom for his turn.
    wait_board(&bob, game, "sent anew for his turn", |m| m.id != bob_board && my_turn(&bob, game));
    // Bob answers in the chat; the page shows it live.
    let (answer, to) = if alice_first { ("a7 a6", "a6") } else { ("a6 a5", "a5") };
    bob.send(answer);
    browser.wait(
        "Bob's answer, live",
        &format!("return window.srazhenie.view.myTurn && document.querySelector('[data-sq={to}]').classList.contains('last');"),
    );
    let plies = if alice_first { 2 } else { 3 };
    browser.wait("the move list", &format!("return document.querySelectorAll('#moves span').length === {plies};"));
    // For the README: Alice's piece on j5 selected, its destinations marked.
    browser.click("[data-sq=j5]");
    browser.wait("j6 offered", "return document.querySelector('[data-sq=j6]').classList.contains('dest');");
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    browser.screenshot(&docs.join("miniapp.png"));
    env.check_clean();
}
