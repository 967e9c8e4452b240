//! Persona identity (Glossary "persona"): which personnel, ships and
//! facilities are versions of one persona. Two cards are when they have the
//! same card title, or one's persona name is the other's, or both name the
//! same persona. A mirror version (`(Name)` in the Persona column: a mirror
//! quadrant icon and the name in bold italics) and an impersonator (`<Name>`:
//! an infiltration icon and the name in bold italics) are *not* true versions
//! of the persona they name: they may be in play beside it. Two mirror
//! versions of one persona, or two impersonators of one, are versions of each
//! other ("if they both have the same persona name in boldface").
//!
//! [`same_persona`] is the one answer to "are these versions of the same
//! persona": `can coexist`, `can report` and persona replacement call it,
//! and the card query language's `persona:` matches the [`identities`] it
//! compares (stored per card at ingest). The persona rule does not apply to other card types (Glossary
//! "card titles").

use super::model::{Card, CardType, Persona, Skill, Stat};
use crate::repair::fold_for_match;

/// How a card stands for a persona.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Version {
    /// A true version (its own title, or the persona its lore names in bold).
    True,
    /// A mirror version: the opposite of the persona's regular versions.
    Mirror,
    /// An impersonator (an infiltrator posing as the persona).
    Impersonator,
}

impl Version {
    /// The word stored for it (the card query language reads it back).
    pub fn name(self) -> &'static str {
        match self {
            Version::True => "true",
            Version::Mirror => "mirror",
            Version::Impersonator => "impersonator",
        }
    }

    fn of(p: &Persona) -> Version {
        if p.mirror {
            Version::Mirror
        } else if p.infiltrator {
            Version::Impersonator
        } else {
            Version::True
        }
    }

    /// A persona written as the Persona column marks it: `Name`, `(Name)`
    /// for a mirror version, `<Name>` for an impersonator.
    pub fn read(written: &str) -> (Version, &str) {
        let w = written.trim();
        let inner = |open: char, close: char| {
            w.strip_prefix(open)
                .and_then(|r| r.strip_suffix(close))
                .map(str::trim)
        };
        match (inner('(', ')'), inner('<', '>')) {
            (Some(name), _) => (Version::Mirror, name),
            (_, Some(name)) => (Version::Impersonator, name),
            _ => (Version::True, w),
        }
    }
}

/// One persona a card stands for: its name (folded for matching) and how.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PersonaId {
    pub name: String,
    pub version: Version,
}

impl PersonaId {
    fn new(name: &str, version: Version) -> PersonaId {
        PersonaId {
            name: fold_for_match(name),
            version,
        }
    }
}

/// Cards the persona rule covers: personnel, ships and (for non-duplicatable
/// stations such as Deep Space 9 and Terok Nor) facilities.
fn has_persona(c: &Card) -> bool {
    matches!(
        c.card_type,
        CardType::Personnel | CardType::Ship | CardType::Facility
    )
}

/// The card title without a version subtitle or "2E" mark: the CSV names a
/// version "Jean-Luc Picard (Nemesis)" and a back "Deep Space 9 (back)";
/// "Lt. (j.g.) Picard" keeps its parentheses.
pub fn base_title(title: &str) -> &str {
    let t = title.trim();
    let t = match t.rfind(" (") {
        Some(i) if t.ends_with(')') => &t[..i],
        _ => t,
    };
    t.split(" 2E").next().unwrap_or(t).trim()
}

/// The personas the Persona column names (a dual-personnel card has two).
fn named(c: &Card) -> impl Iterator<Item = PersonaId> + '_ {
    c.all_personas()
        .into_iter()
        .filter(|p| !p.name.is_empty())
        .map(|p| PersonaId::new(&p.name, Version::of(p)))
}

/// Every persona `c` is an instance of: its own title (a true version of
/// itself) and each persona its Persona column names, marked mirror or
/// impersonator as printed. Empty for card types without personas.
pub fn identities(c: &Card) -> Vec<PersonaId> {
    if !has_persona(c) {
        return vec![];
    }
    let own = PersonaId::new(base_title(&c.title), Version::True);
    let mut all: Vec<PersonaId> = std::iter::once(own).chain(named(c)).collect();
    all.sort();
    all.dedup();
    all
}

/// The personas of the people on the card: the two of a dual-personnel
/// card, else the persona it names (a mirror or impersonated one as marked),
/// else its own title. Persona replacement exchanges these.
pub fn persons(c: &Card) -> Vec<PersonaId> {
    if !has_persona(c) {
        return vec![];
    }
    let named: Vec<PersonaId> = named(c).collect();
    if named.is_empty() {
        return vec![PersonaId::new(base_title(&c.title), Version::True)];
    }
    named
}

/// A dual-personnel card: two people, each a persona of its own, with two
/// classifications ("OFFICER+SECURITY"). Bones names two personas but is one
/// personnel.
pub fn is_dual(c: &Card) -> bool {
    c.is_personnel() && named(c).count() > 1 && c.class.as_deref().is_some_and(|k| k.contains('+'))
}

/// The person of `people` a name stands for: the persona's name, or one
/// word of it ("Worf" for "Worf"; "Lursa" on Sisters of Duras).
pub fn person_named<'p>(people: &'p [Card], name: &str) -> Option<&'p Card> {
    let name = crate::repair::fold_for_match(name);
    let folded = |c: &Card| crate::repair::fold_for_match(&c.title);
    people.iter().find(|c| folded(c) == name).or_else(|| {
        let mut by_word = people
            .iter()
            .filter(|c| folded(c).split([' ', ',']).any(|w| w == name));
        by_word.next().filter(|_| by_word.next().is_none())
    })
}

/// The personnel a dual-personnel card holds, each with only its own
/// skills, classification and attributes (Glossary "dual-personnel cards":
/// they "appear in the same order as the individual personnel's skills are
/// listed"). A skill each of the two has once is not "x2" on either of them.
/// Empty for any other card, or when the halves cannot be told apart.
pub fn people(c: &Card) -> Vec<Card> {
    if !is_dual(c) {
        return vec![];
    }
    let named: Vec<&Persona> = c
        .all_personas()
        .into_iter()
        .filter(|p| !p.name.is_empty())
        .collect();
    let boxes = super::parse::people_skill_boxes(&c.text);
    let classes: Vec<&str> = c.class.as_deref().unwrap_or("").split('+').collect();
    if boxes.len() != named.len() || classes.len() != named.len() {
        return vec![];
    }
    let nth = |stat: &Option<Stat>, i: usize| -> Option<Stat> {
        let printed = stat.as_ref()?.to_string();
        Stat::parse(printed.split('+').nth(i)?)
    };
    let person = |(i, (p, bx)): (usize, (&&Persona, super::parse::SkillBox))| {
        let mut skills = bx.skills;
        let class = classes[i].trim();
        let vocab = crate::vocab::vocabulary();
        if let Some(name) = vocab.skills.canonical(class) {
            match skills.iter_mut().find(|s| s.name == name) {
                Some(s) => s.level += 1.0,
                None => skills.push(Skill { name, level: 1.0 }),
            }
        }
        Card {
            title: p.name.clone(),
            persona: Some((*p).clone()),
            personas: vec![(*p).clone()],
            class: Some(class.to_string()),
            int_rng: nth(&c.int_rng, i),
            cun_wpn: nth(&c.cun_wpn, i),
            str_shd: nth(&c.str_shd, i),
            skills,
            special_skills: bx.special_skills,
            special_downloads: bx.downloads,
            ..c.clone()
        }
    };
    named.iter().zip(boxes).enumerate().map(person).collect()
}

/// Are `a` and `b` copies of one card: the same title, however spelt
/// (case, apostrophes, accents)?
pub fn same_card(a: &Card, b: &Card) -> bool {
    crate::repair::fold_for_match(&a.title) == crate::repair::fold_for_match(&b.title)
}

/// Are `a` and `b` versions of the same persona (Glossary "persona")? Two
/// copies of a card are; a mirror version or an impersonator is not a
/// version of the persona it names; a ship is never a version of a
/// personnel.
pub fn same_persona(a: &Card, b: &Card) -> bool {
    let theirs = identities(b);
    a.card_type == b.card_type && identities(a).iter().any(|p| theirs.contains(p))
}

/// When one of `a` and `b` names the other's persona only as its mirror
/// version or its impersonator: how (the reason they may coexist).
pub fn opposite(a: &Card, b: &Card) -> Option<Version> {
    let theirs = identities(b);
    identities(a).into_iter().find_map(|p| {
        let other = theirs
            .iter()
            .find(|q| q.name == p.name && q.version != p.version)?;
        Some(p.version.max(other.version))
    })
}

/// Is `c` "any <name>" (Glossary "any")? A personnel card representing the
/// character: the name among the words of its title, persona or lore —
/// Alternate Universe, mirror and hologram versions included, never an
/// impersonator ("Odo Founder is not any Odo").
pub fn is_any(c: &Card, name: &str) -> bool {
    let n = fold_for_match(name);
    let words = |text: &str| -> bool {
        fold_for_match(text)
            .split(|ch: char| !(ch.is_alphanumeric() || ch == '\''))
            .any(|w| w == n)
    };
    let impersonates = c
        .all_personas()
        .iter()
        .any(|p| p.infiltrator && words(&p.name));
    let named =
        words(&c.title) || words(&c.lore) || c.all_personas().iter().any(|p| words(&p.name));
    c.is_personnel() && named && !impersonates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse::personas;

    fn card(title: &str, kind: CardType, cell: &str) -> Card {
        let personas = personas(cell);
        Card {
            title: title.into(),
            card_type: kind,
            persona: personas.first().cloned(),
            personas,
            ..Card::default()
        }
    }

    fn personnel(title: &str, cell: &str) -> Card {
        card(title, CardType::Personnel, cell)
    }

    #[test]
    fn versions_share_a_title_or_a_persona_name() {
        let picard = personnel("Jean-Luc Picard", "");
        let galen = personnel("Galen", "Jean-Luc Picard");
        let locutus = personnel("Locutus of Borg", "Jean-Luc Picard");
        let nemesis = personnel("Jean-Luc Picard (Nemesis)", "");
        assert!(same_persona(&picard, &galen) && same_persona(&galen, &locutus));
        assert!(same_persona(&picard, &nemesis));
        assert!(!same_persona(&picard, &personnel("Admiral Picard", "")));
        assert!(!same_persona(&picard, &personnel("Lt. (j.g.) Picard", "")));
    }

    #[test]
    fn mirror_versions_and_impersonators_are_not_versions_of_the_persona() {
        let quark = personnel("Quark", "");
        let mirror = personnel("Mr. Quark", "(Quark)");
        assert!(!same_persona(&quark, &mirror));
        let bashir = personnel("Julian Bashir", "");
        assert!(!same_persona(
            &bashir,
            &personnel("Bashir Founder", "<Julian Bashir>")
        ));
        assert!(!same_persona(
            &bashir,
            &personnel("Captain Bashir", "(Julian Bashir)")
        ));
        // two mirror versions of one persona name the same persona in bold
        assert_eq!(opposite(&quark, &mirror), Some(Version::Mirror));
        assert_eq!(opposite(&quark, &personnel("Rom", "")), None);
        let regent = personnel("Regent Worf", "(Worf)");
        assert!(same_persona(&regent, &personnel("Mirror Worf", "(Worf)")));
        assert!(!same_persona(&regent, &personnel("Worf", "")));
    }

    #[test]
    fn a_dual_personnel_card_is_both_of_its_personas() {
        let mut sons = personnel("Sons of Mogh", "Kurn;Worf");
        sons.class = Some("OFFICER+SECURITY".into());
        assert!(is_dual(&sons) && persons(&sons).len() == 2);
        assert!(same_persona(&sons, &personnel("Worf", "")));
        assert!(same_persona(&sons, &personnel("Kurn", "")));
        assert!(!is_dual(&personnel("Galen", "Jean-Luc Picard")));
    }

    #[test]
    fn each_person_of_a_dual_card_has_only_their_own_skills() {
        let mut sons = personnel("Sons of Mogh", "Kurn;Worf");
        sons.class = Some("OFFICER+SECURITY".into());
        sons.text = "OFFICER+SECURITY Kurn: Honor Computer Skill Navigation Worf: Honor x 2 Navigation Diplomacy".into();
        sons.str_shd = Stat::parse("8+10");
        let two = people(&sons);
        assert_eq!(two.len(), 2);
        let (kurn, worf) = (&two[0], &two[1]);
        assert_eq!((kurn.title.as_str(), worf.title.as_str()), ("Kurn", "Worf"));
        assert_eq!(kurn.skill_level("Navigation"), 1.0);
        assert_eq!(worf.skill_level("Honor"), 2.0);
        assert_eq!(kurn.skill_level("OFFICER"), 1.0);
        assert_eq!(kurn.skill_level("SECURITY"), 0.0);
        assert_eq!(worf.str_shd, Some(Stat::Num(10)));
        assert_eq!(
            person_named(&two, "worf").map(|p| p.title.as_str()),
            Some("Worf")
        );
        assert!(person_named(&two, "Lursa").is_none());
        // Bones names two personas but is one personnel
        let mut bones = personnel("Bones", "Mr. Spock;Dr. McCoy");
        bones.class = Some("MEDICAL".into());
        assert!(people(&bones).is_empty());
    }

    #[test]
    fn stations_and_ships_are_personas_events_are_not() {
        let ds9 = card("Deep Space 9", CardType::Facility, "Terok Nor");
        let terok = card("Terok Nor", CardType::Facility, "");
        assert!(same_persona(&ds9, &terok));
        let ent = card("U.S.S. Enterprise", CardType::Ship, "");
        assert!(!same_persona(
            &ent,
            &card("Future Enterprise", CardType::Ship, "")
        ));
        let event = card("Red Alert!", CardType::Event, "");
        assert!(!same_persona(&event, &event.clone()));
    }

    #[test]
    fn any_name_is_a_version_in_title_persona_or_lore_but_no_impersonator() {
        let smiley = personnel("Smiley", "(Miles O'Brien)");
        assert!(is_any(&smiley, "Miles"));
        let mut chief = personnel("Chief O'Brien", "");
        chief.lore = "Miles O'Brien as a Chief of Operations.".into();
        assert!(is_any(&chief, "miles"));
        assert!(!is_any(&personnel("Odo Founder", "<Odo>"), "Odo"));
        assert!(!is_any(&personnel("Nog", ""), "Miles"));
    }

    #[test]
    fn a_written_persona_is_read_with_its_marks() {
        assert_eq!(Version::read("(Quark)"), (Version::Mirror, "Quark"));
        assert_eq!(Version::read("<Odo>"), (Version::Impersonator, "Odo"));
        assert_eq!(Version::read(" Quark "), (Version::True, "Quark"));
        assert_eq!(base_title("Deep Space 9 (back)"), "Deep Space 9");
        assert_eq!(
            base_title("U.S.S. Enterprise-D 2E (Battleship)"),
            "U.S.S. Enterprise-D"
        );
    }
}
