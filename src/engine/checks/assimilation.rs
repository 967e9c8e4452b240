//! Who Borg may assimilate or select for abduction (`outcome of =
//! "assimilable"`, Glossary "assimilation – personnel", "holographic
//! personnel and equipment"; Current Rulings "assimilation"): "Borg do not
//! assimilate (or target for assimilation) ANIMALs or holographic
//! recreations. Such personnel are excluded from any selections for
//! abduction or assimilation. All other personnel, including androids,
//! changelings, and your opponent's Borg, may be assimilated normally".

use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use crate::engine::question::OutcomeQuestion as Question;
use crate::engine::state::GameState;
use crate::engine::verdict::{Reason, Verdict};

const ASSIMILATION: Entry =
    Entry::glossary("assimilation – personnel").stated_in_rulings("assimilation");
const HOLOGRAMS: Entry = Entry::glossary(crate::engine::first_edition::HOLOGRAMS);

/// The personnel asked about.
struct Target<'a> {
    state: &'a GameState,
    card: usize,
}

impl Target<'_> {
    fn handle(&self) -> &str {
        &self.state.pieces[self.card].handle
    }
}

fn rules<'a>() -> [Rule<Target<'a>>; 4] {
    [
        Rule {
            name: "a personnel",
            entry: ASSIMILATION,
            apply: personnel,
        },
        Rule {
            name: "not a hologram",
            entry: HOLOGRAMS.stated_in_rulings("assimilation"),
            apply: not_hologram,
        },
        Rule {
            name: "not an ANIMAL",
            entry: ASSIMILATION,
            apply: not_animal,
        },
        Rule {
            name: "all other personnel",
            entry: ASSIMILATION,
            apply: any_other,
        },
    ]
}

/// `outcome of = "assimilable"`, `card`: yes / no.
pub fn assimilable(q: &Question, state: &GameState) -> Verdict {
    let Some(card) = q.who.first() else {
        return super::undecided(
            "`card` (the personnel asked about)",
            vec![],
            ASSIMILATION.title,
        );
    };
    decide(&rules(), &Target { state, card })
}

fn personnel(t: &Target, _: &mut Vec<Reason>) -> Ruling {
    if t.state.pieces[t.card].card.is_personnel() {
        return Ruling::Next;
    }
    Ruling::Undecided(format!(
        "{} is not a personnel (planets and ships are assimilated by objectives)",
        t.handle()
    ))
}

fn not_hologram(t: &Target, _: &mut Vec<Reason>) -> Ruling {
    if !t.state.pieces[t.card].card.is_hologram() {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is a hologram: Borg do not assimilate (or target for assimilation) holographic personnel, who are excluded from any selections for abduction or assimilation",
        t.handle()
    ))
}

fn not_animal(t: &Target, _: &mut Vec<Reason>) -> Ruling {
    if !t.state.pieces[t.card].card.is_animal() {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is an ANIMAL: Borg do not assimilate (or target for assimilation) ANIMALs",
        t.handle()
    ))
}

fn any_other(t: &Target, reasons: &mut Vec<Reason>) -> Ruling {
    yes_because(
        reasons,
        format!(
            "{} is neither a hologram nor an ANIMAL: all other personnel, including androids, changelings and the opponent's Borg, may be assimilated normally unless a card says otherwise",
            t.handle()
        ),
        ASSIMILATION,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::fixture::{location, piece, table};
    use crate::engine::state::Place;

    fn asked(card: impl FnOnce(&mut crate::cards::model::Card)) -> Verdict {
        let mut s = table();
        let l = location(&mut s, "Alpha");
        let p = piece(
            &mut s,
            "p",
            CardType::Personnel,
            "bob",
            Place::Planet(l),
            card,
        );
        decide(&rules(), &Target { state: &s, card: p })
    }

    #[test]
    fn holograms_and_animals_are_not_assimilated_androids_are() {
        use crate::engine::verdict::VerdictValue::{No, Yes};
        assert_eq!(asked(|c| c.icons = vec!["Holo".into()]).value, No);
        assert_eq!(asked(|c| c.class = Some("ANIMAL".into())).value, No);
        assert_eq!(
            asked(|c| c.characteristics = vec!["Android".into()]).value,
            Yes
        );
    }
}
