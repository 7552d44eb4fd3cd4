//! The evaluation of a (sampled) position from the AI's side, in points
//! (a Soldier of «Сражение» is 30).
//!
//! Terms: material by rank (values that depend on what is left: the Scout
//! is worth much only while the enemy Marshal lives, Sappers while enemy
//! Mines stand, Mines while enemy Sappers live); information (a piece whose
//! rank the opponent has not seen is worth a fifth more); progress (each
//! movable piece is drawn towards the nearest enemy piece it beats, by
//! distance maps made once per sample); Flag safety (enemy movers near our
//! Flag cost); and the R21 clock (a lead is worth a little less the longer
//! nobody attacks, so a side that is ahead trades and attacks).

use engine::{CombatResult, Game, Player, Rank, Square, resolve};

/// The value of a won game (before the distance-to-win correction).
pub(crate) const WIN: i32 = 5000;

/// Base values by [`Rank::index`].
const BASE: [i32; 12] = [400, 300, 200, 150, 100, 60, 40, 70, 30, 150, 50, 0];
/// Points per square of distance to the nearest beatable target, by rank.
const ATTRACT: [i32; 10] = [1, 1, 2, 2, 2, 2, 2, 2, 2, 1];
/// Distance maps are capped here (and "no target" is this far).
const FAR: u8 = 14;

/// The evaluation for one sampled game, made at the root of a search.
pub(crate) struct Evaluator {
    me: Player,
    value: [[i32; 12]; 2],
    info: [[i32; 12]; 2],
    /// Distance from each square to the nearest target of each movable rank.
    attract: [[u8; 100]; 10],
    /// Distance from each square to our Flag (FAR if none).
    flag_dist: [u8; 100],
    limit: i32,
    base: i32,
}

impl Evaluator {
    /// The evaluator for the side `me` of the sampled game `g`.
    pub(crate) fn new(g: &Game, me: Player) -> Evaluator {
        let mut count = [[0u8; 12]; 2];
        for sq in Square::all() {
            if let Some(p) = g.piece_at(sq) {
                count[p.player.index()][p.rank.index()] += 1;
            }
        }
        let rules = g.rules();
        let mut value = [[0; 12]; 2];
        let mut info = [[0; 12]; 2];
        for side in 0..2 {
            let (own, opp) = (count[side], count[1 - side]);
            for r in Rank::ALL {
                let i = r.index();
                value[side][i] = match r {
                    Rank::Scout if opp[Rank::Marshal.index()] == 0 => 15,
                    Rank::Sapper if opp[Rank::Mine.index()] == 0 => 30,
                    Rank::Sapper => BASE[i] + 25 * i32::from(3u8.saturating_sub(own[i])),
                    Rank::Mine if opp[Rank::Sapper.index()] == 0 => 10,
                    Rank::Soldier if rules.is_runner(r) => 45,
                    _ => BASE[i],
                };
                if r.is_movable() {
                    info[side][i] = value[side][i] / 5;
                }
            }
        }
        let mut ev = Evaluator {
            me,
            value,
            info,
            attract: [[FAR; 100]; 10],
            flag_dist: [FAR; 100],
            limit: i32::from(rules.no_attack_limit),
            base: 0,
        };
        ev.maps(g);
        ev.base = ev.positional(g);
        ev
    }

    fn maps(&mut self, g: &Game) {
        let me = self.me;
        let mut wall = [false; 100];
        let mut flag = Vec::new();
        let mut enemies = Vec::new();
        for sq in Square::all() {
            wall[sq.index()] = sq.is_lake();
            if let Some(p) = g.piece_at(sq) {
                if p.player == me && !p.rank.is_movable() {
                    wall[sq.index()] = true;
                    if p.rank == Rank::Flag {
                        flag.push(sq);
                    }
                } else if p.player != me {
                    enemies.push((sq, p.rank));
                }
            }
        }
        for r in Rank::ALL.into_iter().filter(|r| r.is_movable()) {
            let targets: Vec<Square> = enemies
                .iter()
                .filter(|(_, e)| resolve(r, *e) == CombatResult::AttackerWins && self.value[1 - me.index()][e.index()] > 0 || *e == Rank::Flag)
                .map(|(sq, _)| *sq)
                .collect();
            bfs(&targets, &wall, &mut self.attract[r.index()]);
        }
        let mut open = [false; 100];
        for sq in Square::all() {
            open[sq.index()] = sq.is_lake();
        }
        bfs(&flag, &open, &mut self.flag_dist);
    }

    /// The value of `r` for `player`.
    pub(crate) fn value(&self, player: Player, r: Rank) -> i32 {
        self.value[player.index()][r.index()]
    }

    /// Progress and safety terms.
    fn positional(&self, g: &Game) -> i32 {
        let mut pos = 0;
        for sq in Square::all() {
            let Some(p) = g.piece_at(sq) else { continue };
            if !p.rank.is_movable() {
                continue;
            }
            let i = sq.index();
            if p.player == self.me {
                pos -= ATTRACT[p.rank.index()] * i32::from(self.attract[p.rank.index()][i]);
            } else if self.flag_dist[i] <= 4 {
                pos -= (5 - i32::from(self.flag_dist[i])) * 12;
            }
        }
        pos
    }

    /// The position `g` for our side, relative to the root's positional terms.
    pub(crate) fn eval(&self, g: &Game) -> i32 {
        let mut mat = [0i32; 2];
        for sq in Square::all() {
            if let Some(p) = g.piece_at(sq) {
                let k = p.player.index();
                mat[k] += self.value[k][p.rank.index()] + if p.revealed { 0 } else { self.info[k][p.rank.index()] };
            }
        }
        let mut adv = mat[self.me.index()] - mat[1 - self.me.index()];
        if adv > 0 {
            adv -= adv * 2 * i32::from(g.quiet_plies()) / (5 * self.limit.max(1));
        }
        adv + self.positional(g) - self.base
    }
}

/// Multi-source breadth-first distances from `sources` over squares that are
/// not `wall`, capped at [`FAR`].
fn bfs(sources: &[Square], wall: &[bool; 100], out: &mut [u8; 100]) {
    *out = [FAR; 100];
    let mut queue: Vec<Square> = Vec::with_capacity(100);
    for &s in sources {
        out[s.index()] = 0;
        queue.push(s);
    }
    let mut head = 0;
    while head < queue.len() {
        let sq = queue[head];
        head += 1;
        let d = out[sq.index()];
        if d + 1 >= FAR {
            continue;
        }
        for n in (0..4).filter_map(|k| sq.step(k)) {
            if !wall[n.index()] && out[n.index()] > d + 1 {
                out[n.index()] = d + 1;
                queue.push(n);
            }
        }
    }
}
