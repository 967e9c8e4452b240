//! The board as an SVG picture: a banner with the action under way, the
//! spaceline as one column per location (grouped under their quadrant), then
//! one column per zone off the spaceline. Every card is a box; what is aboard
//! or played on it is drawn inside it. Cards the action names are outlined in
//! the highlight colour; a title the file wrote differently is shown under the
//! card's title with a warning mark. Colours come from CSS custom properties
//! with printable defaults, so the page can restyle (dark mode) the same SVG.

use super::{Board, CardView, LocationView};
use std::fmt::Write;

const COL_W: f32 = 250.0;
const GAP: f32 = 14.0;
const ROW: f32 = 22.0;
const SUB: f32 = 15.0;
const PAD: f32 = 6.0;
const INDENT: f32 = 10.0;
/// Average glyph width of the 12 px sans-serif font, for cutting long titles.
const GLYPH: f32 = 6.6;

const STYLE: &str = "
.bd{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:12px}
.bd text{fill:var(--bd-ink,#111)}
.bd .bg{fill:var(--bd-bg,#fff)}
.bd .quad{fill:var(--bd-quad,#dbe7f3)}
.bd .loc{fill:var(--bd-loc,#eef3f8);stroke:var(--bd-line,#567);stroke-width:1}
.bd .zone{fill:var(--bd-zone,#f4f1ea);stroke:var(--bd-line,#567);stroke-width:1;stroke-dasharray:4 3}
.bd .card{fill:var(--bd-card,#fff);stroke:var(--bd-line,#567);stroke-width:1}
.bd .ship,.bd .facility{fill:var(--bd-ship,#e3eefc)}
.bd .personnel{fill:var(--bd-pers,#fff8e6)}
.bd .act{stroke:var(--bd-act,#c2410c);stroke-width:3}
.bd .banner{fill:var(--bd-act-bg,#fde7d9);stroke:var(--bd-act,#c2410c)}
.bd .sec{font-size:11px;font-weight:600;fill:var(--bd-dim,#445)}
.bd .sub{font-size:11px;fill:var(--bd-dim,#445)}
.bd .warn{font-size:11px;font-weight:600;fill:var(--bd-warn,#a00)}
.bd .t{font-weight:600}
";

/// The board as a standalone SVG document.
pub fn render(board: &Board) -> String {
    let banner_h = ROW + PAD * 2.0;
    let quad_h = ROW;
    let top = banner_h + quad_h + GAP;
    let mut body = String::new();
    let mut x = GAP;
    let mut bottom = top;
    for (i, loc) in board.locations.iter().enumerate() {
        bottom = bottom.max(top + location_column(&mut body, i + 1, loc, x, top));
        x += COL_W + GAP;
    }
    let zones_x = x;
    for z in &board.zones {
        let label = format!("{} · {}", z.zone, z.owner);
        bottom = bottom.max(top + zone_column(&mut body, &label, &z.cards, x, top));
        x += COL_W + GAP;
    }
    if board.locations.is_empty() && board.zones.is_empty() {
        text(&mut body, GAP, top + ROW, "sub", "no cards on the board");
        x += COL_W + GAP;
    }
    let width = x.max(COL_W + 2.0 * GAP);
    let height = bottom + GAP;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="bd" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" aria-label="{}"><style>{STYLE}</style><rect class="bg" width="{width}" height="{height}"/>"#,
        esc(&aria_label(board))
    );
    banner(&mut out, board, width);
    quadrant_bands(&mut out, &board.locations, banner_h);
    if !board.zones.is_empty() {
        text(
            &mut out,
            zones_x,
            banner_h + 16.0,
            "sec",
            "off the spaceline",
        );
    }
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

fn aria_label(board: &Board) -> String {
    let names: Vec<&str> = board.cards().iter().map(|c| c.title.as_str()).collect();
    format!("Board: {}", names.join(", "))
}

fn banner(out: &mut String, board: &Board, width: f32) {
    let line = match &board.action {
        Some(a) => format!("Action under way: {}", a.summary()),
        None => "No action under way".to_string(),
    };
    let class = if board.action.is_some() {
        "banner"
    } else {
        "loc"
    };
    let _ = write!(
        out,
        r#"<rect class="{class}" x="{GAP}" y="{PAD}" width="{}" height="{ROW}" rx="4"/>"#,
        width - 2.0 * GAP
    );
    let turn = format!(
        "   ·   turn: {}   phase: {}",
        board.turn_player, board.phase
    );
    let max = ((width - 2.0 * GAP - 12.0) / GLYPH) as usize;
    text(out, GAP + 6.0, PAD + 15.0, "t", &cut(&(line + &turn), max));
}

/// One band per run of adjacent locations in the same quadrant.
fn quadrant_bands(out: &mut String, locations: &[LocationView], y: f32) {
    let mut i = 0;
    while i < locations.len() {
        let q = &locations[i].quadrant;
        let run = locations[i..]
            .iter()
            .take_while(|l| &l.quadrant == q)
            .count();
        let x = GAP + i as f32 * (COL_W + GAP);
        let w = run as f32 * (COL_W + GAP) - GAP;
        let _ = write!(
            out,
            r#"<rect class="quad" x="{x}" y="{y}" width="{w}" height="{ROW}" rx="4"/>"#
        );
        text(out, x + 6.0, y + 15.0, "sec", &format!("{q} Quadrant"));
        i += run;
    }
}

fn location_column(out: &mut String, n: usize, loc: &LocationView, x: f32, y: f32) -> f32 {
    let mut body = String::new();
    let mut h = ROW * 2.0 + loc.written.as_ref().map_or(0.0, |_| SUB);
    let inner = x + PAD;
    let w = COL_W - 2.0 * PAD;
    h += section(&mut body, "in space", &loc.in_space, inner, y + h, w);
    let planet: Vec<(String, &[CardView])> =
        std::iter::once(("on the planet".to_string(), &loc.on_planet[..]))
            .chain(
                loc.away_teams
                    .iter()
                    .map(|t| (format!("Away Team · {}", t.owner), &t.members[..])),
            )
            .collect();
    for (label, cards) in &planet {
        h += section(&mut body, label, cards, inner, y + h, w);
    }
    h += section(
        &mut body,
        "seeded under the mission",
        &loc.seeded,
        inner,
        y + h,
        w,
    );
    h += PAD;
    let class = if loc.involved { "loc act" } else { "loc" };
    let _ = write!(
        out,
        r#"<g class="location" data-name="{}"><rect class="{class}" x="{x}" y="{y}" width="{COL_W}" height="{h}" rx="6"/>"#,
        esc(&loc.name)
    );
    let kind = match (loc.planet, loc.space) {
        (true, true) => "planet / space",
        (true, false) => "planet",
        (false, true) => "space",
        _ => "location",
    };
    text(
        out,
        x + PAD,
        y + 16.0,
        "t",
        &cut(&format!("{n}. {}", loc.name), fit(COL_W)),
    );
    text(
        out,
        x + PAD,
        y + 16.0 + ROW - 4.0,
        "sub",
        &format!("{} · {kind}", loc.quadrant),
    );
    if let Some(wr) = &loc.written {
        text(
            out,
            x + PAD,
            y + ROW * 2.0 + 8.0,
            "warn",
            &cut(&format!("⚠ written \"{wr}\""), fit(COL_W)),
        );
    }
    out.push_str(&body);
    out.push_str("</g>");
    h
}

fn zone_column(out: &mut String, label: &str, cards: &[CardView], x: f32, y: f32) -> f32 {
    let mut body = String::new();
    let h = ROW + section(&mut body, "", cards, x + PAD, y + ROW, COL_W - 2.0 * PAD) + PAD;
    let _ = write!(
        out,
        r#"<g class="zone-col"><rect class="zone" x="{x}" y="{y}" width="{COL_W}" height="{h}" rx="6"/>"#
    );
    text(out, x + PAD, y + 16.0, "t", &cut(label, fit(COL_W)));
    out.push_str(&body);
    out.push_str("</g>");
    h
}

/// A labelled list of card boxes; nothing (height 0) when there are no cards.
fn section(out: &mut String, label: &str, cards: &[CardView], x: f32, y: f32, w: f32) -> f32 {
    if cards.is_empty() {
        return 0.0;
    }
    let mut h = 0.0;
    if !label.is_empty() {
        text(out, x, y + 14.0, "sec", label);
        h += ROW - 2.0;
    }
    for c in cards {
        h += card_box(out, c, x, y + h, w) + 4.0;
    }
    h
}

fn head_height(c: &CardView) -> f32 {
    ROW + if c.states.is_empty() { 0.0 } else { SUB } + c.written.as_ref().map_or(0.0, |_| SUB)
}

fn box_height(c: &CardView) -> f32 {
    let inner: f32 = c.aboard.iter().map(|a| box_height(a) + 4.0).sum();
    head_height(c) + inner
}

/// One card and, inside it, what is aboard or played on it.
fn card_box(out: &mut String, c: &CardView, x: f32, y: f32, w: f32) -> f32 {
    let h = box_height(c);
    let ty = c.card_type.to_lowercase().replace([' ', '/'], "-");
    let act = if c.involved { " act" } else { "" };
    let _ = write!(
        out,
        r#"<g class="piece" data-title="{}" data-type="{ty}"><title>{}</title><rect class="card {ty}{act}" x="{x}" y="{y}" width="{w}" height="{h}" rx="4"/>"#,
        esc(&c.title),
        esc(&tooltip(c))
    );
    let max = fit(w);
    let mark = if c.involved { "◆ " } else { "" };
    text(
        out,
        x + 6.0,
        y + 15.0,
        "t",
        &cut(&format!("{mark}{}", c.title), max),
    );
    let mut line_y = y + ROW;
    if !c.states.is_empty() {
        text(
            out,
            x + 6.0,
            line_y + 10.0,
            "sub",
            &cut(&c.states.join(" · "), max),
        );
        line_y += SUB;
    }
    if let Some(wr) = &c.written {
        text(
            out,
            x + 6.0,
            line_y + 10.0,
            "warn",
            &cut(&format!("⚠ written \"{wr}\""), max),
        );
        line_y += SUB;
    }
    let mut cy = line_y;
    for a in &c.aboard {
        cy += card_box(out, a, x + INDENT, cy, w - INDENT - 4.0) + 4.0;
    }
    out.push_str("</g>");
    h
}

fn tooltip(c: &CardView) -> String {
    let mut t = format!("{} — {}, {}", c.title, c.card_type, c.owner);
    if !c.states.is_empty() {
        t.push_str(&format!(" ({})", c.states.join(", ")));
    }
    t
}

fn fit(w: f32) -> usize {
    ((w - 12.0) / GLYPH).max(4.0) as usize
}

fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut t: String = s.chars().take(max.saturating_sub(1)).collect();
    t.push('…');
    t
}

fn text(out: &mut String, x: f32, y: f32, class: &str, s: &str) {
    let _ = write!(
        out,
        r#"<text class="{class}" x="{x}" y="{y}">{}</text>"#,
        esc(s)
    );
}

/// Escape text for XML content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
