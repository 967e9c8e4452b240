//! Uniqueness: may these cards be in play together ("unique and universal",
//! "persona", "not duplicatable").

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use super::{because, fact, ruling, undecided};
use crate::cards::model::{Card, CardType};
use crate::cards::persona::Version;
use crate::engine::question::{indices, CardsQuestion as Question};
use crate::engine::state::{GameState, Piece};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};

/// "Are these versions of the same persona?" — the one answer (Glossary
/// "persona"), which `can report` and persona replacement call too.
use crate::cards::persona::same_persona;

/// Copies of one card (any type), or versions of one persona.
fn copies_or_versions(a: &Card, b: &Card) -> bool {
    crate::cards::persona::same_card(a, b) || same_persona(a, b)
}

/// "Not duplicatable" in its game text, or a unique (non-universal) mission
/// or time location: one copy in play for both players ("unique and
/// universal").
fn not_duplicatable(c: &Card) -> bool {
    let one_place = matches!(c.card_type, CardType::Mission | CardType::TimeLocation);
    (one_place && !c.universal) || crate::engine::abilities::compile(c).states("not duplicatable")
}

/// A Borg assimilated counterpart: "Counterpart" among its characteristics or
/// "assimilated counterpart" in its lore (Current Rulings "counterpart").
fn is_counterpart(c: &Card) -> bool {
    c.characteristics
        .iter()
        .any(|k| k.eq_ignore_ascii_case("counterpart"))
        || crate::engine::abilities::continuous::lore_says_counterpart(&c.lore)
}

/// Unique per player: unique/Enigma personnel, ships and facilities (a
/// station persona such as Deep Space 9 and Terok Nor), "Unique" cards.
fn unique_per_player(c: &Card) -> bool {
    match c.card_type {
        CardType::Personnel | CardType::Ship | CardType::Facility => !c.universal,
        _ => crate::engine::abilities::compile(c).states("unique"),
    }
}

/// Two cards of a `can coexist` question.
pub struct Pair<'a> {
    a: &'a Piece,
    b: &'a Piece,
}

impl Pair<'_> {
    fn same_player(&self) -> bool {
        self.a.controller.eq_ignore_ascii_case(&self.b.controller)
            || self.a.owner.eq_ignore_ascii_case(&self.b.owner)
    }
}

/// `ask = "can coexist"`: may `cards` (or `card` and `cards`) be in play at
/// the same time? Every pair of them is judged by the rules in order.
pub fn can_coexist(q: &Question, state: &GameState) -> Verdict {
    let all: Vec<usize> = q.who.card().into_iter().chain(indices(&q.cards)).collect();
    if all.len() < 2 {
        return undecided("`can coexist` needs two cards", vec![], UNIQUE.title);
    }
    let mut reasons = Vec::new();
    for (n, &i) in all.iter().enumerate() {
        for &j in &all[n + 1..] {
            let pair = Pair {
                a: &state.pieces[i],
                b: &state.pieces[j],
            };
            let v = decide(&pair_rules(), &pair);
            reasons.extend(v.reasons);
            if v.value != VerdictValue::Yes {
                return Verdict::new(v.value, reasons, v.citations);
            }
        }
    }
    Verdict::yes_no(true, reasons, vec![UNIQUE.citation()])
}

const UNIQUE: Entry = Entry::glossary("unique and universal");
const PERSONA: Entry = Entry::glossary("persona");

/// The rules of two cards in play together, in order.
pub fn pair_rules<'a>() -> [Rule<Pair<'a>>; 5] {
    [
        Rule {
            name: "one counterpart per collective",
            entry: Entry::rulings("counterpart"),
            apply: one_counterpart,
        },
        Rule {
            name: "different cards and personas",
            entry: PERSONA,
            apply: different_personas,
        },
        Rule {
            name: "not duplicatable",
            entry: UNIQUE,
            apply: duplicatable,
        },
        Rule {
            name: "unique for each player",
            entry: UNIQUE,
            apply: unique,
        },
        Rule {
            name: "universal copies",
            entry: UNIQUE,
            apply: universal,
        },
    ]
}

fn one_counterpart(p: &Pair, reasons: &mut Vec<Reason>) -> Ruling {
    if !(is_counterpart(&p.a.card) && is_counterpart(&p.b.card)) {
        return Ruling::Next;
    }
    if !p.same_player() {
        reasons.push(ruling(
            "the limit of one counterpart in play is each collective's: these belong to different players",
            "counterpart",
        ));
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} and {} are both assimilated counterparts: a collective is limited to one counterpart in play at a time",
        p.a.handle, p.b.handle
    ))
}

fn different_personas(p: &Pair, reasons: &mut Vec<Reason>) -> Ruling {
    if copies_or_versions(&p.a.card, &p.b.card) {
        return Ruling::Next;
    }
    let why = match crate::cards::persona::opposite(&p.a.card, &p.b.card) {
        Some(Version::Mirror) => format!(
            "{} and {} are a persona and its mirror version: a mirror version is not a true version of the persona, so both may be in play",
            p.a.handle, p.b.handle
        ),
        Some(_) => format!(
            "{} and {} are a persona and its impersonator: an impersonator is not a true version of the persona, so both may be in play",
            p.a.handle, p.b.handle
        ),
        None => format!(
            "{} and {} are not the same card or persona",
            p.a.handle, p.b.handle
        ),
    };
    yes_because(reasons, why, PERSONA)
}

fn duplicatable(p: &Pair, _: &mut Vec<Reason>) -> Ruling {
    let Some(one) = [p.a, p.b].into_iter().find(|x| not_duplicatable(&x.card)) else {
        return Ruling::Next;
    };
    let c = &one.card;
    if c.card_type == CardType::Mission {
        return Ruling::No(format!(
            "{} is a unique mission: not duplicatable for either player (a second copy seeded is stacked atop the first as a single location)",
            c.title
        ));
    }
    let persona = if p.a.card.title == p.b.card.title {
        ""
    } else {
        " (nor another instance of its persona)"
    };
    Ruling::No(format!(
        "{} is not duplicatable: no player may have another copy{persona} in play",
        c.title
    ))
}

fn unique(p: &Pair, reasons: &mut Vec<Reason>) -> Ruling {
    if !(unique_per_player(&p.a.card) || unique_per_player(&p.b.card)) {
        return Ruling::Next;
    }
    reasons.extend(persona_reasons(p));
    if p.same_player() {
        let why = format!(
            "{} is unique: one player may have only one instance of the same persona in play",
            p.a.card.title
        );
        return Ruling::Refused(because(why, UNIQUE.title));
    }
    reasons.push(fact(format!(
        "{} and {} belong to different players",
        p.a.handle, p.b.handle
    )));
    yes_because(
        reasons,
        "uniqueness limits each player, not both players together",
        UNIQUE,
    )
}

/// Personnel, ships and stations of one persona: "persona" says one of them
/// per player (and one each for two players); a dual-personnel card holds
/// the personas of its two persons ("dual-personnel cards").
fn persona_reasons(p: &Pair) -> Vec<Reason> {
    if !same_persona(&p.a.card, &p.b.card) {
        return vec![];
    }
    let mut out = vec![because(
        format!(
            "{} and {} are versions of one persona",
            p.a.handle, p.b.handle
        ),
        PERSONA.title,
    )];
    if let Some(dual) = [p.a, p.b]
        .into_iter()
        .find(|x| crate::cards::persona::is_dual(&x.card))
    {
        out.push(because(
            format!(
                "{} is a dual-personnel card: each of its personas counts",
                dual.handle
            ),
            "dual-personnel cards",
        ));
    }
    out
}

fn universal(p: &Pair, reasons: &mut Vec<Reason>) -> Ruling {
    if p.a.card.universal && p.a.card.is_personnel() {
        reasons.push(because(
            "a universal persona may have any number of copies in play",
            PERSONA.title,
        ));
    }
    let why = format!(
        "{} is universal or not marked \"Unique\" or \"Not duplicatable\": any number of copies may be in play",
        p.a.card.title
    );
    yes_because(reasons, why, UNIQUE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture::{personnel, piece, table};
    use crate::engine::state::Place;

    /// The ruling of one rule on the first two pieces of `state`.
    fn ruling(rule: fn(&Pair, &mut Vec<Reason>) -> Ruling, state: &GameState) -> Ruling {
        let pair = Pair {
            a: &state.pieces[0],
            b: &state.pieces[1],
        };
        rule(&pair, &mut Vec::new())
    }

    fn two(title: &str, second_owner: &str, edit: impl Fn(&mut Card)) -> GameState {
        let mut s = table();
        for owner in ["alice", second_owner] {
            let i = personnel(&mut s, title, owner, Place::Table, &["Federation"]);
            edit(&mut s.pieces[i].card);
        }
        s
    }

    #[test]
    fn a_collective_has_one_counterpart() {
        let s = two("Locutus", "alice", |c| {
            c.characteristics = vec!["Counterpart".into()]
        });
        assert!(matches!(ruling(one_counterpart, &s), Ruling::No(_)));
        assert_eq!(
            ruling(one_counterpart, &two("Data", "alice", |_| ())),
            Ruling::Next
        );
    }

    #[test]
    fn different_personas_coexist() {
        let mut s = table();
        personnel(&mut s, "Data", "alice", Place::Table, &[]);
        personnel(&mut s, "Worf", "alice", Place::Table, &[]);
        assert_eq!(ruling(different_personas, &s), Ruling::Yes);
        assert_eq!(
            ruling(different_personas, &two("Data", "alice", |_| ())),
            Ruling::Next
        );
    }

    #[test]
    fn a_mirror_version_or_an_impersonator_coexists_with_the_persona() {
        for mark in ["(Quark)", "<Quark>"] {
            let mut s = table();
            personnel(&mut s, "Quark", "alice", Place::Table, &[]);
            let m = personnel(&mut s, "Mr. Quark", "alice", Place::Table, &[]);
            s.pieces[m].card.personas = crate::cards::parse::personas(mark);
            let mut reasons = Vec::new();
            let pair = Pair {
                a: &s.pieces[0],
                b: &s.pieces[1],
            };
            assert_eq!(different_personas(&pair, &mut reasons), Ruling::Yes);
            assert!(
                reasons[0].text.contains("not a true version"),
                "{reasons:?}"
            );
        }
    }

    #[test]
    fn a_unique_mission_is_not_duplicatable_for_either_player() {
        let mission = |universal: bool| {
            let mut s = table();
            for owner in ["alice", "bob"] {
                piece(
                    &mut s,
                    "Cargo Rendezvous",
                    CardType::Mission,
                    owner,
                    Place::Table,
                    |c| c.universal = universal,
                );
            }
            ruling(duplicatable, &s)
        };
        assert!(matches!(mission(false), Ruling::No(_)));
        assert_eq!(mission(true), Ruling::Next);
    }

    #[test]
    fn not_duplicatable_binds_every_player() {
        let mut s = table();
        for owner in ["alice", "bob"] {
            piece(
                &mut s,
                "Plaque",
                CardType::Event,
                owner,
                Place::Table,
                |c| c.text = "Not duplicatable.".into(),
            );
        }
        assert!(matches!(ruling(duplicatable, &s), Ruling::No(_)));
    }

    /// The entry titles one rule's reasons (and refusal) cite.
    fn cited(rule: fn(&Pair, &mut Vec<Reason>) -> Ruling, state: &GameState) -> Vec<String> {
        let pair = Pair {
            a: &state.pieces[0],
            b: &state.pieces[1],
        };
        let mut reasons = Vec::new();
        let r = rule(&pair, &mut reasons);
        super::super::rules::titles_cited(r, reasons)
    }

    #[test]
    fn one_persona_cites_persona_and_unique_and_a_dual_card_its_entry() {
        let same = cited(unique, &two("Data", "alice", |_| ()));
        assert!(same.contains(&"persona".into()) && same.contains(&"unique and universal".into()));
        let theirs = cited(unique, &two("Data", "bob", |_| ()));
        assert!(theirs.contains(&"persona".into()));
        let dual = cited(
            unique,
            &two("Sisters", "alice", |c| {
                c.class = Some("V.I.P.+V.I.P.".into());
                c.personas = ["Lursa", "B'Etor"]
                    .map(|name| crate::cards::model::Persona {
                        name: name.into(),
                        mirror: false,
                        infiltrator: false,
                    })
                    .to_vec()
            }),
        );
        assert!(dual.contains(&"dual-personnel cards".into()), "{dual:?}");
    }

    #[test]
    fn counterparts_of_two_players_cite_the_counterpart_ruling() {
        let theirs = two("Locutus", "bob", |c| {
            c.characteristics = vec!["Counterpart".into()]
        });
        assert_eq!(ruling(one_counterpart, &theirs), Ruling::Next);
        assert!(cited(one_counterpart, &theirs).contains(&"counterpart".into()));
    }

    #[test]
    fn a_unique_persona_is_unique_for_each_player() {
        assert!(matches!(
            ruling(unique, &two("Data", "alice", |_| ())),
            Ruling::Refused(_)
        ));
        assert_eq!(ruling(unique, &two("Data", "bob", |_| ())), Ruling::Yes);
        let universal_copies = two("Linda Larson", "alice", |c| c.universal = true);
        assert_eq!(ruling(unique, &universal_copies), Ruling::Next);
        assert_eq!(ruling(universal, &universal_copies), Ruling::Yes);
    }
}
