//! Chromium through chromedriver (WebDriver, by `fantoccini`) with a
//! 360×740 phone viewport: for the browser test and the page benchmark.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// `(chromium, chromedriver)` when both are installed.
pub fn browser_programs() -> Option<(PathBuf, PathBuf)> {
    Some((
        program(&["chromium", "chromium-browser", "google-chrome"])?,
        program(&["chromedriver", "/usr/lib/chromium/chromedriver"])?,
    ))
}

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
pub struct Browser {
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
    pub fn start(driver: &Path, chromium: &Path) -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
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

    pub fn goto(&self, url: &str) {
        self.rt.block_on(self.client.goto(url)).expect("open the page");
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub fn js(&self, script: &str) -> Value {
        self.rt.block_on(self.client.execute(script, vec![])).expect("run a script")
    }

    /// Clicks the element `css` finds; again if the page redrew it in between
    /// (a view can arrive on the event stream at any time).
    pub fn click(&self, css: &str) {
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
    pub fn wait(&self, what: &str, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(30);
        while self.js(script) != json!(true) {
            if Instant::now() > deadline {
                let page = self.js(
                    "const v = window.srazhenie && window.srazhenie.view; return JSON.stringify({ status: v && v.status, \
                     version: v && v.version, setup: v && v.setup, last: v && v.last, toast: document.getElementById('toast').textContent });",
                );
                panic!("the page never showed: {what}; it shows {page}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// The centre of board square `sq` in the viewport, in CSS pixels.
    fn centre(&self, sq: &str) -> (f64, f64) {
        let xy = self.js(&format!(
            "const r = document.querySelector('[data-sq={sq}]').getBoundingClientRect(); \
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];"
        ));
        (xy[0].as_f64().expect("x"), xy[1].as_f64().expect("y"))
    }

    /// Presses on square `from`, moves in small steps onto square `to`, runs
    /// `hold` while the pointer is held there, then lifts it. Chromium's
    /// phone emulation turns the WebDriver mouse into a touch: the page gets
    /// pointer events of type `touch`, as under a finger.
    pub fn drag(&self, from: &str, to: &str, hold: impl FnOnce(&Browser)) {
        let ((x0, y0), (x1, y1)) = (self.centre(from), self.centre(to));
        let step = Some(Duration::from_millis(40));
        let mut go = MouseActions::new("finger".into())
            .then(PointerAction::MoveTo { duration: None, x: x0, y: y0 })
            .then(PointerAction::Down { button: MOUSE_BUTTON_LEFT });
        for i in 1..=5 {
            let f = f64::from(i) / 5.0;
            let (x, y) = ((x0 + (x1 - x0) * f).round(), (y0 + (y1 - y0) * f).round());
            go = go.then(PointerAction::MoveTo { duration: step, x, y });
        }
        self.rt.block_on(self.client.perform_actions(go)).expect("press and move");
        hold(self);
        let up = MouseActions::new("finger".into()).then(PointerAction::Up { button: MOUSE_BUTTON_LEFT });
        self.rt.block_on(self.client.perform_actions(up)).expect("lift");
        self.rt.block_on(self.client.release_actions()).expect("release the pointer");
    }

    pub fn screenshot(&self, file: &Path) {
        let png = self.rt.block_on(self.client.screenshot()).expect("a screenshot");
        std::fs::write(file, png).expect("save the screenshot");
    }
}
