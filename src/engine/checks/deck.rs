//! Deck legality: the 30/30 rule (10/20 in Warp Speed), banned cards, side
//! decks and the Borg stocking restriction ("30/30 rule", "banned cards",
//! "side deck", "playing Borg").

use super::rules::{decide, Entry, Rule, Ruling};
use super::{because, fact, per_table, undecided};
use crate::cards::model::{Card, CardType};
use crate::engine::state::{Deck, Format, GameState};
use crate::engine::verdict::{Reason, Verdict};
use crate::vocab::affiliations::{DeckRules, Source};
use crate::vocab::vocabulary;

fn is_borg_affiliation(c: &Card) -> bool {
    matches!(
        c.card_type,
        CardType::Personnel | CardType::Ship | CardType::Facility
    ) && c.affiliations.iter().any(|a| a == "Borg")
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

/// A deck and the format it is judged in.
pub struct DeckCheck<'a> {
    deck: &'a Deck,
    format: Format,
    rules: &'a DeckRules,
}

impl DeckCheck<'_> {
    fn warp_speed(&self) -> bool {
        self.format == Format::WarpSpeed
    }

    /// Seed cards that count: all but missions and sites, and the sites past
    /// the free allowance.
    fn counted_seeds(&self) -> usize {
        let rules = self.rules;
        let free = |c: &&Card| {
            let ty = c.card_type.name();
            rules
                .free_seed_types
                .iter()
                .any(|t| ty.eq_ignore_ascii_case(t))
        };
        let sites = self.of_type(CardType::Site);
        self.deck.seed.iter().filter(|c| !free(c)).count()
            + sites.saturating_sub(rules.free_sites_max)
    }

    fn of_type(&self, ty: CardType) -> usize {
        self.deck.seed.iter().filter(|c| c.card_type == ty).count()
    }

    /// The 30/30 rule, or Warp Speed's limits: (max seed, min draw, entry).
    fn limits(&self) -> (usize, usize, &Source) {
        let r = self.rules;
        if self.warp_speed() {
            let w = &r.warp_speed;
            (w.max_seed, w.min_draw, &r.warp_speed_source)
        } else {
            (r.max_seed, r.min_draw, &r.source)
        }
    }

    fn all(&self) -> impl Iterator<Item = &Card> {
        self.deck
            .seed
            .iter()
            .chain(&self.deck.draw)
            .chain(self.side_cards())
    }

    /// The face-down cards of every side deck.
    fn side_cards(&self) -> impl Iterator<Item = &Card> {
        self.deck
            .side
            .iter()
            .chain(&self.deck.q_tent)
            .chain(&self.deck.battle_bridge)
    }
}

/// `ask = "deck legal"`.
pub fn deck_legal(state: &GameState) -> Verdict {
    let Some(deck) = &state.deck else {
        return undecided("a [deck] table", vec![], "30/30 rule");
    };
    let rules = &vocabulary().affiliations.deck;
    let check = DeckCheck {
        deck,
        format: state.format,
        rules,
    };
    decide(&deck_rules(), &check)
}

const THIRTY: Entry = Entry::glossary("30/30 rule");

/// The rules of a legal deck, in order.
pub fn deck_rules<'a>() -> [Rule<DeckCheck<'a>>; 9] {
    [
        Rule {
            name: "side decks do not count",
            entry: Entry::glossary("side deck"),
            apply: side_deck,
        },
        Rule {
            name: "Q's Tent side deck",
            entry: Entry::glossary("Q’s Tent side deck"),
            apply: q_tent,
        },
        Rule {
            name: "Battle Bridge side deck",
            entry: Entry::glossary("Battle Bridge side deck"),
            apply: battle_bridge,
        },
        Rule {
            name: "seed cards",
            entry: THIRTY,
            apply: seed_cards,
        },
        Rule {
            name: "draw deck",
            entry: THIRTY,
            apply: draw_deck,
        },
        Rule {
            name: "six different missions",
            entry: Entry::glossary("seed deck"),
            apply: six_missions,
        },
        Rule {
            name: "Warp Speed missions",
            entry: Entry::glossary("Warp Speed"),
            apply: warp_speed_missions,
        },
        Rule {
            name: "banned cards",
            entry: Entry::glossary("banned cards"),
            apply: banned_cards,
        },
        Rule {
            name: "playing Borg",
            entry: Entry::glossary("playing Borg"),
            apply: playing_borg,
        },
    ]
}

fn side_deck(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    let seeds = d.counted_seeds();
    reasons.push(fact(format!(
        "{seeds} seed cards (not counting {} missions and sites, which seed for free); {} draw deck cards; {} side deck cards",
        d.deck.seed.len() - seeds,
        d.deck.draw.len(),
        d.side_cards().count()
    )));
    if d.side_cards().next().is_some() {
        reasons.push(because(
            "the face-down cards of a side deck are not seed cards and do not count toward the 30/30 rule (its Doorway does)",
            "side deck",
        ));
    }
    Ruling::Next
}

/// At most 13 different cards, none of a refused type or icon.
fn q_tent(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    let tent = &d.deck.q_tent;
    if tent.is_empty() {
        return Ruling::Next;
    }
    let limits = &d.rules.q_tent;
    let source = &d.rules.q_tent_source;
    if tent.len() > limits.max {
        return Ruling::Refused(per_table(
            format!(
                "{} cards stocked in Q's Tent: at most {}",
                tent.len(),
                limits.max
            ),
            source,
        ));
    }
    let mut seen = std::collections::HashSet::new();
    if let Some(twice) = tent.iter().find(|c| !seen.insert(c.title.as_str())) {
        return Ruling::Refused(per_table(
            format!(
                "{} is stocked twice in Q's Tent: its cards must be different",
                twice.title
            ),
            source,
        ));
    }
    let refused = |c: &Card| {
        let ty = c.card_type.name();
        limits
            .refused_types
            .iter()
            .any(|t| t.eq_ignore_ascii_case(&ty))
            || limits.refused_icons.iter().any(|i| c.has_icon(i))
    };
    if let Some(c) = tent.iter().find(|c| refused(c)) {
        return Ruling::Refused(per_table(
            format!(
                "{} ({}) may not be stocked in Q's Tent: no Q-icon, Tactic, Tribble or Trouble cards",
                c.title,
                c.card_type.name()
            ),
            source,
        ));
    }
    reasons.push(per_table(
        format!(
            "{} different cards in Q's Tent, none of a kind it refuses",
            tent.len()
        ),
        source,
    ));
    Ruling::Next
}

/// Tactic cards only, any number, duplicates allowed.
fn battle_bridge(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    let bridge = &d.deck.battle_bridge;
    if bridge.is_empty() {
        return Ruling::Next;
    }
    let source = &d.rules.battle_bridge_source;
    let allowed = |c: &&Card| {
        let ty = c.card_type.name();
        d.rules
            .battle_bridge_types
            .iter()
            .any(|t| t.eq_ignore_ascii_case(&ty))
    };
    if let Some(c) = bridge.iter().find(|c| !allowed(c)) {
        return Ruling::Refused(per_table(
            format!(
                "{} ({}) is not a Tactic card: a Battle Bridge side deck is made up of Tactic cards",
                c.title,
                c.card_type.name()
            ),
            source,
        ));
    }
    reasons.push(per_table(
        format!(
            "{} Tactic cards in the Battle Bridge side deck (any number, duplicates allowed)",
            bridge.len()
        ),
        source,
    ));
    Ruling::Next
}

fn seed_cards(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    let (max_seed, _, source) = d.limits();
    let over = d.counted_seeds() > max_seed;
    let why = if over {
        format!("more than {max_seed} seed cards")
    } else {
        format!("no more than {max_seed} seed cards")
    };
    // The Glossary's "seed deck" states the same limit ("up to 30 of the
    // following") outside Warp Speed.
    if !d.warp_speed() {
        reasons.push(per_table(why.clone(), &d.rules.seed_deck_source));
    }
    if over {
        return Ruling::Refused(per_table(why, source));
    }
    reasons.push(per_table(why, source));
    Ruling::Next
}

fn draw_deck(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    let (_, min_draw, source) = d.limits();
    if !d.warp_speed() {
        let also = &d.rules.min_draw_also_stated;
        let why = format!("a draw deck holds at least {min_draw} cards");
        reasons.extend(also.iter().map(|s| per_table(&why, s)));
    }
    if d.deck.draw.len() < min_draw {
        return Ruling::Refused(per_table(
            format!("fewer than {min_draw} draw deck cards"),
            source,
        ));
    }
    reasons.push(per_table(
        format!("at least {min_draw} draw deck cards"),
        source,
    ));
    Ruling::Next
}

fn six_missions(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    if d.warp_speed() {
        return Ruling::Next;
    }
    let missions = d.of_type(CardType::Mission);
    let mut why = Vec::new();
    if mission_count(&d.deck.seed, missions, d.rules, &mut why) {
        reasons.extend(why);
        return Ruling::Next;
    }
    let last = why.pop().expect("a refused mission count says why");
    reasons.extend(why);
    Ruling::Refused(last)
}

fn warp_speed_missions(d: &DeckCheck, _: &mut Vec<Reason>) -> Ruling {
    let max = d.rules.warp_speed.max_missions;
    if !d.warp_speed() || d.of_type(CardType::Mission) <= max {
        return Ruling::Next;
    }
    Ruling::No(format!("more than {max} missions"))
}

fn banned_cards(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    let source = &d.rules.banned_source;
    if !d.deck.tournament {
        let why = "outside tournament play no card is banned";
        reasons.push(per_table(why, source));
        return Ruling::Next;
    }
    let banned = |c: &&Card| {
        d.rules
            .banned
            .iter()
            .any(|b| b.eq_ignore_ascii_case(&c.title))
    };
    let Some(c) = d.all().find(banned) else {
        let why =
            "no card of the deck is banned: all other issued cards are allowed in tournament play";
        reasons.push(per_table(why, source));
        return Ruling::Next;
    };
    let why = format!("{} is banned from tournament play", c.title);
    Ruling::Refused(per_table(why, source))
}

/// Playing Borg, a deck stocks no non-Borg personnel, ships or facilities
/// (sites have no affiliation).
fn playing_borg(d: &DeckCheck, reasons: &mut Vec<Reason>) -> Ruling {
    if !d
        .all()
        .any(|c| is_borg_affiliation(c) || c.is_borg_use_only())
    {
        return Ruling::Yes;
    }
    let stray: Vec<&str> = d
        .all()
        .filter(|c| {
            matches!(
                c.card_type,
                CardType::Personnel | CardType::Ship | CardType::Facility
            ) && !c.affiliations.is_empty()
                && !c.affiliations.iter().any(|a| a == "Borg")
        })
        .map(|c| c.title.as_str())
        .collect();
    let why = if stray.is_empty() {
        "playing Borg with only Borg-affiliation personnel, ships and facilities".to_string()
    } else {
        format!(
            "playing Borg, the deck may not stock non-Borg-affiliation cards: {}",
            stray.join(", ")
        )
    };
    let mut cited = d
        .rules
        .borg_sources
        .iter()
        .map(|s| per_table(why.clone(), s));
    let decides = cited
        .next()
        .expect("glossary/affiliations.toml names the Borg stocking rule");
    reasons.extend(cited);
    if stray.is_empty() {
        reasons.push(decides);
        return Ruling::Yes;
    }
    Ruling::Refused(decides)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(title: &str, ty: CardType, affs: &[&str]) -> Card {
        Card {
            title: title.into(),
            card_type: ty,
            affiliations: affs.iter().map(|a| a.to_string()).collect(),
            ..Card::default()
        }
    }

    /// Six different missions, `seeds` dilemmas and `draws` Federation
    /// personnel.
    fn deck(seeds: usize, draws: usize) -> Deck {
        let mut seed: Vec<Card> = (1..=6)
            .map(|n| card(&format!("Mission {n}"), CardType::Mission, &[]))
            .collect();
        seed.extend((0..seeds).map(|_| card("Dilemma", CardType::Dilemma, &[])));
        Deck {
            owner: "alice".into(),
            seed,
            draw: (0..draws)
                .map(|_| card("Ensign", CardType::Personnel, &["Federation"]))
                .collect(),
            side: vec![],
            q_tent: vec![],
            battle_bridge: vec![],
            tournament: true,
        }
    }

    fn ruling(
        rule: fn(&DeckCheck, &mut Vec<Reason>) -> Ruling,
        deck: &Deck,
        format: Format,
    ) -> Ruling {
        applied(rule, deck, format).0
    }

    /// A rule's ruling and the entry titles its reasons cite.
    fn applied(
        rule: fn(&DeckCheck, &mut Vec<Reason>) -> Ruling,
        deck: &Deck,
        format: Format,
    ) -> (Ruling, Vec<String>) {
        let rules = &vocabulary().affiliations.deck;
        let mut reasons = Vec::new();
        let check = DeckCheck {
            deck,
            format,
            rules,
        };
        let r = rule(&check, &mut reasons);
        (r.clone(), super::super::rules::titles_cited(r, reasons))
    }

    #[test]
    fn an_allowed_deck_cites_the_banned_list_and_the_draw_deck_minimum() {
        let mut d = deck(0, 30);
        d.draw.push(card("Raise the Stakes", CardType::Event, &[]));
        d.tournament = false;
        let (r, cited) = applied(banned_cards, &d, Format::Standard);
        assert_eq!(r, Ruling::Next);
        assert!(cited.contains(&"banned cards".to_string()));
        let (_, cited) = applied(draw_deck, &deck(0, 30), Format::Standard);
        assert!(cited.contains(&"draw deck".to_string()));
        let (_, warp) = applied(draw_deck, &deck(0, 30), Format::WarpSpeed);
        assert!(!warp.contains(&"draw deck".to_string()));
    }

    fn refused(r: Ruling) -> bool {
        matches!(r, Ruling::No(_) | Ruling::Refused(_))
    }

    #[test]
    fn thirty_counted_seed_cards_and_thirty_draws_or_ten_and_twenty_in_warp_speed() {
        assert_eq!(
            ruling(seed_cards, &deck(30, 30), Format::Standard),
            Ruling::Next
        );
        assert!(refused(ruling(seed_cards, &deck(31, 30), Format::Standard)));
        assert!(refused(ruling(
            seed_cards,
            &deck(11, 20),
            Format::WarpSpeed
        )));
        assert!(refused(ruling(draw_deck, &deck(30, 29), Format::Standard)));
        assert_eq!(
            ruling(draw_deck, &deck(10, 20), Format::WarpSpeed),
            Ruling::Next
        );
        assert_eq!(
            ruling(side_deck, &deck(0, 0), Format::Standard),
            Ruling::Next
        );
    }

    #[test]
    fn six_different_missions_or_three_in_warp_speed() {
        let mut d = deck(0, 30);
        assert_eq!(ruling(six_missions, &d, Format::Standard), Ruling::Next);
        d.seed[1].title = "Mission 1".into();
        assert!(refused(ruling(six_missions, &d, Format::Standard)));
        assert!(refused(ruling(warp_speed_missions, &d, Format::WarpSpeed)));
    }

    #[test]
    fn q_tent_holds_thirteen_different_cards_of_allowed_kinds() {
        let kevin = card("Kevin Uxbridge", CardType::Interrupt, &[]);
        let mut d = deck(30, 30);
        d.q_tent = (0..13)
            .map(|i| card(&format!("Card {i}"), CardType::Event, &[]))
            .collect();
        assert_eq!(ruling(q_tent, &d, Format::Standard), Ruling::Next);
        d.q_tent.push(kevin.clone());
        assert!(refused(ruling(q_tent, &d, Format::Standard)), "14 cards");
        d.q_tent = vec![kevin.clone(), kevin.clone()];
        assert!(refused(ruling(q_tent, &d, Format::Standard)), "a duplicate");
        for ty in [
            CardType::Tactic,
            CardType::Tribble,
            CardType::Trouble,
            CardType::QEvent,
        ] {
            d.q_tent = vec![kevin.clone(), card("x", ty.clone(), &[])];
            assert!(refused(ruling(q_tent, &d, Format::Standard)), "{ty:?}");
        }
    }

    #[test]
    fn battle_bridge_holds_tactic_cards_only_duplicates_allowed() {
        let wing = card("Attack Wing", CardType::Tactic, &[]);
        let mut d = deck(30, 30);
        d.battle_bridge = vec![wing.clone(), wing.clone()];
        assert_eq!(ruling(battle_bridge, &d, Format::Standard), Ruling::Next);
        d.battle_bridge
            .push(card("Tricorder", CardType::Equipment, &[]));
        assert!(refused(ruling(battle_bridge, &d, Format::Standard)));
    }

    #[test]
    fn raise_the_stakes_is_banned_from_tournaments() {
        let mut d = deck(0, 30);
        d.draw.push(card("Raise the Stakes", CardType::Event, &[]));
        assert!(refused(ruling(banned_cards, &d, Format::Standard)));
        d.tournament = false;
        assert_eq!(ruling(banned_cards, &d, Format::Standard), Ruling::Next);
    }

    #[test]
    fn playing_borg_stocks_no_non_borg_personnel_ships_or_facilities() {
        let mut d = deck(0, 30);
        assert_eq!(ruling(playing_borg, &d, Format::Standard), Ruling::Yes);
        d.draw.push(card("Drone", CardType::Personnel, &["Borg"]));
        assert!(refused(ruling(playing_borg, &d, Format::Standard)));
        d.draw.retain(|c| c.affiliations == ["Borg"]);
        d.seed.push(card("Site", CardType::Site, &[]));
        assert_eq!(ruling(playing_borg, &d, Format::Standard), Ruling::Yes);
    }
}
