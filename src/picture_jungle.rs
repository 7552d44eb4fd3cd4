//! A picture of a Jungle position as PNG (RULES.md §9), drawn from one
//! player's [`PlayerView`] only.
//!
//! [`render_png`] draws the 7×9 board from the viewer's side (J1, as R3):
//! South sees rank 1 at the bottom and file `a` on the left, North rank 9
//! at the bottom and file `g` on the left. The terrain (J2): the rivers as
//! water with waves, a trap hatched in its side's colour, a den as a house
//! in its side's colour on sand. An animal is a tile in its side's colour
//! (South red, North blue) with its letter and rank (J3, J12: `E8` the
//! Elephant … `R1` the Rat), the same in every language. The two squares of
//! the last move are framed in yellow. Letters and digits come from the
//! picture's 5×7 bitmap font (see [`super`]), so no font file is needed.

use ::jungle::{Animal, Player, PlayerView, Terrain};
use image::{Rgb, RgbImage};

use super::{CELL, FRAME, GRID, INK, INSET, LAND, LAST_MOVE, MARGIN, WHITE, draw_text, draw_water, fill, frame, paint};

/// Width of the picture, in pixels (392): the 7 files and the frame.
pub const WIDTH: u32 = 2 * MARGIN + FILES * CELL;
/// Height of the picture, in pixels (488): the 9 ranks and the frame.
pub const HEIGHT: u32 = 2 * MARGIN + RANKS * CELL;

const FILES: u32 = ::jungle::FILES as u32;
const RANKS: u32 = ::jungle::RANKS as u32;

const SAND: Rgb<u8> = Rgb([228, 208, 160]);

/// Draws `view` from its viewer's side (J1) and encodes it as a PNG of
/// [`WIDTH`]×[`HEIGHT`] pixels (RGB, 8 bits per channel).
#[must_use]
pub fn render_png(view: &PlayerView) -> Vec<u8> {
    super::encode(&draw(view))
}

/// The picture of [`render_png`] before encoding.
fn draw(view: &PlayerView) -> RgbImage {
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, FRAME);
    fill(&mut img, MARGIN - 1, MARGIN - 1, FILES * CELL + 2, RANKS * CELL + 2, GRID);
    let last = view.last_move().map(|r| [r.mv.from, r.mv.to]);
    for row in 0..::jungle::RANKS {
        for col in 0..::jungle::FILES {
            let sq = view.screen_square(row, col).expect("row and column are on the board");
            let (x, y) = (MARGIN + u32::from(col) * CELL, MARGIN + u32::from(row) * CELL);
            match view.terrain(sq) {
                Terrain::Water => draw_water(&mut img, x, y),
                Terrain::Land => fill(&mut img, x + 1, y + 1, CELL - 2, CELL - 2, LAND[usize::from((row + col) % 2)]),
                Terrain::Trap(side) => draw_trap(&mut img, x, y, side),
                Terrain::Den(side) => draw_den(&mut img, x, y, side),
            }
            if last.is_some_and(|l| l.contains(&sq)) {
                frame(&mut img, x + 1, y + 1, CELL - 2, 3, LAST_MOVE);
            }
            if let Some(p) = view.piece_at(sq) {
                draw_animal(&mut img, x, y, p.player, p.animal);
            }
        }
    }
    draw_coordinates(&mut img, view);
    img
}

/// A trap of `side` (J9): land hatched diagonally in the side's colour.
fn draw_trap(img: &mut RgbImage, x: u32, y: u32, side: Player) {
    fill(img, x + 1, y + 1, CELL - 2, CELL - 2, LAND[0]);
    let ink = paint(side).border;
    for i in 1..CELL - 1 {
        for j in 1..CELL - 1 {
            if (i + j) % 10 < 2 {
                img.put_pixel(x + i, y + j, ink);
            }
        }
    }
}

/// A den of `side` (J2, J10): sand with a house (roof and walls) in the side's colour.
fn draw_den(img: &mut RgbImage, x: u32, y: u32, side: Player) {
    fill(img, x + 1, y + 1, CELL - 2, CELL - 2, SAND);
    let ink = paint(side).border;
    let cx = x + CELL / 2;
    // The roof: a triangle 12 rows high over the walls.
    for i in 0..12u32 {
        fill(img, cx - i - 2, y + 8 + i, 2 * i + 5, 1, ink);
    }
    // The walls with a door.
    fill(img, cx - 11, y + 20, 23, 20, ink);
    fill(img, cx - 3, y + 28, 7, 12, SAND);
}

/// An animal of `side` on the square at (`x`, `y`): a bordered tile in the
/// side's colour with its letter (small) and rank (large) in white.
fn draw_animal(img: &mut RgbImage, x: u32, y: u32, side: Player, animal: Animal) {
    let paint = paint(side);
    let (px, py, edge) = (x + INSET, y + INSET, CELL - 2 * INSET);
    fill(img, px, py, edge, edge, paint.border);
    fill(img, px + 2, py + 2, edge - 4, edge - 4, paint.face);
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    draw_text(img, cx - 9, cy + 4, &animal.letter().to_string(), 2, WHITE);
    draw_text(img, cx + 6, cy, &animal.rank().to_string(), 3, WHITE);
}

/// File letters below and above the board, rank numbers left and right, in
/// the viewer's order (J1).
fn draw_coordinates(img: &mut RgbImage, view: &PlayerView) {
    for col in 0..::jungle::FILES {
        let sq = view.screen_square(0, col).expect("on the board");
        let file = char::from(b'a' + sq.file()).to_string();
        let cx = MARGIN + u32::from(col) * CELL + CELL / 2;
        draw_text(img, cx, MARGIN / 2, &file, 2, INK);
        draw_text(img, cx, HEIGHT - MARGIN / 2, &file, 2, INK);
    }
    for row in 0..::jungle::RANKS {
        let sq = view.screen_square(row, 0).expect("on the board");
        let rank = (sq.rank() + 1).to_string();
        let cy = MARGIN + u32::from(row) * CELL + CELL / 2;
        draw_text(img, MARGIN / 2, cy, &rank, 2, INK);
        draw_text(img, WIDTH - MARGIN / 2, cy, &rank, 2, INK);
    }
}

#[cfg(test)]
mod tests {
    use ::jungle::{Game, Square};

    use super::*;

    /// A game South starts, after `moves`.
    fn game(moves: &str) -> Game {
        let mut g = Game::new(Player::South);
        for m in moves.split_whitespace() {
            g.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    /// The screen row and column `me` sees `sq` at.
    fn screen(me: Player, sq: Square) -> (u32, u32) {
        let at = (0..::jungle::RANKS).flat_map(|r| (0..::jungle::FILES).map(move |c| (r, c)));
        let (r, c) = at.into_iter().find(|&(r, c)| Square::on_screen(me, r, c) == Some(sq)).unwrap();
        (u32::from(r), u32::from(c))
    }

    /// The colour at the border of the tile shown on `sq` to `me`.
    fn tile_border(img: &RgbImage, me: Player, sq: Square) -> Rgb<u8> {
        let (r, c) = screen(me, sq);
        *img.get_pixel(MARGIN + c * CELL + INSET + 1, MARGIN + r * CELL + INSET + 1)
    }

    #[test]
    fn jungle_picture_is_a_png_of_the_stated_size() {
        let g = game("a3-a4");
        for p in Player::ALL {
            let png = render_png(&g.view(p));
            let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
            assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
            assert_eq!(img.to_rgb8(), draw(&g.view(p)));
        }
    }

    #[test]
    fn rule_j1_each_side_sees_its_own_animals_below() {
        let g = game("");
        for me in Player::ALL {
            let img = draw(&g.view(me));
            for sq in Square::all() {
                let Some(p) = g.piece_at(sq) else { continue };
                assert_eq!(tile_border(&img, me, sq), paint(p.player).border, "{sq}");
                // J1: the viewer's animals fill the bottom rows.
                let (row, _) = screen(me, sq);
                assert_eq!(row >= 6, p.player == me, "{sq} for {me:?}");
            }
        }
    }

    #[test]
    fn rule_j2_water_traps_and_dens_are_drawn_and_the_last_move_framed() {
        let g = game("a3-a4");
        let me = Player::South;
        let img = draw(&g.view(me));
        let pixel = |sq: &str, dx: u32, dy: u32| {
            let (r, c) = screen(me, sq.parse().unwrap());
            *img.get_pixel(MARGIN + c * CELL + dx, MARGIN + r * CELL + dy)
        };
        assert_eq!(pixel("b4", 2, 2), super::super::WATER);
        // A trap hatched in its side's colour; each den's house in its side's colour.
        let hatch = |sq: &str| (1..CELL - 1).filter(|&i| pixel(sq, i, CELL / 2) == paint(Player::South).border).count();
        assert!(hatch("d2") > 4 && hatch("c1") > 4, "{} {}", hatch("d2"), hatch("c1"));
        assert_eq!(pixel("d1", CELL / 2, 22), paint(Player::South).border);
        assert_eq!(pixel("d9", CELL / 2, 22), paint(Player::North).border);
        assert_eq!(pixel("d9", 3, 3), SAND);
        // The last move: both squares framed, a square off it not.
        assert_eq!(pixel("a3", 2, 2), LAST_MOVE);
        assert_eq!(pixel("a4", 2, 2), LAST_MOVE);
        assert_ne!(pixel("b3", 2, 2), LAST_MOVE);
        if let Ok(dir) = std::env::var("PICTURE_DUMP") {
            let end = game("a3-a4 g7-g6 a4-a5 g6-g5 a5-a6 g5-g4 g3-g4");
            std::fs::write(format!("{dir}/jungle-south.png"), render_png(&end.view(Player::South))).unwrap();
            std::fs::write(format!("{dir}/jungle-north.png"), render_png(&end.view(Player::North))).unwrap();
        }
    }

    #[test]
    fn rule_j3_every_animal_looks_different() {
        // Each of South's eight animals at the start: eight different tiles.
        let g = game("");
        let img = draw(&g.view(Player::South));
        let tiles: std::collections::HashSet<Vec<Rgb<u8>>> = Square::all()
            .filter(|&sq| g.piece_at(sq).is_some_and(|p| p.player == Player::South))
            .map(|sq| {
                let (r, c) = screen(Player::South, sq);
                let (x, y) = (MARGIN + c * CELL + INSET, MARGIN + r * CELL + INSET);
                (0..CELL - 2 * INSET)
                    .flat_map(|dy| (0..CELL - 2 * INSET).map(move |dx| (dx, dy)))
                    .map(|(dx, dy)| *img.get_pixel(x + dx, y + dy))
                    .collect()
            })
            .collect();
        assert_eq!(tiles.len(), Animal::ALL.len());
    }
}
