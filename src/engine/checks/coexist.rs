//! Uniqueness: may these cards be in play together ("unique and universal",
//! "persona", "not duplicatable").

use super::{because, fact, ruling, undecided};
use crate::cards::model::{Card, CardType};
use crate::engine::question::{indices, CardsQuestion as Question};
use crate::engine::state::GameState;
use crate::engine::verdict::Verdict;

/// Every persona a card represents (a dual card such as Sons of Mogh has two);
/// a card with no persona line is its own persona.
fn persona_names(c: &Card) -> Vec<String> {
    let named: Vec<String> = c
        .all_personas()
        .iter()
        .map(|p| crate::repair::fold_for_match(&p.name))
        .collect();
    if named.is_empty() {
        vec![crate::repair::fold_for_match(&c.title)]
    } else {
        named
    }
}

fn same_persona(a: &Card, b: &Card) -> bool {
    let theirs = persona_names(b);
    crate::repair::fold_for_match(&a.title) == crate::repair::fold_for_match(&b.title)
        || persona_names(a).iter().any(|p| theirs.contains(p))
}

fn not_duplicatable(c: &Card) -> bool {
    c.text.to_lowercase().contains("not duplicatable")
}

/// A Borg assimilated counterpart: "Counterpart" among its characteristics or
/// "assimilated counterpart" in its lore (Current Rulings "counterpart").
fn is_counterpart(c: &Card) -> bool {
    c.characteristics
        .iter()
        .any(|k| k.eq_ignore_ascii_case("counterpart"))
        || c.lore.to_lowercase().contains("assimilated counterpart")
}

/// Unique per player: unique/Enigma personnel and ships, "Unique" cards.
fn unique_per_player(c: &Card) -> bool {
    match c.card_type {
        CardType::Personnel | CardType::Ship => !c.universal,
        _ => c.text.contains("Unique"),
    }
}

/// `ask = "can coexist"`: may `cards` (or `card` and `cards`) be in play at the same time?
pub fn can_coexist(q: &Question, state: &GameState) -> Verdict {
    let all: Vec<usize> = q.who.card().into_iter().chain(indices(&q.cards)).collect();
    if all.len() < 2 {
        return undecided(
            "`can coexist` needs two cards",
            vec![],
            "unique and universal",
        );
    }
    let mut reasons = Vec::new();
    for (n, &i) in all.iter().enumerate() {
        for &j in &all[n + 1..] {
            let (a, b) = (&state.pieces[i], &state.pieces[j]);
            let same_player = a.controller.eq_ignore_ascii_case(&b.controller)
                || a.owner.eq_ignore_ascii_case(&b.owner);
            if same_player && is_counterpart(&a.card) && is_counterpart(&b.card) {
                reasons.push(ruling(
                    format!(
                        "{} and {} are both assimilated counterparts: a collective is limited to one counterpart in play at a time",
                        a.handle, b.handle
                    ),
                    "counterpart",
                ));
                return Verdict::yes_no(false, reasons, vec![]);
            }
            if !same_persona(&a.card, &b.card) {
                reasons.push(because(
                    format!(
                        "{} and {} are not the same card or persona",
                        a.handle, b.handle
                    ),
                    "persona",
                ));
                continue;
            }
            if not_duplicatable(&a.card) {
                reasons.push(because(
                    format!(
                        "{} is \"Not duplicatable\": no player may have another copy in play",
                        a.card.title
                    ),
                    "unique and universal",
                ));
                return Verdict::yes_no(false, reasons, vec![]);
            }
            if unique_per_player(&a.card) || unique_per_player(&b.card) {
                if same_player {
                    let title = if a.card.card_type == CardType::Personnel
                        || a.card.card_type == CardType::Ship
                    {
                        "persona"
                    } else {
                        "unique and universal"
                    };
                    reasons.push(because(
                        format!(
                            "{} is unique: one player may have only one instance of the same persona in play",
                            a.card.title
                        ),
                        title,
                    ));
                    return Verdict::yes_no(false, reasons, vec![]);
                }
                reasons.push(fact(format!(
                    "{} and {} belong to different players",
                    a.handle, b.handle
                )));
                reasons.push(because(
                    "uniqueness limits each player, not both players together",
                    "unique and universal",
                ));
                continue;
            }
            reasons.push(because(
                format!(
                    "{} is universal or not marked \"Unique\" or \"Not duplicatable\": any number of copies may be in play",
                    a.card.title
                ),
                "unique and universal",
            ));
        }
    }
    Verdict::yes_no(true, reasons, vec![])
}
