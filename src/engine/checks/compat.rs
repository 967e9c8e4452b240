//! Compatibility: may these cards mix and work together ("compatible",
//! "Non-Aligned", "Borg", "treaties", "Warp Speed").

use super::{because, fact, per_table, undecided};
use crate::engine::question::{indices, CardsQuestion as Question};
use crate::engine::state::{Format, GameState};
use crate::engine::verdict::{Reason, Verdict};
use crate::vocab::vocabulary;

/// The affiliation pairs a player's treaties in play make compatible.
pub fn treaties(state: &GameState, player: &str) -> Vec<(String, String)> {
    let prefix = &vocabulary().affiliations.compatibility.treaty_title_prefix;
    let mut out = Vec::new();
    for (i, p) in state.pieces.iter().enumerate() {
        if !p.controller.eq_ignore_ascii_case(player) || !state.in_play(i) {
            continue;
        }
        if let Some(rest) = p.card.title.strip_prefix(prefix.as_str()) {
            let parties: Vec<&str> = rest.split('/').map(str::trim).collect();
            for a in &parties {
                for b in &parties {
                    if a != b {
                        out.push((a.to_string(), b.to_string()));
                    }
                }
            }
        }
    }
    out
}

/// An opponent's card in play (seeded on the table) whose text lets `player`'s
/// cards mix regardless of affiliation (Memory Wipe).
fn opponent_mix_card(state: &GameState, player: &str) -> Option<String> {
    let text = vocabulary()
        .affiliations
        .compatibility
        .opponent_mix_text
        .as_deref()?;
    let text = text.to_lowercase();
    state.pieces.iter().enumerate().find_map(|(i, p)| {
        let mine = p.controller.eq_ignore_ascii_case(player);
        let on_table = matches!(p.at, crate::engine::state::Place::Table);
        (!mine && on_table && state.in_play(i) && p.card.text.to_lowercase().contains(&text))
            .then(|| p.card.title.clone())
    })
}

/// Are two affiliations compatible for `player`? With the reason.
pub fn affiliations_compatible(
    state: &GameState,
    player: &str,
    a: &str,
    b: &str,
) -> (bool, Reason) {
    let v = &vocabulary().affiliations;
    let table = &v.compatibility;
    if a.eq_ignore_ascii_case(b) {
        return (
            true,
            per_table(
                format!("{a} and {b} share an affiliation icon"),
                &table.source,
            ),
        );
    }
    if v.is_isolated(a) || v.is_isolated(b) {
        let borg = if v.is_isolated(a) { a } else { b };
        return (
            false,
            per_table(
                format!("{borg} cards are not compatible with any other affiliation"),
                &table.source,
            ),
        );
    }
    if v.is_universal_mixer(a) || v.is_universal_mixer(b) {
        let na = if v.is_universal_mixer(a) { a } else { b };
        return (
            true,
            because(
                format!("{na} cards are compatible with all affiliations except Borg"),
                "Non-Aligned",
            ),
        );
    }
    if state.format == Format::WarpSpeed {
        return (
            true,
            because(
                "in Warp Speed all non-Borg affiliations mix and cooperate",
                "Warp Speed",
            ),
        );
    }
    if let Some(card) = opponent_mix_card(state, player) {
        if let Some(source) = &table.opponent_mix_source {
            return (
                true,
                per_table(
                    format!("{card} in play lets {player}'s cards mix regardless of affiliation"),
                    source,
                ),
            );
        }
    }
    let covers = |(x, y): &(String, String)| x.eq_ignore_ascii_case(a) && y.eq_ignore_ascii_case(b);
    let own = treaties(state, player);
    if own.iter().any(covers) {
        return (
            true,
            per_table(
                format!("{player}'s treaty in play lets {a} and {b} mix"),
                &table.treaty_source,
            ),
        );
    }
    // With treaties in play the treaty rules decide: a treaty joins only the
    // two affiliations it names (they do not chain) and only for its owner.
    if !own.is_empty() || any_treaty_in_play(state) {
        return (
            false,
            per_table(
                format!("no treaty of {player}'s names both {a} and {b}: treaties do not chain, and an opponent's treaty does not count"),
                &table.treaty_source,
            ),
        );
    }
    (
        false,
        per_table(
            format!("{a} and {b} are different affiliations with no treaty in play"),
            &table.source,
        ),
    )
}

/// Whether any player has a treaty in play.
fn any_treaty_in_play(state: &GameState) -> bool {
    let prefix = &vocabulary().affiliations.compatibility.treaty_title_prefix;
    (0..state.pieces.len())
        .any(|i| state.in_play(i) && state.pieces[i].card.title.starts_with(prefix.as_str()))
}

/// Are two sets of affiliations compatible (some pair of them is)? Cards
/// without an affiliation (equipment, events) are compatible with anything.
pub fn sets_compatible(
    state: &GameState,
    player: &str,
    a: &[String],
    b: &[String],
) -> (bool, Reason) {
    if a.is_empty() || b.is_empty() {
        return (
            true,
            because(
                "a card without an affiliation icon has no affiliation to clash",
                "beaming",
            ),
        );
    }
    let mut last = None;
    for x in a {
        for y in b {
            let (ok, why) = affiliations_compatible(state, player, x, y);
            if ok {
                return (true, why);
            }
            last = Some(why);
        }
    }
    (false, last.expect("non-empty sets"))
}

/// Pieces pairwise compatible for `player`.
pub fn pieces_compatible(state: &GameState, player: &str, pieces: &[usize]) -> (bool, Vec<Reason>) {
    let mut reasons = Vec::new();
    for (n, &i) in pieces.iter().enumerate() {
        for &j in &pieces[n + 1..] {
            let (ok, why) = sets_compatible(
                state,
                player,
                &state.affiliations(i),
                &state.affiliations(j),
            );
            reasons.push(fact(format!(
                "{} and {}: {}",
                state.pieces[i].handle,
                state.pieces[j].handle,
                if ok { "compatible" } else { "not compatible" }
            )));
            reasons.push(why);
            if !ok {
                return (false, reasons);
            }
        }
    }
    (true, reasons)
}

/// `ask = "compatible"`: may these cards (`cards`, or `card` with `by`) mix?
pub fn compatible_question(q: &Question, state: &GameState) -> Verdict {
    let mut all: Vec<usize> = q.who.card().into_iter().chain(q.who.by()).collect();
    all.extend(indices(&q.cards));
    super::once_each(&mut all);
    if all.len() < 2 {
        return undecided(
            "`compatible` needs two or more cards (`cards = [...]`)",
            vec![],
            "compatible",
        );
    }
    let player = super::asker(&q.who, state);
    let (ok, reasons) = pieces_compatible(state, &player, &all);
    Verdict::yes_no(ok, reasons, vec![])
}
