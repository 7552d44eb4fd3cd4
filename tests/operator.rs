//! The operator's view of the binary: a start-up error is one line on
//! stderr that names the cause, printed once, with exit code 2 for a
//! configuration to fix.

use std::process::Command;

/// Runs `srazhenie ARGS` in an empty temporary folder with only `vars` set.
fn run(args: &[&str], vars: &[(&str, &str)]) -> (Option<i32>, String) {
    let dir = std::env::temp_dir().join(format!("srazhenie-operator-{}-{}", std::process::id(), args.join("-")));
    std::fs::create_dir_all(&dir).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_srazhenie"));
    cmd.args(args).current_dir(&dir).env_clear().envs(vars.iter().copied());
    let out = cmd.output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

const TOKEN: (&str, &str) = ("TELOXIDE_TOKEN", "1234567890:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw-");

#[test]
fn a_malformed_variable_is_named_once() {
    for (name, value) in [("AI_THINK_MS", "fast"), ("REMINDER_HOURS", "soon"), ("TELEGRAM_CALLS_PER_SEC", "-1")] {
        let (code, stderr) = run(&["serve"], &[TOKEN, (name, value)]);
        assert_eq!(code, Some(2), "{stderr}");
        assert_eq!(stderr.matches(name).count(), 1, "printed once: {stderr}");
        assert!(stderr.starts_with(&format!("error: {name}={value:?} is not valid")), "{stderr}");
    }
}

#[test]
fn other_databases_are_refused_by_name() {
    let (code, stderr) = run(&["migrate"], &[("DATABASE_URL", "postgres://u@localhost/db")]);
    assert_eq!(code, Some(2));
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("only SQLite URLs are supported"), "{stderr}");
}

#[test]
fn an_unopenable_database_names_its_file_once() {
    let (code, stderr) = run(&["migrate"], &[("DATABASE_URL", "sqlite:///nonexistent-srazhenie/x.db?mode=rwc")]);
    assert_eq!(code, Some(1));
    assert_eq!(stderr.matches("/nonexistent-srazhenie/x.db").count(), 2, "path and URL, in one line: {stderr}");
    assert_eq!(stderr.lines().filter(|l| l.contains("cannot open the database")).count(), 1, "{stderr}");
}
