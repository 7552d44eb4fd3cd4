//! Callback data: every variant round-trips within 64 bytes; forged data is refused.
use proptest::prelude::*;

use super::*;

fn all_examples() -> Vec<Callback> {
    let (game, ver) = (i64::MAX, i64::MAX);
    let sq: Square = "j10".parse().unwrap();
    let mut v = vec![
        Callback::SetupTap { game, ver, sq },
        Callback::Tap { game, ver, sq },
        Callback::DrawAnswer { game, accept: true },
        Callback::DrawAnswer { game, accept: false },
        Callback::Resend { game },
        Callback::CancelInvite { game },
        Callback::Lang(Lang::Ru),
        Callback::Lang(Lang::En),
        Callback::LoadSetup(i64::MAX),
        Callback::DeleteSetup(1),
        Callback::RenameSetup(i64::MAX),
        Callback::Noop,
        Callback::Rematch { game },
        Callback::Export { game },
        Callback::ToggleConfirm(true),
        Callback::ToggleConfirm(false),
        Callback::Accept { challenger: i64::MAX, rules: GameRules::Stratego(RuleSetId::BattleDuel), days: 14 },
        Callback::Accept { challenger: i64::MAX, rules: GameRules::Jungle, days: 14 },
        Callback::Watch { game },
        Callback::Unwatch { game },
        Callback::Picture { game },
        Callback::Replay { game, ply: u32::MAX },
        Callback::ReplayStep { game, from: u32::MAX, forward: true },
        Callback::ReplayStep { game, from: 0, forward: false },
        Callback::Join(*b"AAAAAAAAAAAAAAAAAAAA-_"),
        Callback::Menu(MenuItem::Ai),
        Callback::Menu(MenuItem::New),
    ];
    for b in [SetupButton::Shuffle, SetupButton::Smart, SetupButton::Confirm, SetupButton::Edit, SetupButton::Scroll(2)]
    {
        v.push(Callback::Setup { game, ver, button: b });
    }
    for a in [
        Action::Scroll(0),
        Action::Menu,
        Action::Back,
        Action::Resign,
        Action::ResignConfirm,
        Action::OfferDraw,
        Action::AcceptDraw,
        Action::DeclineDraw,
        Action::Abort,
        Action::ConfirmMove,
        Action::Moves(0),
        Action::Moves(u16::MAX),
    ] {
        v.push(Callback::Play { game, ver, action: a });
    }
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1);
    for r in RuleSetId::ALL {
        v.push(Callback::BenchNew(r));
        let setup = engine::smart(r.rules(), &mut rng);
        let sq: engine::Square = "j4".parse().unwrap();
        let far: engine::Square = "j10".parse().unwrap();
        for op in
            [BenchOp::Tap(sq), BenchOp::Tap(far), BenchOp::Shuffle, BenchOp::Smart, BenchOp::Scroll(2), BenchOp::Save]
        {
            v.push(Callback::Bench { bench: Bench { setup, selected: Some(sq), scroll: 2, saved: None }, op });
            v.push(Callback::Bench { bench: Bench::new(setup), op });
            let saved = Some(crate::app::MAX_BENCH_SAVED_ID);
            v.push(Callback::Bench { bench: Bench { setup, selected: Some(sq), scroll: 2, saved }, op });
        }
    }
    for l in AI_LEVELS {
        v.push(Callback::AiLevel(l));
        v.push(Callback::AiGame(l, RuleSetId::BattleDuel));
        v.push(Callback::AiJungle(l));
    }
    v.push(Callback::NewJungleRules);
    for d in crate::telegram::DAYS_CHOICES {
        v.push(Callback::NewJungle(d));
    }
    for r in RuleSetId::ALL {
        v.push(Callback::NewRules(r));
        for d in crate::telegram::DAYS_CHOICES {
            v.push(Callback::NewGame(r, d));
        }
    }
    v
}

#[test]
fn every_variant_round_trips_within_64_bytes() {
    for cb in all_examples() {
        let s = cb.encode();
        assert!(s.len() <= MAX_LEN, "{s} is {} bytes", s.len());
        assert_eq!(Callback::parse(&s), Ok(cb), "{s}");
    }
}

#[test]
fn forged_data_is_refused() {
    for s in [
        "",
        "x",
        "p",
        "p.1.2",
        "p.1.2.k4",
        "p.1.2.E4",
        "p.-1.2.e4",
        "p.1.2.e4.5",
        "U.1.2.l3",
        "N.0.4",
        "N.9.1",
        "L.de",
        "D.1.x",
        "r.",
        "r.1a",
        "_.1",
        "p.1.+2.e4",
        "M.x",
        "M.ai.1",
        "P.1.2.h",
        "P.1.2.h01",
        "P.1.2.h+1",
        "P.1.2.h65536",
        "B.0.BFB8657B869B3745s2485B98B963579919849796.-.3.x",
        "B.0.BFB8657B869B3745s2485B98B96357991984979.-.0.x",
        "B.0.BFB8657B869B3745s2485B98B963579919849796.e5.0.x",
        "B.0.BFB8657B869B3745s2485B98B963579919849796.-.0.x.0",
        "B.0.BFB8657B869B3745s2485B98B963579919849796.-.0.x.10000000000",
        "B.0.BFB8657B869B3745s2485B98B963579919849796.-.0.x.1.2",
        "B.0.BFB8657B869B3745s2485B98B963579919849796.-.0.S",
        "Y.",
        "Y.-1",
        "Y.1.2",
        "b.9",
        "n.J",
        "N.j.4",
        "A.0.J",
        "A.j.0",
        "V.1",
        "V.1.2.x",
        "V.1.2.n.3",
        "V.1.-2.n",
    ] {
        assert_eq!(Callback::parse(s), Err(BadCallback), "{s:?}");
    }
    assert_eq!(Callback::parse(&"p.1.2.e4".repeat(10)), Err(BadCallback));
}

proptest! {
    #[test]
    fn parse_never_panics_and_accepts_only_canonical(s in "\\PC{0,80}") {
        if let Ok(cb) = Callback::parse(&s) {
            prop_assert_eq!(cb.encode(), s);
        }
    }
}
