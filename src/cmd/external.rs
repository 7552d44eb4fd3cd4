//! An external program as a side of the `arena`: any program that speaks
//! the UCC 2012 referee protocol (`docs/ai-agents.md`) on stdin/stdout, run
//! with `sh -c COMMAND`, its stderr discarded.
//!
//! Every answer is awaited with a time limit; a program that is too slow,
//! exits, or answers something that is not a legal move has made a
//! [`Fault`], and the arena scores the game as its loss.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use engine::{Game, Move, Player, RuleSet, ValidSetup};

use super::ucc;

/// What an external side did wrong; the game is its loss.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Fault {
    /// The program could not be started.
    #[error("could not be started: {0}")]
    Spawn(String),
    /// No answer within the time limit.
    #[error("did not answer within {} ms", .0.as_millis())]
    Timeout(Duration),
    /// The program exited (or closed its output) in the middle of the game.
    #[error("exited in the middle of the game")]
    Crash,
    /// Its setup rows are no setup of the rule set.
    #[error("sent no legal setup: {0}")]
    Setup(String),
    /// Its answer is no move, or a move the rules refuse.
    #[error("played an illegal move: {0:?}")]
    Illegal(String),
    /// It answered `SURRENDER`.
    #[error("surrendered")]
    Surrender,
}

/// A running external program playing one game as `side`.
pub struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    limit: Duration,
    side: Player,
}

impl External {
    /// Starts `command` (through `sh -c`) to play `side`; each answer may
    /// take up to `limit`.
    ///
    /// # Errors
    /// [`Fault::Spawn`] when the shell cannot be started.
    pub fn spawn(command: &str, side: Player, limit: Duration) -> Result<External, Fault> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        // A group of its own, so that stopping it stops what it started.
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
        let mut child = cmd.spawn().map_err(|e| Fault::Spawn(format!("{command}: {e}")))?;
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = channel();
        // The reader ends with the program's output; a closed channel is
        // how the game learns that the program exited.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Ok(External { child, stdin, lines, limit, side })
    }

    /// Sends one line (a closed pipe shows up as [`Fault::Crash`] at the
    /// next answer awaited).
    pub fn tell(&mut self, line: &str) {
        if let Some(stdin) = self.stdin.as_mut()
            && writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_err()
        {
            self.stdin = None;
        }
    }

    /// The next non-empty line, within what is left of `deadline`.
    fn answer(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if line.trim().is_empty() => {}
                Ok(line) => return Ok(line.trim().to_owned()),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Timeout(self.limit)),
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::Crash),
            }
        }
    }

    /// Sends `COLOUR OPPONENT 10 10` and reads the program's setup under `rules`.
    ///
    /// # Errors
    /// [`Fault::Timeout`], [`Fault::Crash`] or [`Fault::Setup`].
    pub fn setup(&mut self, opponent: &str, rules: &RuleSet) -> Result<ValidSetup, Fault> {
        let opponent: String = opponent.chars().filter(|c| !c.is_whitespace()).collect();
        self.tell(&format!("{} {opponent} 10 10", ucc::colour(self.side)));
        let deadline = Instant::now() + self.limit;
        let rows = (0..4).map(|_| self.answer(deadline)).collect::<Result<Vec<String>, Fault>>()?;
        ucc::parse_setup_rows(&rows, self.side, rules).map_err(|e| Fault::Setup(e.to_string()))
    }

    /// Shows the program the board of `game` (its turn) and reads its move;
    /// returns the move (checked against the rules) and how long it took.
    ///
    /// # Errors
    /// [`Fault::Timeout`], [`Fault::Crash`], [`Fault::Surrender`], or
    /// [`Fault::Illegal`] for an answer that is no move or a move `game`
    /// refuses.
    pub fn play(&mut self, game: &Game) -> Result<(Move, Duration), Fault> {
        let t0 = Instant::now();
        for line in ucc::board_lines(game, self.side) {
            self.tell(&line);
        }
        let line = self.answer(t0 + self.limit)?;
        let took = t0.elapsed();
        if line.starts_with("SURRENDER") {
            return Err(Fault::Surrender);
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match ucc::parse_move(&tokens) {
            Some((mv, used)) if used == tokens.len() && game.check(mv).is_ok() => Ok((mv, took)),
            _ => Err(Fault::Illegal(line)),
        }
    }

    /// Sends `QUIT result` and stops the program (killing it after a
    /// short grace period).
    pub fn quit(mut self, result: &str) {
        self.tell(&format!("QUIT {result}"));
        self.stdin = None;
        let grace = Instant::now() + Duration::from_millis(300);
        while Instant::now() < grace {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        // The whole process group: `sh -c` may have started the program as
        // a child of its own.
        #[cfg(unix)]
        let _ =
            Command::new("kill").args(["-KILL", "--", &format!("-{}", self.child.id())]).stderr(Stdio::null()).status();
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
