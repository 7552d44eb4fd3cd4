//! Writes sample pictures of a random game to look at by eye:
//! `cargo run --example picture_samples [DIR]` (default: the system's
//! temporary directory). Files: `sample-running.png` and
//! `sample-running-north.png` (each side's view after 120 plies) and
//! `sample.png` (South's view once the game has ended).

use engine::{ByPlayer, Game, Player, RuleSetId};
use rand::SeedableRng;
use srazhenie::picture::render_png;

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os().nth(1).map_or_else(std::env::temp_dir, Into::into);
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let rules = RuleSetId::Battle.rules();
    let setups = ByPlayer { south: engine::smart(rules, &mut rng), north: engine::smart(rules, &mut rng) };
    let mut g = Game::new(RuleSetId::Battle, setups, Player::South).expect("generated setups are valid");
    engine::random_playout(&mut g, &mut rng, 120);
    std::fs::write(dir.join("sample-running.png"), render_png(&g.view(Player::South)))?;
    std::fs::write(dir.join("sample-running-north.png"), render_png(&g.view(Player::North)))?;
    engine::random_playout(&mut g, &mut rng, 5000);
    std::fs::write(dir.join("sample.png"), render_png(&g.view(Player::South)))?;
    println!("wrote sample-running.png, sample-running-north.png and sample.png to {}", dir.display());
    Ok(())
}
