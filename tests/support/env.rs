//! One end-to-end environment: a fake Bot API, a temporary directory
//! (removed on drop, also when the test fails) and the real `srazhenie`
//! binary serving from a database in it, restartable and killable.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use super::server::Api;
use super::users::{WAIT, wait_for};
use super::world::Config;

/// The token the bot is started with (its id is 123456).
pub const TOKEN: &str = "123456:e2e-token-for-the-fake-bot-api";

/// A directory under the system temp dir, removed with everything in it on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A fresh, empty directory named `srazhenie-e2e-rs-<pid>-<n>`.
    pub fn new() -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let name = format!("srazhenie-e2e-rs-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed));
        let path = std::env::temp_dir().join(name);
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create the temp dir");
        TempDir(path)
    }

    /// Its path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The fake Telegram, the bot process and its files.
pub struct Env {
    /// The fake Bot API.
    pub api: Api,
    bot: Option<Child>,
    dir: TempDir,
}

impl Env {
    /// A fake Bot API (with `cfg`) and the bot started against it with `vars` set.
    pub fn with(cfg: Config, vars: &[(&str, &str)]) -> Env {
        let mut env = Env { api: Api::start(cfg), bot: None, dir: TempDir::new() };
        env.start_bot(vars);
        env
    }

    /// The usual environment: no 429s, the AI thinking briefly.
    pub fn new() -> Env {
        Env::with(Config::default(), &[])
    }

    /// The SQLite file of the bot.
    pub fn db_path(&self) -> PathBuf {
        self.dir.path().join("e2e.db")
    }

    /// Starts the bot (which must not be running) and waits until it polls
    /// for updates (or, in webhook mode, has set its webhook).
    pub fn start_bot(&mut self, vars: &[(&str, &str)]) {
        assert!(self.bot.is_none(), "the bot is already running");
        let log = File::options().create(true).append(true).open(self.dir.path().join("bot.log")).expect("bot.log");
        let polls_before = self.polls();
        let webhooks_before = self.webhooks_set();
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_srazhenie"));
        cmd.arg("serve")
            .current_dir(self.dir.path())
            .env("TELOXIDE_TOKEN", TOKEN)
            .env("TELOXIDE_API_URL", &self.api.url)
            .env("DATABASE_URL", format!("sqlite://{}?mode=rwc", self.db_path().display()))
            .env("RUST_LOG", std::env::var("RUST_LOG").unwrap_or_else(|_| "info".into()))
            .env("AI_THINK_MS", "30")
            .env_remove("AI_MIN_THINK_MS")
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log);
        for (k, v) in vars {
            cmd.env(k, v);
        }
        self.bot = Some(cmd.spawn().expect("start the srazhenie binary"));
        wait_for(WAIT, "the bot to poll for updates", || {
            if let Some(status) = self.bot.as_mut().and_then(|b| b.try_wait().ok().flatten()) {
                panic!("the bot exited at start with {status}:\n{}", self.bot_log());
            }
            (self.polls() > polls_before || self.webhooks_set() > webhooks_before).then_some(())
        });
    }

    /// setWebhook calls so far.
    pub fn webhooks_set(&self) -> usize {
        self.api.world().calls.iter().filter(|c| c.method == "setwebhook").count()
    }

    /// getUpdates calls so far (counted as they arrive).
    pub fn polls(&self) -> u64 {
        self.api.world().poll_seq
    }

    /// Stops the bot with SIGTERM and waits for it (panics after 15 s).
    pub fn stop_bot(&mut self) -> ExitStatus {
        let mut bot = self.bot.take().expect("the bot is running");
        let ok = Command::new("kill").args(["-TERM", &bot.id().to_string()]).status().is_ok_and(|s| s.success());
        assert!(ok, "kill -TERM failed");
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(status) = bot.try_wait().expect("wait for the bot") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = bot.kill();
                let _ = bot.wait();
                panic!("the bot did not stop within 15 s of SIGTERM");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills the bot with SIGKILL, at once.
    pub fn kill_bot(&mut self) {
        let mut bot = self.bot.take().expect("the bot is running");
        let _ = bot.kill();
        let _ = bot.wait();
    }

    /// The bot's log so far.
    pub fn bot_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("bot.log")).unwrap_or_default()
    }

    /// Checks what tgsim checks after every scenario: every callback query
    /// answered, and no call refused for breaking Telegram's rules (bad
    /// markup, text too long, late answers, unknown methods, 429s are
    /// allowed only when `flood` is on). 403s and "not found"s are the
    /// platform's answers to real situations, not mistakes.
    pub fn check_clean(&self) {
        let w = self.api.world();
        assert_eq!(w.unanswered_callbacks(), 0, "every callback query must be answered");
        let wrong: Vec<String> = w
            .calls
            .iter()
            .filter(|c| c.status != 200 && c.status != 403 && c.status != 409)
            .filter(|c| !(c.status == 429 && w.cfg.flood))
            .filter_map(|c| c.error.as_ref().map(|e| format!("{}: {e} {}", c.method, c.params)))
            .filter(|e| !e.contains("not found") && !e.contains("message is not modified"))
            // A send the test held until the bot was killed (`World::hold_sends`).
            .filter(|e| !e.contains("held and dropped"))
            .collect();
        assert!(wrong.is_empty(), "calls refused for breaking Telegram's rules: {wrong:#?}");
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        if let Some(mut bot) = self.bot.take() {
            let _ = bot.kill();
            let _ = bot.wait();
        }
        if std::thread::panicking() {
            let log = self.bot_log();
            let mut start = log.len().saturating_sub(6000);
            while !log.is_char_boundary(start) {
                start += 1;
            }
            eprintln!("---- bot log (tail) ----\n{}", &log[start..]);
        }
    }
}
