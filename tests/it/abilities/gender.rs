//! Gender in dilemmas (Glossary "gender", "dilemma resolution": a trigger or
//! target "with a specific feature (such as a female)"): every 1E dilemma
//! whose text names a gender, and whether the compiler reads that gender
//! into the dilemma (a trigger, conditions or the victims), never "no
//! conditions". The unread count may only shrink.

use daystrom::cards::model::{CardType, Edition};
use daystrom::engine::abilities::dilemma::{compile_dilemma, CompiledDilemma};
use daystrom::engine::requirements::grounds::{is_gender_word, names_gender};

/// Gendered dilemmas whose gender the compiler does not read: a gender the
/// opponent names ("Opponent specifies \"male\" or \"female\""), "a
/// personnel of the opposite gender", and cards downloaded ("two male
/// Ferengi"), not the group. 4 since options a player chooses between
/// ("opponent may choose to discard two females ... OR male with most [*]
/// icons") and targets selected one of two ways ("Randomly select one Vulcan
/// male OR opponent chooses one personnel") read.
const GENDER_UNREAD: usize = 4;

fn names_a_gender(text: &str) -> bool {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '(' || c == ')'))
        .any(is_gender_word)
}

/// Read: a requirement of the compiled dilemma (trigger, conditions,
/// victims) names the gender.
fn reads_gender(d: &CompiledDilemma) -> bool {
    d.requirements().into_iter().any(names_gender)
}

#[test]
fn every_gendered_dilemma_reads_its_gender_or_is_counted() {
    let db = crate::support::cards();
    let mut seen = std::collections::BTreeSet::new();
    let mut unread = Vec::new();
    for c in db.cards.iter().filter(|c| {
        c.edition == Edition::First && c.card_type == CardType::Dilemma && names_a_gender(&c.text)
    }) {
        if !seen.insert(c.title.clone()) {
            continue;
        }
        if !reads_gender(&compile_dilemma(&c.title, &c.text)) {
            unread.push(c.title.clone());
        }
    }
    println!(
        "gendered dilemmas: {}, gender read: {}, unread: {} {unread:?}",
        seen.len(),
        seen.len() - unread.len(),
        unread.len()
    );
    assert!(
        seen.len() >= 15,
        "gendered 1E dilemmas found: {}",
        seen.len()
    );
    assert!(
        unread.len() <= GENDER_UNREAD,
        "gendered dilemmas whose gender does not read: {unread:?}"
    );
}

fn compiled(title: &str) -> CompiledDilemma {
    let card = crate::support::card(title);
    compile_dilemma(&card.title, &card.text)
}

fn victims(d: &CompiledDilemma) -> Vec<String> {
    let filters = d.effects.iter().map(|e| e.victims.filter.as_ref());
    filters
        .map(|f| f.map(|r| r.to_string()).unwrap_or_default())
        .collect()
}

#[test]
fn each_gender_shape_reads_into_a_trigger_or_the_victims() {
    // "Female Away Team member (random selection) runs off with lover to
    // furthest planet": "with lover" follows the selection, it is the verb's.
    assert_eq!(victims(&compiled("Female's Love Interest")), ["female"]);
    // "MALE'S LOVE INTEREST: Male crew or Away Team member ...": the combo's
    // title opens the card.
    assert_eq!(
        victims(&compiled("Male's Love Interest & Plague Ship"))[0],
        "male"
    );
    // "If Female(s) in Away Team, the one with highest total attribute
    // numbers resigns (is discarded)": the trigger finds the victim.
    let anaphasic = compiled("Anaphasic Organism");
    assert_eq!(anaphasic.trigger.as_ref().unwrap().to_string(), "female");
    assert_eq!(victims(&anaphasic), ["female"]);
    // "female crew or Away Team member with highest total attributes": the
    // superlative selects, the adjective stays a feature.
    assert_eq!(
        victims(&compiled("Anaphasic Organism & Nagilum"))[0],
        "female"
    );
    // "Place on a female present (random selection). ... she is \"stopped\"".
    assert_eq!(victims(&compiled("Kidnappers")), ["female", "female"]);
}

#[test]
fn options_and_target_alternatives_read_their_gender() {
    // "opponent may choose to discard two females (random selection) OR male
    // with most [*] icons": two options, the second taking the first's verb.
    let cage = compiled("Talosian Cage");
    let options: Vec<(String, String)> = cage
        .options
        .iter()
        .map(|e| {
            (
                e.verb.clone(),
                e.victims.filter.as_ref().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        options,
        [
            ("discard".to_string(), "female".to_string()),
            ("discard".to_string(), "male".to_string())
        ]
    );
    assert!(cage.effects.is_empty(), "an option is no effect of its own");
    // "Randomly select one Vulcan male OR opponent chooses one personnel":
    // one target, either way; the second names no kind.
    let koon = compiled("Koon-ut-kal-if-fee");
    let filters: Vec<Option<String>> = koon
        .target_options
        .iter()
        .map(|t| t.filter.as_ref().map(|f| f.to_string()))
        .collect();
    assert_eq!(filters, [Some("Vulcan + male".to_string()), None]);
    assert!(
        koon.targets.is_empty(),
        "alternatives are not both selected"
    );
}
