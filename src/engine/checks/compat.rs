//! Compatibility as ordered rules: may these cards mix and work together?
//! In the order of the Glossary's "compatible" entry: the same affiliation
//! icon, Warp Speed, Borg, Non-Aligned and Neutral, then the cards that let
//! affiliations "mix" (treaties, which do not chain, and other cards by
//! their compiled text).

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use super::{fact, undecided};
use crate::engine::abilities::continuous::{self, Descriptor, Polarity, Whose};
use crate::engine::abilities::restriction;
use crate::engine::derived;
use crate::engine::question::{indices, CardsQuestion as Question};
use crate::engine::state::{Format, GameState};
use crate::engine::verdict::{Citation, Reason, Verdict, VerdictValue};
use crate::vocab::card_rulings::Aspect;
use crate::vocab::vocabulary;

/// One side of a pairing: the card (when the question names one) and its
/// affiliations.
#[derive(Debug, Clone)]
pub struct Side {
    piece: Option<usize>,
    affiliations: Vec<String>,
}

impl Side {
    fn of(state: &GameState, piece: usize) -> Side {
        Side {
            piece: Some(piece),
            affiliations: state.affiliations(piece),
        }
    }

    fn bare(affiliations: &[String]) -> Side {
        Side {
            piece: None,
            affiliations: affiliations.to_vec(),
        }
    }
}

/// Two cards (or affiliation sets) of one player asked whether they mix.
pub struct Mix<'a> {
    state: &'a GameState,
    player: &'a str,
    a: Side,
    b: Side,
}

impl Mix<'_> {
    /// Every pair of affiliations neither of which is isolated (Borg).
    fn open_pairs(&self) -> Vec<(&str, &str)> {
        let v = &vocabulary().affiliations;
        let mut out = Vec::new();
        for x in &self.a.affiliations {
            for y in &self.b.affiliations {
                if !v.is_isolated(x) && !v.is_isolated(y) {
                    out.push((x.as_str(), y.as_str()));
                }
            }
        }
        out
    }

    fn names(&self) -> (String, String) {
        (self.a.affiliations.join("/"), self.b.affiliations.join("/"))
    }
}

/// The parties of a Treaty card in play: the affiliations of its
/// "<affiliation> treaty" characteristics (Glossary "treaties").
fn treaty_parties(state: &GameState, piece: usize) -> Vec<String> {
    let v = &vocabulary().affiliations;
    let word = &v.compatibility.treaty_characteristic;
    state.pieces[piece]
        .card
        .characteristics
        .iter()
        .filter_map(|c| {
            let (party, kind) = c.trim().rsplit_once(' ')?;
            kind.eq_ignore_ascii_case(word)
                .then(|| v.canonical(party).map(str::to_string))
                .flatten()
        })
        .collect()
}

/// The Treaty cards in play, with their parties.
fn treaties_in_play(state: &GameState) -> impl Iterator<Item = (usize, Vec<String>)> + '_ {
    (0..state.pieces.len())
        .filter(|&i| state.in_play(i))
        .map(|i| (i, treaty_parties(state, i)))
        .filter(|(_, parties)| !parties.is_empty())
}

/// The affiliation pairs a player's treaties in play make compatible.
pub fn treaties(state: &GameState, player: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, parties) in treaties_in_play(state) {
        if !state.pieces[i].controller.eq_ignore_ascii_case(player) {
            continue;
        }
        for a in &parties {
            for b in parties.iter().filter(|b| *b != a) {
                out.push((a.clone(), b.clone()));
            }
        }
    }
    out
}

/// The compatibility table's source (Glossary "compatible").
fn compatible_entry() -> Entry {
    Entry::from_table(&vocabulary().affiliations.compatibility.source)
}

/// "If a card allows cards of different affiliations to mix, it makes those
/// cards compatible": the Glossary and Current Rulings both state it.
fn mixing_entry() -> Entry {
    compatible_entry().stated_in_rulings("compatible affiliation")
}

/// The treaty table's source (Glossary "treaties"), restated by the Current
/// Rulings' "treaties" ("Treaties do not chain").
fn treaty_entry() -> Entry {
    Entry::from_table(&vocabulary().affiliations.compatibility.treaty_source)
        .stated_in_rulings("treaties")
}
const WARP_SPEED: Entry = Entry::glossary("Warp Speed");
/// The Current Rulings entry replaces the Glossary's ("This replaces the
/// existing Glossary entry"): rulings/AUDIT.md.
const NOT_WORKING: Entry = Entry::rulings("“does not work with”");

/// The rules of two cards mixing, in order.
pub fn rules<'a>() -> [Rule<Mix<'a>>; 11] {
    [
        Rule {
            name: "a card that does not work with the other's group",
            entry: NOT_WORKING,
            apply: does_not_work_with,
        },
        Rule {
            name: "a card without an affiliation",
            entry: compatible_entry(),
            apply: no_affiliation,
        },
        Rule {
            name: "the same affiliation icon",
            entry: compatible_entry(),
            apply: same_icon,
        },
        Rule {
            name: "different affiliations mix only when compatible",
            entry: compatible_entry(),
            apply: different,
        },
        Rule {
            name: "Warp Speed",
            entry: WARP_SPEED,
            apply: warp_speed,
        },
        Rule {
            name: "Borg are compatible with no other affiliation",
            entry: compatible_entry(),
            apply: borg,
        },
        Rule {
            name: "Non-Aligned and Neutral",
            entry: compatible_entry(),
            apply: non_aligned,
        },
        Rule {
            name: "a treaty of the player's",
            entry: treaty_entry(),
            apply: treaty,
        },
        Rule {
            name: "a card that lets them mix",
            entry: mixing_entry(),
            apply: mixing_card,
        },
        Rule {
            name: "treaties do not chain",
            entry: treaty_entry(),
            apply: no_chain,
        },
        Rule {
            name: "nothing makes them compatible",
            entry: compatible_entry(),
            apply: not_compatible,
        },
    ]
}

/// A card whose restriction box says it "does not work with" a group never
/// mixes or cooperates with a card of that group, "even under treaty" — and
/// whatever its own affiliation (Non-Aligned included).
fn does_not_work_with(m: &Mix, _: &mut Vec<Reason>) -> Ruling {
    for (one, other) in [(&m.a, &m.b), (&m.b, &m.a)] {
        let Some(p) = one.piece else { continue };
        let restricted = crate::engine::abilities::compile(&m.state.pieces[p].card);
        let group = restricted
            .does_not_work_with
            .iter()
            .find(|g| in_group(m.state, other, g));
        if let Some(g) = group {
            return Ruling::No(format!(
                "{} does not work with {g}: it cannot mix or cooperate with {}, even under a treaty",
                m.state.pieces[p].handle,
                other.piece.map_or_else(|| other.affiliations.join("/"), |o| m.state.pieces[o].handle.clone())
            ));
        }
    }
    Ruling::Next
}

/// Does a side belong to a group a card does not work with?
fn in_group(state: &GameState, side: &Side, g: &restriction::Group) -> bool {
    let of = |a: &str| side.affiliations.iter().any(|x| x.eq_ignore_ascii_case(a));
    match (g, side.piece) {
        (restriction::Group::Affiliation(a), _) => of(a),
        (restriction::Group::AffiliationOrSpecies(a), Some(p)) => {
            derived::has_trait(state, p, &Descriptor::Word(a.to_lowercase()))
        }
        (restriction::Group::AffiliationOrSpecies(a), None) => of(a),
        (restriction::Group::Skill(s), Some(p)) => state.card_in_play(p).skill_level(s) > 0.0,
        (restriction::Group::Skill(_), None) => false,
    }
}

fn no_affiliation(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    if !m.a.affiliations.is_empty() && !m.b.affiliations.is_empty() {
        return Ruling::Next;
    }
    yes_because(
        reasons,
        "a card without an affiliation icon has no affiliation to clash",
        compatible_entry(),
    )
}

fn same_icon(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    let shared =
        m.a.affiliations
            .iter()
            .find(|x| m.b.affiliations.iter().any(|y| y.eq_ignore_ascii_case(x)));
    match shared {
        Some(x) => yes_because(
            reasons,
            format!("both have the {x} affiliation icon"),
            compatible_entry(),
        ),
        None => Ruling::Next,
    }
}

fn different(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    let (a, b) = m.names();
    reasons.push(Reason {
        text: format!("{a} and {b} are different affiliations: they mix only if compatible"),
        citation: Some(compatible_entry().citation()),
    });
    Ruling::Next
}

fn warp_speed(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    if m.state.format != Format::WarpSpeed {
        return Ruling::Next;
    }
    if m.open_pairs().is_empty() {
        return Ruling::No(
            "in Warp Speed only the non-Borg affiliations mix and cooperate; Borg stay apart"
                .into(),
        );
    }
    yes_because(
        reasons,
        "in Warp Speed all non-Borg affiliations mix and cooperate",
        WARP_SPEED,
    )
}

fn borg(m: &Mix, _: &mut Vec<Reason>) -> Ruling {
    if !m.open_pairs().is_empty() {
        return Ruling::Next;
    }
    let v = &vocabulary().affiliations;
    let borg =
        m.a.affiliations
            .iter()
            .chain(&m.b.affiliations)
            .find(|x| v.is_isolated(x))
            .cloned()
            .unwrap_or_default();
    Ruling::No(format!(
        "{borg} cards are not compatible with any other affiliation"
    ))
}

fn non_aligned(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    let v = &vocabulary().affiliations;
    let side = [&m.a, &m.b]
        .into_iter()
        .find(|s| s.affiliations.iter().any(|x| v.is_universal_mixer(x)));
    let Some(side) = side else {
        return Ruling::Next;
    };
    let na = side
        .affiliations
        .iter()
        .find(|x| v.is_universal_mixer(x))
        .cloned()
        .unwrap_or_default();
    if let Some(p) = side.piece {
        affiliation_ruling(m.state, p, &na, reasons);
    }
    reasons.push(Reason {
        text: format!("{na} cards are compatible with all affiliations except Borg"),
        citation: Some(Citation::glossary("Non-Aligned")),
    });
    yes_because(
        reasons,
        "Non-Aligned and Neutral cards are compatible with all affiliations except Borg",
        compatible_entry(),
    )
}

/// A Current Rulings entry stating this card's affiliation, when one does
/// (glossary/card-rulings.toml: Ocett is still Non-Aligned).
fn affiliation_ruling(
    state: &GameState,
    piece: usize,
    affiliation: &str,
    reasons: &mut Vec<Reason>,
) {
    let p = &state.pieces[piece];
    if let Some(entry) = vocabulary()
        .card_rulings
        .about(&p.card.title, Aspect::Species)
        .map(|r| r.entry.as_str())
    {
        reasons.push(Reason {
            text: format!("{} is of {affiliation} affiliation", p.handle),
            citation: Some(Citation::rulings(entry)),
        });
    }
}

fn treaty(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    let own = treaties(m.state, m.player);
    let covered = m.open_pairs().into_iter().find(|(a, b)| {
        own.iter()
            .any(|(x, y)| x.eq_ignore_ascii_case(a) && y.eq_ignore_ascii_case(b))
    });
    match covered {
        Some((a, b)) => yes_because(
            reasons,
            format!("{}'s treaty in play names {a} and {b}: they mix", m.player),
            treaty_entry(),
        ),
        None => Ruling::Next,
    }
}

/// A card in play whose compiled text lets cards "mix" (Memory Wipe seeded,
/// Ferengi Trading Post) and reaches both cards. A card whose text lets
/// other cards mix, but not these, is named with its reason.
fn mixing_card(m: &Mix, reasons: &mut Vec<Reason>) -> Ruling {
    let mixers = non_treaty_mixers(m.state);
    if let Some((p, text)) = mixers.iter().find_map(|&p| m.lets_mix(p).map(|t| (p, t))) {
        reasons.push(Reason {
            text: format!("{} lets them mix: \"{text}\"", m.state.pieces[p].handle),
            citation: Some(mixing_entry().citation()),
        });
        reasons.extend(mix_ruling(m.state, p));
        return yes_because(
            reasons,
            "a card allowing cards to mix makes them compatible",
            mixing_entry(),
        );
    }
    for p in mixers {
        reasons.push(fact(format!(
            "{}'s text lets other cards mix, not {}'s cards of these affiliations",
            m.state.pieces[p].handle, m.player
        )));
        reasons.extend(mix_ruling(m.state, p));
    }
    Ruling::Next
}

impl Mix<'_> {
    /// The text by which card `p` lets both sides mix, if it does.
    fn lets_mix(&self, p: usize) -> Option<String> {
        let holder = &self.state.pieces[p].controller;
        continuous::of(&self.state.pieces[p].card)
            .permissions
            .iter()
            .find(|perm| {
                perm.polarity == Polarity::Permit
                    && perm.act == "mix"
                    && perm.condition.is_none()
                    && [&self.a, &self.b]
                        .iter()
                        .all(|s| self.reached(holder, perm, s))
            })
            .map(|perm| perm.text.clone())
    }

    /// A side is among the cards a mixing permission names: its card when
    /// the question names one, else (affiliations alone) only when the text
    /// names no kind of card and the asking player is the one it speaks of.
    fn reached(&self, holder: &str, perm: &continuous::Permission, side: &Side) -> bool {
        if let Some(piece) = side.piece {
            return derived::is_subject(self.state, holder, &perm.subject, piece);
        }
        let mine = holder.eq_ignore_ascii_case(self.player);
        let whose = match perm.subject.whose {
            Whose::Yours => mine,
            Whose::Opponents => !mine,
            Whose::Any => true,
        };
        whose && perm.subject.traits.is_empty() && perm.subject.card_type.is_none()
    }
}

/// The card-specific ruling on what a mixing card allows, if there is one.
fn mix_ruling(state: &GameState, piece: usize) -> Option<Reason> {
    let p = &state.pieces[piece];
    let entry = &vocabulary()
        .card_rulings
        .about(&p.card.title, Aspect::Mixing)?
        .entry;
    Some(Reason {
        text: format!(
            "the ruling on {} says whose cards it lets mix",
            p.card.title
        ),
        citation: Some(Citation::rulings(entry)),
    })
}

/// Cards in play (other than treaties) whose compiled text permits mixing.
fn non_treaty_mixers(state: &GameState) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&i| state.in_play(i) && treaty_parties(state, i).is_empty())
        .filter(|&i| {
            continuous::of(&state.pieces[i].card)
                .permissions
                .iter()
                .any(|p| p.polarity == Polarity::Permit && p.act == "mix")
        })
        .collect()
}

fn no_chain(m: &Mix, _: &mut Vec<Reason>) -> Ruling {
    if treaties_in_play(m.state).next().is_none() {
        return Ruling::Next;
    }
    let (a, b) = m.names();
    Ruling::No(format!(
        "no treaty of {}'s names both {a} and {b}: treaties do not chain, and an opponent's treaty does not count",
        m.player
    ))
}

fn not_compatible(m: &Mix, _: &mut Vec<Reason>) -> Ruling {
    let (a, b) = m.names();
    Ruling::No(format!(
        "{a} and {b} are different affiliations and no card in play makes them compatible"
    ))
}

/// Do two cards of `player` mix? The verdict of the rules.
pub fn pieces_mix(state: &GameState, player: &str, a: usize, b: usize) -> Verdict {
    let m = Mix {
        state,
        player,
        a: Side::of(state, a),
        b: Side::of(state, b),
    };
    decide(&rules(), &m)
}

/// Are two sets of affiliations compatible for `player`? With the reasons
/// of the rules that decided.
pub fn sets_compatible(
    state: &GameState,
    player: &str,
    a: &[String],
    b: &[String],
) -> (bool, Vec<Reason>) {
    let m = Mix {
        state,
        player,
        a: Side::bare(a),
        b: Side::bare(b),
    };
    let v = decide(&rules(), &m);
    (v.value == VerdictValue::Yes, v.reasons)
}

/// Are two affiliations compatible for `player`? With the reason.
pub fn affiliations_compatible(
    state: &GameState,
    player: &str,
    a: &str,
    b: &str,
) -> (bool, Reason) {
    let (yes, mut reasons) = sets_compatible(state, player, &[a.to_string()], &[b.to_string()]);
    let last = reasons.pop().unwrap_or_else(|| fact("compatibility"));
    (yes, last)
}

/// Pieces pairwise compatible for `player`.
pub fn pieces_compatible(state: &GameState, player: &str, pieces: &[usize]) -> (bool, Vec<Reason>) {
    let v = all_mix(state, player, pieces);
    (v.value == VerdictValue::Yes, v.reasons)
}

/// Every pair of `pieces` judged by the rules; the first that does not mix
/// answers.
fn all_mix(state: &GameState, player: &str, pieces: &[usize]) -> Verdict {
    let mut reasons = Vec::new();
    let mut citations = Vec::new();
    for (n, &i) in pieces.iter().enumerate() {
        for &j in &pieces[n + 1..] {
            let v = pieces_mix(state, player, i, j);
            let ok = v.value == VerdictValue::Yes;
            reasons.push(fact(format!(
                "{} and {}: {}",
                state.pieces[i].handle,
                state.pieces[j].handle,
                if ok { "compatible" } else { "not compatible" }
            )));
            reasons.extend(v.reasons);
            citations.extend(v.citations);
            if !ok {
                return Verdict::new(v.value, reasons, citations);
            }
        }
    }
    if citations.is_empty() {
        // A single card has no other to clash with.
        citations.push(compatible_entry().citation());
    }
    Verdict::new(VerdictValue::Yes, reasons, citations)
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
    all_mix(state, &player, &all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::fixture::{personnel, piece, table};
    use crate::engine::state::Place;

    /// The ruling of one rule on the first two pieces of `state`, for alice.
    fn ruling(rule: fn(&Mix, &mut Vec<Reason>) -> Ruling, state: &GameState) -> Ruling {
        let m = Mix {
            state,
            player: "alice",
            a: Side::of(state, 0),
            b: Side::of(state, 1),
        };
        rule(&m, &mut Vec::new())
    }

    fn pair(a: &str, b: &str) -> GameState {
        let mut s = table();
        personnel(&mut s, "One", "alice", Place::Table, &[a]);
        personnel(&mut s, "Two", "alice", Place::Table, &[b]);
        s
    }

    fn treaty(s: &mut GameState, owner: &str, parties: &[&str]) {
        piece(s, "Treaty", CardType::Event, owner, Place::Table, |c| {
            c.characteristics = parties.iter().map(|p| format!("{p} treaty")).collect()
        });
    }

    #[test]
    fn a_card_that_does_not_work_with_a_group_never_mixes_with_it() {
        let restricted = |text: &str, other: &str| {
            let mut s = pair("Non-Aligned", other);
            s.pieces[0].card.text = text.into();
            treaty(&mut s, "alice", &["Non-Aligned", other]);
            ruling(does_not_work_with, &s)
        };
        let galen = "Does not work with [Fed] affiliation.";
        assert!(matches!(restricted(galen, "Federation"), Ruling::No(_)));
        assert_eq!(restricted(galen, "Klingon"), Ruling::Next);
        let solkar = "Does not work with personnel who have Treachery.";
        assert_eq!(restricted(solkar, "Vulcan"), Ruling::Next);
        let mut s = pair("Vulcan", "Vulcan");
        s.pieces[0].card.text = solkar.into();
        s.pieces[1].card.skills = vec![crate::cards::model::Skill {
            name: "Treachery".into(),
            level: 1.0,
        }];
        assert!(matches!(ruling(does_not_work_with, &s), Ruling::No(_)));
    }

    #[test]
    fn the_rules_cite_the_sources_the_table_names() {
        assert_eq!(
            compatible_entry().citation(),
            Citation::glossary("compatible")
        );
        assert_eq!(
            treaty_entry().citations(),
            [
                Citation::glossary("treaties"),
                Citation::rulings("treaties")
            ]
        );
    }

    #[test]
    fn a_card_without_affiliation_mixes_with_any() {
        assert_eq!(
            ruling(no_affiliation, &pair("Borg", "Federation")),
            Ruling::Next
        );
        let mut s = pair("Borg", "Federation");
        s.pieces[1].card.affiliations.clear();
        assert_eq!(ruling(no_affiliation, &s), Ruling::Yes);
    }

    #[test]
    fn the_same_icon_mixes() {
        assert_eq!(ruling(same_icon, &pair("Klingon", "Klingon")), Ruling::Yes);
        assert_eq!(ruling(same_icon, &pair("Klingon", "Romulan")), Ruling::Next);
    }

    #[test]
    fn different_affiliations_need_compatibility() {
        let mut reasons = Vec::new();
        let s = pair("Klingon", "Romulan");
        let m = Mix {
            state: &s,
            player: "alice",
            a: Side::of(&s, 0),
            b: Side::of(&s, 1),
        };
        assert_eq!(different(&m, &mut reasons), Ruling::Next);
        assert_eq!(reasons[0].citation, Some(Citation::glossary("compatible")));
    }

    #[test]
    fn warp_speed_mixes_all_but_borg() {
        let mut s = pair("Klingon", "Romulan");
        assert_eq!(ruling(warp_speed, &s), Ruling::Next);
        s.format = Format::WarpSpeed;
        assert_eq!(ruling(warp_speed, &s), Ruling::Yes);
        let mut b = pair("Federation", "Borg");
        b.format = Format::WarpSpeed;
        assert!(matches!(ruling(warp_speed, &b), Ruling::No(_)));
    }

    #[test]
    fn borg_mix_with_no_other_affiliation() {
        assert!(matches!(
            ruling(borg, &pair("Non-Aligned", "Borg")),
            Ruling::No(_)
        ));
        assert_eq!(ruling(borg, &pair("Non-Aligned", "Klingon")), Ruling::Next);
    }

    #[test]
    fn non_aligned_mixes_with_any_but_borg() {
        assert_eq!(
            ruling(non_aligned, &pair("Non-Aligned", "Klingon")),
            Ruling::Yes
        );
        assert_eq!(
            ruling(non_aligned, &pair("Bajoran", "Klingon")),
            Ruling::Next
        );
    }

    #[test]
    fn a_treaty_joins_only_its_own_parties_for_its_owner() {
        let mut s = pair("Bajoran", "Klingon");
        treaty(&mut s, "alice", &["Federation", "Bajoran"]);
        treaty(&mut s, "alice", &["Federation", "Klingon"]);
        assert_eq!(ruling(treaty_rule(), &s), Ruling::Next);
        assert!(matches!(ruling(no_chain, &s), Ruling::No(_)));
        treaty(&mut s, "bob", &["Bajoran", "Klingon"]);
        assert_eq!(ruling(treaty_rule(), &s), Ruling::Next);
        treaty(&mut s, "alice", &["Bajoran", "Klingon"]);
        assert_eq!(ruling(treaty_rule(), &s), Ruling::Yes);
    }

    fn treaty_rule() -> fn(&Mix, &mut Vec<Reason>) -> Ruling {
        super::treaty
    }

    #[test]
    fn a_card_lets_its_holders_opponent_mix() {
        let text = "Seeds on table; your opponent's cards may mix regardless of affiliation.";
        let mut s = pair("Bajoran", "Klingon");
        piece(
            &mut s,
            "Wipe",
            CardType::Event,
            "alice",
            Place::Table,
            |c| c.text = text.into(),
        );
        assert_eq!(ruling(mixing_card, &s), Ruling::Next);
        s.pieces[2].owner = "bob".into();
        s.pieces[2].controller = "bob".into();
        assert_eq!(ruling(mixing_card, &s), Ruling::Yes);
    }

    #[test]
    fn different_affiliations_with_nothing_allowing_do_not_mix() {
        assert!(matches!(
            ruling(not_compatible, &pair("Bajoran", "Klingon")),
            Ruling::No(_)
        ));
    }
}
