//! The board as text: the action under way, then one tree per location in
//! spaceline order, then the zones off the spaceline. Cards the action names
//! carry `◆`; a title the file wrote differently is shown as `(written "…")`.

use super::{Board, CardView, LocationView};

/// The whole board as a text diagram.
pub fn render(board: &Board) -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "turn: {} · phase: {}\n",
        or_dash(&board.turn_player),
        or_dash(&board.phase)
    ));
    if let Some(a) = &board.action {
        out.push_str(&format!("action under way: {}\n", a.summary()));
    }
    for (i, loc) in board.locations.iter().enumerate() {
        out.push_str(&location_heading(i + 1, loc));
        let sections = location_sections(loc);
        tree(&mut out, "", &sections);
    }
    for z in &board.zones {
        out.push_str(&format!("{} ({})\n", z.zone, or_dash(&z.owner)));
        let nodes: Vec<Node> = z.cards.iter().map(Node::card).collect();
        tree(&mut out, "", &nodes);
    }
    out
}

fn or_dash(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

fn location_heading(n: usize, loc: &LocationView) -> String {
    let kind = match (loc.planet, loc.space) {
        (true, true) => "planet/space",
        (true, false) => "planet",
        (false, true) => "space",
        _ => "location",
    };
    format!(
        "{n}. {}{}  [{} Quadrant · {kind}]{}\n",
        loc.name,
        written_note(&loc.written),
        loc.quadrant,
        if loc.involved { " ◆" } else { "" }
    )
}

fn written_note(w: &Option<String>) -> String {
    w.as_ref()
        .map(|w| format!(" (written \"{w}\")"))
        .unwrap_or_default()
}

/// A line of the tree with its children.
struct Node {
    label: String,
    children: Vec<Node>,
}

impl Node {
    fn card(c: &CardView) -> Node {
        let mut label = format!("{}{} ({}", c.title, written_note(&c.written), c.card_type);
        if !c.owner.is_empty() {
            label.push_str(&format!(", {}", c.owner));
        }
        label.push(')');
        if !c.states.is_empty() {
            label.push_str(&format!(" [{}]", c.states.join(", ")));
        }
        if c.involved {
            label.push_str(" ◆");
        }
        Node {
            label,
            children: c.aboard.iter().map(Node::card).collect(),
        }
    }

    fn section(label: &str, cards: &[CardView]) -> Option<Node> {
        (!cards.is_empty()).then(|| Node {
            label: label.to_string(),
            children: cards.iter().map(Node::card).collect(),
        })
    }
}

fn location_sections(loc: &LocationView) -> Vec<Node> {
    let teams = loc
        .away_teams
        .iter()
        .filter_map(|t| Node::section(&format!("Away Team ({})", or_dash(&t.owner)), &t.members));
    let mut out: Vec<Node> = Node::section("space", &loc.in_space).into_iter().collect();
    let planet: Vec<Node> = loc.on_planet.iter().map(Node::card).chain(teams).collect();
    if !planet.is_empty() {
        out.push(Node {
            label: "planet".into(),
            children: planet,
        });
    }
    out.extend(Node::section("seeded under the mission", &loc.seeded));
    out
}

fn tree(out: &mut String, prefix: &str, nodes: &[Node]) {
    for (i, n) in nodes.iter().enumerate() {
        let last = i + 1 == nodes.len();
        out.push_str(&format!(
            "{prefix}{}{}\n",
            if last { "└─ " } else { "├─ " },
            n.label
        ));
        let deeper = format!("{prefix}{}", if last { "   " } else { "│  " });
        tree(out, &deeper, &n.children);
    }
}
