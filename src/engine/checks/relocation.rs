//! Where a relocating dilemma sends its victim (`dilemma outcome`, `card`,
//! `is = "relocated"`, `to = <place>`): the destination the ability
//! compiler read after the effect's verb ([`Destination`]), found on the
//! spaceline from where the dilemma is encountered. The nearest planet is
//! measured as the Glossary's "ties" says; a place someone chooses, a
//! qualifier the engine does not evaluate, or a tie leaves it `undecided`.

use super::spaceline::{nearest_planet_why, TIES};
use super::{because, undecided};
use crate::engine::abilities::dilemma::compile_dilemma;
use crate::engine::abilities::relocation::{Destination, RELOCATE};
use crate::engine::abilities::{clause, grammar};
use crate::engine::question::DilemmaQuestion as Question;
use crate::engine::state::{GameState, Target};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};

const RESOLUTION: &str = "dilemma resolution";

/// Where the place `to` is: a location, or the location of a card.
fn location(state: &GameState, to: &Target) -> Option<usize> {
    match *to {
        Target::Location(l) | Target::Planet(l) => Some(l),
        Target::Piece(p) => state.location_of(p),
    }
}

/// `is = "relocated"` with `to`: `relocated` is the verdict on whether the
/// card is relocated at all; when it is, whether it goes to `to`.
pub fn relocated_to(q: &Question, state: &GameState, relocated: Verdict) -> Verdict {
    let (Some(to), Some(card)) = (&q.to, q.who.card()) else {
        return relocated;
    };
    // Only a relocation has a destination; any other claim keeps its verdict.
    let claim = q.is.as_deref().unwrap_or_default();
    let verbs = clause::effect_verbs(&grammar::tokenize(claim));
    if relocated.value != VerdictValue::Yes || verbs.first().map(String::as_str) != Some(RELOCATE) {
        return relocated;
    }
    let mut reasons = relocated.reasons;
    let Some(from) = state.location_of(card) else {
        let why = format!("{} stands at no location", state.pieces[card].handle);
        return undecided(why, reasons, RESOLUTION);
    };
    // Where the dilemma is encountered: where the group facing it stands.
    let here = q
        .who
        .by()
        .first()
        .and_then(|&p| state.location_of(p))
        .unwrap_or(from);
    let compiled = compile_dilemma(&q.dilemma.title, &q.dilemma.text);
    let Some(dest) = compiled
        .effects
        .iter()
        .chain(&compiled.otherwise)
        .filter(|e| e.verb == RELOCATE)
        .find_map(|e| e.to.clone())
    else {
        let why = format!("{} names no destination the engine reads", q.dilemma.title);
        return undecided(why, reasons, RESOLUTION);
    };
    let found = match destination(state, Measured { from, here }, &dest) {
        Ok((l, why)) => {
            reasons.push(why);
            l
        }
        Err((what, entry)) => return undecided(what, reasons, entry),
    };
    let wanted = location(state, to);
    let name = |l: usize| state.locations[l].name.clone();
    let handle = &state.pieces[card].handle;
    let yes = wanted == Some(found);
    let verdict = if yes { "goes" } else { "does not go" };
    let asked = wanted.map_or("the place asked".to_string(), name);
    reasons.push(because(
        format!(
            "{handle} is relocated to {}: {verdict} to {asked}",
            name(found)
        ),
        RESOLUTION,
    ));
    Verdict::yes_no(yes, reasons, vec![])
}

/// Where a destination is measured from: the relocated card's location,
/// and where the dilemma is encountered ("here").
#[derive(Clone, Copy)]
struct Measured {
    from: usize,
    here: usize,
}

/// The location a destination names, measured from `from`, with the reason;
/// or what leaves it open and the entry saying so.
fn destination(
    state: &GameState,
    at: Measured,
    dest: &Destination,
) -> Result<(usize, Reason), (String, &'static str)> {
    let name = |l: usize| state.locations[l].name.clone();
    let from = at.from;
    match dest {
        Destination::Here => Ok((
            at.here,
            because(
                format!(
                    "\"here\" is where the dilemma is encountered, {}",
                    name(at.here)
                ),
                RESOLUTION,
            ),
        )),
        Destination::Toward { end, locations } => {
            toward_far_end(state, from, *locations).map(|(l, why)| {
                let why = format!(
                    "{why}; {locations} location(s) toward the {end}: {}",
                    name(l)
                );
                (l, because(why, TIES))
            })
        }
        Destination::Nearest { place, qualifier } if place == "planet" => {
            if let Some(q) = qualifier {
                let why = format!("the nearest planet must also be \"{q}\": not evaluated");
                return Err((why, TIES));
            }
            nearest_planet_why(state, from).map_err(|open| (open, TIES))
        }
        Destination::Nearest { place, .. } => Err((
            format!("the nearest {place} is not measured on the spaceline yet"),
            TIES,
        )),
        Destination::Named { title } => {
            let at = state.find(title).and_then(|p| state.location_of(p));
            match at {
                Some(l) => Ok((
                    l,
                    because(format!("{{{title}}} is at {}", name(l)), RESOLUTION),
                )),
                None => Err((format!("{{{title}}} is not in play"), RESOLUTION)),
            }
        }
        Destination::Chosen { place, chooser } => {
            let who = chooser
                .as_ref()
                .map_or("a player's choice".into(), |c| c.name());
            Err((format!("the destination, {place}, is {who}"), "selections"))
        }
        Destination::Unread { words } => Err((
            format!("the destination \"{words}\" is not read"),
            RESOLUTION,
        )),
    }
}

/// `steps` locations from `from` toward the far end of its spaceline: the
/// direction with more cards, then more span (Glossary "ties"); a tie on
/// both is the opponent's choice. The last location of the spaceline stops
/// the move.
fn toward_far_end(
    state: &GameState,
    from: usize,
    steps: u32,
) -> Result<(usize, String), (String, &'static str)> {
    let here = &state.locations[from];
    let line: Vec<usize> = (0..state.locations.len())
        .filter(|&l| state.locations[l].same_quadrant(here))
        .collect();
    let Some(pos) = line.iter().position(|&l| l == from) else {
        return Err(("the location is on no spaceline".into(), TIES));
    };
    let (left, right) = (&line[..pos], &line[pos + 1..]);
    let measure = |side: &[usize]| {
        let span: i32 = side.iter().map(|&l| state.locations[l].span()).sum();
        (side.len(), span)
    };
    let (l, r) = (measure(left), measure(right));
    let name = |l: usize| state.locations[l].name.clone();
    let steps = steps as usize;
    let to = match l.cmp(&r) {
        std::cmp::Ordering::Equal if left.is_empty() => {
            return Err((format!("{} is alone on its spaceline", name(from)), TIES))
        }
        std::cmp::Ordering::Equal => {
            let why = format!("as many cards and as much span lie each way from {}: the opponent chooses the far end", name(from));
            return Err((why, TIES));
        }
        std::cmp::Ordering::Greater => (left[pos.saturating_sub(steps)..][0], (l, r), "left"),
        std::cmp::Ordering::Less => (right[steps.min(right.len()) - 1], (r, l), "right"),
    };
    let (to, (far, near), side) = (to.0, to.1, to.2);
    let why = format!(
        "the far end of the spaceline from {} lies {side}: {} card(s) and span {} that way, {} and {} the other",
        name(from),
        far.0,
        far.1,
        near.0,
        near.1
    );
    Ok((to, why))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::model::CardType;
    use crate::engine::abilities::dilemma::Selection;
    use crate::engine::fixture;
    use crate::engine::state::Place;

    fn at(l: usize) -> Measured {
        Measured { from: l, here: l }
    }

    /// Two locations; a card titled "Quark's Bar" at the second.
    fn scene() -> (GameState, usize, usize) {
        let mut s = fixture::table();
        let (here, there) = (
            fixture::location(&mut s, "Alpha"),
            fixture::location(&mut s, "Alpha"),
        );
        fixture::piece(
            &mut s,
            "Quark's Bar",
            CardType::Facility,
            "alice",
            Place::Space(there),
            |_| (),
        );
        (s, here, there)
    }

    #[test]
    fn a_named_destination_is_where_that_card_is() {
        let (s, here, there) = scene();
        let named = |t: &str| Destination::Named { title: t.into() };
        assert_eq!(
            destination(&s, at(here), &named("Quark's Bar")).map(|(l, _)| l),
            Ok(there)
        );
        // Near miss: a card not in play is no place.
        let gone = destination(&s, at(here), &named("Caretaker's Array"));
        assert_eq!(
            gone.map(|(l, _)| l),
            Err(("{Caretaker's Array} is not in play".into(), RESOLUTION))
        );
    }

    #[test]
    fn a_chosen_or_unread_destination_stays_open() {
        let (s, here, _) = scene();
        let chosen = Destination::Chosen {
            place: "a time location".into(),
            chooser: Some(Selection::You),
        };
        assert!(matches!(
            destination(&s, at(here), &chosen),
            Err((_, "selections"))
        ));
        let unread = Destination::Unread {
            words: "matching homeworld".into(),
        };
        assert!(destination(&s, at(here), &unread).is_err());
    }

    #[test]
    fn here_is_where_the_dilemma_is_encountered_not_where_the_card_stands() {
        let (s, here, there) = scene();
        let moved = Measured { from: there, here };
        assert_eq!(
            destination(&s, moved, &Destination::Here).map(|(l, _)| l),
            Ok(here)
        );
    }

    #[test]
    fn the_far_end_is_the_side_with_more_cards_then_more_span() {
        let mut s = fixture::table();
        let l: Vec<usize> = (0..4).map(|_| fixture::location(&mut s, "Alpha")).collect();
        let far = |from: usize, steps: u32| {
            let dest = Destination::Toward {
                end: "far end of spaceline".into(),
                locations: steps,
            };
            destination(&s, at(from), &dest).map(|(l, _)| l)
        };
        // From the second of four: two cards to the right, one to the left.
        assert_eq!(far(l[1], 1), Ok(l[2]));
        assert_eq!(far(l[1], 5), Ok(l[3]), "the end of the spaceline stops it");
        // From the third: two to the left.
        assert_eq!(far(l[2], 1), Ok(l[1]));
        // Near miss: alone on its spaceline, there is no far end to go to.
        let mut lone = fixture::table();
        let only = fixture::location(&mut lone, "Alpha");
        let dest = Destination::Toward {
            end: "far end of spaceline".into(),
            locations: 1,
        };
        assert!(destination(&lone, at(only), &dest).is_err());
    }
}
