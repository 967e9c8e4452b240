//! Deck legality: the 30/30 rule (10/20 in Warp Speed), banned cards, side
//! decks and the Borg stocking restriction ("30/30 rule", "banned cards",
//! "side deck", "playing Borg").

use super::{because, fact, per_table, undecided};
use crate::cards::model::{Card, CardType};
use crate::engine::state::{Format, GameState};
use crate::engine::verdict::Verdict;
use crate::vocab::vocabulary;

fn is_borg_affiliation(c: &Card) -> bool {
    matches!(
        c.card_type,
        CardType::Personnel | CardType::Ship | CardType::Facility
    ) && c.affiliations.iter().any(|a| a == "Borg")
}

fn is_borg_use_only(c: &Card) -> bool {
    c.has_icon("BO") || c.has_icon("Borg Use Only")
}

/// The seed deck's missions: exactly six, all different but for universal
/// ones ("seed deck"). A deck that lists no mission describes only its other
/// seed cards, so the count is not checked then (and the reasons say so).
fn mission_count(
    seed: &[Card],
    missions: usize,
    rules: &crate::vocab::affiliations::DeckRules,
    reasons: &mut Vec<crate::engine::verdict::Reason>,
) -> bool {
    let source = &rules.seed_deck_source;
    if missions == 0 {
        reasons.push(fact(
            "the [deck] lists no missions, so the six-mission rule is not checked",
        ));
        return true;
    }
    let exactly = rules.missions_exactly;
    if missions != exactly {
        reasons.push(per_table(
            format!("{missions} missions: a seed deck must include exactly {exactly}"),
            source,
        ));
        return false;
    }
    let mut seen = std::collections::HashSet::new();
    let repeated: Vec<&str> = seed
        .iter()
        .filter(|c| c.card_type == CardType::Mission && !c.universal)
        .filter(|c| !seen.insert(c.title.as_str()))
        .map(|c| c.title.as_str())
        .collect();
    if repeated.is_empty() {
        reasons.push(per_table(
            format!("exactly {exactly} missions, all different (or universal)"),
            source,
        ));
        true
    } else {
        reasons.push(per_table(
            format!(
                "missions must be different unless universal: {} repeated",
                repeated.join(", ")
            ),
            source,
        ));
        false
    }
}

/// `ask = "deck legal"`.
pub fn deck_legal(state: &GameState) -> Verdict {
    let Some(deck) = &state.deck else {
        return undecided("a [deck] table", vec![], "30/30 rule");
    };
    let rules = &vocabulary().affiliations.deck;
    let mut reasons = Vec::new();
    let mut legal = true;
    let free = |c: &Card| {
        rules
            .free_seed_types
            .iter()
            .any(|t| c.card_type.name().eq_ignore_ascii_case(t))
    };
    let sites = deck
        .seed
        .iter()
        .filter(|c| c.card_type == CardType::Site)
        .count();
    // Sites past the free allowance are "counted" seed cards.
    let seeds =
        deck.seed.iter().filter(|c| !free(c)).count() + sites.saturating_sub(rules.free_sites_max);
    let missions = deck
        .seed
        .iter()
        .filter(|c| c.card_type == CardType::Mission)
        .count();
    let draws = deck.draw.len();
    let (max_seed, min_draw, rule) = if state.format == Format::WarpSpeed {
        (
            rules.warp_speed.max_seed,
            rules.warp_speed.min_draw,
            rules.warp_speed_source.entry.as_str(),
        )
    } else {
        (rules.max_seed, rules.min_draw, rules.source.entry.as_str())
    };
    reasons.push(fact(format!(
        "{seeds} seed cards (not counting {} missions and sites, which seed for free); {draws} draw deck cards; {} side deck cards",
        deck.seed.len() - seeds,
        deck.side.len()
    )));
    if !deck.side.is_empty() {
        reasons.push(because(
            "the face-down cards of a side deck are not seed cards and do not count toward the 30/30 rule (its Doorway does)",
            "side deck",
        ));
    }
    if seeds > max_seed {
        legal = false;
        reasons.push(because(format!("more than {max_seed} seed cards"), rule));
    } else {
        reasons.push(because(format!("no more than {max_seed} seed cards"), rule));
    }
    if draws < min_draw {
        legal = false;
        reasons.push(because(
            format!("fewer than {min_draw} draw deck cards"),
            rule,
        ));
    } else {
        reasons.push(because(
            format!("at least {min_draw} draw deck cards"),
            rule,
        ));
    }
    if state.format != Format::WarpSpeed {
        legal &= mission_count(&deck.seed, missions, rules, &mut reasons);
    }
    if state.format == Format::WarpSpeed && missions > rules.warp_speed.max_missions {
        legal = false;
        reasons.push(because(
            format!("more than {} missions", rules.warp_speed.max_missions),
            rule,
        ));
    }
    let all: Vec<&Card> = deck
        .seed
        .iter()
        .chain(&deck.draw)
        .chain(&deck.side)
        .collect();
    if deck.tournament {
        for c in &all {
            if rules
                .banned
                .iter()
                .any(|b| b.eq_ignore_ascii_case(&c.title))
            {
                legal = false;
                reasons.push(because(
                    format!("{} is banned from tournament play", c.title),
                    &rules.banned_source.entry,
                ));
            }
        }
    }
    let borg = all
        .iter()
        .any(|c| is_borg_affiliation(c) || is_borg_use_only(c));
    if borg {
        let stray: Vec<&str> = all
            .iter()
            .filter(|c| {
                matches!(
                    c.card_type,
                    CardType::Personnel | CardType::Ship | CardType::Facility
                ) && !c.affiliations.is_empty()
                    && !c.affiliations.iter().any(|a| a == "Borg")
            })
            .map(|c| c.title.as_str())
            .collect();
        if stray.is_empty() {
            reasons.push(because(
                "playing Borg with only Borg-affiliation personnel, ships and facilities",
                "playing Borg",
            ));
        } else {
            legal = false;
            reasons.push(because(
                format!(
                    "playing Borg, the deck may not stock non-Borg-affiliation cards: {}",
                    stray.join(", ")
                ),
                "playing Borg",
            ));
        }
    }
    Verdict::yes_no(legal, reasons, vec![])
}
