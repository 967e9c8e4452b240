//! Who may report to a card: "Compatible SCIENCE-classification personnel,
//! SCIENCE-related Equipment cards and {PADDs} may report here", "Ships may
//! not report here", "Once per turn, one Romulan General, Admiral ... may
//! play for free here" (Glossary "site": "Each Site card states what kind of
//! cards may report there"; Current Rulings "headquarters"). One reading for
//! every site, headquarters or other card; the words are the lexicon's
//! `[reporting]` table. The check (`engine::checks::report`) matches the
//! compiled clauses against the card reporting.

use super::continuous::{Descriptor, Polarity, Trait};
use super::grammar::any_phrase_at;
use super::grammar::{self, TokKind, Token};
use super::lexicon::{Lexicon, ReportingWords};
use crate::cards::model::Card;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// What a clause says about the reporting card's affiliation (Glossary
/// "facility": sites allow reporting by "matching affiliation, compatible,
/// or 'regardless of affiliation'; if not specified, compatibility is not
/// required").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AffiliationRule {
    Compatible,
    Matching,
    Regardless,
    Unstated,
}

/// One kind of card a clause names ("compatible SCIENCE-classification
/// personnel", "{PADDs}", "any ship with fewer than three staffing icons").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reporter {
    /// "personnel", "equipment" or "ship" when the words name a card type.
    pub card_type: Option<String>,
    /// Every one must hold (a classification, a skill, an icon, a title, a
    /// rank or title identified in title or lore; "non-" negates).
    pub traits: Vec<Trait>,
    /// "SCIENCE-classification": the personnel's classification.
    pub classification: Option<String>,
    pub affiliation: AffiliationRule,
    /// "with fewer than three staffing icons" (3); "with no staffing
    /// requirements" (1).
    pub staffing_below: Option<usize>,
    /// Words the reading does not understand ("who mentions The Intendant
    /// as a romantic partner"): the reporter is undecided.
    pub unread: Option<String>,
}

/// One "X may report here" sentence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportClause {
    pub polarity: Polarity,
    /// Any one of them may report.
    pub reporters: Vec<Reporter>,
    /// "for free": a report that does not use the normal card play.
    pub free: bool,
    /// "at this Nor": anywhere on the station, not only this site.
    pub at_station: bool,
    /// "If unoccupied": only while no card is at the site.
    pub vacant: bool,
    /// A condition the reading keeps as words ("if ship is compatible with
    /// station's affiliation OR crew includes a V.I.P. ...").
    pub condition: Option<String>,
    /// Icons the reporting card ignores ("ignoring their [GQ] icon"): its
    /// native quadrant is the facility's.
    pub ignoring: Vec<String>,
    pub text: String,
}

/// The report clauses of a card, compiled once per distinct text.
pub fn of(card: &Card) -> Arc<Vec<ReportClause>> {
    static CACHE: super::cache::TextCache<String, Vec<ReportClause>> =
        super::cache::TextCache::new();
    CACHE.get(&card.text, || compile(&card.text))
}

/// The report clauses of game text.
pub fn compile(text: &str) -> Vec<ReportClause> {
    let w = &Lexicon::get().reporting;
    let toks = grammar::tokenize(text);
    grammar::sentences(&toks)
        .into_iter()
        .filter_map(|(s, _)| clause(&outside_parentheses(&s), w))
        .collect()
}

/// What a card's download text requires of the affiliation of a ship or
/// personnel it downloads: the first sentence naming a download and
/// "matching" (Glossary "matching affiliation") or "compatible" (Glossary
/// "compatible": "may not be downloaded using the Ops text, which requires a
/// matching affiliation"), parenthetical remarks included.
pub fn download_affiliation(text: &str) -> Option<AffiliationRule> {
    let lex = Lexicon::get();
    let (w, download) = (&lex.reporting, &lex.effect("download")?.forms);
    let toks = grammar::tokenize(text);
    grammar::sentences(&toks).into_iter().find_map(|(s, _)| {
        let has =
            |phrases: &[String]| (0..s.len()).any(|k| any_phrase_at(&s, k, phrases).is_some());
        if !has(download) {
            return None;
        }
        if has(&w.matching) {
            Some(AffiliationRule::Matching)
        } else if has(&w.compatible) {
            Some(AffiliationRule::Compatible)
        } else {
            None
        }
    })
}

/// The words outside parentheses ("(or download here ...)", "(but not
/// download)" are remarks on the clause, not reporters).
fn outside_parentheses(s: &[Token]) -> Vec<Token> {
    let mut depth = 0usize;
    let mut out = Vec::new();
    for t in s {
        if t.is_punct("(") {
            depth += 1;
        } else if t.is_punct(")") {
            depth = depth.saturating_sub(1);
        } else if depth == 0 {
            out.push(t.clone());
        }
    }
    out
}

/// The modal of a report clause at `i`: polarity, free, end.
fn modal_at(s: &[Token], i: usize, w: &ReportingWords) -> Option<(Polarity, bool, usize)> {
    if let Some(e) = any_phrase_at(s, i, &w.forbid) {
        return Some((Polarity::Forbid, false, e));
    }
    if let Some(e) = any_phrase_at(s, i, &w.free_report) {
        return Some((Polarity::Permit, true, e));
    }
    any_phrase_at(s, i, &w.permit).map(|e| (Polarity::Permit, false, e))
}

/// One sentence's clause, when it says who may report "here" / "at this Nor".
fn clause(s: &[Token], w: &ReportingWords) -> Option<ReportClause> {
    let (at, (polarity, mut free, m_end)) =
        (0..s.len()).find_map(|i| modal_at(s, i, w).map(|m| (i, m)))?;
    // The place follows the act within a few words ("may report, dock (land)
    // and undock here").
    let (place, at_station) = (m_end..s.len()).find_map(|k| {
        any_phrase_at(s, k, &w.here)
            .map(|e| (e, false))
            .or_else(|| any_phrase_at(s, k, &w.station).map(|e| (e, true)))
    })?;
    let after = &s[place..];
    let act = &s[m_end..];
    free |= (0..act.len()).any(|k| any_phrase_at(act, k, &w.free).is_some());
    let regardless = (0..after.len()).any(|k| any_phrase_at(after, k, &w.regardless).is_some());
    let (start, vacant) = opening(s, at, w);
    let mut condition = trailing_condition(after);
    // "any player who ... may report Cardassian personnel ... here": the
    // reporters follow the act, and the words before it are a condition.
    let mut subject = &s[start..at];
    if (0..subject.len()).any(|k| any_phrase_at(subject, k, &w.player).is_some()) {
        condition = Some(grammar::render(subject));
        subject = &s[m_end..place];
    }
    let mut reporters = reporters_in(subject, w);
    let compatible_if = condition.as_deref().is_some_and(|c| {
        w.compatible
            .iter()
            .any(|x| c.starts_with(&format!("if ship is {x}")))
    });
    for r in &mut reporters {
        if r.affiliation == AffiliationRule::Unstated && regardless {
            r.affiliation = AffiliationRule::Regardless;
        }
        if compatible_if {
            r.affiliation = AffiliationRule::Compatible;
        }
    }
    Some(ReportClause {
        polarity,
        reporters,
        free,
        at_station,
        vacant,
        condition,
        ignoring: ignored_icons(after, w),
        text: grammar::render(s),
    })
}

/// Where the reporters begin: after "Once each turn," and "If unoccupied,"
/// (which the clause keeps as `vacant`).
fn opening(s: &[Token], at: usize, w: &ReportingWords) -> (usize, bool) {
    let mut start = 0;
    let mut vacant = false;
    loop {
        let limit = grammar::limit_at(s, start).map(|(e, _)| e);
        let empty = any_phrase_at(s, start, &w.vacant);
        let Some(e) = limit.or(empty) else { break };
        vacant |= empty.is_some();
        start = e;
        if s.get(start).is_some_and(|t| t.is_punct(",")) {
            start += 1;
        }
        if start >= at {
            break;
        }
    }
    (start.min(at), vacant)
}

/// "if ship is compatible with station's affiliation OR ...": the words of
/// a condition after the place, up to the end of the sentence.
fn trailing_condition(after: &[Token]) -> Option<String> {
    let k = after.iter().position(|t| t.is_word("if"))?;
    Some(grammar::render(&after[k..]))
}

/// "ignoring their [GQ] icon".
fn ignored_icons(after: &[Token], w: &ReportingWords) -> Vec<String> {
    (0..after.len())
        .filter_map(|k| any_phrase_at(after, k, &w.ignoring))
        .flat_map(|e| {
            after[e..]
                .iter()
                .take_while(|t| t.kind == TokKind::Icon)
                .map(|t| t.text.clone())
        })
        .collect()
}

/// The reporters of a subject: groups joined by a capital "OR" ("one
/// Romulan General, Admiral, Senator or Proconsul OR {Sela} or {Tomalak}"),
/// each a list.
fn reporters_in(s: &[Token], w: &ReportingWords) -> Vec<Reporter> {
    s.split(|t| t.is_word("or") && t.caps)
        .flat_map(|group| listed(group, w))
        .collect()
}

/// The reporters of one list: items split at commas, "and", "or". A
/// card-type noun ending the list ("Smuggling, Acquisition and [Non]
/// Navigation personnel") belongs to every item before it; an affiliation
/// opening it ("Romulan General, Admiral, Senator or Proconsul") to every
/// item after it.
fn listed(s: &[Token], w: &ReportingWords) -> Vec<Reporter> {
    let items: Vec<&[Token]> = s
        .split(|t| t.is_punct(",") || t.is_word("and") || t.is_word("or"))
        .filter(|i| !i.is_empty())
        .collect();
    let mut out: Vec<Reporter> = items.iter().map(|i| reporter(i, w)).collect();
    if out.len() < 2 {
        return out;
    }
    let trailing = out.last().and_then(|r| r.card_type.clone());
    let leading = out[0]
        .traits
        .first()
        .filter(|t| out[0].traits.len() > 1 && is_affiliation(&t.descriptor))
        .cloned();
    for r in out.iter_mut().skip(1) {
        if let Some(t) = &leading {
            r.traits.insert(0, t.clone());
        }
    }
    for r in out.iter_mut().filter(|r| r.card_type.is_none()) {
        r.card_type.clone_from(&trailing);
    }
    out
}

/// A word naming an affiliation ("Romulan", "Klingons").
fn is_affiliation(d: &Descriptor) -> bool {
    let Descriptor::Word(w) = d else {
        return false;
    };
    let affiliations = &crate::vocab::vocabulary().affiliations;
    affiliations.canonical(w).is_some() || affiliations.canonical(w.trim_end_matches('s')).is_some()
}

/// One item of a subject list.
fn reporter(s: &[Token], w: &ReportingWords) -> Reporter {
    let mut r = Reporter {
        card_type: None,
        traits: Vec::new(),
        classification: None,
        affiliation: AffiliationRule::Unstated,
        staffing_below: None,
        unread: None,
    };
    let mut words: Vec<String> = Vec::new();
    let mut negated = false;
    let mut k = 0;
    while k < s.len() {
        let t = &s[k];
        if let Some((n, e)) = staffing_limit(s, k, w) {
            r.staffing_below = Some(n);
            k = e;
            continue;
        }
        if w.condition.contains(&t.text) {
            r.unread = Some(grammar::render(&s[k..]));
            break;
        }
        if let Some((kind, e)) = card_type_at(s, k, w) {
            r.card_type = Some(kind);
            k = e;
            continue;
        }
        if any_phrase_at(s, k, &w.compatible).is_some() {
            r.affiliation = AffiliationRule::Compatible;
        } else if any_phrase_at(s, k, &w.matching).is_some() {
            r.affiliation = AffiliationRule::Matching;
        } else if t.text == "non-" {
            negated = true;
        } else if t.kind == TokKind::Word && w.determiners.contains(&t.text) {
        } else {
            let descriptor = match t.kind {
                TokKind::Icon => Some(Descriptor::Icon(t.text.clone())),
                TokKind::Ref => Some(Descriptor::Card(t.text.clone())),
                TokKind::Word => named_feature(t, &mut r, w, &mut words),
                TokKind::Punct => None,
            };
            if let Some(descriptor) = descriptor {
                r.traits.push(Trait {
                    descriptor,
                    negated,
                });
                negated = false;
            }
        }
        k += 1;
    }
    if !words.is_empty() {
        r.traits.push(Trait {
            descriptor: Descriptor::Word(words.join(" ")),
            negated,
        });
    }
    r
}

/// A word naming a feature: "SCIENCE-classification" is the classification
/// SCIENCE; "MEDICAL-related" names equipment so characterised; other words
/// gather into one name ("dabo girl", "hand weapons").
fn named_feature(
    t: &Token,
    r: &mut Reporter,
    w: &ReportingWords,
    words: &mut Vec<String>,
) -> Option<Descriptor> {
    if let Some(class) = t.text.strip_suffix(&w.classification) {
        r.classification = Some(class.to_string());
        return None;
    }
    if t.text.ends_with(&w.related) {
        r.card_type = Some("equipment".into());
        return Some(Descriptor::Word(format!("{} equipment", t.text)));
    }
    // An affiliation or species word is a feature of its own ("non-Borg",
    // "Romulan General").
    let affiliations = &crate::vocab::vocabulary().affiliations;
    if affiliations.canonical(&t.text).is_some()
        || affiliations
            .canonical(t.text.trim_end_matches('s'))
            .is_some()
    {
        return Some(Descriptor::Word(t.text.clone()));
    }
    words.push(t.text.clone());
    None
}

/// "with fewer than three staffing icons" → 3; "with no staffing
/// requirements" → 1.
fn staffing_limit(s: &[Token], k: usize, w: &ReportingWords) -> Option<(usize, usize)> {
    if let Some(e) = any_phrase_at(s, k, &w.no_staffing) {
        return Some((1, e));
    }
    let e = any_phrase_at(s, k, &w.fewer_than)?;
    let n = s.get(e)?;
    let count = super::dilemma::NUMBERS
        .iter()
        .position(|x| *x == n.text)
        .map(|p| p + 1)
        .or_else(|| n.text.parse().ok())?;
    let end = any_phrase_at(s, e + 1, &w.staffing_icons).unwrap_or(e + 1);
    Some((count, end))
}

/// A card-type noun at `k`: the type and the end.
fn card_type_at(s: &[Token], k: usize, w: &ReportingWords) -> Option<(String, usize)> {
    [
        ("personnel", &w.personnel),
        ("equipment", &w.equipment),
        ("ship", &w.ship),
    ]
    .into_iter()
    .find_map(|(kind, phrases)| any_phrase_at(s, k, phrases).map(|e| (kind.to_string(), e)))
}

/// The features a card selects "when reporting" ("Select classification
/// and gender ... when reporting"): they do not exist before it has
/// reported (Glossary "report": "Selected or shared features or skills do
/// not exist until you have reported the personnel for duty").
pub fn selected_when_reporting(text: &str) -> Vec<String> {
    let w = &Lexicon::get().reporting;
    let toks = grammar::tokenize(text);
    let mut out = Vec::new();
    for (s, _) in grammar::sentences(&toks) {
        let s = outside_parentheses(&s);
        let select = (0..s.len()).find_map(|k| any_phrase_at(&s, k, &w.select));
        let when = (0..s.len()).find(|&k| any_phrase_at(&s, k, &w.when_reporting).is_some());
        let (Some(from), Some(to)) = (select, when) else {
            continue;
        };
        out.extend(
            s.get(from..to)
                .unwrap_or_default()
                .iter()
                .filter(|t| t.kind == TokKind::Word && !t.is_word("and") && !t.is_word("or"))
                .map(|t| t.text.clone()),
        );
    }
    out
}

/// Whether a card's text lets [AU] cards enter play ("Door is now open,
/// allowing your [AU] icon cards to enter play", "Your [AU] cards may seed
/// and play", "[AU] ships may report here"): a sentence naming the icon and
/// an act of entering play, the icon not excepted ("(unless [AU])").
/// Glossary "Alternate Universe icon": "an open Doorway or other card which
/// allows such cards to enter play".
pub fn allows_alternate_universe(text: &str) -> bool {
    let w = &Lexicon::get().reporting;
    let toks = grammar::tokenize(text);
    grammar::sentences(&toks).iter().any(|(s, _)| {
        let icon = s.iter().enumerate().any(|(k, t)| {
            t.kind == TokKind::Icon
                && t.text.eq_ignore_ascii_case(&w.alternate_universe)
                && !(k > 0 && w.except.contains(&s[k - 1].text))
        });
        icon && (0..s.len()).any(|k| any_phrase_at(s, k, &w.enter_play).is_some())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> ReportClause {
        let all = compile(text);
        assert_eq!(all.len(), 1, "{all:?}");
        all.into_iter().next().expect("one clause")
    }

    fn words(r: &Reporter) -> Vec<String> {
        r.traits
            .iter()
            .map(|t| match &t.descriptor {
                Descriptor::Word(w) | Descriptor::Icon(w) | Descriptor::Card(w) => {
                    format!("{}{w}", if t.negated { "non-" } else { "" })
                }
            })
            .collect()
    }

    #[test]
    fn a_science_lab_names_classifications_related_equipment_and_titles() {
        let c = one("Compatible SCIENCE-classification personnel, SCIENCE-related Equipment cards, {I.P. Scanner} and {PADDs} may report here. Once each turn, if station at a [S] mission, that player may scan bottom seed card.");
        assert_eq!(c.polarity, Polarity::Permit);
        assert_eq!(c.reporters.len(), 4);
        let lab = &c.reporters[0];
        assert_eq!(lab.affiliation, AffiliationRule::Compatible);
        assert_eq!(lab.card_type.as_deref(), Some("personnel"));
        assert_eq!(lab.classification.as_deref(), Some("science"));
        assert_eq!(words(&c.reporters[1]), ["science-related equipment"]);
        assert_eq!(words(&c.reporters[3]), ["PADDs"]);
    }

    #[test]
    fn a_trailing_noun_belongs_to_every_item_and_skills_stay_whole() {
        let c = one("Smuggling, Acquisition and [Non] Navigation personnel may report here (or download here in place of a normal card play; player draws no cards that turn).");
        assert_eq!(c.reporters.len(), 3);
        assert!(c
            .reporters
            .iter()
            .all(|r| r.card_type.as_deref() == Some("personnel")));
        assert_eq!(words(&c.reporters[2]), ["[Non]", "navigation"]);
        assert!(!c.free);
    }

    #[test]
    fn regardless_of_affiliation_if_unoccupied_and_negated_traits() {
        let c =
            one("If unoccupied, any non-Borg V.I.P. may report here regardless of affiliation.");
        assert!(c.vacant);
        let vip = &c.reporters[0];
        assert_eq!(vip.affiliation, AffiliationRule::Regardless);
        assert_eq!(words(vip), ["non-borg", "v.i.p."]);
    }

    #[test]
    fn a_download_names_a_matching_or_compatible_affiliation() {
        let ops = "Compatible OFFICER-classification personnel may report here. Any player may download to a site one card (if reporting a ship or personnel, must be of matching affiliation).";
        assert_eq!(download_affiliation(ops), Some(AffiliationRule::Matching));
        let any = "You may download one compatible personnel here.";
        assert_eq!(download_affiliation(any), Some(AffiliationRule::Compatible));
        assert_eq!(
            download_affiliation("Compatible personnel may report here."),
            None
        );
    }

    #[test]
    fn ships_limits_prohibitions_and_free_reports() {
        let ports = one("Any ship with fewer than three staffing icons may report, dock and undock here if ship is compatible with station's affiliation OR crew includes a V.I.P.");
        assert_eq!(ports.reporters[0].staffing_below, Some(3));
        assert_eq!(ports.reporters[0].affiliation, AffiliationRule::Compatible);
        assert!(ports.condition.is_some());
        let pylons = compile("Ships may not report here but may repair here.");
        assert_eq!(pylons[0].polarity, Polarity::Forbid);
        let freighters = one("Freighters and transports report for free here.");
        assert!(freighters.free);
        let hq = one("Once per turn, one Romulan General, Admiral, Senator or Proconsul OR {Sela} or {Tomalak} OR one {HQ} card may play for free here.");
        assert!(hq.free);
        assert!(hq
            .reporters
            .iter()
            .any(|r| words(r) == ["romulan", "admiral"]));
        assert!(hq.reporters.iter().any(|r| words(r) == ["Sela"]));
    }

    #[test]
    fn at_this_nor_ignoring_icons_and_unread_reporters() {
        let bar = compile("{Morn} and Ferengi may report here. Ferengi ships may report, dock, undock and repair at this Nor.");
        assert!(!bar[0].at_station && bar[1].at_station);
        let wardroom = one("[GQ][Non] personnel may report here, ignoring their [GQ] icon.");
        assert_eq!(wardroom.ignoring, ["[GQ]"]);
        let quarters = one("{The Intendant}, [KCA] Vulcans, and any personnel who mentions The Intendant as a romantic partner may report here.");
        assert!(quarters.reporters.iter().any(|r| r.unread.is_some()));
        assert!(compile("Has a Holodeck. Tractor Beam.").is_empty());
        let android = "* Computer Skill Youth * Select classification and gender (male, female, or genderless) when reporting.";
        assert_eq!(
            selected_when_reporting(android),
            ["classification", "gender"]
        );
        assert!(selected_when_reporting("Select one skill once each turn.").is_empty());
        assert!(allows_alternate_universe("Place one on table during the seed phase. Door is now open, allowing your [AU] icon cards to enter play. OR Stock in deck."));
        assert!(allows_alternate_universe(
            "Until solved, [AU] ships may report here."
        ));
        assert!(!allows_alternate_universe(
            "Your [Fed] ships may report here (unless [AU])."
        ));
    }
}
