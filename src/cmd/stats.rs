//! Statistics of an arena run: score with a 95 % confidence interval, the
//! Elo difference it implies, think-time percentiles.

use std::time::Duration;

/// Wins, draws and losses of side A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// The tally of A's results, each 1 (won), 0 (drawn) or -1 (lost).
    pub fn of(results: impl IntoIterator<Item = i8>) -> Tally {
        let mut t = Tally::default();
        for r in results {
            t.add(r);
        }
        t
    }

    /// Counts one result of A: 1 (won), 0 (drawn) or -1 (lost).
    pub fn add(&mut self, result: i8) {
        match result {
            1.. => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score in `0.0..=1.0` (a draw counts half).
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games())
    }

    /// The 95 % confidence interval of the score: the Wilson score
    /// interval with the score as the proportion (draws count half, which
    /// only overstates the spread), so 0 % and 100 % get honest intervals.
    #[must_use]
    pub fn score_ci95(&self) -> (f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 1.0);
        }
        let (p, z) = (self.score(), 1.96f64);
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }
}

/// The Elo difference implied by a score (`±∞` at 0 and 1).
#[must_use]
pub fn elo(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo difference as text: `+123`, `-45`, `+∞`.
#[must_use]
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() { if e > 0.0 { "+∞".to_owned() } else { "-∞".to_owned() } } else { format!("{e:+.0}") }
}

/// Mean, 95th percentile and maximum of `times`; zeros when empty.
#[must_use]
pub fn time_summary(times: &[Duration]) -> (Duration, Duration, Duration) {
    if times.is_empty() {
        return (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    }
    let mut t = times.to_vec();
    t.sort_unstable();
    let sum: Duration = t.iter().sum();
    let mean = sum / u32::try_from(t.len()).unwrap_or(u32::MAX);
    let p95 = t[((t.len() * 95).div_ceil(100)).saturating_sub(1)];
    (mean, p95, t[t.len() - 1])
}

/// A duration in milliseconds with one decimal.
#[must_use]
pub fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// The score table of an arena report (docs/ai-agents.md): A, B, wins,
/// draws, losses, score, its 95 % interval and the Elo difference, and a
/// blank line after it.
#[must_use]
pub fn score_table(a: &str, b: &str, t: &Tally) -> String {
    let (lo, hi) = t.score_ci95();
    format!(
        "| A | B | wins | draws | losses | score | 95% CI | Elo diff (95% CI) |\n|---|---|---|---|---|---|---|---|\n\
         | {a} | {b} | {} | {} | {} | {:.1}% | {:.1}–{:.1}% | {} ({} … {}) |\n\n",
        t.wins,
        t.draws,
        t.losses,
        t.score() * 100.0,
        lo * 100.0,
        hi * 100.0,
        fmt_elo(elo(t.score())),
        fmt_elo(elo(lo)),
        fmt_elo(elo(hi))
    )
}

/// How often each search depth (plies) occurred, e.g. `3: 91%, 4: 9%`;
/// zeros (no search) are left out, `–` when nothing is left.
#[must_use]
pub fn depth_shares(depths: impl IntoIterator<Item = u8>) -> String {
    let mut counts = std::collections::BTreeMap::<u8, usize>::new();
    for d in depths.into_iter().filter(|d| *d > 0) {
        *counts.entry(d).or_default() += 1;
    }
    let total: usize = counts.values().sum();
    if total == 0 {
        return "–".to_owned();
    }
    counts.iter().map(|(d, n)| format!("{d}: {:.0}%", *n as f64 * 100.0 / total as f64)).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_ci_and_elo() {
        let t = Tally { wins: 60, draws: 20, losses: 20 };
        assert!((t.score() - 0.7).abs() < 1e-12);
        let (lo, hi) = t.score_ci95();
        assert!(lo < 0.7 && hi > 0.7 && hi - lo < 0.2);
        assert!((elo(0.5)).abs() < 1e-9);
        assert!((elo(0.76) - 200.0).abs() < 2.0);
        assert_eq!(fmt_elo(elo(1.0)), "+∞");
        let (lo, hi) = Tally { wins: 80, draws: 0, losses: 0 }.score_ci95();
        assert!((lo - 0.954).abs() < 0.001 && hi == 1.0, "{lo}");
    }

    #[test]
    fn percentiles() {
        let times: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        let (mean, p95, max) = time_summary(&times);
        assert_eq!(p95, Duration::from_millis(95));
        assert_eq!(max, Duration::from_millis(100));
        assert_eq!(mean, Duration::from_micros(50_500));
    }
}
