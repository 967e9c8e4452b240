//! What Borg do with dilemmas while scouting (Glossary "scouting
//! locations": "Borg encounter and resolve dilemmas and Q-Flashes in the
//! same way that non-Borg do during mission attempts ... subject to a few
//! additional rules"). Here: "Discard gender-related dilemmas such as
//! Female Love Interest or Matriarchal Society" - "Gender is irrelevant to
//! the Borg" (Glossary "Borg"), unless the card specifies that it affects
//! Borg.

use super::event;
use crate::cards::model::Card;
use crate::engine::abilities::borg_points::specifies_affecting_borg;
use crate::engine::abilities::dilemma::CompiledDilemma;
use crate::engine::requirements::grounds::names_gender;
use crate::engine::ruleset::{Event, EventKind};
use crate::engine::state::GameState;
use crate::vocab::vocabulary;

const SCOUTING: &str = "scouting locations";
const SUMMARY: &str = "dilemma resolution - summary";

/// A gender-related dilemma: its trigger, conditions, targets or any other
/// requirement it was compiled into names a gender (in either half of a
/// combo).
pub fn gender_related(d: &CompiledDilemma) -> bool {
    d.requirements().into_iter().any(names_gender)
        || d.second_half.as_deref().is_some_and(gender_related)
}

/// Every member of the group facing the dilemma is of an affiliation that
/// may not attempt missions (`glossary/affiliations.toml` `[attempts]`: the
/// Borg): they scout.
fn borg_group(state: &GameState, group: &[usize]) -> bool {
    let scouts = |a: &String| !vocabulary().affiliations.may_attempt_missions(a);
    !group.is_empty()
        && group
            .iter()
            .all(|&p| state.affiliations(p).iter().any(scouts))
}

/// What Borg scouting does with the dilemma a Borg group faces: `Err` with
/// the events of discarding a gender-related one without effect, `Ok` with
/// the reading that they resolve it as non-Borg do; `None` for a group
/// that is not Borg.
pub fn borg_scouting(
    state: &GameState,
    card: &Card,
    d: &CompiledDilemma,
    group: &[usize],
) -> Option<Result<Event, Vec<Event>>> {
    if !borg_group(state, group) {
        return None;
    }
    if !gender_related(d) || specifies_affecting_borg(card) {
        let why = format!(
            "the Borg scout: they encounter and resolve {} in the same way that non-Borg do (it is not a gender-related dilemma that leaves them unaffected)",
            d.title
        );
        return Some(Ok(event(EventKind::Reading, why, SCOUTING)));
    }
    Some(Err(vec![
        event(
            EventKind::TriggerAbsent,
            format!(
                "{} is a gender-related dilemma and the Borg scout: they discard it without effect",
                d.title
            ),
            SCOUTING,
        ),
        event(
            EventKind::DilemmaDiscarded,
            format!("{} is discarded", d.title),
            SCOUTING,
        ),
        event(EventKind::AttemptContinues, "scouting continues", SUMMARY),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::abilities::dilemma::compile_dilemma;
    use crate::engine::fixture;
    use crate::engine::state::Place;

    const LOVE: &str = "Female Away Team member (random selection) runs off with lover to furthest planet. Discard dilemma.";

    #[test]
    fn a_dilemma_naming_a_gender_is_gender_related() {
        let love = compile_dilemma("Love", LOVE);
        let society = compile_dilemma(
            "Society",
            "Cannot get past unless at least two female Away Team members are present.",
        );
        let armus = compile_dilemma("Armus", "Kills one Away Team member (random selection).");
        assert!(gender_related(&love) && gender_related(&society));
        assert!(!gender_related(&armus));
    }

    #[test]
    fn only_borg_discard_a_gender_related_dilemma() {
        let mut s = fixture::table();
        let l = fixture::location(&mut s, "Alpha");
        let drone = fixture::piece(
            &mut s,
            "Drone",
            CardType::Personnel,
            "alice",
            Place::Planet(l),
            |c| {
                c.affiliations = vec!["Borg".into()];
            },
        );
        let card = fixture::card_with_text("Love", CardType::Dilemma, LOVE);
        let d = compile_dilemma("Love", LOVE);
        assert!(matches!(
            borg_scouting(&s, &card, &d, &[drone]),
            Some(Err(_))
        ));
        let armus = compile_dilemma("Armus", "Kills one Away Team member (random selection).");
        assert!(matches!(
            borg_scouting(&s, &card, &armus, &[drone]),
            Some(Ok(_))
        ));
        s.pieces[drone].card.affiliations = vec!["Federation".into()];
        assert!(borg_scouting(&s, &card, &d, &[drone]).is_none());
    }
}
