//! The careful opponent of `hard`'s search: how the enemy attacks our
//! hidden pieces in a sampled game, where it would otherwise "see" them.

use engine::{CombatResult, Game, Player, Rank, resolve};

/// The careful opponent of `hard`'s search: in a sampled game the enemy
/// "sees" our ranks, and its Marshal would take any piece of ours it
/// knows to be weaker — a fusion of what no opponent can know (Long et
/// al., AAAI 2010). Careful players and programs (the 2012 UCC winner
/// among them) attack a piece of ours they have not seen with a strong
/// piece — the Marshal down to the Major, and the Spy — only when nothing
/// it could be beats that piece: never one that has not moved (it may be
/// a Mine, R15), and a moved one only when every rank of ours still unseen
/// loses to the attacker or trades with it. The Captain and lower pieces
/// probe freely (the 2012 winner's Captains, Lieutenants, Sergeants and
/// Scouts attack every unknown piece they stand next to), and so does
/// every rank the opponent has been seen to attack an unmoved hidden piece of ours
/// with (`blind`, by [`Rank::index`], from the public record), with the
/// ranks below it. By [`Rank::index`] of the enemy's attacker: how it
/// attacks our hidden pieces, as the public record of `game` (ours, `me`)
/// lets it judge (R24).
pub(crate) fn careful_attackers(game: &Game, me: Player, blind: &[bool; 12]) -> [Careful; 12] {
    let mut unseen = [false; 12];
    for sq in engine::Square::all() {
        if let Some(p) = game.piece_at(sq)
            && p.player == me
            && p.rank.is_movable()
            && !p.revealed
            && !p.ran
        {
            unseen[p.rank.index()] = true;
        }
    }
    // The strongest of the ranks that keep back seen attacking blind: it
    // and the ranks below it probe. The Spy is careful or not on its own.
    let bold_from = KEEP_BACK.iter().position(|r| blind[r.index()]).unwrap_or(KEEP_BACK.len());
    Rank::ALL.map(|a| {
        let careful = match KEEP_BACK.iter().position(|&r| r == a) {
            Some(k) => k < bold_from,
            None => a == Rank::Scout && !blind[a.index()],
        };
        if !careful {
            Careful::No
        } else if Rank::ALL
            .into_iter()
            .filter(|r| unseen[r.index()])
            .all(|r| resolve(a, r) != CombatResult::DefenderWins)
        {
            Careful::OnCertainty
        } else {
            Careful::Never
        }
    })
}

/// The ranks a careful opponent does not attack blind with, strongest
/// first (see [`careful_attackers`]); the Spy (our `Scout`) aside.
const KEEP_BACK: [Rank; 4] = [Rank::Marshal, Rank::General, Rank::Colonel, Rank::Major];

/// How an enemy rank attacks our hidden pieces in `hard`'s search (see
/// [`careful_attackers`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Careful {
    /// It probes: attacks any piece of ours.
    No,
    /// It attacks a moved hidden piece of ours (never an unmoved one):
    /// nothing of ours still unseen beats it.
    OnCertainty,
    /// It attacks no hidden piece of ours.
    Never,
}

#[cfg(test)]
mod tests {
    use engine::{Game, Player, Rank, RuleSetId, Square};

    use super::{Careful, careful_attackers};

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn a_careful_enemy_attacks_moved_hidden_pieces_only_when_nothing_unseen_beats_it() {
        // South (ours): Marshal, General, Sergeant; North: a Soldier to be
        // taken, a Flag, and a piece to pass with.
        let pieces = [
            (sq("a4"), Player::South, Rank::Marshal),
            (sq("c4"), Player::South, Rank::General),
            (sq("e4"), Player::South, Rank::Sergeant),
            (sq("a1"), Player::South, Rank::Flag),
            (sq("a5"), Player::North, Rank::Soldier),
            (sq("j7"), Player::North, Rank::Sergeant),
            (sq("j10"), Player::North, Rank::Flag),
        ];
        let mut g = Game::from_pieces(RuleSetId::Ucc, &pieces, Player::South);
        let careful = careful_attackers(&g, Player::South, &[false; 12]);
        // Our Marshal is unseen: only the Marshal (which at worst trades
        // with it) may take a moved hidden piece; the General may not.
        assert_eq!(careful[Rank::Marshal.index()], Careful::OnCertainty);
        assert_eq!(careful[Rank::General.index()], Careful::Never);
        assert_eq!(careful[Rank::Colonel.index()], Careful::Never);
        // The Captain and lower pieces probe.
        assert_eq!(careful[Rank::Captain.index()], Careful::No);
        assert_eq!(careful[Rank::Sergeant.index()], Careful::No);
        // The Marshal takes the Soldier and is revealed (R18): now our
        // unseen General is the strongest unknown, so the General may
        // attack (it trades at worst), the Colonel still may not.
        g.play("a4-a5".parse().unwrap()).unwrap();
        g.play("j7-j6".parse().unwrap()).unwrap();
        assert!(g.piece_at(sq("a5")).unwrap().revealed);
        let careful = careful_attackers(&g, Player::South, &[false; 12]);
        assert_eq!(careful[Rank::General.index()], Careful::OnCertainty);
        assert_eq!(careful[Rank::Colonel.index()], Careful::Never);
        // An opponent seen attacking a hidden piece of ours with its
        // Colonel probes with it, and with its Major; its General stays
        // careful, and so does its Spy.
        let mut blind = [false; 12];
        blind[Rank::Colonel.index()] = true;
        let careful = careful_attackers(&g, Player::South, &blind);
        assert_eq!(careful[Rank::Colonel.index()], Careful::No);
        assert_eq!(careful[Rank::Major.index()], Careful::No);
        assert_eq!(careful[Rank::General.index()], Careful::OnCertainty);
        assert_eq!(careful[Rank::Scout.index()], Careful::Never);
    }
}
