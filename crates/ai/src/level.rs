//! Playing strength ([`Level`]) and how long a decision may take ([`Budget`]).

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// How well the AI plays; each level is a different method (see the crate docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Baseline: a uniformly random legal move.
    Random,
    /// Baseline: attacks when it wins by ranks known from combat (R18),
    /// otherwise a random move.
    Greedy,
    /// One ply over a few sampled enemy armies, with the evaluation and some noise.
    Easy,
    /// Two plies (plus captures) over many sampled armies (determinized search).
    Normal,
    /// Three plies or more (plus captures) over sampled armies, deeper where
    /// the budget still allows enough samples, with caution.
    Hard,
    /// `hard` as it was before caution (`caution.rs`), kept as the baseline
    /// that the `arena` measures the current `hard` against; not offered to
    /// players.
    HardV1,
}

impl Level {
    /// Every level, weakest first (the baseline `hard-v1` last).
    pub const ALL: [Level; 6] = [Level::Random, Level::Greedy, Level::Easy, Level::Normal, Level::Hard, Level::HardV1];

    /// The stable name: `random`, `greedy`, `easy`, `normal`, `hard`, `hard-v1`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::HardV1 => "hard-v1",
        }
    }

    /// The default thinking time per move: 0 for the baselines, 20 ms
    /// (easy), 300 ms (normal), 1.95 s (hard, so that its answers come
    /// within 2 s even at the 95th percentile). The search stops at the budget;
    /// the answer comes within a few milliseconds of it.
    #[must_use]
    pub const fn default_budget(self) -> Duration {
        match self {
            Level::Random | Level::Greedy => Duration::ZERO,
            Level::Easy => Duration::from_millis(20),
            Level::Normal => Duration::from_millis(300),
            Level::Hard | Level::HardV1 => Duration::from_millis(1950),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown AI level {:?} (random, greedy, easy, normal, hard, hard-v1)", self.0)
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;

    /// Parses [`Level::as_str`], case-insensitive.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let t = s.trim().to_ascii_lowercase();
        Level::ALL.into_iter().find(|l| l.as_str() == t).ok_or_else(|| UnknownLevel(s.to_owned()))
    }
}

/// The limit of one decision: wall time, search nodes, or both (whichever
/// ends first). A node is one position the search plays a move into.
///
/// A node limit makes a decision reproducible (same view, level, seed and
/// limit give the same move); a time limit does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Budget {
    /// Wall-clock limit.
    pub time: Option<Duration>,
    /// Limit on search nodes.
    pub nodes: Option<u64>,
}

impl Budget {
    /// A wall-clock limit only.
    #[must_use]
    pub const fn time(d: Duration) -> Budget {
        Budget { time: Some(d), nodes: None }
    }

    /// A node limit only (reproducible).
    #[must_use]
    pub const fn nodes(n: u64) -> Budget {
        Budget { time: None, nodes: Some(n) }
    }
}

/// A running budget: counts nodes and looks at the clock every 256 nodes.
pub(crate) struct Clock {
    started: Instant,
    deadline: Option<Instant>,
    max_nodes: u64,
    pub(crate) nodes: u64,
    stopped: bool,
}

impl Clock {
    pub(crate) fn start(b: Budget) -> Clock {
        let started = Instant::now();
        Clock {
            started,
            deadline: b.time.map(|d| started + d),
            max_nodes: b.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            stopped: false,
        }
    }

    /// Counts one node; true once the budget is spent (and from then on).
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            self.stopped = true;
        } else if self.nodes & 255 == 0
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// About how many more nodes the budget allows: what is left of a node
    /// limit, and of a time limit at the rate of the nodes so far (the
    /// smaller of the two; 0 once spent).
    pub(crate) fn nodes_left(&self) -> u64 {
        let mut left = self.max_nodes.saturating_sub(self.nodes);
        if let Some(d) = self.deadline {
            let now = Instant::now();
            let spent = now.saturating_duration_since(self.started).as_secs_f64();
            let rest = d.saturating_duration_since(now).as_secs_f64();
            let by_time = if spent > 0.0 { (self.nodes as f64 * rest / spent) as u64 } else { 0 };
            left = left.min(by_time);
        }
        if self.stopped { 0 } else { left }
    }

    /// A clock for part of this budget: at most `nodes` nodes, and this
    /// clock's deadline. Its nodes are not counted here; add them after.
    pub(crate) fn share(&self, nodes: u64) -> Clock {
        Clock {
            started: Instant::now(),
            deadline: self.deadline,
            max_nodes: nodes.min(self.max_nodes.saturating_sub(self.nodes)),
            nodes: 0,
            stopped: self.stopped,
        }
    }

    /// Whether the budget is spent (checks the clock now).
    pub(crate) fn out(&mut self) -> bool {
        if !self.stopped && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        self.stopped || self.nodes >= self.max_nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        assert_eq!(" Hard ".parse::<Level>(), Ok(Level::Hard));
        assert!("expert".parse::<Level>().is_err());
        assert!(Level::Easy.default_budget() <= Duration::from_millis(20));
    }

    #[test]
    fn shares_and_what_is_left() {
        let mut c = Clock::start(Budget::nodes(1_000));
        for _ in 0..400 {
            c.tick();
        }
        assert_eq!(c.nodes_left(), 600);
        let mut part = c.share(10_000);
        for _ in 0..599 {
            assert!(!part.tick());
        }
        assert!(part.tick(), "a share ends with the budget it came from");
        let t = Clock::start(Budget::time(Duration::from_secs(3600)));
        assert_eq!(t.nodes_left(), 0, "no rate known before the first node");
    }

    #[test]
    fn node_budget_stops() {
        let mut c = Clock::start(Budget::nodes(3));
        assert!(!c.tick());
        assert!(!c.tick());
        assert!(c.tick());
        assert!(c.out());
    }
}
