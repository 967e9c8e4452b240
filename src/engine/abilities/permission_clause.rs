//! Permission clauses: "may land", "may not beam", "Allows your cards here to
//! initiate battle against [Dom]", "[GQ] Vorta and Jem'Hadar may report here",
//! "Opponent's side: not attemptable". Compiled into [`Permission`]s (who,
//! which act, where, aimed at what, on what condition) for the permission
//! query in `engine::permissions`.
//!
//! An act is named only by a whole word of the lexicon's `[[continuous.act]]`
//! phrases, so "Badlands" never names landing.

use super::continuous::{
    subject_before, traits_of, Descriptor, Permission, Polarity, Reach, Subject,
};
use super::grammar::{self, any_phrase_at, TokKind, Token};
use super::lexicon::ContinuousWords;

/// The act a phrase at `i` names: (act, end).
fn act_at(s: &[Token], i: usize, w: &ContinuousWords) -> Option<(String, usize)> {
    w.act
        .iter()
        .filter_map(|a| any_phrase_at(s, i, &a.phrases).map(|e| (a.act.clone(), e)))
        .max_by_key(|(_, e)| *e)
}

/// The modal at `i` (longest first: "may not" before "may"): polarity and end.
pub fn modal_at(s: &[Token], i: usize, w: &ContinuousWords) -> Option<(Polarity, usize)> {
    let forbid = any_phrase_at(s, i, &w.forbid).map(|e| (Polarity::Forbid, e));
    let permit = any_phrase_at(s, i, &w.permit).map(|e| (Polarity::Permit, e));
    match (forbid, permit) {
        (Some(f), Some(p)) => Some(if f.1 >= p.1 { f } else { p }),
        (f, p) => f.or(p),
    }
}

/// Words allowed between a modal and its act ("may use 1 RANGE to land",
/// "allows your cards here to initiate battle").
const GAP: usize = 6;

/// The permissions of one sentence.
pub fn permissions_in(s: &[Token], w: &ContinuousWords) -> Vec<Permission> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if let Some(e) = any_phrase_at(s, i, &w.not_attemptable) {
            out.push(not_attemptable(s, i, w));
            i = e;
            continue;
        }
        let Some((polarity, m_end)) = modal_at(s, i, w) else {
            i += 1;
            continue;
        };
        let found = (m_end..(m_end + GAP).min(s.len()))
            .take_while(|&k| s[k].kind != TokKind::Punct || s[k].is_punct(","))
            .find_map(|k| act_at(s, k, w).map(|(a, e)| (k, a, e)));
        let Some((act_start, act, act_end)) = found else {
            i = m_end;
            continue;
        };
        let modal = (i, m_end);
        out.push(permission(s, modal, (act_start, act, act_end), polarity, w));
        i = act_end;
        // "may beam to and battle": the same modal governs a joined act.
        while let Some((k, act, end)) = joined_act(s, i, w) {
            out.push(permission(s, modal, (k, act, end), polarity, w));
            i = end;
        }
    }
    out.extend(granting_words(s, w));
    out
}

/// An act joined to the one before by "and"/"or" within a few words.
fn joined_act(s: &[Token], from: usize, w: &ContinuousWords) -> Option<(usize, String, usize)> {
    let and = (from..(from + 3).min(s.len()))
        .take_while(|&k| s[k].kind != TokKind::Punct)
        .find(|&k| s[k].is_word("and") || s[k].is_word("or"))?;
    act_at(s, and + 1, w).map(|(a, e)| (and + 1, a, e))
}

/// Words that by themselves grant an act to the card bearing them
/// ("Cloaking Device", "commandeers ship").
fn granting_words(s: &[Token], w: &ContinuousWords) -> Vec<Permission> {
    // "Cloaking Device is off line", "no Cloaking Device": a mention that
    // takes the equipment away grants nothing.
    let denied = |k: usize, e: usize| {
        (k > 0 && ["no", "without", "non-"].contains(&s[k - 1].text.as_str()))
            || s[e..(e + 3).min(s.len())]
                .iter()
                .any(|t| ["off", "not", "cannot"].contains(&t.text.as_str()))
    };
    w.act
        .iter()
        .filter(|a| {
            (0..s.len()).any(|k| any_phrase_at(s, k, &a.grants).is_some_and(|e| !denied(k, e)))
        })
        .map(|a| Permission {
            polarity: Polarity::Permit,
            act: a.act.clone(),
            subject: Subject::none(),
            reach: Reach::Bearer,
            objects: Vec::new(),
            condition: None,
            text: grammar::render(s),
        })
        .collect()
}

/// One permission: the modal at `m`, the act at `a`.
fn permission(
    s: &[Token],
    m: (usize, usize),
    a: (usize, String, usize),
    polarity: Polarity,
    w: &ContinuousWords,
) -> Permission {
    let (act_start, act, act_end) = a;
    // "Allows your ships to land": the subject follows the modal.
    let (subject, mut reach, condition) = if m.1 < act_start && s[act_start - 1].is_word("to") {
        subject_before(s, m.1, act_start - 1, act_end, w, Reach::Bearer)
    } else {
        let start = clause_start(s, m.0);
        subject_before(s, start, m.0, act_end, w, Reach::Bearer)
    };
    let rest_end = (act_end..s.len())
        .find(|&k| {
            s[k].is_punct(".") || s[k].is_punct(";") || s[k].is_punct("(") || s[k].is_word("or")
        })
        .unwrap_or(s.len());
    let rest = &s[act_end..rest_end];
    let (mut objects, _) = traits_of(rest, w);
    // "against [Dom]", "aboard {U.S.S. Voyager}": prepositions are not traits.
    // What the act is aimed at is kept only when it is recognisably a card
    // kind: an icon, a card reference or an affiliation ("against [Dom]",
    // "against other Bajorans"); other words ("target's crew") are left to
    // the card's other rules.
    objects.retain(|t| match &t.descriptor {
        Descriptor::Word(x) => affiliation_word(x),
        _ => true,
    });
    if (0..rest.len()).any(|k| any_phrase_at(rest, k, &w.here).is_some()) {
        reach = Reach::Here;
    }
    Permission {
        polarity,
        act,
        subject,
        reach,
        objects,
        condition,
        text: grammar::render(s),
    }
}

/// "bajorans", "klingon": a word naming an affiliation.
fn affiliation_word(word: &str) -> bool {
    let affiliations = &crate::vocab::vocabulary().affiliations;
    [word, word.trim_end_matches('s')]
        .iter()
        .any(|w| affiliations.canonical(w).is_some())
}

/// The start of the clause holding `i` (after the last comma or sentence start).
fn clause_start(s: &[Token], i: usize) -> usize {
    (0..i)
        .rev()
        .find(|&k| s[k].is_punct(",") || s[k].is_punct(":") || s[k].is_punct(";"))
        .map(|k| k + 1)
        .unwrap_or(0)
}

/// "Opponent's side: not attemptable": the card's opponent may not attempt it.
fn not_attemptable(s: &[Token], i: usize, w: &ContinuousWords) -> Permission {
    let side = &s[..i];
    let by_opponent = (0..side.len()).any(|k| any_phrase_at(side, k, &w.opponent).is_some());
    let mut subject = Subject::none();
    if by_opponent {
        subject.whose = super::continuous::Whose::Opponents;
    }
    Permission {
        polarity: Polarity::Forbid,
        act: "attempt".into(),
        subject,
        reach: Reach::Bearer,
        objects: Vec::new(),
        condition: None,
        text: grammar::render(s),
    }
}

#[cfg(test)]
mod tests {
    use super::super::continuous::{compile, Whose};
    use super::*;
    use crate::cards::model::CardType;

    #[test]
    fn a_ship_that_may_land() {
        let c = compile(
            "May take off or land once each turn. X=4 if moving within a region.",
            &CardType::Ship,
        );
        let p = &c.permissions[0];
        assert_eq!(p.polarity, Polarity::Permit);
        assert_eq!(p.act, "land");
        assert_eq!(p.reach, Reach::Bearer);
    }

    #[test]
    fn badlands_is_not_landing() {
        let c = compile(
            "Ships may not move into the Badlands region. May play on any ship.",
            &CardType::Event,
        );
        assert!(c.permissions.iter().all(|p| p.act != "land"));
    }

    #[test]
    fn leyton_allows_attacks_on_the_dominion_only() {
        let c = compile(
            "V.I.P. Leadership SECURITY Treachery Allows your cards here to initiate battle against [Dom].",
            &CardType::Personnel,
        );
        let p = &c.permissions[0];
        assert_eq!(p.act, "attack");
        assert_eq!(p.subject.whose, Whose::Yours);
        assert_eq!(p.reach, Reach::Here);
        assert_eq!(p.objects[0].descriptor, Descriptor::Icon("[Dom]".into()));
    }

    #[test]
    fn report_here_and_not_attemptable() {
        let c = compile(
            "[GQ] Vorta and Jem'Hadar may report here.",
            &CardType::Mission,
        );
        let p = &c.permissions[0];
        assert_eq!((p.act.as_str(), p.reach), ("report", Reach::Here));
        assert!(p.subject.any_of);
        let n = compile("Opponent's side: not attemptable.", &CardType::Mission);
        assert_eq!(n.permissions[0].polarity, Polarity::Forbid);
        assert_eq!(n.permissions[0].subject.whose, Whose::Opponents);
    }

    #[test]
    fn special_equipment_grants_unless_taken_off_line() {
        let ship = compile("Cloaking Device, Tractor Beam.", &CardType::Ship);
        assert!(ship.permissions.iter().any(|p| p.act == "cloak"));
        let marker = compile(
            "Hull: -50% Requires two full turns to repair. Cloaking Device is off line.",
            &CardType::DamageMarker,
        );
        assert!(marker.permissions.iter().all(|p| p.act != "cloak"));
    }
}
