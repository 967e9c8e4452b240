//! A card played on a target: `can play` / `valid response` with `target`
//! checks each target against what the card's text says it plays on
//! ([`crate::engine::abilities::plays_on`]): the kind of card, whose it is
//! (Glossary "your": one you control), where it is (Glossary "in orbit": "a
//! docked ship is not considered to be in orbit"), and the Glossary's list of
//! cards that may not target a docked ship ("docked ship").

use super::{because, fact};
use crate::cards::model::{CardType, DilemmaType};
use crate::engine::abilities::plays_on::{self, Host, PlaysOnWords, Whose};
use crate::engine::response::compiled_using;
use crate::engine::state::{GameState, Place, Target};
use crate::engine::verdict::Reason;

/// The card, the function used, and who plays it.
pub struct Played<'a> {
    pub card: usize,
    pub function: Option<&'a str>,
    pub player: &'a str,
}

/// Whether every target fits the card's "plays on" clause: the reasons it
/// does, or the reason one does not.
pub fn targets_fit(
    played: &Played,
    (targets, to): (&[usize], Option<Target>),
    state: &GameState,
) -> Result<Vec<Reason>, Reason> {
    let card = &state.pieces[played.card].card;
    let compiled = compiled_using(card, played.function);
    let Some(host) = compiled.abilities.iter().find_map(plays_on::host) else {
        return Ok(vec![fact(format!(
            "{} does not say what it plays on: its target is not checked against its text",
            card.title
        ))]);
    };
    let mut reasons = Vec::new();
    for &t in targets {
        reasons.extend(fits(played, &host, t, state)?);
    }
    match to {
        Some(Target::Location(l) | Target::Planet(l)) => {
            reasons.extend(location_fits(played, &host, l, state)?)
        }
        Some(Target::Piece(t)) => reasons.extend(fits(played, &host, t, state)?),
        None => {}
    }
    Ok(reasons)
}

/// A location against the host clause: a mission host, whose ("your
/// mission": one you seeded), planet or space.
fn location_fits(
    played: &Played,
    host: &Host,
    l: usize,
    state: &GameState,
) -> Result<Vec<Reason>, Reason> {
    let title = &state.pieces[played.card].card.title;
    let loc = &state.locations[l];
    let says = format!("{title} plays on {}", host.words);
    let fail = |why: String, entry: &str| Err(because(format!("{says}: {why}"), entry));
    if host.kind != "location" {
        return fail(
            format!("{} is a location, not a {}", loc.name, host.kind),
            "target",
        );
    }
    let yours = loc.owner.as_deref() == Some(played.player);
    match host.whose {
        Whose::Yours if !yours => return fail(format!("{} is not your mission", loc.name), "your"),
        Whose::Opponents if yours => {
            return fail(format!("{} is your own mission", loc.name), "your")
        }
        _ => {}
    }
    let kind = loc.mission.dilemma_type;
    for (q, entry) in &host.qualifiers {
        let fits = match q.as_str() {
            "planet" => matches!(kind, Some(DilemmaType::Planet | DilemmaType::Dual)),
            "space" => matches!(kind, Some(DilemmaType::Space | DilemmaType::Dual)),
            _ => true,
        };
        if !fits {
            return fail(format!("{} is not a {q} mission", loc.name), entry);
        }
    }
    Ok(vec![because(
        format!("{says}: {} fits", loc.name),
        "target",
    )])
}

/// One target against the host clause: the reasons it fits, each citing
/// the entry of the part it meets, or the reason it does not.
fn fits(played: &Played, host: &Host, t: usize, state: &GameState) -> Result<Vec<Reason>, Reason> {
    let title = &state.pieces[played.card].card.title;
    let target = &state.pieces[t];
    let says = format!("{title} plays on {}", host.words);
    let ty = target.card.card_type.name();
    let mut met = vec![];
    let mut check = |holds: bool, yes: String, no: String, entry: &str| {
        if holds {
            met.push(because(format!("{says}: {yes}"), entry));
            Ok(())
        } else {
            Err(because(format!("{says}: {no}"), entry))
        }
    };
    let h = &target.handle;
    check(
        host.types.is_empty() || host.types.contains(&ty),
        format!("{h} is a {ty}"),
        format!("{h} is a {ty}, not a {}", host.kind),
        "target",
    )?;
    let yours = target.controller == played.player;
    match host.whose {
        Whose::Yours => check(
            yours,
            format!("{h} is yours (you control it)"),
            format!("{h} is not yours (you do not control it)"),
            "your",
        )?,
        Whose::Opponents => check(
            !yours,
            format!("{h} is not yours"),
            format!("{h} is your own"),
            "your",
        )?,
        Whose::Any => {}
    }
    for (kind, entry) in &host.qualifiers {
        if kind == "in orbit" {
            check(
                in_orbit(state, t),
                format!("{h} is in orbit (in space, undocked, at a planet location)"),
                format!("{h} is not in orbit (a ship is in orbit when it is in space, undocked, at a planet location; a docked ship is not)"),
                entry,
            )?;
        }
    }
    let words = PlaysOnWords::get();
    if words.spares_docked_ships(title) && target.card.card_type == CardType::Ship {
        check(
            target.docked.is_none(),
            format!("{h} is not docked, and {title} may not target a docked ship"),
            format!("{title} may not target a docked ship, and {h} is docked"),
            &words.docked_ship.entry,
        )?;
    }
    Ok(met)
}

/// In space, undocked, at a planet location (Glossary "in orbit").
fn in_orbit(state: &GameState, t: usize) -> bool {
    let p = &state.pieces[t];
    let Place::Space(l) = p.at else {
        return false;
    };
    let planet = matches!(
        state.locations[l].mission.dilemma_type,
        Some(DilemmaType::Planet | DilemmaType::Dual)
    );
    p.card.card_type == CardType::Ship && p.docked.is_none() && planet
}
