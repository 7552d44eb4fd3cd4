//! Exposure (`hard`): where a piece of ours stands within reach of an enemy
//! piece that can take it *for sure*, as far as the enemy knows.
//!
//! The enemy sees what the public record shows of our pieces (R24): the
//! ranks combat revealed, the runner that made a long move, that a moved
//! piece is no Mine or Flag, and which ranks have all been revealed or
//! removed. A careful opponent — the strong programs and the 2012 UCC
//! winner alike — attacks where it is sure to win; once our Marshal is
//! known, its Marshal may take any of our moved pieces, and a known piece
//! of ours is prey for anything that beats it. The search sees such a
//! threat only a few plies ahead, and a chase in the open ends beyond its
//! horizon; so the evaluation charges a piece standing within reach of a
//! sure attacker, unless a piece of ours beside it would take the attacker
//! back.
//!
//! A piece that never moved might be a Mine (R15), and a careful opponent
//! does not attack it with a strong piece; one that moved is prey for a
//! sure attacker wherever it stands, sooner or later. So while some enemy
//! piece takes any moved hidden piece of ours for sure, every such piece
//! costs a part of its value ([`WOKEN`]): a piece stirred out of its place
//! gives up that cover for good, and `hard` moves the pieces that have
//! already moved rather than wake new ones. (Against the 2012 UCC winner,
//! whose General took 713 of our moved hidden pieces in 400 games, 321 of
//! them after one or two moves, this turned 92 of the same 400 games for
//! the better and 45 for the worse; BENCHMARKS.md, sixteenth round.)
//! Before that, a smaller part ([`WOKEN_EARLY`]) while the enemy keeps
//! more of its movable pieces still than we do: the top pieces are seen
//! sooner or later, and the side that has woken every piece by then has
//! no reserve left — no piece the enemy must still fear may be a Mine,
//! none to send late (R20: a side with no movable piece loses).

use engine::{CombatResult, Game, Piece, Player, Rank, Square, resolve};

/// What a piece of ours loses, as a divisor of its value by the distance
/// in steps to a sure attacker (0 unused): a third at one step, a sixth at
/// two. Run to a defender, or away. (Looking four steps away, with a tenth
/// and a sixteenth, lost more games against `peternlewis`: pieces kept
/// away from their own Flag.)
const EXPOSED: [i32; 3] = [1, 3, 6];
/// What a moved hidden piece of ours loses, as a divisor of its value,
/// while some enemy piece takes any such piece for sure (module docs).
const WOKEN: i32 = 8;
/// What a moved hidden piece of ours loses, as a divisor of its value,
/// while no enemy piece takes such pieces for sure yet and the enemy has
/// more movable pieces that never moved than we have (module docs): a
/// twenty-fourth. Against the 2012 UCC winner, which keeps about ten of
/// its movable pieces still at ply 200 where `hard` kept six, `hard`
/// (40 000 nodes a move) scored 81.2 % instead of 71.2 % over the same
/// 335 games (77 better, 43 worse). Charged whatever the enemy keeps
/// still, it scored as much there but lost ground against `hard-v1` in
/// «Сражение» (76.3 % against 80.7 % on the same seeds, 200 games each;
/// 84.3 % with the condition; BENCHMARKS.md, twenty-sixth round).
const WOKEN_EARLY: i32 = 24;
/// How many steps from an attacker [`EXPOSED`] looks.
const EXPOSED_REACH: usize = EXPOSED.len() - 1;
/// Kinds of our pieces as the enemy can tell them apart: a revealed (or
/// runner, R24) piece by its [`Rank::index`], and [`MOVED`].
const KINDS: usize = 13;
/// The kind of a piece that moved and was never revealed.
const MOVED: usize = 12;

/// The kind the enemy knows a piece of ours as (see [`KINDS`]); `None` for a
/// piece that never moved (it might be anything, a Mine too).
fn known_as(p: Piece) -> Option<usize> {
    if p.revealed || p.ran {
        Some(p.rank.index())
    } else if p.moved {
        Some(MOVED)
    } else {
        None
    }
}

/// Distances, by kind and square, to the nearest sure attacker of that
/// kind (1 to [`EXPOSED_REACH`]; 0 = none); empty when nothing of ours is
/// known to the enemy.
#[derive(Clone, Debug, Default)]
pub(crate) struct Exposure {
    maps: Vec<[u8; 100]>,
    /// Some enemy piece takes any moved hidden piece of ours for sure.
    sure_of_moved: bool,
    /// Made by [`Exposure::of`] (`hard`; the default, for the other levels,
    /// charges nothing), and the enemy has more movable pieces that never
    /// moved than we have: [`WOKEN_EARLY`] applies.
    early: bool,
}

impl Exposure {
    /// Where our (`me`'s) pieces stand exposed in the sampled game `g`: for
    /// each kind of piece of ours that the enemy can tell apart
    /// ([`known_as`]), the squares within [`EXPOSED_REACH`] steps, over
    /// empty squares, of an enemy piece that beats (by its sampled rank)
    /// every rank the enemy cannot rule out for it — unless a piece of ours
    /// that beats or trades with that attacker stands next to the square.
    /// What the enemy can rule out is what the public record shows (R24):
    /// ranks of which every piece has been revealed or removed, and Mines
    /// and the Flag for a piece that moved.
    pub(crate) fn of(g: &Game, me: Player) -> Exposure {
        let mut kinds = [false; KINDS];
        // Movable ranks of which we have a piece the enemy has not seen.
        let mut unseen = [false; 12];
        let mut threats: Vec<(Square, Rank)> = Vec::new();
        // Movable pieces that never moved: ours, the enemy's (as sampled).
        let mut still = [0u8; 2];
        for sq in Square::all() {
            let Some(p) = g.piece_at(sq).filter(|p| p.rank.is_movable()) else { continue };
            still[usize::from(p.player != me)] += u8::from(!p.moved);
            if p.player == me {
                if let Some(k) = known_as(p) {
                    kinds[k] = true;
                }
                unseen[p.rank.index()] |= !p.revealed && !p.ran;
            } else {
                threats.push((sq, p.rank));
            }
        }
        let early = still[0] < still[1];
        if !kinds.iter().any(|&k| k) {
            return Exposure { early, ..Exposure::default() };
        }
        let mut maps = vec![[0u8; 100]; KINDS];
        // Whether a piece of ours next to `sq` takes `attacker` back, or
        // might as far as the enemy knows: a hidden piece might be any rank
        // we have unseen (while our Spy is unseen, any hidden piece might
        // be it) — a careful opponent does not attack into that.
        let could_take_back = |p: Piece, attacker: Rank| {
            let beats = |r: Rank| resolve(r, attacker) != CombatResult::DefenderWins;
            (p.rank.is_movable() && beats(p.rank))
                || (!p.revealed
                    && !p.ran
                    && Rank::ALL.into_iter().any(|r| r.is_movable() && unseen[r.index()] && beats(r)))
        };
        let guarded = |sq: Square, attacker: Rank| {
            (0..4)
                .filter_map(|k| sq.step(k))
                .any(|n| g.piece_at(n).is_some_and(|p| p.player == me && could_take_back(p, attacker)))
        };
        // Whether `e` takes a piece of kind `k` whatever the enemy thinks it is.
        let takes = |e: Rank, k: usize| {
            if k == MOVED {
                let mut could = Rank::ALL.into_iter().filter(|r| unseen[r.index()]).peekable();
                could.peek().is_some() && could.all(|r| resolve(e, r) == CombatResult::AttackerWins)
            } else {
                resolve(e, Rank::ALL[k]) == CombatResult::AttackerWins
            }
        };
        let sure_of_moved = threats.iter().any(|&(_, e)| takes(e, MOVED));
        for &(from, e) in &threats {
            let open: Vec<usize> = (0..KINDS).filter(|&k| kinds[k] && takes(e, k)).collect();
            if open.is_empty() {
                continue;
            }
            // Squares the attacker reaches in up to EXPOSED_REACH steps over
            // squares that are empty now; an occupied square ends a path.
            let mut dist = [0u8; 100];
            let mut frontier = vec![from];
            for d in 1..=EXPOSED_REACH as u8 {
                let mut next = Vec::new();
                for sq in frontier {
                    for n in (0..4).filter_map(|k| sq.step(k)) {
                        if n.is_lake() || n == from || dist[n.index()] != 0 {
                            continue;
                        }
                        dist[n.index()] = d;
                        if g.piece_at(n).is_none() {
                            next.push(n);
                        }
                        if guarded(n, e) {
                            continue;
                        }
                        for &k in &open {
                            let cell = &mut maps[k][n.index()];
                            *cell = if *cell == 0 { d } else { (*cell).min(d) };
                        }
                    }
                }
                frontier = next;
            }
        }
        Exposure { maps, sure_of_moved, early }
    }

    /// The distance from `p` (ours) on `sq` to a sure attacker (0 = none).
    pub(crate) fn distance(&self, p: Piece, sq: Square) -> u8 {
        known_as(p).and_then(|k| self.maps.get(k)).map_or(0, |m| m[sq.index()])
    }

    /// What `p` (ours, worth `value`) loses on `sq`: by the distance to a
    /// sure attacker ([`EXPOSED`]), and for a moved hidden piece ([`WOKEN`]
    /// while an enemy piece takes any such piece for sure, [`WOKEN_EARLY`]
    /// before while the enemy keeps more pieces still).
    #[inline]
    pub(crate) fn loss(&self, p: Piece, sq: Square, value: i32) -> i32 {
        let woken = match (known_as(p) == Some(MOVED), self.sure_of_moved, self.early) {
            (true, true, _) => value / WOKEN,
            (true, false, true) => value / WOKEN_EARLY,
            _ => 0,
        };
        woken
            + match self.distance(p, sq) {
                0 => 0,
                d => value / EXPOSED[usize::from(d)],
            }
    }
}

#[cfg(test)]
mod tests {
    use engine::{Game, Player, Rank, RuleSetId, Square};

    use super::*;
    use crate::caution::Caution;
    use crate::eval::Evaluator;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    /// South's Captain takes a Soldier on e5 and is revealed (R18); North's
    /// Major waits on e7, a Soldier on a6, and North shuffles on the j file.
    /// `extra` adds South pieces.
    fn after_capture(extra: &[(&str, Rank)]) -> Game {
        let mut pieces = vec![
            (sq("e4"), Player::South, Rank::Captain),
            (sq("a1"), Player::South, Rank::Flag),
            (sq("a4"), Player::South, Rank::Marshal),
            (sq("e5"), Player::North, Rank::Soldier),
            (sq("a6"), Player::North, Rank::Soldier),
            (sq("e7"), Player::North, Rank::Major),
            (sq("j7"), Player::North, Rank::Sergeant),
            (sq("j10"), Player::North, Rank::Flag),
        ];
        pieces.extend(extra.iter().map(|&(s, r)| (sq(s), Player::South, r)));
        let mut g = Game::from_pieces(RuleSetId::Ucc, &pieces, Player::South);
        g.play("e4-e5".parse().unwrap()).unwrap();
        g.play("j7-j6".parse().unwrap()).unwrap();
        g
    }

    fn exposed(g: &Game, at: &str) -> u8 {
        let p = g.piece_at(sq(at)).unwrap();
        Exposure::of(g, Player::South).distance(p, sq(at))
    }

    #[test]
    fn a_revealed_piece_near_what_beats_it_is_exposed_unless_guarded() {
        let alone = after_capture(&[]);
        assert_eq!(exposed(&alone, "e5"), 2, "the Major is two steps away");
        // A Colonel beside e5 takes the Major back; one a step away does not.
        let colonel_to = |to: &str| {
            let mut g = after_capture(&[("f4", Rank::Colonel)]);
            g.play(format!("f4-{to}").parse().unwrap()).unwrap();
            g.play("j6-j7".parse().unwrap()).unwrap();
            g
        };
        let (guarded, unguarded) = (colonel_to("f5"), colonel_to("g4"));
        assert_eq!(exposed(&guarded, "e5"), 0);
        assert_eq!(exposed(&unguarded, "e5"), 2);
        // What it costs in the evaluation: a sixth of the Captain's value at
        // two steps.
        let captain = |g: &Game| {
            let ev = Evaluator::new(g, Player::South, Some(Caution::permissive()));
            (ev.contrib(g.piece_at(sq("e5")).unwrap(), sq("e5")).2, ev.value(Player::South, Rank::Captain))
        };
        let ((safe, value), (exposed_pos, _)) = (captain(&guarded), captain(&unguarded));
        assert_eq!(safe - exposed_pos, value / EXPOSED[2]);
    }

    #[test]
    fn a_moved_piece_is_exposed_only_once_nothing_hidden_could_beat_the_attacker() {
        // R24: a moved piece is no Mine, but while our Marshal is hidden any
        // moved piece might be it, and the Major cannot be sure of a kill.
        let mut g = after_capture(&[("f4", Rank::Sergeant)]);
        for mv in ["f4-f5", "e7-e6"] {
            g.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(known_as(g.piece_at(sq("f5")).unwrap()), Some(MOVED));
        assert_eq!(exposed(&g, "f5"), 0, "the Marshal is unseen");
        // Once the Marshal is revealed (it takes the Soldier on a6, R18),
        // every moved piece is known to lose to the Major: two steps
        // (e6-f6-f5).
        for mv in ["a4-a5", "j6-j7", "a5-a6", "j7-j6"] {
            g.play(mv.parse().unwrap()).unwrap();
        }
        assert!(g.piece_at(sq("a6")).unwrap().revealed);
        assert_eq!(exposed(&g, "f5"), 2);
        // A piece that never moved is beyond what the enemy knows.
        assert_eq!(known_as(g.piece_at(sq("a1")).unwrap()), None);
    }

    /// South's Captain on c1 and Sergeant on d1 (with `marshal`, a hidden
    /// Marshal on a4 too) against North's General on j7 (and Sergeants
    /// that never move on `still`); the Captain steps to c2 and North
    /// passes.
    fn woken(marshal: bool, still: &[&str]) -> Game {
        let mut pieces = vec![
            (sq("c1"), Player::South, Rank::Captain),
            (sq("d1"), Player::South, Rank::Sergeant),
            (sq("a1"), Player::South, Rank::Flag),
            (sq("j7"), Player::North, Rank::General),
            (sq("j10"), Player::North, Rank::Flag),
        ];
        if marshal {
            pieces.push((sq("a4"), Player::South, Rank::Marshal));
        }
        pieces.extend(still.iter().map(|s| (sq(s), Player::North, Rank::Sergeant)));
        let mut g = Game::from_pieces(RuleSetId::Ucc, &pieces, Player::South);
        for mv in ["c1-c2", "j7-j6"] {
            g.play(mv.parse().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn a_moved_hidden_piece_costs_an_eighth_while_an_enemy_piece_takes_such_pieces_for_sure_and_less_before() {
        let loss = |g: &Game, at: &str| {
            let p = g.piece_at(sq(at)).unwrap();
            Exposure::of(g, Player::South).loss(p, sq(at), 800)
        };
        // Nothing of ours beats the General: the moved Captain, far from
        // it, costs an eighth; the Sergeant that never moved (R15: it
        // might be a Mine) costs nothing.
        let g = woken(false, &[]);
        assert_eq!(exposed(&g, "c2"), 0, "out of the General's reach");
        assert_eq!(loss(&g, "c2"), 800 / WOKEN);
        assert_eq!(loss(&g, "d1"), 0);
        // While our Marshal is unseen, any moved piece might be it: no
        // enemy piece is sure of the Captain yet. While the enemy keeps
        // more pieces still (three Sergeants against our Sergeant and
        // Marshal), the Captain costs a twenty-fourth; the still Sergeant,
        // nothing. With fewer still enemy pieces, it costs nothing.
        let g = woken(true, &["f10", "g10", "h10"]);
        assert_eq!(loss(&g, "c2"), 800 / WOKEN_EARLY);
        assert_eq!(loss(&g, "d1"), 0);
        assert_eq!(loss(&woken(true, &["f10", "g10"]), "c2"), 0);
        // The other levels (no exposure made for them) charge nothing.
        let p = g.piece_at(sq("c2")).unwrap();
        assert_eq!(Exposure::default().loss(p, sq("c2"), 800), 0);
    }
}
