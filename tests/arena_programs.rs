//! The arena against external programs of the UCC 2012 referee protocol:
//! our own `agent` command as a well-behaved program, and tiny scripted
//! agents (shell scripts written to a temporary folder) that play an
//! illegal move, take too long, exit, surrender or send a bad setup. Each
//! fault is the program's loss, and is reported as such.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ai::Level;
use engine::{Outcome, RuleSetId, WinReason};
use srazhenie::cmd::arena::{ArenaConfig, GameResult, Side, report, run};
use srazhenie::cmd::external::Fault;

/// A temporary folder removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("srazhenie-arena-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A shell agent: it answers the colour line with a legal classic setup,
/// then runs `on_turn` (shell code) each time it has read the ten board
/// lines of its turn, and exits on `QUIT`.
fn script(dir: &Path, name: &str, setup_rows: &str, on_turn: &str) -> String {
    let text = format!(
        r#"#!/bin/sh
read colour rest
for row in {setup_rows}; do echo "$row"; done
n=0
while read line; do
  case "$line" in
    QUIT*) exit 0 ;;
    *" "*) n=0 ;;
    ??????????) n=$((n+1)) ;;
  esac
  if [ "$n" -eq 10 ]; then
    n=0
    {on_turn}
  fi
done
"#
    );
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("sh {}", path.display())
}

const SETUP: &str = "FBB8958B68 B96672s7B7 861357854B 9999945943";

fn config(b: Side, games: usize, limit: Duration, log_dir: Option<PathBuf>) -> ArenaConfig {
    ArenaConfig {
        a: Side::Ai(Level::Easy),
        b,
        games,
        rules: RuleSetId::Ucc,
        seed: 5,
        think_a: Duration::from_millis(5),
        think_b: Duration::ZERO,
        nodes_a: Some(300),
        nodes_b: None,
        threads: 2,
        program_limit: limit,
        log_dir,
    }
}

/// Two games (the program as RED, then as BLUE) against `on_turn`; every
/// one must end in the program's `fault` and be A's win.
fn faults(name: &str, setup_rows: &str, on_turn: &str, limit: Duration, fault: fn(&Fault) -> bool) -> Vec<GameResult> {
    let dir = TempDir::new(name);
    let cmd = script(&dir.0, name, setup_rows, on_turn);
    let results = run(&config(Side::Program(cmd), 2, limit, None));
    for r in &results {
        let (who, f) = r.fault.as_ref().unwrap_or_else(|| panic!("{name}: no fault in {r:?}"));
        assert_eq!(*who, 'B', "{name}");
        assert!(fault(f), "{name}: {f:?}");
        assert_eq!(r.a_result, 1, "{name}: the faulty program loses");
    }
    results
}

#[test]
fn a_program_that_plays_an_illegal_move_loses() {
    // Off the board for RED, onto its own piece or a lake for BLUE.
    let rs = faults(
        "illegal",
        SETUP,
        r#"echo "0 0 UP""#,
        Duration::from_secs(5),
        |f| matches!(f, Fault::Illegal(m) if m == "0 0 UP"),
    );
    assert!(rs.iter().all(|r| r.plies <= 1), "the first move of the program ended it");
}

#[test]
fn a_program_that_answers_too_late_loses_on_time() {
    let rs = faults("slow", SETUP, "sleep 5; echo \"0 3 DOWN\"", Duration::from_millis(400), |f| {
        matches!(f, Fault::Timeout(_))
    });
    assert!(rs.iter().all(|r| matches!(r.outcome, Outcome::Win { reason: WinReason::Time, .. })));
}

#[test]
fn a_program_that_exits_loses() {
    faults("crash", SETUP, "exit 3", Duration::from_secs(5), |f| matches!(f, Fault::Crash));
}

#[test]
fn a_program_that_surrenders_or_cannot_set_up_loses() {
    faults("surrender", SETUP, "echo SURRENDER", Duration::from_secs(5), |f| matches!(f, Fault::Surrender));
    let bombs = "BBBBBBBBBB BBBBBBBBBB BBBBBBBBBB BBBBBBBBBB";
    let rs = faults("setup", bombs, "echo SURRENDER", Duration::from_secs(5), |f| matches!(f, Fault::Setup(_)));
    assert!(rs.iter().all(|r| r.plies == 0));
    let text = report(&config(Side::Program("sh setup".into()), 2, Duration::ZERO, None), &rs);
    assert!(text.contains("endings: bad setup of B 2"), "{text}");
}

#[test]
fn a_whole_game_against_the_agent_command_is_logged() {
    // Our own `agent` command as a well-behaved program of the protocol.
    let dir = TempDir::new("agent");
    let cmd = format!("{} agent --level random --seed 3", env!("CARGO_BIN_EXE_srazhenie"));
    let cfg = config(Side::Program(cmd), 2, Duration::from_secs(10), Some(dir.0.clone()));
    let results = run(&cfg);
    for (i, r) in results.iter().enumerate() {
        assert!(r.fault.is_none(), "game {i}: {r:?}");
        assert!(r.plies > 0 && !r.times_b.is_empty(), "the program moved");
        let log = std::fs::read_to_string(dir.0.join(format!("game-{:03}.txt", i + 1))).unwrap();
        assert!(log.contains("rules: ucc") && log.contains("south: ") && log.contains("north: "), "{log}");
        assert!(log.lines().any(|l| l.starts_with("result: ")), "{log}");
        assert_eq!(log.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).count(), r.plies, "{log}");
    }
    let text = report(&cfg, &results);
    assert!(text.contains("| B | srazhenie |"), "{text}");
}
