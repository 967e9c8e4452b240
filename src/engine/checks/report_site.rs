//! Whose report a site or headquarters takes: its compiled "X may report
//! here" clauses ([`crate::engine::abilities::reporting`]) matched against
//! the card reporting (Glossary "site": "Each Site card states what kind of
//! cards may report there"; "facility": sites allow reporting by "matching
//! affiliation, compatible, or 'regardless of affiliation'; if not
//! specified, compatibility is not required"), and the Nor's docking site
//! ("report": "when a site allows you to report (or download) cards, you may
//! do so only if that Nor also has at least one docking site").

use super::because;
use crate::cards::model::{CardType, FacilityKind};
use crate::engine::abilities::continuous::{Descriptor, Polarity, Reach, Trait};
use crate::engine::abilities::reporting::{self, AffiliationRule, ReportClause, Reporter};
use crate::engine::derived;
use crate::engine::state::{GameState, Place};
use crate::engine::verdict::Reason;

/// What a card's report clauses say about one card reporting to it.
#[derive(Debug, Clone, PartialEq)]
pub enum Admission {
    /// A clause lets it report; the icons that clause ignores.
    Yes {
        reasons: Vec<Reason>,
        ignoring: Vec<String>,
    },
    No(String),
    Undecided(String),
    /// The card has no report clause.
    Silent,
}

/// The card reporting and to what.
pub struct Reporting<'a> {
    pub state: &'a GameState,
    pub card: usize,
    pub player: &'a str,
    /// Only a clause that reports "for free" counts.
    pub free_only: bool,
}

/// The station a site is part of (a site stacks beside its Nor: `at` the
/// station's id).
pub fn station_of(state: &GameState, site: usize) -> Option<usize> {
    match state.pieces[site].at {
        Place::Aboard(n) if state.pieces[n].card.card_type == CardType::Facility => Some(n),
        _ => None,
    }
}

/// The sites of a station.
pub fn sites_of(state: &GameState, station: usize) -> Vec<usize> {
    (0..state.pieces.len())
        .filter(|&s| state.pieces[s].card.card_type == CardType::Site)
        .filter(|&s| station_of(state, s) == Some(station))
        .collect()
}

/// A docking site: a site whose text lets ships dock there ("may dock and
/// undock here") or report there - a ship reports docked ("facility":
/// "Ships report docked at an appropriate docking site").
pub fn is_docking_site(state: &GameState, site: usize) -> bool {
    let card = &state.pieces[site].card;
    let docks = crate::engine::abilities::continuous::of(card)
        .permissions
        .iter()
        .any(|p| p.polarity == Polarity::Permit && p.act == "dock" && p.reach == Reach::Here);
    let ships_report = reporting::of(card).iter().any(|c| {
        c.polarity == Polarity::Permit
            && !c.at_station
            && c.reporters
                .iter()
                .any(|r| r.card_type.as_deref() == Some("ship"))
    });
    docks || ships_report
}

/// What the report clauses of `to` (a site: also the clauses of the other
/// sites of its Nor that speak "at this Nor") say about the card.
pub fn admits(r: &Reporting, to: usize) -> Admission {
    let state = r.state;
    let mut clauses: Vec<(usize, ReportClause)> = reporting::of(&state.pieces[to].card)
        .iter()
        .map(|c| (to, c.clone()))
        .collect();
    if let Some(nor) = station_of(state, to) {
        for site in sites_of(state, nor).into_iter().filter(|&s| s != to) {
            let station_wide = reporting::of(&state.pieces[site].card);
            clauses.extend(
                station_wide
                    .iter()
                    .filter(|c| c.at_station)
                    .map(|c| (site, c.clone())),
            );
        }
    }
    if clauses.is_empty() {
        return Admission::Silent;
    }
    // A prohibition ("Ships may not report here") speaks first.
    clauses.sort_by_key(|(_, c)| c.polarity != Polarity::Forbid);
    let host = station_of(state, to).unwrap_or(to);
    let mut undecided = None;
    let mut refusals = Vec::new();
    for (site, clause) in &clauses {
        match clause_admits(r, *site, host, clause) {
            Admission::No(why) if clause.polarity == Polarity::Forbid => return Admission::No(why),
            yes @ Admission::Yes { .. } => return yes,
            Admission::Undecided(what) => undecided = undecided.or(Some(what)),
            Admission::No(why) => refusals.push(why),
            Admission::Silent => {}
        }
    }
    if let Some(what) = undecided {
        return Admission::Undecided(what);
    }
    let who = &state.pieces[r.card].card.title;
    let place = &state.pieces[to].handle;

    Admission::No(match refusals.is_empty() {
        true => format!("{place}'s text does not let {who} report there"),
        false => format!(
            "{place}'s text does not let {who} report there: {}",
            refusals.join("; ")
        ),
    })
}

/// One clause of `site` (part of the facility `host`). A prohibition that
/// does not name the card is silent.
fn clause_admits(r: &Reporting, site: usize, host: usize, c: &ReportClause) -> Admission {
    let state = r.state;
    let text = format!("{}: \"{}\"", state.pieces[site].handle, c.text);
    let mut unread = None;
    let mut found = None;
    for p in &c.reporters {
        match reporter_matches(r, host, p, c) {
            Named::Yes(why) => {
                found = Some(why);
                break;
            }
            Named::Unread(what) => unread = unread.or(Some(what)),
            Named::No => {}
        }
    }
    let Some(why) = found else {
        return match (unread, c.polarity) {
            (_, Polarity::Forbid) => Admission::Silent,
            (Some(what), _) => Admission::Undecided(format!("whether {what} ({text})")),
            (None, _) => Admission::No(format!("{text} names no such card")),
        };
    };
    if c.polarity == Polarity::Forbid {
        return Admission::No(format!("{text} forbids it"));
    }
    if r.free_only && !c.free {
        return Admission::No(format!("{text} is not a free report"));
    }
    let occupied = state
        .pieces
        .iter()
        .any(|p| p.at == Place::Aboard(site) && p.card.is_personnel());
    if c.vacant && occupied {
        return Admission::No(format!("{text}: the site is occupied"));
    }
    // A site's clause is its "site" text; a headquarters' free report is
    // Current Rulings "headquarters".
    let why = format!("{text}: {why}");
    let reason = match state.pieces[site].card.card_type {
        CardType::Site => because(why, "site"),
        _ => super::ruling(why, "headquarters"),
    };
    Admission::Yes {
        reasons: vec![reason],
        ignoring: c.ignoring.clone(),
    }
}

/// Whether a clause's reporter names the card.
enum Named {
    Yes(String),
    No,
    /// Words the reading cannot decide (a condition, an unread reporter).
    Unread(String),
}

/// Whether the reporting card is one a clause names.
fn reporter_matches(r: &Reporting, host: usize, p: &Reporter, c: &ReportClause) -> Named {
    let state = r.state;
    let card = &state.pieces[r.card].card;
    let typed = match p.card_type.as_deref() {
        Some("personnel") => card.is_personnel(),
        Some("equipment") => card.card_type == CardType::Equipment,
        Some("ship") => card.card_type == CardType::Ship,
        _ => true,
    };
    let features = p
        .traits
        .iter()
        .all(|t| identified(state, r.card, t) != t.negated);
    let staffed = p.staffing_below.is_none_or(|n| card.staffing.len() < n);
    if !(typed && features && staffed && classified(card, p)) {
        return Named::No;
    }
    if let Some(what) = &p.unread {
        return Named::Unread(format!("{} is one of those \"{what}\"", card.title));
    }
    // "if ship is compatible with station's affiliation OR crew includes a
    // V.I.P. OR ...": compatibility decides; without it, the other
    // alternatives are words the reading keeps.
    match (affiliation_allows(r, host, p.affiliation), &c.condition) {
        (Some(why), _) => Named::Yes(why),
        (None, Some(cond)) => Named::Unread(format!("\"{cond}\" holds")),
        (None, None) => Named::No,
    }
}

/// The classification a clause names: the personnel's, which a card that
/// selects it "when reporting" does not have yet (Glossary "report": "the
/// card Soong-type Android may not report to a site allowing a certain
/// classification to report, because it has no classification before
/// reporting").
fn classified(card: &crate::cards::model::Card, p: &Reporter) -> bool {
    let Some(class) = &p.classification else {
        return true;
    };
    let selects = reporting::selected_when_reporting(&card.text);
    !selects.iter().any(|f| f == "classification")
        && (card
            .class
            .as_deref()
            .is_some_and(|c| c.eq_ignore_ascii_case(class))
            || card.skill_level(class) > 0.0)
}

/// A feature the card has: a skill, classification, icon, affiliation or
/// characteristic (the derived layer's `has_trait`), or a rank or title
/// identified in its card title or lore (Current Rulings "headquarters": "the
/// Personnel card must have one of the listed ranks or titles in its card
/// title or lore").
pub fn identified(state: &GameState, piece: usize, t: &Trait) -> bool {
    if derived::has_trait(state, piece, &t.descriptor) {
        return true;
    }
    let Descriptor::Word(w) = &t.descriptor else {
        return false;
    };
    let card = &state.pieces[piece].card;
    let words = |text: &str| -> Vec<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-'))
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let named = |text: &str| {
        let have = words(text);
        let want: Vec<String> = w.split(' ').map(str::to_string).collect();
        let forms = |x: &str| [x.to_string(), format!("{x}s"), format!("{x}es")];
        have.windows(want.len()).any(|win| {
            win.iter()
                .zip(&want)
                .all(|(h, x)| forms(h).contains(x) || forms(x).contains(h))
        })
    };
    named(&card.title) || named(&card.lore)
}

/// The clause's word on affiliation, against the facility or Nor: why it
/// allows the card, or `None`.
fn affiliation_allows(r: &Reporting, host: usize, rule: AffiliationRule) -> Option<String> {
    let state = r.state;
    let mine = state.affiliations(r.card);
    let theirs = state.affiliations(host);
    let station = &state.pieces[host].handle;
    match rule {
        AffiliationRule::Compatible if !mine.is_empty() => {
            let (ok, _) = super::compat::sets_compatible(state, r.player, &mine, &theirs);
            ok.then(|| format!("compatible with {station}"))
        }
        AffiliationRule::Matching if !mine.is_empty() => {
            let ok = mine
                .iter()
                .any(|a| theirs.iter().any(|b| a.eq_ignore_ascii_case(b)));
            ok.then(|| format!("matching {station}'s affiliation"))
        }
        AffiliationRule::Regardless => Some("regardless of affiliation".into()),
        _ => Some("no affiliation required".into()),
    }
}

/// True when the facility is a station (a Nor's sites speak for it).
pub fn is_station(state: &GameState, f: usize) -> bool {
    state.pieces[f].card.facility_kind() == Some(FacilityKind::Station)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture::{piece, table};

    fn word(w: &str) -> Trait {
        Trait {
            descriptor: Descriptor::Word(w.into()),
            negated: false,
        }
    }

    #[test]
    fn a_rank_is_identified_in_title_or_lore_only() {
        let mut s = table();
        let jarok = piece(
            &mut s,
            "Alidar Jarok",
            CardType::Personnel,
            "alice",
            Place::Hand,
            |c| c.lore = "Conscientious admiral who questioned Romulan policy.".into(),
        );
        let mendak = piece(
            &mut s,
            "Mendak",
            CardType::Personnel,
            "alice",
            Place::Hand,
            |c| c.lore = "Commander of the warbird Devoras.".into(),
        );
        assert!(identified(&s, jarok, &word("admiral")));
        assert!(!identified(&s, mendak, &word("admiral")));
        assert!(identified(&s, mendak, &word("commanders")));
    }

    #[test]
    fn docking_sites_let_ships_dock_or_report_there() {
        let mut s = table();
        let nor = piece(
            &mut s,
            "Nor",
            CardType::Facility,
            "alice",
            Place::Table,
            |c| c.class = Some("Station".into()),
        );
        let site = |s: &mut GameState, text: &str| {
            piece(
                s,
                "Site",
                CardType::Site,
                "alice",
                Place::Aboard(nor),
                |c| c.text = text.into(),
            )
        };
        let pylons = site(
            &mut s,
            "Any ship may dock and undock here if ship is compatible.",
        );
        let ports = site(
            &mut s,
            "Any ship with fewer than three staffing icons may report, dock and undock here.",
        );
        let bar = site(
            &mut s,
            "Ferengi ships may report, dock, undock and repair at this Nor.",
        );
        assert!(is_docking_site(&s, pylons) && is_docking_site(&s, ports));
        assert!(!is_docking_site(&s, bar));
        assert_eq!(sites_of(&s, nor), [pylons, ports, bar]);
    }
}
