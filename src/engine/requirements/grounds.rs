//! Why a requirement is met or not, as the rules entries state it: each term
//! that decided is met in a way one entry describes (a total attribute, a
//! skill supplied twice over, a classification for a skill, an affiliation
//! or a species...). A verdict on a requirement cites those entries, and the
//! card-specific rulings (`glossary/card-rulings.toml`) of the members whose
//! ruled-on aspect a term read.

use super::{evaluate, supplied_by, Requirement, Supplied};
use crate::cards::model::Card;
use crate::engine::verdict::{Citation, Reason};
use crate::vocab::card_rulings::Aspect;

/// How a kind of requirement term is met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ground {
    /// "A requirement such as STRENGTH>40 refers to the total STRENGTH of
    /// the Away Team or crew."
    Total,
    /// "A requirement for multiples of a skill ... may be met by two
    /// personnel with Navigation or by one personnel with Navigation x2."
    Multiples,
    /// "A requirement for a personnel type, such as MEDICAL, may be met by
    /// either a skill or a classification."
    PersonnelType,
    /// A skill "must be supplied by a personnel who has that skill in its
    /// skills box"; the lore does not count.
    SkillsBox,
    /// An affiliation named is met by that affiliation or that species.
    AffiliationOrSpecies,
    /// Male, female or neuter.
    Gender,
    /// A dual-personnel card is two personnel, each with its own skills.
    DualPersonnel,
    /// "any Intelligence": any skill of the family, from skills boxes.
    Family,
    /// "any Miles": a personnel representing the character, no impersonator.
    AnyNamed,
}

/// The genders the Glossary's "gender" entry names.
const GENDERS: &[&str] = &["male", "female", "neuter"];

/// A word naming a gender ("Female", "males", "Female(s)", "Male's").
pub fn is_gender_word(word: &str) -> bool {
    let w = word.to_lowercase();
    let w = w.trim_end_matches("'s").trim_end_matches("(s)");
    let singular = w.strip_suffix('s').unwrap_or(w);
    GENDERS.iter().any(|g| *g == w || *g == singular)
}

/// Does `req` name a gender anywhere in it?
pub fn names_gender(req: &Requirement) -> bool {
    let mut out = Vec::new();
    every_name(req, &mut out);
    out.iter().any(|n| is_gender_word(n))
}

/// Every skill, classification or feature name in `req`.
fn every_name<'a>(req: &'a Requirement, out: &mut Vec<&'a str>) {
    match req {
        Requirement::Skill { name, .. } => out.push(name),
        _ => req.parts().into_iter().for_each(|r| every_name(r, out)),
    }
}

impl Ground {
    fn entry(self) -> Citation {
        match self {
            Ground::Total | Ground::Multiples | Ground::PersonnelType => {
                Citation::glossary("dilemma resolution")
            }
            Ground::SkillsBox => Citation::rulings("skills vs. lore"),
            Ground::AffiliationOrSpecies => Citation::glossary("affiliation and species"),
            Ground::Gender => Citation::glossary("gender"),
            Ground::DualPersonnel => Citation::glossary("dual-personnel cards"),
            Ground::Family => Citation::glossary("any Intelligence"),
            Ground::AnyNamed => Citation::glossary("any"),
        }
    }

    fn text(self) -> &'static str {
        match self {
            Ground::Total => "an attribute requirement is met by the group's total",
            Ground::Multiples => {
                "multiples of a skill are met by several personnel or by one with the skill xN"
            }
            Ground::PersonnelType => "a personnel type is met by a skill or a classification",
            Ground::SkillsBox => "a skill counts only from a skills box, never from the lore",
            Ground::AffiliationOrSpecies => {
                "an affiliation named is met by personnel of that affiliation or species"
            }
            Ground::Gender => "a personnel's gender is male unless its card shows otherwise",
            Ground::Family => {
                "\"any Intelligence\" is met by any skill of its family in a skills box, in any combination (never the lore)"
            }
            Ground::AnyNamed => {
                "\"any <name>\" is any personnel representing that character (mirror and alternate versions too), never an impersonator"
            }
            Ground::DualPersonnel => {
                "a dual-personnel card is two personnel, each with only its own skills: a skill each has once counts twice for the group, but neither has it x2"
            }
        }
    }

    /// The card-specific ruling aspect this ground reads, if any.
    fn aspect(self) -> Option<Aspect> {
        match self {
            Ground::AffiliationOrSpecies => Some(Aspect::Species),
            Ground::Gender => Some(Aspect::Gender),
            _ => None,
        }
    }
}

/// The grounds of the terms that decided whether `group` meets `req`: on a
/// miss, those of the unmet terms; on a meeting, those of the terms met (of
/// an alternative, the one met first).
pub fn grounds(req: &Requirement, group: &[&Card]) -> Vec<Ground> {
    let mut out = Vec::new();
    collect(req, group, &mut out);
    let skills = [Ground::Multiples, Ground::SkillsBox, Ground::PersonnelType];
    if skills.iter().any(|g| out.contains(g)) && super::personnel(group).is_some() {
        push(&mut out, Ground::DualPersonnel);
    }
    out
}

fn collect(req: &Requirement, group: &[&Card], out: &mut Vec<Ground>) {
    let met = |r: &Requirement| evaluate(r, group).is_empty();
    match req {
        Requirement::All(v) => {
            let unmet: Vec<&Requirement> = v.iter().filter(|r| !met(r)).collect();
            let deciding = if unmet.is_empty() {
                v.iter().collect()
            } else {
                unmet
            };
            deciding.into_iter().for_each(|r| collect(r, group, out));
        }
        Requirement::Any(v) => match v.iter().find(|r| met(r)) {
            Some(r) => collect(r, group, out),
            None => v.iter().for_each(|r| collect(r, group, out)),
        },
        Requirement::With { base, qualifier } => {
            collect(base, group, out);
            collect(qualifier, group, out);
        }
        Requirement::At { req: r, .. }
        | Requirement::FromUpTo { req: r, .. }
        | Requirement::Discard(r)
        | Requirement::Members { each: r, .. }
        | Requirement::Not(r)
        | Requirement::Absent(r)
        | Requirement::OnShip(r)
        | Requirement::Printed(r) => collect(r, group, out),
        Requirement::Family { .. } => push(out, Ground::Family),
        Requirement::Total { .. } | Requirement::Computed { .. } => push(out, Ground::Total),
        Requirement::Skill { name, count } => {
            if *count > 1.0 {
                push(out, Ground::Multiples);
            }
            named(name, group, out);
        }
        Requirement::AnyNamed(_) => push(out, Ground::AnyNamed),
        Requirement::MissionIcon { at, elsewhere, .. } => {
            collect(at, group, out);
            collect(elsewhere, group, out);
        }
        Requirement::Personnel(_)
        | Requirement::Icon(_)
        | Requirement::GroupSize { .. }
        | Requirement::PlayerPoints { .. }
        | Requirement::BeganWith { .. }
        | Requirement::SkillsCompared { .. }
        | Requirement::Lore { .. }
        | Requirement::Cards { .. } => {}
    }
}

/// The grounds of a term naming a skill, classification or feature: what
/// kind of name it is, and how the members supply it.
fn named(name: &str, group: &[&Card], out: &mut Vec<Ground>) {
    let v = crate::vocab::vocabulary();
    let from_box = group
        .iter()
        .any(|c| matches!(supplied_by(c, name), Some(Supplied::Skill(_))));
    if v.skills.is_classification(name) {
        push(out, Ground::PersonnelType);
        if from_box {
            push(out, Ground::SkillsBox);
        }
    } else if v.skills.canonical(name).is_some() {
        push(out, Ground::SkillsBox);
        // "A card requiring simply \"Intelligence\" must be met by that skill."
        if v.skills.is_intelligence(name) {
            push(out, Ground::Family);
        }
    } else if v.affiliations.canonical(name).is_some() {
        push(out, Ground::AffiliationOrSpecies);
    } else if GENDERS.iter().any(|g| g.eq_ignore_ascii_case(name)) {
        push(out, Ground::Gender);
    }
}

fn push(out: &mut Vec<Ground>, g: Ground) {
    if !out.contains(&g) {
        out.push(g);
    }
}

/// The reasons for `grounds`: each ground's entry, then the card-specific
/// ruling of every member on the aspect the ground reads.
pub fn reasons(grounds: &[Ground], group: &[&Card]) -> Vec<Reason> {
    let rulings = &crate::vocab::vocabulary().card_rulings;
    let mut out = Vec::new();
    for &g in grounds {
        out.push(Reason {
            text: g.text().into(),
            citation: Some(g.entry()),
        });
        let Some(aspect) = g.aspect() else { continue };
        for c in group {
            if let Some(r) = rulings.about(&c.title, aspect) {
                out.push(Reason {
                    text: format!("the Current Rulings settle {}'s {}", c.title, aspect.name()),
                    citation: Some((&r.source()).into()),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::{CardType, Skill};

    fn person(title: &str, affiliation: &str, class: Option<&str>, skills: &[(&str, f32)]) -> Card {
        Card {
            title: title.into(),
            card_type: CardType::Personnel,
            affiliations: vec![affiliation.into()],
            class: class.map(str::to_string),
            skills: skills
                .iter()
                .map(|(n, l)| Skill {
                    name: n.to_string(),
                    level: *l,
                })
                .collect(),
            skills_parsed: true,
            ..Card::default()
        }
    }

    fn of(text: &str, group: &[&Card]) -> Vec<Ground> {
        grounds(&super::super::parse(text).unwrap(), group)
    }

    #[test]
    fn each_kind_of_term_has_its_ground() {
        let farek = person("Dr. Farek", "Ferengi", Some("MEDICAL"), &[("Biology", 1.0)]);
        let worf = person("Worf", "Klingon", Some("SECURITY"), &[("SECURITY", 1.0)]);
        assert_eq!(of("STRENGTH>40", &[&worf]), [Ground::Total]);
        // A classification held only as a classification is no skills-box skill.
        assert_eq!(of("MEDICAL", &[&farek]), [Ground::PersonnelType]);
        assert_eq!(
            of("SECURITY", &[&worf]),
            [Ground::PersonnelType, Ground::SkillsBox]
        );
        assert_eq!(
            of("Biology x2", &[&farek]),
            [Ground::Multiples, Ground::SkillsBox]
        );
        assert_eq!(of("Klingon", &[&farek]), [Ground::AffiliationOrSpecies]);
        assert_eq!(of("Female", &[&farek]), [Ground::Gender]);
    }

    #[test]
    fn only_the_terms_that_decided_are_grounds() {
        let farek = person("Dr. Farek", "Ferengi", Some("MEDICAL"), &[("Biology", 1.0)]);
        // Met: every term decided. Missed: only the unmet term.
        assert_eq!(
            of("MEDICAL + STRENGTH>40", &[&farek]),
            [Ground::Total],
            "the MEDICAL term is met and did not decide the miss"
        );
        // An alternative met first is the one that decided.
        assert_eq!(of("Biology OR STRENGTH>40", &[&farek]), [Ground::SkillsBox]);
        assert_eq!(
            of("Navigation OR STRENGTH>40", &[&farek]),
            [Ground::SkillsBox, Ground::Total]
        );
    }

    #[test]
    fn a_card_ruling_on_the_aspect_read_is_cited_for_that_member_only() {
        let ruled = &crate::vocab::vocabulary().card_rulings.rulings;
        let on_gender = ruled.iter().find(|r| r.on == Aspect::Gender).unwrap();
        let ruled_one = person(&on_gender.card, "Non-Aligned", None, &[]);
        let other = person("Someone Else", "Non-Aligned", None, &[]);
        let cited = |g: Ground, c: &Card| -> Vec<Citation> {
            reasons(&[g], &[c])
                .into_iter()
                .filter_map(|r| r.citation)
                .collect()
        };
        let ruling = Citation::rulings(&on_gender.entry);
        assert!(cited(Ground::Gender, &ruled_one).contains(&ruling));
        assert!(!cited(Ground::Gender, &other).contains(&ruling));
        assert!(!cited(Ground::Total, &ruled_one).contains(&ruling));
    }
}
