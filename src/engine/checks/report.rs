//! Reporting for duty: card type, normal card play timing, a compatible
//! facility that allows reporting, and the quadrant rule ("report",
//! "card play", "turn", "facility", "native quadrant").

use super::{because, fact, no, undecided};
use crate::cards::model::CardType;
use crate::engine::action::Phase;
use crate::engine::question::ReportQuestion as Question;
use crate::engine::state::{Format, GameState, Target};
use crate::engine::verdict::Verdict;
use crate::vocab::vocabulary;

/// `ask = "can report"`: may `card` report for duty `to` a facility now?
pub fn can_report(q: &Question, state: &GameState) -> Verdict {
    let Some(c) = q.who.card() else {
        return undecided("`can report` needs `card`", vec![], "report");
    };
    let piece = &state.pieces[c];
    let player = super::asker(&q.who, state);
    let mut reasons = Vec::new();
    let asked = super::request("report", &player, &[c], q.to, None);
    if let Some(why) = super::forbidden_by_card(state, &asked) {
        return no(reasons, why);
    }
    let ty = &piece.card.card_type;
    if !matches!(
        ty,
        CardType::Personnel | CardType::Ship | CardType::Equipment
    ) {
        return no(
            reasons,
            because(
                format!(
                    "{} is a {}: only Personnel, Ship and Equipment cards report for duty",
                    piece.card.title,
                    ty.name()
                ),
                "report",
            ),
        );
    }
    if q.free {
        reasons.push(fact(
            "reporting by a card that allows it outside the normal card play",
        ));
    } else {
        if !state.turn_player.is_empty() && !state.turn_player.eq_ignore_ascii_case(&player) {
            return no(reasons, because(format!("cards other than interrupts and doorways are played only in your own turn; it is {}'s turn", state.turn_player), "turn"));
        }
        if state.phase != Phase::CardPlay || state.orders_begun {
            return no(reasons, because("the normal card play takes place before executing orders; once orders begin no more cards (except interrupts and doorways) may be played", "turn"));
        }
        if state.normal_card_play_used {
            return no(
                reasons,
                because(
                    "your normal card play is the one card play allowed each turn, and it is used",
                    "card play",
                ),
            );
        }
        reasons.push(because(
            "it is your card play segment and your normal card play is unused",
            "card play",
        ));
    }
    let Some(Target::Piece(f)) = q.to else {
        // "Vorta may report here", "Your [Fed] ships may report here".
        if let Some(by) = super::allowing_card(state, &asked, q.allowed_by) {
            reasons.push(because(format!("{by} allows it to report there"), "report"));
            return Verdict::yes_no(true, reasons, vec![]);
        }
        if q.to.is_some() {
            return no(
                reasons,
                because(
                    "cards report for duty to a facility, unless a card allows reporting elsewhere; none in play does",
                    "report",
                ),
            );
        }
        return undecided("`to` (the facility it reports to)", reasons, "report");
    };
    let fac = &state.pieces[f];
    if fac.card.card_type == CardType::Site {
        // "Each Site card states what kind of cards may report there": the
        // engine does not read site text, so it says what it would need.
        return undecided(
            format!(
                "whether {}'s text (\"{}\") lets {} report there: site reporting text is not modelled",
                fac.handle,
                fac.card.text,
                piece.handle
            ),
            reasons,
            "site",
        );
    }
    if fac.card.card_type != CardType::Facility {
        return no(reasons, because(format!("{} is not a facility: personnel may not normally report directly aboard a ship or to a planet", fac.handle), "report"));
    }
    let kind = fac.card.class.clone().unwrap_or_default().to_lowercase();
    if kind.contains("station") && !crate::engine::permissions::grants(&fac.card, "report") {
        return no(
            reasons,
            because(
                "stations do not allow reporting unless their text (or their sites') says so",
                "facility",
            ),
        );
    }
    if kind.contains("outpost") && !fac.controller.eq_ignore_ascii_case(&player) {
        return no(
            reasons,
            because(
                format!(
                    "{} is your opponent's outpost: you may not use your opponent's outposts",
                    fac.handle
                ),
                "facility",
            ),
        );
    }
    if kind.contains("headquarters") {
        reasons.push(because(
            "a headquarters lets both players report compatible cards",
            "facility",
        ));
    }
    let (ok, why) = super::compat::sets_compatible(
        state,
        &player,
        &state.affiliations(c),
        &state.affiliations(f),
    );
    reasons.push(why);
    if !ok {
        return no(
            reasons,
            because(
                format!("{} is not compatible with {}", piece.card.title, fac.handle),
                "report",
            ),
        );
    }
    let v = &vocabulary().affiliations;
    let Some(loc) = state.location_of(f) else {
        return undecided(
            "the facility is not at a spaceline location",
            reasons,
            "report",
        );
    };
    let here = state.locations[loc].quadrant().to_string();
    if let Some(by) = &super::allowing_card(state, &asked, q.allowed_by) {
        match state.find(by).map(|i| state.pieces[i].card.card_type.clone()) {
            Some(CardType::Facility) | Some(CardType::Site) => {}
            Some(_) => {
                reasons.push(because(
                    format!("{by} is not a facility or site: the card it allows may report to any quadrant"),
                    "report",
                ));
                return Verdict::yes_no(true, reasons, vec![]);
            }
            None => {
                return undecided(
                    format!("the card allowing the report (\"{by}\") is not in the scenario, so whether it is a facility or site is unknown"),
                    reasons,
                    "report",
                )
            }
        }
    }
    if state.format == Format::WarpSpeed {
        reasons.push(because(
            "Warp Speed ignores quadrant reporting restrictions",
            "Warp Speed",
        ));
        return Verdict::yes_no(true, reasons, vec![]);
    }
    let fac_native = v.native_quadrant(&fac.card.icons);
    if !fac_native.eq_ignore_ascii_case(&here) {
        return no(
            reasons,
            because(
                format!(
                    "{} is native to the {fac_native} Quadrant but is in the {here} Quadrant",
                    fac.handle
                ),
                "report",
            ),
        );
    }
    if *ty == CardType::Equipment {
        reasons.push(because("equipment is native to all quadrants", "report"));
    } else {
        let native = piece
            .card
            .quadrant
            .clone()
            .unwrap_or_else(|| v.native_quadrant(&piece.card.icons).to_string());
        if !native.eq_ignore_ascii_case(&here) {
            return no(reasons, because(format!("{} is native to the {native} Quadrant; a facility lets it report only in its native quadrant ({here} here)", piece.card.title), "native quadrant"));
        }
        reasons.push(because(
            format!(
                "{} and {} are both in their native quadrant ({here})",
                piece.card.title, fac.handle
            ),
            "report",
        ));
    }
    Verdict::yes_no(true, reasons, vec![])
}
