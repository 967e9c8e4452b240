//! Reporting for duty as ordered rules: what the cards in play say, card
//! type, normal card play timing, a facility that allows reporting, its
//! kind, compatibility and the quadrant rule ("report", "card play", "turn",
//! "facility", "native quadrant").

use super::report_site::{self, Admission};
use super::rules::{decide, yes_because, Entry, Rule, Ruling};
use super::{because, ruling};
use crate::cards::model::{CardType, FacilityKind};
use crate::engine::action::Phase;
use crate::engine::question::{OutcomeQuestion, ReportQuestion as Question};
use crate::engine::state::{Format, GameState, Place, Request, Target};
use crate::engine::verdict::{Reason, Verdict, VerdictValue};
use crate::vocab::card_rulings::Aspect;
use crate::vocab::vocabulary;

/// A `can report` question with what its rules share.
pub struct Report<'a> {
    state: &'a GameState,
    q: &'a Question,
    card: usize,
    player: String,
    asked: Request,
}

impl Report<'_> {
    /// The card `to` names (the facility or site reported to).
    fn to(&self) -> Option<usize> {
        match self.q.to {
            Some(Target::Piece(f)) => Some(f),
            _ => None,
        }
    }

    /// The facility reported to (for a site, its Nor). Only the rules after
    /// `elsewhere` ask: that rule ends every report that has no card as its
    /// `to`.
    fn facility(&self) -> usize {
        let to = self
            .to()
            .expect("`elsewhere` ends reports without a facility");
        report_site::station_of(self.state, to).unwrap_or(to)
    }

    /// The site reported to, if `to` is a site.
    fn site(&self) -> Option<usize> {
        self.to()
            .filter(|&s| self.state.pieces[s].card.card_type == CardType::Site)
    }

    /// The card reporting, as a site's or headquarters' clauses read it: a
    /// free report with no other card allowing it must be one the clause
    /// makes free.
    fn reporting(&self) -> report_site::Reporting<'_> {
        report_site::Reporting {
            state: self.state,
            card: self.card,
            player: &self.player,
            free_only: self.q.free && self.q.allowed_by.is_none(),
        }
    }

    /// A card other than a facility or site allowing the report (The
    /// Emissary, Devidian Door): it lifts the quadrant rule and the docking
    /// site.
    fn allowed_elsewhere(&self) -> Result<Option<String>, String> {
        let Some(by) = super::allowing_card(self.state, &self.asked, self.q.allowed_by) else {
            return Ok(None);
        };
        match self.state.find(&by).map(|i| &self.state.pieces[i].card.card_type) {
            Some(CardType::Facility | CardType::Site) => Ok(None),
            Some(_) => Ok(Some(by)),
            None => Err(format!("the card allowing the report (\"{by}\") is not in the scenario, so whether it is a facility or site is unknown")),
        }
    }

    fn handle(&self, i: usize) -> &str {
        &self.state.pieces[i].handle
    }

    fn card_type(&self) -> &CardType {
        &self.state.pieces[self.card].card.card_type
    }

    /// The facility reported to and the quadrant it is in.
    fn facility_here(&self) -> Option<(usize, String)> {
        self.to()?;
        let f = self.facility();
        let loc = self.state.location_of(f)?;
        Some((f, self.state.locations[loc].quadrant().to_string()))
    }

    /// Refuses outside the normal card play, unless reported for free.
    fn unless_free(&self, refused: impl FnOnce() -> Option<String>) -> Ruling {
        match (self.q.free, refused()) {
            (false, Some(why)) => Ruling::No(why),
            _ => Ruling::Next,
        }
    }
}

/// `ask = "can report"`: may `card` report for duty `to` a facility now?
pub fn can_report(q: &Question, state: &GameState) -> Verdict {
    let Some(card) = q.who.card() else {
        return super::undecided("`can report` needs `card`", vec![], "report");
    };
    let player = super::asker(&q.who, state);
    let asked = super::request("report", &player, &[card], q.to, None);
    let ctx = Report {
        state,
        q,
        card,
        player,
        asked,
    };
    decide(&rules(), &ctx)
}

/// `outcome of = "docked after reporting"`: does a ship reported `to` a
/// place enter play docked? A space facility (or a Nor's docking site) that
/// lets a ship report takes it docked ("docking": "When a space facility
/// allows a ship to report there, the ship must report docked"); a planet
/// facility takes none ("facility": "Ships cannot dock at a planet
/// facility"); a card allowing a report elsewhere puts it in space or,
/// when it says so, landed ("report").
pub fn docked_after_reporting(q: &OutcomeQuestion, state: &GameState) -> Verdict {
    let Some(ship) = q.who.card() else {
        return super::undecided("`card` (the ship reported)", vec![], "docking");
    };
    let handle = &state.pieces[ship].handle;
    if state.pieces[ship].card.card_type != CardType::Ship {
        let why = format!("{handle} is not a ship: only ships dock");
        return Verdict::yes_no(false, vec![because(why, "docking")], vec![]);
    }
    let (docked, why, entry) = match q.to {
        None => return super::undecided("`to` (where the ship reports)", vec![], "docking"),
        Some(Target::Piece(f)) => docked_at(state, f),
        Some(Target::Planet(_)) => (false, "a ship a card lets report to a planet reports landed, not docked".into(), "report"),
        Some(Target::Location(_)) => (false, "a ship a card lets report at a location (not to a facility) reports in space, undocked".into(), "report"),
    };
    Verdict::yes_no(
        docked,
        vec![because(format!("{handle}: {why}"), entry)],
        vec![],
    )
}

/// Whether a ship reporting to the card `f` is docked there, why, and the
/// entry saying so.
fn docked_at(state: &GameState, f: usize) -> (bool, String, &'static str) {
    let place = &state.pieces[f];
    match place.card.card_type {
        CardType::Site => (true, format!("ships report docked at an appropriate docking site ({})", place.handle), "facility"),
        CardType::Facility if matches!(place.at, Place::Planet(_)) => (false, format!("{} is a planet facility: ships cannot dock at a planet facility; they report in orbit of the planet", place.handle), "facility"),
        CardType::Facility => (true, format!("when a space facility ({}) allows a ship to report there, the ship must report docked", place.handle), "docking"),
        _ => (false, format!("{} is not a facility or site: nothing docks at it", place.handle), "docking"),
    }
}

const REPORT: Entry = Entry::glossary("report");
/// Where a facility or another card lets a card report, by quadrant: stated
/// by the Glossary's "report" and by Current Rulings' "reporting for duty".
const REPORT_QUADRANT: Entry = REPORT.stated_in_rulings("reporting for duty");
const TURN: Entry = Entry::glossary("turn");
const UNIQUE: Entry = Entry::glossary("unique and universal");
/// Reporting an infiltrator to the opponent's side: the Glossary's
/// "infiltration icon" and Current Rulings' "infiltration icons".
const INFILTRATION: Entry =
    Entry::glossary("infiltration icon").stated_in_rulings("infiltration icons");
const FACILITY: Entry = Entry::glossary("facility");
const CARD_PLAY: Entry = Entry::glossary("card play");

/// The rules of `can report`, in order.
pub fn rules<'a>() -> [Rule<Report<'a>>; 22] {
    [
        Rule {
            name: "a card in play forbids it",
            entry: REPORT,
            apply: forbidden,
        },
        Rule {
            // "card play": these report, all other card types are "played".
            name: "only personnel, ships and equipment report",
            entry: CARD_PLAY,
            apply: reporting_type,
        },
        Rule {
            name: "on your own turn",
            entry: TURN,
            apply: own_turn,
        },
        Rule {
            name: "before executing orders",
            entry: TURN,
            apply: card_play_segment,
        },
        Rule {
            name: "the normal card play",
            entry: CARD_PLAY,
            apply: normal_card_play,
        },
        Rule {
            name: "one copy of a unique card, one version of a persona",
            entry: UNIQUE,
            apply: already_in_play,
        },
        Rule {
            name: "Alternate Universe cards need an open doorway",
            entry: Entry::glossary("Alternate Universe icon"),
            apply: alternate_universe,
        },
        Rule {
            name: "elsewhere when a card allows it",
            entry: REPORT,
            apply: elsewhere,
        },
        Rule {
            name: "a download naming a matching affiliation",
            entry: Entry::glossary("matching affiliation"),
            apply: matching_download,
        },
        Rule {
            name: "site reporting text",
            entry: Entry::glossary("site"),
            apply: site,
        },
        Rule {
            name: "a Nor with a docking site",
            entry: REPORT_QUADRANT,
            apply: docking_site,
        },
        Rule {
            name: "to a facility",
            entry: REPORT,
            apply: to_a_facility,
        },
        Rule {
            name: "not to a station",
            entry: FACILITY,
            apply: station,
        },
        Rule {
            name: "an infiltrator to the opponent's side",
            entry: INFILTRATION,
            apply: infiltrator,
        },
        Rule {
            name: "not to an opponent's outpost",
            entry: FACILITY,
            apply: opponents_outpost,
        },
        Rule {
            name: "headquarters",
            entry: FACILITY,
            apply: headquarters,
        },
        Rule {
            name: "a free report through a headquarters",
            entry: Entry::rulings("headquarters"),
            apply: free_at_headquarters,
        },
        Rule {
            name: "compatible with the facility",
            entry: REPORT,
            apply: compatible,
        },
        Rule {
            name: "a card allowing it elsewhere",
            entry: REPORT_QUADRANT,
            apply: allowing_card,
        },
        Rule {
            name: "Warp Speed",
            entry: Entry::glossary("Warp Speed"),
            apply: warp_speed,
        },
        Rule {
            name: "facility in its native quadrant",
            entry: REPORT_QUADRANT,
            apply: facility_native,
        },
        Rule {
            name: "card in its native quadrant",
            entry: REPORT_QUADRANT,
            apply: card_native,
        },
    ]
}

fn forbidden(r: &Report, _: &mut Vec<Reason>) -> Ruling {
    super::forbidden_by_card(r.state, &r.asked).map_or(Ruling::Next, Ruling::Refused)
}

fn reporting_type(r: &Report, _: &mut Vec<Reason>) -> Ruling {
    let ty = r.card_type();
    if matches!(
        ty,
        CardType::Personnel | CardType::Ship | CardType::Equipment
    ) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is a {}: only Personnel, Ship and Equipment cards report for duty",
        r.state.pieces[r.card].card.title,
        ty.name()
    ))
}

fn own_turn(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    if r.q.free {
        reasons.push(super::fact(
            "reporting by a card that allows it outside the normal card play",
        ));
    }
    let turn = &r.state.turn_player;
    r.unless_free(|| {
        (!turn.is_empty() && !turn.eq_ignore_ascii_case(&r.player)).then(|| format!("cards other than interrupts and doorways are played only in your own turn; it is {turn}'s turn"))
    })
}

fn card_play_segment(r: &Report, _: &mut Vec<Reason>) -> Ruling {
    r.unless_free(|| {
        (r.state.phase != Phase::CardPlay || r.state.orders_begun).then(|| "the normal card play takes place before executing orders; once orders begin no more cards (except interrupts and doorways) may be played".to_string())
    })
}

fn normal_card_play(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let used = r.state.normal_card_play_used;
    if r.q.free {
        // "... use your normal card play unless otherwise specified".
        reasons.push(because(
            "a card allowing this report says otherwise: it does not use the normal card play",
            "card play",
        ));
    } else if !used {
        reasons.push(because(
            "it is your card play segment and your normal card play is unused",
            "card play",
        ));
    }
    r.unless_free(|| {
        used.then(|| {
            "your normal card play is the one card play allowed each turn, and it is used".into()
        })
    })
}

/// "Each player may have only one copy of a particular unique (or Enigma)
/// personnel or ship (or of the same persona) ... in play at any time"
/// ("unique and universal", "persona"; one counterpart per collective,
/// Current Rulings "counterpart"): the card and each card in play are
/// judged by the rules of `can coexist`, which own persona identity.
fn already_in_play(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    use crate::engine::question::{CardsQuestion, Party, PieceId};
    for other in (0..r.state.pieces.len()).filter(|&i| i != r.card && r.state.in_play(i)) {
        let pair = CardsQuestion {
            who: Party {
                player: None,
                card: Some(PieceId(r.card)),
                by: vec![],
            },
            cards: vec![PieceId(other)],
        };
        let v = super::coexist::can_coexist(&pair, r.state);
        if v.value == VerdictValue::Yes {
            // The opponent's copy of the persona: "You and your opponent
            // may each have a copy" - said, as it decided nothing against.
            let theirs = !r.state.pieces[other].owner.eq_ignore_ascii_case(&r.player);
            let same = v.citations.iter().any(|c| c.title == UNIQUE.title);
            if theirs && same {
                reasons.extend(v.reasons);
            }
            continue;
        }
        let mut why = v.reasons;
        let last = why.pop().unwrap_or_else(|| super::fact("uniqueness"));
        reasons.extend(why);
        let text = format!("{} is already in play: {}", r.handle(other), last.text);
        return match v.value {
            VerdictValue::No => Ruling::Refused(Reason { text, ..last }),
            _ => Ruling::Undecided(text),
        };
    }
    Ruling::Next
}

/// "You may normally seed or play cards with this icon only if you have an
/// open Doorway or other card which allows such cards to enter play ... If
/// the card allowing your Alternate Universe cards to play is closed or
/// discarded, you may not play additional Alternate Universe cards"
/// (Glossary "Alternate Universe icon").
fn alternate_universe(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    use crate::engine::abilities::reporting::allows_alternate_universe;
    let card = &r.state.pieces[r.card].card;
    if !card.has_icon("AU") {
        return Ruling::Next;
    }
    let mut closed = Vec::new();
    let yours = |i: usize| {
        let p = &r.state.pieces[i];
        (r.state.in_play(i) && p.controller.eq_ignore_ascii_case(&r.player))
            || r.q.allowed_by.is_some_and(|a| a.0 == i)
    };
    for (i, p) in r.state.pieces.iter().enumerate() {
        if i == r.card || !yours(i) || !allows_alternate_universe(&p.card.text) {
            continue;
        }
        if p.status.closed {
            closed.push(p.handle.clone());
            continue;
        }
        reasons.push(because(
            format!("{} allows your [AU] cards to enter play", p.handle),
            "Alternate Universe icon",
        ));
        return Ruling::Next;
    }
    let mission = r
        .state
        .locations
        .iter()
        .find(|l| l.solved_by.is_none() && allows_alternate_universe(&l.mission.text));
    if let Some(l) = mission {
        reasons.push(because(
            format!("{} allows [AU] cards to enter play", l.name),
            "Alternate Universe icon",
        ));
        return Ruling::Next;
    }
    let shut = match closed.is_empty() {
        true => String::new(),
        false => format!(
            " ({} is closed: a closed doorway allows nothing)",
            closed.join(", ")
        ),
    };
    Ruling::No(format!("{} has the Alternate Universe icon: it may play only with an open doorway or another card allowing [AU] cards to enter play{shut}", card.title))
}

/// Reporting to a place that is not a card ("Vorta may report here", "Your
/// [Fed] ships may report here") needs a card in play that allows it; by
/// default nothing reports into space but a ship, and nothing straight to a
/// planet ("report": "personnel may not normally be reported directly aboard
/// a ship or to a planet"; a ship "always reports in space ... unless a card
/// specifically allows or requires it to report landed").
fn elsewhere(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let to_facility = r.to().map(|t| {
        matches!(
            r.state.pieces[t].card.card_type,
            CardType::Facility | CardType::Site
        )
    });
    if to_facility == Some(true) {
        return Ruling::Next;
    }
    // A card that allows reporting sets where ("Your Bajorans may report for
    // duty where present" aboard a ship).
    if let Some(by) = super::allowing_card(r.state, &r.asked, r.q.allowed_by) {
        return yes_because(reasons, format!("{by} allows it to report there"), REPORT);
    }
    if to_facility == Some(false) {
        return Ruling::Next;
    }
    let ship = *r.card_type() == CardType::Ship;
    let why = match (r.q.to, ship) {
        (None, _) => return Ruling::Undecided("`to` (the facility it reports to)".into()),
        (Some(Target::Planet(_)), true) => "a ship, even if landable, always reports in space (usually docked) unless a card specifically allows or requires it to report landed; none in play does",
        (Some(Target::Planet(_)), false) => "personnel and equipment may not normally be reported directly to a planet: they report to a compatible outpost, headquarters or site, unless a card allows reporting elsewhere; none in play does",
        (_, true) => "a ship reports at a facility that allows it (usually docked), unless a card allows reporting elsewhere; none in play does",
        (_, false) => "you may not report any card (except a ship) into space",
    };
    Ruling::No(why.into())
}

/// A download by a card whose text requires "matching affiliation" of the
/// ship or personnel downloaded (Ops): "Two cards are of matching
/// affiliation if their affiliation icons are the same ... If a site refers
/// to a matching personnel, it means matching the affiliation of that
/// facility" (Glossary "matching affiliation"); a compatible card may report
/// there but "may not be downloaded using the Ops text, which requires a
/// matching affiliation" (Glossary "compatible").
fn matching_download(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let (Some(by), Some(_)) = (r.q.allowed_by.map(|p| p.0), r.to()) else {
        return Ruling::Next;
    };
    let reporting_kind = matches!(r.card_type(), CardType::Ship | CardType::Personnel);
    let matching =
        crate::engine::abilities::reporting::download_affiliation(&r.state.pieces[by].card.text)
            == Some(crate::engine::abilities::reporting::AffiliationRule::Matching);
    if !reporting_kind || !matching {
        return Ruling::Next;
    }
    let facility = r.facility();
    let (mine, theirs) = (r.state.affiliations(r.card), r.state.affiliations(facility));
    let (card, station) = (
        &r.state.pieces[r.card].handle,
        &r.state.pieces[facility].handle,
    );
    let by = &r.state.pieces[by].handle;
    if mine
        .iter()
        .any(|a| theirs.iter().any(|b| a.eq_ignore_ascii_case(b)))
    {
        reasons.push(because(
            format!("{by}'s download requires a matching affiliation: {card} matches {station}"),
            "matching affiliation",
        ));
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{by}'s download requires a ship or personnel of matching affiliation: {card} ({}) does not match {station} ({}) - being compatible is not enough",
        mine.join("/"),
        theirs.join("/")
    ))
}

/// "Each Site card states what kind of cards may report there" (Glossary
/// "site"): the site's compiled clauses (and those of its Nor's other sites
/// speaking "at this Nor") must name the card.
fn site(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(site) = r.site() else {
        return Ruling::Next;
    };
    let admission = report_site::admits(&r.reporting(), site);
    let card = &r.state.pieces[r.card].card;
    let selects = crate::engine::abilities::reporting::selected_when_reporting(&card.text);
    if matches!(admission, Admission::No(_)) && !selects.is_empty() {
        reasons.push(because(format!("{} selects its {} when reporting: selected features do not exist until it has reported", card.title, selects.join(" and ")), "report"));
    }
    admitted(admission, r.handle(site), reasons)
}

/// A site's or station's answer as a ruling.
fn admitted(a: Admission, place: &str, reasons: &mut Vec<Reason>) -> Ruling {
    match a {
        Admission::Yes { reasons: why, .. } => {
            reasons.extend(why);
            Ruling::Next
        }
        Admission::No(why) => Ruling::No(why),
        Admission::Undecided(what) => Ruling::Undecided(what),
        Admission::Silent => Ruling::No(format!("{place}'s text lets no card report there")),
    }
}

/// "When a site allows you to report (or download) cards, you may do so
/// only if that Nor also has at least one docking site" - unless a card
/// other than a facility or site allows the report ("report").
fn docking_site(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let Some(site) = r.site() else {
        return Ruling::Next;
    };
    if let Ok(Some(by)) = r.allowed_elsewhere() {
        reasons.push(because(
            format!("{by} is not a facility or site: a docking site is not required on the Nor"),
            "report",
        ));
        return Ruling::Next;
    }
    let Some(nor) = report_site::station_of(r.state, site) else {
        return Ruling::Undecided(format!(
            "which station {} is part of (`at` = the station's id)",
            r.handle(site)
        ));
    };
    nor_docking_site(r, nor, reasons)
}

/// The Nor has a docking site, or its sites allow no report.
fn nor_docking_site(r: &Report, nor: usize, reasons: &mut Vec<Reason>) -> Ruling {
    let docking = report_site::sites_of(r.state, nor)
        .into_iter()
        .find(|&s| report_site::is_docking_site(r.state, s));
    match docking {
        Some(d) => {
            reasons.push(because(format!("{} has a docking site ({})", r.handle(nor), r.handle(d)), "report"));
            Ruling::Next
        }
        None => Ruling::No(format!("{} has no docking site: a site allows reporting only if its Nor has at least one docking site", r.handle(nor))),
    }
}

fn to_a_facility(r: &Report, _: &mut Vec<Reason>) -> Ruling {
    let f = r.facility();
    if r.state.pieces[f].card.card_type == CardType::Facility || r.site().is_some() {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is not a facility: personnel may not normally report directly aboard a ship or to a planet",
        r.handle(f)
    ))
}

/// The facility's kind ("outpost", "station", "headquarters"), lower case.
fn kind(r: &Report) -> Option<FacilityKind> {
    r.state.pieces[r.facility()].card.facility_kind()
}

/// "Stations do not allow reporting ... unless specified by game text on
/// the station or its sites" ("facility"): reported to the station itself,
/// one of its sites must take the card.
fn station(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let f = r.facility();
    let grants = crate::engine::permissions::grants(&r.state.pieces[f].card, "report");
    if kind(r) != Some(FacilityKind::Station) || grants || r.site().is_some() {
        return Ruling::Next;
    }
    let mut undecided = None;
    for site in report_site::sites_of(r.state, f) {
        match report_site::admits(&r.reporting(), site) {
            yes @ Admission::Yes { .. } => {
                let admits = admitted(yes, r.handle(site), reasons);
                return match r.allowed_elsewhere() {
                    Ok(Some(_)) => admits,
                    _ => nor_docking_site(r, f, reasons),
                };
            }
            Admission::Undecided(what) => undecided = undecided.or(Some(what)),
            _ => {}
        }
    }
    match undecided {
        Some(what) => Ruling::Undecided(what),
        None => Ruling::No("stations do not allow reporting unless their text (or their sites') says so; none of its sites takes this card".into()),
    }
}

/// A personnel with an infiltration icon "may report to your opponent's
/// side of the table, to a compatible facility (regardless of quadrant)"
/// if the opponent is playing that affiliation (Glossary "infiltration
/// icon"): has seeded or played a card of it, even one no longer in play
/// (Current Rulings "infiltration icons").
fn infiltrator(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let f = r.facility();
    let opponent = &r.state.pieces[f].controller;
    let icons = &vocabulary().icons;
    let infiltrates: Vec<&str> = r.state.pieces[r.card]
        .card
        .icons
        .iter()
        .filter_map(|i| icons.infiltrates(i))
        .collect();
    if opponent.eq_ignore_ascii_case(&r.player) || infiltrates.is_empty() || r.site().is_some() {
        return Ruling::Next;
    }
    let played = |aff: &str| {
        r.state.pieces.iter().enumerate().any(|(i, p)| {
            p.owner.eq_ignore_ascii_case(opponent)
                && !matches!(p.at, Place::Hand | Place::DrawDeck | Place::SeedDeck)
                && !p.status.face_down
                && r.state
                    .affiliations(i)
                    .iter()
                    .any(|a| a.eq_ignore_ascii_case(aff))
        })
    };
    let facility = r.state.affiliations(f);
    for aff in &infiltrates {
        if !played(aff) {
            continue;
        }
        let (ok, why) =
            super::compat::sets_compatible(r.state, &r.player, &[aff.to_string()], &facility);
        if ok {
            reasons.extend(why);
            let text = format!("{} may infiltrate: {opponent} is playing {aff}, and {} is compatible with {aff}; an infiltrator reports to the opponent's side regardless of quadrant", r.state.pieces[r.card].card.title, r.handle(f));
            return yes_because(reasons, text, INFILTRATION);
        }
    }
    reasons.push(because(format!("{} may infiltrate only {}: {opponent} must be playing that affiliation (have seeded or played a card of it) and the facility must be compatible with it", r.state.pieces[r.card].card.title, infiltrates.join(", ")), "infiltration icon"));
    Ruling::Next
}

fn opponents_outpost(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let f = r.facility();
    let theirs = !r.state.pieces[f].controller.eq_ignore_ascii_case(&r.player);
    if kind(r) != Some(FacilityKind::Outpost) {
        return Ruling::Next;
    }
    if !theirs {
        reasons.push(because(
            "you may report any compatible cards to your own outpost",
            "facility",
        ));
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is your opponent's outpost: you may not use your opponent's outposts",
        r.handle(f)
    ))
}

fn headquarters(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    if kind(r) == Some(FacilityKind::Headquarters) {
        reasons.push(because(
            "a headquarters lets both players report compatible cards",
            "facility",
        ));
        // Current Rulings adds: any compatible card, not only those listed.
        reasons.push(ruling(
            "reporting to a headquarters is not restricted to the cards it lists",
            "headquarters",
        ));
    }
    Ruling::Next
}

/// "In order to report a personnel by rank or title ... for free using a
/// headquarters' text, the Personnel card must have one of the listed
/// ranks or titles in its card title or lore" (Current Rulings
/// "headquarters"): a free report no other card allows must be one the
/// headquarters' text names.
fn free_at_headquarters(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    if kind(r) != Some(FacilityKind::Headquarters) || !r.reporting().free_only {
        return Ruling::Next;
    }
    let hq = r.facility();
    admitted(
        report_site::admits(&r.reporting(), hq),
        r.handle(hq),
        reasons,
    )
}

/// "report" sends cards to a compatible facility; "compatible" says which
/// are ("Personnel and ships may report to compatible facilities").
fn compatible(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let f = r.facility();
    if kind(r) == Some(FacilityKind::Station) {
        // "Your cards must be compatible with a facility (except a Nor)";
        // the site's text said what it requires.
        reasons.push(because(
            "a station's sites, not compatibility with the station, decide who reports there",
            "facility",
        ));
        return Ruling::Next;
    }
    let (ok, why) = super::compat::sets_compatible(
        r.state,
        &r.player,
        &r.state.affiliations(r.card),
        &r.state.affiliations(f),
    );
    reasons.extend(why);
    let (card, facility) = (&r.state.pieces[r.card].card.title, r.handle(f));
    let is = if ok { "is" } else { "is not" };
    reasons.push(because(
        format!("{card} {is} compatible with {facility}: personnel and ships may report to compatible facilities"),
        "compatible",
    ));
    if ok {
        return Ruling::Next;
    }
    Ruling::No(format!("{card} is not compatible with {facility}"))
}

/// A card other than a facility or site that allows the report lets the
/// card report to any quadrant; a facility or site keeps the quadrant rule.
fn allowing_card(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    if r.facility_here().is_none() {
        return Ruling::Undecided("the facility is not at a spaceline location".into());
    }
    match r.allowed_elsewhere() {
        Ok(None) => Ruling::Next,
        Ok(Some(by)) => yes_because(
            reasons,
            format!(
                "{by} is not a facility or site: the card it allows may report to any quadrant"
            ),
            REPORT_QUADRANT,
        ),
        Err(what) => Ruling::Undecided(what),
    }
}

fn warp_speed(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    if r.state.format != Format::WarpSpeed {
        return Ruling::Next;
    }
    yes_because(
        reasons,
        "Warp Speed ignores quadrant reporting restrictions",
        Entry::glossary("Warp Speed"),
    )
}

fn facility_native(r: &Report, _: &mut Vec<Reason>) -> Ruling {
    let (f, here) = r
        .facility_here()
        .expect("`allowing_card` requires a location");
    let native = vocabulary()
        .affiliations
        .native_quadrant(&r.state.pieces[f].card.icons);
    if native.eq_ignore_ascii_case(&here) {
        return Ruling::Next;
    }
    Ruling::No(format!(
        "{} is native to the {native} Quadrant but is in the {here} Quadrant",
        r.handle(f)
    ))
}

fn card_native(r: &Report, reasons: &mut Vec<Reason>) -> Ruling {
    let (f, here) = r
        .facility_here()
        .expect("`allowing_card` requires a location");
    let card = &r.state.pieces[r.card].card;
    let facility = &r.state.pieces[f].card.title;
    reasons.extend(Reason::card_ruling(
        facility,
        Aspect::Reporting,
        format!("what {facility} allows to report"),
    ));
    if card.card_type == CardType::Equipment {
        reasons.push(because("equipment is native to all quadrants", "report"));
        return Ruling::Yes;
    }
    // "[GQ][Non] personnel may report here, ignoring their [GQ] icon".
    let ignoring = match r.site().map(|s| report_site::admits(&r.reporting(), s)) {
        Some(Admission::Yes { ignoring, .. }) => ignoring,
        _ => Vec::new(),
    };
    let icons: Vec<String> = card
        .icons
        .iter()
        .filter(|i| {
            !ignoring
                .iter()
                .any(|x| x.trim_matches(['[', ']']).eq_ignore_ascii_case(i))
        })
        .cloned()
        .collect();
    if icons.len() < card.icons.len() {
        reasons.push(because(
            format!(
                "{} reports ignoring its {} icon",
                card.title,
                ignoring.join(" ")
            ),
            "site",
        ));
    }
    let native = match ignoring.is_empty() {
        true => card.quadrant.clone(),
        false => None,
    }
    .unwrap_or_else(|| {
        vocabulary()
            .affiliations
            .native_quadrant(&icons)
            .to_string()
    });
    reasons.push(because(
        format!("{} is native to the {native} Quadrant", card.title),
        "native quadrant",
    ));
    reasons.extend(Reason::card_ruling(
        &card.title,
        Aspect::Quadrant,
        format!("{}'s native quadrant", card.title),
    ));
    if !native.eq_ignore_ascii_case(&here) {
        return Ruling::No(format!("{} is native to the {native} Quadrant; a facility lets it report only in its native quadrant ({here} here)", card.title));
    }
    yes_because(
        reasons,
        format!(
            "{} and {} are both in their native quadrant ({here})",
            card.title,
            r.handle(f)
        ),
        REPORT,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::fixture::{affiliated, location, piece, table};
    use crate::engine::question::{Party, PieceId};
    use crate::engine::state::Place;
    use crate::engine::verdict::{Citation, VerdictValue};

    /// alice's Klingon personnel in hand (0) and her Klingon outpost (1) at
    /// an Alpha Quadrant location.
    fn scene() -> GameState {
        let mut s = table();
        let l = location(&mut s, "Alpha");
        piece(
            &mut s,
            "Kurn",
            CardType::Personnel,
            "alice",
            Place::Hand,
            affiliated(&["Klingon"]),
        );
        piece(
            &mut s,
            "Outpost",
            CardType::Facility,
            "alice",
            Place::Space(l),
            |c| {
                c.affiliations = vec!["Klingon".into()];
                c.class = Some("Outpost".into());
            },
        );
        s
    }

    fn question(card: usize) -> Question {
        Question {
            who: Party {
                player: None,
                card: Some(PieceId(card)),
                by: vec![],
            },
            to: Some(Target::Piece(1)),
            free: false,
            allowed_by: None,
        }
    }

    /// The ruling of one rule on the scene after `edit`.
    fn ruling(
        rule: fn(&Report, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState, &mut Question),
    ) -> Ruling {
        applied(rule, edit).0
    }

    /// [`ruling`] with the reasons the rule gave.
    fn applied(
        rule: fn(&Report, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState, &mut Question),
    ) -> (Ruling, Vec<Reason>) {
        let mut s = scene();
        let mut q = question(0);
        edit(&mut s, &mut q);
        let ctx = Report {
            state: &s,
            q: &q,
            card: 0,
            player: "alice".into(),
            asked: super::super::request("report", "alice", &[0], q.to, None),
        };
        let mut reasons = Vec::new();
        (rule(&ctx, &mut reasons), reasons)
    }

    fn refused(r: Ruling) -> bool {
        matches!(r, Ruling::No(_) | Ruling::Refused(_))
    }

    /// The entries one rule's reasons cite on the scene after `edit`.
    fn cited(
        rule: fn(&Report, &mut Vec<Reason>) -> Ruling,
        edit: impl FnOnce(&mut GameState),
    ) -> Vec<Citation> {
        let reasons = applied(rule, |s, _| edit(s)).1;
        reasons.into_iter().filter_map(|r| r.citation).collect()
    }

    #[test]
    fn a_card_outside_its_native_quadrant_is_refused_by_the_report_entry() {
        let mut s = scene();
        s.pieces[0].card.icons = vec!["GQ".into()];
        let v = can_report(&question(0), &s);
        assert_eq!(v.value, VerdictValue::No);
        assert!(v.citations.contains(&Citation::glossary("report")));
        assert!(v.citations.contains(&Citation::glossary("native quadrant")));
    }

    #[test]
    fn compatibility_and_an_own_outpost_cite_the_entries_allowing_the_report() {
        assert!(cited(compatible, |_| ()).contains(&Citation::glossary("compatible")));
        assert!(cited(opponents_outpost, |_| ()).contains(&Citation::glossary("facility")));
        let theirs = cited(opponents_outpost, |s| s.pieces[1].controller = "bob".into());
        assert!(theirs.is_empty());
    }

    #[test]
    fn card_specific_rulings_on_quadrant_and_reporting_are_cited() {
        let ruled = &crate::vocab::vocabulary().card_rulings.rulings;
        let on = |a: Aspect| ruled.iter().find(|r| r.on == a).expect("a row");
        let (quadrant, reporting) = (on(Aspect::Quadrant), on(Aspect::Reporting));
        let cites = cited(card_native, |s| {
            s.pieces[0].card.title = quadrant.card.clone();
            s.pieces[1].card.title = reporting.card.clone();
        });
        assert!(cites.contains(&Citation::rulings(&quadrant.entry)));
        assert!(cites.contains(&Citation::rulings(&reporting.entry)));
        assert!(!cited(card_native, |_| ())
            .iter()
            .any(|c| c.doc == "current-rulings"));
    }

    #[test]
    fn the_table_reports_a_native_compatible_card_to_its_outpost() {
        let s = scene();
        let v = can_report(&question(0), &s);
        assert_eq!(v.value, VerdictValue::Yes, "{:?}", v.reasons);
        assert!(v.citations.contains(&Citation::glossary("native quadrant")));
        assert!(v.citations.contains(&Citation::glossary("report")));
    }

    #[test]
    fn only_personnel_ships_and_equipment_report() {
        assert!(refused(ruling(reporting_type, |s, _| s.pieces[0]
            .card
            .card_type =
            CardType::Event)));
        assert_eq!(ruling(reporting_type, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn reporting_is_on_your_own_turn_unless_free() {
        assert!(refused(
            ruling(own_turn, |s, _| s.turn_player = "bob".into())
        ));
        assert_eq!(
            ruling(own_turn, |s, q| {
                s.turn_player = "bob".into();
                q.free = true;
            }),
            Ruling::Next
        );
    }

    #[test]
    fn reporting_is_before_orders_begin() {
        assert!(refused(
            ruling(card_play_segment, |s, _| s.orders_begun = true)
        ));
        assert!(refused(
            ruling(card_play_segment, |s, _| s.phase = Phase::ExecuteOrders)
        ));
        assert_eq!(ruling(card_play_segment, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn reporting_uses_the_normal_card_play() {
        assert!(refused(ruling(normal_card_play, |s, _| s
            .normal_card_play_used =
            true)));
        assert_eq!(ruling(normal_card_play, |_, _| ()), Ruling::Next);
    }

    /// The scene's outpost made a station with a site (2) whose text is
    /// `site_text`, the Klingon in hand a SCIENCE personnel.
    fn with_site(s: &mut GameState, q: &mut Question, site_text: &str) {
        s.pieces[1].card.class = Some("Station".into());
        s.pieces[0].card.skills = vec![crate::cards::model::Skill {
            name: "SCIENCE".into(),
            level: 1.0,
        }];
        let site = piece(s, "Lab", CardType::Site, "alice", Place::Aboard(1), |c| {
            c.text = site_text.into()
        });
        q.to = Some(Target::Piece(site));
    }

    #[test]
    fn a_site_takes_only_the_cards_its_text_names() {
        let lab = "Compatible SCIENCE-classification personnel may report here.";
        assert_eq!(ruling(site, |s, q| with_site(s, q, lab)), Ruling::Next);
        let ops = "Compatible OFFICER-classification personnel may report here.";
        assert!(refused(ruling(site, |s, q| with_site(s, q, ops))));
        let intendant =
            "Any personnel who mentions The Intendant as a romantic partner may report here.";
        let unread = ruling(site, |s, q| with_site(s, q, intendant));
        assert!(matches!(unread, Ruling::Undecided(_)), "{unread:?}");
        let federation_only = |s: &mut GameState, q: &mut Question| {
            with_site(s, q, lab);
            s.pieces[1].card.affiliations = vec!["Federation".into()];
        };
        assert!(refused(ruling(site, federation_only)));
        assert!(matches!(
            ruling(elsewhere, |_, q| q.to = None),
            Ruling::Undecided(_)
        ));
    }

    #[test]
    fn a_free_report_at_a_headquarters_is_for_the_ranks_it_names() {
        let hq = |lore: &'static str| {
            move |s: &mut GameState, q: &mut Question| {
                s.pieces[1].card.class = Some("Headquarters".into());
                s.pieces[1].card.text =
                    "Once per turn, one Klingon Chancellor OR one {HQ} card may play for free here.".into();
                s.pieces[0].card.lore = lore.into();
                q.free = true;
            }
        };
        let chancellor = ruling(free_at_headquarters, hq("Chancellor of the High Council."));
        assert_eq!(chancellor, Ruling::Next);
        assert!(refused(ruling(free_at_headquarters, hq("A warrior."))));
        let normal = ruling(free_at_headquarters, |s, q| {
            hq("A warrior.")(s, q);
            q.free = false;
        });
        assert_eq!(normal, Ruling::Next);
    }

    #[test]
    fn a_second_copy_or_version_of_your_unique_card_may_not_report() {
        let copy = |owner: &'static str| {
            move |s: &mut GameState, _: &mut Question| {
                piece(
                    s,
                    "Kurn",
                    CardType::Personnel,
                    owner,
                    Place::Aboard(1),
                    |_| (),
                );
            }
        };
        assert!(refused(ruling(already_in_play, copy("alice"))));
        assert_eq!(ruling(already_in_play, copy("bob")), Ruling::Next);
        let universal = |s: &mut GameState, q: &mut Question| {
            copy("alice")(s, q);
            let copy = s.pieces.len() - 1;
            s.pieces[0].card.universal = true;
            s.pieces[copy].card.universal = true;
        };
        assert_eq!(ruling(already_in_play, universal), Ruling::Next);
    }

    #[test]
    fn an_alternate_universe_card_needs_an_open_doorway() {
        let au = |s: &mut GameState, _: &mut Question| s.pieces[0].card.icons = vec!["AU".into()];
        assert!(refused(ruling(alternate_universe, au)));
        let door = |closed: bool| {
            move |s: &mut GameState, q: &mut Question| {
                au(s, q);
                let d = piece(s, "Door", CardType::Doorway, "alice", Place::Table, |c| {
                    c.text = "Door is now open, allowing your [AU] icon cards to enter play.".into()
                });
                s.pieces[d].status.closed = closed;
            }
        };
        assert_eq!(ruling(alternate_universe, door(false)), Ruling::Next);
        assert!(refused(ruling(alternate_universe, door(true))));
    }

    #[test]
    fn a_site_needs_a_docking_site_on_its_nor() {
        let lab = "Compatible SCIENCE-classification personnel may report here.";
        assert!(refused(ruling(docking_site, |s, q| with_site(s, q, lab))));
        let docked = ruling(docking_site, |s, q| {
            with_site(s, q, lab);
            piece(
                s,
                "Pylons",
                CardType::Site,
                "alice",
                Place::Aboard(1),
                |c| c.text = "Any ship may dock and undock here.".into(),
            );
        });
        assert_eq!(docked, Ruling::Next);
    }

    #[test]
    fn cards_report_to_a_facility_not_a_ship() {
        assert!(refused(ruling(to_a_facility, |s, _| s.pieces[1]
            .card
            .card_type =
            CardType::Ship)));
    }

    #[test]
    fn stations_and_opponents_outposts_take_no_reports() {
        assert!(refused(ruling(station, |s, _| s.pieces[1].card.class =
            Some("Station".into()))));
        assert!(refused(ruling(opponents_outpost, |s, _| s.pieces[1]
            .controller =
            "bob".into())));
        assert_eq!(ruling(opponents_outpost, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_headquarters_is_noted_and_passes() {
        assert_eq!(
            ruling(headquarters, |s, _| s.pieces[1].card.class =
                Some("Headquarters".into())),
            Ruling::Next
        );
    }

    #[test]
    fn an_incompatible_card_may_not_report() {
        assert!(refused(ruling(compatible, |s, _| s.pieces[0]
            .card
            .affiliations =
            vec!["Federation".into()])));
        assert_eq!(ruling(compatible, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn a_non_facility_card_allowing_it_lifts_the_quadrant_rule() {
        let r = ruling(allowing_card, |s, q| {
            let i = piece(
                s,
                "Recruitment",
                CardType::Event,
                "alice",
                Place::Table,
                |c| c.text = "Klingon personnel may report for duty anywhere.".into(),
            );
            q.allowed_by = Some(PieceId(i));
        });
        assert_eq!(r, Ruling::Yes);
        assert_eq!(ruling(allowing_card, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn warp_speed_ignores_quadrants() {
        assert_eq!(
            ruling(warp_speed, |s, _| s.format = Format::WarpSpeed),
            Ruling::Yes
        );
        assert_eq!(ruling(warp_speed, |_, _| ()), Ruling::Next);
    }

    #[test]
    fn the_facility_and_the_card_must_be_in_their_native_quadrant() {
        assert!(refused(ruling(facility_native, |s, _| s.pieces[1]
            .card
            .icons =
            vec!["GQ".into()])));
        assert!(refused(ruling(card_native, |s, _| s.pieces[0]
            .card
            .icons =
            vec!["GQ".into()])));
        assert_eq!(
            ruling(card_native, |s, _| {
                s.pieces[0].card.card_type = CardType::Equipment;
                s.pieces[0].card.icons = vec!["GQ".into()];
            }),
            Ruling::Yes
        );
    }

    #[test]
    fn every_rule_cites_an_entry_and_has_a_distinct_name() {
        let names: std::collections::BTreeSet<&str> = rules().iter().map(|r| r.name).collect();
        assert_eq!(names.len(), rules().len());
    }
}
