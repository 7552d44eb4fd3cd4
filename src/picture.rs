//! A picture of a position as PNG, drawn from one player's view only (R25).
//!
//! [`render_png`] draws the 10×10 board from the viewer's side (R3): South
//! sees rank 1 at the bottom and file `a` on the left, North rank 10 at the
//! bottom and file `j` on the left. South's pieces are red, North's blue
//! (R3). A piece whose rank the viewer knows carries that rank in the rule
//! set's numbering ([`engine::RuleSet::number`]), or an icon for a Mine (a
//! round mine with a fuse) and the Flag (a flag on its pole) that reads the
//! same in every language; an enemy piece whose rank is hidden is a plain
//! back, with a small dot once it has moved (public, R24). A piece whose
//! rank combat revealed during play (R18) carries a yellow corner, so a
//! final position shows what each side knew. The two squares of the last
//! move are framed in yellow. Digits and letters come from a hand-made 5×7
//! bitmap font, so no font file is needed.
//!
//! The only input is a [`PlayerView`], so the picture cannot show anything
//! the viewer may not know (R24, R25).

#[path = "picture_jungle.rs"]
pub mod jungle;

use engine::{Cell, Player, PlayerView, Rank, Square};
use image::codecs::png::PngEncoder;
use image::{ExtendedColorType, ImageEncoder, Rgb, RgbImage};

/// Side of one square, in pixels.
pub const CELL: u32 = 48;
/// Width of the frame around the board that holds the coordinates, in pixels.
pub const MARGIN: u32 = 28;
/// Width and height of the picture, in pixels (536).
pub const SIZE: u32 = 2 * MARGIN + 10 * CELL;

/// Gap between a piece and the edge of its square, in pixels.
const INSET: u32 = 4;

const FRAME: Rgb<u8> = Rgb([236, 228, 206]);
const GRID: Rgb<u8> = Rgb([120, 128, 96]);
const LAND: [Rgb<u8>; 2] = [Rgb([206, 219, 170]), Rgb([194, 209, 156])];
const WATER: Rgb<u8> = Rgb([126, 190, 226]);
const WAVE: Rgb<u8> = Rgb([176, 218, 240]);
const INK: Rgb<u8> = Rgb([60, 60, 60]);
const WHITE: Rgb<u8> = Rgb([255, 255, 255]);
const LAST_MOVE: Rgb<u8> = Rgb([245, 196, 30]);

/// Colours of one side's pieces: face, border, hidden back (R3: South red, North blue).
struct Paint {
    face: Rgb<u8>,
    border: Rgb<u8>,
    back: Rgb<u8>,
}

const fn paint(player: Player) -> Paint {
    match player {
        Player::South => Paint { face: Rgb([204, 44, 44]), border: Rgb([118, 20, 20]), back: Rgb([150, 32, 32]) },
        Player::North => Paint { face: Rgb([44, 88, 200]), border: Rgb([20, 40, 116]), back: Rgb([32, 64, 150]) },
    }
}

/// Draws `view` from its viewer's side (R3) and encodes it as a PNG of
/// [`SIZE`]×[`SIZE`] pixels (RGB, 8 bits per channel).
#[must_use]
pub fn render_png(view: &PlayerView) -> Vec<u8> {
    encode(&draw(view))
}

/// `img` as a PNG (RGB, 8 bits per channel).
///
/// # Panics
/// Never in practice: encoding into memory does not fail.
fn encode(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new(&mut out)
        .write_image(img.as_raw(), img.width(), img.height(), ExtendedColorType::Rgb8)
        .expect("encoding a PNG into memory does not fail");
    out
}

/// The picture of [`render_png`] before encoding.
fn draw(view: &PlayerView) -> RgbImage {
    let me = view.me();
    let rules = view.rule_set().rules();
    let mut img = RgbImage::from_pixel(SIZE, SIZE, FRAME);
    fill(&mut img, MARGIN - 1, MARGIN - 1, 10 * CELL + 2, 10 * CELL + 2, GRID);
    let last = view.last_move().map(|r| [r.mv.from, r.mv.to]);
    for row in 0..10u8 {
        for col in 0..10u8 {
            let sq = me.screen_square(row, col).expect("row and column are on the board");
            let (x, y) = (MARGIN + u32::from(col) * CELL, MARGIN + u32::from(row) * CELL);
            let cell = view.cell(sq);
            if cell == Cell::Lake {
                draw_water(&mut img, x, y);
                continue;
            }
            fill(&mut img, x + 1, y + 1, CELL - 2, CELL - 2, LAND[usize::from((row + col) % 2)]);
            if last.is_some_and(|l| l.contains(&sq)) {
                frame(&mut img, x + 1, y + 1, CELL - 2, 3, LAST_MOVE);
            }
            match cell {
                Cell::Empty | Cell::Lake => {}
                Cell::Own(p) => {
                    draw_piece(&mut img, x, y, &paint(me), Some(face(rules, p.rank)));
                    if p.revealed {
                        known_corner(&mut img, x, y);
                    }
                }
                Cell::Enemy(e) => {
                    let paint = paint(me.other());
                    match e.revealed {
                        Some(rank) => {
                            draw_piece(&mut img, x, y, &paint, Some(face(rules, rank)));
                            if e.fought {
                                known_corner(&mut img, x, y);
                            }
                        }
                        None => {
                            draw_piece(&mut img, x, y, &paint, None);
                            if e.moved {
                                fill(&mut img, x + CELL - INSET - 10, y + INSET + 5, 5, 5, WHITE);
                            }
                        }
                    }
                }
            }
        }
    }
    draw_coordinates(&mut img, me);
    img
}

/// What a known piece shows: its number in the rule set's numbering, or
/// the Mine's or the Flag's icon.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Face {
    /// A rank's number.
    Number(String),
    /// The Mine (Bomb in classic).
    Mine,
    /// The Flag.
    Flag,
}

fn face(rules: &engine::RuleSet, rank: Rank) -> Face {
    match (rank, rules.number(rank)) {
        (_, Some(n)) => Face::Number(n.to_string()),
        (Rank::Flag, None) => Face::Flag,
        _ => Face::Mine,
    }
}

/// The yellow corner of a piece whose rank combat revealed in play (R18).
fn known_corner(img: &mut RgbImage, x: u32, y: u32) {
    for i in 0..9u32 {
        fill(img, x + INSET + 2, y + INSET + 2 + i, 9 - i, 1, LAST_MOVE);
    }
}

/// The Mine's icon centred on (`cx`, `cy`): a round body, four studs and a
/// short fuse, in white.
fn draw_mine(img: &mut RgbImage, cx: u32, cy: u32) {
    let r = 9i64;
    for dy in -r..=r {
        for dx in -r..=r {
            if dx * dx + dy * dy <= r * r {
                img.put_pixel(cx.saturating_add_signed(dx as i32), cy.saturating_add_signed(dy as i32), WHITE);
            }
        }
    }
    for (dx, dy) in [(-12i32, -1i32), (10, -1), (-1, -12), (-1, 10)] {
        fill(img, cx.saturating_add_signed(dx), cy.saturating_add_signed(dy), 3, 3, WHITE);
    }
    // The fuse, up and to the right.
    for i in 0..5u32 {
        fill(img, cx + 6 + i, cy - 8 - i, 2, 2, WHITE);
    }
}

/// The Flag's icon centred on (`cx`, `cy`): a pole and a triangular cloth, in white.
fn draw_flag(img: &mut RgbImage, cx: u32, cy: u32) {
    let (px, top) = (cx - 9, cy - 13);
    fill(img, px, top, 3, 27, WHITE);
    fill(img, px - 3, top + 25, 9, 2, WHITE);
    for i in 0..8u32 {
        // Each row of the cloth a little shorter towards the tip.
        fill(img, px + 3, top + i, 18 - 2 * i, 1, WHITE);
        fill(img, px + 3, top + 15 - i, 18 - 2 * i, 1, WHITE);
    }
}

/// A lake square: water with two light wave lines.
fn draw_water(img: &mut RgbImage, x: u32, y: u32) {
    fill(img, x, y, CELL, CELL, WATER);
    for (dy, dx) in [(16, 8), (32, 20)] {
        for i in 0..18u32 {
            // A gentle zigzag, two pixels thick.
            let wy = y + dy + [0, 1, 2, 1][(i / 3 % 4) as usize];
            fill(img, x + dx + i, wy, 1, 2, WAVE);
        }
    }
}

/// A piece on the square at (`x`, `y`): a bordered tile with its face in
/// white, or a plain back with an inner frame when `face` is `None`.
fn draw_piece(img: &mut RgbImage, x: u32, y: u32, paint: &Paint, face: Option<Face>) {
    let (px, py, side) = (x + INSET, y + INSET, CELL - 2 * INSET);
    let colour = if face.is_some() { paint.face } else { paint.back };
    fill(img, px, py, side, side, paint.border);
    fill(img, px + 2, py + 2, side - 4, side - 4, colour);
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    match face {
        Some(Face::Number(t)) => draw_text(img, cx, cy, &t, 3, WHITE),
        Some(Face::Mine) => draw_mine(img, cx, cy),
        Some(Face::Flag) => draw_flag(img, cx, cy),
        None => frame(img, px + 7, py + 7, side - 14, 1, paint.face),
    }
    // Round the corners by a pixel.
    let under = *img.get_pixel(x + 1, y + 1);
    for (cx, cy) in [(px, py), (px + side - 1, py), (px, py + side - 1), (px + side - 1, py + side - 1)] {
        img.put_pixel(cx, cy, under);
    }
}

/// File letters below and above the board, rank numbers left and right, in
/// the viewer's order (R3).
fn draw_coordinates(img: &mut RgbImage, me: Player) {
    for i in 0..10u8 {
        let corner = me.screen_square(9, i).expect("on the board");
        let file = char::from(b'a' + corner.file()).to_string();
        let cx = MARGIN + u32::from(i) * CELL + CELL / 2;
        draw_text(img, cx, MARGIN / 2, &file, 2, INK);
        draw_text(img, cx, SIZE - MARGIN / 2, &file, 2, INK);
        let left: Square = me.screen_square(i, 0).expect("on the board");
        let rank = (left.rank() + 1).to_string();
        let cy = MARGIN + u32::from(i) * CELL + CELL / 2;
        draw_text(img, MARGIN / 2, cy, &rank, 2, INK);
        draw_text(img, SIZE - MARGIN / 2, cy, &rank, 2, INK);
    }
}

/// Fills the `w`×`h` rectangle at (`x`, `y`), clipped to the picture.
fn fill(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, c: Rgb<u8>) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, c);
        }
    }
}

/// The border, `t` pixels thick, of the `side`×`side` square at (`x`, `y`).
fn frame(img: &mut RgbImage, x: u32, y: u32, side: u32, t: u32, c: Rgb<u8>) {
    fill(img, x, y, side, t, c);
    fill(img, x, y + side - t, side, t, c);
    fill(img, x, y, t, side, c);
    fill(img, x + side - t, y, t, side, c);
}

/// Writes `text` centred on (`cx`, `cy`) with the 5×7 font, each font
/// pixel `scale`×`scale` pixels, one font pixel between letters.
/// Characters without a glyph are left blank.
fn draw_text(img: &mut RgbImage, cx: u32, cy: u32, text: &str, scale: u32, c: Rgb<u8>) {
    let n = text.chars().count() as u32;
    let width = (6 * n).saturating_sub(1) * scale;
    let (x0, y0) = (cx.saturating_sub(width / 2), cy.saturating_sub(7 * scale / 2));
    for (i, ch) in text.chars().enumerate() {
        let Some(rows) = glyph(ch) else { continue };
        let gx = x0 + i as u32 * 6 * scale;
        for (r, bits) in rows.iter().enumerate() {
            for col in 0..5u32 {
                if bits & (0b10000 >> col) != 0 {
                    fill(img, gx + col * scale, y0 + r as u32 * scale, scale, scale, c);
                }
            }
        }
    }
}

/// The 5×7 bitmap of `ch`: seven rows, top first, the five low bits of each
/// row a pixel each, leftmost the highest. Digits, `a`–`j` and the Jungle
/// animals' letters.
const fn glyph(ch: char) -> Option<[u8; 7]> {
    Some(match ch {
        '0' => [0b01110, 0b10001, 0b10011, 0b10101, 0b11001, 0b10001, 0b01110],
        '1' => [0b00100, 0b01100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        '2' => [0b01110, 0b10001, 0b00001, 0b00010, 0b00100, 0b01000, 0b11111],
        '3' => [0b11111, 0b00010, 0b00100, 0b00010, 0b00001, 0b10001, 0b01110],
        '4' => [0b00010, 0b00110, 0b01010, 0b10010, 0b11111, 0b00010, 0b00010],
        '5' => [0b11111, 0b10000, 0b11110, 0b00001, 0b00001, 0b10001, 0b01110],
        '6' => [0b00110, 0b01000, 0b10000, 0b11110, 0b10001, 0b10001, 0b01110],
        '7' => [0b11111, 0b00001, 0b00010, 0b00100, 0b01000, 0b01000, 0b01000],
        '8' => [0b01110, 0b10001, 0b10001, 0b01110, 0b10001, 0b10001, 0b01110],
        '9' => [0b01110, 0b10001, 0b10001, 0b01111, 0b00001, 0b00010, 0b01100],
        'a' => [0b00000, 0b00000, 0b01110, 0b00001, 0b01111, 0b10001, 0b01111],
        'b' => [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b11110],
        'c' => [0b00000, 0b00000, 0b01110, 0b10000, 0b10000, 0b10001, 0b01110],
        'd' => [0b00001, 0b00001, 0b01101, 0b10011, 0b10001, 0b10001, 0b01111],
        'e' => [0b00000, 0b00000, 0b01110, 0b10001, 0b11111, 0b10000, 0b01110],
        'f' => [0b00110, 0b01001, 0b01000, 0b11100, 0b01000, 0b01000, 0b01000],
        'g' => [0b00000, 0b01111, 0b10001, 0b10001, 0b01111, 0b00001, 0b01110],
        'h' => [0b10000, 0b10000, 0b10110, 0b11001, 0b10001, 0b10001, 0b10001],
        'i' => [0b00100, 0b00000, 0b01100, 0b00100, 0b00100, 0b00100, 0b01110],
        'j' => [0b00010, 0b00000, 0b00110, 0b00010, 0b00010, 0b10010, 0b01100],
        // The Jungle animals' letters (J12): R C D W P T L E.
        'R' => [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001],
        'C' => [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110],
        'D' => [0b11100, 0b10010, 0b10001, 0b10001, 0b10001, 0b10010, 0b11100],
        'W' => [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b10101, 0b01010],
        'P' => [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
        'T' => [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100],
        'L' => [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111],
        'E' => [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{ByPlayer, Game, RuleSetId, ValidSetup};

    const CODE: &str = "BFB8657B869B3745s2485B98B963579919849796";

    /// A battle game from two codes, South first, after `moves`.
    fn game(south: &str, north: &str, moves: &str) -> Game {
        let rules = RuleSetId::Battle.rules();
        let code = |c: &str| ValidSetup::from_code(rules, c).unwrap();
        let mut g =
            Game::new(RuleSetId::Battle, ByPlayer { south: code(south), north: code(north) }, Player::South).unwrap();
        for m in moves.split_whitespace() {
            g.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    /// `code` with slots `a` and `b` exchanged.
    fn swap(code: &str, a: usize, b: usize) -> String {
        let mut c: Vec<char> = code.chars().collect();
        c.swap(a, b);
        c.into_iter().collect()
    }

    /// The colour at the border of the piece shown at screen `row`, `col`.
    fn piece_border(img: &RgbImage, row: u32, col: u32) -> Rgb<u8> {
        *img.get_pixel(MARGIN + col * CELL + INSET + 1, MARGIN + row * CELL + INSET + 1)
    }

    const MOVES: &str = "e4-e5 e7-e6 e5-e6 a7-a6";

    #[test]
    fn picture_is_a_png_of_the_stated_size() {
        let g = game(CODE, CODE, MOVES);
        for p in Player::ALL {
            let png = render_png(&g.view(p));
            let img = image::load_from_memory_with_format(&png, image::ImageFormat::Png).unwrap();
            assert_eq!((img.width(), img.height()), (SIZE, SIZE));
            const { assert!(SIZE <= 600) };
            assert_eq!(img.to_rgb8(), draw(&g.view(p)));
        }
    }

    #[test]
    fn picture_rule_r3_each_side_sees_its_own_side_below() {
        // R3: the viewer's pieces on the bottom rows, the enemy on top; South
        // has `a` on the left, North `j`.
        let g = game(CODE, CODE, "e4-e5");
        let (south, north) = (draw(&g.view(Player::South)), draw(&g.view(Player::North)));
        for img in [&south, &north] {
            assert_eq!(piece_border(img, 9, 0), piece_border(img, 6, 9));
        }
        assert_eq!(piece_border(&south, 9, 0), paint(Player::South).border);
        assert_eq!(piece_border(&south, 0, 0), paint(Player::North).border);
        assert_eq!(piece_border(&north, 9, 0), paint(Player::North).border);
        assert_eq!(piece_border(&north, 0, 0), paint(Player::South).border);
        // e5 is row 5, column 4 for South; row 4, column 5 for North.
        assert_eq!(piece_border(&south, 5, 4), paint(Player::South).border);
        assert_eq!(piece_border(&north, 4, 5), paint(Player::South).border);
        assert_ne!(piece_border(&north, 5, 4), paint(Player::South).border);
    }

    #[test]
    fn picture_rule_r25_hidden_ranks_do_not_change_the_bytes() {
        // R25: North's j10 Mine and i10 Flag swapped never move nor fight;
        // South's picture is the same byte for byte.
        let a = game(CODE, CODE, MOVES);
        let b = game(CODE, &swap(CODE, 0, 1), MOVES);
        assert_ne!(a, b);
        assert_eq!(render_png(&a.view(Player::South)), render_png(&b.view(Player::South)));
        // North sees its own swapped pieces.
        assert_ne!(render_png(&a.view(Player::North)), render_png(&b.view(Player::North)));
    }

    #[test]
    fn picture_rule_r18_a_revealed_rank_changes_the_picture() {
        // R18: North's e7 (a Major, or a Lieutenant when swapped with a7)
        // defends e6 against South's Sapper and stays revealed.
        let a = game(CODE, CODE, MOVES);
        let b = game(CODE, &swap(CODE, 35, 39), MOVES);
        let e6 = "e6".parse().unwrap();
        assert_ne!(a.view(Player::South).cell(e6), b.view(Player::South).cell(e6));
        assert_ne!(render_png(&a.view(Player::South)), render_png(&b.view(Player::South)));
    }

    #[test]
    fn picture_rule_r18_pieces_revealed_in_play_carry_a_corner() {
        // North's Major on e6 won a combat: South's picture marks it; the
        // never-fought North piece on a6 carries no corner.
        let g = game(CODE, CODE, MOVES);
        let img = draw(&g.view(Player::South));
        let corner =
            |row: u32, col: u32| *img.get_pixel(MARGIN + col * CELL + INSET + 3, MARGIN + row * CELL + INSET + 3);
        assert_eq!(corner(4, 4), LAST_MOVE);
        assert_ne!(corner(3, 0), LAST_MOVE);
        // North's picture marks its own Major, which South knows, and nothing else.
        let north = draw(&g.view(Player::North));
        let corners = (0..10)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|(r, c)| {
                *north.get_pixel(MARGIN + c * CELL + INSET + 3, MARGIN + r * CELL + INSET + 3) == LAST_MOVE
            })
            .collect::<Vec<_>>();
        assert_eq!(corners, vec![(5, 5)]);
    }

    #[test]
    fn picture_draws_mines_and_the_flag_as_icons() {
        // South's own a1 Mine (the code's first slot is a Mine) and b1 Flag:
        // icons differ from each other and from any number.
        let g = game(CODE, CODE, "");
        let img = draw(&g.view(Player::South));
        let tile = |col: u32| -> Vec<Rgb<u8>> {
            let (x, y) = (MARGIN + col * CELL, MARGIN + 9 * CELL);
            (0..CELL)
                .flat_map(|dy| (0..CELL).map(move |dx| (dx, dy)))
                .map(|(dx, dy)| *img.get_pixel(x + dx, y + dy))
                .collect()
        };
        let (mine, flag) = (tile(0), tile(1));
        assert_ne!(mine, flag);
        let white = |t: &[Rgb<u8>]| t.iter().filter(|p| **p == WHITE).count();
        assert!(white(&mine) > 150 && white(&flag) > 100, "{} {}", white(&mine), white(&flag));
        if let Ok(dir) = std::env::var("PICTURE_DUMP") {
            let end = game(CODE, CODE, MOVES);
            std::fs::write(format!("{dir}/south.png"), render_png(&end.view(Player::South))).unwrap();
        }
    }
}
