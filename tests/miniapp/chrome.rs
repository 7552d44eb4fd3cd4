//! Chromium through chromedriver (WebDriver, by `fantoccini`) with a
//! 360×740 phone viewport: for the browser test and the page benchmark.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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
            assert!(Instant::now() < deadline, "the page never showed: {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn screenshot(&self, file: &Path) {
        let png = self.rt.block_on(self.client.screenshot()).expect("a screenshot");
        std::fs::write(file, png).expect("save the screenshot");
    }
}
